import { isValidIe, type StateCode } from '@brazilian-utils/brazilian-utils';

/**
 * Inscrição estadual by the UF's rule (the SINTEGRA check-digit rules of the 27 UFs, from the
 * @brazilian-utils package, zero dependencies). 'ISENTO' is accepted in every UF, as the NF-e layout does.
 */
export const normalizarIe = (ie: string): string => ie.replace(/[.\-/\s]/g, '').toUpperCase();

export type ResultadoIe = { ok: true; valor: string } | { ok: false; mensagem: string };

export function validarInscricaoEstadual(ie: string, uf: string | null | undefined): ResultadoIe {
  const valor = normalizarIe(ie);
  if (valor === 'ISENTO') return { ok: true, valor };
  if (!/^\d{2,14}$/.test(valor)) return { ok: false, mensagem: 'Inscrição estadual: informe só os números ou ISENTO.' };
  if (!uf || uf === 'EX') return { ok: false, mensagem: 'Inscrição estadual: informe a UF do endereço para conferir a inscrição.' };
  if (!isValidIe({ value: valor, stateCode: uf.toUpperCase() as StateCode })) {
    return { ok: false, mensagem: `Inscrição estadual inválida para ${uf.toUpperCase()}: confira os números (o dígito verificador não confere com a regra da UF).` };
  }
  return { ok: true, valor };
}
