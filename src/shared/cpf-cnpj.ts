/** CPF/CNPJ check digits and masks (with the other identifiers the ajv formats check: GTIN, CEP, NCM, phone), used on both sides and by the widgets. */

export const onlyDigits = (v: string): string => (v ?? '').replace(/\D+/g, '');

/**
 * A CPF/CNPJ as the fiscal layouts write it: the mask taken off, letters kept (upper case) for the alphanumeric
 * CNPJ (IN RFB 2.229/2024; NT Conjunta 2025.001). Use it, not onlyDigits, wherever a CNPJ is read or written.
 */
export const documentoFiscal = (v: unknown): string => String(v ?? '').toUpperCase().replace(/[^0-9A-Z]+/g, '');

function allSame(d: string): boolean {
  return /^(\d)\1*$/.test(d);
}

export function isCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || allSame(d)) return false;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const dv = ((sum * 10) % 11) % 10;
    if (dv !== Number(d[len])) return false;
  }
  return true;
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** CNPJ check digits; letters (the 2026 alphanumeric CNPJ) count as their ASCII code minus 48. */
export function isCnpj(value: string): boolean {
  const v = (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (v.length !== 14 || !/^[0-9A-Z]{12}\d{2}$/.test(v) || allSame(v)) return false;
  const val = (c: string) => c.charCodeAt(0) - 48;
  for (const len of [12, 13]) {
    let sum = 0;
    const w = CNPJ_WEIGHTS.slice(13 - len);
    for (let i = 0; i < len; i++) sum += val(v[i]) * w[i];
    const r = sum % 11;
    const dv = r < 2 ? 0 : 11 - r;
    if (dv !== Number(v[len])) return false;
  }
  return true;
}

export const isCpfCnpj = (v: string): boolean => {
  const raw = (v ?? '').replace(/[.\-/\s]/g, '');
  return raw.length === 11 ? isCpf(raw) : raw.length === 14 ? isCnpj(raw) : false;
};

/** GTIN-8/12/13/14 (EAN/UPC) check digit; 'SEM GTIN' is what the NF-e layout accepts for none. */
export function isGtin(value: string): boolean {
  if (value === 'SEM GTIN') return true;
  if (!/^\d{8}$|^\d{12,14}$/.test(value)) return false;
  const digits = value.split('').map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((n, i) => (sum += n * (i % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10 === check;
}

export const isCep = (v: string): boolean => /^\d{5}-?\d{3}$/.test(v ?? '') && onlyDigits(v) !== '00000000';
export const isNcm = (v: string): boolean => /^\d{2}$|^\d{8}$/.test(onlyDigits(v ?? '')) && onlyDigits(v) === (v ?? '').replace(/\./g, '');
export const isPhone = (v: string): boolean => /^\d{10,11}$/.test(onlyDigits(v ?? '')) && !/[^\d()\s\-+]/.test(v ?? '');

export function maskCpfCnpj(value: string | null | undefined): string {
  const d = (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return value ?? '';
}

export function maskCep(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : value ?? '';
}

/** SPEC 5.4: 11 digits '(00) 0 0000-0000', otherwise '(00) 0000-00009'. */
export function maskPhone(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 3)} ${d.slice(3, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value ?? '';
}

/** NCM codes are shown left-padded with zeros to 8 digits (SPEC 3). */
export const padNcm = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' ? '' : String(v).replace(/\D/g, '').padStart(8, '0');

/** Completes 9 digits with the two CPF check digits (demo data and tests). */
export function cpfWithDigits(base9: string): string {
  let d = base9;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    d += String(((sum * 10) % 11) % 10);
  }
  return d;
}

/** Completes 12 characters with the two CNPJ check digits (demo data and tests). */
export function cnpjWithDigits(base12: string): string {
  let v = base12.toUpperCase();
  for (const len of [12, 13]) {
    const w = CNPJ_WEIGHTS.slice(13 - len);
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (v.charCodeAt(i) - 48) * w[i];
    const r = sum % 11;
    v += String(r < 2 ? 0 : 11 - r);
  }
  return v;
}
