import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { xmllintSchema } from '../fixtures/fiscal/ferramentas.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// The local ADN of this process keeps what it authorised under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-nfse-'));
process.env.DATA_DIR = dataDir;
import { NFSE_XSD } from '../fixtures/referencia.ts';

// Issue 17 item 7, as a shop owner does it: a service order typed on "Emitir NFS-e", confirmed and faturado, its
// NFS-e authorised at the local ADN and listed in "Notas de serviço" with number and key; XML and DANFSe
// downloaded; then cancelled with a justification.
describe('NFS-e no navegador', () => {
  const e2e = e2eSession('nfse', { server: { dataDir } });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));
  let token: string;
  const api = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    token = await login(server.app, 'admin@demo.com.br');
    await api('POST', '/api/Clientes', { nome: 'Clínica Sorriso E2E', cpfCnpj: '11444777000161', email: 'contato@sorriso-e2e.com.br' });
    await api('POST', '/api/Servicos', { descricao: 'Instalação de rede E2E', codigo: 'E2E-SRV', tipoServico: 100000001, precoVenda: '640.00', codigoTributacaoNacional: '010701', aliquotaIss: '2.00', retencaoIss: 1 });
    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
  });

  const option = (text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  const pick = async (select: Locator, search: string, text = search) => {
    await select.click();
    await page.keyboard.type(search);
    await visible(option(text));
    await option(text).click();
  };
  const estado = () => page.getByTestId('estado-documento').innerText();
  const transicao = async (label: string) => {
    await page.locator('.ant-space').getByRole('button', { name: label, exact: true }).first().click();
    await answerDialog(page.locator('.ant-modal-confirm:visible'), (d) => d.locator('.ant-modal-confirm-btns').getByRole('button').last());
  };
  const notas = () => page.getByTestId('notas-servico');
  const linhaNota = () => notas().locator('tr.ant-table-row').filter({ hasText: 'Clínica Sorriso E2E' }).first();

  let numero = '';
  it('types a service order on "Emitir NFS-e", confirms and fatura it', async () => {
    await page.goto(e2e.url('pages/vendas/pedido-vendas/cadastrar/servico'));
    await pick(page.locator('#root_clienteId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'Sorriso', 'Clínica Sorriso E2E');
    // A service order shows the Serviço column only (no Produto); each cell is named by its column and line.
    await pick(page.getByRole('combobox', { name: 'Serviço da linha 1' }), 'Instalação de rede', 'Instalação de rede E2E');
    await page.locator('.ant-table-row').nth(0).getByLabel('Quantidade da linha').fill('1');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/editar\/\d+$/);
    await poll(estado).toBe('Digitando');
    await transicao('Confirmar');
    await poll(estado).toBe('Aguardando');
    await transicao('Faturar');
    await poll(estado).toBe('Faturado');
  });

  it('sees the NFS-e authorised in "Notas de serviço" with number and key; downloads XML and DANFSe', async () => {
    await page.goto(e2e.url('pages/vendas/pedido-vendas/servico'));
    await visible(page.getByRole('heading', { name: 'Notas de serviço' }));
    const linha = linhaNota();
    await visible(linha);
    await poll(() => linha.locator('td').first().innerText()).toBe('Autorizada');
    numero = (await linha.locator('td').nth(1).innerText()).trim();
    expect(numero).toMatch(/^\d+$/);
    const chave = (await linha.locator('td').nth(2).innerText()).trim();
    expect(chave).toMatch(/^\d{50}$/);
    expect(await linha.locator('td').nth(4).innerText()).toContain('640,00');
    for (const [botao, rota, tipo] of [['XML', 'xml', 'application/xml'], ['DANFSe', 'danfse', 'application/pdf']] as const) {
      const resposta = page.context().waitForEvent('response', (r) => r.url().includes(`/${rota}?access_token=`));
      await linha.getByRole('button', { name: botao, exact: true }).click();
      const r = await resposta;
      expect(r.status()).toBe(200);
      expect(r.headers()['content-type']).toContain(tipo);
    }
    // The authorised XML kept in the file storage: the official schema, checked by a tool nobody here wrote.
    const nota = (await server.db.query(`SELECT arquivo_xml FROM notas_servico WHERE chave = $1`, [chave])).rows[0];
    const s = await server.services.storage.get(nota.arquivo_xml);
    const partes: Buffer[] = [];
    for await (const c of s!) partes.push(c as Buffer);
    expect(xmllintSchema(path.join(NFSE_XSD, 'NFSe_v1.00.xsd'), { x: Buffer.concat(partes).toString('utf8') }).x).toBe('');
  });

  it('cancels it: the justification must have 15 characters; the note turns Cancelada', async () => {
    const linha = linhaNota();
    await linha.getByRole('button', { name: 'Cancelar', exact: true }).click();
    const modal = page.locator('.ant-modal-wrap:visible');
    await modal.getByLabel('Justificativa').fill('erro');
    await visible(modal.getByText('Escreva ao menos 15 caracteres (4 até agora).'));
    expect(await modal.getByRole('button', { name: 'Cancelar NFS-e' }).isDisabled()).toBe(true);
    await modal.getByLabel('Justificativa').fill('Valor do serviço digitado errado');
    await modal.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    await visible(page.locator('.ant-notification-notice').filter({ hasText: `NFS-e ${numero} cancelada.` }));
    await poll(() => linha.locator('td').first().innerText()).toBe('Cancelada');
    expect(await linha.getByRole('button', { name: 'Cancelar', exact: true }).isDisabled()).toBe(true);
  });

  it('NFS-e > Serviços (SPEC 2.6, servico/servicos) is the services list, not a placeholder; its menu entry is the one selected; Cadastrar opens the service form', async () => {
    // From a list (the dashboard's charts keep resizing the page while they draw, and the menu with it).
    await page.goto(e2e.url('pages/vendas/pedido-vendas'));
    const menu = page.getByRole('menu', { name: 'Menu principal' });
    await menu.locator('.ant-menu-submenu-title').filter({ hasText: /^NFS-e$/ }).click();
    const servicos = menu.locator('.ant-menu-item:visible').filter({ hasText: /^Serviços$/ });
    await poll(() => servicos.count()).toBe(1);
    await servicos.click();
    await page.waitForURL(/#\/pages\/servico\/servicos$/);
    const content = page.locator('.ant-layout-content');
    // The demo's services and the one this test registered.
    await visible(content.locator('.ant-table-row').filter({ hasText: 'Instalação de balança e equipamentos' }));
    await visible(content.locator('.ant-table-row').filter({ hasText: 'Instalação de rede E2E' }));
    expect(await content.getByText('disponível em breve').count()).toBe(0);
    // The menu marks this entry, not Estoque's own Serviços (pages/estoque/servicos): each item is keyed by its route.
    await poll(() => menu.locator('.ant-menu-item-selected').allInnerTexts()).toEqual(['Serviços']);
    expect(await menu.locator('li.ant-menu-submenu-open').allInnerTexts()).toEqual([expect.stringMatching(/^NFS-e/)]);
    await content.getByRole('button', { name: 'Cadastrar' }).first().click();
    await page.waitForURL(/#\/pages\/estoque\/servicos\/cadastrar$/);
    await visible(page.locator('form').first());
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
