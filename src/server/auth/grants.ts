import type { RequestContext } from './context.ts';

/**
 * Who may hand out power in an account. Only an account administrator (or the brand's staff) grants the
 * administrator and accountant roles, edits an administrator's record, or writes a permission level above
 * their own: otherwise a user allowed to manage users or profiles could raise themselves, or a puppet user,
 * to anything.
 */
export function isAccountAdmin(ctx: RequestContext): boolean {
  return ctx.perfilAdmin || ctx.suporteWhiteLabel || ctx.master;
}

export const ONLY_ADMIN_ROLES = 'Somente um administrador da conta pode conceder ou retirar os papéis de administrador e de contador.';
export const ONLY_ADMIN_EDITS_ADMIN = 'Somente um administrador da conta pode alterar um usuário administrador.';
export const OWN_PROFILE = 'Você não pode alterar o seu próprio perfil de acesso.';
export const grantAboveOwn = (key: string) => `Você não pode conceder um nível de permissão maior que o seu (${key}).`;
export const profileAboveOwn = (key: string) => `Você não pode atribuir um perfil de acesso com mais permissões que as suas (${key}).`;

const levelOf = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The first key where `wanted` gives more than the user holds and more than was already there (so a user may
 * rename or lower a profile an administrator made stronger, but never raise a level past their own); null
 * when nothing is raised. Administrators are never limited.
 */
export function keyRaisedAboveOwn(ctx: RequestContext, wanted: unknown, current?: unknown): string | null {
  if (isAccountAdmin(ctx) || !wanted || typeof wanted !== 'object') return null;
  const before = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  for (const [key, v] of Object.entries(wanted as Record<string, unknown>)) {
    const level = levelOf(v);
    if (level > levelOf(ctx.permissoes[key]) && level > levelOf(before[key])) return key;
  }
  return null;
}
