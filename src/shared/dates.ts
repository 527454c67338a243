/** Dates are stored 'yyyy-MM-dd' and shown dd/MM/yyyy; timestamps shown dd/MM/yyyy HH:mm in Brazil's time. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '';
  const p = parts(dt);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '';
  const p = parts(dt);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

function parts(dt: Date) {
  const f = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  const o: Record<string, string> = {};
  for (const part of f.formatToParts(dt)) o[part.type] = part.value;
  return o as { day: string; month: string; year: string; hour: string; minute: string };
}

/** 'dd/MM/yyyy' typed by a person into 'yyyy-MM-dd', or null when it is not a real calendar date. */
export function parseDateBR(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((text ?? '').trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const dt = new Date(Date.UTC(+y, +mo - 1, +d));
  if (dt.getUTCFullYear() !== +y || dt.getUTCMonth() !== +mo - 1 || dt.getUTCDate() !== +d) return null;
  return `${y}-${mo}-${d}`;
}
