import Decimal from 'decimal.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

type Row = Record<string, any>;

// A product through the stock screens: a lote with expiry, a count, a transfer; the balances and the
// ledger the screens show are what the API answers.
describe('estoque no navegador', () => {
  let token: string;
  let produto: Row;
  let principal: number;
  let loja: number;
  const nome = 'Chocolate em barra E2E 90 g';

  const api = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const saldo = async (depositoId: number) => {
    const rows = await api('GET', `/api/SaldosEstoque?filter=${q({ where: { produtoId: produto.id, depositoId } })}`);
    return rows.reduce((s: Decimal, r: Row) => s.plus(r.quantidade), new Decimal(0)).toFixed(4);
  };

  const e2e = e2eSession('estoque');
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  beforeAll(async () => {
    token = await login(server.app, 'admin@demo.com.br');
    produto = await api('POST', '/api/Produtos', { descricao: nome, codigo: 'E2E-CHOC', tipoProduto: 0, precoCusto: '3.50' });
    principal = (await api('GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    loja = (await api('POST', '/api/Depositos', { descricao: 'Depósito da loja' })).id;
  });

  const url = e2e.url;
  const option = (text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  /** Opens a select, types to search and picks the option with that text. */
  const pick = async (select: Locator, search: string, text = search) => {
    await select.click();
    await page.keyboard.type(search);
    await visible(option(text));
    await option(text).click();
  };
  const itemRow = (n: number) => page.locator('.ant-table-row').nth(n);
  const estado = () => page.getByTestId('estado-documento').innerText();

  it('signs in', async () => {
    await page.goto(url('pages/estoque/acerto-estoque'));
    await page.waitForURL(/#\/auth\/login/);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/estoque\/acerto-estoque/);
    // The demo's opening count is listed, posted.
    await visible(page.locator('.ant-table-row').filter({ hasText: 'Inventário de abertura da loja' }));
  });

  it('registers a lote with its expiry date', async () => {
    await page.goto(url('pages/estoque/lotes/cadastrar'));
    await pick(page.locator('#root_produtoId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'Chocolate em barra', nome);
    await page.locator('#root_numero').fill('CH-0426');
    await page.locator('#root_fabricacao').fill('01032026');
    await page.locator('#root_validade').fill('30092026');
    await poll(() => page.locator('#root_validade').inputValue()).toBe('30/09/2026');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/#\/pages\/estoque\/lotes$/);
    const lotes = await api('GET', `/api/Lotes?filter=${q({ where: { produtoId: produto.id } })}`);
    expect(lotes.map((l: Row) => [l.numero, l.fabricacao, l.validade])).toEqual([['CH-0426', '2026-03-01', '2026-09-30']]);
  });

  it('counts the product in an acerto and posts it', async () => {
    await page.goto(url('pages/estoque/acerto-estoque/cadastrar'));
    await pick(page.locator('#root_depositoId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'principal', 'Depósito principal');
    await page.locator('#root_motivo').fill('Contagem do chocolate');
    await pick(itemRow(0).locator('.ant-select').nth(0), 'Chocolate em barra', nome);
    await pick(itemRow(0).locator('.ant-select').nth(1), 'CH-0426');
    await itemRow(0).getByLabel('Quantidade contada da linha').fill('10,5');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/acerto-estoque\/editar\/\d+$/);
    await poll(estado).toBe('Rascunho');
    await page.getByRole('button', { name: 'Efetivar' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await poll(estado).toBe('Efetivado');
    await visible(page.getByRole('button', { name: 'Cancelar' }));
    expect(await saldo(principal)).toBe('10.5000');
  });

  it('transfers part of it to another depósito', async () => {
    await page.goto(url('pages/estoque/transferencia-estoque/cadastrar'));
    await pick(page.locator('#root_depositoOrigemId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'principal', 'Depósito principal');
    await pick(page.locator('#root_depositoDestinoId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'loja', 'Depósito da loja');
    await pick(itemRow(0).locator('.ant-select').nth(0), 'Chocolate em barra', nome);
    await pick(itemRow(0).locator('.ant-select').nth(1), 'CH-0426');
    await itemRow(0).getByLabel('Quantidade da linha').fill('4');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/transferencia-estoque\/editar\/\d+$/);
    await page.getByRole('button', { name: 'Efetivar' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await poll(estado).toBe('Efetivada');
    expect(await saldo(principal)).toBe('6.5000');
    expect(await saldo(loja)).toBe('4.0000');
  });

  it('the product page shows the balances and the ledger the API returns', async () => {
    // The products grid shows the balance per depósito too.
    await page.goto(url(`pages/estoque/produtos?q=${encodeURIComponent('Chocolate em barra')}`));
    const cell = page.locator('.ant-table-row').filter({ hasText: nome }).getByTestId('estoque-celula');
    await poll(() => cell.innerText()).toBe('Depósito da loja: 4\nDepósito principal: 6,5');
    await page.goto(url(`pages/estoque/produtos/editar/${produto.id}`));
    const saldos = page.getByTestId('saldos-deposito').locator('.ant-table-row');
    await visible(saldos.filter({ hasText: 'Depósito principal' }));
    await poll(() => saldos.filter({ hasText: 'Depósito principal' }).locator('td').nth(1).innerText()).toBe('6,5');
    await poll(() => saldos.filter({ hasText: 'Depósito da loja' }).locator('td').nth(1).innerText()).toBe('4');
    // Counted without a cost, the stock is valued at the product's registered cost.
    expect(await saldos.filter({ hasText: 'Depósito principal' }).locator('td').nth(2).innerText()).toBe('R$ 3,50');
    await page.getByRole('tab', { name: 'Movimentações' }).click();
    const extrato = await api('GET', `/api/MovimentosEstoque/extrato?produtoId=${produto.id}`);
    const linhas = page.getByTestId('movimentacoes').locator('.ant-table-row');
    await poll(() => linhas.count()).toBe(extrato.length);
    // Newest first: the transfer's entry into the loja, total balance back to 10,5.
    const last = extrato[extrato.length - 1];
    const first = linhas.first().locator('td');
    expect(await first.nth(2).innerText()).toBe(last.deposito);
    expect(await first.nth(5).innerText()).toBe('4');
    expect(await first.nth(8).innerText()).toBe('10,5');
    expect(errors).toEqual([]);
  });

  it('imports a data-collector file: a broken line blocks it, the fixed file posts an acerto', async () => {
    await page.goto(url('pages/estoque/importar-arquivo'));
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'coletor.csv', mimeType: 'text/csv', buffer: Buffer.from('E2E-CHOC;20\nNAOEXISTE;1\n') });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await visible(page.getByText('Linha 2: produto com código NAOEXISTE não encontrado.'));
    expect(await page.getByRole('button', { name: 'Importar e efetivar' }).isDisabled()).toBe(true);
    await file.setInputFiles({ name: 'coletor.csv', mimeType: 'text/csv', buffer: Buffer.from('E2E-CHOC;12\nE2E-CHOC;8\n') });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await visible(page.locator('.ant-table-row').filter({ hasText: nome }));
    await page.getByRole('button', { name: 'Importar e efetivar' }).click();
    await page.waitForURL(/acerto-estoque\/editar\/\d+$/);
    await poll(estado).toBe('Efetivado');
    const semLote = await api('GET', `/api/SaldosEstoque?filter=${q({ where: { produtoId: produto.id, depositoId: principal, loteId: null } })}`);
    expect(new Decimal(semLote[0].quantidade).toFixed(4)).toBe('20.0000');
    expect(errors).toEqual([]);
  });

  it('Relatórios > Estoque shows the posição the API computes', async () => {
    await page.goto(url('pages/relatorios/estoque/menu'));
    const api1 = await api('GET', `/api/SaldosEstoque/posicao?limit=1000`);
    const mine = api1.filter((r: Row) => r.produtoId === produto.id);
    const linhas = page.locator('.ant-table-row').filter({ hasText: nome });
    await poll(() => linhas.count()).toBe(mine.length);
    const principalRow = mine.find((r: Row) => r.depositoId === principal);
    await poll(() => linhas.filter({ hasText: 'Depósito principal' }).locator('td').nth(3).innerText()).toBe(new Decimal(principalRow.quantidade).toFixed(4).replace(/\.?0+$/, '').replace('.', ','));
    await page.getByRole('tab', { name: 'Movimentação de estoque' }).click();
    await page.waitForURL(/movimentacao-estoque$/);
    await visible(page.locator('.ant-table-row').filter({ hasText: nome }));
    expect(errors).toEqual([]);
  });
});
