import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SENHA_MIN } from '../../shared/cadastro.ts';
import type { AppServices } from '../app-services.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { requestReset, resetPassword } from './recuperacao.ts';
import { answer, checkedByHandler, exactAnswer, objectOf } from '../http/route-schema.ts';
import { query } from '../http/input-schemas.ts';
import { TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const ALTERADA = exactAnswer('Senha alterada', objectOf({ alterada: { type: 'boolean' } }, ['alterada']));

const appUrl = (req: FastifyRequest) => process.env.PUBLIC_URL ?? `${req.protocol}://${req.headers.host}`;

/** Passwords: the reset link by e-mail, the new password through it, and a change by the signed-in user. */
export default async function senhaRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, mailer } = services;
  app.post('/api/Usuarios/reset', { schema: { tags: TAGS, summary: 'Manda por e-mail o link de recuperação de senha (público)', body: checkedByHandler(objectOf({ email: { type: 'string', format: 'email' } }, ['email'])), response: { 200: exactAnswer('Enviado', objectOf({ enviado: { type: 'boolean' } }, ['enviado'])), 404: answer('E-mail sem usuário nesta marca') } }, config: { public: true } }, async (req) => {
    const brand = await brands.forHost(req.headers.host);
    await requestReset(db, mailer, brand, (req.body as { email?: unknown })?.email, appUrl(req));
    return { enviado: true };
  });

  for (const path of ['/api/Usuarios/reset-password', '/reset-password', '/api/reset-password']) {
    const schema = {
      tags: TAGS,
      summary: 'Grava a senha nova pelo link de recuperação (público; o token do link em access_token)',
      querystring: query({ access_token: { type: 'string', description: 'o token do link do e-mail' } }),
      body: checkedByHandler(objectOf({ password: { type: 'string', minLength: SENHA_MIN }, confirmar: S }, ['password', 'confirmar'])),
      response: { 200: ALTERADA, 404: answer('Link de recuperação inválido ou vencido') },
    };
    app.post(path, { config: { public: true }, schema }, async (req) => {
      await resetPassword(db, (req.query as Record<string, unknown>).access_token, (req.body ?? {}) as Record<string, unknown>);
      return { alterada: true };
    });
  }

  app.post('/api/Usuarios/alteraSenha', { schema: { tags: TAGS, summary: 'O usuário troca a própria senha (com a atual); as outras sessões dele terminam', body: checkedByHandler(objectOf({ senhaAntiga: S, senhaNova: { type: 'string', minLength: SENHA_MIN }, userId: { type: 'integer', description: 'se vier, o próprio' } }, ['senhaAntiga', 'senhaNova'])), response: { 200: ALTERADA } } }, async (req) => {
    const ctx = req.ctx!;
    const body = (req.body ?? {}) as { userId?: unknown; senhaAntiga?: unknown; senhaNova?: unknown };
    if (body.userId !== undefined && Number(body.userId) !== ctx.userId) throw forbidden('Só é possível alterar a própria senha.');
    if (typeof body.senhaNova !== 'string' || body.senhaNova.length < SENHA_MIN) {
      throw badRequest(`Mínimo ${SENHA_MIN} caracteres!`, [{ path: '/senhaNova', campo: 'senhaNova', mensagem: `Mínimo ${SENHA_MIN} caracteres!` }]);
    }
    const row = (await db.query<{ senha_hash: string }>('SELECT senha_hash FROM users WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId])).rows[0];
    if (!row || typeof body.senhaAntiga !== 'string' || !(await verifyPassword(body.senhaAntiga, row.senha_hash))) {
      throw badRequest('A senha atual não confere.', [{ path: '/senhaAntiga', campo: 'senhaAntiga', mensagem: 'A senha atual não confere.' }]);
    }
    const hash = await hashPassword(body.senhaNova);
    await db.transaction(async (q) => {
      await q.query('UPDATE users SET senha_hash = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId, hash]);
      await q.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2 AND token_hash <> encode(sha256(convert_to($3, \'UTF8\')), \'hex\')', [ctx.tenantId, ctx.userId, ctx.token]);
    });
    return { alterada: true };
  });
}
