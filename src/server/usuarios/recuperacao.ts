import { randomBytes } from 'node:crypto';
import { SENHA_MIN } from '../../shared/cadastro.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/sessions.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import type { Db } from '../db/db.ts';
import type { Mailer } from '../email/mailer.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';

/** A recovery link lives one hour and works once. */
export const RESET_TTL_SECONDS = 3600;
export const RESET_NOT_FOUND = 'E-mail não encontrado para recuperação de senha!';
export const RESET_GONE = 'Este link de recuperação de senha já foi utilizado ou expirou. Solicite a recuperação de senha novamente.';

/** POST Usuarios/reset {sistema, email}: e-mails a single-use link to #/auth/resetar-senha/{token}. */
export async function requestReset(db: Db, mailer: Mailer, brand: BrandRow, email: unknown, appUrl: string): Promise<void> {
  if (typeof email !== 'string' || !email.trim()) throw badRequest('Campo obrigatório!', [{ path: '/email', campo: 'email', mensagem: 'Campo obrigatório!' }]);
  const r = await db.query<{ tenant_id: number; id: number; nome: string; email: string }>(
    'SELECT tenant_id, id, nome, email FROM users WHERE brand_id = $1 AND lower(email) = lower($2) AND ativo AND contador_login_user_id IS NULL',
    [brand.id, email.trim()],
  );
  const user = r.rows[0];
  if (!user) throw notFound(RESET_NOT_FOUND);
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO password_resets (token_hash, tenant_id, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashToken(token), user.tenant_id, user.id, RESET_TTL_SECONDS],
  );
  const link = `${appUrl.replace(/\/+$/, '')}/#/auth/resetar-senha/${token}`;
  const title = brand.config?.title ?? brand.nome;
  await mailer.send({
    to: user.email,
    subject: `${title}: recuperação de senha`,
    text: `Olá, ${user.nome}.\n\nRecebemos um pedido para recuperar a sua senha no ${title}.\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora e por um único uso):\n\n${link}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.\n`,
    html: `<p>Olá, ${escapeHtml(user.nome)}.</p><p>Recebemos um pedido para recuperar a sua senha no ${escapeHtml(title)}.</p><p><a href="${link}">Criar uma nova senha</a> (válido por 1 hora e por um único uso).</p><p>Se você não pediu, ignore este e-mail: sua senha continua a mesma.</p>`,
  });
}

/** POST reset-password?access_token= {password, confirmar}: single use; a used or expired link is a 410. */
export async function resetPassword(db: Db, token: unknown, body: { password?: unknown; confirmar?: unknown }): Promise<void> {
  if (typeof token !== 'string' || !token) throw notFound('Link de recuperação inválido.');
  const password = typeof body?.password === 'string' ? body.password : '';
  if (password.length < SENHA_MIN) throw badRequest(`Mínimo ${SENHA_MIN} caracteres!`, [{ path: '/password', campo: 'password', mensagem: `Mínimo ${SENHA_MIN} caracteres!` }]);
  if (body.confirmar !== password) throw badRequest('Os valores não conferem!', [{ path: '/confirmar', campo: 'confirmar', mensagem: 'Os valores não conferem!' }]);
  const hash = await hashPassword(password);
  await db.transaction(async (q) => {
    const r = await q.query<{ tenant_id: number; user_id: number; used: boolean; expired: boolean }>(
      `SELECT tenant_id, user_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM password_resets WHERE token_hash = $1 FOR UPDATE`,
      [hashToken(token)],
    );
    const row = r.rows[0];
    if (!row) throw notFound('Link de recuperação inválido.');
    if (row.used || row.expired) throw new HttpError(410, RESET_GONE);
    await q.query('UPDATE password_resets SET used_at = now() WHERE token_hash = $1', [hashToken(token)]);
    await q.query('UPDATE users SET senha_hash = $3 WHERE tenant_id = $1 AND id = $2', [row.tenant_id, row.user_id, hash]);
    // A new password ends every open session of the user.
    await q.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2', [row.tenant_id, row.user_id]);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
