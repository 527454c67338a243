import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { lerNotaFiscalCompleta, lerRapido } from '../../../src/server/exportacoes/nfe-fiscal.ts';

// The exports' fast reader of a stored NF-e gives exactly what the full XML parser gives, on the published NF-e and
// NFC-e samples of ../shared/fiscal/samples, copied in tests/fixtures/referencia (procNFe and bare NFe, model 55 and 65, the 2026 tax-reform one).
import { SAMPLES } from '../../fixtures/referencia.ts';
const arquivos = readdirSync(SAMPLES).filter((f) => f.endsWith('.xml') && /<infNFe/.test(readFileSync(path.join(SAMPLES, f), 'utf8')) && !/enviNFe/.test(readFileSync(path.join(SAMPLES, f), 'utf8')));

describe('leitura rápida do XML da NF-e', () => {
  it('has published samples to compare', () => {
    expect(arquivos.length).toBeGreaterThanOrEqual(4);
  });
  it.each(arquivos)('%s: the same as the full parser', (f) => {
    const xml = readFileSync(path.join(SAMPLES, f), 'utf8');
    const rapido = lerRapido(xml);
    expect(rapido).not.toBeNull();
    expect(rapido).toEqual(lerNotaFiscalCompleta(xml));
    expect(rapido!.itens.length).toBeGreaterThan(0);
  });
  it('an XML with a namespace prefix goes to the full parser', () => {
    expect(lerRapido('<nfe:NFe xmlns:nfe="http://www.portalfiscal.inf.br/nfe"><nfe:infNFe Id="NFe1"/></nfe:NFe>')).toBeNull();
  });
});

describe('natureza e informação complementar (SPED 0400/0450)', () => {
  it('both readers take ide/natOp and infAdic/infCpl, and only the infCpl of infAdic', () => {
    const xml = `<nfeProc><NFe><infNFe Id="NFe35260311222333000181550010000001231000001236"><ide><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>1</serie><nNF>123</nNF><dhEmi>2026-03-10T10:00:00-03:00</dhEmi><tpNF>1</tpNF></ide><emit><CNPJ>11222333000181</CNPJ><xNome>Loja</xNome><enderEmit><UF>SP</UF></enderEmit><IE>110042490114</IE></emit><det nItem="1"><prod><cProd>P1</cProd><xProd>Item</xProd><CFOP>5102</CFOP><uCom>UN</uCom><qCom>1</qCom><vProd>10.00</vProd></prod><imposto><ICMS><ICMS00><orig>0</orig><CST>00</CST><vBC>10.00</vBC><pICMS>18.00</pICMS><vICMS>1.80</vICMS></ICMS00></ICMS></imposto></det><total><ICMSTot><vNF>10.00</vNF></ICMSTot></total><infAdic><infAdFisco>Texto do fisco</infAdFisco><infCpl>Entrega pela manhã &amp; à tarde</infCpl></infAdic></infNFe></NFe></nfeProc>`;
    const r = lerRapido(xml)!;
    expect(r.natOp).toBe('Venda de mercadoria');
    expect(r.infCpl).toBe('Entrega pela manhã & à tarde');
    expect(r).toEqual(lerNotaFiscalCompleta(xml));
    const sem = lerRapido(xml.replace(/<infAdic>.*<\/infAdic>/, ''))!;
    expect(sem.infCpl).toBeNull();
    expect(sem).toEqual(lerNotaFiscalCompleta(xml.replace(/<infAdic>.*<\/infAdic>/, '')));
  });
});
