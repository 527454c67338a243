import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '../support/server.ts';
import { answerDialog, launchChromium, poll, trackPageErrors, visible } from './support/browser.ts';
import { ensureWebBuilt } from './support/build-web.ts';

// Lançamentos recorrentes in the browser: the demo's bills are listed, a new schedule is saved from the form,
// one occurrence changed alone, then "esta e as seguintes" after the first is paid; and the DRE tab shows
// the category tree. Every step is checked against the API.
describe('lançamentos recorrentes no navegador', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;

  const call = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url: `/api/${url}`, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const url = (hash: string) => `${server.baseUrl}/#/${hash}`;
  // the schedules' grid (the drawer's occurrences are outside the card)
  const rows = () => page.locator('.ant-card .ant-table-tbody tr.ant-table-row');
  const recorrencia = async (descricao: string) => {
    const id = ((await call('GET', 'LancamentosRecorrentes')) as any[]).find((r) => r.descricao === descricao)?.id;
    return id ? call('GET', `LancamentosRecorrentes/${id}`) : undefined;
  };
  const escolher = async (combo: ReturnType<Page['getByRole']>, texto: string) => {
    await combo.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option:visible').filter({ hasText: texto }).first().click();
  };

  beforeAll(async () => {
    await ensureWebBuilt();
    [server, browser] = await Promise.all([startTestServer('pglite', { listen: true, serveWeb: true }), launchChromium()]);
    token = await login(server.app, 'admin@demo.com.br');
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = trackPageErrors(page);
    await page.goto(url('pages/financeiro/lancamento-recorrente'));
    await page.waitForURL(/#\/auth\/login/);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/financeiro\/lancamento-recorrente$/);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `/tmp/e2e-recorrente-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`, fullPage: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the demo recurring bills', async () => {
    await visible(rows().filter({ hasText: 'Aluguel da loja' }));
    await visible(rows().filter({ hasText: 'Internet fibra 300 mega' }).filter({ hasText: '12 vezes' }));
  });

  it('saves a monthly schedule of 3 from the form; its lançamentos are generated', async () => {
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('Descrição').fill('Honorários do contador');
    await modal.getByLabel('Valor (R$)').fill('450,00');
    await escolher(modal.getByRole('combobox', { name: 'Término' }), 'Número de vezes');
    await modal.getByLabel('Vezes').fill('3');
    await modal.getByLabel('Gerar com antecedência de (dias)').fill('400');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.getByText('Lançamento recorrente salvo.'));
    await visible(rows().filter({ hasText: 'Honorários do contador' }));
    const r = await recorrencia('Honorários do contador');
    expect(r).toMatchObject({ tipo: 1, valor: '450.00', frequencia: 0, ocorrencias: 3 });
    expect(r.lancamentos.map((l: any) => l.valor)).toEqual(['450.00', '450.00', '450.00']);
  });

  it('"só esta" changes the second occurrence; after the first is paid, "esta e as seguintes" changes the rest', async () => {
    await rows().filter({ hasText: 'Honorários do contador' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await visible(drawer.getByText('Honorários do contador').first());
    await drawer.locator('.ant-table-tbody tr.ant-table-row').nth(1).getByRole('button', { name: 'Só esta' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('Valor').fill('500,00');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.getByText('Ocorrência alterada.'));
    await poll(async () => (await recorrencia('Honorários do contador')).lancamentos.map((l: any) => l.valor)).toEqual(['450.00', '500.00', '450.00']);

    // the first is paid (through the API, as a baixa would be)
    const r = await recorrencia('Honorários do contador');
    const conta = ((await call('GET', 'ContasFinanceiras/saldos')) as any[]).find((c) => c.descricao === 'Banco do Brasil').contaId;
    await call('POST', `Parcelas/${r.lancamentos[0].parcelaId}/baixar`, { contaId: conta, data: r.lancamentos[0].vencimento });
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await rows().filter({ hasText: 'Honorários do contador' }).click();
    await visible(drawer.getByText('pago', { exact: true }).first());
    await drawer.getByRole('button', { name: 'Alterar' }).click();
    await drawer.getByLabel('Valor (R$)').fill('480,00');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await answerDialog(page.locator('.ant-modal-confirm:visible'), 'Esta e as seguintes');
    await visible(page.getByText('Recorrência alterada: 2 lançamentos atualizados.'));
    const depois = await recorrencia('Honorários do contador');
    expect(depois.lancamentos.map((l: any) => [l.valor, l.status])).toEqual([
      ['450.00', 'pago'],
      ['480.00', depois.lancamentos[1].status],
      ['480.00', depois.lancamentos[2].status],
    ]);
    expect(depois.valor).toBe('480.00');
  });

  it('the DRE tab shows the category tree with the recurring despesas', async () => {
    await page.goto(url('pages/relatorios/financeiro/menu?relatorio=dre'));
    await visible(page.locator('.ant-table-tbody').getByText('Despesas fixas', { exact: true }));
    await visible(page.locator('.ant-table-tbody').getByText('Resultado', { exact: true }));
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
