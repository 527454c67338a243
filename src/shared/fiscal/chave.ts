/** A uniform integer in [min, max) from the platform's CSPRNG (Node and browsers alike). */
function randomInt(min: number, max: number): number {
  const range = max - min;
  const limite = Math.floor(0x1_0000_0000 / range) * range;
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0] < limite) return min + (buf[0] % range);
  }
}

/** Parts of the chave de acesso in layout order (MOC 4.00, 5.4): 2+4+14+2+3+9+1+8+1 = 44 digits. */
export interface PartesChave {
  cUF: string;
  aamm: string;
  documento: string;
  modelo: string;
  serie: string;
  numero: string;
  tpEmis: string;
  cNF: string;
  cDV: string;
}

import { isCnpj } from '../cpf-cnpj.ts';

/**
 * The chave de acesso (44 positions): cUF and AAMM digits, the issuer's CNPJ — alphanumeric since the CNPJ
 * alfanumérico (IN RFB 2.229/2024; NT Conjunta 2025.001 of the DF-e, PL_010 TChNFe `[0-9]{6}[0-9A-Z]{12}[0-9]{26}`)
 * — then model, series, number, tpEmis, cNF and the check digit, all digits. Upper-case letters only.
 */
export const PADRAO_CHAVE = '[0-9]{6}[0-9A-Z]{12}[0-9]{26}';
export const CHAVE_RE = new RegExp(`^${PADRAO_CHAVE}$`);
/** The key inside an infNFe Id (`Id="NFe<chave>"`), numeric or with an alphanumeric CNPJ. */
export const ID_NFE_RE = new RegExp(`Id="NFe(${PADRAO_CHAVE})"`);

/**
 * Mod 11 with weights 2..9 cycling from the right; remainders 0 and 1 give 0. Each character counts as its ASCII
 * code minus 48 (digits keep their value, A = 17 … Z = 42), as the alphanumeric CNPJ and the key that carries it ask.
 */
export function modulo11(digits: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    soma += (digits.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export interface DadosChave {
  cUF: string | number;
  /** dhEmi (ISO with offset) or a YYMM string */
  dataEmissao: string;
  /** CNPJ (14) or CPF (11, left-padded with zeros as the layout says) */
  documento: string;
  modelo: string | number;
  serie: string | number;
  numero: string | number;
  tpEmis: string | number;
  cNF: string;
}

const pad = (v: string | number, n: number) => String(v).padStart(n, '0');

export function aammDe(dataEmissao: string): string {
  if (/^\d{4}$/.test(dataEmissao)) return dataEmissao;
  return dataEmissao.slice(2, 4) + dataEmissao.slice(5, 7);
}

export function montarChave(d: DadosChave): string {
  const base =
    pad(d.cUF, 2) + aammDe(d.dataEmissao) + pad(d.documento, 14) + pad(d.modelo, 2) + pad(d.serie, 3) +
    pad(d.numero, 9) + pad(d.tpEmis, 1) + pad(d.cNF, 8);
  if (!CHAVE_RE.test(base + '0')) throw new Error(`Dados da chave de acesso inválidos: ${base}`);
  return base + String(modulo11(base));
}

export function partesDaChave(chave: string): PartesChave {
  return {
    cUF: chave.slice(0, 2),
    aamm: chave.slice(2, 6),
    documento: chave.slice(6, 20),
    modelo: chave.slice(20, 22),
    serie: chave.slice(22, 25),
    numero: chave.slice(25, 34),
    tpEmis: chave.slice(34, 35),
    cNF: chave.slice(35, 43),
    cDV: chave.slice(43, 44),
  };
}

export type ResultadoChave = { valida: true } | { valida: false; motivo: string };

export function validarChave(chave: string): ResultadoChave {
  if (!CHAVE_RE.test(chave)) {
    return { valida: false, motivo: 'A chave de acesso deve ter 44 dígitos (o CNPJ do emitente, posições 7 a 20, pode ter letras maiúsculas quando alfanumérico).' };
  }
  const dv = modulo11(chave.slice(0, 43));
  if (String(dv) !== chave[43]) {
    return { valida: false, motivo: `Dígito verificador da chave de acesso inválido: informado ${chave[43]}, calculado ${dv}.` };
  }
  return { valida: true };
}

/**
 * cNF: 8 random digits. The MOC forbids cNF equal to nNF (and trivial sequences) so the key cannot be guessed
 * from the number.
 */
export function gerarCodigoNumerico(numero: number | string): string {
  const proibidos = new Set([String(numero).padStart(8, '0').slice(-8), '12345678', '23456789', '87654321', '98765432']);
  for (;;) {
    const c = String(randomInt(0, 100_000_000)).padStart(8, '0');
    if (proibidos.has(c) || /^(\d)\1{7}$/.test(c)) continue;
    return c;
  }
}

/**
 * Mod 11 check digits of CNPJ and CPF: SEFAZ rejects invalid ones (207, 208, 237). The CNPJ may be alphanumeric
 * (12 characters 0-9/A-Z and 2 check digits, upper case as the layout writes it).
 */
export function cnpjValido(cnpj: string): boolean {
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) && isCnpj(cnpj);
}

export function cpfValido(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const calc = (s: string) => {
    let soma = 0;
    for (let i = 0; i < s.length; i++) soma += Number(s[i]) * (s.length + 1 - i);
    const r = (soma * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = calc(cpf.slice(0, 9));
  const d2 = calc(cpf.slice(0, 9) + d1);
  return cpf.endsWith(`${d1}${d2}`);
}
