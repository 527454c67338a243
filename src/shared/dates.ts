/**
 * Dates are stored 'yyyy-MM-dd' and shown dd/MM/yyyy; timestamps are shown dd/MM/yyyy HH:mm in the branch's time zone
 * (branches.fuso_horario, an IANA name from schemas/lookups/fusoHorario.json; America/Sao_Paulo by default). The server
 * passes the branch's zone explicitly; the browser sets the signed-in branch's zone once (definirFusoPadrao).
 */
export const FUSO_PADRAO = 'America/Sao_Paulo';

let fusoPadrao = FUSO_PADRAO;

/** The browser's session: the selected branch's time zone becomes the default of every format below. */
export function definirFusoPadrao(fuso: string | null | undefined): void {
  fusoPadrao = fuso && fusoValido(fuso) ? fuso : FUSO_PADRAO;
}

export const fusoAtual = () => fusoPadrao;

export function fusoValido(fuso: string): boolean {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: fuso });
    return true;
  } catch {
    return false;
  }
}

export function formatDate(value: string | Date | null | undefined, fuso = fusoPadrao): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '';
  const p = parts(dt, fuso);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatDateTime(value: string | Date | null | undefined, fuso = fusoPadrao): string {
  if (!value) return '';
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '';
  const p = parts(dt, fuso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** dd/MM/yyyy HH:mm:ss in the zone (what the DANFE and DANFCE print). */
export function formatDateTimeSeconds(value: string | Date | null | undefined, fuso = fusoPadrao): string {
  if (!value) return '';
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '';
  const p = parts(dt, fuso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** The instant as the zone's wall clock with its offset, 'yyyy-MM-ddTHH:mm:ss-03:00' (the NF-e's TDateTimeUTC). */
export function isoComFuso(value: Date, fuso = fusoPadrao): string {
  const p = parts(value, fuso);
  const parede = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const min = Math.round((parede - Math.floor(value.getTime() / 1000) * 1000) / 60_000);
  const sinal = min < 0 ? '-' : '+';
  const a = Math.abs(min);
  const dd = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sinal}${dd(Math.floor(a / 60))}:${dd(a % 60)}`;
}

/**
 * A spreadsheet date cell: the zone's wall clock of the instant (or the calendar day of a 'yyyy-MM-dd') as a Date
 * whose UTC fields are that wall clock, since XLSX dates carry no zone and exceljs writes the UTC fields.
 */
export function celulaDeData(value: unknown, fuso = fusoPadrao): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  }
  const dt = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(dt.getTime())) return null;
  const p = parts(dt, fuso);
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

const formatos = new Map<string, Intl.DateTimeFormat>();

function parts(dt: Date, fuso: string) {
  let f = formatos.get(fuso);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', {
      timeZone: fusoValido(fuso) ? fuso : FUSO_PADRAO, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    formatos.set(fuso, f);
  }
  const o: Record<string, string> = {};
  for (const part of f.formatToParts(dt)) o[part.type] = part.value;
  return o as { day: string; month: string; year: string; hour: string; minute: string; second: string };
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
