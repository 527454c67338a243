import Decimal from 'decimal.js';

/**
 * What the scanner (a keyboard that types fast and ends with Enter) or the operator typed into the PDV's one
 * input: an optional quantity multiplier (`5*`, `1,5*` before the code), then an EAN-13/EAN-8/GTIN, an
 * internal product code, or a scale barcode (prefix 2, with the price or the weight inside).
 */

/** The station's scale options (catalogue `pdv.balanca`). */
export interface OpcoesBalanca {
  /** first digit of the scale barcodes; '2' by default */
  prefixo?: string;
  /** what the barcode carries after the product code: the line's total price (2 places) or the weight in kg (3 places) */
  tipo: 'preco' | 'peso';
  /** digits of the product code after the prefix (4 to 6; 5 by default). The value takes the rest up to digit 12. */
  digitosCodigo?: number;
}

/** Check digit of a GTIN (EAN-8/12/13/14) body: weights 3,1,3,… from the right. */
export function digitoGtin(corpo: string): number {
  let soma = 0;
  for (let i = 0; i < corpo.length; i++) {
    const d = corpo.charCodeAt(corpo.length - 1 - i) - 48;
    soma += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (soma % 10)) % 10;
}

export function gtinValido(codigo: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(codigo)) return false;
  return digitoGtin(codigo.slice(0, -1)) === Number(codigo[codigo.length - 1]);
}

/** A complete EAN-13 from its first 12 digits (tests, bench, label printing). */
export const ean13 = (corpo12: string) => `${corpo12}${digitoGtin(corpo12)}`;

export interface EntradaLida {
  /** the multiplier typed before `*`, decimal string; null when none */
  multiplicador: string | null;
  /** the code itself (digits or an internal code), trimmed */
  codigo: string;
}

/** `5*7891234567895` → multiplier 5 and the code; `1,5*123` → 1.5; just `5*` → multiplier and no code yet. */
export function lerEntrada(texto: string): EntradaLida {
  const s = texto.trim();
  const m = /^(\d+(?:[.,]\d{1,4})?)\s*[*xX]\s*(.*)$/.exec(s);
  if (!m) return { multiplicador: null, codigo: s };
  return { multiplicador: new Decimal(m[1].replace(',', '.')).toString(), codigo: m[2].trim() };
}

export interface CodigoBalanca {
  /** the product's code as the scale knows it (no leading zeros) */
  codigoProduto: string;
  /** tipo 'preco': the line's total, 2 places */
  preco?: string;
  /** tipo 'peso': the weight in kg, 3 places */
  peso?: string;
}

/**
 * A scale barcode: EAN-13 starting with the prefix, `P CCCCC VVVVVV D` (5 code digits by default).
 * Null when the code is not one (other prefix, wrong length or check digit).
 */
export function lerCodigoBalanca(codigo: string, opcoes: OpcoesBalanca | null | undefined): CodigoBalanca | null {
  if (!opcoes) return null;
  const prefixo = opcoes.prefixo ?? '2';
  const nCod = opcoes.digitosCodigo ?? 5;
  if (codigo.length !== 13 || !/^\d{13}$/.test(codigo) || !codigo.startsWith(prefixo)) return null;
  if (!gtinValido(codigo)) return null;
  const p = prefixo.length;
  const codigoProduto = String(Number(codigo.slice(p, p + nCod)));
  const valor = codigo.slice(p + nCod, 12);
  if (!valor) return null;
  if (opcoes.tipo === 'preco') return { codigoProduto, preco: new Decimal(valor).div(100).toFixed(2) };
  return { codigoProduto, peso: new Decimal(valor).div(1000).toFixed(3) };
}

/** A scale barcode for a product code and a value (the test and bench side of lerCodigoBalanca). */
export function montarCodigoBalanca(codigoProduto: string, valor: string, opcoes: OpcoesBalanca): string {
  const prefixo = opcoes.prefixo ?? '2';
  const nCod = opcoes.digitosCodigo ?? 5;
  const nValor = 12 - prefixo.length - nCod;
  const inteiro = new Decimal(valor).times(opcoes.tipo === 'preco' ? 100 : 1000).toFixed(0);
  return ean13(`${prefixo}${codigoProduto.padStart(nCod, '0')}${inteiro.padStart(nValor, '0')}`);
}
