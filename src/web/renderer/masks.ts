import { onlyDigits } from '../../shared/cpf-cnpj.ts';

/** Masks applied as the person types (partial input), the complement of the shared full-value masks. */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '0' || p === 'A') out += chars[i++];
    else out += p;
  }
  return out;
}

/** CPF '000.000.000-00' up to 11 characters, then CNPJ '00.000.000/0000-00' (letters allowed: 2026 CNPJ). */
export function typingCpfCnpj(text: string): string {
  const raw = (text ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 14);
  if (raw.length <= 11 && !/[A-Z]/.test(raw)) return applyPattern(raw, '000.000.000-00');
  return applyPattern(raw, '00.000.000/0000-00');
}

export const cpfCnpjValue = (text: string): string => (text ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 14);

/** SPEC 5.4 phone: '(00) 0 0000-0000' for 11 digits, otherwise '(00) 0000-00009'. */
export function typingPhone(text: string): string {
  const d = onlyDigits(text).slice(0, 11);
  if (d.length === 11) return applyPattern(d, '(00) 0 0000-0000');
  return applyPattern(d, '(00) 0000-0000');
}

export function typingCep(text: string): string {
  return applyPattern(onlyDigits(text).slice(0, 8), '00000-000');
}

/** NCM typed as '0000.00.00'. */
export function typingNcm(text: string): string {
  return applyPattern(onlyDigits(text).slice(0, 8), '0000.00.00');
}

/** Date typed as dd/MM/yyyy. */
export function typingDate(text: string): string {
  return applyPattern(onlyDigits(text).slice(0, 8), '00/00/0000');
}
