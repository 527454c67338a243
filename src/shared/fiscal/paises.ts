/**
 * Countries of the BACEN table (Tabela de Países do Banco Central, the cPais/xPais of the NF-e and the COD_PAIS of
 * SPED 0150) for the foreign supplier of an own import. /work/shared/fiscal has no copy of the table, so this is the
 * subset of the main trading partners, codes as BACEN publishes them; a country outside it is refused by name.
 */
export const PAISES_BACEN: Readonly<Record<string, string>> = {
  '0230': 'ALEMANHA',
  '0639': 'ARGENTINA',
  '1058': 'BRASIL',
  '1490': 'CANADA',
  '1589': 'CHILE',
  '1600': 'CHINA, REPUBLICA POPULAR',
  '1694': 'COLOMBIA',
  '1902': 'COREIA (DO SUL), REPUBLICA DA',
  '2453': 'ESPANHA',
  '2496': 'ESTADOS UNIDOS',
  '2750': 'FRANCA',
  '3611': 'INDIA',
  '3867': 'ITALIA',
  '3999': 'JAPAO',
  '4936': 'MEXICO',
  '5738': 'PAISES BAIXOS (HOLANDA)',
  '5860': 'PARAGUAI',
  '5894': 'PERU',
  '6076': 'PORTUGAL',
  '6289': 'REINO UNIDO',
  '8451': 'URUGUAI',
};

/** The country's name by its BACEN code (leading zeros optional), or undefined. */
export function nomePais(codigo: string | number): string | undefined {
  return PAISES_BACEN[String(codigo).replace(/\D/g, '').padStart(4, '0')];
}
