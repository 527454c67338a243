import { describe, expect, it } from 'vitest';
import { calcularNfe } from '../../../src/shared/fiscal/nfe-calculo.ts';
import { tributarLinha, tributarLinhaNoContexto, TributacaoError, valorDaLinha, type LinhaParaTributar } from '../../../src/shared/fiscal/tributar-linha.ts';
import type { TributacaoEstadualRegra, TributacaoFederalRegra } from '../../../src/shared/fiscal/tributacao.ts';
import { item, nfeBase } from '../../fixtures/fiscal/documentos.ts';

// The issuing path's line taxes come from the tax rules, table by table: each case is one row of
// tributações estaduais / federais and what the NF-e item must carry. Amounts are computed by hand.

let nextId = 1;
const est = (r: Partial<TributacaoEstadualRegra>): TributacaoEstadualRegra => ({ id: nextId++, perfilTributarioId: 7, ufOrigem: 'SP', ufDestino: 'SP', vigenciaInicio: '2024-01-01', ...r });
const fed = (r: Partial<TributacaoFederalRegra>): TributacaoFederalRegra => ({ id: nextId++, perfilTributarioId: 7, vigenciaInicio: '2024-01-01', cstPis: '49', cstCofins: '49', ...r });

function linha(over: Partial<LinhaParaTributar> & { estaduais: TributacaoEstadualRegra[]; federais?: TributacaoFederalRegra[] }): LinhaParaTributar {
  const { estaduais, federais, ...rest } = over;
  return {
    data: '2026-06-15',
    produto: { id: 1, descricao: 'Arroz 5 kg', ncm: '10063021', origem: 0, perfilTributarioId: 7 },
    natureza: { cfopEstadual: '5102', cfopInterestadual: '6102', cfopExterior: '7102' },
    emitente: { uf: 'SP', crt: 1 },
    destinatario: { uf: 'SP', consumidorFinal: true, indIEDest: 9 },
    valor: '100.00',
    regras: { estaduais, federais: federais ?? [fed({})] },
    ...rest,
  };
}

const normal = { emitente: { uf: 'SP', crt: 3 as const } };
const paraRJ = { destinatario: { uf: 'RJ', consumidorFinal: true, indIEDest: 9 as const } };

describe('tributações estaduais → the ICMS group of the item', () => {
  const casos: [string, Partial<LinhaParaTributar>, Partial<TributacaoEstadualRegra>, Record<string, unknown>, string][] = [
    ['Simples, CSOSN 102 within SP', {}, { csosn: '102' }, { orig: 0, CSOSN: '102' }, '5102'],
    ['Simples, CSOSN 500 with the rule\'s CFOP (goods under ST)', {}, { csosn: '500', cfop: '5405' }, { orig: 0, CSOSN: '500' }, '5405'],
    ['Simples, CSOSN 101 with the credit rate', {}, { csosn: '101', aliquotaCreditoSn: '1.25' }, { orig: 0, CSOSN: '101', pCredSN: '1.25' }, '5102'],
    ['Normal, CST 00 at 18% with FCP 2%', normal, { cstIcms: '00', aliquotaIcms: '18', aliquotaFcp: '2' }, { orig: 0, CST: '00', modBC: 3, pICMS: '18.00', pFCP: '2.00' }, '5102'],
    ['Normal, CST 20 with a 33.33% base reduction', normal, { cstIcms: '20', aliquotaIcms: '18', reducaoBase: '33.33' }, { orig: 0, CST: '20', modBC: 3, pRedBC: '33.33', pICMS: '18.00' }, '5102'],
    ['Normal, CST 10 with MVA 40% and ST 18%', normal, { cstIcms: '10', aliquotaIcms: '18', mvaSt: '40', aliquotaIcmsSt: '18' }, { orig: 0, CST: '10', modBC: 3, pICMS: '18.00', modBCST: 4, pMVAST: '40.00', pICMSST: '18.00' }, '5102'],
    ['Normal, CST 41 (not taxed)', normal, { cstIcms: '41' }, { orig: 0, CST: '41' }, '5102'],
  ];
  it.each(casos)('%s', (_nome, over, regra, icms, cfop) => {
    const t = tributarLinha(linha({ ...over, estaduais: [est(regra)] }));
    expect(t.icms).toEqual(icms);
    expect(t.cfop).toBe(cfop);
    expect(t.difal).toBeUndefined();
  });

  it('the imported origin keeps its code in orig and pays 4% between UFs', () => {
    const t = tributarLinha(linha({ ...normal, destinatario: { uf: 'RJ', consumidorFinal: false, indIEDest: 1 }, produto: { id: 1, ncm: '10063021', origem: 1, perfilTributarioId: 7 }, estaduais: [est({ ufDestino: 'RJ', cstIcms: '00', aliquotaIcms: '12' })] }));
    expect(t.icms).toMatchObject({ orig: 1, CST: '00', pICMS: '4.00' });
    expect(t.cfop).toBe('6102');
  });
});

describe('DIFAL (ICMSUFDest): interstate sale to a non-contributor final consumer', () => {
  const rj = est({ ufDestino: 'RJ', csosn: '102', aliquotaIcmsUfDestino: '20', aliquotaFcpUfDestino: '2' });

  it('carries the destination\'s internal rate, its FCP and the interstate rate (12% SP→RJ), with the natureza\'s interstate CFOP', () => {
    const t = tributarLinha(linha({ ...paraRJ, estaduais: [rj] }));
    expect(t.cfop).toBe('6102');
    expect(t.difal).toEqual({ pICMSUFDest: '20.00', pICMSInter: '12.00', pFCPUFDest: '2.00' });
    // 100,00 × (20% − 12%) = 8,00; FCP 100,00 × 2% = 2,00
    expect(t.tributacao.difal).toMatchObject({ vBCUFDest: '100.00', vICMSUFDest: '8.00', vFCPUFDest: '2.00' });
  });

  it('7% from SP towards the Northeast (BA), and the version of the rule valid on the note\'s date', () => {
    const antiga = est({ ufDestino: 'BA', csosn: '102', aliquotaIcmsUfDestino: '19', vigenciaInicio: '2023-04-01' });
    const nova = est({ ufDestino: 'BA', csosn: '102', aliquotaIcmsUfDestino: '20.5', vigenciaInicio: '2024-02-20' });
    const ba = { destinatario: { uf: 'BA', consumidorFinal: true, indIEDest: 9 as const } };
    expect(tributarLinha(linha({ ...ba, data: '2024-02-19', estaduais: [nova, antiga] })).difal).toEqual({ pICMSUFDest: '19.00', pICMSInter: '7.00' });
    expect(tributarLinha(linha({ ...ba, data: '2024-02-20', estaduais: [antiga, nova] })).difal).toEqual({ pICMSUFDest: '20.50', pICMSInter: '7.00' });
  });

  it('no DIFAL for a contributor (indIEDest 1) nor within the state', () => {
    expect(tributarLinha(linha({ destinatario: { uf: 'RJ', consumidorFinal: false, indIEDest: 1 }, estaduais: [rj] })).difal).toBeUndefined();
    expect(tributarLinha(linha({ estaduais: [est({ csosn: '102', aliquotaIcmsUfDestino: '18' })] })).difal).toBeUndefined();
  });

  it('the engine computes from the item the same DIFAL the rules computed (one truth for screen and XML)', () => {
    const t = tributarLinha(linha({ ...normal, ...paraRJ, valor: '37.50', estaduais: [est({ ufDestino: 'RJ', cstIcms: '00', aliquotaIcms: '12', aliquotaIcmsUfDestino: '20', aliquotaFcpUfDestino: '2' })] }));
    const base = nfeBase();
    const doc = { ...base, destinatario: { ...base.destinatario!, endereco: { ...base.destinatario!.endereco!, uf: 'RJ', codigoMunicipio: '3304557', municipio: 'Rio de Janeiro' }, indicadorIE: 9 as const, ie: undefined }, ide: { ...base.ide, consumidorFinal: true }, itens: [item(t.icms, { cfop: t.cfop, pis: t.pis, cofins: t.cofins, difal: t.difal })] } as typeof base;
    const n = calcularNfe(doc as never);
    expect(n.itens[0].vICMSUFDest.toFixed(2)).toBe(t.tributacao.difal!.vICMSUFDest);
    expect(n.itens[0].vFCPUFDest.toFixed(2)).toBe(t.tributacao.difal!.vFCPUFDest);
    expect(n.itens[0].vICMS.toFixed(2)).toBe(t.tributacao.icms.vICMS);
  });

  it('a rule without the destination\'s internal rate is refused naming the field', () => {
    expect(() => tributarLinha(linha({ ...paraRJ, estaduais: [est({ ufDestino: 'RJ', csosn: '102' })] }))).toThrow(/informe a alíquota interna de RJ \(DIFAL\)/);
  });
});

describe('tributações federais → IPI, PIS and COFINS', () => {
  it('IPI 50 at 10% with its enquadramento; PIS/COFINS 01 with rates', () => {
    const t = tributarLinha(linha({ ...normal, estaduais: [est({ cstIcms: '41' })], federais: [fed({ cstIpi: '50', aliquotaIpi: '10', enquadramentoIpi: '101', cstPis: '01', aliquotaPis: '1.65', cstCofins: '01', aliquotaCofins: '7.6' })] }));
    expect(t.ipi).toEqual({ CST: '50', cEnq: '101', pIPI: '10.00' });
    expect(t.pis).toEqual({ CST: '01', aliquota: '1.65' });
    expect(t.cofins).toEqual({ CST: '01', aliquota: '7.60' });
  });

  it('Simples: PIS/COFINS 49 without rates, no IPI group', () => {
    const t = tributarLinha(linha({ estaduais: [est({ csosn: '102' })] }));
    expect(t.ipi).toBeUndefined();
    expect(t.pis).toEqual({ CST: '49' });
    expect(t.cofins).toEqual({ CST: '49' });
  });

  it('no federal rule: PIS/COFINS 99 and a warning to inform them', () => {
    const t = tributarLinha(linha({ estaduais: [est({ csosn: '102' })], federais: [] }));
    expect(t.pis).toEqual({ CST: '99' });
    expect(t.tributacao.avisos[0]).toMatch(/Nenhuma tributação federal/);
  });
});

describe('what the rules cannot decide is refused in Portuguese', () => {
  it('a product without perfil tributário', () => {
    expect(() => tributarLinha(linha({ produto: { id: 1, descricao: 'Arroz 5 kg', ncm: '10063021', origem: 0, perfilTributarioId: null }, estaduais: [] }))).toThrow('Produto (Arroz 5 kg) sem perfil tributário');
  });
  it('no rule for the UF pair on that date', () => {
    expect(() => tributarLinha(linha({ ...paraRJ, estaduais: [est({ csosn: '102' })] }))).toThrow(TributacaoError);
  });
  it('a natureza without the interstate CFOP', () => {
    expect(() => tributarLinha(linha({ ...paraRJ, natureza: { cfopEstadual: '5102', cfopInterestadual: null, cfopExterior: null }, estaduais: [est({ ufDestino: 'RJ', csosn: '102', aliquotaIcmsUfDestino: '20' })] }))).toThrow(/não tem CFOP fora do estado/);
  });
});

describe('the screen\'s line (tributarLinhaNoContexto): typed values → the taxes the XML carries', () => {
  it.each([
    ['2 × 10,00', { quantidade: '2', valorUnitario: '10.00' }, '20.00'],
    ['3 × 33,333 rounds the product to cents first', { quantidade: '3', valorUnitario: '33.333' }, '100.00'],
    ['1,5 × 9,99 − 1,00 of discount', { quantidade: '1.5', valorUnitario: '9.99', valorDesconto: '1.00' }, '13.99'],
    ['with an order\'s freight and other costs', { quantidade: '1', valorUnitario: '100', valorFrete: '5.50', valorOutros: '0.50' }, '106.00'],
    ['an empty quantity is zero', { quantidade: '', valorUnitario: '10' }, '0.00'],
  ])('valorDaLinha: %s', (_n, l, valor) => expect(valorDaLinha(l)).toBe(valor));

  const cab = { data: '2026-06-15', emitente: { uf: 'SP', crt: 3 as const }, natureza: { cfopEstadual: '5102', cfopInterestadual: '6102', cfopExterior: null } };
  const produto = { id: 1, descricao: 'Arroz 5 kg', ncm: '10063021', origem: 0, perfilTributarioId: 7 };
  const casos: [string, { uf: string; consumidorFinal: boolean; indIEDest: 1 | 9 }, Partial<TributacaoEstadualRegra>, Partial<TributacaoFederalRegra>, { quantidade: string; valorUnitario: string; valorDesconto?: string }, Record<string, string>][] = [
    ['DIFAL SP → RJ, not a contributor', { uf: 'RJ', consumidorFinal: true, indIEDest: 9 }, { ufDestino: 'RJ', cstIcms: '00', aliquotaIcms: '12', aliquotaIcmsUfDestino: '20', aliquotaFcpUfDestino: '2' }, {}, { quantidade: '3', valorUnitario: '100.00' }, { vICMS: '36.00', vICMSUFDest: '24.00', vFCPUFDest: '6.00' }],
    ['ST: CST 10, MVA 40%, IPI 10% in the ST base', { uf: 'SP', consumidorFinal: false, indIEDest: 1 }, { cstIcms: '10', aliquotaIcms: '18', mvaSt: '40', aliquotaIcmsSt: '18' }, { cstIpi: '50', aliquotaIpi: '10', enquadramentoIpi: '999' }, { quantidade: '2', valorUnitario: '50.00' }, { vICMS: '18.00', vBCST: '154.00', vICMSST: '9.72', vIPI: '10.00' }],
    ['CST 20 with reduction and a discount', { uf: 'SP', consumidorFinal: false, indIEDest: 1 }, { cstIcms: '20', aliquotaIcms: '18', reducaoBase: '33.33' }, {}, { quantidade: '4', valorUnitario: '25.00', valorDesconto: '10.00' }, { vICMS: '10.80' }],
  ];
  it.each(casos)('%s: its amounts equal the engine\'s (calcularNfe) for the same item', (_n, destinatario, regra, federal, l, esperado) => {
    const r = tributarLinhaNoContexto({ ...cab, destinatario, regras: { estaduais: [est(regra)], federais: [fed(federal)] } }, produto, l);
    if (!r.tributos) throw new Error(r.erro);
    const t = r.tributos;
    const base = nfeBase();
    const doc = {
      ...base,
      destinatario: { ...base.destinatario!, endereco: { ...base.destinatario!.endereco!, ...(destinatario.uf === 'RJ' ? { uf: 'RJ', codigoMunicipio: '3304557', municipio: 'Rio de Janeiro' } : {}) }, ...(destinatario.indIEDest === 9 ? { indicadorIE: 9 as const, ie: undefined } : {}) },
      ide: { ...base.ide, consumidorFinal: destinatario.consumidorFinal },
      itens: [item(t.icms, { cfop: t.cfop, quantidade: l.quantidade, valorUnitario: l.valorUnitario, ...(l.valorDesconto ? { valorDesconto: l.valorDesconto } : {}), pis: t.pis, cofins: t.cofins, ...(t.ipi ? { ipi: t.ipi } : {}), ...(t.difal ? { difal: t.difal } : {}) })],
    } as typeof base;
    const n = calcularNfe(doc as never).itens[0];
    const tela: Record<string, string> = { ...t.tributacao.icms, vIPI: t.tributacao.ipi?.vIPI ?? '0.00', vICMSUFDest: t.tributacao.difal?.vICMSUFDest ?? '0.00', vFCPUFDest: t.tributacao.difal?.vFCPUFDest ?? '0.00' } as never;
    for (const [k, v] of Object.entries(esperado)) expect([k, tela[k]]).toEqual([k, v]);
    for (const k of ['vBC', 'vICMS', 'vBCST', 'vICMSST', 'vFCP', 'vFCPST', 'vIPI', 'vICMSUFDest', 'vFCPUFDest'] as const) expect([k, tela[k]]).toEqual([k, n[k].toFixed(2)]);
  });

  it('a quantity that is not a number, and a rule that is missing, come back as messages, never as a crash', () => {
    const regras = { estaduais: [est({ cstIcms: '00', aliquotaIcms: '18' })], federais: [fed({})] };
    const destinatario = { uf: 'SP', consumidorFinal: false, indIEDest: 1 as const };
    expect(tributarLinhaNoContexto({ ...cab, destinatario, regras }, produto, { quantidade: '2x', valorUnitario: '1' })).toEqual({ erro: 'Valor inválido.' });
    expect(tributarLinhaNoContexto({ ...cab, destinatario: { ...destinatario, uf: 'MG' }, regras }, produto, { quantidade: '1', valorUnitario: '1' }).erro).toMatch(/de SP para MG/);
  });
});
