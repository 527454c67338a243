// npm start. Plain JavaScript on purpose: a restart over built files loads no TypeScript compiler at all (tsx
// cost about a second of each restart; npm run bench:start). When the web app or the server bundle is stale,
// scripts/build.ts builds what is stale first (under tsx), then the server starts from its bundle in this
// process.
//
// package.json starts it as `node --max-semi-space-size=4 scripts/start.mjs`: V8 grows its young generation
// (two semi-spaces) up to 16 MB each under the start's allocations and keeps them committed while the server
// sits idle (until its memory reducer runs, minutes later), 32 MB of the idle RSS. Capped at 4 MB each, the idle
// server holds ~24 MB less (npm run bench:start) and a list costs no more: starts alternated with and without,
// 16 clients on GET /api/Clientes with ilike over PGlite, the server's CPU per request had medians 8.3 against
// 9.3 ms (3 starts each, load 12-16). --optimize-for-size saved more memory but cost more CPU (10.7 ms). It is
// a flag of the process: it cannot be set from inside it.
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
