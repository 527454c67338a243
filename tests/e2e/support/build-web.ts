// The browser suites build the web exactly as npm start does: once, and only when dist/ is stale.
export { ensureWebBuilt, webIsStale } from '../../../scripts/web-build.ts';
