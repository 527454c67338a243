import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
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

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
