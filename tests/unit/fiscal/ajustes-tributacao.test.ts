import { describe, expect, it } from 'vitest';
import { validarAjustes, type AjustesTributacao } from '../../../src/shared/fiscal/ajustes-tributacao.ts';
import { tributarLinha, TributacaoError, type LinhaParaTributar } from '../../../src/shared/fiscal/tributar-linha.ts';
import type { TributacaoEstadualRegra, TributacaoFederalRegra } from '../../../src/shared/fiscal/tributacao.ts';

// Issue 17: what the user may change in a line's taxes on emitir-nfe, judged by one shared validator (screen and
// server), and the amounts recomputed by tributarLinha from the rule with the adjustments put over it.

let nextId = 1;
const est = (r: Partial<TributacaoEstadualRegra>): TributacaoEstadualRegra => ({ id: nextId++, perfilTributarioId: 7, ufOrigem: 'SP', ufDestino: 'SP', vigenciaInicio: '2024-01-01', ...r });
const fed = (r: Partial<TributacaoFederalRegra>): TributacaoFederalRegra => ({ id: nextId++, perfilTributarioId: 7, vigenciaInicio: '2024-01-01', cstPis: '01', aliquotaPis: '1.65', cstCofins: '01', aliquotaCofins: '7.6', cstIpi: '50', aliquotaIpi: '10', ...r });

const regrasNormal = { estaduais: [est({ cstIcms: '00', aliquotaIcms: '18' }), est({ ufDestino: 'RJ', cstIcms: '00', aliquotaIcms: '12', aliquotaIcmsUfDestino: '20' })], federais: [fed({})] };
const regrasSimples = { estaduais: [est({ csosn: '102' }), est({ ufDestino: 'RJ', csosn: '102', aliquotaIcmsUfDestino: '20' })], federais: [fed({ cstPis: '49', aliquotaPis: null, cstCofins: '49', aliquotaCofins: null, cstIpi: null, aliquotaIpi: null })] };

function linha(over: Partial<LinhaParaTributar> = {}, ajustes?: AjustesTributacao): LinhaParaTributar {
  return {
    data: '2026-06-15',
    produto: { id: 1, descricao: 'Arroz 5 kg', ncm: '10063021', origem: 0, perfilTributarioId: 7 },
    natureza: { tipo: 1, cfopEstadual: '5102', cfopInterestadual: '6102', cfopExterior: '7102' },
    emitente: { uf: 'SP', crt: 3 },
    destinatario: { uf: 'SP', consumidorFinal: false, indIEDest: 1 },
    valor: '100.00',
    regras: regrasNormal,
    ajustes,
    ...over,
  };
}
const simples = { emitente: { uf: 'SP', crt: 1 as const }, regras: regrasSimples };
const paraRJ = { destinatario: { uf: 'RJ', consumidorFinal: true, indIEDest: 9 as const } };
const entrada = { natureza: { tipo: 0 as const, cfopEstadual: '1202', cfopInterestadual: '2202', cfopExterior: null } };
const importado = { produto: { id: 1, ncm: '10063021', origem: 1, perfilTributarioId: 7 } };
const tabela = new Set(['5102', '5405', '6102', '6108', '1202', '2202', '7102', '5949']);
const existe = (c: string) => tabela.has(c);

describe('validarAjustes: what the law lets the issuer change', () => {
  const permitidos: [string, Partial<LinhaParaTributar>, AjustesTributacao][] = [
    ['CFOP 5405 inside SP on a sale', {}, { cfop: '5405' }],
    ['CFOP 6108 to RJ', paraRJ, { cfop: '6108' }],
    ['CFOP 2202 on an interstate entry', { ...entrada, ...paraRJ }, { cfop: '2202' }],
    ['CST 20 with its reduction (Regime Normal)', {}, { cstIcms: '20', reducaoBase: '33.33' }],
    ['CST 41 (no ICMS)', {}, { cstIcms: '41' }],
    ['CSOSN 900 with rate (Simples)', simples, { cstIcms: '900', aliquotaIcms: '18' }],
    ['ICMS rate 12 inside the UF', {}, { aliquotaIcms: '12' }],
    ['ICMS rate 7 interstate', paraRJ, { aliquotaIcms: '7' }],
    ['rate 0 and 100 are the bounds', {}, { aliquotaIcms: '0', aliquotaIpi: '100' }],
    ['PIS/COFINS 06 (alíquota zero) without rate', {}, { cstPis: '06', cstCofins: '06', aliquotaPis: '0', aliquotaCofins: '' }],
    ['IPI 53 (não tributado) with no rate', {}, { cstIpi: '53', aliquotaIpi: '0' }],
    ['blank fields are no adjustment', {}, { cfop: '', aliquotaIcms: '  ' }],
  ];
  it.each(permitidos)('allows %s', (_n, over, a) => {
    expect(validarAjustes(a, linha(over), existe)).toEqual([]);
  });

  const proibidos: [string, Partial<LinhaParaTributar>, AjustesTributacao, string, RegExp][] = [
    ['a CSOSN for a Regime Normal issuer', {}, { cstIcms: '102' }, 'cstIcms', /não é um CST do ICMS; o emitente é do Regime Normal/],
    ['a CST for a Simples issuer', simples, { cstIcms: '00' }, 'cstIcms', /não é um CSOSN; o emitente é do Simples Nacional/],
    ['CST 10 (ST) when the rule has no ST data', {}, { cstIcms: '10' }, 'cstIcms', /substituição tributária.*não tem os dados do ICMS-ST/],
    ['CSOSN 201 (ST) when the rule has no ST data', simples, { cstIcms: '201' }, 'cstIcms', /CSOSN 201 tem substituição tributária/],
    ['CST 20 without a reduction', {}, { cstIcms: '20' }, 'reducaoBase', /exige o percentual de redução/],
    ['a reduction on CST 00', {}, { reducaoBase: '10' }, 'reducaoBase', /CST 00 não admite redução/],
    ['an entry CFOP on a sale', {}, { cfop: '1202' }, 'cfop', /1202 é de entrada, e esta nota é de saída/],
    ['a sale CFOP on an entry', entrada, { cfop: '5102' }, 'cfop', /5102 é de saída, e esta nota é de entrada/],
    ['an interstate CFOP inside the UF', {}, { cfop: '6102' }, 'cfop', /não é de operação dentro do estado.*começa com 5/],
    ['an internal CFOP on an interstate sale', paraRJ, { cfop: '5102' }, 'cfop', /não é de operação interestadual.*começa com 6/],
    ['an export CFOP inside the UF', {}, { cfop: '7102' }, 'cfop', /começa com 5/],
    ['a CFOP outside the official table', {}, { cfop: '5999' }, 'cfop', /não existe na tabela oficial/],
    ['a CFOP that is not 4 digits', {}, { cfop: '51A2' }, 'cfop', /não é um CFOP/],
    ['a negative ICMS rate', {}, { aliquotaIcms: '-1' }, 'aliquotaIcms', /não pode ser negativa/],
    ['an ICMS rate over 100%', {}, { aliquotaIcms: '101' }, 'aliquotaIcms', /não pode passar de 100%/],
    ['a PIS rate that is not a number', {}, { aliquotaPis: 'abc' }, 'aliquotaPis', /não é um percentual/],
    ['a COFINS rate over 100%', {}, { aliquotaCofins: '150' }, 'aliquotaCofins', /100%/],
    ['an interstate rate other than 4/7/12', paraRJ, { aliquotaIcms: '18' }, 'aliquotaIcms', /4%, 7% ou 12%/],
    ['imported goods interstate not at 4%', { ...paraRJ, ...importado }, { aliquotaIcms: '12' }, 'aliquotaIcms', /importada.*4%/],
    ['an ICMS rate on CST 41', {}, { cstIcms: '41', aliquotaIcms: '18' }, 'aliquotaIcms', /não tem ICMS próprio/],
    ['an entry IPI CST on a sale', {}, { cstIpi: '00' }, 'cstIpi', /não é CST do IPI de saída/],
    ['an IPI rate on CST 53', {}, { cstIpi: '53', aliquotaIpi: '5' }, 'aliquotaIpi', /não é tributado/],
    ['an entry PIS CST on a sale', {}, { cstPis: '50' }, 'cstPis', /não é CST do PIS de saída/],
    ['a COFINS rate on CST 06', {}, { cstCofins: '06', aliquotaCofins: '3' }, 'aliquotaCofins', /não é tributado/],
  ];
  it.each(proibidos)('refuses %s', (_n, over, a, campo, msg) => {
    const erros = validarAjustes(a, linha(over), existe);
    expect(erros.map((e) => e.campo)).toContain(campo);
    expect(erros.find((e) => e.campo === campo)!.mensagem).toMatch(msg);
  });

  it('federal adjustments need a federal rule in force', () => {
    const e = validarAjustes({ aliquotaPis: '1' }, linha({ regras: { estaduais: regrasNormal.estaduais, federais: [] } }));
    expect(e).toEqual([{ campo: 'aliquotaPis', mensagem: expect.stringMatching(/não tem tributação federal vigente/) }]);
  });
});

describe('tributarLinha with ajustes: the amounts recomputed from the rule plus the adjustments', () => {
  it('an ICMS rate of 12 instead of 18: vICMS 12,00 on 100,00; the rule untouched for the next line', () => {
    const antes = tributarLinha(linha());
    expect(antes.icms).toMatchObject({ CST: '00', pICMS: '18.00' });
    const t = tributarLinha(linha({}, { aliquotaIcms: '12' }));
    expect(t.icms).toMatchObject({ CST: '00', pICMS: '12.00' });
    expect(t.tributacao.icms).toMatchObject({ vBC: '100.00', vICMS: '12.00' });
    expect(tributarLinha(linha()).tributacao.icms.vICMS).toBe('18.00');
  });

  it('CST 20 with 50% reduction, CFOP 5405, IPI 10 → 5, PIS/COFINS 06: every amount from the same computation', () => {
    const t = tributarLinha(linha({}, { cfop: '5405', cstIcms: '20', reducaoBase: '50', cstPis: '06', aliquotaPis: '', cstCofins: '06', aliquotaIpi: '5' }));
    expect(t.cfop).toBe('5405');
    expect(t.icms).toMatchObject({ CST: '20', pRedBC: '50.00', pICMS: '18.00' });
    expect(t.tributacao.icms).toMatchObject({ vBC: '50.00', vICMS: '9.00' });
    expect(t.ipi).toMatchObject({ CST: '50', pIPI: '5.00' });
    expect(t.tributacao.ipi!.vIPI).toBe('5.00');
    // PIS 06 keeps the rule's rate out: not taxed by rate
    expect(t.tributacao.pis).toMatchObject({ CST: '06', vPIS: '0.00' });
    expect(t.tributacao.cofins).toMatchObject({ CST: '06', vCOFINS: '0.00' });
  });

  it('DIFAL recomputed from an interstate rate changed from 12 to 7', () => {
    // final consumer: base 100,00 + IPI 10,00 = 110,00; ICMS 7% = 7,70; DIFAL (20 − 7)% = 14,30 (was 8,80 at 12%)
    expect(tributarLinha(linha({ ...paraRJ })).tributacao.difal).toMatchObject({ pICMSInter: '12.00', vICMSUFDest: '8.80' });
    const t = tributarLinha(linha({ ...paraRJ }, { aliquotaIcms: '7' }));
    expect(t.tributacao.icms).toMatchObject({ pICMS: '7.00', vBC: '110.00', vICMS: '7.70' });
    expect(t.tributacao.difal).toMatchObject({ pICMSInter: '7.00', vICMSUFDest: '14.30' });
  });

  it('a CST without reduction drops the rule\'s own reduction', () => {
    const regras = { estaduais: [est({ cstIcms: '20', aliquotaIcms: '18', reducaoBase: '40' })], federais: [fed({})] };
    const t = tributarLinha(linha({ regras }, { cstIcms: '00' }));
    expect(t.icms.pRedBC).toBeUndefined();
    expect(t.tributacao.icms.vICMS).toBe('18.00');
  });

  it('a forbidden adjustment throws TributacaoError naming the field', () => {
    try {
      tributarLinha(linha({}, { cstIcms: '102' }));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TributacaoError);
      expect((e as TributacaoError).campo).toBe('ajustes/cstIcms');
    }
  });
});
