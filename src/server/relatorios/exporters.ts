import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { createWriteStream } from 'node:fs';
import { formatDateTime } from '../../shared/dates.ts';
import { maskCpfCnpj } from '../../shared/documents.ts';
import type { ReportColumn } from './columns.ts';

type Row = Record<string, unknown>;

/** SPEC 9: every report is titled with company name and tax id, user name, date and page number. */
export interface ReportHeader {
  titulo: string;
  empresa: string;
  cpfCnpj: string | null;
  usuario: string;
  data: Date;
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
    style: c.kind === 'money' ? { numFmt: '"R$ "#,##0.00;-"R$ "#,##0.00' } : c.kind === 'decimal' ? { numFmt: '#,##0.00' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      ws.addRow(columns.map((c) => c.cell(r[c.field]))).commit();
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

/** PDF written as a stream (pdfkit flushes each finished page); landscape when the grid is wide. */
export async function writePdf(file: string, header: ReportHeader, columns: ReportColumn[], batches: AsyncIterable<Row[]>): Promise<number> {
  const landscape = columns.length > 6;
  const doc = new PDFDocument({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN, bufferPages: false, autoFirstPage: false, info: { Title: header.titulo, Author: header.usuario } });
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => (out.on('finish', resolve), out.on('error', reject)));
  doc.pipe(out);
  let page = 0;
  let y = 0;
  let width = 0;
  let widths: number[] = [];
  const quando = formatDateTime(header.data);
  const newPage = () => {
    doc.addPage();
    page++;
    width = doc.page.width - 2 * MARGIN;
    const total = columns.reduce((s, c) => s + c.weight, 0);
    widths = columns.map((c) => (c.weight / total) * width);
    doc.font('Helvetica-Bold').fontSize(10).text(header.empresa, MARGIN, MARGIN, { width: width * 0.6, lineBreak: false, ellipsis: true });
    doc.font('Helvetica').fontSize(8).text(header.cpfCnpj ? `CNPJ/CPF: ${maskCpfCnpj(header.cpfCnpj)}` : '', MARGIN, MARGIN + 13, { width: width * 0.6, lineBreak: false });
    doc.text(`Usuário: ${header.usuario}`, MARGIN + width * 0.6, MARGIN, { width: width * 0.4, align: 'right', lineBreak: false });
    doc.text(`Emitido em ${quando}`, MARGIN + width * 0.6, MARGIN + 11, { width: width * 0.4, align: 'right', lineBreak: false });
    doc.text(`Página ${page}`, MARGIN + width * 0.6, MARGIN + 22, { width: width * 0.4, align: 'right', lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(11).text(header.titulo, MARGIN, MARGIN + 36, { width, lineBreak: false });
    y = MARGIN + 56;
    doc.fontSize(FONT);
    let x = MARGIN;
    columns.forEach((c, i) => {
      doc.text(c.title, x + 2, y + 3, { width: widths[i] - 4, lineBreak: false, ellipsis: true, align: alignOf(c) });
      x += widths[i];
    });
    doc.moveTo(MARGIN, y + ROW_H).lineTo(MARGIN + width, y + ROW_H).lineWidth(0.5).stroke();
    y += ROW_H + 2;
    doc.font('Helvetica');
  };
  newPage();
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      if (y + ROW_H > doc.page.height - MARGIN) newPage();
      let x = MARGIN;
      columns.forEach((c, i) => {
        const t = c.text(r[c.field]);
        if (t) doc.text(t, x + 2, y + 3, { width: widths[i] - 4, lineBreak: false, ellipsis: true, align: alignOf(c) });
        x += widths[i];
      });
      y += ROW_H;
      n++;
    }
  }
  if (n === 0) doc.font('Helvetica').fontSize(9).text('Ops, nada encontrado por aqui.', MARGIN, y + 6);
  doc.end();
  await done;
  return n;
}

const alignOf = (c: ReportColumn): 'left' | 'right' | 'center' => (c.kind === 'money' || c.kind === 'decimal' || c.kind === 'integer' ? 'right' : c.kind === 'boolean' ? 'center' : 'left');
