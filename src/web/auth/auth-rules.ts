import { EMAIL_MAX, SENHA_MIN } from '../../shared/cadastro.ts';
import { t } from './messages.ts';

/** SPEC 5.1–5.3 rules of the sign-in, recovery and reset screens. A rule answers its message or null. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldStatus = 'success' | 'warning' | undefined;

/** SPEC 5.1: success when valid, warning when filled but invalid, nothing while empty. */
export function fieldStatus(value: string, error: string | null): FieldStatus {
  if (!error) return value ? 'success' : undefined;
  return value ? 'warning' : undefined;
}

/** E-mail is forced to lowercase as typed and cut at the maximum. */
export const typingEmail = (v: string): string => (v ?? '').toLowerCase().slice(0, EMAIL_MAX);

export function loginEmailError(email: string): string | null {
  if (!email.trim()) return t('validacao.campo.required');
  if (email.length > EMAIL_MAX) return t('validacao.campo.maxLength', { n: EMAIL_MAX });
  if (!EMAIL_RE.test(email)) return t('validacao.campo.email');
  return null;
}

export function passwordError(password: string): string | null {
  if (!password) return t('validacao.campo.required');
  if (password.length < SENHA_MIN) return t('validacao.campo.minLength', { n: SENHA_MIN });
  return null;
}

/** SPEC 5.2 has its own two texts ('Campo obrigatório!', 'E-mail inválido.'). */
export function recoveryEmailError(email: string): string | null {
  if (!email.trim()) return t('validacao.recuperar.obrigatorio');
  if (email.length > EMAIL_MAX) return t('validacao.campo.maxLength', { n: EMAIL_MAX });
  if (!EMAIL_RE.test(email)) return t('validacao.recuperar.emailInvalido');
  return null;
}

/** SPEC 5.3: the confirmation must equal the new password (matchOther). */
export function confirmationError(password: string, confirmar: string): string | null {
  if (!confirmar) return t('validacao.campo.required');
  if (confirmar !== password) return t('validacao.campo.matchOther');
  return null;
}
