import { calcularNfe, CalculoError } from '../../../src/shared/fiscal/nfe-calculo.ts';
import { CASOS, nfeBase, nfceBase, item } from '../../fixtures/fiscal/documentos.ts';

const caso = (nome: string) => calcularNfe(CASOS.find((c) => c.nome === nome)!.doc);
const s = (v: { toFixed(n: number): string }) => v.toFixed(2);

describe('builder: what the layout derives', () => {
  it('ICMS-ST: base with MVA, ST net of own ICMS, FCP-ST, and vNF adds ST', () => {
    const n = caso('CST 10 (ICMS-ST com FCP-ST)');
    const [i] = n.itens;
    expect([s(i.vBC), s(i.vICMS), s(i.vBCST), s(i.vICMSST), s(i.vFCPST)]).toEqual(['37.50', '6.75', '52.50', '2.70', '1.05']);
    expect(s(n.totais.vNF)).toBe('41.25');
  });

  it('CST 20: reduced base and deducted desoneração', () => {
    const n = caso('CST 20 com desoneração');
    // 37.50 * (1 - 0.3333) = 25.00; 18% = 4.50; deson 6% of 37.50 = 2.25, deducted from vNF
    expect([s(n.itens[0].vBC), s(n.itens[0].vICMS), s(n.totais.vICMSDeson), s(n.totais.vNF)]).toEqual(['25.00', '4.50', '2.25', '35.25']);
  });

  it('CST 51: operation ICMS minus the deferred part', () => {
    const [i] = caso('CST 51 diferimento').itens;
    expect([s(i.vICMSOp), s(i.vICMSDif), s(i.vICMS)]).toEqual(['6.75', '2.25', '4.50']);
  });

  it('DIFAL: whole difference to the destination UF plus its FCP', () => {
    const n = caso('DIFAL: consumidor final de outra UF');
    expect(n.idDest).toBe(2);
    expect(n.indFinal).toBe(1);
    expect([s(n.totais.vFCPUFDest), s(n.totais.vICMSUFDest), s(n.totais.vICMSUFRemet)]).toEqual(['0.75', '3.00', '0.00']);
  });

  it('IPI enters vNF; PIS/COFINS by quantity', () => {
    const n = caso('IPI tributado e não tributado, PIS/COFINS por quantidade e NT');
    expect(s(n.totais.vIPI)).toBe('3.75');
    expect(s(n.totais.vNF)).toBe('153.75');
    expect(s(n.itens[1].vPIS)).toBe('0.30');
    expect(s(n.itens[1].vCOFINS)).toBe('1.50');
    expect(s(n.totais.vPIS)).toBe(s(n.itens.reduce((a, i) => a.plus(i.vPIS), n.itens[0].vPIS.minus(n.itens[0].vPIS))));
  });

  it('freight, insurance, other costs and discount move vNF', () => {
    const n = caso('NF-e com frete, desconto, transporte, cobrança, NFref e infAdic');
    // 37.50 + 5 + 1 + 0.75 - 2.50
    expect(s(n.totais.vNF)).toBe('41.75');
    expect(s(n.itens[0].vBC)).toBe('41.75');
  });

  it('NFC-e change: paid minus total', () => {
    const n = caso('NFC-e com troco em dinheiro');
    expect(s(n.totais.vNF)).toBe('37.50');
    expect(s(n.vTroco)).toBe('12.50');
    expect(n.tpImp).toBe(4);
  });

  it('refuses payments that do not cover the total, naming the field', () => {
    const doc = nfceBase({ pagamentos: [{ tPag: '01', valor: '10.00' }] });
    expect(() => calcularNfe(doc)).toThrow(CalculoError);
    try { calcularNfe(doc); } catch (e) { expect((e as CalculoError).caminho).toBe('pagamentos'); }
  });

  it('refuses an ST CST without the ST rate', () => {
    expect(() => calcularNfe(nfeBase({ itens: [item({ orig: 0, CST: '10', pICMS: '18' })] }))).toThrow(/pICMSST/);
  });

  it('keeps a given cNF and derives cDV from the key', () => {
    const n = calcularNfe(nfeBase(), { cNF: '12345670' });
    expect(n.cNF).toBe('12345670');
    expect(n.chave.slice(35, 43)).toBe('12345670');
    expect(n.cDV).toBe(n.chave[43]);
  });

  it('sums in decimal, not binary float (0.1 + 0.2 style amounts)', () => {
    const itens = Array.from({ length: 10 }, (_, k) => item({ orig: 0, CST: '00', pICMS: '18' }, { codigo: `X${k}`, quantidade: '1', valorUnitario: '0.10' }));
    const n = calcularNfe(nfeBase({ itens: itens as [typeof itens[0], ...typeof itens], pagamentos: [{ tPag: '01', valor: '1.00' }] }));
    expect(n.totais.vProd.toString()).toBe('1');
    expect(s(n.totais.vICMS)).toBe('0.20');
  });
});
