/**
 * Contábil (issue 37): the accountant's portal — the shop invites its accountant (single-use e-mailed link), he keeps
 * one login for every client account and switches between them, the shop revokes and sees every access; the
 * accountant's panel. The one face other modules (and app.ts) use.
 */
import type { Queryable } from '../db/db.ts';

export { default as contabilRoutes } from './routes.ts';
export { destinoDoLogin, MSG as CONTABIL_MSG } from './contadores.ts';
export { incluirPlanoPadrao } from './plano.ts';
export { exigirPeriodoAberto } from './periodos.ts';
export { autXmlDaConta } from './autxml.ts';

/** The account's accountant as the shop registered him (issue 36: where the month's files are e-mailed, SPED record 0100). */
export interface ContadorDaConta {
  nome: string | null;
  email: string;
  crc: string;
  /** digits: the accountant's CPF, or his firm's CNPJ */
  cpfCnpj: string;
  /** digits: the accountant's own CPF (SPED 0100 requires it), null when the shop has not recorded it */
  cpf: string | null;
}
/** The active accountant of the account (else the one invited most recently, not revoked); null when there is none. Read in the caller's tenant transaction. */
export async function contadorDaConta(q: Queryable, tenantId: number): Promise<ContadorDaConta | null> {
  const r = await q.query<ContadorDaConta>(
    `SELECT nome, email, crc, cpf_cnpj AS "cpfCnpj", coalesce(cpf_contador, CASE WHEN length(cpf_cnpj) = 11 THEN cpf_cnpj END) AS cpf FROM contabil_contadores WHERE tenant_id = $1 AND situacao <> 'revogado' ORDER BY (situacao = 'ativo') DESC, created_at DESC, id DESC LIMIT 1`,
    [tenantId],
  );
  return r.rows[0] ?? null;
}
