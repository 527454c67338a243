import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetSubscriptions } from '../../src/server/planos/gating.ts';
import type { TestServer } from '../support/server.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eProfiles } from './support/session.ts';

// The brand's administrator area as the master and a customer of the brand meet it in Chromium.
describe('área do administrador da marca no navegador', () => {
  const e2e = e2eProfiles('admin-marca', { server: { reportWorker: false } });
  let server: TestServer, browser: Browser;
  const { errors } = e2e;
  const signIn = e2e.signIn;
  beforeAll(() => void ({ server, browser } = e2e));
  const url = e2e.url;

  const sideMenu = (page: Page) => page.getByRole('menu', { name: 'Menu principal' });
  const topLevel = (page: Page) => sideMenu(page).locator(':scope > li').evaluateAll((lis) => lis.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()).filter(Boolean));
  const apiStatus = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([m, p, b]) => (await fetch(p as string, { method: m as string, headers: { Authorization: localStorage.getItem('token')!, 'content-type': 'application/json' }, body: b ? JSON.stringify(b) : undefined })).status,
      [method, path, body] as const,
    );

  it('the master turns a module off: the customer loses its menu and its API, and gets it back when it is on again', async () => {
    const customer = await signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    await poll(() => topLevel(customer)).toContain('Estoque');
    expect(await apiStatus(customer, 'GET', '/api/Produtos')).toBe(200);

    const master = await signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await master.goto(url('administrador/configuracoes/modulo-config'));
    const estoque = master.getByRole('switch', { name: 'Ativo: Estoque' });
    await visible(estoque);
    await estoque.click();
    await master.getByRole('button', { name: 'Salvar' }).click();
    await visible(master.locator('.ant-notification-notice').filter({ hasText: 'Módulos salvos.' }));

    await customer.reload();
    await visible(sideMenu(customer));
    // The menu holds its groups again (Vendas) before Estoque's absence is read: an empty menu lacks it too.
    await poll(() => topLevel(customer)).toContain('Vendas');
    await poll(() => topLevel(customer)).not.toContain('Estoque');
    expect(await apiStatus(customer, 'GET', '/api/Produtos')).toBe(403);
    // A typed address to the module's page: the next call answers 403 and the page says why.
    await customer.goto(url('pages/estoque/produtos'));
    await visible(customer.getByText('O módulo Estoque está desativado para esta conta.', { exact: false }));

    await estoque.click();
    await master.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => master.locator('.ant-notification-notice').filter({ hasText: 'Módulos salvos.' }).count()).toBeGreaterThan(0);
    await customer.goto(url('pages/dashboard'));
    await customer.reload();
    await poll(() => topLevel(customer)).toContain('Estoque');
    expect(await apiStatus(customer, 'GET', '/api/Produtos')).toBe(200);
    expect(errors.flat()).toEqual([]);
  });

  it('a trial expires: the banner and read-only mode show until a plan is paid', async () => {
    const customer = await signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    await visible(customer.getByText('Você está no período de teste: faltam 30 dias.'));

    await server.db.query(`UPDATE tenants SET data_vencimento = current_date - 1 WHERE nome = 'Mercadinho Demo'`);
    forgetSubscriptions();
    await customer.goto(url('pages/vendas/clientes'));
    await customer.reload();
    await visible(customer.getByText('Seu período de teste terminou. O sistema está disponível somente para consulta até a contratação de um plano.'));
    await visible(customer.locator('.ant-table-tbody tr.ant-table-row'));
    expect(await customer.getByRole('button', { name: 'Cadastrar' }).count()).toBe(0);
    expect(await apiStatus(customer, 'POST', '/api/Marcas', { descricao: 'Marca bloqueada' })).toBe(403);

    // The way to pay: the banner's button, a plan, confirmed; the account writes again.
    await customer.locator('.assinatura-banner').getByRole('button', { name: 'Contratar plano' }).click();
    await customer.waitForURL(/#\/pages\/assinatura$/);
    await customer.getByRole('button', { name: 'Assinar Profissional' }).click();
    await answerDialog(customer.locator('.ant-modal-confirm:visible'), 'Confirmar');
    await visible(customer.locator('.ant-notification-notice').filter({ hasText: 'Plano Profissional assinado. Pagamento confirmado.' }));
    await poll(() => customer.getByTestId('assinatura-estado').innerText()).toBe('Ativa');
    await poll(() => customer.locator('.assinatura-banner').count()).toBe(0);
    await customer.goto(url('pages/vendas/clientes'));
    await visible(customer.getByRole('button', { name: 'Cadastrar' }));
    expect(errors.flat()).toEqual([]);
  });
  it('a brand admin reorders and renames menus and renames a field label; a customer sees them after reload', async () => {
    const customer = await signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    await visible(sideMenu(customer));
    const before = await topLevel(customer);
    expect(before.indexOf('Compras')).toBeLessThan(before.indexOf('Estoque'));

    const master = await signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await master.goto(url('administrador/configuracoes/whitelabel'));
    const editor = master.locator('.aparencia-editor');
    // The group (first row titled Vendas; Relatórios has a Vendas entry too).
    const vendas = editor.getByLabel('Título: Vendas', { exact: true }).first();
    await visible(vendas);
    await vendas.fill('Balcão');
    await editor.getByRole('button', { name: 'Subir: Estoque', exact: true }).first().click();
    // The live preview follows before anything is saved.
    await visible(editor.locator('.aparencia-previa').getByText('Balcão'));
    const preview = () => editor.locator('.aparencia-previa > li').evaluateAll((lis) => lis.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()));
    await poll(async () => (await preview()).indexOf('Estoque') < (await preview()).indexOf('Compras')).toBe(true);
    await editor.locator('#aparencia-recurso').click();
    await master.locator('.ant-select-dropdown:visible').getByText('Clientes', { exact: true }).click();
    await editor.getByLabel('Rótulo: Nome / Razão social', { exact: true }).fill('Razão social ou nome');
    await visible(editor.locator('.aparencia-previa-campos').getByText('Razão social ou nome'));
    await editor.getByRole('button', { name: 'Salvar menus e rótulos' }).click();
    await visible(master.locator('.ant-notification-notice').filter({ hasText: 'Menus e rótulos salvos.' }));

    await customer.reload();
    await visible(sideMenu(customer));
    await poll(() => topLevel(customer)).toContain('Balcão');
    const after = await topLevel(customer);
    expect(after).not.toContain('Vendas');
    expect(after.indexOf('Estoque')).toBeLessThan(after.indexOf('Compras'));
    await customer.goto(url('pages/vendas/clientes/cadastrar'));
    await visible(customer.getByText('Razão social ou nome', { exact: true }));
    expect(errors.flat()).toEqual([]);
  });

  it("the master writes a screen's help and opens a customer account for support: '?', banner and the way back", async () => {
    const master = await signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await master.goto(url('administrador/configuracoes/ajuda'));
    await master.getByLabel('Tela', { exact: true }).click();
    await master.keyboard.type('pages/vendas/clientes)');
    await master.keyboard.press('Enter');
    await master.getByLabel('Título', { exact: true }).fill('Cadastro de clientes');
    await master.getByLabel('Texto', { exact: true }).fill('Use o botão Cadastrar para incluir um cliente.');
    await master.getByRole('button', { name: 'Salvar artigo' }).click();
    await visible(master.locator('.ant-notification-notice').filter({ hasText: 'Artigo salvo.' }));

    await master.goto(url('administrador/configuracoes/dashboard'));
    await master.getByText('Contas da marca e acesso de suporte').click();
    const row = master.locator('.ant-table-row').filter({ hasText: 'Loja Vizinha' });
    await row.getByRole('button', { name: 'Acessar conta cliente' }).click();
    await visible(master.getByText('Você está na conta Loja Vizinha como suporte da marca. Este acesso foi registrado.'));
    await visible(master.getByText('Vera Vizinha'));
    await master.goto(url('pages/vendas/clientes'));
    await master.getByRole('button', { name: 'Ajuda desta tela' }).click();
    await visible(master.locator('.ajuda-drawer').getByText('Use o botão Cadastrar para incluir um cliente.'));
    await master.keyboard.press('Escape');
    await master.locator('.suporte-banner').getByRole('button', { name: 'Sair da conta do cliente' }).click();
    await master.waitForURL(/#\/administrador\/configuracoes\/contas$/);
    await visible(master.locator('.ant-table-row').filter({ hasText: 'master@demo.com.br' }).filter({ hasText: 'Loja Vizinha' }));
    expect(await master.locator('.suporte-banner').count()).toBe(0);
    expect(errors.flat()).toEqual([]);
  });

  it('the master publishes an NPS survey; a customer answers it once and the master sees the score', async () => {
    const master = await signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await master.goto(url('administrador/configuracoes/nps'));
    await master.getByLabel('Pergunta', { exact: true }).fill('Você recomendaria o Retaguarda a outro comerciante?');
    await master.getByRole('button', { name: 'Criar pesquisa' }).click();
    await visible(master.locator('.ant-notification-notice').filter({ hasText: 'Pesquisa criada.' }));

    const customer = await signIn('vendedor@demo.com.br', /#\/pages\/dashboard$/);
    const modal = customer.locator('.nps-modal');
    await visible(modal.getByText('Você recomendaria o Retaguarda a outro comerciante?'));
    await modal.getByRole('radio', { name: '9' }).click();
    await modal.getByLabel('Comentário (opcional)').fill('Rápido no balcão.');
    await modal.getByRole('button', { name: 'Enviar' }).click();
    await visible(customer.locator('.ant-notification-notice').filter({ hasText: 'Obrigado pela sua resposta!' }));
    await poll(() => modal.count()).toBe(0);
    // At most once per period: a reload does not ask again.
    await customer.reload();
    await visible(sideMenu(customer));
    await poll(() => customer.evaluate(async () => (await (await fetch('/api/Nps/pendente', { headers: { Authorization: localStorage.getItem('token')! } })).json()).pesquisa)).toBeNull();
    expect(await modal.count()).toBe(0);

    await master.reload();
    const row = master.locator('.ant-table-row').filter({ hasText: 'Você recomendaria o Retaguarda a outro comerciante?' });
    await row.locator('input[type=radio]').check();
    await visible(master.getByText('Rápido no balcão.'));
    await poll(() => master.locator('.ant-statistic').filter({ hasText: 'NPS' }).first().locator('.ant-statistic-content').innerText()).toBe('100');
    expect(errors.flat()).toEqual([]);
  });
});
