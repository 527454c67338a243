import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cpfWithDigits } from '../../src/shared/cpf-cnpj.ts';
import { login, type TestServer } from '../support/server.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// One person's session through the cadastros, in order, as a new user would try them.
describe('cadastros no navegador', () => {
  const cpf = cpfWithDigits('529982247');
  const nome = 'Zuleica Teste Ponta a Ponta';

  // A wide screen: these tests read every column of the grids (at 1366 px the least important ones fold into the
  // row's expansion; tests/e2e/layout.test.ts checks that).
  const e2e = e2eSession('cadastros', { viewport: { width: 1920, height: 1080 } });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  const url = e2e.url;
  const toast = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
  const rowOf = (text: string) => rows().filter({ hasText: text });
  // The innermost form item around an input (RJSF nests the whole object in one item too).
  const itemOf = (id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item ")][1]');
  const fieldError = (id: string) => itemOf(id).locator('.ant-form-item-explain-error');

  it('signs in through the login page and lands on the dashboard', async () => {
    await page.goto(url('pages/vendas/clientes'));
    await page.waitForURL(/#\/auth\/login/);
    await page.getByLabel('E-mail').fill('ADMIN@demo.com.br');
    await poll(() => page.getByLabel('E-mail').inputValue()).toBe('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('opens Clientes from the menu and shows formatted rows', async () => {
    await page.goto(url('pages/dashboard'));
    await page.getByRole('menu', { name: 'Menu principal' }).getByText('Vendas', { exact: true }).click();
    await page.getByRole('menu').getByText('Clientes', { exact: true }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);
    await visible(rows().first());
    const firstCpf = await rows().first().locator('td').nth(1).innerText();
    expect(firstCpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await visible(page.locator('.ant-table-tbody').getByText(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/).first());
  });

  it('refuses an invalid CPF with "Documento inválido", then saves once it is fixed', async () => {
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/clientes\/cadastrar$/);
    await page.locator('#root_nome').fill(nome);
    await page.locator('#root_cpfCnpj').fill('12345678900');
    await poll(() => page.locator('#root_cpfCnpj').inputValue()).toBe('123.456.789-00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => fieldError('root_cpfCnpj').innerText()).toBe('Documento inválido');
    expect(page.url()).toMatch(/cadastrar$/);

    await page.locator('#root_cpfCnpj').fill(cpf);
    await poll(() => fieldError('root_cpfCnpj').count()).toBe(0);
    await page.locator('#root_telefone').fill('11987654321');
    await poll(() => page.locator('#root_telefone').inputValue()).toBe('(11) 9 8765-4321');
    await page.locator('#root_limiteCredito').fill('1.234,56');
    await page.locator('#root_dataNascimento').fill('15031990');
    await poll(() => page.locator('#root_dataNascimento').inputValue()).toBe('15/03/1990');
    await page.locator('#root_cep').fill('01310100');
    // The CEP fills the UF; the município is then searched within it.
    await poll(() => itemOf('root_uf').locator('.ant-select-content').innerText()).toBe('São Paulo');
    await page.locator('#root_codigoMunicipio').click();
    await page.locator('#root_codigoMunicipio').fill('sao paulo');
    await page.locator('.ant-select-item-option').filter({ hasText: /^São Paulo$/ }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Cliente salvo com sucesso.'));
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);

    const token = await login(server.app, 'admin@demo.com.br');
    const r = await server.app.inject({ url: `/api/Clientes?filter=${encodeURIComponent(JSON.stringify({ where: { cpfCnpj: cpf } }))}`, headers: { authorization: token } });
    const saved = r.json()[0];
    expect(saved).toMatchObject({ nome, cpfCnpj: cpf, telefone: '11987654321', limiteCredito: '1234.56', dataNascimento: '1990-03-15', cep: '01310100', uf: 'SP', codigoMunicipio: 3550308 });
  });

  it('finds the new cliente with a column filter kept in the URL, and removing the chip brings all back', async () => {
    const token = await login(server.app, 'admin@demo.com.br');
    const total = `1-20 de ${(await server.app.inject({ url: '/api/Clientes/count', headers: { authorization: token } })).json().count}`;
    await poll(() => page.locator('.ant-pagination-total-text').innerText()).toBe(total);
    await page.locator('th', { hasText: 'Nome / Razão social' }).locator('.ant-table-filter-trigger').click();
    await page.getByLabel('Filtrar Nome / Razão social').fill('zuleica');
    await page.locator('.ant-table-filter-dropdown').getByRole('button', { name: 'Filtrar' }).click();
    await poll(() => rows().count()).toBe(1);
    await visible(rowOf(nome));
    await poll(() => page.locator('[data-chip="nome"]').innerText()).toMatch(/Nome \/ Razão social: zuleica/);
    expect(decodeURIComponent(page.url())).toContain('"nome":"zuleica"');

    await page.reload();
    await poll(() => rows().count()).toBe(1);
    await visible(page.locator('[data-chip="nome"]'));

    await page.locator('[data-chip="nome"]').getByLabel('Remover filtro').click();
    await poll(() => page.locator('[data-chip="nome"]').count()).toBe(0);
    await poll(() => page.locator('.ant-pagination-total-text').innerText()).toBe(total);
  });

  it('edits the cliente, asking before leaving a changed form', async () => {
    await page.getByPlaceholder('Pesquisar clientes').fill(cpf.slice(0, 6));
    await page.getByPlaceholder('Pesquisar clientes').press('Enter');
    await poll(() => rows().count()).toBe(1);
    await rowOf(nome).getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/clientes\/editar\/\d+$/);
    await poll(() => page.locator('#root_nome').inputValue()).toBe(nome);
    await poll(() => page.locator('#root_limiteCredito').inputValue()).toBe('1.234,56');
    await page.locator('#root_fantasia').fill('Zu Testes');

    if (!(await page.getByRole('menu').getByText('Produtos', { exact: true }).isVisible())) await page.getByRole('menu', { name: 'Menu principal' }).getByText('Estoque', { exact: true }).click();
    await page.getByRole('menu').getByText('Produtos', { exact: true }).click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: 'Descartar alterações?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(page.url()).toMatch(/clientes\/editar\/\d+$/);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Cliente salvo com sucesso.'));
    // Back on the list as it was left: the same search, its chip, the one row.
    await page.waitForURL((u) => u.hash.startsWith('#/pages/vendas/clientes?') && new URLSearchParams(u.hash.split('?')[1]).get('q') === cpf.slice(0, 6));
    await visible(page.locator('.filtros-ativos').getByText(`Pesquisa: ${cpf.slice(0, 6)}`));
    await poll(() => rows().count()).toBe(1);
    await visible(rowOf(nome));
  });

  it('copies a product and the price follows the margin and the markup as they are typed', async () => {
    const token = await login(server.app, 'admin@demo.com.br');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/Produtos',
      headers: { authorization: token },
      payload: { codigo: 'ARROZ-5', descricao: 'Arroz tipo 1 5 kg', tipoProduto: 0, ncm: '10063021', precoCusto: '10.00', margemLucro: '50', precoVenda: '20.00' },
    });
    expect(created.statusCode).toBe(200);

    await page.goto(url('pages/estoque/produtos'));
    await poll(() => rowOf('Arroz tipo 1 5 kg').innerText()).toContain('R$ 20,00');
    await poll(() => rowOf('Arroz tipo 1 5 kg').innerText()).toContain('10063021');
    await rowOf('Arroz tipo 1 5 kg').getByRole('button', { name: 'Copiar' }).click();
    await page.waitForURL(/produtos\/copiar\/\d+$/);
    await poll(() => page.locator('#root_descricao').inputValue()).toBe('Arroz tipo 1 5 kg');
    await poll(() => page.locator('#root_codigo').inputValue()).toBe('');
    // The product form is in tabs: prices are on 'Preços e estoque'.
    await page.getByRole('tab', { name: 'Preços e estoque' }).click();
    await poll(() => page.locator('#root_precoVenda').inputValue()).toBe('20,00');

    await page.locator('#root_margemLucro').fill('60');
    await poll(() => page.locator('#root_precoVenda').inputValue()).toBe('25,00');
    await page.locator('#root_markup').fill('35,5');
    await poll(() => page.locator('#root_precoVenda').inputValue()).toBe('13,55');
    await page.locator('#root_precoCusto').fill('1.000');
    await poll(() => page.locator('#root_precoVenda').inputValue()).toBe('1.355,00');
    // A price typed by hand gives its margin and markup as it is typed (SPEC 5.8 read backwards, issue 43).
    await page.locator('#root_precoCusto').fill('3,20');
    await page.locator('#root_precoVenda').fill('5,49');
    await poll(() => page.locator('#root_margemLucro').inputValue()).toBe('41,71');
    await poll(() => page.locator('#root_markup').inputValue()).toBe('71,56');
    // A CEST makes the NCM required: an error on a tab that is not open opens that tab and marks it.
    await page.getByRole('tab', { name: 'Fiscal' }).click();
    await page.locator('#root_ncm').fill('');
    await page.locator('#root_cest').fill('0100100');
    await page.getByRole('tab', { name: 'Dados gerais' }).click();
    await page.locator('#root_descricao').fill('Arroz tipo 1 5 kg (cópia)');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.locator('#root_ncm'));
    await poll(() => page.locator('.ant-tabs-tab-active').innerText()).toBe('Fiscal');
    await visible(page.locator('.ant-tabs-tab .aba-com-erro', { hasText: 'Fiscal' }));
    await poll(() => page.locator('.ant-form-item', { has: page.locator('#root_ncm') }).locator('.ant-form-item-explain-error').innerText()).toBe('Campo Obrigatório!');
    await page.locator('#root_ncm').fill('10063021');
    await poll(() => page.locator('.aba-com-erro').count()).toBe(0);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Produto salvo com sucesso.'));
    await page.waitForURL(/#\/pages\/estoque\/produtos$/);
    await poll(() => rowOf('(cópia)').innerText()).toContain('R$ 5,49');
    // Saved with them, not null.
    const salvo = (await server.app.inject({ method: 'GET', url: `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { descricao: 'Arroz tipo 1 5 kg (cópia)' } }))}`, headers: { authorization: token } })).json()[0];
    expect(salvo).toMatchObject({ precoCusto: '3.20', precoVenda: '5.49', margemLucro: '41.71', markup: '71.56' });
    // The original and its copy, among the demo catalogue.
    await poll(() => rowOf('Arroz tipo 1 5 kg').count()).toBe(2);
  });

  it('filters products by category, chosen by name in the column filter, and keeps it on reload', async () => {
    const token = await login(server.app, 'admin@demo.com.br');
    const api = (method: 'GET' | 'POST', path: string, payload?: unknown) => server.app.inject({ method, url: path, headers: { authorization: token }, payload: payload as any });
    const categorias = (await api('GET', `/api/CategoriasProduto?filter=${encodeURIComponent(JSON.stringify({ where: { descricao: { inq: ['Sucos', 'Cervejas'] } } }))}`)).json() as { id: number; descricao: string }[];
    const id = (d: string) => categorias.find((c) => c.descricao === d)!.id;
    expect((await api('POST', '/api/Produtos', { descricao: 'Suco de uva integral 1 L', tipoProduto: 0, categoriaId: id('Sucos') })).statusCode).toBe(200);
    expect((await api('POST', '/api/Produtos', { descricao: 'Cerveja pilsen lata 350 ml', tipoProduto: 0, categoriaId: id('Cervejas') })).statusCode).toBe(200);

    // The page is already on this list (the copy above came back to it): load it anew to see the new products.
    await page.goto(url('pages/estoque/produtos'));
    await page.reload();
    await visible(rowOf('Cerveja pilsen lata 350 ml'));
    await page.locator('th', { hasText: 'Categoria' }).locator('.ant-table-filter-trigger').click();
    await page.getByLabel('Filtrar Categoria').click();
    await page.getByLabel('Filtrar Categoria').fill('suco');
    await page.locator('.ant-select-item-option', { hasText: 'Bebidas - Sucos' }).click();
    await page.locator('.ant-table-filter-dropdown').getByRole('button', { name: 'Filtrar' }).click();
    // Only the juices are left (the demo catalogue has its own), each in that category.
    await visible(rowOf('Suco de uva integral 1 L'));
    await poll(() => rowOf('Cerveja pilsen lata 350 ml').count()).toBe(0);
    const categoriaDasLinhas = () => rows().evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[4]?.textContent?.trim()));
    await poll(async () => [...new Set(await categoriaDasLinhas())]).toEqual(['Bebidas - Sucos']);
    await poll(() => page.locator('[data-chip="categoriaId"]').innerText()).toMatch(/Categoria: Bebidas - Sucos/);

    await page.reload();
    await visible(rowOf('Suco de uva integral 1 L'));
    await poll(async () => [...new Set(await categoriaDasLinhas())]).toEqual(['Bebidas - Sucos']);
    await poll(() => page.locator('[data-chip="categoriaId"]').innerText()).toMatch(/Categoria: Bebidas - Sucos/);
    await page.locator('[data-chip="categoriaId"]').getByLabel('Remover filtro').click();
    await visible(rowOf('Cerveja pilsen lata 350 ml'));
  });

  it('deletes the cliente only after "Confirmar"', async () => {
    await page.goto(url(`pages/vendas/clientes?q=${encodeURIComponent('zuleica')}`));
    await poll(() => rows().count()).toBe(1);
    await rowOf(nome).getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await poll(() => dialog.innerText()).toContain('Excluir cliente?');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await poll(() => rows().count()).toBe(1);

    await rowOf(nome).getByRole('button', { name: 'Excluir' }).click();
    await answerDialog(page.locator('.ant-modal-confirm:visible'), 'Confirmar');
    await visible(toast('Cliente excluído com sucesso.'));
    await visible(page.getByText('Ops, nada encontrado por aqui.'));
  });

  it('a brand configuration hiding a field hides it in the form and the grid', async () => {
    await page.goto(url('pages/estoque/produtos'));
    await poll(() => page.locator('th', { hasText: 'GTIN/EAN' }).count()).toBe(1);
    await server.db.query(`UPDATE brands SET config = config || '{"campos": {"produto": {"ocultar": ["gtin"]}}}'::jsonb WHERE padrao`);
    server.services.brands.invalidate();

    await page.reload();
    await visible(rows().first());
    await poll(() => page.locator('th', { hasText: 'GTIN/EAN' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await visible(page.locator('#root_descricao'));
    await poll(() => page.locator('#root_gtin').count()).toBe(0);
    await page.getByRole('tab', { name: 'Fiscal' }).click();
    await visible(page.locator('#root_ncm'));
  });

  it('the access profile is the generic form: nome and the permission matrix, saved and edited', async () => {
    await page.goto(url('pages/configuracoes/perfil/cadastrar'));
    await visible(page.locator('#root_nome'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => fieldError('root_nome').innerText()).toBe('Campo Obrigatório!');
    await page.locator('#root_nome').fill('Caixa da tarde');
    await page.getByLabel('Clientes: Alterar').check();
    await page.getByRole('switch', { name: 'Exportar XML de NF-e' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Perfil de acesso salvo com sucesso.'));
    await page.waitForURL(/#\/pages\/configuracoes\/perfil$/);
    const token = await login(server.app, 'admin@demo.com.br');
    const saved = (await server.app.inject({ url: `/api/Perfis?filter=${encodeURIComponent(JSON.stringify({ where: { nome: 'Caixa da tarde' } }))}`, headers: { authorization: token } })).json();
    expect(saved).toHaveLength(1);
    expect(saved[0].permissoes).toEqual({ 'app.cliente': 3, 'app.exportarXml': 4 });

    await rowOf('Caixa da tarde').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/perfil\/editar\/\d+$/);
    await poll(() => page.getByLabel('Clientes: Alterar').isChecked()).toBe(true);
    await page.getByLabel('Clientes: Visualizar').check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    // The first save's toast may still be up (4 s): the way back to the list is what says this save is done.
    await page.waitForURL(/#\/pages\/configuracoes\/perfil$/);
    await visible(toast('Perfil de acesso salvo com sucesso.'));
    const edited = (await server.app.inject({ url: `/api/Perfis/${saved[0].id}`, headers: { authorization: token } })).json();
    expect(edited.permissoes).toEqual({ 'app.cliente': 1, 'app.exportarXml': 4 });
  });

  it('a view-only user sees only what he may view, without create, edit or delete', async () => {
    await page.goto(url('auth/logout'));
    await page.waitForURL(/#\/auth\/login/, { timeout: 10_000 });
    await page.getByLabel('E-mail').fill('vendedor@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/dashboard/);
    const menu = page.getByRole('menu');
    await page.getByRole('menu', { name: 'Menu principal' }).getByText('Vendas', { exact: true }).click();
    await visible(menu.getByText('Clientes', { exact: true }));
    await poll(() => menu.getByText('Fornecedores', { exact: true }).count()).toBe(0);
    await menu.getByText('Clientes', { exact: true }).click();
    await visible(rows().first());
    await poll(() => page.getByRole('button', { name: 'Cadastrar' }).count()).toBe(0);
    await poll(() => page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await poll(() => page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
