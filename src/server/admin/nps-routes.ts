import type { FastifyInstance } from 'fastify';
import { npsScore } from '../../shared/nps.ts';
import type { AppServices } from '../app-services.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { TEXT, withQuery } from '../http/input-schemas.ts';
import { parseId } from '../resources/crud.ts';
import { brandOfAdmin } from './modulos-routes.ts';

interface PesquisaRow {
  id: number;
  pergunta: string;
  periodoDias: number;
  ativa: boolean;
  criadaEm: string;
}

type Detail = { path: string; campo: string; mensagem: string };

/** Reads a survey from a request body; every problem at once, in Portuguese. */
function lerPesquisa(body: unknown): { pergunta: string; periodoDias: number; ativa: boolean } {
  const b = (body ?? {}) as Record<string, unknown>;
  const errors: Detail[] = [];
  const pergunta = typeof b.pergunta === 'string' ? b.pergunta.trim() : '';
  if (!pergunta) errors.push({ path: '/pergunta', campo: 'pergunta', mensagem: 'Campo Obrigatório!' });
  else if (pergunta.length < 10) errors.push({ path: '/pergunta', campo: 'pergunta', mensagem: 'Mínimo 10 caracteres!' });
  else if (pergunta.length > 300) errors.push({ path: '/pergunta', campo: 'pergunta', mensagem: 'Máximo 300 caracteres!' });
  const periodoDias = Number(b.periodoDias);
  if (!Number.isInteger(periodoDias) || periodoDias < 1 || periodoDias > 730) errors.push({ path: '/periodoDias', campo: 'periodoDias', mensagem: 'Informe um período de 1 a 730 dias.' });
  if (b.ativa !== undefined && typeof b.ativa !== 'boolean') errors.push({ path: '/ativa', campo: 'ativa', mensagem: 'Campo inválido!' });
  if (errors.length) throw badRequest(`Dados inválidos: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, errors);
  return { pergunta, periodoDias, ativa: b.ativa !== false };
}

const SELECT = `SELECT id, pergunta, periodo_dias AS "periodoDias", ativa, created_at AS "criadaEm" FROM nps_pesquisas`;

/**
 * NPS (SPEC 2.8): the brand's staff writes surveys and reads the results (the score over time, the comments);
 * each user of the brand's accounts is asked the active survey at most once per its period (answering or
 * closing it both count).
 */
export default async function npsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  app.get('/api/Nps/pesquisas', { schema: { summary: 'Pesquisas NPS da marca' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    return (await db.query<PesquisaRow>(`${SELECT} WHERE brand_id = $1 ORDER BY id DESC`, [brand.id])).rows;
  });

  app.post('/api/Nps/pesquisas', { schema: { summary: 'Cadastra uma pesquisa NPS' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const p = lerPesquisa(req.body);
    const r = await db.query<PesquisaRow>(
      `INSERT INTO nps_pesquisas (brand_id, pergunta, periodo_dias, ativa) VALUES ($1, $2, $3, $4) RETURNING id, pergunta, periodo_dias AS "periodoDias", ativa, created_at AS "criadaEm"`,
      [brand.id, p.pergunta, p.periodoDias, p.ativa],
    );
    return r.rows[0];
  });

  app.put('/api/Nps/pesquisas/:id', { schema: { summary: 'Altera uma pesquisa NPS' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const id = parseId((req.params as { id: string }).id);
    const p = lerPesquisa(req.body);
    const r = await db.query<PesquisaRow>(
      `UPDATE nps_pesquisas SET pergunta = $3, periodo_dias = $4, ativa = $5 WHERE id = $1 AND brand_id = $2 RETURNING id, pergunta, periodo_dias AS "periodoDias", ativa, created_at AS "criadaEm"`,
      [id, brand.id, p.pergunta, p.periodoDias, p.ativa],
    );
    if (!r.rows.length) throw notFound('Pesquisa não encontrada.');
    return r.rows[0];
  });

  /** The score per month (last 12) and overall, with the latest comments. */
  app.get('/api/Nps/resultados', withQuery({ pesquisaId: TEXT, configWhiteLabel: TEXT }, [], { schema: { summary: 'Resultado de uma pesquisa NPS (notas e comentários)' } }), async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const raw = (req.query as Record<string, unknown>).pesquisaId;
    const pesquisaId = raw === undefined || raw === '' ? null : parseId(raw);
    if (pesquisaId !== null && !(await db.query('SELECT 1 FROM nps_pesquisas WHERE id = $1 AND brand_id = $2', [pesquisaId, brand.id])).rows.length) throw notFound('Pesquisa não encontrada.');
    const params = [brand.id, pesquisaId];
    const where = `p.brand_id = $1 AND ($2::int IS NULL OR p.id = $2) AND r.nota IS NOT NULL`;
    const meses = (
      await db.query<{ mes: string; promotores: number; neutros: number; detratores: number }>(
        `SELECT to_char(m, 'MM/YYYY') AS mes,
                count(r.id) FILTER (WHERE r.nota >= 9)::int AS promotores,
                count(r.id) FILTER (WHERE r.nota BETWEEN 7 AND 8)::int AS neutros,
                count(r.id) FILTER (WHERE r.nota <= 6)::int AS detratores
           FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') AS m
           LEFT JOIN (nps_respostas r JOIN nps_pesquisas p ON p.id = r.pesquisa_id AND ${where}) ON date_trunc('month', r.created_at) = m
          GROUP BY m ORDER BY m`,
        params,
      )
    ).rows;
    const total = meses.reduce((t, m) => ({ promotores: t.promotores + m.promotores, neutros: t.neutros + m.neutros, detratores: t.detratores + m.detratores }), { promotores: 0, neutros: 0, detratores: 0 });
    const comentarios = (
      await db.query(
        `SELECT r.nota, r.comentario, t.nome AS conta, to_char(r.created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS data
           FROM nps_respostas r JOIN nps_pesquisas p ON p.id = r.pesquisa_id JOIN tenants t ON t.id = r.tenant_id
          WHERE ${where} AND r.comentario IS NOT NULL AND r.comentario <> '' ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
        params,
      )
    ).rows;
    return {
      nps: npsScore(total),
      ...total,
      respostas: total.promotores + total.neutros + total.detratores,
      porMes: meses.map((m) => ({ ...m, respostas: m.promotores + m.neutros + m.detratores, nps: npsScore(m) })),
      comentarios,
    };
  });

  /** The survey this user should see now, or null: the newest active one not answered or closed within its period. */
  app.get('/api/Nps/pendente', { schema: { summary: 'A pesquisa NPS ativa que o usuário deve ver agora (ou null)' } }, async (req) => {
    const ctx = req.ctx!;
    const r = await db.query<{ id: number; pergunta: string }>(
      `SELECT p.id, p.pergunta FROM nps_pesquisas p
        WHERE p.brand_id = $1 AND p.ativa
          AND NOT EXISTS (SELECT 1 FROM nps_respostas r WHERE r.tenant_id = $2 AND r.user_id = $3 AND r.pesquisa_id = p.id AND r.created_at > now() - make_interval(days => p.periodo_dias))
        ORDER BY p.id DESC LIMIT 1`,
      [ctx.brandId, ctx.tenantId, ctx.userId],
    );
    return { pesquisa: r.rows[0] ?? null };
  });

  /** An answer (nota 0..10, optional comment) or a dismissal (dispensada: true). Once per period; 409 after. */
  app.post('/api/Nps/respostas', { schema: { summary: 'Grava a resposta (nota de 0 a 10 e comentário) ou a dispensa de uma pesquisa NPS, uma vez por período' } }, async (req) => {
    const ctx = req.ctx!;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Detail[] = [];
    const pesquisaId = Number(b.pesquisaId);
    if (!Number.isSafeInteger(pesquisaId) || pesquisaId <= 0) errors.push({ path: '/pesquisaId', campo: 'pesquisaId', mensagem: 'Campo Obrigatório!' });
    const dispensada = b.dispensada === true;
    const nota = dispensada ? null : b.nota;
    if (!dispensada && (typeof nota !== 'number' || !Number.isInteger(nota) || nota < 0 || nota > 10)) errors.push({ path: '/nota', campo: 'nota', mensagem: 'Escolha uma nota de 0 a 10.' });
    const comentario = typeof b.comentario === 'string' ? b.comentario.trim() : '';
    if (comentario.length > 1000) errors.push({ path: '/comentario', campo: 'comentario', mensagem: 'Máximo 1000 caracteres!' });
    if (errors.length) throw badRequest(errors.map((e) => e.mensagem).join(' '), errors);
    return db.transaction(async (q) => {
      // One answer per user and period even with two tabs: the user's row is the lock.
      await q.query('SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, ctx.userId]);
      const p = (await q.query<{ periodo_dias: number }>('SELECT periodo_dias FROM nps_pesquisas WHERE id = $1 AND brand_id = $2 AND ativa', [pesquisaId, ctx.brandId])).rows[0];
      if (!p) throw notFound('Pesquisa não encontrada.');
      const dup = await q.query('SELECT 1 FROM nps_respostas WHERE tenant_id = $1 AND user_id = $2 AND pesquisa_id = $3 AND created_at > now() - make_interval(days => $4)', [ctx.tenantId, ctx.userId, pesquisaId, p.periodo_dias]);
      if (dup.rows.length) throw conflict('Você já respondeu esta pesquisa neste período.');
      await q.query('INSERT INTO nps_respostas (tenant_id, pesquisa_id, user_id, nota, comentario) VALUES ($1, $2, $3, $4, $5)', [ctx.tenantId, pesquisaId, ctx.userId, nota, comentario || null]);
      return { pesquisaId, nota, dispensada };
    });
  });
}
