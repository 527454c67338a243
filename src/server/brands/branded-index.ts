import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_DATA_ID } from '../../shared/brand-in-page.ts';
import type { BrandResolver, BrandRow } from '../http/brand-resolver.ts';
import { publicBrandConfig } from './routes.ts';

/**
 * index.html with the requesting host's brand in it: the same JSON GET /api/ConfigWhiteLabels/atual answers,
 * as a data block (`<script type="application/json">`: never run, so the brand's CSP needs neither a nonce nor
 * a hash). The sign-in page is drawn as soon as its code runs, without waiting for a second round trip for the
 * brand (SPEC 1: the page shows the brand found by the host). `<` is written as \u003c, so no text in the
 * configuration can close the block.
 */
export function brandedIndex(html: string, brand: BrandRow): string {
  const json = JSON.stringify(publicBrandConfig(brand)).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${BRAND_DATA_ID}">${json}</script>`;
  return html.includes('</body>') ? html.replace('</body>', `${block}\n  </body>`) : html + block;
}

/**
 * Serves the built index.html at / and /index.html with the host's brand in it. Never cached (it names the
 * build's files and now carries the brand); compressed by @fastify/compress like any answer. The page of a
 * brand is kept until the resolver reads the brands again (an edit invalidates it). Without a brand (none
 * registered), the plain page: the app then asks for the brand and shows the unavailable page as before.
 */
export function serveBrandedIndex(app: FastifyInstance, webDist: string, brands: BrandResolver): void {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const pages = new WeakMap<BrandRow, string>();
  const handler = async (req: { headers: { host?: string } }, reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown }) => {
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    let brand: BrandRow;
    try {
      brand = await brands.forHost(req.headers.host);
    } catch {
      return html;
    }
    let page = pages.get(brand);
    if (!page) pages.set(brand, (page = brandedIndex(html, brand)));
    return page;
  };
  app.get('/', handler);
  app.get('/index.html', handler);
}
