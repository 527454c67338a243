/**
 * Inscrição estadual of a recipient: the number of digits each UF uses, and São Paulo's two check digits (the UF of
 * the demo). The full per-UF rule of the fiscal settings (configuracoes/empresas) replaces this at merge.
 */
const DIGITOS: Record<string, number[]> = {
  AC: [13], AL: [9], AP: [9], AM: [9], BA: [8, 9], CE: [9], DF: [13], ES: [9], GO: [9], MA: [9], MT: [11], MS: [9], MG: [13],
  PA: [9], PB: [9], PR: [10], PE: [9, 14], PI: [9], RJ: [8], RN: [9, 10], RS: [10], RO: [14], RR: [9], SC: [9], SP: [12], SE: [9], TO: [9, 11],
};

function dvSp(ie: string): boolean {
  const d = ie.split('').map(Number);
  const p1 = [1, 3, 4, 5, 6, 7, 8, 10];
  const dv1 = (p1.reduce((s, p, i) => s + p * d[i], 0) % 11) % 10;
  if (dv1 !== d[8]) return false;
  const p2 = [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2];
  const dv2 = (p2.reduce((s, p, i) => s + p * d[i], 0) % 11) % 10;
  return dv2 === d[11];
}

export function ieValida(ie: string, uf: string): boolean {
  const s = ie.replace(/\D/g, '');
  if (s !== ie.replace(/[.\-/\s]/g, '')) return false;
  const tamanhos = DIGITOS[uf];
  if (!tamanhos) return /^\d{2,14}$/.test(s);
  if (!tamanhos.includes(s.length)) return false;
  if (uf === 'SP') return dvSp(s);
  return true;
}
