import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '../../src/shared/money.ts';
import { login, startTestServer, type TestServer } from '../support/server.ts';
import { answerDialog, launchChromium, poll, trackPageErrors, visible } from './support/browser.ts';
import { ensureWebBuilt } from './support/build-web.ts';

// Conciliação OFX as a person does it: import the bank's file into a conta, confirm the suggested parcela for one
// line and book another as a new despesa with its category; then the balance on screen, the fluxo de caixa and
// the dashboard cards agree with the API.
describe('conciliação OFX no navegador', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  let conta: number;
  let aluguel: number;

  const call = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url: `/api/${url}`, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const url = (hash: string) => `${server.baseUrl}/#/${hash}`;
  const escolher = async (combo: ReturnType<Page['getByRole']>, texto: string | RegExp) => {
    await combo.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option:visible').filter({ hasText: texto }).first().click();
  };
  const linha = (texto: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: texto });

  beforeAll(async () => {
    await ensureWebBuilt();
    server = await startTestServer('pglite', { listen: true, serveWeb: true });
    token = await login(server.app, 'admin@demo.com.br');
    conta = (await call('POST', 'ContasFinanceiras', { descricao: 'Itaú da loja', tipo: 1, banco: '341 - Itaú Unibanco', agencia: '0987', conta: '12345-6', saldoInicial: '5000.00', dataSaldoInicial: '2025-09-30' })).id;
    aluguel = (await call('POST', 'Lancamentos', { tipo: 1, descricao: 'Aluguel de outubro', dataEmissao: '2025-09-25', valorTotal: '3200.00', primeiroVencimento: '2025-10-05', documento: 'Contrato 12/2024' })).parcelas[0].id;
    await call('POST', 'CategoriasFinanceiras', { descricao: 'Tarifas bancárias', tipo: 1 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = trackPageErrors(page);
    await page.goto(url('pages/financeiro/conciliacao-ofx'));
    await page.waitForURL(/#\/auth\/login/);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/financeiro\/conciliacao-ofx$/);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `/tmp/e2e-conciliacao-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`, fullPage: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('imports the Itaú statement into the conta', async () => {
    await escolher(page.getByRole('combobox', { name: 'Conta' }), 'Itaú da loja');
    await page.locator('input[type=file]').setInputFiles(join(import.meta.dirname, '../fixtures/ofx/itau-sgml-latin1.ofx'));
    await visible(page.getByText('6 transações importadas.', { exact: false }));
    await visible(linha('TARIFA MANUTENÇÃO CONTA'));
    await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(6);
    // the same file again: nothing new, and the screen says so
    await page.locator('input[type=file]').setInputFiles(join(import.meta.dirname, '../fixtures/ofx/itau-sgml-latin1.ofx'));
    await visible(page.getByText(/Este extrato já foi importado/));
    await answerDialog(page.locator('.ant-modal-confirm:visible'), (d) => d.locator('.ant-modal-confirm-btns button'));
  });

  it('reconciles two lines: the suggested aluguel parcela, and the bank fee as a new despesa', async () => {
    const saldoAntes = (await call('GET', 'ContasFinanceiras/saldos')).find((s: any) => s.contaId === conta).saldo;
    expect(saldoAntes).toBe('5000.00');
    const aluguelLinha = linha('PAG BOLETO ALUGUEL');
    await visible(aluguelLinha.getByText('Parcela 1 de "Aluguel de outubro"', { exact: false }));
    await aluguelLinha.getByRole('button', { name: 'Confirmar' }).click();
    await visible(page.getByText('Transação conciliada.'));
    await poll(() => linha('PAG BOLETO ALUGUEL').count()).toBe(0);

    const tarifa = linha('TARIFA MANUTENÇÃO CONTA');
    await escolher(tarifa.getByRole('combobox', { name: 'Conciliar com' }), 'Novo lançamento com a categoria');
    await escolher(tarifa.getByRole('combobox', { name: 'Categoria' }), 'Tarifas bancárias');
    await tarifa.getByRole('button', { name: 'Confirmar' }).click();
    await poll(() => linha('TARIFA MANUTENÇÃO CONTA').count()).toBe(0);

    // on screen and in the API: 5000 - 3200 - 45.90
    const saldo = (await call('GET', 'ContasFinanceiras/saldos')).find((s: any) => s.contaId === conta).saldo;
    expect(saldo).toBe('1754.10');
    await poll(() => page.getByTestId('saldo-conta').textContent()).toContain(formatBRL(saldo));
    const parcela = (await call('GET', `Parcelas?filter=${encodeURIComponent(JSON.stringify({ where: { status: 'pago' }, limit: 1000 }))}`)).find((p: any) => p.id === aluguel);
    expect(parcela).toMatchObject({ valorBaixado: '3200.00' });
    await page.getByText('Conciliadas', { exact: true }).click();
    await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await visible(linha('TARIFA MANUTENÇÃO CONTA').getByText('Novo lançamento'));
  });

  it('the fluxo de caixa of the conta agrees with the API and ends at the conta\'s balance', async () => {
    await page.goto(url('pages/relatorios/financeiro/menu?relatorio=fluxo'));
    await escolher(page.getByRole('combobox', { name: 'Conta' }).first(), 'Itaú da loja');
    const api = await call('GET', `RelatoriosFinanceiros/fluxo-caixa?${new URLSearchParams(await pageParams())}`);
    await poll(() => page.getByTestId('fluxo-saldo-final').textContent()).toContain(formatBRL(api.saldoFinal));
    expect(api.saldoFinal).toBe('1754.10');
  });

  it('the dashboard shows the conta\'s balance from the same ledger', async () => {
    await page.goto(url('pages/dashboard'));
    const card = page.locator('[data-dashboard="saldos"]');
    await visible(card.getByText('Itaú da loja'));
    await visible(card.getByText(formatBRL('1754.10')));
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });

  /** The fluxo tab's own period (two months back to nine ahead) and the chosen conta. */
  async function pageParams(): Promise<Record<string, string>> {
    const hoje = new Date();
    const ini = new Date(Date.UTC(hoje.getFullYear(), hoje.getMonth() - 2, 1));
    const fim = new Date(Date.UTC(hoje.getFullYear(), hoje.getMonth() + 10, 0));
    return { de: ini.toISOString().slice(0, 10), ate: fim.toISOString().slice(0, 10), agrupamento: 'mes', contaId: String(conta) };
  }
});
