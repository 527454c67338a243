/** NPS (Net Promoter Score): % of promoters (9-10) minus % of detractors (0-6), from -100 to 100. */
export function npsScore(counts: { promotores: number; neutros: number; detratores: number }): number | null {
  const total = counts.promotores + counts.neutros + counts.detratores;
  if (!total) return null;
  return Math.round(((counts.promotores - counts.detratores) * 100) / total);
}

export const classificarNota = (nota: number): 'promotor' | 'neutro' | 'detrator' => (nota >= 9 ? 'promotor' : nota >= 7 ? 'neutro' : 'detrator');
