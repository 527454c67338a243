// The NFC-e's state machine (schemas/lifecycles/nfce.json): every change of pdv_vendas.situacao in this module goes
// through the one transition function (documents/estados.ts), which refuses a transition the JSON does not declare
// from the sale's state, writes the state with the sale's other columns in one UPDATE and records who, from which
// state to which and when in estado_eventos. No other code of pdv/ writes the situacao column.
import type { Queryable } from '../db/db.ts';
import { maquina, transitar, type Colunas } from '../documents/estados.ts';

type Row = Record<string, any>;

/** The declared machine of a sale's NFC-e (schemas/lifecycles/nfce.json). */
export const maquinaCupom = () => maquina('nfce');

/**
 * Runs the declared transition `transicao` of the sale's NFC-e (row locked, in the sale's own branch), writing
 * `colunas` with its state — a function of the locked row when a column follows it (tentativas + 1); `documento` as
 * an object. Returns the sale as stored after it.
 */
export async function moverCupom(q: Queryable, ctx: { tenantId: number; userId?: number | null }, vendaId: number, transicao: string, colunas: Colunas | ((v: Row) => Colunas) = {}): Promise<Row> {
  const filial = (await q.query<Row>('SELECT filial_id FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, vendaId])).rows[0];
  const branchId = filial ? Number(filial.filial_id) : null;
  await transitar(q, { tenantId: ctx.tenantId, userId: ctx.userId ?? null, branchId }, maquinaCupom(), vendaId, transicao, async ({ registro }) => {
    const c: Colunas = { ...(typeof colunas === 'function' ? colunas(registro) : colunas) };
    if (c.documento !== undefined && c.documento !== null && typeof c.documento === 'object') c.documento = JSON.stringify(c.documento);
    return { colunas: c };
  });
  return (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, vendaId])).rows[0];
}
