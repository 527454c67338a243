/**
 * Chromium for the browser tests (tests/e2e/support re-exports these) and the browser benches: Debian's
 * /usr/bin/chromium driven by playwright-core (no browser download), and the sign-in through the login screen.
 * No vitest here, so a bench run by tsx can use it.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Signs in through the login screen, as a person would, and waits for the route the user lands on. */
export async function signInPage(page: Page, baseUrl: string, email: string, landing: RegExp = /#\/pages\/dashboard$/): Promise<void> {
  await page.goto(`${baseUrl}/#/auth/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(landing);
}
