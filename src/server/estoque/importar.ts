import Decimal from 'decimal.js';
import type ExcelJSModule from 'exceljs';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import type { DocumentLifecycle } from '../documents/lifecycle.ts';
import type { DocumentDef } from '../documents/registry.ts';
import { badRequest } from '../http/errors.ts';
import { lazyRequire } from '../lazy-require.ts';

const excelJs = lazyRequire<typeof ExcelJSModule>('exceljs');

/** One line of a data-collector file as read and checked. */
export interface LinhaImportada {
  linha: number;
  codigo: string;
  quantidade: string | null;
  produtoId: number | null;
  descricao: string | null;
  saldoAtual: string | null;
  diferenca: string | null;
  erro: string | null;
}

const QTD = /^\d{1,11}([.,]\d{1,4})?$/;
const HEADER = /^(c[oó]d|gtin|ean|produto)/i;

/** Raw (line, code, quantity) triples from a CSV/TXT (`code;quantity`, `;`, tab or `,`) or an XLSX (columns A and B). */
export async function lerArquivo(formato: string, conteudo: string): Promise<{ linha: number; codigo: string; quantidade: string }[]> {
  if (formato === 'xlsx') {
    const wb = new (excelJs().Workbook)();
    try {
      await wb.xlsx.load(Buffer.from(conteudo, 'base64') as any);
    } catch {
      throw badRequest('Arquivo XLSX inválido ou corrompido.', [{ campo: 'conteudo', mensagem: 'Arquivo inválido' }]);
    }
    const ws = wb.worksheets[0];
    const out: { linha: number; codigo: string; quantidade: string }[] = [];
    ws?.eachRow((row, n) => {
      const cell = (i: number) => {
        const v = row.getCell(i).value;
        return v === null || v === undefined ? '' : typeof v === 'object' && 'result' in (v as object) ? String((v as { result: unknown }).result) : String(v);
      };
      out.push({ linha: n, codigo: cell(1).trim(), quantidade: cell(2).trim() });
    });
    return out.filter((l, i) => !(i === 0 && HEADER.test(l.codigo)) && (l.codigo || l.quantidade));
  }
  if (formato !== 'csv' && formato !== 'txt') throw badRequest('Formato inválido: use csv, txt ou xlsx.', [{ campo: 'formato', mensagem: 'Campo inválido!' }]);
  return conteudo
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((text, i) => ({ text: text.trim(), linha: i + 1 }))
    .filter((l) => l.text !== '')
    .map(({ text, linha }) => {
      const sep = text.includes(';') ? ';' : text.includes('\t') ? '\t' : ',';
      const [codigo = '', quantidade = ''] = text.split(sep).map((s) => s.trim().replace(/^"|"$/g, ''));
      return { linha, codigo, quantidade };
    })
    .filter((l, i) => !(i === 0 && HEADER.test(l.codigo) && !QTD.test(l.quantidade)));
}

/**
 * Checks every line (product by code or GTIN, quantity with up to 4 decimals, not negative) and computes
 * balance and difference in the depósito; a code read twice adds up (a collector may scan twice).
 */
export async function conferir(q: Queryable, ctx: RequestContext, depositoId: number, lidas: { linha: number; codigo: string; quantidade: string }[]): Promise<LinhaImportada[]> {
  const codigos = [...new Set(lidas.map((l) => l.codigo).filter(Boolean))];
  const produtos = codigos.length
    ? (await q.query<{ id: number; codigo: string | null; gtin: string | null; descricao: string }>('SELECT id, codigo, gtin, descricao FROM produtos WHERE tenant_id = $1 AND NOT servico AND (codigo = ANY($2::text[]) OR gtin = ANY($2::text[]))', [ctx.tenantId, codigos])).rows
    : [];
  const porCodigo = new Map<string, { id: number; descricao: string }>();
  for (const p of produtos) {
    if (p.gtin) porCodigo.set(p.gtin, p);
    if (p.codigo) porCodigo.set(p.codigo, p);
  }
  const ids = [...new Set(produtos.map((p) => Number(p.id)))];
  const saldos = new Map(
    ids.length
      ? (await q.query<{ produto_id: number; quantidade: string }>('SELECT produto_id, quantidade FROM saldos_estoque WHERE tenant_id = $1 AND deposito_id = $2 AND produto_id = ANY($3::integer[]) AND variacao_id IS NULL AND lote_id IS NULL', [ctx.tenantId, depositoId, ids])).rows.map((s) => [Number(s.produto_id), s.quantidade])
      : [],
  );
  const total = new Map<number, Decimal>();
  const out = lidas.map((l): LinhaImportada => {
    const base = { linha: l.linha, codigo: l.codigo, quantidade: null, produtoId: null, descricao: null, saldoAtual: null, diferenca: null };
    if (!l.codigo) return { ...base, erro: `Linha ${l.linha}: código do produto em branco.` };
    const p = porCodigo.get(l.codigo);
    if (!p) return { ...base, erro: `Linha ${l.linha}: produto com código ${l.codigo} não encontrado.` };
    const raw = l.quantidade.replace(',', '.');
    if (l.quantidade.startsWith('-')) return { ...base, produtoId: p.id, descricao: p.descricao, erro: `Linha ${l.linha}: quantidade não pode ser negativa (${l.quantidade}).` };
    if (!QTD.test(l.quantidade)) return { ...base, produtoId: p.id, descricao: p.descricao, erro: `Linha ${l.linha}: quantidade inválida (${l.quantidade || 'em branco'}); use um número com até 4 casas decimais.` };
    total.set(Number(p.id), (total.get(Number(p.id)) ?? new Decimal(0)).plus(raw));
    return { ...base, quantidade: new Decimal(raw).toFixed(4), produtoId: Number(p.id), descricao: p.descricao, erro: null };
  });
  for (const l of out) {
    if (l.erro || l.produtoId === null) continue;
    const saldo = new Decimal(saldos.get(l.produtoId) ?? '0');
    l.saldoAtual = saldo.toFixed(4);
    l.diferenca = total.get(l.produtoId)!.minus(saldo).toFixed(4);
  }
  return out;
}

/** Posts the whole file as one acerto (created and efetivado in the caller's transaction): all or nothing. */
export async function importarComoAcerto(q: Queryable, ctx: RequestContext, lifecycle: DocumentLifecycle, acerto: DocumentDef, depositoId: number, motivo: string, linhas: LinhaImportada[]) {
  const erros = linhas.filter((l) => l.erro);
  if (!linhas.length) throw badRequest('O arquivo não tem linhas com produtos.', [{ campo: 'conteudo', mensagem: 'Arquivo vazio' }]);
  if (erros.length) {
    throw badRequest(`O arquivo tem ${erros.length} linha(s) com erro; nada foi importado. ${erros.slice(0, 5).map((e) => e.erro).join(' ')}`, erros.map((e) => ({ campo: 'conteudo', linha: e.linha, mensagem: e.erro! })));
  }
  const total = new Map<number, Decimal>();
  for (const l of linhas) total.set(l.produtoId!, (total.get(l.produtoId!) ?? new Decimal(0)).plus(l.quantidade!));
  const itens = [...total].map(([produtoId, qtd]) => ({ produtoId, quantidade: qtd.toFixed(4).replace(/\.?0+$/, '') || '0' }));
  const doc = await lifecycle.create(q, acerto, ctx, { depositoId, motivo, itens });
  return lifecycle.transition(q, acerto, ctx, doc.id as number, 'efetivar');
}
