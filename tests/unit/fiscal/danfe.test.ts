import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gerarDanfe, gerarDanfce, formatarChave, formatoLogo } from '../../../src/server/fiscal/danfe.ts';
import { MEIOS_PAGAMENTO } from '../../../src/server/fiscal/meios-pagamento.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { CASOS, nfeBase, item } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { pdftotext as pdftextoBruto, tmp } from '../../fixtures/fiscal/ferramentas.ts';
import { TABELAS } from '../../fixtures/referencia.ts';
import { jpegCinza } from '../../fixtures/fiscal/imagens.ts';
import QRCode from 'qrcode';

/** Text as read by pdftotext, with line wraps and column spacing collapsed to single spaces. */
const pdftotext = (pdf: Buffer) => pdftextoBruto(pdf, false).replace(/[ \t\n]+/g, ' ');

const t = gerarCertificadoTeste();
const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
const CSC = { id: '1', codigo: 'CSC-PDF' };
const caso = (nome: string) => CASOS.find((c) => c.nome === nome)!.doc;
const imagens = (pdf: Buffer) => {
  const f = path.join(tmp('img-'), 'a.pdf');
  writeFileSync(f, pdf);
  // pdfimages lists the alpha mask of a PNG as its own 'smask' row
  return execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }).trim().split('\n').slice(2).filter((l) => l.trim().split(/\s+/)[2] === 'image');
};
const paginas = (txt: string) => txt.split('\f').filter((p) => p.trim()).length;

describe('DANFE (A4) and DANFCE (80 mm), read back with pdftotext', { timeout: 30_000 }, () => {
  it('alphanumeric CNPJ (NT Conjunta 2025.001): issuer and recipient printed 12.ABC.345/01DE-35, the key with its letters, the barcode drawn', async () => {
    const tAlfa = gerarCertificadoTeste({ cnpj: '12ABC34501DE35', titular: 'LOJA ALFA LTDA' });
    const base = nfeBase();
    const m = montarNfe({ ...base, emitente: { ...base.emitente, cnpj: '12ABC34501DE35' }, destinatario: { ...base.destinatario!, cnpj: '12ABC34501DE35' } }, assinadorDe(lerCertificadoA1(tAlfa.pfx, tAlfa.senha)));
    expect(m.chave.slice(6, 20)).toBe('12ABC34501DE35');
    const txt = pdftotext(await gerarDanfe({ calculo: m.calculo }));
    expect(txt.match(/12\.ABC\.345\/01DE-35/g)?.length).toBeGreaterThanOrEqual(2);
    expect(txt).toContain(formatarChave(m.chave));
    expect(formatarChave(m.chave)).toMatch(/^\d{4} \d{2}12 ABC3 4501 DE35 (\d{4} ){5}\d{4}$/); // 11 groups of 4, letters too
  });

  it('DANFE carries the key, parties, totals, items, protocol and the barcode', async () => {
    const m = montarNfe(caso('NF-e com frete, desconto, transporte, cobrança, NFref e infAdic'), assinador);
    const pdf = await gerarDanfe({ calculo: m.calculo, protocolo: { nProt: '135250000000123', dhRecbto: '2025-03-10T10:11:12-03:00' } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const txt = pdftotext(pdf);
    for (const esperado of [
      'DANFE', 'Documento Auxiliar da Nota Fiscal Eletrônica', formatarChave(m.chave), 'LOJA EXEMPLO LTDA', '11.222.333/0001-81', 'Caneta esferográfica azul',
      '96081000', '135250000000123 - 10/03/2025 10:11:12', 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', 'Transportes Rápidos Ltda', '41,75',
      'Pedido 123 & entrega <urgente>', 'FOLHA 1/1', 'SEM VALOR FISCAL', 'Núm. 001 Venc. 10/01/2030 Valor R$ 20,00', 'Núm. 002 Venc. 10/02/2030 Valor R$ 22,39',
    ]) expect(txt, esperado).toContain(esperado);
    expect(txt).toMatch(/0 - ENTRADA/);
    expect(imagens(pdf)).toHaveLength(1);
  });

  it('DANFE and DANFCE issuer header (issue 41): razão social, never the nickname; CEP and phone formatted; no IBGE code', async () => {
    const doc = nfeBase();
    const m = montarNfe(doc, assinador);
    const danfe = pdftotext(await gerarDanfe({ calculo: m.calculo }));
    expect(danfe).toContain('Loja Exemplo Ltda');
    expect(danfe).toContain('Rua das Flores, 100 - Centro');
    expect(danfe).toContain('São Paulo/SP - CEP 01001-000');
    expect(danfe).toContain('Fone: (11) 3333-4444');
    expect(danfe).not.toContain('3550308');
    const nfce = montarNfe(caso('NFC-e com troco em dinheiro'), assinador, { csc: CSC });
    const danfce = pdftotext(await gerarDanfce({ calculo: nfce.calculo, qrCode: nfce.qrCode, urlChave: nfce.urlChave }));
    expect(danfce).toContain('CNPJ: 11.222.333/0001-81');
    expect(danfce).toContain('CEP 01001-000');
    expect(danfce).not.toContain('3550308');
    expect(danfce).not.toMatch(/\bLoja Exemplo\b(?! Ltda)/);
  });

  it('DANFE: IPI rate column, every volume, many duplicatas and the company logo (PNG and JPEG)', async () => {
    const base = nfeBase();
    const itens = [
      item({ orig: 0, CST: '00', pICMS: '18' }, { codigo: 'IPI-TRIB', descricao: 'Item tributado pelo IPI', ipi: { cEnq: '999', CST: '50', pIPI: '6.5' } }),
      item({ orig: 0, CST: '00', pICMS: '12' }, { codigo: 'IPI-NT', descricao: 'Item isento de IPI', ipi: { cEnq: '999', CST: '53' } }),
    ];
    const duplicatas = Array.from({ length: 14 }, (_, k) => ({ numero: String(k + 1).padStart(3, '0'), vencimento: `2031-${String((k % 12) + 1).padStart(2, '0')}-15`, valor: `${100 + k}.${k % 10}0` }));
    const m = montarNfe(nfeBase({
      itens: itens as [typeof itens[0], ...typeof itens],
      pagamentos: [{ tPag: '15', valor: '9999.99' }],
      transporte: {
        ...base.transporte,
        modalidadeFrete: 0,
        volumes: [
          { quantidade: 3, especie: 'CAIXA', marca: 'ACME', numeracao: '1 a 3', pesoLiquido: '1250.5', pesoBruto: '1300.75' },
          { quantidade: 1, especie: 'PALETE', marca: 'ACME', numeracao: 'P-9', pesoLiquido: '80', pesoBruto: '95.2' },
          { quantidade: 12, especie: 'SACO', pesoBruto: '12' },
        ],
      },
      cobranca: { numeroFatura: 'FAT-77', valorOriginal: '1589.00', duplicatas },
    }), assinador);
    const png = await QRCode.toBuffer('LOGO DA EMPRESA', { width: 120 });
    for (const [logo, enc] of [[png, 'image'], [jpegCinza(), 'jpeg']] as const) {
      const pdf = await gerarDanfe({ calculo: m.calculo, logo });
      const lista = imagens(pdf);
      expect(lista).toHaveLength(2); // barcode + logo
      expect(lista.some((l) => l.trim().split(/\s+/)[8] === enc)).toBe(true);
    }
    const pdf = await gerarDanfe({ calculo: m.calculo, logo: png });
    const txt = pdftotext(pdf);
    expect(txt).toContain('ALÍQ. IPI');
    // Read in drawing order (-raw): each item's cells follow the columns ... VALOR IPI, ALÍQ. ICMS, ALÍQ. IPI (only for IPITrib).
    const f = path.join(tmp('raw-'), 'a.pdf');
    writeFileSync(f, pdf);
    const bruto = execFileSync('pdftotext', ['-raw', f, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(bruto).toMatch(/IPI-TRIB Item tributado pelo IPI 96081000 000 5102 UN [\d,. ]+ 18 6,5 IPI-NT /);
    expect(bruto).toMatch(/IPI-NT Item isento de IPI 96081000 000 5102 UN [\d,. ]+ 0,00 12 DADOS ADICIONAIS/);
    for (const v of [
      'QUANTIDADE 3 ESPÉCIE CAIXA MARCA ACME NUMERAÇÃO 1 a 3 PESO BRUTO 1.300,750 PESO LÍQUIDO 1.250,500',
      'QUANTIDADE 1 ESPÉCIE PALETE MARCA ACME NUMERAÇÃO P-9 PESO BRUTO 95,200 PESO LÍQUIDO 80,000',
      'QUANTIDADE 12 ESPÉCIE SACO MARCA NUMERAÇÃO PESO BRUTO 12,000 PESO LÍQUIDO DADOS DOS PRODUTOS',
    ]) expect(bruto, v).toContain(v);
    expect(bruto).toContain('FATURA Número: FAT-77 Valor original: R$ 1.589,00');
    for (const u of duplicatas) expect(bruto, u.numero).toContain(`Núm. ${u.numero} Venc. ${u.vencimento.slice(8, 10)}/${u.vencimento.slice(5, 7)}/${u.vencimento.slice(0, 4)} Valor R$ ${u.valor.replace('.', ',')}`);
    expect(paginas(txt)).toBe(1);
  });

  it('the logo must be PNG or JPEG', async () => {
    expect(formatoLogo(jpegCinza())).toBe('jpeg');
    expect(formatoLogo(await QRCode.toBuffer('x'))).toBe('png');
    const m = montarNfe(nfeBase(), assinador);
    await expect(gerarDanfe({ calculo: m.calculo, logo: Buffer.from('GIF89a....') })).rejects.toThrow('O logotipo da empresa deve ser uma imagem PNG ou JPEG.');
  });

  it('DANFE grows to more pages with many items and numbers them', async () => {
    const itens = Array.from({ length: 90 }, (_, k) => item({ orig: 0, CST: '00', pICMS: '18' }, { codigo: `C${k + 1}`, descricao: `Produto número ${k + 1}` }));
    const m = montarNfe(nfeBase({ itens: itens as [typeof itens[0], ...typeof itens], pagamentos: [{ tPag: '01', valor: '5000.00' }] }), assinador);
    const txt = pdftotext(await gerarDanfe({ calculo: m.calculo }));
    expect(paginas(txt)).toBeGreaterThan(1);
    expect(txt).toContain(`FOLHA 1/${paginas(txt)}`);
    expect(txt).toContain('Produto número 90');
    expect(txt).toContain('NÃO AUTORIZADA');
  });

  it('DANFCE: items, total, payments with change and card, key, consumer, protocol and the QR Code', async () => {
    const m = montarNfe(caso('NFC-e com cartão e CPF do consumidor'), assinador, { csc: CSC });
    const pdf = await gerarDanfce({ calculo: m.calculo, qrCode: m.qrCode, urlChave: m.urlChave, protocolo: { nProt: '135250000000999', dhRecbto: '2025-03-10T10:11:12-03:00' } });
    const txt = pdftotext(pdf);
    for (const esperado of [
      'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO',
      'Valor a Pagar R$', '75,00', 'Cartão de Crédito', 'Pagamento Instantâneo (PIX) - Dinâmico', formatarChave(m.chave), m.urlChave!,
      'CONSUMIDOR CPF: 529.982.247-25', 'Protocolo de autorização: 135250000000999',
    ]) expect(txt, esperado).toContain(esperado);
    expect(imagens(pdf)).toHaveLength(1);
  });

  it('DANFCE of an offline note says it is pending and shows the change', async () => {
    const m = montarNfe(caso('NFC-e com troco em dinheiro'), assinador, { csc: CSC });
    const off = montarNfe(caso('NFC-e em contingência off-line (tpEmis 9)'), assinador, { csc: CSC });
    const txt = pdftotext(await gerarDanfce({ calculo: m.calculo, qrCode: m.qrCode, urlChave: m.urlChave }));
    expect(txt).toContain('Troco R$');
    expect(txt).toContain('12,50');
    expect(txt).toContain('CONSUMIDOR NÃO IDENTIFICADO');
    const txtOff = pdftotext(await gerarDanfce({ calculo: off.calculo, qrCode: off.qrCode, urlChave: off.urlChave }));
    expect(txtOff).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(txtOff).toContain('Pendente de autorização');
  });

  it('payment descriptions match the shared tPag table', () => {
    const linhas = readFileSync(path.join(TABELAS, 'nfe_tpag.csv'), 'utf8').trim().split('\n').slice(1);
    const tabela = Object.fromEntries(linhas.map((l) => { const m = /^(\d{2}),("([^"]*)"|[^,]*)/.exec(l)!; return [m[1], m[3] ?? m[2]]; }));
    expect(MEIOS_PAGAMENTO).toEqual(tabela);
  });
});
