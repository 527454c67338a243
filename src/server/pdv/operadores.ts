import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/db.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';

type Row = Record<string, any>;

/** Wrong PINs in a row that lock an operator (a manager sets a new PIN to unlock). */
export const MAX_TENTATIVAS_PIN = 5;
export const PIN_INCORRETO = 'PIN incorreto.';
export const OPERADOR_BLOQUEADO = 'Operador bloqueado. Procure o gerente.';
const COST = Number(process.env.BCRYPT_COST ?? 10);

export const hashPin = (pin: string) => bcrypt.hash(pin, COST);

/**
 * Operadores do PDV: `pin` is write-only. The column of that name stays empty (a CHECK says so); the bcrypt hash
 * goes to pin_hash once the row is written (found by its unique código, the id of a new row being unknown
 * before). A new PIN unlocks the operator. A new operator needs a PIN.
 */
const hashes = new Map<string, string>();
const chave = (tenantId: number, codigo: unknown) => `${tenantId}:${String(codigo)}`;
const hooks: ResourceHooks = {
  validate(_ctx, data, current) {
    const pin = typeof data.pin === 'string' ? data.pin : '';
    if (!current && !pin) throw badRequest('PIN: informe de 4 a 6 dígitos.', [{ path: '/pin', campo: 'pin', mensagem: 'Campo Obrigatório!' }]);
  },
  async beforeWrite(_q, ctx, data) {
    const pin = typeof data.pin === 'string' ? data.pin : '';
    data.pin = null;
    if (pin) hashes.set(chave(ctx.tenantId, data.codigo), await hashPin(pin));
  },
  async afterWrite(q, ctx, row) {
    const k = chave(ctx.tenantId, row.codigo);
    const hash = hashes.get(k);
    if (!hash) return;
    hashes.delete(k);
    await q.query('UPDATE operadores_pdv SET pin_hash = $3, tentativas = 0, bloqueado = false WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, row.id, hash]);
    row.bloqueado = false;
  },
};
export default hooks;

/**
 * Sign-in of an operator at a station: the 5th wrong PIN in a row locks (423); a right one resets the count.
 * The count is written even when the answer is an error, so the caller runs this in its own transaction and
 * commits before answering (see routes: entrar).
 */
export async function conferirPin(q: Queryable, tenantId: number, codigo: string, pin: string): Promise<{ ok: true; operador: Row } | { ok: false; erro: HttpError }> {
  const r = await q.query<Row>(
    `SELECT o.id, o.nome, o.pin_hash, o.tentativas, o.bloqueado, o.ativo, g.desconto_maximo, g.pode_cancelar, g.pode_abrir_gaveta, g.ativo AS grupo_ativo
       FROM operadores_pdv o JOIN grupos_usuario_pdv g ON g.tenant_id = o.tenant_id AND g.id = o.grupo_id
      WHERE o.tenant_id = $1 AND o.codigo = $2 FOR UPDATE OF o`,
    [tenantId, codigo],
  );
  const o = r.rows[0];
  if (!o || !o.ativo) {
    // Same cost as a real check, so the answer time does not tell whether the code exists.
    await bcrypt.compare(pin, '$2a$10$CwTycUXWue0Thq9StjUM0uJ8.3X0rN3yYnQ3yYnQ3yYnQ3yYnQ3yY').catch(() => false);
    return { ok: false, erro: new HttpError(401, 'Operador não encontrado ou inativo.') };
  }
  if (o.bloqueado) return { ok: false, erro: new HttpError(423, OPERADOR_BLOQUEADO) };
  const certo = !!o.pin_hash && (await bcrypt.compare(pin, o.pin_hash));
  if (certo) {
    if (o.tentativas) await q.query('UPDATE operadores_pdv SET tentativas = 0 WHERE tenant_id = $1 AND id = $2', [tenantId, o.id]);
    return { ok: true, operador: o };
  }
  const tentativas = Number(o.tentativas) + 1;
  const bloqueia = tentativas >= MAX_TENTATIVAS_PIN;
  await q.query('UPDATE operadores_pdv SET tentativas = $3, bloqueado = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, o.id, tentativas, bloqueia]);
  return { ok: false, erro: new HttpError(bloqueia ? 423 : 401, bloqueia ? OPERADOR_BLOQUEADO : PIN_INCORRETO) };
}
