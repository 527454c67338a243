import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// libxml2-wasm takes ~160 MB of memory the moment it is imported; only src/server/fiscal/libxml.ts may load
// it, on first use. A value import anywhere else would put it back in every server process.
const RAIZ = path.resolve(import.meta.dirname, '../../../src');
const arquivos = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? arquivos(p) : /\.(ts|tsx|mts)$/.test(f) ? [p] : [];
  });

describe('libxml2-wasm is loaded on demand', () => {
  it('no module but libxml.ts imports it as a value (type imports are free)', () => {
    const culpados = arquivos(RAIZ).filter((p) => {
      if (p.endsWith(path.join('fiscal', 'libxml.ts'))) return false;
      const src = readFileSync(p, 'utf8');
      return /^\s*import\s+(?!type\b)[^;]*from\s+['"]libxml2-wasm['"]/m.test(src) || /require\(['"]libxml2-wasm['"]\)/.test(src);
    });
    expect(culpados.map((p) => path.relative(RAIZ, p))).toEqual([]);
  });

  it('the fiscal validation still works after loading it', async () => {
    const { validarXmlFiscal } = await import('../../../src/server/fiscal/validar-xml.ts');
    const r = await validarXmlFiscal('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe/></NFe>');
    expect(r.valido).toBe(false);
    expect(r.erros.length).toBeGreaterThan(0);
  });
});
