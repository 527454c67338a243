import Decimal from 'decimal.js';
import { onlyDigits } from '../../shared/cpf-cnpj.ts';
import { QUANTITY_RE } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

/**
 * Units of the product's own unit in `quantidade` packages of `fator` each (a box of 12 = 12 units):
 * decimal arithmetic, 4 places like every stock quantity. Purchasing calls this for every line it enters.
 */
export function paraUnidades(quantidade: Decimal.Value, fator: Decimal.Value): string {
  const q = new Decimal(quantidade);
  const f = new Decimal(fator);
  if (!f.isFinite() || f.lte(0)) throw badRequest('O fator de conversão da embalagem deve ser maior que zero.', [{ path: '/fator', campo: 'fator', mensagem: 'Campo inválido!' }]);
  if (!q.isFinite()) throw badRequest('Quantidade inválida.', [{ path: '/quantidade', campo: 'quantidade', mensagem: 'Campo inválido!' }]);
  return q.times(f).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

export interface CodigoLido {
  produtoId: number;
  variacaoId: number | null;
  embalagemId: number | null;
  descricao: string;
  fator: string;
}

/**
 * What a scanned GTIN is: a packaging unit (its factor), a SKU of a grid or the product itself (factor 1).
 * Null when nothing of this account carries it. Runs inside the caller's tenant transaction.
 */
export async function lerGtin(q: Queryable, tenantId: number, gtin: string): Promise<CodigoLido | null> {
  const g = onlyDigits(gtin);
  if (!g) return null;
  const r = await q.query<CodigoLido>(
    `SELECT produto_id AS "produtoId", NULL::integer AS "variacaoId", id AS "embalagemId", descricao, fator::text AS fator, 1 AS ordem
       FROM embalagens WHERE tenant_id = $1 AND gtin = $2 AND ativo
     UNION ALL
     SELECT produto_id, id, NULL, descricao, '1.0000', 2 FROM produto_variacoes WHERE tenant_id = $1 AND gtin = $2 AND ativo
     UNION ALL
     SELECT id, NULL, NULL, descricao, '1.0000', 3 FROM produtos WHERE tenant_id = $1 AND gtin = $2 AND ativo
     ORDER BY ordem LIMIT 1`,
    [tenantId, g],
  );
  const row = r.rows[0] as (CodigoLido & { ordem?: number }) | undefined;
  if (!row) return null;
  delete row.ordem;
  return row;
}

/** A quantity as typed by a client: a decimal string or number with up to 4 places, not negative. */
export function quantidadeValida(v: unknown, campo = 'quantidade'): string {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!QUANTITY_RE.test(s) || s.startsWith('-')) throw badRequest(`Quantidade inválida: use um número positivo com até 4 casas decimais.`, [{ path: `/${campo}`, campo, mensagem: 'Campo inválido!' }]);
  return s;
}
