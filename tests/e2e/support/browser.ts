import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium as launchOwnChromium } from '../../../scripts/bench/navegador.ts';

// Debian's Chromium (installed by .ci/run), driven by playwright-core: shared with the browser benches.
export { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/bench/navegador.ts';

let chromiumOfTheWorker: Promise<Browser> | null = null;

/**
 * Chromium for an e2e file. One Chromium process per worker, started by its first file and shared by the files the
 * worker runs after it (the e2e suite runs with `isolate: false`, vitest.config.ts): starting Chromium cost each
 * file seconds on a loaded machine. Each file gets a handle of its own: every page opens in a context of its own
 * (browser.newPage makes one, as Playwright does), `contexts()` lists only the handle's, and `close()` closes the
 * contexts the handle opened, not the browser: the next file starts with no page, cookie or storage of this
 * one. Should Chromium go away (a crash), the next file starts another.
 */
export async function launchChromium(): Promise<Browser> {
  chromiumOfTheWorker ??= launchOwnChromium().then((b) => {
    b.once('disconnected', () => (chromiumOfTheWorker = null));
    return b;
  }, (err) => {
    chromiumOfTheWorker = null;
    throw err;
  });
  const real = await chromiumOfTheWorker;
  const own = new Set<BrowserContext>();
  const keep = (c: BrowserContext) => {
    own.add(c);
    c.once('close', () => own.delete(c));
    return c;
  };
  const handle: Partial<Browser> = {
    newContext: async (options) => keep(await real.newContext(options)),
    newPage: async (options) => {
      const page = await real.newPage(options);
      keep(page.context());
      return page;
    },
    contexts: () => [...own],
    close: async () => {
      await Promise.all([...own].map((c) => c.close().catch(() => {})));
    },
  };
  return new Proxy(real, {
    get: (target, prop) => {
      if (Object.hasOwn(handle, prop)) return handle[prop as keyof Browser];
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}


const journals = new WeakMap<Page, string[]>();
/** Pages tracked in this worker: open ones, and those closed since the last test ended (journal-setup.ts). */
const tracked = new Set<Page>();

/**
 * Collects uncaught page errors so a test can assert the app never crashed, and keeps a journal of what the page
 * went through (API answers, navigations, console errors, toasts and dialogs shown and removed, the clicks it
 * received, with seconds since it opened):
 * a failing test prints it (`pageJournal`), so a failure seen once in CI says what the page did.
 */
export function trackPageErrors(page: Page): string[] {
  clicksAtRest(page);
  const errors: string[] = [];
  const journal: string[] = [];
  journals.set(page, journal);
  tracked.add(page);
  const t0 = Date.now();
  const note = (s: string) => {
    journal.push(`${((Date.now() - t0) / 1000).toFixed(2)}s ${s}`);
    if (journal.length > 150) journal.shift();
  };
  page.on('pageerror', (e) => {
    errors.push(e.message);
    note(`pageerror ${e.message}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning' || m.text().startsWith('[e2e]')) note(`console.${m.type()} ${m.text().slice(0, 300)}`);
  });
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) note(`${r.request().method()} ${u.pathname}${u.search.slice(0, 80)} ${r.status()}`);
  });
  page.on('requestfailed', (r) => note(`request failed ${r.method()} ${r.url().slice(0, 120)} ${r.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`at ${f.url()}`);
  });
  // Toasts (antd notifications) as they come and go: the page's own console carries them to the journal.
  page
    .addInitScript(() => {
      const seen = new WeakSet<Element>();
      const say = (what: string, el: Element) => console.log(`[e2e] ${what} ${(el.textContent ?? '').trim().slice(0, 200)}`);
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (!(n instanceof Element)) continue;
            for (const el of [n, ...n.querySelectorAll('.ant-notification-notice, .ant-modal')]) {
              if (!el.matches('.ant-notification-notice, .ant-modal') || seen.has(el)) continue;
              seen.add(el);
              setTimeout(() => say('shown', el), 0);
            }
          }
          for (const n of r.removedNodes) {
            if (n instanceof Element) for (const el of [n, ...n.querySelectorAll('.ant-notification-notice, .ant-modal')]) if (el.matches('.ant-notification-notice, .ant-modal')) say('removed', el);
          }
        }
      }).observe(document, { childList: true, subtree: true });
      // Each click the page received, with the element it reached and the popup holding it: a click that
      // 'registered nothing' shows here whether it arrived at all, and where.
      window.addEventListener(
        'click',
        (e) => {
          const t = e.target instanceof Element ? e.target : null;
          if (!t) return;
          const popup = t.closest('.ant-modal, .ant-drawer, .ant-select-dropdown, .ant-dropdown, .ant-popover');
          const where = popup ? ` in ${popup.className.split(' ')[0]} "${(popup.textContent ?? '').trim().slice(0, 40)}"` : '';
          const el = t.closest('button, a, [role=button], [role=option], [role=menuitem], [role=tab]') ?? t;
          const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
          console.log(`[e2e] click ${el.tagName.toLowerCase()} "${label}"${where}${e.isTrusted ? '' : ' (script)'}`);
        },
        true,
      );
    })
    .catch(() => {});
  return errors;
}

/** What antd animates in and out: a click inside one of these waits until it has stopped moving. */
const MOVING = '.ant-modal, .ant-select-dropdown, .ant-dropdown, .ant-picker-dropdown, .ant-popover, .ant-drawer-content-wrapper, .ant-cascader-dropdown';
let clicksPatched = false;

/**
 * Every locator click of the e2e suites (Playwright's Locator.prototype, patched once per worker from the first tracked
 * page) first waits until the antd dialog, dropdown or popover holding its target has finished its zoom or slide. A click
 * while one still moved could land beside its target: seen in CI and in the series as an 'OK' that left its dialog open
 * and an option click that chose the neighbouring option ('Aplicação CDB' for 'Caixa da loja'). Endless animations (a
 * spinner) do not count, nor the wave antd draws around a clicked button (an opacity fading for 2 s, not a movement);
 * force and trial clicks go as they are.
 */
function clicksAtRest(page: Page): void {
  if (clicksPatched) return;
  clicksPatched = true;
  const proto = Object.getPrototypeOf(page.locator('body')) as { click: Locator['click'] };
  const click = proto.click;
  proto.click = async function (this: Locator, options?: Parameters<Locator['click']>[0]) {
    if (!options?.force && !options?.trial) {
      await this.evaluate(
        (el, moving) =>
          new Promise<void>((resolve) => {
            const host = el.closest(moving);
            if (!host) return resolve();
            const still = () => !host.getAnimations({ subtree: true }).some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity && !((a.effect as KeyframeEffect).target as Element | null)?.classList.contains('ant-wave'));
            const check = () => (!host.isConnected || still() ? resolve() : setTimeout(check, 16));
            check();
            // At most 5 s: an animation that never settles must not hold the click (evaluate's timeout does not
            // cover this promise).
            setTimeout(resolve, 5_000);
          }),
        MOVING,
        { timeout: options?.timeout ?? 30_000 },
      ).catch(() => {});
    }
    return click.call(this, options);
  };
}

/**
 * The tracked pages a failing test may have used (open, or closed during it), and forgets the closed ones: run
 * after every e2e test by tests/e2e/support/journal-setup.ts, which prints their journals when the test failed.
 */
export function pagesOfTheTest(): Page[] {
  const pages = [...tracked];
  for (const p of pages) if (p.isClosed()) tracked.delete(p);
  return pages;
}

/** What the page went through (trackPageErrors), for a failing test's output. */
export function pageJournal(page: Page): string {
  return (journals.get(page) ?? []).join('\n');
}

/**
 * playwright-core has no web-first assertions: poll a value until vitest's matcher passes. The limit matches
 * Playwright's own for actions (30 s): on a loaded CI machine a screen may take more than 10 s to reach its state.
 */
export const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout, interval: 100 });

export async function visible(locator: Locator, timeout = 30_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/**
 * Answers a dialog (antd Modal) with one of its buttons and waits until it has gone. The click waits for the
 * dialog's opening animation to end: a click while antd's zoom still moves the button can land beside it, and
 * the dialog then stays open over the page (seen once in CI: 'Salvar' blocked for 30 s by an error dialog whose
 * 'OK' had been clicked). Should the dialog still be open after the click, the button is clicked again.
 */
export async function answerDialog(dialog: Locator, button: string | RegExp | ((d: Locator) => Locator), timeout = 30_000): Promise<void> {
  const d = dialog.first();
  await d.waitFor({ state: 'visible', timeout });
  let clickedAt = 0;
  await poll(async () => {
    // One look at the page that never waits for an element (a locator's evaluate would wait for one that has
    // just gone): closed, moving (opening or closing: no click, and no second one while it closes) or at rest.
    const state = await dialog.evaluateAll((els) => {
      const shown = els.filter((el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0);
      if (shown.length === 0) return 'fechado';
      // As in clicksAtRest: neither an endless animation (a spinner in a button or a select) nor the fading wave
      // of a clicked button (2 s) is movement.
      const moving = (a: Animation) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity && !((a.effect as KeyframeEffect).target as Element | null)?.classList.contains('ant-wave');
      return shown[0].getAnimations({ subtree: true }).some(moving) ? 'movendo' : 'parado';
    });
    if (state === 'parado' && Date.now() - clickedAt > 3_000) {
      const target = typeof button === 'function' ? button(d) : d.getByRole('button', { name: button });
      await target.click({ timeout: 5_000 }).catch(() => {});
      clickedAt = Date.now();
    }
    return state === 'fechado' ? 'fechado' : 'aberto';
  }, timeout).toBe('fechado');
}

/**
 * Chooses an option of an antd Select by typing `search` and clicking the option holding `text` (the click waits for
 * the dropdown to stop sliding, see clicksAtRest), then waits until the select shows it; a click that did not take (seen once in CI: the
 * Matriz saved with its old regime) is tried again.
 */
export async function pickOption(select: Locator, search: string, text = search, timeout = 30_000): Promise<void> {
  const page = select.page();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  const end = Date.now() + timeout;
  const left = () => Math.max(1, end - Date.now());
  for (;;) {
    await select.click({ timeout: left() });
    await page.keyboard.type(search);
    await option.waitFor({ state: 'visible', timeout: left() });
    await option.click({ timeout: left() });
    try {
      await poll(() => select.innerText(), Math.min(3_000, left())).toContain(text);
      return;
    } catch (err) {
      if (Date.now() >= end) throw err;
      await page.keyboard.press('Escape');
    }
  }
}
