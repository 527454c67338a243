import Decimal from 'decimal.js';
import { toMoney } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

export interface Mes {
  /** First day, yyyy-mm-01. */
  first: string;
  /** MM/aaaa */
  label: string;
}

/** 'MM/aaaa' or 'aaaa-MM'; null for anything else. */
export function parseMonth(v: unknown): Mes | null {
  if (typeof v !== 'string') return null;
  const a = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(v.trim());
  const b = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(v.trim());
  const [mm, yyyy] = a ? [a[1], a[2]] : b ? [b[2], b[1]] : [null, null];
  if (!mm || !yyyy || Number(yyyy) < 2000 || Number(yyyy) > 2100) return null;
  return { first: `${yyyy}-${mm}-01`, label: `${mm}/${yyyy}` };
}

const MES_INVALIDO = 'Informe o mês no formato MM/aaaa.';

/** The month named by the request body's "mes", or 400 in Portuguese. */
export function mesDoCorpo(body: unknown): Mes {
  const mes = parseMonth((body as Record<string, unknown> | null)?.mes);
  if (!mes) throw badRequest(MES_INVALIDO, [{ path: '/mes', campo: 'mes', mensagem: MES_INVALIDO }]);
  return mes;
}

export interface ItemFatura {
  planoId: number;
  idExterno: string;
  plano: string;
  valorUnitario: string;
  contas: number;
  total: string;
}

/**
 * The brand's invoice for a month: each plan's accounts (plan chosen by the end of the month, not in trial) ×
 * its price, as decimal strings; never floating point.
 */
export async function faturaDoMes(q: Queryable, brandId: number, mes: Mes): Promise<{ itens: ItemFatura[]; contas: number; total: Decimal }> {
  const r = await q.query<{ id: number; id_externo: string; nome: string; valor: string; contas: number }>(
    `SELECT p.id, p.id_externo, p.nome, p.valor::text AS valor, count(t.id)::int AS contas
       FROM planos p JOIN tenants t ON t.plano_id = p.id AND t.brand_id = p.config_white_label
      WHERE p.config_white_label = $1 AND NOT t.trial AND t.plano_contratado_em < ($2::date + interval '1 month') AND t.created_at < ($2::date + interval '1 month')
      GROUP BY p.id ORDER BY p.valor, p.id`,
    [brandId, mes.first],
  );
  let total = new Decimal(0);
  const itens = r.rows.map((p) => {
    const subtotal = new Decimal(p.valor).times(p.contas);
    total = total.plus(subtotal);
    return { planoId: p.id, idExterno: p.id_externo, plano: p.nome, valorUnitario: toMoney(p.valor), contas: p.contas, total: toMoney(subtotal) };
  });
  return { itens, contas: itens.reduce((n, i) => n + i.contas, 0), total };
}
