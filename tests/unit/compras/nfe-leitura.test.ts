import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cfopEntrada, lerNfe, regraDeValorQuebrada } from '../../../src/server/compras/nfe-leitura.ts';
import { custoDaLinha, ratear, totalDaNota } from '../../../src/server/compras/custo.ts';
import { fatorDaLinha } from '../../../src/server/compras/entrada-nota.ts';
import { tributosRecuperaveis } from '../../../src/shared/fiscal/creditos-compras.ts';

import { SAMPLES } from '../../fixtures/referencia.ts';
const amostra = (f: string) => readFileSync(join(SAMPLES, f), 'utf8');

describe('reading a supplier NF-e (public samples, as published)', () => {
  it('reads an nfeProc of six lines with its GTINs, CFOPs, totals, duplicata and protocol', () => {
    const n = lerNfe(amostra('35180834128745000152550010000474281920007498-nfe.xml'));
    expect(n).toMatchObject({ chave: '35180834128745000152550010000474281920007498', modelo: '55', numero: 47428, serie: 1, dataEmissao: '2018-08-07', tipoNota: 1 });
    expect(n.emitente).toMatchObject({ cnpj: '34128745000152', nome: 'Alimentos Ltda.', endereco: { uf: 'SP', codigoMunicipio: 3549102, cep: '13877123' } });
    expect(n.destinatario.cpf).toBe('68161525650');
    expect(n.itens.map((i) => [i.codigo, i.gtin, i.cfop, i.unidade])).toEqual([
      ['1208', '7897846902086', '6101', 'UN'],
      ['1210', '7897846902109', '6101', 'UN'],
      ['1211', '7897846902116', '6101', 'UN'],
      ['1078', '7897846900785', '6101', 'UN'],
      ['1147', '7897846901478', '6101', 'UN'],
      ['1178', '7897846901782', '6101', 'UN'],
    ]);
    expect(n.itens.map((i) => i.valorTotal)).toEqual(['42.93', '85.86', '42.93', '55.90', '34.27', '32.75']);
    expect(n.totais).toMatchObject({ vProd: '294.64', vNF: '347.28' });
    expect(n.duplicatas).toEqual([{ numero: '47428/1-1', vencimento: '2018-08-24', valor: '347.28' }]);
    expect(n.itens.map((i) => cfopEntrada(i.cfop))).toEqual(Array(6).fill('2101'));
    // The own ICMS (ICMS00, not the ICMSUFDest group beside it), PIS and COFINS of each line: what a crediting branch
    // leaves out of the cost (line 5 is PIS/COFINS NT: none).
    expect(n.itens.map((i) => [i.valorIcms, i.valorPis, i.valorCofins])).toEqual([
      ['6.07', '0.28', '1.29'],
      ['12.14', '0.56', '2.58'],
      ['6.07', '0.28', '1.29'],
      ['7.91', '0.36', '1.68'],
      ['4.85', '0.00', '0.00'],
      ['4.63', '0.21', '0.98'],
    ]);
  });

  it('reads a bare NFe (no protocol) and another supplier', () => {
    const n = lerNfe(amostra('nfe_layout4.xml'));
    expect(n.protocolo).toBeNull();
    expect(n.itens.length).toBe(1);
    expect(n.totais.vNF).toBe('500.00');
    const outra = lerNfe(amostra('26180875335849000115550010000016871192213331-nfe.xml'));
    expect(outra.emitente.cnpj).toBe('75335849000115');
    expect(outra.itens).toHaveLength(3);
    expect(outra.totais.vNF).toBe('5780.00');
  });
});

describe('CFOP de entrada, apportioning and cost', () => {
  it('maps the supplier CFOP by the data table, else swaps the first digit', () => {
    expect([cfopEntrada('5102'), cfopEntrada('5405'), cfopEntrada('6102'), cfopEntrada('6403'), cfopEntrada('6404'), cfopEntrada('5101')]).toEqual(['1102', '1403', '2102', '2403', '2403', '1101']);
    expect(cfopEntrada('5933')).toBe('1933');
    expect(cfopEntrada('x')).toBeNull();
  });

  it('spreads a header amount by value, cents to the largest line', () => {
    expect(ratear('10.00', ['60.00', '90.00'])).toEqual(['4.00', '6.00']);
    expect(ratear('0.10', ['1', '1', '1'])).toEqual(['0.04', '0.03', '0.03']);
    expect(ratear('0', ['1'])).toEqual(['0.00']);
  });

  it('costs a line with freight, insurance, other, IPI and ST, less discount, per stock unit', () => {
    const it = { valorTotal: '150.00', valorFrete: '6.00', valorSeguro: '1.00', valorOutras: '2.00', valorDesconto: '3.00', valorIpi: '15.60', valorIcmsSt: '8.40' };
    expect(custoDaLinha(it, '60')).toEqual({ total: '180.00', unitario: '3.0000' });
    expect(totalDaNota([it, { valorTotal: '20.00' }])).toBe('200.00');
  });

  it('leaves out of the cost the taxes the branch recovers, by its regime; ICMS-ST and IPI stay', () => {
    // 10 units: 1.000 − 20 + 50 + IPI 30 + ST 15 = 1.075,00; ICMS 180,00, PIS 16,50, COFINS 76,00 on the note.
    const it = { valorTotal: '1000.00', valorDesconto: '20.00', valorFrete: '50.00', valorIpi: '30.00', valorIcmsSt: '15.00', valorIcms: '180.00', valorPis: '16.50', valorCofins: '76.00' };
    expect(tributosRecuperaveis(1)).toEqual([]);
    expect(tributosRecuperaveis(5)).toEqual([]);
    expect(tributosRecuperaveis(2)).toEqual(['icms', 'pis', 'cofins']);
    expect(tributosRecuperaveis(3)).toEqual(['icms']);
    expect(tributosRecuperaveis(4)).toEqual(['icms']);
    expect(custoDaLinha(it, '10', tributosRecuperaveis(1))).toEqual({ total: '1075.00', unitario: '107.5000' }); // Simples Nacional
    expect(custoDaLinha(it, '10', tributosRecuperaveis(3))).toEqual({ total: '895.00', unitario: '89.5000' }); // Lucro Presumido: ICMS only
    expect(custoDaLinha(it, '10', tributosRecuperaveis(2))).toEqual({ total: '802.50', unitario: '80.2500' }); // Lucro Real
    expect(totalDaNota([it])).toBe('1075.00'); // what is paid does not change
  });

  it('finds the packaging factor of a line, or none when the unit has no conversion', () => {
    const prod = { id: 7, descricao: 'Cerveja', unidade: 'UN' };
    const emb = new Map([['7|CX', '12.0000']]);
    expect(fatorDaLinha({ unidade: 'CX' }, prod, emb)).toBe('12.0000');
    expect(fatorDaLinha({ unidade: 'un' }, prod, emb)).toBe('1.0000');
    expect(fatorDaLinha({ unidade: 'DZ' }, prod, emb)).toBeNull();
    expect(fatorDaLinha({ unidade: 'DZ', fator: '12' }, prod, emb)).toBe('12.0000');
  });
});

// SEFAZ's value rules (rejeições 629, 564, 610) on notes SEFAZ authorised: none may be refused by them; the same
// notes with one value changed are.
describe('SEFAZ value rules on a supplier note', () => {
  it.each(['35180834128745000152550010000474281920007498-nfe.xml', '26180875335849000115550010000016871192213331-nfe.xml', 'nfe_layout4.xml', 'nfe_layout4_com_prot.xml'])('%s keeps them all', (f) => {
    expect(regraDeValorQuebrada(amostra(f))).toBeNull();
  });

  it('finds a line, a total or vNF changed by R$ 100,00', () => {
    const xml = amostra('35180834128745000152550010000474281920007498-nfe.xml');
    const vProd = /<det nItem="1">[\s\S]*?<vProd>([^<]+)<\/vProd>/.exec(xml)![1];
    const mais100 = (v: string) => (Number(v) + 100).toFixed(2);
    expect(regraDeValorQuebrada(xml.replace(`<vProd>${vProd}</vProd>`, `<vProd>${mais100(vProd)}</vProd>`))).toMatch(/^o item 1 \(.+\) tem vProd .+ \(regra da SEFAZ: vProd = qCom × vUnCom, com tolerância de R\$ 0,01 — rejeição 629\)$/);
    const vNF = /<vNF>([^<]+)<\/vNF>/.exec(xml)![1];
    expect(regraDeValorQuebrada(xml.replace(`<vNF>${vNF}</vNF>`, `<vNF>${mais100(vNF)}</vNF>`))).toMatch(/rejeição 610\)$/);
    const totalProd = /<ICMSTot>[\s\S]*?<vProd>([^<]+)<\/vProd>/.exec(xml)![1];
    expect(regraDeValorQuebrada(xml.replace(/(<ICMSTot>[\s\S]*?)<vProd>[^<]+<\/vProd>/, `$1<vProd>${mais100(totalProd)}</vProd>`))).toMatch(/^o total vProd da nota é .+ rejeição 564\)$/);
  });
});
