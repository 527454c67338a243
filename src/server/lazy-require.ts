import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of when the server starts. pdfkit (with its fonts),
 * exceljs, node-forge and bwip-js cost about half a second of every restart while most starts never print a
 * label, read a spreadsheet or open a certificate (npm run bench:start).
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
