import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { answer, arrayOf, checkedByHandler, fileAnswer, INT, objectOf } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import { tenantKey } from '../storage/storage.ts';
import { ANEXO_MAX_BYTES, ANEXO_NOME, guard, TAGS, type Row } from './route-helpers.ts';

const ANEXO_SCHEMA = objectOf({ id: INT, lancamentoId: INT, nome: { type: 'string' }, tipoConteudo: { type: 'string' }, tamanho: INT, createdAt: { type: 'string', format: 'date-time' } });

/** The attachments of a lançamento: the file in the storage, its row in lancamentos_anexos. */
export default async function anexosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, storage } = services;
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
  const anexoOut = (r: Row) => ({ id: Number(r.id), lancamentoId: Number(r.lancamento_id), nome: r.nome, tipoConteudo: r.tipo_conteudo, tamanho: Number(r.tamanho), createdAt: r.created_at });
  const lancamentoExiste = async (q: Queryable, ctx: RequestContext, id: number) => {
    if (!(await q.query(`SELECT 1 FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id])).rows.length) throw notFound('Lançamento não encontrado.');
  };

  app.get('/api/Lancamentos/:id/anexos', { schema: { tags: TAGS, summary: 'Os anexos de um lançamento', response: { 200: answer('Anexos', arrayOf(ANEXO_SCHEMA)) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      await lancamentoExiste(q, ctx, id);
      return (await q.query(`SELECT * FROM lancamentos_anexos WHERE tenant_id = $1 AND lancamento_id = $2 ORDER BY id`, [ctx.tenantId, id])).rows.map(anexoOut);
    });
  });

  // The file travels as a data URL in the JSON body (SPEC 7: every call is JSON), as the brand images do.
  app.post('/api/Lancamentos/:id/anexos', {
    bodyLimit: Math.ceil(ANEXO_MAX_BYTES * 1.4) + 4096,
    schema: {
      tags: TAGS,
      summary: 'Anexa um arquivo de até 5 MB (data URL em base64)',
      body: checkedByHandler(objectOf({ nome: { type: 'string', maxLength: 120 }, arquivo: { type: 'string', description: 'data:<tipo>;base64,<conteúdo>' } }, ['nome', 'arquivo'])),
      response: { 200: answer('Anexo gravado', ANEXO_SCHEMA) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    const b = (req.body ?? {}) as Row;
    const nome = typeof b.nome === 'string' ? b.nome.trim() : '';
    if (!ANEXO_NOME.test(nome)) throw badRequest('Anexo: informe o nome do arquivo (até 120 caracteres).', [{ path: '/nome', campo: 'nome', mensagem: 'Campo Obrigatório!' }]);
    const m = typeof b.arquivo === 'string' ? /^data:([\w.+-]+\/[\w.+-]+)?(?:;[^,]*)?;base64,([A-Za-z0-9+/=\s]*)$/.exec(b.arquivo) : null;
    if (!m) throw badRequest('Anexo: envie o arquivo como data URL em base64.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo inválido!' }]);
    const bytes = Buffer.from(m[2], 'base64');
    if (!bytes.length) throw badRequest('Anexo: o arquivo está vazio.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo inválido!' }]);
    if (bytes.length > ANEXO_MAX_BYTES) throw badRequest('Anexo: o arquivo passa de 5 MB.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo inválido!' }]);
    const tipo = m[1] ?? 'application/octet-stream';
    await db.tenant(ctx, (q) => lancamentoExiste(q, ctx, id));
    const key = tenantKey(ctx.tenantId, 'lancamentos', `${id}-${randomBytes(8).toString('hex')}`);
    // The file first, then the row; a failed row takes the file back, so no row ever names a missing file.
    await storage.put(key, bytes, { contentType: tipo });
    try {
      return await db.tenant(ctx, async (q) => {
        await lancamentoExiste(q, ctx, id);
        const r = await q.query(
          `INSERT INTO lancamentos_anexos (tenant_id, lancamento_id, nome, tipo_conteudo, tamanho, chave, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [ctx.tenantId, id, nome, tipo, bytes.length, key, ctx.userId ?? null],
        );
        return anexoOut(r.rows[0]);
      });
    } catch (e) {
      await storage.delete(key).catch(() => {});
      throw e;
    }
  });

  const anexoOf = async (req: FastifyRequest) => {
    const ctx = req.ctx!;
    const { id, anexoId } = req.params as { id: string; anexoId: string };
    const r = await db.tenant(ctx, (q) => q.query(`SELECT * FROM lancamentos_anexos WHERE tenant_id = $1 AND lancamento_id = $2 AND id = $3`, [ctx.tenantId, parseId(id), parseId(anexoId)]));
    if (!r.rows.length) throw notFound('Anexo não encontrado.');
    return r.rows[0];
  };

  app.get('/api/Lancamentos/:id/anexos/:anexoId', { schema: { tags: TAGS, summary: 'Baixa o arquivo de um anexo', response: { 200: fileAnswer('O arquivo') } } }, async (req, reply) => {
    guard(req.ctx!, 'view');
    const a = await anexoOf(req);
    const body = await storage.get(a.chave);
    if (!body) throw notFound('Arquivo do anexo não encontrado.');
    reply.header('content-type', a.tipo_conteudo);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(a.nome)}`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(body);
  });

  app.delete('/api/Lancamentos/:id/anexos/:anexoId', { schema: { tags: TAGS, summary: 'Exclui um anexo (e o arquivo)', response: { 200: answer('Excluído', objectOf({ id: INT, excluido: { type: 'boolean' } })) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const a = await anexoOf(req);
    await db.tenant(ctx, (q) => q.query(`DELETE FROM lancamentos_anexos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, a.id]));
    await storage.delete(a.chave).catch(() => {});
    return { id: Number(a.id), excluido: true };
  });
}
