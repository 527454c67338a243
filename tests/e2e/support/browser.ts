import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Debian's Chromium (installed by .ci/run), driven by playwright-core: shared with the browser benches.
export { CHROMIUM, CHROMIUM_ARGS, launchChromium } from '../../../scripts/bench/navegador.ts';

/** Collects uncaught page errors so a test can assert the app never crashed. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * playwright-core has no web-first assertions: poll a value until vitest's matcher passes. The limit matches
 * Playwright's own for actions (30 s): on a loaded CI machine a screen may take more than 10 s to reach its state.
 */
export const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout, interval: 100 });

export async function visible(locator: Locator, timeout = 30_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}
