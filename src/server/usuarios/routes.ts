import type { FastifyInstance } from 'fastify';
import { verifyUserPassword } from '../auth/passwords.ts';
import { createSession, endSession } from '../auth/sessions.ts';
import type { AppServices } from '../app-services.ts';
import { HttpError, badRequest } from '../http/errors.ts';

const LOGIN_FAILED = 'Dados inválidos, verifique e-mail/senha e tente novamente.';

interface UserRow {
  tenant_id: number;
  id: number;
  email: string;
  nome: string;
  senha_hash: string;
  avatar: string | null;
  ativo: boolean;
  perfil_admin: boolean;
  suporte_white_label: boolean;
  is_contador: boolean;
  is_avanco: boolean;
  master: boolean;
  primeiro_acesso: boolean;
  modais_abertos: Record<string, unknown>;
  filial_selecionada_id: number | null;
}

/** The user as the login answer carries it (SPEC 3, 7.1). */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    nome: u.nome,
    email: u.email,
    avatar: u.avatar,
    perfilAdmin: u.perfil_admin,
    suporteWhiteLabel: u.suporte_white_label,
    isContador: u.is_contador,
    isAvanco: u.is_avanco,
    master: u.master,
    modaisAbertos: u.modais_abertos ?? {},
    primeiroAcesso: u.primeiro_acesso,
    socio: { tenantId: u.tenant_id },
  };
}

export default async function usuariosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;

  app.post('/api/Usuarios/login', { config: { public: true } }, async (req) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    if (typeof body.email !== 'string' || typeof body.password !== 'string' || !body.email || !body.password) {
      throw badRequest('Informe e-mail e senha.', [{ path: '/email', mensagem: 'Campo Obrigatório!' }]);
    }
    const brand = await brands.forHost(req.headers.host);
    const r = await db.query<UserRow>(
      `SELECT tenant_id, id, email, nome, senha_hash, avatar, ativo, perfil_admin, suporte_white_label, is_contador, is_avanco, master,
              primeiro_acesso, modais_abertos, filial_selecionada_id
         FROM users WHERE brand_id = $1 AND lower(email) = lower($2)`,
      [brand.id, body.email.trim()],
    );
    const user = r.rows[0];
    const ok = await verifyUserPassword(body.password, user?.senha_hash);
    if (!user || !ok || !user.ativo) throw new HttpError(401, LOGIN_FAILED);
    const branch = user.filial_selecionada_id ?? (await firstBranch(services, user.tenant_id, user.id));
    const session = await createSession(db, user.tenant_id, user.id, branch);
    const include = String((req.query as Record<string, unknown>).include ?? '');
    return { ...session, ...(include.includes('user') ? { user: publicUser(user) } : {}), primeiroAcesso: user.primeiro_acesso };
  });

  app.post('/api/Usuarios/logout', async (req, reply) => {
    await endSession(db, req.ctx!.token);
    return reply.status(204).send();
  });
}

async function firstBranch({ db }: AppServices, tenantId: number, userId: number): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `SELECT b.id FROM branches b LEFT JOIN user_branches ub ON ub.tenant_id = b.tenant_id AND ub.branch_id = b.id AND ub.user_id = $2
      WHERE b.tenant_id = $1 AND b.ativo ORDER BY (ub.user_id IS NULL), b.id LIMIT 1`,
    [tenantId, userId],
  );
  return r.rows[0]?.id ?? null;
}
