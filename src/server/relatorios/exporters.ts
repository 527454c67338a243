import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { createWriteStream } from 'node:fs';
import Decimal from 'decimal.js';
import { formatDateTime } from '../../shared/dates.ts';
import { formatBRL } from '../../shared/money.ts';
import { maskCpfCnpj } from '../../shared/cpf-cnpj.ts';
import type { ReportColumn } from './columns.ts';
import { alinhadoADireita } from '../../shared/report-format.ts';

type Row = Record<string, unknown>;

/** SPEC 9: every report is titled with company name and tax id, user name, date and page number. */
export interface ReportHeader {
  titulo: string;
  empresa: string;
  cpfCnpj: string | null;
  usuario: string;
  data: Date;
  /** The branch's time zone: every time of the file (header, date-time cells) is its wall clock. */
  fusoHorario?: string;
  /** The period the filter covers ('Vencimento: 01/08/2026 a 31/08/2026'), when it names one (issue 43). */
  periodo?: string | null;
}

/** XLSX written as a stream (exceljs WorkbookWriter): each row is committed and leaves memory. */
export async function writeXlsx(file: string, header: ReportHeader, columns: ReportColumn[], batches: AsyncIterable<Row[]>): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  wb.creator = header.usuario;
  const ws = wb.addWorksheet(header.titulo.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  ws.columns = columns.map((c) => ({
    header: c.title,
    key: c.field,
    width: Math.round(10 + c.weight * 8),
    style: c.kind === 'money' ? { numFmt: '"R$ "#,##0.00;-"R$ "#,##0.00' } : c.kind === 'decimal' ? { numFmt: '#,##0.00' } : c.kind === 'percent' ? { numFmt: '#,##0.00"%"' }
      : c.kind === 'date' ? { numFmt: 'dd/mm/yyyy' } : c.kind === 'datetime' ? { numFmt: 'dd/mm/yyyy hh:mm' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  // One style object per column shared by all its cells: exceljs caches a style's id by object identity, so
  // the per-cell copies it makes would each be rendered to XML and looked up again (a fifth of a big export).
  const styles = columns.map((_, i) => ({ ...ws.getColumn(i + 1).style }));
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      // Dates and times as date cells in the branch's zone, money as numbers: the spreadsheet sorts and adds them up.
      const row = ws.addRow(columns.map((c) => c.cell(r[c.field], header.fusoHorario)));
      for (let i = 0; i < columns.length; i++) row.getCell(i + 1).style = styles[i];
      row.commit();
      n++;
    }
  }
  ws.commit();
  await wb.commit();
  return n;
}

const MARGIN = 28;
const ROW_H = 14;
const FONT = 7.5;
/** Helvetica's ascender (AFM units): text drawn at top y has its baseline this far below. */
const ASCENDER = 718;
const ELLIPSIS = '\u2026';

/** WinAnsiEncoding codes of the characters outside Latin-1 that the standard fonts can draw (PDF 32000, D.2). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '\u20ac': 0x80, '\u201a': 0x82, '\u0192': 0x83, '\u201e': 0x84, '\u2026': 0x85, '\u2020': 0x86, '\u2021': 0x87, '\u02c6': 0x88, '\u2030': 0x89,
  '\u0160': 0x8a, '\u2039': 0x8b, '\u0152': 0x8c, '\u017d': 0x8e, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u2022': 0x95,
  '\u2013': 0x96, '\u2014': 0x97, '\u02dc': 0x98, '\u2122': 0x99, '\u0161': 0x9a, '\u203a': 0x9b, '\u0153': 0x9c, '\u017e': 0x9e, '\u0178': 0x9f,
};

/** The WinAnsi code of a character; '?' for what the standard fonts cannot draw, a space for control characters. */
export function winAnsiCode(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c < 0x20 || c === 0x7f) return 0x20;
  if (c < 0x80 || (c >= 0xa0 && c <= 0xff && ch.length === 1)) return c;
  return WIN_ANSI_EXTRA[ch] ?? 0x3f;
}

/**
 * Table cells written straight into the page's content stream: one text object per row, each cell placed
 * with precomputed column positions and truncated with '…' by widths measured once per character through
 * pdfkit's font metrics. pdfkit still owns the document (pages, fonts, header, compression); this only
 * replaces its per-call text layout, which dominated the time for large reports.
 */
class CellWriter {
  private readonly codes = new Map<string, { hex: string; width: number }>();
  private parts: string[] = [];
  readonly ellipsis: { hex: string; width: number };

  constructor(private readonly doc: PDFKit.PDFDocument, private readonly font: PdfFont, private readonly size: number) {
    this.ellipsis = this.glyph(ELLIPSIS);
  }

  private glyph(ch: string): { hex: string; width: number } {
    let g = this.codes.get(ch);
    if (!g) {
      const code = winAnsiCode(ch);
      // Measured with the character actually drawn, at the cell's size.
      // Measured as drawn: the extra WinAnsi characters by themselves (pdfkit maps them the same way).
      const drawn = code >= 0x80 && code < 0xa0 ? ch : String.fromCharCode(code);
      g = { hex: code.toString(16).padStart(2, '0'), width: this.font.widthOfString(drawn, this.size) };
      this.codes.set(ch, g);
    }
    return g;
  }

  /** The encoded text that fits in `width` (ending in '…' when cut) and its width. */
  fit(text: string, width: number): { hex: string; width: number } {
    let hex = '';
    let w = 0;
    const chars = [...text];
    let i = 0;
    for (; i < chars.length; i++) {
      const g = this.glyph(chars[i]);
      if (w + g.width > width) break;
      hex += g.hex;
      w += g.width;
    }
    if (i === chars.length) return { hex, width: w };
    // Cut: drop characters until the ellipsis fits too.
    hex = '';
    w = 0;
    for (const ch of chars) {
      const g = this.glyph(ch);
      if (w + g.width + this.ellipsis.width > width) break;
      hex += g.hex;
      w += g.width;
    }
    return { hex: hex + this.ellipsis.hex, width: w + this.ellipsis.width };
  }

  /** One row: cells at (x, top) with their width and alignment, as one text object. */
  row(top: number, cells: { text: string; x: number; width: number; align: 'left' | 'right' | 'center' }[]): void {
    const baseline = this.doc.page.height - top - (ASCENDER / 1000) * this.size;
    let ops = '';
    for (const c of cells) {
      if (!c.text) continue;
      const f = this.fit(c.text, c.width);
      const x = c.align === 'right' ? c.x + c.width - f.width : c.align === 'center' ? c.x + (c.width - f.width) / 2 : c.x;
      ops += `1 0 0 1 ${x.toFixed(2)} ${baseline.toFixed(2)} Tm <${f.hex}> Tj\n`;
    }
    if (ops) this.parts.push(`BT /${this.font.id} ${this.size} Tf\n${ops}ET\n`);
  }

  /** Writes the rows of the current page (in PDF coordinates, undoing pdfkit's flipped page space). */
  flush(): void {
    if (!this.parts.length) return;
    const doc = this.doc as unknown as { page: { height: number; write(chunk: Uint8Array): void } };
    doc.page.write(Buffer.from(`q 1 0 0 -1 0 ${doc.page.height} cm\n${this.parts.join('')}Q\n`, 'latin1'));
    this.parts = [];
  }
}

/** pdfkit's font object (not in its public types): resource name, metrics, reference. */
interface PdfFont {
  id: string;
  widthOfString(text: string, size: number): number;
  ref(): unknown;
}

/** The font object behind the current font, registered as a resource of the current page. */
function currentFont(doc: PDFKit.PDFDocument): PdfFont {
  const d = doc as unknown as { _font?: PdfFont; page: { fonts: Record<string, unknown> } };
  if (!d._font?.id) throw new Error('pdfkit: fonte atual indisponível');
  d.page.fonts[d._font.id] ??= d._font.ref();
  return d._font;
}

/** PDF written as a stream (pdfkit flushes each finished page); landscape when the grid is wide. */
export async function writePdf(file: string, header: ReportHeader, columns: ReportColumn[], batches: AsyncIterable<Row[]>): Promise<number> {
  const landscape = columns.length > 6;
  const doc = new PDFDocument({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN, bufferPages: false, autoFirstPage: false, info: { Title: header.titulo, Author: header.usuario } });
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => (out.on('finish', resolve), out.on('error', reject)));
  doc.pipe(out);
  let page = 0;
  let y = 0;
  let cells: { x: number; width: number; align: 'left' | 'right' | 'center' }[] = [];
  let writer: CellWriter | null = null;
  const quando = formatDateTime(header.data, header.fusoHorario);
  const newPage = () => {
    writer?.flush();
    doc.addPage();
    page++;
    const width = doc.page.width - 2 * MARGIN;
    const total = columns.reduce((s, c) => s + c.weight, 0);
    const widths = columns.map((c) => (c.weight / total) * width);
    doc.font('Helvetica-Bold').fontSize(10).text(header.empresa, MARGIN, MARGIN, { width: width * 0.6, lineBreak: false, ellipsis: true });
    doc.font('Helvetica').fontSize(8).text(header.cpfCnpj ? `CNPJ/CPF: ${maskCpfCnpj(header.cpfCnpj)}` : '', MARGIN, MARGIN + 13, { width: width * 0.6, lineBreak: false });
    doc.text(`Usuário: ${header.usuario}`, MARGIN + width * 0.6, MARGIN, { width: width * 0.4, align: 'right', lineBreak: false });
    doc.text(`Emitido em ${quando}`, MARGIN + width * 0.6, MARGIN + 11, { width: width * 0.4, align: 'right', lineBreak: false });
    doc.text(`Página ${page}`, MARGIN + width * 0.6, MARGIN + 22, { width: width * 0.4, align: 'right', lineBreak: false });
    // The title, then what the list was filtered by and the period it covers (issue 43): 'Receitas — UF: Bahia'
    // is titled 'Receitas' with 'Filtros: UF: Bahia' below.
    const [titulo, ...filtros] = header.titulo.split(' — ');
    doc.font('Helvetica-Bold').fontSize(11).text(titulo, MARGIN, MARGIN + 36, { width, lineBreak: false });
    doc.font('Helvetica').fontSize(8).text(`Filtros: ${filtros.length ? filtros.join(' — ') : 'nenhum (todos os registros)'}`, MARGIN, MARGIN + 51, { width, lineBreak: false, ellipsis: true });
    doc.text(`Período: ${header.periodo ?? 'todo o período'}`, MARGIN, MARGIN + 62, { width, lineBreak: false, ellipsis: true });
    y = MARGIN + 78;
    doc.fontSize(FONT);
    let x = MARGIN;
    cells = columns.map((c, i) => {
      const cell = { x: x + 2, width: widths[i] - 4, align: alignOf(c) };
      x += widths[i];
      return cell;
    });
    columns.forEach((c, i) => doc.text(c.title, cells[i].x, y + 3, { width: cells[i].width, lineBreak: false, ellipsis: true, align: cells[i].align }));
    doc.moveTo(MARGIN, y + ROW_H).lineTo(MARGIN + width, y + ROW_H).lineWidth(0.5).stroke();
    y += ROW_H + 2;
    doc.font('Helvetica').fontSize(FONT);
    // Metrics are measured once for the whole document; only the page's font resource is new.
    const font = currentFont(doc);
    writer ??= new CellWriter(doc, font, FONT);
  };
  newPage();
  let n = 0;
  // The totals row: the money columns added up exactly (decimal.js over the stored decimal strings).
  const somas = columns.map((c) => (c.kind === 'money' ? new Decimal(0) : null));
  for await (const batch of batches) {
    for (const r of batch) {
      if (y + ROW_H > doc.page.height - MARGIN) newPage();
      writer!.row(y + 3, columns.map((c, i) => ({ text: c.text(r[c.field], header.fusoHorario), ...cells[i] })));
      columns.forEach((c, i) => {
        const v = r[c.field];
        if (!somas[i] || v === null || v === undefined || v === '') return;
        try {
          somas[i] = somas[i]!.plus(String(v));
        } catch {
          // Not a number (never from a money column): left out of the sum.
        }
      });
      y += ROW_H;
      n++;
    }
  }
  writer!.flush();
  if (n === 0) doc.font('Helvetica').fontSize(9).text('Ops, nada encontrado por aqui.', MARGIN, y + 6);
  else {
    if (y + ROW_H + 4 > doc.page.height - MARGIN) newPage();
    const right = cells[cells.length - 1].x + cells[cells.length - 1].width + 2;
    doc.moveTo(MARGIN, y + 1).lineTo(right, y + 1).lineWidth(0.5).stroke();
    doc.font('Helvetica-Bold').fontSize(FONT);
    const rotulo = `Total (${n} ${n === 1 ? 'registro' : 'registros'})`;
    const first = somas.findIndex((s) => s !== null);
    // The label spans the columns before the first sum (the whole row when nothing is money).
    const ateX = first > 0 ? cells[first].x - 4 : first === 0 ? cells[0].x + cells[0].width : right - MARGIN;
    doc.text(rotulo, cells[0].x, y + 4, { width: Math.max(40, ateX - cells[0].x), lineBreak: false, ellipsis: true });
    somas.forEach((s, i) => {
      if (s && i !== 0) doc.text(formatBRL(s), cells[i].x, y + 4, { width: cells[i].width, lineBreak: false, align: 'right' });
    });
    doc.font('Helvetica');
  }
  doc.end();
  await done;
  return n;
}

const alignOf = (c: ReportColumn): 'left' | 'right' | 'center' => (alinhadoADireita(c.kind) ? 'right' : c.kind === 'boolean' ? 'center' : 'left');
