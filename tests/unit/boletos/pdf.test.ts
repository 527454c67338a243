import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { carregarBancos } from '../../../src/server/boletos/bancos.ts';
import { montarBoleto } from '../../../src/server/boletos/boleto.ts';
import { gerarPdfBoletos, type BoletoPdf } from '../../../src/server/boletos/pdf/boleto-pdf.ts';
import { lerPix, montarPixEstatico } from '../../../src/server/boletos/pix/br-code.ts';
import { elementosI2of5 } from '../../../src/server/boletos/pdf/interleaved-2-of-5.ts';
import { dadosDoVetor, vetores } from './vetores.ts';

const pasta = mkdtempSync(path.join(os.tmpdir(), 'boletos-pdf-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

function boleto(i: number, comPix: boolean, parcela = 1): BoletoPdf {
  return {
    dados: { ...dadosDoVetor(vetores.vectors[i]) },
    beneficiario: { nome: 'Padaria Pão Quente Ltda', documento: '11222333000181' },
    pagador: { nome: `José da Silva ${i}`, documento: '11144477735', endereco: 'Rua das Flores, 10 - Centro - Recife/PE' },
    numeroDocumento: `NF-${100 + i}`,
    dataDocumento: '2025-12-20',
    parcela: `${parcela}/3`,
    instrucoes: ['Após o vencimento cobrar multa de 2%.', 'Não receber após 30 dias.'],
    pix: comPix ? { chave: '11222333000181', cidade: 'Recife', txid: `PARC${i}` } : undefined,
  };
}

async function pdfTexto(boletos: BoletoPdf[], porPagina: 1 | 3 = 1): Promise<{ texto: string; paginas: string[] }> {
  const arquivo = path.join(pasta, `b${Math.random().toString(36).slice(2)}.pdf`);
  await gerarPdfBoletos(boletos, createWriteStream(arquivo), { porPagina });
  expect(readFileSync(arquivo).subarray(0, 5).toString()).toBe('%PDF-');
  const texto = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', arquivo, '-'], { encoding: 'utf8' });
  return { texto, paginas: texto.split('\f').filter((p) => p.trim()) };
}

async function gerarArquivo(boletos: BoletoPdf[], porPagina: 1 | 3 = 1): Promise<string> {
  const arquivo = path.join(pasta, `b${Math.random().toString(36).slice(2)}.pdf`);
  await gerarPdfBoletos(boletos, createWriteStream(arquivo), { porPagina });
  return arquivo;
}

interface Palavra { texto: string; x0: number; y0: number; x1: number; y1: number }

/** Every word of each page with its box in points from the top-left (pdftotext -bbox). */
function palavras(arquivo: string): Palavra[][] {
  const html = execFileSync('pdftotext', ['-bbox', arquivo, '-'], { encoding: 'utf8' });
  return html.split('<page ').slice(1).map((pg) =>
    [...pg.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      texto: m[5].replace(/&amp;/g, '&'), x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]),
    })),
  );
}

/** The images of each page as pdfimages lists them: [page, type, width, height, encoding, object id]. */
function imagens(arquivo: string): { pagina: number; tipo: string; largura: number; altura: number; enc: string; objeto: number }[] {
  return execFileSync('pdfimages', ['-list', arquivo], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim()).map((l) => {
    const c = l.trim().split(/\s+/);
    return { pagina: Number(c[0]), tipo: c[2], largura: Number(c[3]), altura: Number(c[4]), enc: c[8], objeto: Number(c[10]) };
  });
}

/**
 * The FEBRABAN header line as this layout draws it (28 pt margins): the logo box from the margin to the first bar
 * (+150 pt), the bank code with its digit between the two bars (+150 and +205 pt), then the linha digitável.
 */
const LOGO = { de: 28, ate: 178 };
const CODIGO = { de: 178, ate: 233 };
const mesmaLinha = (a: Palavra, b: Palavra) => a.y0 < b.y1 && b.y0 < a.y1;

describe('the bank’s identification in the logo box', () => {
  const porBanco = [...carregarBancos().values()].map((b) => [b.codigo, b] as const);

  it.each(porBanco)('bank %s: name in bold inside the logo box and the NNN-D code centred between the bars, on the recibo and on the ficha', async (codigo, banco) => {
    const i = vetores.vectors.findIndex((v) => v.bank === codigo);
    const [pagina] = palavras(await gerarArquivo([boleto(i, false)]));
    const codigos = pagina.filter((w) => w.texto === `${banco.codigo}-${banco.digito}`);
    expect(codigos).toHaveLength(2); // recibo do pagador and ficha de compensação
    for (const c of codigos) {
      expect(c.x0).toBeGreaterThan(CODIGO.de);
      expect(c.x1).toBeLessThan(CODIGO.ate);
      expect(Math.abs((c.x0 + c.x1) / 2 - (CODIGO.de + CODIGO.ate) / 2)).toBeLessThan(0.5);
      const naCaixa = pagina.filter((w) => mesmaLinha(w, c) && w.x1 <= CODIGO.de);
      expect(naCaixa.map((w) => w.texto).join(' ')).toBe(banco.nomeCurto);
      for (const w of naCaixa) expect([w.x0 >= LOGO.de, w.x1 <= LOGO.ate - 2]).toEqual([true, true]);
    }
  });

  it('a logo image from the bank configuration is drawn instead of the name, embedded once for the whole carnê', async () => {
    const logo = await QRCode.toBuffer('LOGO DO BANCO', { margin: 0, width: 96 });
    const comLogo = (k: number) => ({ ...boleto(6, false, k), logoBanco: Buffer.from(logo) }); // a copy per boleto: same bytes, one image
    for (const [porPagina, quantos, porFolha] of [[1, 2, 2], [3, 4, 3]] as const) {
      const arquivo = await gerarArquivo(Array.from({ length: quantos }, (_, k) => comLogo(k + 1)), porPagina);
      const lista = imagens(arquivo).filter((m) => m.tipo === 'image');
      expect(new Set(lista.map((m) => m.objeto)).size).toBe(1);
      expect(lista.every((m) => m.largura === 96 && m.altura === 96)).toBe(true);
      // recibo and ficha on a page per boleto; one per ficha on the carnê of three
      const porPaginaImagens = [...lista.reduce((m, x) => m.set(x.pagina, (m.get(x.pagina) ?? 0) + 1), new Map<number, number>()).values()];
      expect(porPaginaImagens).toEqual(porPagina === 1 ? [2, 2] : [porFolha, quantos - porFolha]);
      for (const pagina of palavras(arquivo)) {
        const codigos = pagina.filter((w) => w.texto === '237-2');
        expect(codigos.length).toBeGreaterThan(0);
        for (const c of codigos) expect(pagina.filter((w) => mesmaLinha(w, c) && w.x1 <= CODIGO.de)).toEqual([]);
      }
    }
  });

  it('a JPEG logo is embedded as JPEG', async () => {
    // the smallest JPEG header pdfkit reads: SOI, a baseline frame of 16 x 8 pixels in three components, EOI
    const jpeg = Buffer.from('ffd8' + 'ffc0' + '0011' + '08' + '0008' + '0010' + '03' + '012200' + '021101' + '031101' + 'ffd9', 'hex');
    const lista = imagens(await gerarArquivo([{ ...boleto(0, false), logoBanco: jpeg }]));
    expect(lista.map((m) => [m.enc, m.largura, m.altura])).toEqual([['jpeg', 16, 8], ['jpeg', 16, 8]]);
  });

  it('anything but a PNG or a JPEG is refused in Portuguese', async () => {
    const png = await QRCode.toBuffer('x');
    for (const ruim of [Buffer.from('GIF89a\x01\x00\x01\x00'), Buffer.concat([png.subarray(0, 8), Buffer.from('lixo que não é PNG')]), Buffer.from([0xff, 0xd8, 0xff, 0xd9])]) {
      await expect(gerarArquivo([{ ...boleto(0, false), logoBanco: ruim }])).rejects.toThrow('O logo do banco deve ser uma imagem PNG ou JPEG válida.');
    }
  });
});

describe('boleto PDF (checked with pdftotext)', () => {
  it('a carnê of three boletos: one page each, with the FEBRABAN parts and each boleto’s own data', async () => {
    const idx = [0, 6, 10]; // BB, Bradesco, Santander
    const boletos = idx.map((i, k) => boleto(i, k === 1, k + 1));
    const { paginas } = await pdfTexto(boletos);
    expect(paginas).toHaveLength(3);
    paginas.forEach((p, k) => {
      const v = vetores.vectors[idx[k]];
      const b = montarBoleto(boletos[k].dados);
      expect(p).toContain('Recibo do Pagador');
      expect(p).toContain('Ficha de Compensação');
      expect(p).toContain('Local de Pagamento');
      expect(p).toContain(v.linha_digitavel);
      expect(p).toContain('Padaria Pão Quente Ltda');
      expect(p).toContain('11.222.333/0001-81');
      expect(p).toContain(`José da Silva ${idx[k]}`);
      expect(p).toContain('111.444.777-35');
      expect(p).toContain('Após o vencimento cobrar multa de 2%.');
      expect(p).toContain(b.nossoNumeroFormatado);
      expect(p).toContain(`${k + 1}/3`);
      const [a, m, d] = v.inputs.vencimento.split('-');
      expect(p).toContain(`${d}/${m}/${a}`);
    });
    expect(paginas[0]).toContain('135,00');
    expect(paginas[1]).toContain('2.952,95');
    expect(paginas[1]).toContain('Pague com Pix');
    expect(paginas[0]).not.toContain('Pague com Pix');
  });

  it('the Pix copia-e-cola printed is the BR Code for the boleto’s amount', async () => {
    const { paginas } = await pdfTexto([boleto(6, true)]);
    const esperado = montarPixEstatico({ chave: '11222333000181', nome: 'Padaria Pão Quente Ltda', cidade: 'Recife', valor: '2952.95', txid: 'PARC6' });
    expect(lerPix(esperado).valor).toBe('2952.95');
    // the code is printed over several lines: compare without the line breaks
    const semEspacos = (t: string) => t.replace(/\s+/g, '');
    expect(semEspacos(paginas[0])).toContain(semEspacos(esperado));
  });
});

describe('carnê with three fichas per page', () => {
  it('seven boletos make three pages of fichas de compensação with cut lines, each with its own data', async () => {
    const idx = [0, 6, 10, 6, 0, 10, 6];
    const boletos = idx.map((i, k) => ({ ...boleto(i, k % 2 === 1, k + 1), pagador: { nome: `Cliente Parcela ${k + 1}`, documento: '11144477735', endereco: `Rua ${k + 1}` } }));
    const { paginas } = await pdfTexto(boletos, 3);
    expect(paginas).toHaveLength(3);
    const linhas = paginas.map((p) => [...p.matchAll(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/g)].map((m) => m[0]));
    expect(linhas.map((l) => l.length)).toEqual([3, 3, 1]);
    expect(linhas.flat()).toEqual(idx.map((i) => vetores.vectors[i].linha_digitavel));
    paginas.forEach((p, n) => {
      expect(p).not.toContain('Recibo do Pagador');
      expect(p.match(/Ficha de Compensação/g)).toHaveLength(n < 2 ? 3 : 1);
      // a cut line between fichas: two on a full page, none above the first
      expect(p.match(/Corte na linha pontilhada/g) ?? []).toHaveLength(n < 2 ? 2 : 0);
    });
    boletos.forEach((b, k) => expect(paginas[Math.floor(k / 3)]).toContain(`Cliente Parcela ${k + 1}`));
    expect(paginas[0]).toContain('Pague com Pix');
  });
});

describe('interleaved 2 of 5 bars', () => {
  it.each(vetores.vectors.slice(0, 6).map((v) => [v.barcode]))('%s matches bwip-js’s narrow/wide sequence', (codigo) => {
    const nossos = elementosI2of5(codigo).map((w) => (w > 1 ? 'W' : 'N')).join('');
    const sbs = (bwipjs.raw({ bcid: 'interleaved2of5', text: codigo }) as unknown as { sbs: number[] }[])[0].sbs;
    // bwip-js ends its bar/space list with the (narrow) space after the stop bar; ours stops at the last bar
    expect(sbs).toHaveLength(elementosI2of5(codigo).length + 1);
    expect(nossos).toBe(sbs.slice(0, -1).map((w) => (w > 1 ? 'W' : 'N')).join(''));
  });

  it('44 digits make 405 narrow modules at ratio 3 (start 4, 22 pairs of 18, stop 5)', () => {
    expect(elementosI2of5(vetores.vectors[0].barcode).reduce((a, b) => a + b, 0)).toBe(405);
  });
});
