import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

const PLACEHOLDER = 'Esta tela estará disponível em breve.';

// Configurações > Fiscal's SPED entries in the browser (issue 17): participantes, plano de contas and inventário
// are screens (the demo's rows listed, never the placeholder), and each form saves one record; a field the
// server's schema refuses shows its Portuguese message in the form.
describe('cadastros do SPED no navegador', () => {
  const e2e = e2eSession('fiscal-sped', { signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const toast = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const closeToast = async (text: string) => {
    await visible(toast(text));
    await toast(text).locator('.ant-notification-notice-close').click();
    await toast(text).waitFor({ state: 'detached' });
  };
  const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
  const rowOf = (text: string) => rows().filter({ hasText: text }).first();
  const option = (text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  const pick = async (select: Locator, search: string, text = search) => {
    await select.click();
    await page.keyboard.type(search);
    await visible(option(text));
    await option(text).click();
  };
  const selectOf = (id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
  const api = async (path: string) => (await server.app.inject({ url: path, headers: { authorization: await login(server.app, 'admin@demo.com.br') } })).json();
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  it('the three SPED entries of the Fiscal settings menu open screens with the demo rows, not the placeholder', async () => {
    await page.goto(url('pages/configuracoes/empresas'));
    await visible(rowOf('Matriz'));
    for (const [entry, path, row] of [
      ['Participantes SPED', 'participantes-sped', 'Distribuidora Paulista de Bebidas Ltda'],
      ['Plano de contas', 'conta-contabil-sped', 'Mercadorias para revenda'],
      ['Inventário SPED', 'inventario-sped', 'Refrigerante de cola 2 L'],
    ] as const) {
      await page.getByRole('button', { name: 'Configurações' }).click();
      const settings = page.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
      await visible(settings);
      const item = page.locator('.ant-dropdown-menu-submenu-popup:visible, .ant-dropdown-menu-sub:visible').getByText(entry, { exact: true });
      await settings.getByText('Fiscal', { exact: true }).hover();
      // the submenu opens on hover; a click on the group title opens it when the pointer came in too fast
      if (!(await item.waitFor({ timeout: 3000 }).then(() => true, () => false))) await settings.getByText('Fiscal', { exact: true }).click();
      await item.dispatchEvent('click');
      await page.waitForURL(new RegExp(`#/pages/fiscais/${path}$`));
      await visible(rowOf(row));
      expect(await page.getByText(PLACEHOLDER).count()).toBe(0);
      await page.keyboard.press('Escape');
    }
  });

  it('saves a participante from abroad; a Brazilian one without CPF/CNPJ is refused in Portuguese', async () => {
    await page.goto(url('pages/fiscais/participantes-sped'));
    await visible(rowOf('Olivares del Sur S.A.'));
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/participantes-sped\/cadastrar$/);
    await page.locator('#root_codigo').fill('F0200');
    await page.locator('#root_nome').fill('Importadora Andina Ltda');
    await page.locator('#root_logradouro').fill('Calle Los Robles 45');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Brasil (1058) by default: CPF/CNPJ is required, as the API's rule says.
    await visible(page.locator('.ant-form-item').filter({ has: page.locator('#root_cpfCnpj') }).locator('.ant-form-item-explain-error').filter({ hasText: 'Campo Obrigatório!' }));
    await page.locator('#root_codigoPais').fill('1600');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await closeToast('Participante SPED salvo com sucesso.');
    await page.waitForURL(/#\/pages\/fiscais\/participantes-sped$/);
    await visible(rowOf('Importadora Andina Ltda'));
    const salvo = (await api(`/api/ParticipantesSped?filter=${q({ where: { codigo: 'F0200' } })}`))[0];
    expect(salvo).toMatchObject({ nome: 'Importadora Andina Ltda', codigoPais: 1600, cpfCnpj: null, logradouro: 'Calle Los Robles 45' });
  });

  it('saves a conta contábil of level 1', async () => {
    await page.goto(url('pages/fiscais/conta-contabil-sped/cadastrar'));
    // Code 0: the demo's chart (Contábil's default plano de contas) already holds 1 to 4, and '0' lists first (codigo ASC).
    await page.locator('#root_codigo').fill('0');
    await page.locator('#root_nome').fill('Compensação passiva');
    await pick(selectOf('root_natureza'), 'passivo', 'Contas de passivo');
    await pick(selectOf('root_tipo'), 'Sint', 'Sintética');
    await page.locator('#root_dataAlteracao').fill('02012026');
    await poll(() => page.locator('#root_dataAlteracao').inputValue()).toBe('02/01/2026');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await closeToast('Conta contábil salva com sucesso.');
    await page.waitForURL(/#\/pages\/fiscais\/conta-contabil-sped$/);
    await visible(rowOf('Compensação passiva'));
    const salva = (await api(`/api/ContasContabeisSped?filter=${q({ where: { codigo: '0' } })}`))[0];
    expect(salva).toMatchObject({ nome: 'Compensação passiva', natureza: '02', tipo: 'S', nivel: 1, dataAlteracao: '2026-01-02' });
  });

  it('saves an inventory item, whose value the server computes', async () => {
    await page.goto(url('pages/fiscais/inventario-sped/cadastrar'));
    await page.locator('#root_dataInventario').fill('31122025');
    await poll(() => page.locator('#root_dataInventario').inputValue()).toBe('31/12/2025');
    await pick(selectOf('root_produtoId'), 'Detergente', 'Detergente líquido 500 ml');
    await page.locator('#root_unidade').fill('UN');
    await page.locator('#root_quantidade').fill('60');
    await page.locator('#root_valorUnitario').fill('1,70');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await closeToast('Item do inventário salvo com sucesso.');
    await page.waitForURL(/#\/pages\/fiscais\/inventario-sped$/);
    await visible(rowOf('Detergente líquido 500 ml'));
    await visible(rowOf('Detergente líquido 500 ml').getByText('R$ 102,00'));
    const produto = (await api(`/api/Produtos?filter=${q({ where: { descricao: 'Detergente líquido 500 ml' } })}`))[0];
    const item = (await api(`/api/InventariosSped?filter=${q({ where: { produtoId: produto.id } })}`))[0];
    const matriz = (await api(`/api/Empresas?filter=${q({ where: { apelido: 'Matriz' } })}`))[0];
    // The branch in use (the Matriz, the admin's selected branch).
    expect(item).toMatchObject({ filialId: matriz.id, dataInventario: '2025-12-31', motivo: '01', propriedade: '0', quantidade: '60.0000', valorUnitario: '1.70', valorItem: '102.00' });
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
