import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodificarCodigo } from '../../src/server/boletos/febraban.ts';
import type { TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// SPEC 2.7 'Pagamento: configuracoes/gateway-boleto' and SPEC 6: the bank configured in the browser, a
// boleto simulated from it, and the Boletos menu that appears once the branch has the configuration.
describe('configuração de boleto no navegador', () => {
  const e2e = e2eSession('boletos');
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const sideMenu = () => page.getByRole('menu', { name: 'Menu principal' });
  const topLevel = () => sideMenu().locator(':scope > li').evaluateAll((lis) => lis.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()).filter(Boolean));
  const itemOf = (id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item ")][1]');
  const fieldError = (id: string) => itemOf(id).locator('.ant-form-item-explain-error');
  const escolher = async (id: string, texto: RegExp) => {
    await itemOf(id).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: texto }).click();
  };

  it('without a configuration the Pagamentos menu is hidden, and settings offer Gateway de boleto', async () => {
    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
    // Read once the menu holds its groups: an empty menu would pass the 'not' trivially.
    await poll(() => topLevel()).toContain('Vendas');
    expect(await topLevel()).not.toContain('Pagamentos');
    await page.getByRole('button', { name: 'Configurações' }).click();
    const settings = page.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
    await visible(settings);
    const gateway = page.locator('.ant-dropdown-menu-submenu-popup:visible, .ant-dropdown-menu-sub:visible').getByText('Gateway de boleto', { exact: true });
    await settings.getByText('Pagamento', { exact: true }).hover();
    // the submenu opens on hover; a click on the group title opens it when the pointer came in too fast
    if (!(await gateway.waitFor({ timeout: 3000 }).then(() => true, () => false))) await settings.getByText('Pagamento', { exact: true }).click();
    // the popup opens towards the page (the gear is at the right edge): click the entry where it is
    await gateway.dispatchEvent('click');
    await page.waitForURL(/#\/pages\/configuracoes\/gateway-boleto$/);
    await visible(page.getByRole('heading', { name: 'Gateway de boleto' }));
  });

  it('refuses a Bradesco agência of 5 digits with the form message, then simulates and saves the bank', async () => {
    await escolher('root_banco', /^237 - Bradesco$/);
    await page.locator('#root_agencia').fill('11720');
    await page.locator('#root_conta').fill('0403005');
    await page.locator('#root_carteira').fill('09');
    await page.locator('#root_proximoNossoNumero').fill('75896452');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => fieldError('root_agencia').innerText()).toBe('Máximo 4 caracteres!');
    expect((await server.db.query('SELECT count(*)::int AS n FROM configuracoes_boleto')).rows[0]).toEqual({ n: 0 });
    await page.locator('#root_agencia').fill('1172');
    await poll(() => fieldError('root_agencia').count()).toBe(0);

    // "Simular boleto" with the data as typed, before saving
    await page.getByLabel('Valor do boleto simulado').fill('2.952,95');
    const venc = page.getByLabel('Vencimento do boleto simulado');
    await venc.click();
    await venc.fill('30/04/2009');
    await venc.press('Enter');
    await page.getByRole('button', { name: 'Simular boleto' }).click();
    // the published Bradesco vector (brcobranca): agência 1172, carteira 06 there; here carteira 09
    const linha = await (async () => {
      await visible(page.getByTestId('linha-digitavel'));
      return page.getByTestId('linha-digitavel').innerText();
    })();
    const barras = await page.getByTestId('codigo-barras').innerText();
    const d = decodificarCodigo(linha, '2009-04-30');
    expect(d).toMatchObject({ banco: '237', valor: '2952.95', vencimento: '2009-04-30', codigoBarras: barras });
    expect(d.campoLivre).toBe('1172' + '09' + '00075896452' + '0403005' + '0');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.locator('.ant-notification-notice').filter({ hasText: 'Configuração de boleto salva com sucesso.' }));
    const rows = (await server.db.query<{ banco: string; agencia: string; carteira: string }>('SELECT banco, agencia, carteira FROM configuracoes_boleto')).rows;
    expect(rows).toEqual([{ banco: '237', agencia: '1172', carteira: '09' }]);
  });

  it('the Boletos menu appears once the branch has the configuration, and stays after a reload', async () => {
    await poll(() => topLevel()).toContain('Pagamentos');
    // with the Boletos menu comes the what's-new modal about boletos (SPEC 2.5), once
    const novidades = page.locator('.ant-modal-wrap:visible');
    await visible(novidades);
    await novidades.getByRole('button', { name: 'Próximo' }).click();
    await novidades.getByRole('button', { name: 'Próximo' }).click();
    await novidades.getByRole('button', { name: 'Finalizar' }).click();
    await poll(() => novidades.count()).toBe(0);
    await sideMenu().getByText('Pagamentos', { exact: true }).click();
    await visible(sideMenu().getByText('Boletos', { exact: true }));
    await page.reload();
    await visible(sideMenu());
    await poll(() => topLevel()).toContain('Pagamentos');
    // the form opens with what was saved
    await poll(() => page.locator('#root_agencia').inputValue()).toBe('1172');
    // switched off, the menu goes away again
    await page.locator('#root_ativo').click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => topLevel()).not.toContain('Pagamentos');
    expect(errors).toEqual([]);
  });
});
