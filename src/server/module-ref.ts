import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A document names code of its module as "<module>/<file>" (a resource's "hooks", a business document's
 * "service"): the file src/server/<module>/<file>.ts. One resolver for every such key, so schemas:check and the
 * server agree on where the code is, and a document never reaches outside the module folders.
 */
export const SERVER_DIR = resolve(import.meta.dirname);
export const MODULE_REF = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9.-]*$/;

export function modulePath(ref: string, root = SERVER_DIR): string {
  if (!MODULE_REF.test(ref)) throw new Error(`referência de módulo inválida: '${ref}' (use "<módulo>/<arquivo>")`);
  return join(root, `${ref}.ts`);
}

/** Why a reference does not resolve, or null when the file exists. */
export function moduleRefProblem(ref: string, root = SERVER_DIR): string | null {
  if (!MODULE_REF.test(ref)) return `'${ref}' não é "<módulo>/<arquivo>"`;
  return existsSync(modulePath(ref, root)) ? null : `'${ref}' não existe (src/server/${ref}.ts)`;
}

const loaded = new Map<string, Promise<unknown>>();

/** The module a reference names, imported once (by its real path: a tree whose folders are links shares the modules). */
export function importModuleRef<T>(ref: string, root = SERVER_DIR): Promise<T> {
  const path = root === SERVER_DIR ? modulePath(ref, root) : realpathSync(modulePath(ref, root));
  let p = loaded.get(path);
  // Under npm start the server runs from a bundle (scripts/server-build.ts) that carries these modules itself.
  const bundled = (globalThis as { __retaguardaModulos?: Map<string, unknown> }).__retaguardaModulos?.get(path);
  if (!p) loaded.set(path, (p = bundled ? Promise.resolve(bundled) : import(pathToFileURL(path).href)));
  return p as Promise<T>;
}
