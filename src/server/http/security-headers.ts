import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrandResolver, BrandRow } from './brand-resolver.ts';

type Directives = Record<string, string[]>;

/** The origin of an absolute http(s) address; null for relative addresses (same origin) and anything else. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/**
 * What misc.scriptIncorporar loads: a bare script body, or an HTML snippet whose <script> elements either
 * have a src (its origin is allowed) or a body (allowed by its hash, exactly as the browser will run it).
 */
export function embeddedScripts(code: unknown): { origins: string[]; hashes: string[] } {
  const out = { origins: [] as string[], hashes: [] as string[] };
  if (typeof code !== 'string' || !code.trim()) return out;
  if (!/^\s*</.test(code)) {
    out.hashes.push(sha256(code));
    return out;
  }
  for (const m of code.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(m[1])?.[1];
    if (src) {
      const o = originOf(src);
      if (o) out.origins.push(o);
    } else if (m[2]) out.hashes.push(sha256(m[2]));
  }
  return out;
}

const uniq = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))];

/**
 * The Content-Security-Policy of one brand (SPEC 3): scripts from this server and from the brand's own
 * scriptLink, scriptIncorporar and adobeAnalytics origins only; the analytics origin may also receive its
 * beacons; images and the login cover from the brand's configured addresses. frame-ancestors lists the
 * brand's domains, so a brand can frame the app (SPEC 2.4) and nobody else can.
 * 'unsafe-eval': the browser compiles the documents' JSON Schemas with ajv (the same validator as the server).
 * 'unsafe-inline' styles: antd writes its styles at run time.
 */
export function brandDirectives(brand: BrandRow): Directives {
  const c = brand.config ?? {};
  const misc = c.misc ?? {};
  const embedded = embeddedScripts(misc.scriptIncorporar);
  const analytics = originOf(misc.adobeAnalytics);
  const images = uniq([originOf(misc.linkFavicon), ...Object.values(c.imagens ?? {}).map(originOf)]);
  const cover = originOf(c.login?.iframe);
  const ancestors = uniq((brand.dominios ?? []).map((d) => (/^[a-z0-9.-]+$/i.test(d) ? `${d.toLowerCase()}:*` : null)));
  return {
    'default-src': ["'self'"],
    'script-src': uniq(["'self'", "'unsafe-eval'", originOf(misc.scriptLink), ...embedded.origins, analytics, ...embedded.hashes]),
    // blob: the exported files the app hands to a new tab are read back from their blob address.
    'connect-src': uniq(["'self'", 'blob:', analytics]),
    'img-src': uniq(["'self'", 'data:', 'blob:', analytics, ...images]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'frame-src': uniq(["'self'", 'blob:', cover]),
    'object-src': ["'self'", 'blob:'],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': uniq(["'self'", ...ancestors]),
  };
}

/** The helmet options of one brand; no X-Frame-Options (frame-ancestors decides, and allows the brand's own sites). */
export function helmetOptions(brand: BrandRow) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: brandDirectives(brand) },
    frameguard: false as const,
    referrerPolicy: { policy: 'no-referrer' as const },
    crossOriginEmbedderPolicy: false,
    // The brand's own pages frame the app and open its PDFs; same-origin-allow-popups keeps window.open working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  };
}

/** The headers helmet writes for these options, in its order: set once per brand, not rebuilt per request. */
export function securityHeaders(opts: ReturnType<typeof helmetOptions>): [string, string][] {
  const out: [string, string][] = [];
  // Every helmet header is fixed by its options (no directive here is a function of the request), so writing
  // them to a recording response gives what helmet would write to each one.
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void out.push([name, String(value)]),
    removeHeader: () => {}, // X-Powered-By: never set by Fastify
  };
  helmet(opts)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return out;
}

/**
 * Security headers on every answer, built from the request's brand (SPEC 7: tokens travel in URLs as
 * access_token, so Referrer-Policy is no-referrer). Built once per brand and kept until its configuration
 * changes: helmet parsing the policy again for every request was a measurable share of a list's time.
 */
export async function installSecurityHeaders(app: FastifyInstance, brands: BrandResolver): Promise<void> {
  const cache = new WeakMap<object, [string, string][]>();
  app.addHook('onRequest', async (req, reply) => {
    const brand = await brands.forHost(req.headers.host);
    const key = brand.config ?? brand;
    let headers = cache.get(key);
    if (!headers) {
      headers = securityHeaders(helmetOptions(brand));
      cache.set(key, headers);
    }
    // On the raw response, as helmet writes them: a route's own reply.header() still wins.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
}
