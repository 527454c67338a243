import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { urlServico } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { urlsNfce } from '../../../src/server/fiscal/qrcode-nfce.ts';
import { ajudaRejeicao, cStatSemAjuda } from '../../../src/server/fiscal/rejeicoes.ts';
import { CODIGO_UF } from '../../../src/shared/fiscal/ufs.ts';
import { codegenFiscal } from '../../../scripts/codegen-fiscal.ts';

const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

describe('fiscal data documents', () => {
  it.each([
    ['schemas/fiscal/nfce-urls.json', 'schemas/meta/fiscal-nfce-urls.schema.json'],
    ['schemas/fiscal/sefaz-endpoints.json', 'schemas/meta/fiscal-sefaz-endpoints.schema.json'],
    ['schemas/fiscal/rejeicoes-ajuda.json', 'schemas/meta/fiscal-rejeicoes.schema.json'],
  ])('%s follows %s', (doc, meta) => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const ok = ajv.validate(json(meta), json(doc));
    expect(ajv.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the input schema compiles and the generated type is up to date', async () => {
    expect(new Ajv({ strict: false }).compile(json('schemas/fiscal/nfe-documento.schema.json'))).toBeTypeOf('function');
    expect(await codegenFiscal(true)).toEqual([]);
  });

  it('every UF has NFC-e URLs and an NF-e authoriser', () => {
    for (const uf of Object.keys(CODIGO_UF)) {
      expect(urlsNfce(uf, 1).qrCode).toBeTruthy();
      expect(urlsNfce(uf, 2).urlChave).toBeTruthy();
    }
    expect(urlServico('NFeAutorizacao4', 'SC', 55, 2, { tipo: 'sefaz' })).toBe('https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx');
    expect(urlServico('NFeAutorizacao4', 'SP', 65, 1, { tipo: 'sefaz' })).toBe('https://nfce.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx');
    expect(urlServico('NFeAutorizacao4', 'SP', 55, 1, { tipo: 'sefaz', contingenciaSvc: true })).toMatch(/svc\.fazenda\.gov\.br/);
    expect(urlServico('NFeDistribuicaoDFe', 'RJ', 55, 2, { tipo: 'sefaz' })).toMatch(/hom1\.nfe\.fazenda\.gov\.br/);
    expect(urlServico('NFeAutorizacao4', 'MG', 55, 1, { tipo: 'sefaz' })).toBe('https://nfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4');
  });

  /** Services the client calls (NFeRetAutorizacao4 is not: the authorisation is synchronous). */
  const SERVICOS = ['NFeAutorizacao4', 'NFeConsultaProtocolo4', 'NFeStatusServico4', 'NFeInutilizacao4', 'NFeRecepcaoEvento4', 'NFeDistribuicaoDFe'] as const;
  const UFS = (json('schemas/lookups/uf.json').items as { value: string }[]).map((i) => i.value).filter((uf) => uf !== 'EX');
  const PROPRIOS = ['AM', 'BA', 'GO', 'MG', 'MS', 'MT', 'PE', 'PR', 'SP'];

  it('every UF of the lookup resolves every service the client calls, for NF-e and NFC-e, produção and homologação', () => {
    expect(UFS).toHaveLength(27);
    const homologacao = /hom|hnf|hml/i;
    for (const uf of UFS) {
      for (const modelo of [55, 65] as const) {
        for (const tpAmb of [1, 2] as const) {
          for (const s of SERVICOS) {
            const url = urlServico(s, uf, modelo, tpAmb, { tipo: 'sefaz' });
            expect(url, `${uf} ${modelo} ${tpAmb} ${s}`).toMatch(/^https:\/\/[a-z0-9.-]+\.gov\.br\/\S+$/);
            // Homologação and produção never share an address (a test note must never reach production).
            expect(homologacao.test(new URL(url).hostname + new URL(url).pathname), `${uf} ${modelo} ${tpAmb} ${s}: ${url}`).toBe(tpAmb === 2);
          }
          // Manifestação do destinatário always goes to the Ambiente Nacional.
          expect(urlServico('NFeRecepcaoEvento4', uf, modelo, tpAmb, { tipo: 'sefaz' }, { nacional: true })).toMatch(/^https:\/\/(www|hom1)\.nfe\.fazenda\.gov\.br\/NFeRecepcaoEvento4\//);
        }
        // NF-e contingency: SVC-AN or SVC-RS answers authorisation, consultation, status and events.
        for (const tpAmb of [1, 2] as const) {
          for (const s of ['NFeAutorizacao4', 'NFeConsultaProtocolo4', 'NFeStatusServico4', 'NFeRecepcaoEvento4'] as const) {
            expect(urlServico(s, uf, 55, tpAmb, { tipo: 'sefaz', contingenciaSvc: true }), `${uf} SVC ${s}`).toMatch(/^https:\/\/(www|hom)\.svc\.fazenda\.gov\.br\/|^https:\/\/nfe(-homologacao)?\.svrs\.rs\.gov\.br\//);
          }
        }
      }
    }
  });

  it('the states with their own authoriser are served by their own hosts; the others by SVRS/SVAN', () => {
    for (const uf of UFS) {
      const nfe = new URL(urlServico('NFeAutorizacao4', uf, 55, 1, { tipo: 'sefaz' })).hostname;
      if (PROPRIOS.includes(uf)) expect(nfe, uf).toMatch(new RegExp(`\\.${uf.toLowerCase()}\\.gov\\.br$`));
      else expect(nfe, uf).toMatch(uf === 'MA' ? /sefazvirtual\.fazenda\.gov\.br$/ : /svrs\.rs\.gov\.br$/);
    }
    // NFC-e: own web services in AM, MG, MS, MT, PR and SP; GO on its NF-e hosts; BA and PE (like the rest) at SVRS.
    for (const uf of ['AM', 'MG', 'MS', 'MT', 'PR', 'SP']) expect(urlServico('NFeAutorizacao4', uf, 65, 1, { tipo: 'sefaz' }), uf).toMatch(new RegExp(`nfce\\.[a-z.]*${uf.toLowerCase()}\\.gov\\.br/`));
    expect(urlServico('NFeAutorizacao4', 'GO', 65, 2, { tipo: 'sefaz' })).toBe('https://homolog.sefaz.go.gov.br/nfe/services/NFeAutorizacao4');
    for (const uf of ['BA', 'PE']) expect(urlServico('NFeAutorizacao4', uf, 65, 1, { tipo: 'sefaz' }), uf).toMatch(/nfce\.svrs\.rs\.gov\.br/);
    // SVC-RS (served on the SVRS hosts) for AM, BA, GO, MA, MS, MT, PE, PR; SVC-AN for the others.
    const svcRs = UFS.filter((uf) => /svrs\.rs\.gov\.br/.test(urlServico('NFeAutorizacao4', uf, 55, 1, { tipo: 'sefaz', contingenciaSvc: true })));
    expect(svcRs.sort()).toEqual(['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR']);
  });

  it('SVC is refused with a clear message where it does not exist', () => {
    expect(() => urlServico('NFeAutorizacao4', 'SP', 65, 1, { tipo: 'sefaz', contingenciaSvc: true })).toThrow(/NFC-e não tem contingência SVC.*tpEmis 9/);
    expect(() => urlServico('NFeInutilizacao4', 'PR', 55, 1, { tipo: 'sefaz', contingenciaSvc: true })).toThrow(/SVC-RS não faz inutilização/);
    expect(() => urlServico('NFeAutorizacao4', 'XX', 55, 1, { tipo: 'sefaz' })).toThrow(/UF sem autorizador cadastrado: XX/);
  });

  /**
   * Every cStat the local SEFAZ (and the client's own pre-send 215) can answer, read from the source: a cStat literal
   * followed by its xMotivo, `t('cStat', ...)`, a `cStat: '...'` property or a `cStat = '...'` default. A code added
   * there without an entry in rejeicoes-ajuda.json fails the test below.
   */
  const codigosDoFonte = (arquivo: string): string[] => {
    const fonte = readFileSync(arquivo, 'utf8');
    const padroes = [/'(\d{3})',\s*['`"]/g, /t\('cStat',\s*'(\d{3})'\)/g, /\bcStat:\s*'(\d{3})'/g, /\bcStat\s*=\s*'(\d{3})'/g];
    return [...new Set(padroes.flatMap((re) => [...fonte.matchAll(re)].map((m) => m[1])))].sort();
  };
  const CODIGOS_LOCAIS = [...new Set([...codigosDoFonte('src/server/stand-ins/sefaz-local.ts'), ...codigosDoFonte('src/server/fiscal/sefaz-cliente.ts')])].sort();

  it('the cStat list is really read from the local SEFAZ (the parse finds the codes it must)', () => {
    expect(CODIGOS_LOCAIS).toEqual(expect.arrayContaining(['100', '102', '103', '107', '135', '213', '215', '223', '224', '225', '281', '283', '452', '467', '468', '539', '574', '575', '610', '656', '999']));
    expect(CODIGOS_LOCAIS.length).toBeGreaterThan(50);
  });

  it('rejection help covers every code the local SEFAZ can return', () => {
    const ajuda = json('schemas/fiscal/rejeicoes-ajuda.json').codigos as Record<string, unknown>;
    const semAjuda = CODIGOS_LOCAIS.filter((c) => !cStatSemAjuda(c) && !ajuda[c]);
    expect(semAjuda).toEqual([]);
    for (const c of CODIGOS_LOCAIS.filter((x) => !cStatSemAjuda(x))) expect(ajudaRejeicao(c).explicacao, c).not.toMatch(/^A SEFAZ recusou/);
  });

  it('a code without an entry gets the generic help with the SEFAZ text', () => {
    const ajuda = json('schemas/fiscal/rejeicoes-ajuda.json').codigos as Record<string, unknown>;
    const ausente = ['778', '890', '301'].find((c) => !ajuda[c])!;
    expect(ajudaRejeicao(ausente, 'Rejeição: Algo não catalogado').explicacao).toBe(`A SEFAZ recusou o documento com o código ${ausente}: Rejeição: Algo não catalogado.`);
  });
});
