const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const br = (v: unknown) => {
  const m = ISO_DATE.exec(String(v ?? ''));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
};

/**
 * The period of an export, read from its filter: each date condition (between, gte, lte, gt, lt on a 'yyyy-MM-dd'
 * value) as 'Título: 01/08/2026 a 31/08/2026', 'a partir de' or 'até'; null when the filter names no date.
 */
export function periodoDoFiltro(where: unknown, titles: Map<string, string>): string | null {
  const partes: string[] = [];
  const visit = (w: unknown) => {
    if (!w || typeof w !== 'object') return;
    if (Array.isArray(w)) return w.forEach(visit);
    for (const [k, v] of Object.entries(w as Record<string, unknown>)) {
      if (k === 'and' || k === 'or') {
        visit(v);
        continue;
      }
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      const c = v as Record<string, unknown>;
      const titulo = titles.get(k) ?? k;
      const [de, ate] = Array.isArray(c.between) ? c.between.map(br) : [br(c.gte ?? c.gt), br(c.lte ?? c.lt)];
      if (de && ate) partes.push(`${titulo}: ${de} a ${ate}`);
      else if (de) partes.push(`${titulo}: a partir de ${de}`);
      else if (ate) partes.push(`${titulo}: até ${ate}`);
    }
  };
  visit(where);
  return partes.length ? partes.join('; ') : null;
}

