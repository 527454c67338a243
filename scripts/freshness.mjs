// Plain JavaScript on purpose: npm start (scripts/start.mjs) decides here, before any TypeScript compiler is
// loaded, whether the web app (dist/) and the server bundle are up to date. web-build.ts and server-build.ts
// use the same rules, so a build and a start never disagree about what is stale.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '..');

/** The built web app and what it is built from. */
export const WEB_INDEX = join(ROOT, 'dist/index.html');
const WEB_INPUTS = ['src/web', 'src/shared', 'schemas', 'generated', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

/** The server bundle (a build cache: never served, never committed) and what it is built from. */
export const SERVER_BUNDLE_DIR = join(ROOT, 'node_modules/.cache/retaguarda-server');
export const SERVER_BUNDLE = join(SERVER_BUNDLE_DIR, 'main.mjs');
export const SERVER_ENTRY = join(ROOT, 'src/server/main.ts');
const SERVER_INPUTS = ['src/server', 'src/shared', 'generated', 'schemas', 'package-lock.json', 'scripts/server-build.ts', 'scripts/freshness.mjs'];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

function olderThanInputs(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((p) => existsSync(join(ROOT, p)) && newest(join(ROOT, p)) > built);
}

/**
 * Strings only React's development build carries (its dev-only stack frames and key warning). A dist/ built under
 * NODE_ENV=test or development holds them: it is not what npm start may serve, so it counts as stale.
 */
export const REACT_DEV_MARKERS = ['react-stack-top-frame', 'react-stack-bottom-frame', 'Each child in a list should have a unique "key" prop'];

/** The files of dist/assets that carry a React development marker (empty for a production build). */
export function webDevelopmentFiles(dir = join(ROOT, 'dist/assets')) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.js') && REACT_DEV_MARKERS.some((m) => readFileSync(join(dir, f), 'utf8').includes(m)));
}

export function webIsStale() {
  return olderThanInputs(WEB_INDEX, WEB_INPUTS) || webDevelopmentFiles().length > 0;
}

export function serverIsStale() {
  if (olderThanInputs(SERVER_BUNDLE, SERVER_INPUTS)) return true;
  // The bundle names its source files by absolute path: a checkout moved elsewhere builds again.
  return !readFileSync(SERVER_BUNDLE, 'utf8').includes(JSON.stringify(pathToFileURL(SERVER_ENTRY).href));
}
