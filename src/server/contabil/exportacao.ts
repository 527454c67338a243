import type { RequestContext } from '../auth/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { conferirParametros, leiauteDe } from './leiautes.ts';

/** The accounting export chosen for a client account: the layout (id of LEIAUTES) and its parameters. */
export interface Exportacao {
  leiaute: string;
  parametros: Record<string, string>;
}

/** The account's chosen layout, the generic CSV when none was chosen. */
export async function lerExportacao(q: Queryable, ctx: Pick<RequestContext, 'tenantId'>): Promise<Exportacao> {
  const r = await q.query<{ leiaute: string; parametros: Record<string, string> }>('SELECT leiaute, parametros FROM contabil_exportacao WHERE tenant_id = $1', [ctx.tenantId]);
  return r.rows[0] ? { leiaute: r.rows[0].leiaute, parametros: r.rows[0].parametros ?? {} } : { leiaute: 'generico', parametros: {} };
}

/**
 * PUT /api/contabil/exportacao {leiaute, parametros}: the accountant (or the shop) chooses the layout the month's
 * closing attaches, with the parameters the layout asks for (Domínio: codigoEmpresa) checked as the export checks
 * them; a wrong one is a 400 naming it, nothing written.
 */
export async function definirExportacao(db: Db, ctx: RequestContext, body: Record<string, unknown>): Promise<Exportacao> {
  const leiaute = typeof body.leiaute === 'string' && body.leiaute ? body.leiaute : 'generico';
  const l = leiauteDe(leiaute);
  const bruto = body.parametros && typeof body.parametros === 'object' ? (body.parametros as Record<string, unknown>) : {};
  const parametros = conferirParametros(l, bruto);
  await db.tenant(ctx, (q) =>
    q.query(
      `INSERT INTO contabil_exportacao (tenant_id, leiaute, parametros, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id) DO UPDATE SET leiaute = EXCLUDED.leiaute, parametros = EXCLUDED.parametros, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [ctx.tenantId, leiaute, JSON.stringify(parametros), ctx.userId],
    ),
  );
  return { leiaute, parametros };
}
