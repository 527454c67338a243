import { calcularDigito, MODULO_10, MODULO_11_GERAL } from './digitos.ts';
import { BoletoInvalido } from './erros.ts';
import { dataDoFator } from './fator-vencimento.ts';
import { centavosParaTexto } from './valor.ts';

/**
 * FEBRABAN barcode (44 digits):
 *   1-3 bank, 4 currency (9 = real), 5 general check digit, 6-9 due-date factor, 10-19 amount in cents,
 *   20-44 free field (campo livre, 25 digits, laid out by each bank).
 * Linha digitável (47 digits): three fields carrying the barcode's 1-4 and 20-44, each with a mod-10 digit,
 * then the general check digit, then factor and amount.
 */
export interface PartesCodigo {
  banco: string;
  moeda?: string;
  fator: number;
  centavos: bigint;
  campoLivre: string;
}

export function montarCodigoBarras(p: PartesCodigo): string {
  const moeda = p.moeda ?? '9';
  if (!/^\d{3}$/.test(p.banco) || !/^\d$/.test(moeda)) throw new Error('montarCodigoBarras: banco/moeda inválidos');
  if (!/^\d{25}$/.test(p.campoLivre)) throw new Error(`montarCodigoBarras: campo livre deve ter 25 dígitos: "${p.campoLivre}"`);
  const semDv =
    p.banco + moeda + String(p.fator).padStart(4, '0') + p.centavos.toString().padStart(10, '0') + p.campoLivre;
  const dv = calcularDigito(MODULO_11_GERAL, semDv);
  return semDv.slice(0, 4) + dv + semDv.slice(4);
}

/** Linha digitável with punctuation: "AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV". */
export function linhaDigitavel(codigoBarras: string): string {
  const c1 = codigoBarras.slice(0, 4) + codigoBarras.slice(19, 24);
  const c2 = codigoBarras.slice(24, 34);
  const c3 = codigoBarras.slice(34, 44);
  const f1 = c1 + calcularDigito(MODULO_10, c1);
  const f2 = c2 + calcularDigito(MODULO_10, c2);
  const f3 = c3 + calcularDigito(MODULO_10, c3);
  return `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${codigoBarras[4]} ${codigoBarras.slice(5, 19)}`;
}

export interface CodigoDecodificado {
  banco: string;
  moeda: string;
  fator: number;
  valor: string;
  centavos: bigint;
  vencimento: string | null;
  campoLivre: string;
  codigoBarras: string;
  linhaDigitavel: string;
}

/**
 * Parses and validates a typed linha digitável (47 digits) or a scanned barcode (44 digits), with or
 * without punctuation. Throws BoletoInvalido naming the check digit that fails.
 */
export function decodificarCodigo(codigo: string, referencia?: string): CodigoDecodificado {
  if (typeof codigo !== 'string' || !codigo.trim()) throw new BoletoInvalido('Informe a linha digitável ou o código de barras.', 'codigo');
  if (/[^\d\s.\-]/.test(codigo)) {
    throw new BoletoInvalido('A linha digitável deve conter apenas números (pontos e espaços são ignorados).', 'codigo');
  }
  const d = codigo.replace(/\D/g, '');
  let codigoBarras: string;
  if (d.length === 47) {
    const campos = [d.slice(0, 10), d.slice(10, 21), d.slice(21, 32)];
    campos.forEach((campo, i) => {
      const esperado = calcularDigito(MODULO_10, campo.slice(0, -1));
      if (campo.slice(-1) !== esperado) {
        throw new BoletoInvalido(
          `Dígito verificador do campo ${i + 1} da linha digitável não confere (informado ${campo.slice(-1)}, calculado ${esperado}). Confira a digitação.`,
          'codigo',
        );
      }
    });
    codigoBarras = d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
  } else if (d.length === 44) {
    codigoBarras = d;
  } else if (d.length === 48) {
    throw new BoletoInvalido('Código de 48 dígitos é de arrecadação (contas de consumo e tributos), não de boleto bancário.', 'codigo');
  } else {
    throw new BoletoInvalido(
      `A linha digitável deve ter 47 dígitos e o código de barras 44; foram informados ${d.length}.`,
      'codigo',
    );
  }
  if (codigoBarras[0] === '8') {
    throw new BoletoInvalido('Código de arrecadação (contas de consumo e tributos) não é boleto bancário.', 'codigo');
  }
  const esperado = calcularDigito(MODULO_11_GERAL, codigoBarras.slice(0, 4) + codigoBarras.slice(5));
  if (codigoBarras[4] !== esperado) {
    throw new BoletoInvalido(
      `Dígito verificador geral do código de barras não confere (informado ${codigoBarras[4]}, calculado ${esperado}). Confira a digitação.`,
      'codigo',
    );
  }
  const fator = Number(codigoBarras.slice(5, 9));
  const centavos = BigInt(codigoBarras.slice(9, 19));
  return {
    banco: codigoBarras.slice(0, 3),
    moeda: codigoBarras[3],
    fator,
    centavos,
    valor: centavosParaTexto(centavos),
    vencimento: dataDoFator(fator, referencia),
    campoLivre: codigoBarras.slice(19),
    codigoBarras,
    linhaDigitavel: linhaDigitavel(codigoBarras),
  };
}
