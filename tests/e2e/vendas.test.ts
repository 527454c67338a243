import Decimal from 'decimal.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';
import { destinoSefaz } from '../../src/server/fiscal/sefaz-destino.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { pemDeBase64 } from '../../src/server/fiscal/certificado.ts';

type Row = Record<string, any>;
const PLACEHOLDER = 'Esta tela estará disponível em breve.';
// The local SEFAZ of this process keeps what it authorised under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-vendas-'));
process.env.DATA_DIR = dataDir;

// A sales order as a person makes it: a cliente, three products (one in promotion, one with a lote),
// confirmed (the available stock drops, the balance does not), faturado with its NF-e authorised at the local
// SEFAZ (receivables in 3 instalments in Financeiro > Receitas, stock lowered in Estoque, the note in Vendas >
// Nota fiscal), then cancelled with everything reversed and the NF-e cancelled.
describe('vendas no navegador', () => {
  let token: string;
  let principal: number;
  let cliente: Row;
  let p: Row[];
  let pedidoId: number;
  let numero: number;

  const api = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const saldo = async (produtoId: number) => {
    const rows = await api('GET', `/api/PedidosVenda/disponibilidade?produtoIds=${produtoId}`);
    const r = rows.find((x: Row) => x.depositoId === principal) ?? {};
    return { saldo: new Decimal(r.quantidade ?? 0).toFixed(), disponivel: new Decimal(r.disponivel ?? 0).toFixed() };
  };

  const e2e = e2eSession('vendas', { server: { dataDir } });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  beforeAll(async () => {
    token = await login(server.app, 'admin@demo.com.br');
    // The local SEFAZ of this process starts (its TLS key is generated) and the Matriz's demo certificate exists
    // before the first faturar, as on a running server: the first click then waits for the issue, not for set-up.
    await destinoSefaz();
    await api('GET', '/api/CertificadosDigitais/atual');
    principal = (await api('GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    // A cliente and products an NF-e can carry: address with the IBGE code, NCM and the demo's perfil tributário.
    cliente = await api('POST', '/api/Clientes', { nome: 'Padaria Pão Quente E2E', cpfCnpj: '11444777000161', cep: '01310100', logradouro: 'Avenida Paulista', numero: '900', bairro: 'Bela Vista', uf: 'SP', codigoMunicipio: 3550308 });
    const perfil = (await api('GET', `/api/PerfisTributarios?filter=${q({ where: { nome: 'Revenda Simples Nacional' } })}`))[0].id;
    const fiscal = { tipoProduto: 0, ncm: '19059090', origem: 0, perfilTributarioId: perfil };
    p = [
      await api('POST', '/api/Produtos', { descricao: 'Refrigerante E2E 2 L', codigo: 'E2E-REF', precoCusto: '4.00', precoVenda: '9.00', ...fiscal, ncm: '22021000' }),
      await api('POST', '/api/Produtos', { descricao: 'Queijo minas E2E', codigo: 'E2E-QJO', precoCusto: '12.00', precoVenda: '25.00', ...fiscal, ncm: '04069010' }),
      await api('POST', '/api/Produtos', { descricao: 'Pão de forma E2E', codigo: 'E2E-PAO', precoCusto: '3.00', precoVenda: '7.50', ...fiscal }),
    ];
    const lote = await api('POST', '/api/Lotes', { produtoId: p[1].id, numero: 'QJ-E2E-01', validade: '2031-06-30' });
    const acerto = await api('POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Estoque do e2e de vendas', itens: [{ produtoId: p[0].id, quantidade: '20' }, { produtoId: p[1].id, loteId: lote.id, quantidade: '8' }, { produtoId: p[2].id, quantidade: '15' }] });
    await api('POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    await api('POST', '/api/Promocoes', { descricao: 'Refrigerante: leve 3 pague 2', tipo: 2, produtoId: p[0].id, leve: 3, pague: 2 });
    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
  });

  const url = e2e.url;
  const optionOn = (pg: Page, text: string) => pg.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  const option = (text: string) => optionOn(page, text);
  /** Opens a select (of `pg`, the admin's page unless told), types the search and clicks the option. */
  const pick = async (select: Locator, search: string, text = search, pg = page) => {
    await select.click();
    await pg.keyboard.type(search);
    await visible(optionOn(pg, text));
    await optionOn(pg, text).click();
  };
  const itemRow = (n: number) => page.locator('.ant-table-row').nth(n);
  const estado = () => page.getByTestId('estado-documento').innerText();
  const transicao = async (label: string) => {
    await page.locator('.ant-space').getByRole('button', { name: label, exact: true }).first().click();
    await answerDialog(page.locator('.ant-modal-confirm:visible'), (d) => d.locator('.ant-modal-confirm-btns').getByRole('button').last());
  };

  it('an order typed with the keyboard shows its price and total before saving, and Enter never saves it', async () => {
    await page.goto(url('pages/vendas/pedido-vendas/cadastrar'));
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/PedidosVenda') posts.push(r.url());
    });
    // Header first: the cliente is the first field of the form, above the items.
    const cliente = page.locator('#root_clienteId');
    const itens = page.getByTestId('itens-documento');
    expect((await cliente.boundingBox())!.y).toBeLessThan((await itens.boundingBox())!.y);
    await cliente.focus();
    await page.keyboard.type('Pão Quente');
    await visible(option('Padaria Pão Quente E2E'));
    await page.keyboard.press('Enter');
    await poll(() => cliente.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Padaria Pão Quente E2E');
    // No Serviço column on a product order.
    expect(await itens.locator('.ant-table-thead th').allInnerTexts()).not.toContain('Serviço');
    await itemRow(0).locator('.ant-select').nth(0).locator('input').focus();
    await page.keyboard.type('Refrigerante E2E');
    await visible(option('Refrigerante E2E 2 L'));
    await page.keyboard.press('Enter');
    // The price the line takes shows as soon as the product is picked.
    await poll(() => itemRow(0).getByLabel('Preço unitário da linha').getAttribute('placeholder')).toBe('9,00');
    await itemRow(0).getByLabel('Quantidade da linha').focus();
    await page.keyboard.type('3');
    // 3 × 9,00 with 'leve 3 pague 2' = 18,00, and the promotion on the line, before any save.
    await poll(() => page.getByTestId('total-pedido').innerText()).toBe('R$ 18,00');
    await visible(itemRow(0).getByText('Refrigerante: leve 3 pague 2'));
    await page.keyboard.press('Enter');
    await page.locator('#root_numeroParcelas').fill('2');
    await page.locator('#root_numeroParcelas').press('Enter');
    await page.locator('#root_frete').fill('5,00');
    await poll(() => page.getByTestId('total-pedido').innerText()).toBe('R$ 23,00');
    await page.locator('#root_primeiroVencimento').click();
    await page.keyboard.type('10/12/2031');
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('parcelas-previa').innerText()).toBe('2× de R$ 11,50, a partir de 10/12/2031');
    await page.locator('#root_primeiroVencimento').press('Enter');
    expect(page.url()).toMatch(/pedido-vendas\/cadastrar$/);
    // Only Salvar saves: its POST is the first one the page sends (an Enter above would have sent one before it).
    const salvo = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/PedidosVenda');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const o = await (await salvo).json();
    expect(posts).toHaveLength(1);
    // The server's total is the one the screen showed.
    expect(o).toMatchObject({ valorTotal: '23.00', primeiroVencimento: '2031-12-10' });
    await page.waitForURL(/pedido-vendas\/editar\/\d+$/);
    // The saved order's screen is drawn (not only its address): a new order typed next starts from a blank form.
    await poll(estado).toBe('Digitando');
  });

  it('types an order with three products; the promotion shows on its line', async () => {
    await page.goto(url('pages/vendas/pedido-vendas/cadastrar'));
    await pick(page.locator('#root_clienteId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'Pão Quente', 'Padaria Pão Quente E2E');
    await page.locator('#root_numeroParcelas').fill('3');
    await pick(page.locator('#root_naturezaId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'Venda de', 'Venda de mercadoria');
    await pick(itemRow(0).locator('.ant-select').nth(0), 'Refrigerante E2E', 'Refrigerante E2E 2 L');
    await itemRow(0).getByLabel('Quantidade da linha').fill('3');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await pick(itemRow(1).locator('.ant-select').nth(0), 'Queijo minas E2E');
    // Cells: produto, variação ('Sem variação' for a product without a grid), lote (no Serviço on a product order).
    await poll(() => itemRow(1).getByLabel('Variação da linha').isDisabled()).toBe(true);
    await pick(itemRow(1).locator('.ant-select').nth(2), 'QJ-E2E-01');
    await itemRow(1).getByLabel('Quantidade da linha').fill('2');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await pick(itemRow(2).locator('.ant-select').nth(0), 'Pão de forma E2E');
    await itemRow(2).getByLabel('Quantidade da linha').fill('1,5');
    // The total before saving is the one the server saves (the same shared function prices the lines).
    await poll(() => page.getByTestId('total-pedido').innerText()).toBe('R$ 79,25');
    await poll(() => page.getByTestId('parcelas-previa').innerText()).toMatch(/^3× R\$ 26,41 \+ R\$ 26,41 \+ R\$ 26,43, a partir de /);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/pedido-vendas\/editar\/\d+$/);
    pedidoId = Number(/editar\/(\d+)$/.exec(page.url())![1]);
    await poll(estado).toBe('Digitando');
    await visible(itemRow(0).getByText('Refrigerante: leve 3 pague 2'));
    const o = await api('GET', `/api/PedidosVenda/${pedidoId}`);
    numero = o.numero;
    // 3 × 9,00 − one free = 18,00; 2 × 25,00 = 50,00; 1,5 × 7,50 = 11,25
    expect(o).toMatchObject({ valorTotal: '79.25', status: 5 });
    expect(o.planoParcelas.map((x: Row) => x.valor)).toEqual(['26.41', '26.41', '26.43']);
  });

  it('confirming reserves: the available stock drops, the balance does not', async () => {
    const antes = await saldo(p[0].id);
    await transicao('Confirmar');
    await poll(estado).toBe('Aguardando');
    const depois = await saldo(p[0].id);
    expect(depois.saldo).toBe(antes.saldo);
    expect(new Decimal(antes.disponivel).minus(depois.disponivel).toFixed()).toBe('3');
    // The product page shows balance and available side by side.
    await page.goto(url(`pages/estoque/produtos/editar/${p[0].id}`));
    const linha = page.getByTestId('saldos-deposito').locator('.ant-table-row').filter({ hasText: 'Depósito principal' });
    await poll(() => linha.locator('td').nth(1).innerText()).toBe('20');
    await poll(() => linha.locator('td').nth(4).innerText()).toBe('17');
  });

  it('faturar issues the NF-e (authorised at the local SEFAZ), lowers the stock and leaves 3 receivables in Financeiro > Receitas', async () => {
    await page.goto(url(`pages/vendas/pedido-vendas/editar/${pedidoId}`));
    await poll(estado).toBe('Aguardando');
    await transicao('Faturar');
    await poll(estado).toBe('Faturado');
    const o = await api('GET', `/api/PedidosVenda/${pedidoId}`);
    expect(o.nfeNumero).toBeGreaterThan(0);
    await visible(page.getByRole('button', { name: `DANFE da NF-e ${o.nfeNumero}` }));
    const nota = await api('GET', `/api/NotasFiscais/${o.nfeId}`);
    expect(nota).toMatchObject({ status: 'autorizada', pedidoId, total: '79.25' });
    // Issue 17, "checked in CI": the order's NF-e passes the official schema and its signature verifies.
    const xml = (await server.app.inject({ method: 'GET', url: `/api/NotasFiscais/${o.nfeId}/xml`, headers: { authorization: token } })).body;
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    expect(xmlsecVerify(xml, pemDeBase64(/<X509Certificate>([^<]+)</.exec(xml)![1]), 'infNFe').ok).toBe(true);
    // Vendas > Nota fiscal lists it.
    await page.goto(url('pages/vendas/nota-fiscal'));
    const linhaNota = page.locator('tr.ant-table-row').filter({ hasText: o.nfeChave });
    await visible(linhaNota);
    expect(await linhaNota.locator('td').first().innerText()).toBe('Autorizada');
    expect(await page.getByText(PLACEHOLDER).count()).toBe(0);
    expect(await saldo(p[0].id)).toEqual({ saldo: '17', disponivel: '17' });
    expect((await saldo(p[1].id)).saldo).toBe('6');
    await page.goto(url(`pages/financeiro/lancamentos/lista/receitas?q=${encodeURIComponent(`Pedido de venda nº ${numero}`)}`));
    const linhas = page.locator('.ant-table-row').filter({ hasText: `Pedido de venda nº ${numero}` });
    await poll(() => linhas.count(), 15_000).toBe(3);
    await visible(linhas.filter({ hasText: 'R$ 26,43' }));
    await page.goto(url(`pages/estoque/produtos/editar/${p[0].id}`));
    const linha = page.getByTestId('saldos-deposito').locator('.ant-table-row').filter({ hasText: 'Depósito principal' });
    await poll(() => linha.locator('td').nth(1).innerText()).toBe('17');
  });

  it('cancelling the faturado order reverses stock and receivables', async () => {
    await page.goto(url(`pages/vendas/pedido-vendas/editar/${pedidoId}`));
    await poll(estado).toBe('Faturado');
    await transicao('Cancelar');
    await poll(estado).toBe('Cancelado');
    expect(await saldo(p[0].id)).toEqual({ saldo: '20', disponivel: '20' });
    expect((await saldo(p[1].id)).saldo).toBe('8');
    const parcelas = await api('GET', `/api/Parcelas?filter=${q({ where: { documento: `PV ${numero}` } })}`);
    expect(parcelas.map((x: Row) => x.status)).toEqual(['cancelado', 'cancelado', 'cancelado']);
    const o = await api('GET', `/api/PedidosVenda/${pedidoId}`);
    expect((await api('GET', `/api/NotasFiscais/${o.nfeId}`)).status).toBe('cancelada');
    await page.goto(url('pages/vendas/nota-fiscal'));
    await poll(() => page.locator('tr.ant-table-row').filter({ hasText: o.nfeChave }).locator('td').first().innerText()).toBe('Cancelada');
  });

  it('no Vendas screen of this module is a placeholder', async () => {
    for (const rota of ['pages/vendas/pedido-vendas', 'pages/vendas/nota-fiscal', 'pages/vendas/pedido-vendas/servico', 'pages/vendas/pedido-vendas/cadastrar/servico', 'pages/vendas/promocao', 'pages/vendas/promocao/cadastrar', 'pages/vendas/contatos-comerciais', 'pages/relatorios/vendas/menu']) {
      await page.goto(url(rota));
      await visible(page.locator('h3, .ant-card-head-title').first());
      expect(await page.getByText(PLACEHOLDER).count(), rota).toBe(0);
    }
    await page.goto(url('pages/relatorios/vendas/menu'));
    await visible(page.getByText('Relatórios de vendas'));
  });

  it('contatos comerciais: the cargo is picked from the job-roles list', async () => {
    await page.goto(url('pages/vendas/contatos-comerciais/cadastrar'));
    const cargo = page.locator('#root_cargo').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
    await visible(cargo);
    await cargo.click();
    await visible(option('Proprietário(a)'));
    await page.keyboard.type('loja');
    await visible(option('Gerente de loja'));
    await option('Gerente de loja').click();
    await poll(() => cargo.innerText()).toContain('Gerente de loja');
  });

  it('a salesperson with the order key only (no naturezas, clientes or produtos screens) types and saves an order', async () => {
    const perfil = await api('POST', '/api/Perfis', { nome: 'Balcão E2E', permissoes: { 'app.pedidoVenda': 3 } });
    const matriz = (await server.db.query<{ id: number }>(`SELECT b.id FROM branches b JOIN users u ON u.tenant_id = b.tenant_id WHERE u.email = 'admin@demo.com.br' AND b.apelido = 'Matriz'`)).rows[0].id;
    await api('POST', '/api/Usuarios', { nome: 'Balcão E2E', email: 'balcao.e2e@demo.com.br', senha: 'demo1234', perfilId: perfil.id, filiais: [matriz] });
    const ctx = await browser.newContext();
    try {
      const outra = await ctx.newPage();
      await signInPage(outra, server.baseUrl, 'balcao.e2e@demo.com.br', /#\/pages\//);
      await outra.goto(url('pages/vendas/pedido-vendas/cadastrar'));
      const escolher = (select: Locator, search: string, text = search) => pick(select, search, text, outra);
      const campo = (id: string) => outra.locator(`#root_${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
      await escolher(campo('clienteId'), 'Pão Quente', 'Padaria Pão Quente E2E');
      await escolher(campo('naturezaId'), 'Venda de', 'Venda de mercadoria');
      await escolher(outra.locator('.ant-table-row').nth(0).locator('.ant-select').nth(0), 'Pão de forma E2E');
      await outra.locator('.ant-table-row').nth(0).getByLabel('Quantidade da linha').fill('2');
      await outra.getByRole('button', { name: 'Salvar' }).click();
      await outra.waitForURL(/pedido-vendas\/editar\/\d+$/);
      const id = Number(/editar\/(\d+)$/.exec(outra.url())![1]);
      const o = await api('GET', `/api/PedidosVenda/${id}`);
      expect(o).toMatchObject({ clienteId: cliente.id, valorTotal: '15.00' });
      expect(o.naturezaId).toBeGreaterThan(0);
      expect(o.itens.map((x: Row) => x.produtoId)).toEqual([p[2].id]);
      // The read view names the natureza and the product, read through the order as well.
      await visible(outra.getByText('Venda de mercadoria').first());
    } finally {
      await ctx.close();
    }
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
