/**
 * Interleaved 2 of 5, the symbology FEBRABAN prescribes for the 44-digit barcode: pairs of digits, the
 * first drawn in the bars and the second in the spaces, five elements each, two of them wide.
 */
const PADROES = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];

/** Element widths (bar, space, bar, ...) in narrow modules, start and stop patterns included. */
export function elementosI2of5(digitos: string, largo = 3): number[] {
  if (!/^\d*$/.test(digitos) || digitos.length % 2) throw new Error('interleaved 2 of 5: número par de dígitos');
  const w = (c: string) => (c === 'W' ? largo : 1);
  const saida = [1, 1, 1, 1];
  for (let i = 0; i < digitos.length; i += 2) {
    const barras = PADROES[Number(digitos[i])];
    const espacos = PADROES[Number(digitos[i + 1])];
    for (let k = 0; k < 5; k++) saida.push(w(barras[k]), w(espacos[k]));
  }
  saida.push(largo, 1, 1);
  return saida;
}
