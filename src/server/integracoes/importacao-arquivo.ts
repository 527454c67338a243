import type ExcelJSModule from 'exceljs';
import type IconvModule from 'iconv-lite';
import { Readable } from 'node:stream';
import { badRequest, HttpError } from '../http/errors.ts';
import { lazyRequire } from '../lazy-require.ts';

// Loaded on the first import, not when the server starts (npm run bench:start counts what loads before the first login).
const excelJs = lazyRequire<typeof ExcelJSModule>('exceljs');
const iconv = lazyRequire<typeof IconvModule>('iconv-lite');

/** Largest file accepted (decoded): a 50 MB export is refused with 413 and a message, before anything is parsed. */
export const TAMANHO_MAXIMO = 20 * 1024 * 1024;
/** Rows per file (the header apart). */
export const LINHAS_MAXIMAS = 100_000;

export interface Planilha {
  cabecalho: string[];
  linhas: string[][];
}

/**
 * Text of a CSV file: UTF-8 when it is valid UTF-8 (a BOM is dropped), otherwise Windows-1252/Latin-1 — what
 * Excel and the Brazilian ERPs write when they "save as CSV" — decoded by iconv-lite.
 */
export function decodificar(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return iconv().decode(buf, 'win1252');
  }
}

/** The separator of a CSV: the one of `;`, tab and `,` found most in the first line outside quotes. */
function separador(texto: string): string {
  const primeira = (texto.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const conta = (c: string) => primeira.split(c).length - 1;
  return [';', '\t', ','].reduce((a, b) => (conta(b) > conta(a) ? b : a), ';');
}

/** A cell of an XLSX as text: numbers with '.', dates as yyyy-mm-dd, a formula by its cached result. */
function celula(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o) {
      if (o.result === undefined || o.result === null || (typeof o.result === 'object' && 'error' in (o.result as object))) return '';
      return celula(o.result);
    }
    if ('richText' in o && Array.isArray(o.richText)) return o.richText.map((t: { text?: string }) => t.text ?? '').join('');
    if ('text' in o) return String(o.text ?? '');
    if ('error' in o) return '';
    return '';
  }
  return String(v);
}

/** Reads a CSV (any of `;`, tab or `,`, UTF-8 or Latin-1, with or without BOM) or an XLSX (its first sheet). */
export async function lerPlanilha(formato: string, conteudoBase64: string): Promise<Planilha> {
  const buf = Buffer.from(conteudoBase64, 'base64');
  if (buf.length > TAMANHO_MAXIMO) throw new HttpError(413, `Arquivo maior que ${TAMANHO_MAXIMO / 1024 / 1024} MB: divida a planilha em arquivos menores.`);
  if (!buf.length) throw badRequest('O arquivo está vazio.', [{ campo: 'conteudo', mensagem: 'Campo Obrigatório!' }]);
  let tabela: string[][];
  if (formato === 'xlsx') {
    // The streaming reader (exceljs WorkbookReader): rows parsed as the zip inflates, no workbook model kept in memory.
    // Styles are read (a date cell is a number with a date format); only the first sheet, stopped past the row limit.
    tabela = [];
    try {
      const leitor = new (excelJs().stream.xlsx.WorkbookReader)(Readable.from([buf]), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' } as any);
      for await (const ws of leitor) {
        for await (const row of ws as AsyncIterable<{ values: unknown[] }>) {
          const valores = (row.values as unknown[]).slice(1);
          const linha = Array.from(valores, (v) => celula(v).trim());
          if (linha.some((c) => c !== '')) tabela.push(linha);
          if (tabela.length - 1 > LINHAS_MAXIMAS) break;
        }
        break;
      }
    } catch {
      throw badRequest('Arquivo XLSX inválido ou corrompido.', [{ campo: 'conteudo', mensagem: 'Arquivo inválido' }]);
    }
  } else if (formato === 'csv' || formato === 'txt') {
    const texto = decodificar(buf).replace(/^\uFEFF/, '');
    // csv-parse's stream parser, records read as they come (and stopped past the row limit).
    const { parse } = await import('csv-parse');
    tabela = [];
    try {
      const parser = Readable.from([texto]).pipe(parse({ delimiter: separador(texto), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }));
      for await (const rec of parser as AsyncIterable<string[]>) {
        tabela.push(rec);
        if (tabela.length - 1 > LINHAS_MAXIMAS) {
          parser.destroy();
          break;
        }
      }
    } catch (e) {
      throw badRequest(`Arquivo CSV inválido: ${(e as Error).message.slice(0, 200)}`, [{ campo: 'conteudo', mensagem: 'Arquivo inválido' }]);
    }
  } else {
    throw badRequest('Formato inválido: envie um arquivo CSV ou XLSX.', [{ campo: 'formato', mensagem: 'Campo inválido!' }]);
  }
  tabela = tabela.filter((l) => l.some((c) => c !== ''));
  if (tabela.length < 2) throw badRequest('A planilha precisa de uma linha de cabeçalho e ao menos uma linha de dados.', [{ campo: 'conteudo', mensagem: 'Arquivo sem dados' }]);
  if (tabela.length - 1 > LINHAS_MAXIMAS) throw new HttpError(413, `A planilha tem mais de ${LINHAS_MAXIMAS.toLocaleString('pt-BR')} linhas: divida-a em arquivos menores.`);
  const cabecalho = tabela[0].map((c, i) => c || `Coluna ${i + 1}`);
  const largura = Math.max(...tabela.map((l) => l.length));
  while (cabecalho.length < largura) cabecalho.push(`Coluna ${cabecalho.length + 1}`);
  return { cabecalho, linhas: tabela.slice(1).map((l) => cabecalho.map((_, i) => l[i] ?? '')) };
}
