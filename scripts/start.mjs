// npm start. Plain JavaScript on purpose: a restart over built files loads no TypeScript compiler at all (tsx
// cost about a second of each restart; npm run bench:start). When the web app or the server bundle is stale,
// scripts/build.ts builds what is stale first (under tsx), then the server starts from its bundle in this
// process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_BUNDLE, serverIsStale, webIsStale } from './freshness.mjs';

const force = process.argv.includes('--force');
if (force || webIsStale() || serverIsStale()) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts'), ...(force ? ['--force'] : [])], { stdio: 'inherit', cwd: ROOT });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const { start } = await import(pathToFileURL(SERVER_BUNDLE).href);
start().catch((err) => {
  console.error(err);
  process.exit(1);
});
