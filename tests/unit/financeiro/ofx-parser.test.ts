import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lerOfx, OfxInvalido } from '../../../src/server/financeiro/ofx/parser.ts';

const fixture = (nome: string) => readFileSync(join(import.meta.dirname, '../../fixtures/ofx', nome));
const txt = (s: string) => new TextEncoder().encode(s);
const SGML = (trns: string) => `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>341<ACCTID>1</BANKACCTFROM><BANKTRANLIST>${trns}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

// Statements as Brazilian banks export them: SGML and XML, latin-1 and UTF-8; anything malformed is refused whole.
describe('OFX reader', () => {
  it.each([
    ['itau-sgml-latin1.ofx', 1, '12345-6', 6, { data: '2025-10-20', valor: '-45.90', descricao: 'TARIFA MANUTENÇÃO CONTA' }],
    ['bradesco-sgml-latin1.ofx', 1, '0054321-7', 3, { data: '2025-10-06', valor: '980.00', descricao: 'TRANSF PIX REM: JOSÉ CONCEIÇÃO' }],
    ['bb-sgml-latin1.ofx', 1, '56789-0', 3, { fitid: '20251002#2', valor: '-75.40', descricao: 'Pagto cobrança - Gás Ipiranga', documento: '102' }],
    ['nubank-utf8.ofx', 1, '98765432-1', 3, { data: '2025-10-11', valor: '-59.90', descricao: 'Compra no débito - Padaria Pão de Açúcar' }],
    ['inter-xml.ofx', 2, '11223344-5', 2, { valor: '-320.00', descricao: 'PAGAMENTO PIX - Manutenção & Reparos Ltda' }],
  ])('%s', (nome, versao, conta, n, amostra) => {
    const arquivo = lerOfx(fixture(nome));
    expect(arquivo.versao).toBe(versao);
    expect(arquivo.extratos).toHaveLength(1);
    const [e] = arquivo.extratos;
    expect(e.conta).toBe(conta);
    expect(e.moeda).toBe('BRL');
    expect(e.transacoes).toHaveLength(n);
    expect(e.transacoes).toContainEqual(expect.objectContaining(amostra));
    expect(e.dataInicio).toBe('2025-10-01');
  });

  it('skips zero lines (a bank\'s opening balance) and counts them', () => {
    expect(lerOfx(fixture('bb-sgml-latin1.ofx')).extratos[0].ignoradas).toBe(1);
  });

  it('reads a comma as the decimal mark', () => {
    const e = lerOfx(txt(SGML('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20251001<TRNAMT>-1234,56<FITID>A1<MEMO>X</STMTTRN>'))).extratos[0];
    expect(e.transacoes[0].valor).toBe('-1234.56');
  });

  it.each([
    ['truncated in the middle', (s: string) => s.slice(0, Math.floor(s.length * 0.6)), /incompleto/],
    ['without </OFX>', (s: string) => s.replace('</OFX>', ''), /incompleto/],
    ['a wrong end tag', (s: string) => s.replace('</STMTTRN>', '</STMTRS>'), /inesperado/],
    ['a date that is not one', (s: string) => s.replace('20251005', '20251305'), /data "20251305"/],
    ['an amount with letters', (s: string) => s.replace('-3200.00', '-3.2OO'), /valor/],
    ['not an OFX at all', () => 'Data;Valor\n01/10/2026;10,00', /não é um extrato OFX|<OFX>/],
  ])('refuses a file %s', (_nome, mudar, msg) => {
    const s = new TextDecoder('windows-1252').decode(fixture('itau-sgml-latin1.ofx'));
    const bytes = new TextEncoder().encode(mudar(s));
    expect(() => lerOfx(bytes)).toThrow(OfxInvalido);
    expect(() => lerOfx(bytes)).toThrow(msg);
  });

  it('stays linear on hostile input (a long tag name is refused at once)', () => {
    const t = performance.now();
    expect(() => lerOfx(txt(`OFXHEADER:100\n<OFX><${'A'.repeat(5000)}>x</OFX>`))).toThrow(OfxInvalido);
    expect(() => lerOfx(txt(`OFXHEADER:100\n<OFX>${'<STMTTRN>'.repeat(20000)}`))).toThrow(/incompleto/);
    expect(performance.now() - t).toBeLessThan(2000);
  });
});
