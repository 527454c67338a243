import { badRequest } from '../http/errors.ts';

/**
 * Reading a report's parameters (the `where` of its query or export): ids, dates, instants and periods, with
 * one wording of the errors for every module's reports. Absent, null and '' read as null (no filter).
 */
export type Parametros = Record<string, unknown>;

const vazio = (v: unknown) => v === undefined || v === null || v === '';

/** The parameters as an object ({} when none); anything else is a 400. */
export function objeto(where: unknown): Parametros {
  if (where === undefined || where === null) return {};
  if (typeof where !== 'object' || Array.isArray(where)) throw badRequest('Parâmetros do relatório inválidos.', [{ campo: 'filter', mensagem: 'Campo inválido!' }]);
  return where as Parametros;
}

/** A record id (a positive integer, as a number or digits). */
export function inteiro(w: Parametros, campo: string, titulo: string): number | null {
  const v = w[campo];
  if (vazio(v)) return null;
  if (typeof v === 'number' ? !Number.isSafeInteger(v) || v <= 0 || v > 2147483647 : !/^\d{1,10}$/.test(String(v)) || Number(v) > 2147483647) throw badRequest(`${titulo} inválido: ${String(v)}.`, [{ campo, mensagem: 'Campo inválido!' }]);
  return Number(v);
}

/** A calendar date, yyyy-MM-dd as given. */
export function data(w: Parametros, campo: string, titulo: string): string | null {
  const v = w[campo];
  if (vazio(v)) return null;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) throw badRequest(`${titulo} inválida: ${String(v)} (use AAAA-MM-DD).`, [{ campo, mensagem: 'Data inválida' }]);
  return v;
}

/** An instant (ISO 8601 starting with yyyy-MM-dd), answered in UTC. */
export function instante(w: Parametros, campo: string, titulo: string): string | null {
  const v = w[campo];
  if (vazio(v)) return null;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v))) throw badRequest(`${titulo} inválida: ${String(v)}.`, [{ campo, mensagem: 'Data inválida' }]);
  return new Date(v).toISOString();
}

/** The period de/ate read by `ler` (data or instante), either end open, de not after ate. */
export function periodo<T extends string>(w: Parametros, ler: (w: Parametros, campo: string, titulo: string) => T | null): { de: T | null; ate: T | null } {
  const de = ler(w, 'de', 'Data inicial');
  const ate = ler(w, 'ate', 'Data final');
  ordemDoPeriodo(de, ate);
  return { de, ate };
}

/** A period whose start comes after its end is a 400. */
export function ordemDoPeriodo(de: string | null, ate: string | null): void {
  if (de && ate && de > ate) throw badRequest('A data inicial deve ser anterior à data final.', [{ campo: 'de', mensagem: 'Período inválido' }]);
}
