import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { urlServico } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { urlsNfce } from '../../../src/server/fiscal/qrcode-nfce.ts';
import { ajudaRejeicao } from '../../../src/server/fiscal/rejeicoes.ts';
import { CODIGO_UF } from '../../../src/server/fiscal/ufs.ts';
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
    expect(() => urlServico('NFeAutorizacao4', 'MG', 55, 1, { tipo: 'sefaz' })).toThrow(/não cadastrado/);
  });

  it('rejection help covers the codes the local SEFAZ returns and has a fallback', () => {
    for (const c of ['204', '206', '207', '208', '215', '217', '222', '225', '228', '236', '237', '241', '253', '256', '297', '298', '494', '502', '531', '532', '533', '534', '539', '564', '572', '573', '580', '610', '656', '703', '704']) {
      expect(ajudaRejeicao(c).explicacao, c).not.toMatch(/^A SEFAZ recusou/);
    }
    expect(ajudaRejeicao('999', 'Rejeição: Erro não catalogado').explicacao).toMatch(/código 999: Rejeição: Erro não catalogado/);
  });
});
