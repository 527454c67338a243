import type { FastifyRequest } from 'fastify';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { forbidden } from '../http/errors.ts';

/** What the /api/contabil route files share: the permission check, the tag, the public address of the app. */
export const TAGS = ['Contábil'];
const NEGADO = 'Você não tem permissão para gerenciar os contadores desta conta.';

export function exigir(ctx: RequestContext, level: 'view' | 'change') {
  if (!serverAllows(ctx, 'app.contador', level)) throw forbidden(NEGADO);
}

export const appUrl = (req: FastifyRequest) => process.env.PUBLIC_URL ?? `${req.protocol}://${req.headers.host}`;

/** The month a call is about: competencia (MM/AAAA or AAAA-MM) and the branch (the session's by default), as text: lerMes checks them with its own messages. */
export const MES = { competencia: { type: 'string', description: 'MM/AAAA ou AAAA-MM' }, filialId: { type: 'string', description: 'a filial (por omissão a da sessão)' } };
