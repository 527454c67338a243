/**
 * npm run build: the web app (Vite, into dist/) and the server bundle (esbuild, scripts/server-build.ts), each
 * only when stale; `--force` builds both anyway. npm start runs this when something is stale.
 */
import { ensureServerBuilt } from './server-build.ts';
import { ensureWebBuilt } from './web-build.ts';

const force = process.argv.includes('--force');
const t0 = Date.now();
const secs = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
try {
  const [web, server] = await Promise.all([ensureWebBuilt(force).then((b) => (b && console.log(`interface web compilada em ${secs()}`), b)), ensureServerBuilt(force).then((b) => (b && console.log(`servidor empacotado em ${secs()}`), b))]);
  if (!web && !server) console.log('interface web e servidor já compilados');
} catch (e) {
  console.error(e);
  process.exit(1);
}
