import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { lerOfx, OfxInvalido } from '../../../src/server/financeiro/ofx/parser.ts';
import { CORPUS } from '../../support/ofx-corpus.ts';

const fixture = (nome: string) => readFileSync(join(import.meta.dirname, '../../fixtures/ofx', nome));
const latin1 = (nome: string) => new TextDecoder('windows-1252').decode(fixture(nome));
const utf8 = (nome: string) => new TextDecoder('utf-8').decode(fixture(nome));
const bytes = (s: string) => new TextEncoder().encode(s);
const soma = (vs: string[]) => vs.reduce((a, v) => a.plus(v), new Decimal(0)).toFixed(2);

describe('OFX corpus of real statements', () => {
  it('has at least 20 files', () => expect(CORPUS.length).toBeGreaterThanOrEqual(20));

  it.each(CORPUS)('$arquivo ($banco): $linhas lines adding up to $soma', ({ arquivo, linhas, soma: esperada, moeda }) => {
    const { extratos } = lerOfx(fixture(arquivo));
    const todas = extratos.flatMap((e) => e.transacoes);
    expect(todas).toHaveLength(linhas);
    expect(soma(todas.map((t) => t.valor))).toBe(esperada);
    expect(extratos.every((e) => e.moeda === (moeda ?? 'BRL'))).toBe(true);
    // every line has its own key, and reading the file again gives the same keys
    expect(new Set(todas.map((t) => t.fitid)).size).toBe(linhas);
    expect(lerOfx(fixture(arquivo)).extratos.flatMap((e) => e.transacoes.map((t) => t.fitid))).toEqual(todas.map((t) => t.fitid));
  });

  it('reads <MKTGINFO> as the text field the spec makes it (BB, latin-1, CRLF)', () => {
    expect(latin1('bb-asgrim-mktginfo.ofx')).toContain('\r\n<OFX>\r\n');
    const [e] = lerOfx(fixture('bb-asgrim-mktginfo.ofx')).extratos;
    expect(e.transacoes).toEqual([{ fitid: '20151103023955', data: '2015-11-03', valor: '239.55', tipo: 'DEP', descricao: 'DOC CRÉDITO EM CONTA', documento: '252602' }]);
    expect(e.saldo).toBe('239.35');
  });

  it('keeps both statements of one <STMTTRNRS> with their own accounts', () => {
    const { extratos } = lerOfx(fixture('bb-asgrim-dois-extratos.ofx'));
    expect(extratos.map((e) => [e.indice, e.banco, e.conta, e.transacoes.length, e.saldo])).toEqual([
      [1, '001', '455000-5', 0, '0.00'],
      [2, '001', '655000-2', 5, '4555.28'],
    ]);
    expect(extratos[1].transacoes[4]).toMatchObject({ data: '2017-03-02', valor: '2299.00', descricao: 'CRÉDITO SISTEMA CDA' });
  });

  it('takes a UTF-8 body under a CHARSET:1252 header as UTF-8', () => {
    expect(utf8('bb-rsalesc-utf8.ofx')).toContain('CHARSET:1252');
    expect(lerOfx(fixture('bb-rsalesc-utf8.ofx')).extratos[0].transacoes[1].descricao).toBe('COMPRA COM CARTÃO');
    expect(lerOfx(fixture('inter-dionathan-pix.ofx')).extratos[0].transacoes[3].descricao).toBe('Seguro Premiável/fgts + Premiável - Compra Seguro Premiavel: "Seguro Premiavel/FGTS + Premiavel"');
  });

  it('reads OFX 2 XML with no SGML header', () => {
    const a = lerOfx(fixture('xml-asgrim-ofx2-usd.ofx'));
    expect(a.versao).toBe(2);
    expect(a.extratos[0]).toMatchObject({ conta: '098-121', moeda: 'USD', saldo: '5250.00' });
  });

  it('keeps a raw & in a memo or a name', () => {
    const amp = lerOfx(fixture('nubank-cartao-asgrim-ampersand.ofx')).extratos[0];
    expect(amp.tipo).toBe('cartao');
    expect(amp.transacoes[0].descricao).toBe('Amazon.Com.Br Amazon & Cloud 3/3');
    expect(amp.transacoes[4].descricao).toBe('IOF de "Leupay.Eu" & Whoelse');
    expect(lerOfx(fixture('inter-dionathan-ampersand.ofx')).extratos[0].transacoes[1].descricao).toBe('M&s Solucoes Ltda - Pix recebido: "Cp :78825270-M&S SOLUCOES LTDA"');
  });

  it('closes empty elements the bank left open (<BALAMT> empty, an unknown <HUGO>, Santander\'s empty <CHECKNUM>)', () => {
    const e = lerOfx(fixture('itau-asgrim-selfclose.ofx')).extratos[0];
    expect(e.saldo).toBeNull();
    expect(e.dataSaldo).toBe('2019-09-24');
    // Santander's layout: an empty <CHECKNUM> and a <PAYEEID> after it, the lines read the same
    const santander = utf8('itau-uriel.ofx').replace(/<CHECKNUM>\d+\n/g, '<CHECKNUM>\n<PAYEEID>0\n');
    const s = lerOfx(bytes(santander)).extratos[0];
    expect(s.transacoes.map((t) => [t.valor, t.descricao, t.documento])).toEqual([
      ['-27.50', 'RSHOP-LANCHONETE -01/04', null],
      ['-8.42', 'IOF', null],
      ['-12.00', 'RSHOP-PAO NA CHAP-04/04', null],
      ['-20.00', 'RSHOP-TOK DE AMOR-02/04', null],
    ]);
    // a known aggregate never closes implicitly: a wrong end tag is still an error
    expect(() => lerOfx(bytes(utf8('itau-uriel.ofx').replace('</BANKACCTFROM>', '</BANKTRANLIST>')))).toThrow(OfxInvalido);
  });

  it('gives a line with an empty <FITID> (BB) a key from date, amount, text and position, the same on every read', () => {
    const semFitid = latin1('bb-rsalesc-2.ofx').replace(/<FITID>\d+ /g, '<FITID>');
    // two identical lines (same day, amount and text) keep two different keys
    const dobrada = semFitid.replace('\t</BANKTRANLIST>', `${semFitid.slice(semFitid.lastIndexOf('\t <STMTTRN>'), semFitid.indexOf('\t</BANKTRANLIST>'))}\t</BANKTRANLIST>`);
    const a = lerOfx(new Uint8Array(Buffer.from(dobrada, 'latin1'))).extratos[0].transacoes;
    const b = lerOfx(new Uint8Array(Buffer.from(dobrada, 'latin1'))).extratos[0].transacoes;
    expect(a).toHaveLength(6);
    expect(a.every((t) => /^SEMFITID-[0-9a-f]{24}$/.test(t.fitid))).toBe(true);
    expect(new Set(a.map((t) => t.fitid)).size).toBe(6);
    expect(b.map((t) => t.fitid)).toEqual(a.map((t) => t.fitid));
    expect(a[4].valor).toBe(a[5].valor);
    // a later statement starting with the same lines gives them the same keys
    const inicio = semFitid.indexOf('\t <STMTTRN>');
    const blocos = semFitid.slice(inicio, semFitid.indexOf('\t</BANKTRANLIST>')).split(/(?=\t <STMTTRN>)/);
    expect(blocos).toHaveLength(5);
    const sóTres = semFitid.slice(0, inicio) + blocos.slice(0, 3).join('') + semFitid.slice(semFitid.indexOf('\t</BANKTRANLIST>'));
    const c = lerOfx(new Uint8Array(Buffer.from(sóTres, 'latin1'))).extratos[0].transacoes;
    expect(c).toHaveLength(3);
    expect(c.map((t) => t.fitid)).toEqual(a.slice(0, 3).map((t) => t.fitid));
  });

  it('repeats of one FITID in a file (Inter) become FITID#2, #3…', () => {
    const t = lerOfx(fixture('inter-pegasus-fitid-repetido.ofx')).extratos[0].transacoes;
    expect(t.map((x) => x.fitid)).toEqual(['04/01/2021077', '04/01/2021077#2', '04/01/2021077#3', '04/01/2021077#4', '04/01/2021077#5']);
  });
});
