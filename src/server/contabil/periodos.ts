import type { RequestContext } from '../auth/context.ts';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { Db, Queryable } from '../db/db.ts';
import { AGORA, maquina, transitar } from '../documents/estados.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { isContadorExterno, registrarAcesso } from './contadores.ts';
import { PERIODO_MSG, exigirCompetencia } from './competencia.ts';
import { checklistDoMes, gerarArquivosDoFechamento, lerMes, type Mes } from './fechamento.ts';

async function contadorDaSessao(q: Queryable, ctx: RequestContext): Promise<number | null> {
  const r = await q.query<{ id: number }>(`SELECT id FROM contabil_contadores WHERE tenant_id = $1 AND user_id = $2 AND situacao = 'ativo'`, [ctx.tenantId, ctx.userId]);
  return r.rows[0]?.id ?? null;
}

export async function listarPeriodos(db: Db, ctx: RequestContext) {
  return db.tenant(
    ctx,
    async (q) =>
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
      ).rows,
    { readOnly: true },
  );
}

/**
 * "Fechar mês": the checklist is taken (a blocking item keeps the month open), the branch's month is locked — from
 * then on the database refuses postings dated in it — and, after the commit, the month's files are generated and
 * attached to the closing and the accountant is told by e-mail.
 */
export async function fecharMes(app: FastifyInstance, services: AppServices, ctx: RequestContext, authorization: string | undefined, body: Record<string, unknown>) {
  const { db } = services;
  const competencia = exigirCompetencia(body.competencia);
  const aberto = (await db.query<{ ok: boolean }>(`SELECT $1::date < date_trunc('month', (now() AT TIME ZONE 'America/Sao_Paulo'))::date AS ok`, [competencia])).rows[0].ok;
  if (!aberto) throw badRequest(PERIODO_MSG.mesNaoEncerrado);
  const checklist = await checklistDoMes(app, services, ctx, authorization, body);
  const pendentes = checklist.itens.filter((i) => i.bloqueia && !i.ok);
  if (pendentes.length)
    throw badRequest(
      `Resolva antes de fechar o mês ${checklist.competencia}: ${pendentes.map((i) => i.detalhe).join(' ')}`,
      pendentes.map((i) => ({ campo: i.chave, mensagem: i.detalhe })),
    );
  const { id, m } = await db.tenant(ctx, async (q) => {
    const m = await lerMes(q, ctx, body);
    const ja = await q.query('SELECT 1 FROM contabil_periodos WHERE tenant_id = $1 AND filial_id = $2 AND competencia = $3 AND situacao = $4', [ctx.tenantId, m.filialId, m.inicio, 'fechado']);
    if (ja.rows.length) throw badRequest(`O período ${m.rotulo} da filial ${m.filial} já está fechado.`);
    const id = (
      await q.query<{ id: number }>('INSERT INTO contabil_periodos (tenant_id, filial_id, competencia, fechado_por, checklist) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
        ctx.tenantId,
        m.filialId,
        m.inicio,
        ctx.userId,
        JSON.stringify(checklist.itens),
      ])
    ).rows[0].id;
    const contador = await contadorDaSessao(q, ctx);
    if (contador) await registrarAcesso(q, ctx.tenantId, contador, 'fechamento', `Mês ${m.rotulo} fechado na filial ${m.filial}`);
    return { id, m };
  });
  const arquivos = await gerarArquivosDoFechamento(app, services, ctx, authorization, id, m);
  await avisarContadores(services, ctx, m, arquivos).catch(() => undefined);
  return {
    id,
    filialId: m.filialId,
    competencia: m.rotulo,
    situacao: 'fechado' as const,
    arquivos,
  };
}

/** The e-mail to the shop's active accountants: the month closed and its files (downloaded from the portal). */
async function avisarContadores(services: AppServices, ctx: RequestContext, m: Mes, arquivos: { nome: string; situacao: string; detalhe?: string }[]) {
  const r = await services.db.tenant(
    ctx,
    async (q) => ({
      conta: (await q.query<{ nome: string }>('SELECT nome FROM tenants WHERE id = $1', [ctx.tenantId])).rows[0]?.nome ?? '',
      emails: (await q.query<{ email: string }>(`SELECT email FROM contabil_contadores WHERE tenant_id = $1 AND situacao = 'ativo'`, [ctx.tenantId])).rows.map((x) => x.email),
    }),
    { readOnly: true },
  );
  const lista = arquivos.map((a) => `- ${a.nome}: ${a.situacao === 'erro' ? `não gerado (${a.detalhe ?? ''})` : a.situacao === 'gerado' ? 'gerado' : 'em geração'}`).join('\n');
  for (const to of r.emails) {
    await services.mailer.send({
      to,
      subject: `${r.conta}: mês ${m.rotulo} fechado (filial ${m.filial})`,
      text: `O mês ${m.rotulo} da filial ${m.filial} de ${r.conta} foi fechado.\n\nArquivos do fechamento (baixe em Contábil > Contadores, fechamento do mês):\n${lista}\n`,
    });
  }
}

/**
 * The lock for code that calls SEFAZ before it writes (cancelling an NF-e or a PDV coupon): refuses, before anything
 * leaves, a document dated in a closed month of its branch, with the same message the database gives.
 */
export async function exigirPeriodoAberto(q: Queryable, tenantId: number, filialId: number, data: Date | string): Promise<void> {
  await q.query(
    `SELECT contabil_exigir_periodo_aberto($1, $2, ($3::timestamptz AT TIME ZONE coalesce((SELECT fuso_horario FROM branches WHERE tenant_id = $1 AND id = $2), 'America/Sao_Paulo'))::date)`,
    [tenantId, filialId, data instanceof Date ? data.toISOString() : data],
  );
}

/** Reopening needs the accountant and a reason; who, when and why stay on the row (and in the access log). */
export async function reabrirMes(db: Db, ctx: RequestContext, id: number, body: Record<string, unknown>) {
  if (!isContadorExterno(ctx)) throw forbidden(PERIODO_MSG.somenteContador);
  const motivo = typeof body.motivo === 'string' ? body.motivo.trim().slice(0, 500) : '';
  if (!motivo)
    throw badRequest(PERIODO_MSG.motivoObrigatorio, [
      {
        path: '/motivo',
        campo: 'motivo',
        mensagem: PERIODO_MSG.motivoObrigatorio,
      },
    ]);
  return db.tenant(ctx, async (q) => {
    const p = (
      await q.query<{ situacao: string; competencia: string; filial: string }>(
        `SELECT p.situacao, to_char(p.competencia, 'MM/YYYY') AS competencia, coalesce(b.apelido, b.nome) AS filial FROM contabil_periodos p JOIN branches b ON b.tenant_id = p.tenant_id AND b.id = p.filial_id WHERE p.tenant_id = $1 AND p.id = $2 FOR UPDATE OF p`,
        [ctx.tenantId, id],
      )
    ).rows[0];
    if (!p) throw notFound(PERIODO_MSG.naoEncontrado);
    if (p.situacao !== 'fechado') throw badRequest(PERIODO_MSG.jaReaberto);
    await transitar(q, ctx, maquina('contabilPeriodo'), id, 'reabrir', undefined, { colunas: { reaberto_por: ctx.userId, reaberto_em: AGORA, motivo } });
    const contador = await contadorDaSessao(q, ctx);
    if (contador) await registrarAcesso(q, ctx.tenantId, contador, 'reabertura', `Mês ${p.competencia} reaberto na filial ${p.filial}: ${motivo}`);
    return { id, situacao: 'reaberto' as const };
  });
}
