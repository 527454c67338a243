import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import { selectedBranch } from './user-info.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, INT_OR_NULL, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { FILIAL_SELECIONADA, TAGS } from './routes-comum.ts';

/** The user's branches (SPEC 2.7): the selected one, those the user may switch to, and the switch. */
export default async function filiaisRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  app.get('/api/Usuarios/obterfilialselecionada', { schema: { tags: TAGS, summary: 'A filial selecionada da sessão ({} sem filial)', response: { 200: answer('A filial', FILIAL_SELECIONADA) } } }, async (req) => (await selectedBranch(db, req.ctx!)) ?? {});
  app.get('/api/Usuarios/verificaFilial', { schema: { tags: TAGS, summary: 'Se a sessão tem filial selecionada', response: { 200: exactAnswer('Filial', objectOf({ possuiFilial: { type: 'boolean' }, filialId: INT_OR_NULL }, ['possuiFilial', 'filialId'])) } } }, async (req) => {
    const b = await selectedBranch(db, req.ctx!);
    return { possuiFilial: !!b, filialId: b?.id ?? null };
  });

  /** The branches the user may switch to (SPEC 2.7 'switch branch'): all of the account's for its administrator. */
  app.get('/api/Usuarios/filiais', { schema: { tags: TAGS, summary: 'As filiais ativas para as quais o usuário pode trocar (todas, para o administrador da conta)', response: { 200: exactAnswer('Filiais', arrayOf(objectOf({ id: INT, nome: { type: 'string' }, apelido: TEXT_OR_NULL, cpfCnpj: TEXT_OR_NULL, selecionada: { type: 'boolean' } }, ['id', 'nome', 'apelido', 'cpfCnpj', 'selecionada']))) } } }, async (req) => {
    const ctx = req.ctx!;
    const r = await db.tenant(ctx, (q) =>
      q.query(
        `SELECT b.id, b.nome, b.apelido, b.cpf_cnpj AS "cpfCnpj", b.id = $3 AS selecionada FROM branches b
          WHERE b.tenant_id = $1 AND b.ativo
            AND ($4 OR EXISTS (SELECT 1 FROM user_branches ub WHERE ub.tenant_id = b.tenant_id AND ub.branch_id = b.id AND ub.user_id = $2))
          ORDER BY b.id`,
        [ctx.tenantId, ctx.userId, ctx.branchId, ctx.perfilAdmin],
      ),
    );
    return r.rows;
  });

  /** Switching branch: the selected branch of the session and of the user, among the user's branches. */
  app.post('/api/Usuarios/trocarFilial', { schema: { tags: TAGS, summary: 'Troca a filial selecionada da sessão e do usuário (entre as filiais dele)', body: checkedByHandler(objectOf({ filialId: INT }, ['filialId'])), response: { 200: answer('A filial selecionada', FILIAL_SELECIONADA), 404: answer('Filial não encontrada (ou não é do usuário)') } } }, async (req) => {
    const ctx = req.ctx!;
    const filialId = parseId((req.body as { filialId?: unknown })?.filialId);
    await db.tenant(ctx, async (q) => {
      const allowed = await q.query(
        `SELECT 1 FROM branches b WHERE b.tenant_id = $1 AND b.id = $2 AND b.ativo
           AND ($3 OR EXISTS (SELECT 1 FROM user_branches ub WHERE ub.tenant_id = b.tenant_id AND ub.branch_id = b.id AND ub.user_id = $4))`,
        [ctx.tenantId, filialId, ctx.perfilAdmin, ctx.userId],
      );
      if (!allowed.rows.length) throw notFound('Filial não encontrada.');
      await q.query('UPDATE users SET filial_selecionada_id = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId, filialId]);
    });
    await db.query('UPDATE sessions SET branch_id = $2 WHERE token_hash = encode(sha256(convert_to($1, \'UTF8\')), \'hex\')', [ctx.token, filialId]);
    return selectedBranch(db, { ...ctx, branchId: filialId });
  });
}
