import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { carregarLibxml } from '../../../src/server/fiscal/libxml.ts';
import { PACOTES, validarXsdSync, XsdAusenteError } from '../../../src/server/fiscal/validacao-xsd.ts';

const RAIZ = path.resolve(import.meta.dirname, '../../..');
/** Each package the server validates against: its copy in the repository and the reference it was copied from. */
const COPIAS = [
  { pacote: 'PL_009', repo: 'schemas/fiscal/xsd/nfe/PL_009_V4', referencia: '../shared/fiscal/nfe-xsd/PL_009_V4', raizes: ['nfe_v4.00.xsd', 'procNFe_v4.00.xsd', 'envEventoCancNFe_v1.00.xsd', 'envCCe_v1.00.xsd', 'inutNFe_v4.00.xsd'] },
  { pacote: 'PL_010', repo: 'schemas/fiscal/xsd/nfe/PL_010_V1.30', referencia: '../shared/fiscal/nfe-xsd/PL_010_V1.30', raizes: ['nfe_v4.00.xsd', 'procNFe_v4.00.xsd'] },
  { pacote: 'NFSE_V1', repo: 'schemas/fiscal/xsd/nfse/v1_00', referencia: '../shared/fiscal/nfse-xsd/v1_00', raizes: ['DPS_v1.00.xsd', 'NFSe_v1.00.xsd', 'pedRegEvento_v1.00.xsd', 'evento_v1.00.xsd'] },
  { pacote: 'NFSE_V101', repo: 'schemas/fiscal/xsd/nfse/v1_01', referencia: '../shared/fiscal/nfse-xsd/v1_01', raizes: ['DPS_v1.01.xsd', 'NFSe_v1.01.xsd'] },
] as const;

const arquivos = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

/**
 * A clone has no ../shared beside it: the server reads the XSD packages from the repository. Each copy must be the
 * reference package unchanged (same files, same bytes); without ../shared (a clone), the copy is there and whole.
 */
describe('XSD packages carried by the repository', () => {
  for (const c of COPIAS) {
    it(`${c.pacote}: the server reads ${c.repo}, ${existsSync(path.join(RAIZ, c.referencia)) ? `byte-equal to ${c.referencia}` : 'present and whole (no ../shared here)'}`, () => {
      const repo = path.join(RAIZ, c.repo);
      expect(PACOTES[c.pacote]).toBe(repo);
      const nossos = arquivos(repo);
      for (const r of c.raizes) expect(nossos).toContain(r);
      // Every xs:include/xs:import reached from the schemas the server uses is in the copy.
      const fila: string[] = [...c.raizes];
      const vistos = new Set<string>();
      while (fila.length) {
        const f = fila.shift()!;
        if (vistos.has(f)) continue;
        vistos.add(f);
        expect(existsSync(path.join(repo, f)), f).toBe(true);
        const texto = readFileSync(path.join(repo, f), 'utf8');
        expect(texto.length, f).toBeGreaterThan(0);
        for (const m of texto.matchAll(/schemaLocation="([^"]+)"/g)) fila.push(m[1]);
      }
      const ref = path.join(RAIZ, c.referencia);
      if (existsSync(ref)) {
        expect(nossos).toEqual(arquivos(ref));
        for (const f of nossos) expect(sha(path.join(repo, f)), f).toBe(sha(path.join(ref, f)));
      }
    });
  }

  it('a schema missing from the installation is an XsdAusenteError in Portuguese that names no server folder', async () => {
    await carregarLibxml();
    const vazio = mkdtempSync(path.join(tmpdir(), 'xsd-vazio-'));
    const antes = PACOTES.PL_009;
    PACOTES.PL_009 = vazio;
    try {
      let erro: unknown;
      try {
        validarXsdSync('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"/>', 'nao-instalado_v4.00.xsd', 'PL_009');
      } catch (e) {
        erro = e;
      }
      expect(erro).toBeInstanceOf(XsdAusenteError);
      const e = erro as XsdAusenteError;
      expect(e.message).toBe('O servidor não tem o schema XSD nao-instalado_v4.00.xsd do pacote PL_009 para validar o documento: a instalação está incompleta; avise o suporte.');
      expect(e.message).not.toContain(vazio);
      expect(e.message).not.toContain('/');
      expect(e.caminho).toBe(path.join(vazio, 'nao-instalado_v4.00.xsd'));
    } finally {
      PACOTES.PL_009 = antes;
    }
  });
});
