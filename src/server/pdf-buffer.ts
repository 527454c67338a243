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
