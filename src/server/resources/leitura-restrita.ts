import type { Filter } from '../../shared/filter.ts';
import { camposOcultos, type LeituraRestrita } from '../../shared/leitura-restrita.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { forbidden } from '../http/errors.ts';
import { parseFields } from './filter-sql.ts';
import type { ResourceDef } from './registry.ts';

/**
 * Whether the user reads a field group's key: SPEC 6's check (the administrator passes), and the accountant, who
 * closes the books with the stock's value (serverAllows keeps the accountant to the menu keys only).
 */
export const podeLer = (ctx: RequestContext) => (key: string) => serverAllows(ctx, key) || !!ctx.isContador;

/** The fields of the resource this user may not read (readPermissions of the document). */
export function ocultosDoRecurso(def: ResourceDef, ctx: RequestContext): Set<string> {
  return camposOcultos((def.doc as { readPermissions?: LeituraRestrita[] }).readPermissions, podeLer(ctx));
}

/** The keys a where names, at any depth (and/or lists, operators). */
function chavesDoWhere(w: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(w)) for (const x of w) chavesDoWhere(x, out);
  else if (w && typeof w === 'object') {
    for (const [k, v] of Object.entries(w)) {
      if (k === 'and' || k === 'or') chavesDoWhere(v, out);
      else out.add(k);
    }
  }
  return out;
}

/** A where or an order on a hidden field would tell its values (a search by ranges): refused, naming the field. */
export function recusarFiltroOculto(def: ResourceDef, where: unknown, order: unknown, ocultos: ReadonlySet<string>): void {
  if (!ocultos.size) return;
  const pedidos = chavesDoWhere(where, new Set());
  for (const o of Array.isArray(order) ? order : order ? [order] : []) pedidos.add(String(o).trim().split(/\s+/)[0]);
  for (const k of pedidos) {
    if (ocultos.has(k)) {
      const titulo = (def.fields.get(k)?.schema.title as string | undefined) ?? k;
      throw forbidden(`Você não tem permissão para consultar ${titulo.toLowerCase()}.`);
    }
  }
}

/** The filter with the hidden fields left out of its field list (so neither the query nor the answer has them). */
export function filtroSemOcultos(def: ResourceDef, filter: Filter, ocultos: ReadonlySet<string>): Filter {
  if (!ocultos.size) return filter;
  recusarFiltroOculto(def, filter.where, filter.order, ocultos);
  const fields = parseFields(def, filter.fields).map((f) => f.name).filter((n) => !ocultos.has(n));
  return { ...filter, fields };
}
