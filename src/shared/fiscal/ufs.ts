/** IBGE UF codes (cUF). Checked in the unit tests against the IBGE table (tests/fixtures/referencia/tables/estados.csv). */
export const CODIGO_UF: Record<string, string> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24',
  PB: '25', PE: '26', AL: '27', SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42',
  RS: '43', MS: '50', MT: '51', GO: '52', DF: '53',
};

export const UF_DO_CODIGO: Record<string, string> = Object.fromEntries(Object.entries(CODIGO_UF).map(([uf, c]) => [c, uf]));

export function codigoUf(uf: string): string {
  const c = CODIGO_UF[uf];
  if (!c) throw new Error(`UF desconhecida: ${uf}`);
  return c;
}
