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

// Issue 43: the lists a shop uses all day and the sales order, at the two commonest screens. Every column is at
// least as wide as the minimum its kind asks for (column-fit.ts, written on the header as data-largura-minima),
// money and status columns end inside the window, nothing scrolls sideways, dated lists open newest first.
describe('layout das listas e do pedido a 1366×768 e 1920×1080', () => {
  const e2e = e2eSession('layout-43', { server: { reportWorker: false }, viewport: { width: 1366, height: 768 }, signIn: 'admin@demo.com.br' });
  let page: Page, errors: string[];
  beforeAll(() => void ({ page, errors } = e2e));
  const settled = () => page.locator('.schema-grid[data-carregando="nao"]');
  const LISTAS: [string, string][] = [
    ['Produtos', 'pages/estoque/produtos'],
    ['Clientes', 'pages/vendas/clientes'],
    ['Cupom fiscal', 'pages/vendas/cupom-fiscal'],
    ['Receitas', 'pages/financeiro/lancamentos/lista/receitas'],
    ['Despesas', 'pages/financeiro/lancamentos/lista/despesas'],
  ];
  const TELAS = [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ];

  for (const tela of TELAS) {
    for (const [nome, rota] of LISTAS) {
      it(`${nome} a ${tela.width}px: colunas na largura mínima, valores e situação na tela, sem rolagem lateral`, async () => {
        await page.setViewportSize(tela);
        await page.goto(e2e.url(rota));
        await visible(settled().locator('.ant-table-tbody tr.ant-table-row').first());
        const box = page.locator('.schema-grid .ant-table-wrapper').locator('xpath=..');
        await poll(() => box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        const cols = await page.locator('.schema-grid .ant-table-thead th[data-largura-minima]').evaluateAll((ths) =>
          ths.map((th) => ({ campo: th.getAttribute('data-campo'), tipo: th.getAttribute('data-tipo-coluna'), min: Number(th.getAttribute('data-largura-minima')), largura: th.getBoundingClientRect().width, direita: th.getBoundingClientRect().right })),
        );
        expect(cols.length).toBeGreaterThanOrEqual(4);
        for (const c of cols) expect(c.largura, `${nome}: coluna ${c.campo}`).toBeGreaterThanOrEqual(c.min - 1);
        const essenciais = cols.filter((c) => c.tipo === 'money' || c.tipo === 'status');
        expect(essenciais.length, `${nome}: valores e situação`).toBeGreaterThanOrEqual(1);
        for (const c of essenciais) expect(c.direita, `${nome}: ${c.campo} dentro da tela`).toBeLessThanOrEqual(tela.width);
      });
    }
  }

  it('a 1366px, uma coluna que não cabe volta na linha expandida, e a escolha de colunas fica guardada', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(e2e.url('pages/estoque/produtos'));
    const linha = settled().locator('.ant-table-tbody tr.ant-table-row').first();
    await visible(linha);
    // GTIN/EAN does not fit beside the rest: it is read in the row's expansion.
    expect(await page.locator('.schema-grid .ant-table-thead th[data-campo="gtin"]').count()).toBe(0);
    await linha.locator('.ant-table-row-expand-icon').click();
    await visible(page.locator('.colunas-recolhidas').first().getByText('GTIN/EAN'));
    // The person hides Categoria: it stays hidden after a reload.
    await page.getByRole('button', { name: 'Colunas' }).click();
    await page.locator('.ant-popover:visible').getByRole('checkbox', { name: 'Categoria' }).uncheck();
    await poll(() => page.locator('.schema-grid .ant-table-thead th[data-campo="categoriaId"]').count()).toBe(0);
    await page.reload();
    await visible(settled().locator('.ant-table-tbody tr.ant-table-row').first());
    expect(await page.locator('.schema-grid .ant-table-thead th[data-campo="descricao"]').count()).toBe(1);
    expect(await page.locator('.schema-grid .ant-table-thead th[data-campo="categoriaId"]').count()).toBe(0);
    // Preço de venda (money) cannot be hidden.
    await page.getByRole('button', { name: 'Colunas' }).click();
    expect(await page.locator('.ant-popover:visible').getByRole('checkbox', { name: 'Preço de venda' }).isDisabled()).toBe(true);
    await page.locator('.ant-popover:visible').getByRole('checkbox', { name: 'Categoria' }).check();
    await poll(() => page.locator('.schema-grid .ant-table-thead th[data-campo="categoriaId"]').count()).toBe(1);
  });

  it('Receitas e Cupom fiscal abrem com o mais recente primeiro', async () => {
    const datas = async () =>
      (await page.locator('.schema-grid .ant-table-tbody tr.ant-table-row td:not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell)').evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ''))).filter((t) => /^\d{2}\/\d{2}\/\d{4}/.test(t)).map((t) => t.slice(6, 10) + t.slice(3, 5) + t.slice(0, 2) + t.slice(10));
    for (const rota of ['pages/financeiro/lancamentos/lista/receitas', 'pages/vendas/cupom-fiscal']) {
      await page.goto(e2e.url(rota));
      await visible(settled().locator('.ant-table-tbody tr.ant-table-row').first());
      const d = await datas();
      expect(d.length, rota).toBeGreaterThan(1);
      expect(d, rota).toEqual([...d].sort().reverse());
    }
  });

  it('Vendas > PDV abre o ponto de venda, que tem o caminho de volta à retaguarda', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(e2e.url('pages/dashboard'));
    const menu = page.getByRole('menu', { name: 'Menu principal' });
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
    const aberto = menu.locator(':scope > li.ant-menu-submenu-open').filter({ hasText: 'Vendas' });
    const pdv = menu.getByText('PDV', { exact: true });
    // Open the Vendas group (once: a click on an open group closes it) until its PDV entry shows.
    await poll(async () => {
      if (!(await pdv.isVisible()) && !(await aberto.count())) await menu.getByText('Vendas', { exact: true }).click();
      return pdv.isVisible();
    }).toBe(true);
    await pdv.click();
    await page.waitForURL(/#\/pdv$/);
    const voltar = page.getByRole('link', { name: /Voltar à retaguarda/ });
    await visible(voltar);
    await voltar.click();
    await page.waitForURL(/#\/pages\/dashboard$/);
    await visible(menu);
  });

  for (const tela of TELAS) {
    it(`o pedido de venda a ${tela.width}px: itens sem rolagem lateral, total à vista, nomes primeiro na lista`, async () => {
      await page.setViewportSize(tela);
      await page.goto(e2e.url('pages/vendas/pedido-vendas'));
      await visible(page.locator('.ant-table-tbody tr.ant-table-row').first());
      expect((await page.locator('.ant-table-thead th').first().innerText()).trim()).toBe('Cliente');
      await page.goto(e2e.url('pages/vendas/pedido-vendas/cadastrar'));
      const itens = page.getByTestId('itens-documento');
      await visible(itens.locator('.ant-table-row').first());
      // No box inside the items scrolls sideways (the virtual table's holder included).
      const rolagem = await itens.evaluate((root) =>
        Math.max(0, ...[...root.querySelectorAll('*')].filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)).map((el) => el.scrollWidth - el.clientWidth)),
      );
      expect(rolagem).toBeLessThanOrEqual(0);
      // The product, price and total columns are all inside the window.
      for (const titulo of ['Produto', 'Preço unitário', 'Total']) {
        const th = itens.locator('.ant-table-thead th').filter({ hasText: titulo }).first();
        const b = await th.boundingBox();
        expect(b!.x + b!.width, titulo).toBeLessThanOrEqual(tela.width);
        expect(b!.width, titulo).toBeGreaterThan(titulo === 'Produto' ? 150 : 60);
      }
      const total = page.getByTestId('totais-documento');
      await visible(total);
      const b = await total.boundingBox();
      expect(b!.y + b!.height).toBeLessThanOrEqual(tela.height);
      expect(errors).toEqual([]);
    });
  }
});
