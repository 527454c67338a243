/**
 * npm start (and the browser tests) build the web app only when dist/ is missing or older than what it is
 * built from; otherwise the built files are served as they are. `--force` builds anyway.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DIST_INDEX = join(ROOT, 'dist/index.html');
/** What the web bundle is built from: when any of it is newer than dist/, dist/ is stale. */
const INPUTS = ['src/web', 'src/shared', 'schemas', 'generated', 'index.html', 'vite.config.ts', 'package-lock.json'];

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

export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
}

let once: Promise<boolean> | null = null;

/** Builds once per process when stale; answers whether it built. */
export function ensureWebBuilt(force = false): Promise<boolean> {
  once ??= (async () => {
    if (!force && !webIsStale()) return false;
    await buildWeb();
    return true;
  })();
  return once;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('scripts/web-build.ts')) {
  const t0 = Date.now();
  ensureWebBuilt(process.argv.includes('--force')).then(
    (built) => console.log(built ? `interface web compilada em ${((Date.now() - t0) / 1000).toFixed(1)} s` : 'interface web já compilada (dist/ em dia)'),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
