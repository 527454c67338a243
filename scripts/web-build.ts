/**
 * npm start (and the browser tests) build the web app only when dist/ is missing or older than what it is
 * built from; otherwise the built files are served as they are. `--force` builds anyway.
 */
import { join } from 'node:path';
import { ROOT, webDevelopmentFiles, webIsStale } from './freshness.mjs';

export { webDevelopmentFiles, webIsStale };

/**
 * Always the production build, whoever calls it: under vitest NODE_ENV is 'test', and Vite (mode or not) then
 * bundled React's development build into dist/, which npm start served as fresh. NODE_ENV is set for the build
 * and put back; a build that still carries a React development marker fails.
 */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  const antes = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (antes === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = antes;
  }
  const dev = webDevelopmentFiles();
  if (dev.length) throw new Error(`dist/ saiu com o React de desenvolvimento (${dev.join(', ')})`);
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
