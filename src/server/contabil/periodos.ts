import type { RequestContext } from '../auth/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { isContadorExterno, registrarAcesso } from './contadores.ts';

export const PERIODO_MSG = {
  competenciaInvalida: 'Informe o mês no formato MM/AAAA.',
  mesNaoEncerrado: 'Só é possível fechar um mês já encerrado.',
  filialNaoEncontrada: 'Filial não encontrada.',
  somenteContador: 'Somente o contador pode reabrir um mês fechado.',
  motivoObrigatorio: 'Informe o motivo da reabertura.',
  naoEncontrado: 'Período não encontrado.',
  jaReaberto: 'Este período já foi reaberto.',
} as const;

/** 'MM/AAAA' or 'AAAA-MM' to the first day of the month (ISO), or null. */
export function lerCompetencia(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{2})\/(\d{4})$/.exec(v.trim()) ?? /^(\d{4})-(\d{2})(?:-01)?$/.exec(v.trim());
  if (!m) return null;
  const [ano, mes] = v.includes('/') ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])];
  if (mes < 1 || mes > 12 || ano < 2000 || ano > 2100) return null;
  return `${ano}-${String(mes).padStart(2, '0')}-01`;
}
const rotulo = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function contadorDaSessao(q: Queryable, ctx: RequestContext): Promise<number | null> {
  const r = await q.query<{ id: number }>(`SELECT id FROM contabil_contadores WHERE tenant_id = $1 AND user_id = $2 AND situacao = 'ativo'`, [ctx.tenantId, ctx.userId]);
  return r.rows[0]?.id ?? null;
}

export async function listarPeriodos(db: Db, ctx: RequestContext) {
  return db.tenant(ctx, async (q) =>
    (
      await q.query(
        `SELECT p.id, p.filial_id AS "filialId", coalesce(b.apelido, b.nome) AS filial, to_char(p.competencia, 'MM/YYYY') AS competencia, p.situacao,
                p.fechado_em AS "fechadoEm", uf.nome AS "fechadoPor", p.reaberto_em AS "reabertoEm", ur.nome AS "reabertoPor", p.motivo
           FROM contabil_periodos p JOIN branches b ON b.tenant_id = p.tenant_id AND b.id = p.filial_id
           LEFT JOIN users uf ON uf.tenant_id = p.tenant_id AND uf.id = p.fechado_por
           LEFT JOIN users ur ON ur.tenant_id = p.tenant_id AND ur.id = p.reaberto_por
          WHERE p.tenant_id = $1 ORDER BY p.competencia DESC, p.id DESC LIMIT 200`,
        [ctx.tenantId],
      )
    ).rows, { readOnly: true });
}

/** "Fechar mês": the branch's month is locked; from then on the database refuses postings dated in it. */
export async function fecharMes(db: Db, ctx: RequestContext, body: Record<string, unknown>) {
  const competencia = lerCompetencia(body.competencia);
  if (!competencia) throw badRequest(PERIODO_MSG.competenciaInvalida, [{ path: '/competencia', campo: 'competencia', mensagem: PERIODO_MSG.competenciaInvalida }]);
  const filialId = Number(body.filialId ?? ctx.branchId);
  return db.tenant(ctx, async (q) => {
    const aberto = (await q.query<{ ok: boolean }>(`SELECT $1::date < date_trunc('month', (now() AT TIME ZONE 'America/Sao_Paulo'))::date AS ok`, [competencia])).rows[0].ok;
    if (!aberto) throw badRequest(PERIODO_MSG.mesNaoEncerrado);
    const filial = (await q.query<{ nome: string }>('SELECT coalesce(apelido, nome) AS nome FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, Number.isSafeInteger(filialId) ? filialId : 0])).rows[0];
    if (!filial) throw notFound(PERIODO_MSG.filialNaoEncontrada);
    const ja = await q.query('SELECT 1 FROM contabil_periodos WHERE tenant_id = $1 AND filial_id = $2 AND competencia = $3 AND situacao = $4', [ctx.tenantId, filialId, competencia, 'fechado']);
    if (ja.rows.length) throw badRequest(`O período ${rotulo(competencia)} da filial ${filial.nome} já está fechado.`);
    const id = (
      await q.query<{ id: number }>('INSERT INTO contabil_periodos (tenant_id, filial_id, competencia, fechado_por) VALUES ($1, $2, $3, $4) RETURNING id', [ctx.tenantId, filialId, competencia, ctx.userId])
    ).rows[0].id;
    const contador = await contadorDaSessao(q, ctx);
    if (contador) await registrarAcesso(q, ctx.tenantId, contador, 'fechamento', `Mês ${rotulo(competencia)} fechado na filial ${filial.nome}`);
    return { id, filialId, competencia: rotulo(competencia), situacao: 'fechado' as const };
  });
}

/** Reopening needs the accountant and a reason; who, when and why stay on the row (and in the access log). */
export async function reabrirMes(db: Db, ctx: RequestContext, id: number, body: Record<string, unknown>) {
  if (!isContadorExterno(ctx)) throw forbidden(PERIODO_MSG.somenteContador);
  const motivo = typeof body.motivo === 'string' ? body.motivo.trim().slice(0, 500) : '';
  if (!motivo) throw badRequest(PERIODO_MSG.motivoObrigatorio, [{ path: '/motivo', campo: 'motivo', mensagem: PERIODO_MSG.motivoObrigatorio }]);
  return db.tenant(ctx, async (q) => {
    const p = (await q.query<{ situacao: string; competencia: string; filial: string }>(
      `SELECT p.situacao, to_char(p.competencia, 'MM/YYYY') AS competencia, coalesce(b.apelido, b.nome) AS filial FROM contabil_periodos p JOIN branches b ON b.tenant_id = p.tenant_id AND b.id = p.filial_id WHERE p.tenant_id = $1 AND p.id = $2 FOR UPDATE OF p`,
      [ctx.tenantId, id],
    )).rows[0];
    if (!p) throw notFound(PERIODO_MSG.naoEncontrado);
    if (p.situacao !== 'fechado') throw badRequest(PERIODO_MSG.jaReaberto);
    await q.query(`UPDATE contabil_periodos SET situacao = 'reaberto', reaberto_por = $3, reaberto_em = now(), motivo = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id, ctx.userId, motivo]);
    const contador = await contadorDaSessao(q, ctx);
    if (contador) await registrarAcesso(q, ctx.tenantId, contador, 'reabertura', `Mês ${p.competencia} reaberto na filial ${p.filial}: ${motivo}`);
    return { id, situacao: 'reaberto' as const };
  });
}
