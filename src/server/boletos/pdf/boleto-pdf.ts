import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { deflateSync, inflateSync } from 'node:zlib';
import type QRCodeModule from 'qrcode';
import { obterBanco } from '../bancos.ts';
import { formatar, montarBoleto, type BoletoMontado, type DadosBoleto } from '../boleto.ts';
import { BoletoInvalido } from '../erros.ts';
import { montarPixEstatico } from '../pix/br-code.ts';
import { elementosI2of5 } from './interleaved-2-of-5.ts';
import { novoPdf } from '../../pdf-buffer.ts';
import { lazyRequire } from '../../lazy-require.ts';

const qrcode = lazyRequire<typeof QRCodeModule>('qrcode');


export interface Pessoa {
  nome: string;
  documento: string;
  endereco?: string;
}

export interface BoletoPdf {
  dados: DadosBoleto;
  beneficiario: Pessoa;
  pagador: Pessoa;
  numeroDocumento: string;
  /** yyyy-MM-dd */
  dataDocumento: string;
  dataProcessamento?: string;
  especieDocumento?: string;
  aceite?: string;
  instrucoes?: string[];
  /** "3/12" on a carnê */
  parcela?: string;
  /** When the bank configuration has a Pix key the boleto carries a static Pix QR for the same amount. */
  pix?: { chave: string; cidade: string; txid?: string } | { copiaECola: string };
  /**
   * The bank's logo (PNG or JPEG bytes) from the bank configuration, drawn in the logo box instead of the bank's
   * name. The logo is the bank's trademark: it is never fetched, only drawn when the configuration supplies it.
   */
  logoBanco?: Uint8Array;
}

const MM = 72 / 25.4;
const A4 = { w: 595.28, h: 841.89 };
const M = 28; // margin
const LARGURA = A4.w - 2 * M;

const dataBr = (iso: string | null | undefined) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : 'Contra-apresentação');
function reais(valor: string): string {
  const [int, dec] = valor.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}
function documento(d: string): string {
  const s = d.replace(/\D/g, '');
  if (s.length === 14) return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
  if (s.length === 11) return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
  return d;
}

type Doc = PDFKit.PDFDocument;

/** pdfkit internals this file relies on (pinned by the lockfile): the current font and the page's font table. */
interface DocInterno {
  _font: { id: string; ascender: number; ref(): unknown };
  page: { height: number; fonts: Record<string, unknown> };
  addContent(s: string): unknown;
}

/**
 * Text without pdfkit's line layout, which measures and kerns every glyph: a boleto page has some sixty
 * short labels, and laying them out was most of the carnê's time. Same operators pdfkit writes for one
 * line (WinAnsi, which is Latin-1 for Portuguese), so the text stays searchable and extractable.
 */
function texto(doc: Doc, fonte: string, tamanho: number, s: string, x: number, y: number) {
  doc.font(fonte);
  const d = doc as unknown as DocInterno;
  d.page.fonts[d._font.id] ??= d._font.ref();
  let hex = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    hex += (c <= 0xff ? c : 0x3f).toString(16).padStart(2, '0');
  }
  const base = d.page.height - y - (d._font.ascender / 1000) * tamanho;
  d.addContent(`q 1 0 0 -1 0 ${d.page.height} cm BT 1 0 0 1 ${x.toFixed(2)} ${base.toFixed(2)} Tm /${d._font.id} ${tamanho} Tf <${hex}> Tj ET Q`);
}

type Chave =
  | 'beneficiario' | 'agenciaCodigo' | 'vencimento' | 'pagador' | 'nossoNumero' | 'valor' | 'numeroDocumento'
  | 'dataDocumento' | 'parcela' | 'localPagamento' | 'especieDocumento' | 'aceite' | 'dataProcessamento' | 'carteira' | 'especie' | 'vazio';

interface Caixa {
  x: number;
  y: number;
  w: number;
  h: number;
  rotulo: string;
  chave: Chave;
  alinhar?: 'right';
  negrito?: boolean;
}

/*
 * The page's grid as data: recibo do pagador on top, ficha de compensação below the cut line (FEBRABAN
 * layout). Positions are fixed, so the grid and its captions are drawn once into a PDF form object that
 * every page reuses; a page then only writes its own values, barcode and QR.
 */
const H = 22;
const W4 = LARGURA / 4;
const Y_RECIBO = M + 24;
const LADO_QR = 34 * MM;
const Y_LINHA_RECIBO = Y_RECIBO + 3 * H + 4;
const Y_CORTE = Y_LINHA_RECIBO + 24 + LADO_QR + 12;
const Y_FICHA = Y_CORTE + 16;
const DIR = LARGURA * 0.72;
const COL = LARGURA - DIR;
const C6 = DIR / 6;
const yf = (linha: number) => Y_FICHA + 24 + linha * H;
const Y_INSTR = yf(4);
const Y_PAGADOR = Y_INSTR + 5 * H;
const Y_BARRAS = Y_PAGADOR + 34 + 12;

/** A row of the ficha: boxes side by side from the left margin (widths in sixths of the left part), then the right column's box. */
function linhaFicha(linha: number, esquerda: [sextos: number, rotulo: string, chave: Chave][], direita: Pick<Caixa, 'rotulo' | 'chave' | 'alinhar' | 'negrito'>): Caixa[] {
  let antes = 0;
  const caixas = esquerda.map(([sextos, rotulo, chave]): Caixa => {
    const c = { x: M + C6 * antes, y: yf(linha), w: C6 * sextos, h: H, rotulo, chave };
    antes += sextos;
    return c;
  });
  return [...caixas, { x: M + DIR, y: yf(linha), w: COL, h: H, ...direita }];
}

const CAIXAS: Caixa[] = [
  { x: M, y: Y_RECIBO, w: LARGURA / 2, h: H, rotulo: 'Beneficiário', chave: 'beneficiario' },
  { x: M + LARGURA / 2, y: Y_RECIBO, w: W4, h: H, rotulo: 'Agência/Código do Beneficiário', chave: 'agenciaCodigo' },
  { x: M + 3 * W4, y: Y_RECIBO, w: W4, h: H, rotulo: 'Vencimento', chave: 'vencimento', alinhar: 'right', negrito: true },
  { x: M, y: Y_RECIBO + H, w: LARGURA / 2, h: H, rotulo: 'Pagador', chave: 'pagador' },
  { x: M + LARGURA / 2, y: Y_RECIBO + H, w: W4, h: H, rotulo: 'Nosso Número', chave: 'nossoNumero', alinhar: 'right' },
  { x: M + 3 * W4, y: Y_RECIBO + H, w: W4, h: H, rotulo: '(=) Valor do Documento', chave: 'valor', alinhar: 'right', negrito: true },
  { x: M, y: Y_RECIBO + 2 * H, w: W4, h: H, rotulo: 'Número do Documento', chave: 'numeroDocumento' },
  { x: M + W4, y: Y_RECIBO + 2 * H, w: W4, h: H, rotulo: 'Data do Documento', chave: 'dataDocumento' },
  { x: M + 2 * W4, y: Y_RECIBO + 2 * H, w: W4, h: H, rotulo: 'Parcela', chave: 'parcela' },
  { x: M + 3 * W4, y: Y_RECIBO + 2 * H, w: W4, h: H, rotulo: '(=) Valor Cobrado', chave: 'vazio' },
  ...linhaFicha(0, [[6, 'Local de Pagamento', 'localPagamento']], { rotulo: 'Vencimento', chave: 'vencimento', alinhar: 'right', negrito: true }),
  ...linhaFicha(1, [[6, 'Beneficiário', 'beneficiario']], { rotulo: 'Agência/Código do Beneficiário', chave: 'agenciaCodigo', alinhar: 'right' }),
  ...linhaFicha(
    2,
    [[1.2, 'Data do Documento', 'dataDocumento'], [1.6, 'Nº do Documento', 'numeroDocumento'], [0.9, 'Espécie Doc.', 'especieDocumento'], [0.7, 'Aceite', 'aceite'], [1.6, 'Data Processamento', 'dataProcessamento']],
    { rotulo: 'Nosso Número', chave: 'nossoNumero', alinhar: 'right' },
  ),
  ...linhaFicha(
    3,
    [[1.2, 'Uso do Banco', 'vazio'], [0.8, 'Carteira', 'carteira'], [0.8, 'Espécie', 'especie'], [1.6, 'Quantidade', 'vazio'], [1.6, 'Valor', 'vazio']],
    { rotulo: '(=) Valor do Documento', chave: 'valor', alinhar: 'right', negrito: true },
  ),
  ...['(-) Desconto/Abatimento', '(-) Outras Deduções', '(+) Mora/Multa', '(+) Outros Acréscimos', '(=) Valor Cobrado'].map(
    (rotulo, i): Caixa => ({ x: M + DIR, y: Y_INSTR + i * H, w: COL, h: H, rotulo, chave: 'vazio' }),
  ),
];

/** The bars of the FEBRABAN header line: logo box | bank code with its digit | linha digitável (ficha) or the recibo's title. */
const X_BARRA_LOGO = M + 150;
const X_BARRA_CODIGO = M + 205;
const ALTURA_CABECALHO = 20;

function cabecalhoModelo(doc: Doc, y: number) {
  doc.moveTo(X_BARRA_LOGO, y).lineTo(X_BARRA_LOGO, y + ALTURA_CABECALHO).stroke();
  doc.moveTo(X_BARRA_CODIGO, y).lineTo(X_BARRA_CODIGO, y + ALTURA_CABECALHO).stroke();
  doc.moveTo(M, y + 20).lineTo(M + LARGURA, y + 20).lineWidth(1.2).stroke().lineWidth(0.5);
}

function desenharModelo(doc: Doc, soFicha: boolean) {
  doc.lineWidth(0.5).strokeColor('black').fillColor('black');
  if (!soFicha) cabecalhoModelo(doc, M);
  cabecalhoModelo(doc, Y_FICHA);
  for (const c of CAIXAS) {
    if (soFicha && c.y < Y_FICHA) continue;
    doc.rect(c.x, c.y, c.w, c.h).stroke();
    texto(doc, 'Helvetica', 5.5, c.rotulo, c.x + 2, c.y + 1.5);
  }
  if (!soFicha) {
    texto(doc, 'Helvetica-Bold', 9, 'Recibo do Pagador', M + LARGURA - doc.font('Helvetica-Bold').fontSize(9).widthOfString('Recibo do Pagador'), M + 5);
    texto(doc, 'Helvetica', 6, 'Autenticação mecânica', M + LARGURA - 70, Y_LINHA_RECIBO);
    doc.dash(3, { space: 3 }).moveTo(M, Y_CORTE).lineTo(M + LARGURA, Y_CORTE).stroke().undash();
    texto(doc, 'Helvetica', 5.5, 'Corte na linha pontilhada', M + LARGURA - 70, Y_CORTE + 2);
  }
  doc.rect(M, Y_INSTR, DIR, 5 * H).stroke();
  texto(doc, 'Helvetica', 5.5, 'Instruções (texto de responsabilidade do beneficiário)', M + 2, Y_INSTR + 1.5);
  doc.rect(M, Y_PAGADOR, LARGURA, 34).stroke();
  texto(doc, 'Helvetica', 5.5, 'Pagador', M + 2, Y_PAGADOR + 1.5);
  texto(doc, 'Helvetica', 5.5, 'Sacador/Avalista', M + 2, Y_PAGADOR + 36);
  texto(doc, 'Helvetica', 5.5, 'Autenticação mecânica - Ficha de Compensação', M + LARGURA - 150, Y_PAGADOR + 36);
}

interface PaginaInterna {
  write(s: string): unknown;
  fonts: Record<string, unknown>;
  xobjects: Record<string, unknown>;
  height: number;
}

/** Draws the grid into a form XObject by pointing pdfkit's drawing at a stand-in page for a moment. */
function criarModelo(doc: Doc, soFicha = false): unknown {
  const d = doc as unknown as { page: PaginaInterna; ref(data: object): { end(s: string): void } };
  const real = d.page;
  const conteudo: string[] = [];
  const fontes: Record<string, unknown> = {};
  d.page = { ...real, write: (s: string) => conteudo.push(s), fonts: fontes, xobjects: {}, height: real.height } as PaginaInterna;
  try {
    desenharModelo(doc, soFicha);
  } finally {
    d.page = real;
  }
  const ref = d.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, A4.w, A4.h], Resources: { ProcSet: ['PDF', 'Text'], Font: fontes } });
  ref.end(conteudo.join('\n'));
  return ref;
}

/** Helvetica and Helvetica-Bold as the page content needs them: resource name, ascender and glyph widths (no kerning: none is drawn). */
interface FontePagina {
  id: string;
  ascender: number;
  ref: unknown;
  larguras: Map<string, number>;
  medir(c: string): number;
}
type NomeFonte = 'Helvetica' | 'Helvetica-Bold';

function fontesDoDocumento(doc: Doc): Record<NomeFonte, FontePagina> {
  const uma = (nome: NomeFonte): FontePagina => {
    doc.font(nome);
    const f = (doc as unknown as { _font: DocInterno['_font'] & { widthOfString(s: string, size: number): number } })._font;
    return { id: f.id, ascender: f.ascender, ref: f.ref(), larguras: new Map(), medir: (c) => f.widthOfString(c, 1) };
  };
  return { Helvetica: uma('Helvetica'), 'Helvetica-Bold': uma('Helvetica-Bold') };
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * One page's drawing operators, gathered in a string and handed to pdfkit once: pdfkit turns every
 * write into bytes with a loop in JavaScript, and a boleto page used to make some four hundred writes.
 * Coordinates are pdfkit's (origin top-left: the page starts with pdfkit's flip).
 */
class ConteudoPagina {
  private textos: string[] = [];
  private retangulos: string[] = [];
  private imagens: string[] = [];
  constructor(private fontes: Record<NomeFonte, FontePagina>) {}

  largura(fonte: NomeFonte, tamanho: number, s: string): number {
    const f = this.fontes[fonte];
    let w = 0;
    for (const c of s) {
      let l = f.larguras.get(c);
      if (l === undefined) f.larguras.set(c, (l = f.medir(c)));
      w += l;
    }
    return w * tamanho;
  }

  /** WinAnsi (Latin-1 for Portuguese) in hex, as pdfkit writes it, so the text stays searchable and extractable. */
  texto(fonte: NomeFonte, tamanho: number, s: string, x: number, y: number) {
    const f = this.fontes[fonte];
    const hex = Buffer.from(s.replace(/[^\x00-\xff]/g, '?'), 'latin1').toString('hex');
    // Tm with -1 on y undoes the page's flip for the glyphs; baseline = top + ascender
    this.textos.push(`/${f.id} ${tamanho} Tf 1 0 0 -1 ${num(x)} ${num(y + (f.ascender / 1000) * tamanho)} Tm <${hex}> Tj`);
  }

  retangulo(x: number, y: number, w: number, h: number) {
    this.retangulos.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re`);
  }

  /** An image XObject (the page must list it) in the box x, y, w, h; pdfkit's flip is undone as pdfkit's own image() does. */
  imagem(nome: string, x: number, y: number, w: number, h: number) {
    this.imagens.push(`q ${num(w)} 0 0 ${num(-h)} ${num(x)} ${num(y + h)} cm /${nome} Do Q`);
  }

  /** Appends the marks already made elsewhere (a cached QR drawing) as they are. */
  operadores(ops: string) {
    this.retangulos.push(ops);
  }

  toString(): string {
    // images first: nothing may come between a path's rectangles and its fill
    return `${this.imagens.length ? this.imagens.join('\n') + '\n' : ''}0 g\n${this.retangulos.join('\n')}\nf\nBT\n${this.textos.join('\n')}\nET`;
  }
}

function codigoDeBarras(p: ConteudoPagina, codigo: string, x: number, y: number) {
  // FEBRABAN: 103 mm wide, 13 mm high, wide bars three times the narrow.
  const elementos = elementosI2of5(codigo);
  const modulos = elementos.reduce((a, b) => a + b, 0);
  const fino = (103 * MM) / modulos;
  let pos = x;
  elementos.forEach((e, i) => {
    if (i % 2 === 0) p.retangulo(pos, y, e * fino, 13 * MM);
    pos += e * fino;
  });
}

/**
 * The Pix QR as rectangles, one per horizontal run of dark modules. The mask is fixed (pattern 0)
 * instead of scored over the eight: any mask is a valid QR code (the reader takes it from the format
 * bits), and scoring was a quarter of the carnê's time.
 */
function qrPix(p: ConteudoPagina, conteudo: string, x: number, y: number, tamanho: number) {
  // A BR Code is plain ASCII: one byte-mode segment spares qrcode its search for the cheapest mix of modes.
  const qr = qrcode().create([{ data: Buffer.from(conteudo, 'latin1'), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 } as QRCodeModule.QRCodeOptions);
  const n = qr.modules.size;
  const m = tamanho / n;
  const bits = qr.modules.data;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!bits[r * n + c]) continue;
      let fimRun = c;
      while (fimRun + 1 < n && bits[r * n + fimRun + 1]) fimRun++;
      p.retangulo(x + c * m, y + r * m, (fimRun - c + 1) * m, m);
      c = fimRun;
    }
  }
}

/** A logo embedded in the PDF: its resource name, object and pixel size. */
interface ImagemPdf {
  nome: string;
  obj: unknown;
  largura: number;
  altura: number;
}

const ehPng = (d: Uint8Array) => d.length > 8 && d[0] === 0x89 && d[1] === 0x50 && d[2] === 0x4e && d[3] === 0x47;
const ehJpeg = (d: Uint8Array) => d.length > 4 && d[0] === 0xff && d[1] === 0xd8;
const LOGO_INVALIDO = 'O logo do banco deve ser uma imagem PNG ou JPEG válida.';

/** Opens and embeds a logo once; anything but a readable PNG or JPEG is refused before its first page is written. */
function embutirLogo(doc: Doc, dados: Uint8Array): ImagemPdf {
  if (!(dados instanceof Uint8Array) || !(ehPng(dados) || ehJpeg(dados))) throw new BoletoInvalido(LOGO_INVALIDO, 'logoBanco');
  const d = doc as unknown as { openImage(src: Buffer): { label: string; obj: unknown; width: number; height: number; imgData?: Uint8Array; embed(doc: unknown): void } };
  try {
    const img = d.openImage(Buffer.from(dados.buffer, dados.byteOffset, dados.byteLength));
    if (!(img.width > 0 && img.height > 0)) throw new Error('sem tamanho');
    // pdfkit inflates a PNG with alpha later, in a callback where a corrupt stream could not be caught: inflate it here first
    if (img.imgData) inflateSync(img.imgData);
    img.embed(doc);
    return { nome: img.label, obj: img.obj, largura: img.width, altura: img.height };
  } catch {
    throw new BoletoInvalido(LOGO_INVALIDO, 'logoBanco');
  }
}

/** Each distinct logo is embedded once per PDF, however many boletos carry it (by identity, then by content). */
class Logos {
  private porBuffer = new WeakMap<Uint8Array, ImagemPdf>();
  private porConteudo = new Map<string, ImagemPdf>();
  constructor(private doc: Doc) {}

  obter(dados: Uint8Array): ImagemPdf {
    let img = this.porBuffer.get(dados);
    if (img) return img;
    if (!(dados instanceof Uint8Array)) throw new BoletoInvalido(LOGO_INVALIDO, 'logoBanco');
    const hash = createHash('sha1').update(dados).digest('hex');
    img = this.porConteudo.get(hash);
    if (!img) this.porConteudo.set(hash, (img = embutirLogo(this.doc, dados)));
    this.porBuffer.set(dados, img);
    return img;
  }
}

/**
 * The bank's identification in the header line, as the FEBRABAN layout draws it: the logo box (the bank's name
 * in bold, fitted to the box, or the configuration's logo image) and, between the bars, the code with its digit.
 */
function identificacaoBanco(p: ConteudoPagina, nome: string, codigo: string, logo: ImagemPdf | null, y: number) {
  const caixa = { x: M + 1, y: y + 1, w: X_BARRA_LOGO - M - 5, h: ALTURA_CABECALHO - 3 };
  if (logo) {
    const escala = Math.min(caixa.w / logo.largura, caixa.h / logo.altura);
    const w = logo.largura * escala;
    const h = logo.altura * escala;
    p.imagem(logo.nome, caixa.x, caixa.y + (caixa.h - h) / 2, w, h);
  } else {
    const tamanho = Math.min(12, caixa.w / p.largura('Helvetica-Bold', 1, nome));
    p.texto('Helvetica-Bold', tamanho, nome, M, y + (ALTURA_CABECALHO - tamanho * 0.95) / 2);
  }
  const tamanhoCodigo = 14;
  const largura = p.largura('Helvetica-Bold', tamanhoCodigo, codigo);
  p.texto('Helvetica-Bold', tamanhoCodigo, codigo, (X_BARRA_LOGO + X_BARRA_CODIGO) / 2 - largura / 2, y + 3);
}

interface Contexto {
  modelo: unknown;
  /** Images the page being drawn uses: the page's resources must list them. */
  imagensDaPagina: Map<string, unknown>;
  /** The grid of the ficha de compensação alone, for the carnê with several boletos per page. */
  modeloFicha: unknown;
  fontes: Record<NomeFonte, FontePagina>;
  /** Deflate level for the page content (zlib 0-9); pdfkit's own default is 6. */
  nivel: number;
}

/**
 * Several boletos per page (carnê): each slot holds the ficha de compensação alone, below a cut line,
 * scaled to the slot; the barcode is drawn at full size (FEBRABAN bar widths and 13 mm height).
 */
const TOPO_FICHA = Y_FICHA;
const FIM_FICHA = Y_BARRAS + 13 * MM;
function faixa(porPagina: number, slot: number) {
  const altura = A4.h / porPagina;
  const escala = Math.min(1, (altura - 18) / (FIM_FICHA - TOPO_FICHA));
  const x0 = M + (LARGURA * (1 - escala)) / 2;
  const topo = slot * altura;
  return { topo, altura, escala, tx: x0 - escala * M, ty: topo + 12 - escala * TOPO_FICHA, x0 };
}

function desenharBoleto(ctx: Contexto, b: BoletoMontado, e: BoletoPdf, pix: string | null, logo: ImagemPdf | null, porPagina = 1, slot = 0): string {
  const carne = porPagina > 1;
  const p = new ConteudoPagina(ctx.fontes);
  const banco = obterBanco(b.banco)!;
  const codigoBanco = `${banco.codigo}-${banco.digito}`;
  const valores: Record<Chave, string> = {
    beneficiario: `${e.beneficiario.nome}  ${documento(e.beneficiario.documento)}`,
    agenciaCodigo: formatar(banco.exibicao?.agenciaCodigoBeneficiario ?? '{agencia} / {conta}', b.campos),
    vencimento: dataBr(b.vencimento),
    pagador: `${e.pagador.nome}  ${documento(e.pagador.documento)}`,
    nossoNumero: b.nossoNumeroFormatado,
    valor: reais(b.valor),
    numeroDocumento: e.numeroDocumento,
    dataDocumento: dataBr(e.dataDocumento),
    parcela: e.parcela ?? '1/1',
    localPagamento: banco.localPagamento ?? 'Pagável em qualquer banco até o vencimento',
    especieDocumento: e.especieDocumento ?? 'DM',
    aceite: e.aceite ?? 'N',
    dataProcessamento: dataBr(e.dataProcessamento ?? e.dataDocumento),
    carteira: b.campos.carteira ?? '',
    especie: 'R$',
    vazio: '',
  };
  for (const c of CAIXAS) {
    if (carne && c.y < Y_FICHA) continue;
    const v = valores[c.chave];
    if (!v) continue;
    const fonte = c.negrito ? 'Helvetica-Bold' : 'Helvetica';
    const x = c.alinhar === 'right' ? c.x + c.w - 3 - p.largura(fonte, 8.5, v) : c.x + 3;
    p.texto(fonte, 8.5, v, x, c.y + c.h - 10.5);
  }
  if (logo) ctx.imagensDaPagina.set(logo.nome, logo.obj);
  for (const y of carne ? [Y_FICHA] : [M, Y_FICHA]) identificacaoBanco(p, banco.nomeCurto, codigoBanco, logo, y);
  p.texto('Helvetica-Bold', 10.5, b.linhaDigitavel, M + LARGURA - p.largura('Helvetica-Bold', 10.5, b.linhaDigitavel), Y_FICHA + 5);
  if (!carne) p.texto('Helvetica', 8, b.linhaDigitavel, M, Y_LINHA_RECIBO);
  // on a carnê the Pix QR sits at the right of the instructions box
  const ladoQrCarne = 5 * H - 14;
  if (pix && carne) {
    p.texto('Helvetica', 5.5, 'Pague com Pix', M + DIR - ladoQrCarne - 4, Y_INSTR + 2);
    qrPix(p, pix, M + DIR - ladoQrCarne - 4, Y_INSTR + 10, ladoQrCarne);
  } else if (pix) {
    const y = Y_LINHA_RECIBO + 12;
    p.texto('Helvetica', 6.5, 'Pague com Pix: aponte a câmera do app do seu banco', M, y);
    qrPix(p, pix, M, y + 10, LADO_QR);
    p.texto('Helvetica', 6, 'Pix copia e cola:', M + LADO_QR + 8, y + 10);
    for (let i = 0; i * 90 < pix.length && i < 4; i++) p.texto('Helvetica', 5.5, pix.slice(i * 90, (i + 1) * 90), M + LADO_QR + 8, y + 19 + i * 8);
  }
  (e.instrucoes ?? []).slice(0, 9).forEach((linha, i) => p.texto('Helvetica', 8, linha, M + 3, Y_INSTR + 10 + i * 10));
  // the ficha names the pagador too (FEBRABAN): name and CPF/CNPJ, then the address
  p.texto('Helvetica', 8.5, valores.pagador, M + 3, Y_PAGADOR + 9);
  if (e.pagador.endereco) p.texto('Helvetica', 8.5, e.pagador.endereco, M + 3, Y_PAGADOR + 20);
  if (!carne) {
    codigoDeBarras(p, b.codigoBarras, M, Y_BARRAS);
    return `q /Boleto Do Q\n${p.toString()}\n`;
  }
  const f = faixa(porPagina, slot);
  const barras = new ConteudoPagina(ctx.fontes);
  codigoDeBarras(barras, b.codigoBarras, f.x0, f.ty + f.escala * Y_BARRAS);
  const corte = `q [3 3] 0 d 0.5 w ${num(M)} ${num(f.topo + 5)} m ${num(M + LARGURA)} ${num(f.topo + 5)} l S Q`;
  const escalado = `q ${num(f.escala)} 0 0 ${num(f.escala)} ${num(f.tx)} ${num(f.ty)} cm /BoletoFicha Do\n${p.toString()}\nQ`;
  const rotulo = new ConteudoPagina(ctx.fontes);
  rotulo.texto('Helvetica', 5.5, 'Corte na linha pontilhada', M + LARGURA - 70, f.topo + 7);
  return `${slot > 0 ? corte + '\n' + rotulo.toString() + '\n' : ''}${escalado}\n${barras.toString()}\n`;
}

/** Writes one page's stream: pdfkit's opening flip, then the boletos' marks; deflated here at the chosen level. */
function escreverPagina(doc: Doc, ctx: Contexto, corpoTexto: string) {
  const d = doc as unknown as { page: PaginaInterna & { content: { buffer: Uint8Array[]; compress: boolean; data: Record<string, unknown>; write(c: Uint8Array): void } } };
  d.page.xobjects.Boleto = ctx.modelo;
  d.page.xobjects.BoletoFicha = ctx.modeloFicha;
  d.page.fonts[ctx.fontes.Helvetica.id] = ctx.fontes.Helvetica.ref;
  d.page.fonts[ctx.fontes['Helvetica-Bold'].id] = ctx.fontes['Helvetica-Bold'].ref;
  for (const [nome, obj] of ctx.imagensDaPagina) d.page.xobjects[nome] = obj;
  ctx.imagensDaPagina.clear();
  const conteudo = d.page.content;
  const corpo = Buffer.from(corpoTexto, 'latin1');
  if (!conteudo.compress) {
    conteudo.write(corpo);
    return;
  }
  const tudo = Buffer.concat([...conteudo.buffer, corpo]);
  conteudo.compress = false;
  conteudo.buffer = [];
  conteudo.write(deflateSync(tudo, { level: ctx.nivel }));
  conteudo.data.Filter = 'FlateDecode';
}

/**
 * zlib level for the pages. Measured on the 10,000-boleto carnê (scripts/bench/boletos.ts): level 1 costs
 * a fraction of pdfkit's level 6 for a file only slightly larger; 0 writes the pages uncompressed.
 */
export const NIVEL_COMPRESSAO = 1;

/**
 * Renders boletos into one PDF (a carnê when there are many), writing pages to `saida` as they are made:
 * the producer waits for the consumer, so memory stays flat whatever the number of boletos.
 */
export async function gerarPdfBoletos(
  boletos: Iterable<BoletoPdf> | AsyncIterable<BoletoPdf>,
  saida: Writable,
  opcoes: { compressao?: number; porPagina?: 1 | 3 } = {},
): Promise<number> {
  const nivel = opcoes.compressao ?? NIVEL_COMPRESSAO;
  const porPagina = opcoes.porPagina ?? 1;
  const doc = novoPdf({ size: 'A4', margin: 0, autoFirstPage: false, compress: nivel > 0, info: { Title: 'Boletos', Producer: 'Retaguarda' } });
  const fim = once(saida, 'finish');
  doc.pipe(saida);
  let n = 0;
  let ctx: Contexto | undefined;
  let pagina: string[] = [];
  const logos = new Logos(doc);
  for await (const e of boletos) {
    const b = montarBoleto(e.dados);
    const logo = e.logoBanco ? logos.obter(e.logoBanco) : null;
    const pix = e.pix && 'copiaECola' in e.pix
      ? e.pix.copiaECola
      : e.pix
      ? montarPixEstatico({ chave: e.pix.chave, cidade: e.pix.cidade, nome: e.beneficiario.nome, valor: b.valor, txid: e.pix.txid })
      : null;
    if (!pagina.length) doc.addPage();
    ctx ??= { modelo: criarModelo(doc), modeloFicha: criarModelo(doc, true), fontes: fontesDoDocumento(doc), nivel, imagensDaPagina: new Map() };
    pagina.push(desenharBoleto(ctx, b, e, pix, logo, porPagina, pagina.length));
    n++;
    if (pagina.length === porPagina) {
      escreverPagina(doc, ctx, pagina.join(''));
      pagina = [];
    }
    if (saida.writableNeedDrain) await once(saida, 'drain');
    else if (n % 50 === 0) await new Promise((r) => setImmediate(r));
  }
  if (pagina.length) escreverPagina(doc, ctx!, pagina.join(''));
  if (n === 0) doc.addPage().font('Helvetica').fontSize(10).text('Nenhum boleto.', M, M);
  doc.end();
  await fim;
  return n;
}
