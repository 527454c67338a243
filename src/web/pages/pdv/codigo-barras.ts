import Decimal from 'decimal.js';

/**
 * What the scanner (a keyboard that types fast and ends with Enter) or the operator typed into the PDV's one
 * input: an optional quantity multiplier (`5*`, `1,5*` before the code), then an EAN-13/EAN-8/GTIN, an
 * internal product code, or a scale barcode (prefix 2, with the price or the weight inside).
 */

// The scale labels' reader is shared with the sales order (src/shared/etiqueta-balanca.ts).
export { digitoGtin, ean13, gtinValido, lerCodigoBalanca, montarCodigoBalanca, linhaDaEtiqueta } from '../../../shared/etiqueta-balanca.ts';
export type { CodigoBalanca, OpcoesBalanca } from '../../../shared/etiqueta-balanca.ts';

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
