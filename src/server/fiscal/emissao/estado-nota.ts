// The NF-e's state machine (schemas/lifecycles/notaFiscal.json): every change of notas_fiscais.status in this module
// goes through the one transition function (documents/estados.ts), which refuses a transition the JSON does not
// declare from the note's state, writes the state with the note's other columns in one UPDATE and records who, from
// which state to which and when in estado_eventos. No other code of fiscal/emissao writes the status column.
import type { Queryable } from '../../db/db.ts';
import { maquina, transitar, type Colunas } from '../../documents/estados.ts';
import type { CtxEmissao } from './dados-nota.ts';

type Row = Record<string, any>;

/** The declared machine of a note (schemas/lifecycles/notaFiscal.json). */
export const maquinaNota = () => maquina('notaFiscal');

/** A note's stored `dados` (jsonb) without some keys, as the value written back with its state. */
export function dadosSem(nota: Row, ...chaves: string[]): Record<string, unknown> {
  const d: Record<string, unknown> = { ...(nota.dados ?? {}) };
  for (const c of chaves) delete d[c];
  return d;
}

/**
 * Runs the declared transition `transicao` of the note (locked), writing `colunas` (the note's other columns, `dados`
 * as an object) with its state; `para` chooses among the declared destinations. Returns the note as stored after it.
 */
export async function moverNota(q: Queryable, ctx: Pick<CtxEmissao, 'tenantId' | 'userId'>, notaId: number, transicao: string, colunas: Colunas = {}, para?: string): Promise<Row> {
  const c: Colunas = { ...colunas };
  if (c.dados !== undefined && c.dados !== null && typeof c.dados === 'object') c.dados = JSON.stringify(c.dados);
  for (const k of ['contingencia', 'rejeicao']) if (c[k] !== undefined && c[k] !== null && typeof c[k] === 'object' && !(c[k] instanceof Date)) c[k] = JSON.stringify(c[k]);
  await transitar(q, { tenantId: ctx.tenantId, userId: ctx.userId }, maquinaNota(), notaId, transicao, async () => ({ para, colunas: c }));
  return (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
}
