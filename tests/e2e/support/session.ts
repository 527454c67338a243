import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { launchChromium, trackPageErrors } from './browser.ts';
import { signInPage } from '../../../scripts/bench/navegador.ts';
import { ensureWebBuilt } from './build-web.ts';

export { signInPage };

type ServerOptions = NonNullable<Parameters<typeof startTestServer>[1]>;

export interface E2eSession {
  server: TestServer;
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page (a test asserts the app never crashed). */
  errors: string[];
  url(hash: string): string;
}

/**
 * One describe's browser against a server of its own (PGlite, serving the built web app): the web built when
 * stale, Chromium with one page, signed in when `signIn` names a demo user; a failing test leaves a screenshot
 * in /tmp/e2e-{name}-{test}.png. The fields are filled in by the describe's first beforeAll.
 */
export function e2eSession(name: string, o: { server?: ServerOptions; viewport?: { width: number; height: number }; signIn?: string } = {}): E2eSession {
  const s = { url: (hash: string) => `${s.server.baseUrl}/#/${hash}` } as E2eSession;
  beforeAll(async () => {
    Object.assign(s, await serverAndBrowser(o.server));
    s.page = await s.browser.newPage({ viewport: o.viewport ?? { width: 1366, height: 900 } });
    s.errors = trackPageErrors(s.page);
    if (o.signIn) await signInPage(s.page, s.server.baseUrl, o.signIn);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !s.page) return;
    await s.page.screenshot({ path: `/tmp/e2e-${name}-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`, fullPage: true }).catch(() => {});
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.close();
  });
  return s;
}

export interface E2eProfiles {
  server: TestServer;
  browser: Browser;
  /** The pages signIn opened, in order, and the uncaught errors of each. */
  pages: Page[];
  errors: string[][];
  url(hash: string): string;
  /** A fresh browser profile signed in through the login screen. */
  signIn(email: string, landing: RegExp): Promise<Page>;
}

/** Like e2eSession, for tests where several people meet in separate browser profiles (a master and a customer). */
export function e2eProfiles(name: string, o: { server?: ServerOptions } = {}): E2eProfiles {
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const s = {
    pages,
    errors: [] as string[][],
    url: (hash: string) => `${s.server.baseUrl}/#/${hash}`,
    async signIn(email: string, landing: RegExp) {
      const context = await s.browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      s.errors.push(trackPageErrors(page));
      await signInPage(page, s.server.baseUrl, email, landing);
      return page;
    },
  } as E2eProfiles;
  beforeAll(async () => {
    Object.assign(s, await serverAndBrowser(o.server));
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    for (const [i, p] of pages.entries()) await p.screenshot({ path: `/tmp/e2e-${name}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}-${i}.png` }).catch(() => {});
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await s.browser?.close();
    await s.server?.close();
  });
  return s;
}


async function serverAndBrowser(options: ServerOptions = {}): Promise<{ server: TestServer; browser: Browser }> {
  await ensureWebBuilt();
  // Chromium starts while the server loads its database (each takes seconds on a loaded machine).
  const [server, browser] = await Promise.allSettled([startTestServer('pglite', { listen: true, serveWeb: true, ...options }), launchChromium()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') return { server: server.value, browser: browser.value };
  if (server.status === 'fulfilled') await server.value.close();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}
