/**
 * Check digits as data: every bank's rule is a weighted sum modulo 10 or 11 with its own weights,
 * direction and replacements, so one function computes all of them from the rule in the bank document.
 */
export interface RegraDigito {
  modulo: number;
  /** Weights, cycled; the first applies to the rightmost digit unless `inicio` is "esquerda". */
  pesos: number[];
  inicio?: 'direita' | 'esquerda';
  /** Mod-10 style: each product contributes the sum of its own digits (16 -> 1+6). */
  somarAlgarismos?: boolean;
  /** "complemento": digit = modulo - resto; "resto": digit = resto. */
  resultado: 'complemento' | 'resto';
  /** Replacements applied to the result, e.g. {"10": "X", "11": "0"}. */
  substituir?: Record<string, string>;
}

export function calcularDigito(regra: RegraDigito, numero: string): string {
  if (!/^\d+$/.test(numero)) throw new Error(`calcularDigito: "${numero}" não é numérico`);
  const n = numero.length;
  let soma = 0;
  for (let i = 0; i < n; i++) {
    const digito = numero.charCodeAt(regra.inicio === 'esquerda' ? i : n - 1 - i) - 48;
    let produto = digito * regra.pesos[i % regra.pesos.length];
    if (regra.somarAlgarismos) produto = Math.floor(produto / 10) + (produto % 10);
    soma += produto;
  }
  const resto = soma % regra.modulo;
  const valor = regra.resultado === 'complemento' ? regra.modulo - resto : resto;
  return regra.substituir?.[String(valor)] ?? String(valor);
}

/** FEBRABAN mod 10 of each linha digitável field. */
export const MODULO_10: RegraDigito = { modulo: 10, pesos: [2, 1], somarAlgarismos: true, resultado: 'complemento', substituir: { '10': '0' } };

/** FEBRABAN general check digit of the 44-digit barcode (position 5): 0, 10 and 11 become 1. */
export const MODULO_11_GERAL: RegraDigito = {
  modulo: 11,
  pesos: [2, 3, 4, 5, 6, 7, 8, 9],
  resultado: 'complemento',
  substituir: { '0': '1', '10': '1', '11': '1' },
};
