import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

/**
 * Issue 41 items 2 and 3 in Chromium: signing out and in as someone else in the same tab shows only the new user's
 * world (name, menus, dashboard; no call answered 403 with the previous user's screens), a salesperson lands on the
 * dashboard, and the salesperson's product grid has no cost column.
 */
describe('troca de usuário na mesma aba', () => {
  const e2e = e2eSession('troca-usuario');
  const sideMenu = (page: Page) => page.getByRole('menu', { name: 'Menu principal' });
  const topLevel = (page: Page) => sideMenu(page).locator(':scope > li').evaluateAll((lis) => lis.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()).filter(Boolean));
  const nome = (page: Page) => page.locator('.shell-usuario-nome').innerText();

  /** Every API answer 403 from now on, by its address. */
  function recusas(page: Page): string[] {
    const out: string[] = [];
    page.on('response', (r: Response) => {
      if (r.status() === 403 && r.url().includes('/api/')) out.push(r.url());
    });
    return out;
  }

  async function sair(page: Page) {
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu').last().getByText('Sair', { exact: true }).click();
    await page.waitForURL(/#\/auth\/login$/, { timeout: 30_000 });
  }

  async function entrar(page: Page, email: string, destino: RegExp) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(destino, { timeout: 30_000 });
  }

  it('admin signs out, the accountant signs in in the same tab: his name and menus only, no 403', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('auth/login'));
    await entrar(page, 'admin@demo.com.br', /#\/pages\/dashboard$/);
    await poll(() => nome(page)).toBe('Ana Administradora');
    const menusAdmin = await topLevel(page);
    expect(menusAdmin).toContain('Financeiro');
    // The admin's screens fill the in-memory caches (dashboard cards, a list) before signing out.
    await page.goto(e2e.url('pages/financeiro/lancamentos'));
    await visible(page.locator('.ant-table'));
    await page.goto(e2e.url('pages/dashboard'));
    await visible(page.locator('[data-dashboard]').first());

    await sair(page);
    const negadas = recusas(page);
    await entrar(page, 'contador@demo.com.br', /#\/pages\/nfe\/exportar-xml-nfe$/);
    await poll(() => nome(page)).toBe('Carla Contadora');
    // SPEC 6's fiscal exports, and Contábil (the accountant's panel of client shops, issue 37).
    await poll(() => topLevel(page)).toEqual(['Exportações', 'Contábil']);
    await visible(page.locator('.ant-layout-content').getByRole('heading', { name: 'Exportar XML de NF-e' }));
    // Nothing of the admin's world was asked for with the accountant's session.
    await page.waitForLoadState('networkidle');
    expect(negadas).toEqual([]);
    expect(await page.getByText('Ana Administradora').count()).toBe(0);
    expect(e2e.errors).toEqual([]);
  });

  it('the accountant signs out and the salesperson signs in: the dashboard (not "Acesso negado"), no 403; his product grid has no cost column', async () => {
    const { page } = e2e;
    await sair(page);
    // A page asked for while signed out is remembered for after the sign-in; the salesperson may not open it, so
    // he lands on the dashboard, never on "Acesso negado".
    await page.goto(e2e.url('pages/financeiro/lancamentos'));
    await page.waitForURL(/#\/auth\/login$/);
    const negadas = recusas(page);
    await entrar(page, 'vendedor@demo.com.br', /#\/pages\/dashboard$/);
    await poll(() => nome(page)).toBe('Vítor Vendedor');
    await visible(page.locator('.ant-layout-content h3').filter({ hasText: 'Dashboard' }));
    await visible(page.locator('[data-dashboard]').first());
    expect(page.url()).toMatch(/#\/pages\/dashboard$/);
    expect(await page.getByText('Acesso negado').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(negadas).toEqual([]);
    // The stock card's value at cost is not there for him.
    expect(await page.getByText('Valor em estoque (custo)').count()).toBe(0);

    await page.goto(e2e.url('pages/estoque/produtos'));
    const cabecalho = page.locator('.ant-table-thead th');
    await poll(() => cabecalho.allInnerTexts().then((t) => t.map((x) => x.trim()).filter(Boolean))).toContain('Preço de venda');
    expect((await cabecalho.allInnerTexts()).map((x) => x.trim())).not.toContain('Preço de custo');
    await visible(page.locator('.ant-table-tbody tr.ant-table-row').first());
    expect(negadas).toEqual([]);

    // The administrator, in the same tab again, has the column.
    await sair(page);
    await entrar(page, 'admin@demo.com.br', /#\/pages\/dashboard$/);
    await poll(() => nome(page)).toBe('Ana Administradora');
    await page.goto(e2e.url('pages/estoque/produtos'));
    await poll(() => cabecalho.allInnerTexts().then((t) => t.map((x) => x.trim()))).toContain('Preço de custo');
    expect(e2e.errors).toEqual([]);
  });
});
