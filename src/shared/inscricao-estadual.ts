import { isValidIe, type StateCode } from '@brazilian-utils/brazilian-utils';

/**
 * Inscrição estadual by the UF's rule: the SINTEGRA check-digit rules of the 27 UFs (the @brazilian-utils package,
 * zero dependencies), corrected where it lags the UFs: DF also issues IEs starting with 08, and PE still has the
 * 14-digit IEs of the old CACEPE register. 'ISENTO' is accepted in every UF, as the NF-e layout does.
 * The ONE validator of the product: the server's hooks, the NF-e issuing path and the forms (through the ajv
 * keyword below, in the resource documents' allOf) all call it.
 */
export const normalizarIe = (ie: string): string => ie.replace(/[.\-/\s]/g, '').toUpperCase();

export type ResultadoIe = { ok: true; valor: string } | { ok: false; mensagem: string };

export const mensagemIeInvalida = (uf: string) => `Inscrição estadual inválida para a UF ${uf.toUpperCase()}.`;

const soma = (d: string, pesos: number[]) => pesos.reduce((s, p, i) => s + p * Number(d[i]), 0);

function df(d: string): boolean {
  if (!/^0[78]\d{11}$/.test(d)) return false;
  const dv = (n: number) => {
    const r = 11 - (n % 11);
    return r >= 10 ? 0 : r;
  };
  const dv1 = dv(soma(d, [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  if (dv1 !== Number(d[11])) return false;
  return dv(soma(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) === Number(d[12]);
}

/** PE, old 14-digit register (CACEPE): one check digit, weights 5..1,9..2 over the first 13. */
function pe14(d: string): boolean {
  let dv = 11 - (soma(d, [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  if (dv > 9) dv -= 10;
  return dv === Number(d[13]);
}

/** True when the (normalised) IE follows the UF's rule; ISENTO is not a number and answers false here. */
export function ieConfere(ie: string, uf: string): boolean {
  const valor = normalizarIe(ie);
  const u = uf.toUpperCase();
  if (u === 'DF') return df(valor);
  if (u === 'PE' && /^\d{14}$/.test(valor)) return pe14(valor);
  if (!/^P?\d{2,14}$/.test(valor)) return false;
  try {
    return isValidIe({ value: valor, stateCode: u as StateCode });
  } catch {
    return false;
  }
}

export function validarInscricaoEstadual(ie: string, uf: string | null | undefined): ResultadoIe {
  const valor = normalizarIe(ie);
  if (valor === 'ISENTO') return { ok: true, valor };
  if (!/^P?\d{2,14}$/.test(valor)) return { ok: false, mensagem: 'Inscrição estadual: informe só os números ou ISENTO.' };
  if (!uf || uf === 'EX') return { ok: false, mensagem: 'Inscrição estadual: informe a UF do endereço para conferir a inscrição.' };
  if (!ieConfere(valor, uf)) return { ok: false, mensagem: mensagemIeInvalida(uf) };
  return { ok: true, valor };
}

/**
 * JSON Schema keyword on an object: `{ "inscricaoEstadualDaUf": "uf" }` checks its inscricaoEstadual against the UF
 * in the named sibling field. Registered in the server's ajv and in the browser's, so a form and its API refuse
 * the same records with the same text. A record without IE, with ISENTO, or without UF is left to other rules.
 */
export const IE_KEYWORD = 'inscricaoEstadualDaUf';

export function palavraChaveIe() {
  const validate = (campoUf: unknown, data: unknown): boolean => {
    const v = validate as unknown as { errors?: unknown[] };
    v.errors = [];
    if (!data || typeof data !== 'object' || typeof campoUf !== 'string') return true;
    const rec = data as Record<string, unknown>;
    const ie = rec.inscricaoEstadual;
    const uf = rec[campoUf];
    if (typeof ie !== 'string' || !ie.trim() || typeof uf !== 'string' || !uf || uf === 'EX') return true;
    const valor = normalizarIe(ie);
    if (valor === 'ISENTO' || !/^P?\d{2,14}$/.test(valor)) return true;
    if (ieConfere(valor, uf)) return true;
    v.errors = [{ keyword: IE_KEYWORD, instancePath: '/inscricaoEstadual', schemaPath: `#/${IE_KEYWORD}`, params: { uf: uf.toUpperCase() }, message: mensagemIeInvalida(uf) }];
    return false;
  };
  return { keyword: IE_KEYWORD, schemaType: 'string', errors: true, validate } as const;
}
