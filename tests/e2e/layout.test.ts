import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// What a shop owner met at 1366×768 (issue 12): grids that fit, full menu titles, one menu group open at a
// time, screens reachable from the menu, the brand's favicon and legal documents.
describe('layout a 1366×768', () => {
  const e2e = e2eSession('layout', { server: { reportWorker: false }, viewport: { width: 1366, height: 768 }, signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const sideMenu = () => page.getByRole('menu', { name: 'Menu principal' });
  const settledGrid = () => page.locator('.schema-grid[data-carregando="nao"]');
  const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

  it('the Produtos grid fits: Preço de venda, Ativo and Ações in view, no sideways scrolling', async () => {
    await page.goto(url('pages/estoque/produtos'));
    await visible(settledGrid());
    await visible(rows());
    const box = page.locator('.schema-grid .ant-table-wrapper').locator('xpath=..');
    await poll(() => box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    for (const title of ['Preço de venda', 'Ativo', 'Ações']) {
      const header = page.locator('.ant-table-thead th').filter({ hasText: title }).first();
      await visible(header);
      const b = await header.boundingBox();
      expect(b!.x + b!.width, title).toBeLessThanOrEqual(1366);
    }
    // The actions column is the fixed one on the right.
    expect(await page.locator('.ant-table-thead th.ant-table-cell-fix-right, .ant-table-thead th.ant-table-cell-fix-end').filter({ hasText: 'Ações' }).count()).toBe(1);
  });

  it("the Clientes grid shows the UF as 'BA', not 'Bahia'", async () => {
    await page.goto(url('pages/vendas/clientes?size=100'));
    await visible(settledGrid());
    await visible(rows());
    const ufIndex = await page.locator('.ant-table-thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === 'UF'));
    expect(ufIndex).toBeGreaterThanOrEqual(0);
    const ufs = await rows().evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent?.trim() ?? ''), ufIndex);
    expect(ufs).toContain('BA');
    expect(ufs.every((u) => u === '' || /^[A-Z]{2}$/.test(u))).toBe(true);
  });

  it('side-menu titles are shown whole, and opening a group closes the others', async () => {
    await page.goto(url('pages/dashboard'));
    await sideMenu().getByText('Financeiro', { exact: true }).click();
    const longTitle = sideMenu().getByText('Lançamentos recorrentes', { exact: true });
    await visible(longTitle);
    expect(await longTitle.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && (el.closest('.ant-menu-title-content') as HTMLElement).scrollWidth <= (el.closest('.ant-menu-title-content') as HTMLElement).clientWidth + 1)).toBe(true);
    expect(await longTitle.getAttribute('title')).toBe('Lançamentos recorrentes');
    await sideMenu().getByText('Estoque', { exact: true }).click();
    // One open group, and it is Estoque (not Financeiro still open before Estoque opens).
    await poll(() => sideMenu().locator(':scope > li.ant-menu-submenu-open').allInnerTexts()).toEqual([expect.stringContaining('Estoque')]);
  });

  it('Serviços and Unidades are reached from the Estoque menu', async () => {
    await page.goto(url('pages/dashboard'));
    const open = sideMenu().locator(':scope > li.ant-menu-submenu-open').filter({ hasText: 'Estoque' });
    if (!(await open.count())) await sideMenu().getByText('Estoque', { exact: true }).click();
    for (const [title, path] of [['Serviços', /#\/pages\/estoque\/servicos$/], ['Unidades', /#\/pages\/estoque\/unidades$/]] as const) {
      await sideMenu().getByText(title, { exact: true }).click();
      await page.waitForURL(path);
      await visible(page.locator(`.schema-grid[data-carregando="nao"]`));
    }
  });

  it("the brand's favicon and its legal documents answer (never a raw 'Rota não encontrada')", async () => {
    const icon = await page.evaluate(async () => {
      const r = await fetch('/favicon.ico');
      return { status: r.status, type: r.headers.get('content-type') };
    });
    expect(icon.status).toBe(200);
    expect(icon.type).toMatch(/^image\//);
    const termos = await browser.newPage();
    await termos.goto(`${server.baseUrl}/docs/termos-de-uso.html`);
    await visible(termos.getByRole('heading', { name: 'Termos de uso' }));
    expect(await termos.content()).toContain('Retaguarda Demo');
    await termos.close();
    expect(errors).toEqual([]);
  });
});
