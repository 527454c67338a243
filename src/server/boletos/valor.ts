import Decimal from 'decimal.js';
import { BoletoInvalido } from './erros.ts';

/** The barcode holds the amount in 10 digits of cents. */
export const VALOR_MAXIMO_CENTAVOS = 9_999_999_999n;

/**
 * Amount in integer cents from a wire value ("1234.56", "1234,56" or a number with at most two
 * decimals). Parsed with decimal.js from the value's own text, never through binary arithmetic.
 */
export function valorEmCentavos(valor: string | number, campo = 'valor'): bigint {
  const texto = typeof valor === 'number' ? String(valor) : valor.trim().replace(',', '.');
  let d: Decimal;
  try {
    if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(texto)) throw new Error('formato');
    d = new Decimal(texto);
  } catch {
    throw new BoletoInvalido(`Valor inválido: "${valor}". Informe o valor em reais com até duas casas decimais.`, campo);
  }
  if (d.isNegative()) throw new BoletoInvalido('O valor do boleto não pode ser negativo.', campo);
  if (d.decimalPlaces() > 2) throw new BoletoInvalido('O valor do boleto deve ter no máximo duas casas decimais.', campo);
  const centavos = BigInt(d.times(100).toFixed(0));
  if (centavos > VALOR_MAXIMO_CENTAVOS) {
    throw new BoletoInvalido('O valor excede o máximo que cabe no código de barras (R$ 99.999.999,99).', campo);
  }
  return centavos;
}

/** "135.00" from 13500n. */
export function centavosParaTexto(centavos: bigint): string {
  const s = centavos.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
