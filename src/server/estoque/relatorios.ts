import { TIPO_MOVIMENTACAO } from '../../../generated/lookups.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { fonteDoDocumento } from '../relatorios/documentos.ts';
import { inteiro, instante, objeto, periodo } from '../relatorios/parametros.ts';
import type { ReportSource } from '../relatorios/sources.ts';
import { ORIGENS_ENTRADA_NOTA } from '../../shared/estoque-origens.ts';
import { posicaoPagina } from './posicao.ts';

type Row = Record<string, unknown>;

/** Posição de estoque (balance and value at cost per product × depósito of the branch), optionally of one depósito. */
export const POSICAO_ESTOQUE: ReportSource = fonteDoDocumento('PosicaoEstoque', {
  parametros(where) {
    const w = objeto(where);
    return { depositoId: inteiro(w, 'depositoId', 'Depósito') };
  },
  async chunk(q, ctx, p, after, limit) {
    const rows = await posicaoPagina(q, ctx, { depositoId: p.depositoId as number | null, depoisDe: after as [number, number] | null, limit });
    const last = rows[rows.length - 1];
    return { rows: rows as unknown as Row[], after: last ? [last.produtoId, last.depositoId] : after };
  },
});

/**
 * Movimentação de estoque: the branch's ledger, newest first, by period (de/ate, ISO instants), product, type
 * and depósito, with the document each movement came from.
 */
export const MOVIMENTACAO_ESTOQUE: ReportSource = fonteDoDocumento('MovimentacaoEstoque', {
  parametros(where) {
    const w = objeto(where);
    const tipo = w.tipo === undefined || w.tipo === null || w.tipo === '' ? null : Number(w.tipo);
    if (tipo !== null && !TIPO_MOVIMENTACAO.some((t) => t.value === tipo)) throw badRequest(`Tipo de movimentação inválido: ${String(w.tipo)}.`, [{ campo: 'tipo', mensagem: 'Campo inválido!' }]);
    return { ...periodo(w, instante), tipo, produtoId: inteiro(w, 'produtoId', 'Produto'), depositoId: inteiro(w, 'depositoId', 'Depósito') };
  },
  texto: (services) => {
    const documentos = new Map([...(services.documents?.byName.values() ?? [])].map((d) => [d.name, d.doc.singular]));
    return { documento: (v) => documentoTexto(v, documentos) };
  },
  async chunk(q, ctx, p, after, limit) {
    const r = await q.query<Row>(
      `SELECT m.id, m.created_at AS "createdAt", pr.codigo, pr.descricao AS produto, d.descricao AS deposito, l.numero AS lote, m.tipo, m.quantidade,
              m.custo_unitario AS "custoUnitario", json_build_array(m.origem_tipo, doc.numero, m.estorno_de IS NOT NULL) AS documento, u.nome AS usuario
         FROM movimentos_estoque m
         JOIN produtos pr ON pr.tenant_id = m.tenant_id AND pr.id = m.produto_id
         JOIN depositos d ON d.tenant_id = m.tenant_id AND d.id = m.deposito_id
         LEFT JOIN lotes l ON l.tenant_id = m.tenant_id AND l.id = m.lote_id
         LEFT JOIN documentos doc ON doc.tenant_id = m.tenant_id AND doc.id = m.origem_id AND doc.tipo = m.origem_tipo
         LEFT JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.usuario_id
        WHERE m.tenant_id = $1 AND m.filial_id = $2
          AND ($3::timestamptz IS NULL OR m.created_at >= $3) AND ($4::timestamptz IS NULL OR m.created_at <= $4)
          AND ($5::smallint IS NULL OR m.tipo = $5) AND ($6::integer IS NULL OR m.produto_id = $6) AND ($7::integer IS NULL OR m.deposito_id = $7)
          AND ($8::bigint IS NULL OR m.id < $8)
        ORDER BY m.id DESC LIMIT $9`,
      [ctx.tenantId, ctx.branchId, p.de, p.ate, p.tipo, p.produtoId, p.depositoId, after ?? null, limit],
    );
    return { rows: r.rows, after: r.rows.length ? r.rows[r.rows.length - 1].id : after };
  },
});

/** 'Acerto de estoque nº 3' (or 'Estorno de …'); other origins by their type. */
function documentoTexto(v: unknown, titulos: Map<string, string>): string {
  if (!Array.isArray(v) || !v[0]) return '';
  const [tipo, numero, estorno] = v as [string, number | null, boolean];
  const nome = `${titulos.get(tipo) ?? tipo}${numero ? ` nº ${numero}` : ''}`;
  return estorno ? `Estorno: ${nome}` : nome;
}

export { ORIGENS_ENTRADA_NOTA };

/**
 * Entrada de nota fiscal: every stock line a goods-entry document posted in the branch (and its reversal when
 * the entry was cancelled), newest first, by period, product and depósito, with the note's number, the unit
 * cost and the value. Empty until purchasing posts entries; the report exists now.
 */
export const ENTRADA_NOTA_FISCAL: ReportSource = fonteDoDocumento('EntradaNotaFiscal', {
  parametros(where) {
    const w = objeto(where);
    return { ...periodo(w, instante), produtoId: inteiro(w, 'produtoId', 'Produto'), depositoId: inteiro(w, 'depositoId', 'Depósito') };
  },
  texto: (services) => {
    const documentos = new Map([...(services.documents?.byName.values() ?? [])].map((d) => [d.name, d.doc.singular]));
    return { documento: (v) => documentoTexto(v, documentos) };
  },
  async chunk(q, ctx, p, after, limit) {
    const r = await q.query<Row>(
      `SELECT m.id, m.created_at AS "createdAt", json_build_array(m.origem_tipo, doc.numero, m.estorno_de IS NOT NULL) AS documento, pr.codigo, pr.descricao AS produto,
              d.descricao AS deposito, l.numero AS lote, m.quantidade, m.custo_unitario AS "custoUnitario", round(m.quantidade * coalesce(m.custo_unitario, 0), 2) AS valor
         FROM movimentos_estoque m
         JOIN produtos pr ON pr.tenant_id = m.tenant_id AND pr.id = m.produto_id
         JOIN depositos d ON d.tenant_id = m.tenant_id AND d.id = m.deposito_id
         LEFT JOIN lotes l ON l.tenant_id = m.tenant_id AND l.id = m.lote_id
         LEFT JOIN documentos doc ON doc.tenant_id = m.tenant_id AND doc.id = m.origem_id AND doc.tipo = m.origem_tipo
        WHERE m.tenant_id = $1 AND m.filial_id = $2 AND m.origem_tipo = ANY($3::text[])
          AND ($4::timestamptz IS NULL OR m.created_at >= $4) AND ($5::timestamptz IS NULL OR m.created_at <= $5)
          AND ($6::integer IS NULL OR m.produto_id = $6) AND ($7::integer IS NULL OR m.deposito_id = $7)
          AND ($8::bigint IS NULL OR m.id < $8)
        ORDER BY m.id DESC LIMIT $9`,
      [ctx.tenantId, ctx.branchId, [...ORIGENS_ENTRADA_NOTA], p.de, p.ate, p.produtoId, p.depositoId, after ?? null, limit],
    );
    return { rows: r.rows, after: r.rows.length ? r.rows[r.rows.length - 1].id : after };
  },
});

export const ESTOQUE_REPORTS: ReportSource[] = [POSICAO_ESTOQUE, MOVIMENTACAO_ESTOQUE, ENTRADA_NOTA_FISCAL];
