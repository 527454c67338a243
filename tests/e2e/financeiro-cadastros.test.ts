import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import mainMenu from '../../schemas/menus/main.json';
import settingsMenu from '../../schemas/menus/settings.json';
import { readResources } from '../../src/server/catalog/documents.ts';
import type { MenuItemDoc } from '../../src/shared/menu-filter.ts';
import { formatBRL } from '../../src/shared/money.ts';
import { menusWithResources } from '../../src/shared/resource-nav.ts';
import { login, type TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// The Financeiro settings are generic resource screens: the demo's contas and category tree are listed, and a
// new conta saved through the form reaches the API with its money exact.
describe('cadastros do financeiro no navegador', () => {
  const e2e = e2eSession('financeiro');
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const toast = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

  it('lists the demo contas after signing in', async () => {
    await page.goto(url('pages/financeiro/contas'));
    await page.waitForURL(/#\/auth\/login/);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/financeiro\/contas$/);
    await visible(rows().filter({ hasText: 'Banco do Brasil' }).first());
    await visible(rows().filter({ hasText: 'Caixa da loja' }).first());
  });

  it('saves a new conta with its saldo inicial typed in reais', async () => {
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/contas\/cadastrar$/);
    await page.locator('#root_descricao').fill('Sicoob da loja');
    await page.locator('#root_banco').fill('756 - Sicoob');
    await page.locator('#root_agencia').fill('3069');
    await page.locator('#root_conta').fill('12345-6');
    await page.locator('#root_saldoInicial').fill('1.500,25');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Conta salva com sucesso.'));
    await page.waitForURL(/#\/pages\/financeiro\/contas$/);
    await visible(rows().filter({ hasText: 'Sicoob da loja' }).first());

    const token = await login(server.app, 'admin@demo.com.br');
    const r = await server.app.inject({ url: `/api/ContasFinanceiras?filter=${encodeURIComponent(JSON.stringify({ where: { descricao: 'Sicoob da loja' } }))}`, headers: { authorization: token } });
    expect(r.json()).toHaveLength(1);
    expect(r.json()[0]).toMatchObject({ tipo: 1, banco: '756 - Sicoob', agencia: '3069', conta: '12345-6', saldoInicial: '1500.25' });
    const saldos = (await server.app.inject({ url: '/api/ContasFinanceiras/saldos', headers: { authorization: token } })).json();
    expect(saldos.find((s: { descricao: string }) => s.descricao === 'Sicoob da loja')).toMatchObject({ saldo: '1500.25', movimentado: '0.00' });
  });

  it('shows the categorias financeiras as the " - " chain of the tree', async () => {
    await page.goto(url('pages/financeiro/categorias-financeiro'));
    await visible(rows().filter({ hasText: 'Vendas - Balcão' }).first());
    await visible(rows().filter({ hasText: 'Despesas fixas - Aluguel' }).first());
    await poll(() => rows().count()).toBeGreaterThan(5);
  });

  it('the dashboard shows the finance cards with the figures of the API', async () => {
    const token = await login(server.app, 'admin@demo.com.br');
    const painel = (await server.app.inject({ url: '/api/RelatoriosFinanceiros/painel', headers: { authorization: token } })).json();
    await page.goto(url('pages/dashboard'));
    const valor = (key: string) => page.locator(`[data-dashboard="${key}"] .ant-statistic-content`);
    await poll(() => valor('pagar-hoje').innerText()).toBe(formatBRL(painel.pagarHoje.valor));
    await poll(() => valor('receber-hoje').innerText()).toBe(formatBRL(painel.receberHoje.valor));
    await poll(() => valor('atrasados').innerText()).toBe(formatBRL(painel.atrasados.pagar.valor));
    const saldos = page.locator('[data-dashboard="saldos"]');
    await visible(saldos.getByText(formatBRL(painel.saldoTotal)).first());
    expect(painel.saldos.length).toBeGreaterThan(1);
    for (const c of painel.saldos) await visible(saldos.locator('.ant-list-item').filter({ hasText: c.descricao }).filter({ hasText: formatBRL(c.saldo) }).first());
  });

  it('every entry of the Financeiro menu, of its settings and of Relatórios > Financeiro and Estoque opens a working screen, not a placeholder', async () => {
    const menus = menusWithResources({ main: mainMenu.items as MenuItemDoc[], settings: settingsMenu.items as MenuItemDoc[], user: [], admin: [] }, readResources().map((d) => d.doc)).menus;
    const group = (items: MenuItemDoc[], key: string) => items.find((i) => i.key === key)!;
    const links = [
      ...(group(menus.main, 'FINANCEIRO').children ?? []),
      ...(group(menus.settings, 'CONFIG_FINANCEIRO').children ?? []),
      ...(group(menus.main, 'RELATORIOS').children ?? []).filter((i) => i.key === 'RELATORIOS_FINANCEIRO' || i.key === 'RELATORIOS_ESTOQUE'),
    ]
      .map((i) => i.link)
      .filter((l): l is string => !!l);
    // SPEC 2.6 and 2.7 Financeiro, and the two report menus of these modules.
    for (const l of ['financeiro/lancamentos/lista/despesas', 'financeiro/lancamentos/lista/receitas', 'financeiro/lancamentos/lista/transferencias', 'financeiro/lancamentos/lista/baixas', 'financeiro/lancamento-recorrente', 'financeiro/conciliacao-ofx', 'financeiro/categorias-financeiro', 'financeiro/centro-de-custo', 'financeiro/contas', 'financeiro/formas-pagamento-financeiro', 'relatorios/financeiro/menu', 'relatorios/estoque/menu']) {
      expect(links).toContain(`pages/${l}`);
    }
    // Each tab of the report screens too (fluxo de caixa, contas a pagar/receber, extrato, DRE; the stock reports).
    links.push('pages/relatorios/estoque/movimentacao-estoque', 'pages/relatorios/estoque/produtos-alterados', 'pages/relatorios/estoque/entrada-nota-fiscal');
    for (const r of ['fluxo', 'pagar', 'receber', 'extrato', 'dre']) links.push(`pages/relatorios/financeiro/menu?relatorio=${r}`);
    const pending = page.getByText('Esta tela estará disponível em breve.');
    for (const link of links) {
      await page.goto(url(link));
      // A screen is drawn when it shows a grid, a form or its own heading; the placeholder would show its text.
      await poll(async () => (await pending.count()) + (await page.locator('.ant-layout-content').locator('.ant-table, form, h3, h4').count()), 20_000).toBeGreaterThan(0);
      expect(await pending.count(), link).toBe(0);
      expect(page.url(), link).not.toMatch(/pages\/dashboard$/);
    }
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
