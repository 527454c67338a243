import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { pickOption, poll, trackPageErrors, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// Issue 39 in the browser: a perfil tributário gets its IBS/CBS classification from the published tables, the
// Simular tab shows IBS/CBS next to ICMS/PIS/COFINS for a 2026 and a 2027 date, and the administrator area shows
// the version of each table and imports a newer one.
describe('IBS/CBS no perfil tributário e no simulador', () => {
  const e2e = e2eSession('ibscbs-simulador', { signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const toast = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const rowOf = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text }).first();
  const selectOf = (id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
  const data = async (id: string, valor: string) => {
    const campo = page.locator(`#${id}`);
    await campo.click();
    await campo.fill(valor);
    await campo.press('Enter');
  };

  it('classifies the perfil (200 / 200034, 60 % reduction) and simulates 30/11/2026 against 04/01/2027', async () => {
    await page.goto(url('pages/configuracoes/perfil-tributario'));
    await visible(rowOf('Revenda Simples Nacional'));
    await rowOf('Revenda Simples Nacional').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/perfil-tributario\/editar\/\d+$/);
    await pickOption(selectOf('root_cstIbsCbs'), 'Alíquota reduzida');
    await pickOption(selectOf('root_cClassTrib'), '200034');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Perfil tributário salvo com sucesso.'));
    const token = await login(server.app, 'admin@demo.com.br');
    const perfis = (await server.app.inject({ url: `/api/PerfisTributarios?filter=${encodeURIComponent(JSON.stringify({ where: { nome: 'Revenda Simples Nacional' } }))}`, headers: { authorization: token } })).json();
    expect(perfis[0]).toMatchObject({ cstIbsCbs: '200', cClassTrib: '200034' });

    await page.waitForURL(/#\/pages\/configuracoes\/perfil-tributario$/);
    await rowOf('Revenda Simples Nacional').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/perfil-tributario\/editar\/\d+$/);
    await page.getByRole('tab', { name: 'Simular' }).click();
    const simular = page.getByTestId('perfil-simular');
    await pickOption(selectOf('simular-uf'), 'SP');
    await page.locator('#simular-valor').fill('1.000,00');
    await data('simular-data', '30/11/2026');
    await data('simular-data-comparacao', '04/01/2027');
    await simular.getByRole('button', { name: 'Simular' }).click();
    const tabela = page.getByTestId('simular-comparativo');
    await visible(tabela);
    await poll(() => tabela.innerText()).toContain('30/11/2026');
    const linha = (tributo: string) => tabela.locator('tr.ant-table-row').filter({ has: page.locator('td').first().getByText(tributo, { exact: true }) });
    const celulas = async (tributo: string) => (await linha(tributo).locator('td').allInnerTexts()).slice(1);
    expect(await tabela.locator('th').allInnerTexts()).toEqual(['Tributo', '30/11/2026', '04/01/2027']);
    // 1.000 × 0,1 % × (1 − 60 %) = 0,40; × 0,9 % × 0,4 = 3,60 in 2026; 0,05 % × 0,4 = 0,02 % → 0,20 each sphere in 2027
    expect(await celulas('IBS da UF')).toEqual(['0,0400%: R$ 0,40', '0,0200%: R$ 0,20']);
    expect(await celulas('IBS municipal')).toEqual(['0,0000%: R$ 0,00', '0,0200%: R$ 0,20']);
    expect(await celulas('CBS')).toEqual(['0,3600%: R$ 3,60', 'alíquota não publicada']);
    expect(await celulas('CST / cClassTrib do IBS/CBS')).toEqual(['200 / 200034', '200 / 200034']);
    expect((await celulas('ICMS')).length).toBe(2);
    expect((await celulas('PIS')).length).toBe(2);
    await visible(simular.locator('.ant-alert').filter({ hasText: '04/01/2027: A alíquota da CBS de 2027-2028 não está publicada nos dados' }));
  });

  it('the administrator area shows the version in force of each table', async () => {
    const p = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const erros = trackPageErrors(p);
    try {
      await signInPage(p, server.baseUrl, 'master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
      await p.goto(url('administrador/configuracoes/tabelas-ibscbs'));
      const pagina = p.getByTestId('tabelas-ibscbs');
      const linha = pagina.locator('tr.ant-table-row').filter({ hasText: 'Classificação tributária (cClassTrib)' });
      await visible(linha);
      expect(await linha.innerText()).toContain('Tabela_Classificacao_Tributaria_IBS_CBS_2026-06-23 (vigência 2026-06-01)');
      expect(await linha.locator('td').nth(2).innerText()).toBe('164');
      await visible(p.getByTestId('aliquotas-ibscbs').getByText('CBS 0,90% · IBS UF 0,10% · IBS municipal 0,00%', { exact: false }));
      // A newer rates table imported from the page: listed with its vigência (a future one until it starts).
      const form = p.getByTestId('importar-tabela-ibscbs');
      await pickOption(form.locator('.ant-select'), 'Alíquotas', 'Alíquotas por ano e esfera');
      const dataVigencia = form.getByPlaceholder('Início da vigência');
      await dataVigencia.click();
      await dataVigencia.fill('01/01/2027');
      await dataVigencia.press('Enter');
      await form.getByPlaceholder('Versão (nome da publicação)').fill('Alíquotas de teste 2027');
      const csv = readFileSync('schemas/fiscal/aliquotas-ibscbs.csv', 'utf8').replace(/\n2027-01-01,2028-12-31,,/, '\n2027-01-01,2028-12-31,8.80,');
      await form.locator('input[type=file]').setInputFiles({ name: 'aliquotas-2027.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await form.getByRole('button', { name: 'Importar' }).click();
      await visible(p.locator('.ant-notification-notice').filter({ hasText: 'Tabela importada: 2 linhas, em vigor a partir de 01/01/2027.' }));
      const versao = pagina.locator('tr.ant-table-row').filter({ hasText: 'Alíquotas de teste 2027' });
      await visible(versao);
      expect(await versao.innerText()).toMatch(/Alíquotas por ano e esfera\s+01\/01\/2027\s+Alíquotas de teste 2027\s+2\s+aliquotas-2027\.csv\s+master@demo\.com\.br\s+futura/);
      expect(erros).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
