import { createHash } from 'node:crypto';
import { ocultosDoRecurso, recusarFiltroOculto } from '../resources/leitura-restrita.ts';
import { createReadStream, existsSync, rmSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Filter } from '../../shared/filter.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { listDef, listFilter, parseJsonParam } from '../resources/filter-sql.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { parseId } from '../resources/crud.ts';
import { reportSource } from './sources.ts';
import { CONTENT_TYPES, type ReportWorker } from './worker.ts';
import type { RequestContext } from '../auth/context.ts';

export const ALREADY_PROCESSING = 'Relatório já está sendo processado.';
const COLUMNS = `id, descricao, tipo, status, chave, evento, data_inclusao AS "dataInclusao", finalizado_em AS "finalizadoEm", linhas,
  CASE WHEN status = 1 THEN '/api/Relatorios/' || id || '/arquivo' END AS url, erro`;

/** The fields GET /api/Relatorios filters and orders by. */
const RELATORIOS_LISTA = listDef('Relatorios', 'relatorios', [
  ['id', 'integer'], ['descricao', 'text'], ['tipo', 'text'], ['status', 'integer'], ['chave', 'text'], ['evento', 'text'],
  ['dataInclusao', 'datetime'], ['finalizadoEm', 'datetime'], ['linhas', 'integer'],
]);

/** Exported reports (SPEC 2.10, 4, 7.5): queue an export of any grid, list, download and delete them. */
export default async function relatoriosRoutes(app: FastifyInstance, { services, worker }: { services: AppServices; worker: ReportWorker | null }) {
  const { db, registry, storage } = services;

  app.post('/api/Relatorios/exportar', { schema: { summary: 'Põe na fila a exportação de uma lista ou relatório (XLSX/PDF) com o filtro da tela' } }, async (req) => {
    const ctx = req.ctx!;
    const body = (req.body ?? {}) as { recurso?: unknown; filter?: unknown; tipo?: unknown; descricao?: unknown };
    const row = await enfileirarRelatorio(services, ctx, body);
    worker?.enfileirado();
    return row;
  });

  // The list reads its filter like the generic API (where and order over the report's fields), at most 200 rows.
  app.get('/api/Relatorios', withQuery({ filter: JSON_TEXT }, [], { schema: { summary: 'Os relatórios exportados do usuário, com a situação de cada um' } }), async (req) => {
    const ctx = req.ctx!;
    const lf = listFilter(RELATORIOS_LISTA, (req.query as Record<string, unknown>).filter, { params: [ctx.tenantId, ctx.userId] });
    const limit = Math.min(Math.max(Number(lf.filter.limit) || 50, 1), 200);
    const r = await db.tenant(ctx, (q) => q.query(`SELECT ${COLUMNS} FROM relatorios t WHERE t.tenant_id = $1 AND t.user_id = $2 AND ${lf.sql} ORDER BY ${lf.order ?? 't.data_inclusao DESC, t.id DESC'} LIMIT ${limit}`, lf.values));
    return r.rows;
  });

  app.get('/api/Relatorios/count', withQuery({ where: JSON_TEXT }, [], { schema: { summary: 'Quantos relatórios exportados atendem à condição' } }), async (req) => {
    const ctx = req.ctx!;
    const where = parseJsonParam<Filter['where']>((req.query as Record<string, unknown>).where, 'where');
    const lf = listFilter(RELATORIOS_LISTA, where === undefined ? undefined : { where }, { params: [ctx.tenantId, ctx.userId] });
    const r = await db.tenant(ctx, (q) => q.query<{ n: number }>(`SELECT count(*)::int AS n FROM relatorios t WHERE t.tenant_id = $1 AND t.user_id = $2 AND ${lf.sql}`, lf.values));
    return { count: r.rows[0].n };
  });

  app.delete('/api/Relatorios/:id', { schema: { summary: 'Exclui um relatório exportado (e o arquivo)' } }, async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    // The file goes first: with the storage unreachable the answer is a 503 and the report stays listed.
    const found = await db.tenant(ctx, (q) => q.query<{ arquivo: string | null }>('SELECT arquivo FROM relatorios WHERE tenant_id = $1 AND user_id = $2 AND id = $3', [ctx.tenantId, ctx.userId, id]));
    if (!found.rows.length) throw notFound();
    const arquivo = found.rows[0].arquivo;
    if (arquivo && isAbsolute(arquivo)) rmSync(arquivo, { force: true });
    else if (arquivo) await storage.delete(arquivo);
    const r = await db.tenant(ctx, (q) => q.query('DELETE FROM relatorios WHERE tenant_id = $1 AND user_id = $2 AND id = $3', [ctx.tenantId, ctx.userId, id]));
    return { count: r.rowCount };
  });

  app.get('/api/Relatorios/:id/arquivo', { schema: { summary: 'Baixa o arquivo de um relatório pronto' } }, async (req, reply) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    const r = await db.tenant(ctx, (q) => q.query<{ arquivo: string | null; tipo: string; descricao: string; status: number }>('SELECT arquivo, tipo, descricao, status FROM relatorios WHERE tenant_id = $1 AND user_id = $2 AND id = $3', [ctx.tenantId, ctx.userId, id]));
    const row = r.rows[0];
    const gone = () => notFound('Arquivo do relatório não encontrado.');
    if (!row || row.status !== 1 || !row.arquivo) throw gone();
    const name = `${row.descricao.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase()}.${row.tipo}`;
    const contentType = CONTENT_TYPES[row.tipo as keyof typeof CONTENT_TYPES] ?? 'application/octet-stream';
    const disposition = `${row.tipo === 'pdf' ? 'inline' : 'attachment'}; filename="${name}"`;
    let body;
    if (isAbsolute(row.arquivo)) {
      // Finished before files moved to the storage: still in this server's folder.
      if (!existsSync(row.arquivo)) throw gone();
      body = createReadStream(row.arquivo);
    } else if (storage.redirect) {
      // Straight from the object storage: a short-lived signed address, the bytes never pass through this server.
      const url = await storage.signedUrl(row.arquivo, { contentType, disposition });
      if (url) return reply.header('cache-control', 'no-store').redirect(url, 302);
    }
    body ??= await storage.get(row.arquivo);
    if (!body) throw gone();
    reply.header('content-type', contentType);
    reply.header('content-disposition', disposition);
    return reply.send(body);
  });
}

/**
 * Queues an export (the row is the job): a grid (`recurso` = a resource endpoint) or a module's own report source.
 * Checks everything that can be checked now (a 400/403 here, not a failed job later); a second request for the
 * same report while one is processing is a 406. The caller kicks the worker.
 */
export async function enfileirarRelatorio(services: AppServices, ctx: RequestContext, body: { recurso?: unknown; filter?: unknown; tipo?: unknown; descricao?: unknown }): Promise<Record<string, unknown>> {
  const { db, registry } = services;
  const def = typeof body.recurso === 'string' ? registry.byEndpoint.get(body.recurso) : undefined;
  // Not a grid: a module's own report (posição de estoque, ...), its parameters in filter.where.
  const source = def ? undefined : reportSource(body.recurso);
  if (!def && !source) throw badRequest('Informe o cadastro a exportar.', [{ path: '/recurso', campo: 'recurso', mensagem: 'Campo inválido!' }]);
  const tipos: readonly string[] = source?.arquivo?.tipos ?? ['pdf', 'xlsx'];
  if (typeof body.tipo !== 'string' || !tipos.includes(body.tipo)) throw badRequest(`Formato inválido: use ${tipos.join(' ou ')}.`, [{ path: '/tipo', campo: 'tipo', mensagem: 'Campo inválido!' }]);
  if (def && !serverAllows(ctx, def.doc.permission, 'view')) throw forbidden(`Você não tem permissão para consultar ${def.doc.title.toLowerCase()}.`);
  if (source && !source.allowed(ctx)) throw forbidden(source.negado);
  const filter = (typeof body.filter === 'string' ? parseJsonParam<Filter>(body.filter, 'filter') : (body.filter as Filter)) ?? {};
  const kept: Filter = { where: filter.where, order: filter.order };
  // Field-level read permission (issue 41): the columns the user may not read are left out of the file; a
  // filter or order on them is refused as on the grid.
  const ocultos = def ? ocultosDoRecurso(def, ctx) : source!.ocultos?.(ctx) ?? new Set<string>();
  if (def) recusarFiltroOculto(def, kept.where, kept.order, ocultos);
  // Checked now, so a bad filter is a 400 here and not a failed job later.
  if (def) services.resources.exportChunk(def, ctx, kept, null, 1);
  else source!.parametros(kept.where);
  const recurso = def ? def.endpoint : source!.name;
  const chave = createHash('sha1').update(JSON.stringify([recurso, kept.where ?? null, kept.order ?? null, body.tipo])).digest('hex');
  const titulo = def ? def.doc.title : source!.title;
  const descricao = typeof body.descricao === 'string' && body.descricao.trim() ? body.descricao.trim().slice(0, 120) : titulo;
  const evento = `exportar-${def ? def.name : source!.name.charAt(0).toLowerCase() + source!.name.slice(1)}`;
  const row = await db
    .tenant(ctx, (q) =>
      q.query(
        `INSERT INTO relatorios (tenant_id, user_id, descricao, tipo, chave, evento, parametros) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [ctx.tenantId, ctx.userId, descricao, body.tipo, chave, evento, JSON.stringify({ recurso, filter: kept, branchId: ctx.branchId, ocultos: [...ocultos] })],
      ),
    )
    .catch((e) => {
      if ((e as { code?: string }).code === '23505') throw new HttpError(406, ALREADY_PROCESSING);
      throw e;
    });
  return row.rows[0];
}
