import type PDFKitDocument from 'pdfkit';
import { lazyRequire } from './lazy-require.ts';

/**
 * pdfkit (with its fonts, ~25 MB resident) is loaded on the first PDF a server draws, not when it starts: a
 * DANFE, a DANFSe, boletos, an order, a cash-register report or labels are asked for now and then.
 */
const pdfkit = lazyRequire<typeof PDFKitDocument>('pdfkit');

/** A new pdfkit document. */
export function novoPdf(opcoes?: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  return new (pdfkit())(opcoes);
}

/** Ends a pdfkit document and collects what it wrote (a DANFE, a sheet of labels: small enough for memory). */
export function pdfParaBuffer(d: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    d.on('data', (c: Buffer) => partes.push(c));
    d.on('end', () => resolve(Buffer.concat(partes)));
    d.on('error', reject);
    d.end();
  });
}
