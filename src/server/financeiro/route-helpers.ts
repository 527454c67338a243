import Decimal from 'decimal.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { LevelName } from '../../shared/permissions.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { listDef } from '../resources/filter-sql.ts';
import { SCHEMAS_DIR } from '../catalog/documents.ts';
import type { Queryable } from '../db/db.ts';
import { cabecalhoOut, STATUS_PARCELA_SQL } from './lancamentos.ts';
import { answer, DATE, INT, INT_OR_NULL, MONEY } from '../http/route-schema.ts';

/**
 * What the finance core's route files share (lancamentos-routes, parcelas-routes, contas-routes, anexos-routes):
 * the permission check, the answers' shapes (and their JSON Schemas for /api/openapi.json), the list columns.
 */
export type Row = Record<string, any>;

const ACAO: Record<LevelName, string> = { none: 'consultar', view: 'consultar', create: 'lançar', change: 'alterar', full: 'estornar ou cancelar' };
export function guard(ctx: RequestContext, level: LevelName, key = 'app.lancamento'): void {
  if (!serverAllows(ctx, key, level)) throw forbidden(`Você não tem permissão para ${ACAO[level]} lançamentos financeiros.`);
}

export function tipoOf(v: unknown): number {
  if (v !== 0 && v !== 1 && v !== '0' && v !== '1') throw badRequest('Tipo: use 0 (receita) ou 1 (despesa).');
  return Number(v);
}

export const STATUS = new Set(['aberto', 'parcial', 'pago', 'atrasado', 'cancelado']);
export const money = (v: unknown) => (v == null ? null : new Decimal(String(v)).toFixed(2));
export const isoDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? null : String(v).slice(0, 10));

function parcelaOut(r: Row) {
  return {
    id: Number(r.id),
    lancamentoId: Number(r.lancamento_id),
    numero: Number(r.numero),
    vencimento: isoDate(r.vencimento),
    valor: money(r.valor),
    valorBaixado: money(r.valor_baixado),
    valorAberto: money(r.valor_aberto),
    status: r.status as string,
  };
}

function lancamentoOut(r: Row) {
  return {
    ...cabecalhoOut(r),
    contaId: r.conta_id == null ? null : Number(r.conta_id),
    documento: r.documento,
    dataEmissao: isoDate(r.data_emissao),
    competencia: isoDate(r.competencia)?.slice(0, 7),
    valorTotal: money(r.valor_total),
    cancelado: r.cancelado,
    origemTipo: r.origem_tipo,
    origemId: r.origem_id == null ? null : Number(r.origem_id),
  };
}

/** The lançamento form's document: the same JSON Schema validates POST /api/Lancamentos and the screen. */
export const LANCAMENTO_DOC: ResourceDoc = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'financeiro/lancamento.json'), 'utf8'));

/** Attachments of a lançamento: any file up to 5 MB (a boleto's PDF, a receipt's photo, the supplier's invoice). */
export const ANEXO_MAX_BYTES = 5 * 1024 * 1024;
export const ANEXO_NOME = /^[^/\\\u0000-\u001f]{1,120}$/;

const PARCELAS_SQL = `SELECT p.*, p.valor - p.valor_baixado AS valor_aberto, ${STATUS_PARCELA_SQL} AS status
  FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id`;

export async function comParcelas(q: Queryable, ctx: RequestContext, rows: Row[]) {
  if (!rows.length) return [];
  const ps = await q.query(`${PARCELAS_SQL} WHERE p.tenant_id = $1 AND p.lancamento_id = ANY($2::int[]) ORDER BY p.lancamento_id, p.numero`, [ctx.tenantId, rows.map((r) => r.id)]);
  const by = new Map<number, ReturnType<typeof parcelaOut>[]>();
  for (const p of ps.rows) {
    const o = parcelaOut(p);
    by.set(o.lancamentoId, [...(by.get(o.lancamentoId) ?? []), o]);
  }
  return rows.map((r) => ({ ...lancamentoOut(r), parcelas: by.get(Number(r.id)) ?? [] }));
}

/** The columns GET /api/Lancamentos filters and orders by (the fields of its answer). */
export const LANCAMENTOS_LISTA = listDef('Lancamentos', 'lancamentos', [
  ['id', 'integer'], ['tipo', 'integer'], ['descricao', 'text'], ['pessoaId', 'integer'], ['categoriaId', 'integer'], ['centroCustoId', 'integer'],
  ['contaId', 'integer'], ['documento', 'text'], ['dataEmissao', 'date'], ['competencia', 'date'], ['valorTotal', 'number'], ['cancelado', 'boolean'],
  ['origemTipo', 'text'], ['origemId', 'integer'], ['createdAt', 'datetime'], ['updatedAt', 'datetime'],
]);
/** The columns GET /api/MovimentosFinanceiros filters and orders by. */
export const MOVIMENTOS_LISTA = listDef('MovimentosFinanceiros', 'movimentos_financeiros', [
  ['id', 'integer'], ['contaId', 'integer'], ['data', 'date'], ['valor', 'number'], ['baixaId', 'integer'], ['transferenciaId', 'integer'], ['descricao', 'text'],
]);

export interface SimpleFilter {
  where?: Record<string, unknown>;
  limit?: number;
  skip?: number;
}
export function paging(f: SimpleFilter): { limit: number; skip: number } {
  const limit = f.limit == null ? 50 : Number(f.limit);
  const skip = f.skip == null ? 0 : Number(f.skip);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw badRequest('filter.limit: informe de 1 a 1000.');
  if (!Number.isInteger(skip) || skip < 0) throw badRequest('filter.skip: informe um número inteiro a partir de 0.');
  return { limit, skip };
}

export const baixaOut = (r: Row) => ({
  id: Number(r.id),
  parcelaId: Number(r.parcela_id),
  contaId: Number(r.conta_id),
  data: isoDate(r.data),
  valor: money(r.valor),
  principal: money(r.principal),
  juros: money(r.juros),
  multa: money(r.multa),
  desconto: money(r.desconto),
  estornoDe: r.estorno_de == null ? null : Number(r.estorno_de),
});

// The answers' JSON Schemas, as /api/openapi.json shows them (route-schema.ts).
export const TAGS = ['Financeiro'];
export const CONFLITO = answer('Estado não permite (já estornada, já cancelado)');
const parcelaSchema = {
  type: 'object',
  properties: { id: INT, lancamentoId: INT, numero: INT, vencimento: DATE, valor: MONEY, valorBaixado: MONEY, valorAberto: MONEY, status: { enum: ['aberto', 'parcial', 'pago', 'atrasado', 'cancelado'] } },
};
export const BAIXA_SCHEMA = { type: 'object', properties: { id: INT, parcelaId: INT, contaId: INT, data: DATE, valor: MONEY, principal: MONEY, juros: MONEY, multa: MONEY, desconto: MONEY, estornoDe: INT_OR_NULL } };
export const LANCAMENTO_SCHEMA = {
  type: 'object',
  properties: {
    id: INT,
    tipo: { enum: [0, 1], description: '0 receita, 1 despesa' },
    descricao: { type: 'string' },
    pessoaId: INT_OR_NULL,
    categoriaId: INT_OR_NULL,
    centroCustoId: INT_OR_NULL,
    contaId: INT_OR_NULL,
    documento: { type: ['string', 'null'] },
    dataEmissao: DATE,
    competencia: { type: ['string', 'null'], description: 'AAAA-MM' },
    valorTotal: MONEY,
    cancelado: { type: 'boolean' },
    origemTipo: { type: ['string', 'null'] },
    origemId: INT_OR_NULL,
    parcelas: { type: 'array', items: parcelaSchema },
  },
};
