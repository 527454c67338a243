import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { importModuleRef } from '../module-ref.ts';
import type { ResourceDef } from './registry.ts';

type Row = Record<string, unknown>;

/**
 * A resource's own logic, in its module folder, named by the document's "hooks" key. The generic service
 * calls it around every write, inside the request's transaction; current is the stored record (PUT, PATCH).
 * validate: refuse the write (throw an HttpError, nothing is written); beforeWrite: adjust the data or write
 * related rows first; afterWrite: write what follows from the saved row.
 */
export interface ResourceHooks {
  validate?(ctx: RequestContext, data: Row, current?: Row): void | Promise<void>;
  beforeWrite?(q: Queryable, ctx: RequestContext, data: Row, current?: Row): void | Promise<void>;
  afterWrite?(q: Queryable, ctx: RequestContext, row: Row, current?: Row): void | Promise<void>;
}

const NONE: ResourceHooks = {};

export async function hooksOf(def: ResourceDef): Promise<ResourceHooks> {
  if (!def.doc.hooks) return NONE;
  const mod = await importModuleRef<{ default?: ResourceHooks } & ResourceHooks>(def.doc.hooks);
  return mod.default ?? mod;
}
