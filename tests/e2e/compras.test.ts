import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '../../src/shared/money.ts';
import { login, type TestServer } from '../support/server.ts';
import { FORNECEDORES, notaDeFornecedor } from '../fixtures/compras/notas-fornecedor.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

type Row = Record<string, any>;

// Compras in Chromium: a supplier's NF-e XML uploaded, its lines matched (one product created from the line, one
// by the supplier's code learned from an earlier entry, one box of 12 by the box's GTIN), posted, and the screen
// shows the stock, average cost and payables the API holds; the same XML again is refused. The Compras menu
// entries open real screens.
describe('compras: entrada de nota fiscal pelo XML no navegador', () => {
  const e2e = e2eSession('compras', { signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));
  let token: string;
  const dir = mkdtempSync(join(tmpdir(), 'compras-e2e-'));
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const api = async (path: string) => (await server.app.inject({ method: 'GET', url: `/api/${path}`, headers: { authorization: token } })).json();
  const post = async (path: string, payload: unknown) => {
    const r = await server.app.inject({ method: 'POST', url: `/api/${path}`, headers: { authorization: token }, payload: payload as any });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  let sabonete: Row;
  let cerveja: Row;
  let caixa: Row;

  beforeAll(async () => {
    token = await login(server.app, 'admin@demo.com.br');
    sabonete = (await api(`Produtos?filter=${q({ where: { descricao: 'Sabonete em barra 85 g' } })}`))[0];
    cerveja = (await api(`Produtos?filter=${q({ where: { descricao: 'Cerveja lager lata 350 ml' } })}`))[0];
    caixa = (await api(`Embalagens?filter=${q({ where: { produtoId: cerveja.id } })}`))[0];
    // An earlier note of this supplier, entered through the API, taught the code SAB-85 → Sabonete.
    const antiga = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero: 700, linhas: [{ codigo: 'SAB-85', descricao: 'SABONETE BARRA 85G SORTIDO', ncm: '34011190', quantidade: '12', valorUnitario: '1.40' }] });
    const ent = await post('EntradasNota/importar-xml/confirmar', { xml: antiga.xml, itens: [{ linha: 1, produtoId: sabonete.id }] });
    await post(`EntradasNota/${ent.id}/efetivar`, {});
  });

  const pagina = (hash: string) => page.goto(e2e.url(hash));

  it('the Compras menu opens the purchase orders and the entries, not placeholders', async () => {
    await pagina('pages/compras/pedido');
    await visible(page.getByRole('heading', { name: 'Pedidos de compra' }));
    await pagina('pages/compras/entrada-nota-fiscal');
    await visible(page.getByRole('heading', { name: 'Entradas de nota fiscal' }));
    await visible(page.getByRole('button', { name: /Importar XML/ }));
    expect(await page.getByText('Esta tela estará disponível em breve.').count()).toBe(0);
  });

  it('opens a demo purchase order: items with received quantities, state, print and e-mail', async () => {
    const pedido = (await api(`PedidosCompra?filter=${q({ where: { estado: 'parcial' } })}`))[0];
    await pagina(`pages/compras/pedido/editar/${pedido.id}`);
    await visible(page.getByRole('heading', { name: `Pedido de compra nº ${pedido.numero}` }));
    await poll(() => page.locator('[data-testid="estado-documento"]').innerText()).toBe('Parcialmente recebido');
    await visible(page.getByRole('button', { name: /Imprimir/ }));
    await visible(page.getByRole('button', { name: /Enviar por e-mail/ }));
    await visible(page.getByRole('button', { name: 'Cancelar' }));
  });

  const nota = () =>
    notaDeFornecedor({
      fornecedor: FORNECEDORES.simples,
      numero: 701,
      duplicatas: 2,
      linhas: [
        { codigo: 'SAB-85', descricao: 'SABONETE BARRA 85G SORTIDO', ncm: '34011190', quantidade: '24', valorUnitario: '1.50' },
        { codigo: 'CERV-12', descricao: 'CERVEJA LAGER 350ML CAIXA C/12', gtin: caixa.gtin, ncm: '22030000', unidade: 'CX', quantidade: '3', valorUnitario: '33.60', st: true },
        { codigo: 'PAO-MEL', descricao: 'PAO DE MEL COBERTO 40G', ncm: '19059090', unidade: 'UN', quantidade: '30', valorUnitario: '2.10' },
      ],
    });
  let xmlFile = '';

  it('uploads the supplier XML, confirms the matches, posts it and sees stock, average cost and payables', async () => {
    const n = nota();
    xmlFile = join(dir, `${n.chave}-nfe.xml`);
    writeFileSync(xmlFile, n.xml);
    await pagina('pages/compras/entrada-nota-fiscal');
    await page.getByRole('button', { name: /Importar XML/ }).click();
    await visible(page.getByRole('heading', { name: 'Importar XML da NF-e' }));
    await page.locator('input[type="file"]').setInputFiles(xmlFile);
    const proposta = page.locator('[data-testid="proposta"]');
    await visible(proposta);
    await poll(() => proposta.innerText()).toContain(FORNECEDORES.simples.razaoSocial);
    const linhas = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => linhas.count()).toBe(3);
    await poll(() => linhas.nth(0).innerText()).toContain('Código do fornecedor');
    await poll(() => linhas.nth(0).innerText()).toContain('Sabonete em barra 85 g');
    await poll(() => linhas.nth(1).innerText()).toContain('GTIN da embalagem');
    await poll(() => linhas.nth(1).locator('input[aria-label="Fator da linha 2"]').inputValue()).toBe('12.0000');
    await poll(() => linhas.nth(2).innerText()).toContain('Novo produto');
    await poll(() => linhas.nth(2).innerText()).toContain('Criar produto novo: PAO DE MEL COBERTO 40G');

    await page.getByRole('button', { name: 'Confirmar e efetivar' }).click();
    const resultado = page.locator('[data-testid="resultado-entrada"]');
    await visible(resultado, 20_000);
    const pao = (await api(`Produtos?filter=${q({ where: { descricao: 'PAO DE MEL COBERTO 40G' } })}`))[0];
    expect(pao).toMatchObject({ ncm: '19059090' });
    const deposito = (await api(`Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    const saldos = (await api(`SaldosEstoque?filter=${q({ where: { produtoId: { inq: [cerveja.id, pao.id, sabonete.id] }, depositoId: deposito } })}`)) as Row[];
    expect(saldos).toHaveLength(3);
    const texto = await resultado.innerText();
    for (const s of saldos) {
      const nome = s.produtoId === cerveja.id ? 'Cerveja lager lata 350 ml' : s.produtoId === pao.id ? 'PAO DE MEL COBERTO 40G' : 'Sabonete em barra 85 g';
      const linha = resultado.locator('tr').filter({ hasText: nome });
      expect(await linha.innerText()).toContain(formatBRL(s.custoMedio));
    }
    expect(saldos.find((s) => s.produtoId === pao.id)).toMatchObject({ quantidade: '30.0000', custoMedio: '2.1000' });
    const parcelas = (await api(`Parcelas?filter=${q({ where: { documento: 'NF 701' }, order: 'numero ASC' })}`)) as Row[];
    expect(parcelas).toHaveLength(2);
    for (const p of parcelas) expect(texto).toContain(formatBRL(p.valor));
    expect(texto).toContain('1/2');
    expect(texto).toContain('2/2');
    // the box of 12 entered 36 cans
    const movs = (await api(`MovimentosEstoque?filter=${q({ where: { origemTipo: 'entradaNota', produtoId: cerveja.id }, order: 'id DESC', limit: 1 })}`)) as Row[];
    expect(movs[0].quantidade).toBe('36.0000');
    expect(errors).toEqual([]);
  });

  it('refuses the same XML again, with the entry that has it', async () => {
    await pagina('pages/compras/entrada-nota-fiscal/importar-xml');
    await visible(page.getByRole('heading', { name: 'Importar XML da NF-e' }));
    await page.locator('input[type="file"]').setInputFiles(xmlFile);
    const erro = page.locator('[data-testid="erro-importacao"]');
    await visible(erro);
    expect(await erro.innerText()).toMatch(/já foi lançada: entrada nº \d+ da filial Matriz, efetivada/);
    expect(await page.locator('[data-testid="proposta"]').count()).toBe(0);
  });
});
