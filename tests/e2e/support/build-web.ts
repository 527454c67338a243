import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const DIST_INDEX = join(ROOT, 'dist/index.html');
/** What the web bundle is built from: when any of it is newer than dist/, dist/ is stale. */
const INPUTS = ['src/web', 'src/shared', 'schemas/resources', 'schemas/documents', 'schemas/lookups', 'schemas/brands', 'index.html', 'vite.config.ts'];

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

export function webIsStale(): boolean {
  if (!existsSync(DIST_INDEX)) return true;
  const built = statSync(DIST_INDEX).mtimeMs;
  return INPUTS.some((p) => existsSync(join(ROOT, p)) && newest(join(ROOT, p)) > built);
}

let once: Promise<void> | null = null;

/** Builds the web (vite build) once per run when dist/ is missing or older than its sources. */
export function ensureWebBuilt(): Promise<void> {
  once ??= (async () => {
    if (!webIsStale()) return;
    const { build } = await import('vite');
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  })();
  return once;
}
