import Decimal from 'decimal.js';

/**
 * The scale's EAN-13 labels (prefix 2 by default, GS1 "restricted circulation" numbers): `P CCCCC VVVVVV D`,
 * the product's code at the scale (its PLU) and the value, the line's total price (2 places) or the weight in
 * kg (3 places), then the check digit. One reader for every place that scans them: the PDV (in the browser,
 * with the station's options) and the sales order (on the server, with the branch's).
 */

/** How the labels are laid out (the PDV's `pdv.balanca`; the branch's scale settings). */
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

export interface CodigoBalanca {
  /** the product's code as the scale knows it (its PLU, no leading zeros) */
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

/**
 * The sale line a label stands for, given the unit price of the product it names: the weight it carries, or
 * (a price label) the quantity that price buys at the unit price (3 places). Null when a price label names a
 * product without a price.
 */
export function linhaDaEtiqueta(b: CodigoBalanca, precoUnitario: string): { quantidade: string } | null {
  if (b.peso) return { quantidade: b.peso };
  const preco = new Decimal(precoUnitario);
  if (preco.lte(0)) return null;
  return { quantidade: new Decimal(b.preco!).div(preco).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toString() };
}
