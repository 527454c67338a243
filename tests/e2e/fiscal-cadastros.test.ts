import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { pickOption, poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// Configurações > Empresas and > Fiscal > Perfil tributário in the browser (issue 17): a branch's IE is checked
// by its UF's rule (message, then saved), and a new perfil with one ICMS rule simulates to its CST and rate.
describe('configurações fiscais no navegador', () => {
  const e2e = e2eSession('fiscal-cadastros', { signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const toast = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
  const rowOf = (text: string) => rows().filter({ hasText: text }).first();
  const selectOf = (id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
  const api = async (path: string) => (await server.app.inject({ url: path, headers: { authorization: await login(server.app, 'admin@demo.com.br') } })).json();

  it('edits the Matriz: an IE invalid for SP is refused with the message, a valid one is saved', async () => {
    await page.goto(url('pages/configuracoes/empresas'));
    await visible(rowOf('Filial Centro'));
    await rowOf('Matriz').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/empresas\/editar\/\d+$/);
    await poll(() => page.locator('#root_inscricaoEstadual').inputValue()).toBe('110042490114');
    await page.locator('#root_inscricaoEstadual').fill('110.042.490.115');
    // The perfil below is of the Regime Normal: the Matriz moves to Lucro Presumido (CRT 3).
    await pickOption(selectOf('root_regimeTributario'), 'Presumido', 'Lucro Presumido');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // The form checks the IE with the same rule as the API (the schema's inscricaoEstadualDaUf): nothing is sent.
    await visible(page.locator('.ant-form-item-explain-error').filter({ hasText: 'Inscrição estadual inválida para a UF SP.' }));
    const antes = (await api(`/api/Empresas?filter=${encodeURIComponent(JSON.stringify({ where: { apelido: 'Matriz' } }))}`))[0];
    expect(antes).toMatchObject({ inscricaoEstadual: '110042490114', regimeTributario: 1 });

    await page.locator('#root_inscricaoEstadual').fill('110.042.490.102');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Empresa salva com sucesso.'));
    await page.waitForURL(/#\/pages\/configuracoes\/empresas$/);
    const matriz = (await api(`/api/Empresas?filter=${encodeURIComponent(JSON.stringify({ where: { apelido: 'Matriz' } }))}`))[0];
    expect(matriz).toMatchObject({ inscricaoEstadual: '110042490102', regimeTributario: 3 });
  });

  it('creates a perfil tributário with an ICMS rule, and Simular shows the CST and the rate', async () => {
    // Configurações > Fiscal > Perfil tributário.
    await page.getByRole('button', { name: 'Configurações' }).click();
    const settings = page.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
    await visible(settings);
    const entry = page.locator('.ant-dropdown-menu-submenu-popup:visible, .ant-dropdown-menu-sub:visible').getByText('Perfil tributário', { exact: true });
    await settings.getByText('Fiscal', { exact: true }).hover();
    // the submenu opens on hover; a click on the group title opens it when the pointer came in too fast
    if (!(await entry.waitFor({ timeout: 3000 }).then(() => true, () => false))) await settings.getByText('Fiscal', { exact: true }).click();
    await entry.dispatchEvent('click');
    await page.waitForURL(/#\/pages\/configuracoes\/perfil-tributario$/);
    await visible(rowOf('Bebidas com ST'));
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/perfil-tributario\/cadastrar$/);
    await page.locator('#root_nome').fill('Revenda regime normal');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Perfil tributário salvo com sucesso.'));
    await page.waitForURL(/#\/pages\/configuracoes\/perfil-tributario$/);
    await rowOf('Revenda regime normal').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/perfil-tributario\/editar\/\d+$/);

    const regras = page.getByTestId('perfil-regras');
    await visible(regras.getByText('Nenhuma tributação estadual neste perfil.'));
    // UF de origem comes from the selected branch (SP).
    await visible(regras.locator('.ant-select').filter({ has: page.locator('#regra-uf-origem') }).getByText('SP'));
    await pickOption(selectOf('regra-uf-destino'), 'SP');
    await pickOption(selectOf('regra-cst'), '00', '00 - Tributada integralmente');
    await page.locator('#regra-aliquota').fill('18');
    await regras.getByRole('button', { name: 'Adicionar regra' }).click();
    await visible(toast('Tributação estadual salva com sucesso.'));
    await visible(regras.locator('tr.ant-table-row').filter({ hasText: '18,00%' }));

    await page.getByRole('tab', { name: 'Simular' }).click();
    const simular = page.getByTestId('perfil-simular');
    await pickOption(selectOf('simular-uf'), 'SP');
    await simular.getByRole('button', { name: 'Simular' }).click();
    const resultado = page.getByTestId('simular-resultado');
    await visible(resultado);
    await poll(() => resultado.innerText()).toMatch(/CST do ICMS\s+00/);
    const texto = await resultado.innerText();
    expect(texto).toMatch(/CFOP\s+5102/);
    expect(texto).toMatch(/Alíquota do ICMS\s+18,00%/);
    // 18% of R$ 100,00, the default item value.
    expect(texto).toContain('R$ 100,00 / R$ 18,00');
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
