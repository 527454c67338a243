import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAVORITES_LIMIT } from '../../src/shared/favorites.ts';
import { ReportWorker } from '../../src/server/relatorios/worker.ts';
import { login, type TestServer } from '../support/server.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eProfiles } from './support/session.ts';

// The shell as each kind of user meets it: menus and guards per role, favourites, live alerts, exports.
describe('shell no navegador', () => {
  // No background worker: the test runs the export jobs itself, so 'still processing' is deterministic.
  const dataDir = mkdtempSync(join(tmpdir(), 'retaguarda-shell-'));
  let worker: ReportWorker;
  const e2e = e2eProfiles('shell', { server: { reportWorker: false, dataDir } });
  let server: TestServer, browser: Browser;
  const { errors, pages } = e2e;
  const signIn = e2e.signIn;
  beforeAll(async () => {
    ({ server, browser } = e2e);
    worker = new ReportWorker(server.services, join(dataDir, 'relatorios'));
  });
  const url = e2e.url;

  const sideMenu = (page: Page) => page.getByRole('menu', { name: 'Menu principal' });
  const topLevel = (page: Page) => sideMenu(page).locator(':scope > li').evaluateAll((lis) => lis.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()).filter(Boolean));
  const groupItems = (page: Page, group: string) => sideMenu(page).locator(':scope > li.ant-menu-submenu').filter({ hasText: group }).locator('.ant-menu-sub li').allInnerTexts();
  const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

  it('sends the accountant to the XML export page and shows only the menus SPEC 6 lists', async () => {
    const page = await signIn('contador@demo.com.br', /#\/pages\/nfe\/exportar-xml-nfe$/);
    // Right after landing, a page he may not open ends on his page with its content, never a blank area.
    await page.goto(url('pages/vendas/clientes'));
    await page.waitForURL(/#\/pages\/nfe\/exportar-xml-nfe$/);
    // The export page is real since issue 36 (no placeholder result any more): its heading.
    await visible(page.locator('.ant-layout-content').getByRole('heading', { name: 'Exportar XML de NF-e' }));
    // Contábil: his panel of client shops (issue 37).
    await poll(() => topLevel(page)).toEqual(['Exportações', 'Contábil']);
    await sideMenu(page).getByText('Exportações').click();
    await poll(() => groupItems(page, 'Exportações')).toEqual(['Exportar XML de NF-e', 'Gerar arquivo SPED', 'Gerar arquivo Sintegra']);
    // Settings: fiscal configuration only (with the plan of accounts); user menu: switch branch, switch account (his
    // client shops, issue 37), my account, sign out.
    await page.getByRole('button', { name: 'Configurações' }).click();
    const settings = page.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
    await visible(settings);
    await poll(() => settings.locator(':scope > li').allInnerTexts()).toEqual(['Fiscal']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await poll(() => page.locator('.ant-dropdown:visible .ant-dropdown-menu').last().locator(':scope > li').allInnerTexts()).toEqual(['Trocar de filial', 'Trocar de conta', 'Minha conta', 'Sair']);
    await page.keyboard.press('Escape');
    // No heart: an accountant cannot change favourites.
    expect(await page.getByRole('button', { name: 'Adicionar aos favoritos' }).count()).toBe(0);
    // Typed URLs outside those menus land back on the XML export.
    for (const other of ['pages/dashboard', 'pages/vendas/clientes']) {
      await page.goto(url(other));
      await page.waitForURL(/#\/pages\/nfe\/exportar-xml-nfe$/);
    }
    expect(errors.at(-1)).toEqual([]);
  });

  it('shows the vendedor only Clientes and Produtos; a typed URL to another page is refused, as the API refuses it', async () => {
    const page = await signIn('vendedor@demo.com.br', /#\/pages\/dashboard$/);
    // The menu is read once it holds the groups it lists (not while it is still being built).
    await poll(() => topLevel(page)).toContain('Vendas');
    const groups = await topLevel(page);
    expect(groups).not.toContain('Financeiro');
    expect(groups).not.toContain('Compras');
    expect(groups).toContain('Vendas');
    await sideMenu(page).getByText('Vendas', { exact: true }).click();
    await poll(() => groupItems(page, 'Vendas')).toEqual(['Clientes']);
    await sideMenu(page).getByText('Estoque', { exact: true }).click();
    await visible(sideMenu(page).getByText('Produtos', { exact: true }));
    // Accordion: opening Estoque closed Vendas.
    await poll(() => sideMenu(page).locator(':scope > li.ant-menu-submenu-open').allInnerTexts()).toEqual([expect.stringContaining('Estoque')]);
    // Settings: only the stock group, whose packaging and brand entries ride on app.produto.
    await page.getByRole('button', { name: 'Configurações' }).click();
    const settings = page.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
    await visible(settings);
    await poll(() => settings.locator(':scope > li').allInnerTexts()).toEqual(['Estoques']);
    await page.keyboard.press('Escape');

    await sideMenu(page).getByText('Vendas', { exact: true }).click();
    await sideMenu(page).getByText('Clientes', { exact: true }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);
    await visible(page.locator('.ant-table-tbody tr.ant-table-row'));
    expect(await page.getByRole('button', { name: 'Cadastrar' }).count()).toBe(0);

    await page.goto(url('pages/compras/fornecedores'));
    await visible(page.getByText('Acesso negado'));
    expect(await page.locator('.ant-table').count()).toBe(0);
    await page.goto(url('pages/vendas/clientes/cadastrar'));
    await visible(page.getByText('Acesso negado'));

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const api = await page.evaluate(async (t) => (await fetch('/api/Fornecedores', { headers: { Authorization: t! } })).status, token);
    expect(api).toBe(403);
    const allowed = await page.evaluate(async (t) => (await fetch('/api/Clientes', { headers: { Authorization: t! } })).status, token);
    expect(allowed).toBe(200);
  });

  it('adds favourites up to the limit, shows them as shortcuts, refuses one more with the limit message', async () => {
    const page = await signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    const token = await login(server.app, 'admin@demo.com.br');
    // Eight through the API (they follow the user to this browser), the rest with the heart.
    const preset = ['VENDAS_VENDEDORES', 'COMPRAS_FORNECEDORES', 'COMPRAS_TRANSPORTADORES', 'ESTOQUE_CATEGORIAS', 'CONFIG_ESTOQUE_MARCAS', 'CONFIG_USUARIOS_PERFIL', 'CONFIG_USUARIOS_USUARIOS', 'RELATORIOS_EXPORTACOES'];
    for (const menuKey of preset) expect((await server.app.inject({ method: 'POST', url: '/api/Favoritos', headers: { authorization: token }, payload: { menuKey } })).statusCode).toBe(200);

    const heart = () => page.getByRole('button', { name: /favoritos$/ });
    for (const [path, key] of [['pages/vendas/clientes', 'VENDAS_CLIENTES'], ['pages/dashboard', 'DASHBOARD']] as const) {
      await page.goto(url(path));
      await page.reload();
      await visible(page.locator('[data-favorito="VENDAS_VENDEDORES"]'));
      await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
      await visible(page.getByRole('button', { name: 'Remover dos favoritos' }));
      await visible(page.locator(`[data-favorito="${key}"]`));
    }
    await poll(() => page.locator('[data-favorito]').count()).toBe(FAVORITES_LIMIT);

    await page.goto(url('pages/estoque/produtos'));
    await visible(heart());
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    await visible(toast(page, `Limite de ${FAVORITES_LIMIT} favoritos`));
    expect(await page.locator('[data-favorito]').count()).toBe(FAVORITES_LIMIT);

    // A shortcut opens its page; a default favourite (local storage, per user id) cannot be removed.
    await page.locator('[data-favorito="VENDAS_CLIENTES"]').click();
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id);
    await page.evaluate((id) => localStorage.setItem(`favoritosPadrao:${id}`, JSON.stringify(['VENDAS_CLIENTES'])), userId);
    await page.getByRole('button', { name: 'Remover dos favoritos' }).click();
    await visible(toast(page, "O menu 'Clientes' não pode ser removido dos favoritos"));
    // Small screens hide the shortcut buttons, the heart stays.
    await page.setViewportSize({ width: 600, height: 860 });
    await poll(() => page.locator('[data-favorito]').count()).toBe(0);
    await visible(heart());
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it("shows an alert created through the API in another user's open page without a reload", async () => {
    const page = pages[1]; // the vendedor, still open
    await page.goto(url('pages/dashboard'));
    await page.getByRole('button', { name: 'Notificações' }).click();
    await visible(page.getByText('Sem notificações por enquanto.').last());
    const marker = await page.evaluate(() => ((window as unknown as { __semReload: number }).__semReload = 42));
    const adminToken = await login(server.app, 'admin@demo.com.br');
    const vendedorId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id);
    const r = await server.app.inject({ method: 'POST', url: '/api/Alerta', headers: { authorization: adminToken }, payload: { userId: vendedorId, tipo: 'warning', texto: 'Estoque da loja revisado hoje', link: 'pages/vendas/clientes', permiteExcluir: true } });
    expect(r.statusCode).toBe(200);
    const item = page.locator('.shell-notificacoes').getByText('Estoque da loja revisado hoje');
    await visible(item);
    expect(await page.evaluate(() => (window as unknown as { __semReload?: number }).__semReload)).toBe(marker);
    const today = new Date().toLocaleDateString('pt-BR');
    await visible(page.locator('.shell-notificacoes').getByText(today));
    // Deleting it (permiteExcluir) empties the list again.
    await page.getByRole('button', { name: 'Excluir notificação' }).click();
    await visible(page.locator('.shell-notificacoes').getByText('Sem notificações por enquanto.'));
  });

  it('exports the grid to XLSX and PDF; both reach Finalizado; the rows of both files match the grid; a second export while one runs gets the 406 message; a finished PDF opens in a new tab with the access token', async () => {
    const page = pages[2]; // the administrator
    await page.goto(url('pages/vendas/clientes?q=Ana'));
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // The grid holds the answer to this search (not the unfiltered list still on screen) before it is read.
    const settled = page.locator('.schema-grid[data-busca="Ana"][data-carregando="nao"]');
    await visible(settled);
    await visible(rows);
    await poll(() => page.locator('.ant-pagination-total-text').innerText()).toMatch(/de \d+$/);
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).split(' de ')[1]);
    // The whole filtered list on one page, to compare with the file.
    await page.goto(url('pages/vendas/clientes?q=Ana&size=100'));
    await visible(settled);
    await poll(() => rows.count()).toBe(total);
    // The first data cell (the expand column of the columns a narrow screen folds away comes before it).
    const gridNames = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:not(.ant-table-row-expand-icon-cell):not(.ant-table-selection-column)')!.textContent!.trim()));

    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    await visible(toast(page, 'Gerando Clientes XLSX...'));
    const download = page.waitForEvent('download', { timeout: 20_000 });
    expect(await worker.runOne()).toBe(true);
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    // exceljs types predate Node's generic Buffer.
    await book.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: string[] = [];
    sheet.eachRow((row) => values.push(String(row.getCell(1).value ?? '')));
    const header = values.indexOf('Nome / Razão social');
    expect(header).toBeGreaterThanOrEqual(0);
    expect(values.slice(header + 1)).toEqual(gridNames);

    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    await visible(toast(page, 'Gerando Clientes PDF...'));
    const popup = page.waitForEvent('popup', { timeout: 20_000 });
    expect(await worker.runOne()).toBe(true);
    const pdfPage = await popup;
    expect(pdfPage.url()).toMatch(/^blob:/);
    // The PDF the browser received: its rows are the grid's, in the grid's order.
    const pdfBase64 = await pdfPage.evaluate(async () => {
      const blob = await (await fetch(location.href)).blob();
      return await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1]);
        reader.readAsDataURL(blob);
      });
    });
    await pdfPage.close();
    const pdfFile = join(mkdtempSync(join(tmpdir(), 'e2e-pdf-')), 'clientes.pdf');
    writeFileSync(pdfFile, Buffer.from(pdfBase64, 'base64'));
    const pdfText = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    let at = 0;
    for (const nome of gridNames) {
      // A name too long for its column is cut with '…' in the PDF: its beginning is what must be there.
      const found = pdfText.indexOf(nome.slice(0, 20), at);
      expect(found, `${nome} no PDF, na ordem da grade`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }

    // The same XLSX again: the finished one is offered first; a new export while it still runs is refused.
    for (let i = 0; i < 2; i++) {
      // A button still busy with the previous request ignores clicks, as it should.
      await poll(() => page.locator('.export-buttons .ant-btn-loading').count()).toBe(0);
      await page.getByRole('button', { name: 'Exportar Excel' }).click();
      await visible(page.getByText('Este relatório já foi exportado recentemente. Deseja abri-lo ou fazer uma nova exportação?'));
      await answerDialog(page.locator('.ant-modal-confirm:visible'), 'Nova exportação');
    }
    await visible(toast(page, 'Relatório já está sendo processado.'));

    await page.goto(url('pages/relatorios/exportacoes'));
    const list = page.locator('.relatorios-exportados .ant-table-tbody tr.ant-table-row');
    await poll(() => list.count()).toBe(3);
    await poll(() => page.locator('.relatorios-exportados [data-status="1"]').count()).toBe(2);
    await poll(() => page.locator('.relatorios-exportados [data-status="0"]').innerText()).toBe('Processando');
    await poll(() => page.locator('.relatorios-exportados').getByText('Finalizado').count()).toBe(2);
    await visible(page.locator('.relatorios-exportados').getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/));
    // The job still processing finishes while the page is open: the realtime event refreshes the list.
    expect(await worker.runOne()).toBe(true);
    await poll(() => page.locator('.relatorios-exportados [data-status="1"]').count()).toBe(3);
    await page.screenshot({ path: '/tmp/e2e-shell-exportacoes.png' });
    // A finished PDF opens in a new tab by its address with the session's access token (SPEC 7).
    const tab = page.context().waitForEvent('page', { timeout: 10_000 });
    await page.locator('.relatorios-exportados').getByLabel('Abrir em nova aba').first().click();
    const opened = await tab;
    await poll(() => opened.url()).toMatch(/\/api\/Relatorios\/\d+\/arquivo\?access_token=/);
    const fetched = await page.request.get(opened.url());
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toBe('application/pdf');
    await opened.close();
    expect(errors[2]).toEqual([]);
  });

  it('shows Transferência de estoque once the branch has a second depósito, after the shell refreshes', async () => {
    const page = pages[2]; // the administrator
    // The demo's Matriz has a second depósito (its shop floor): deactivate every depósito but the default, so the
    // branch starts with one active and the menu entry has to appear when the screen adds another.
    const admin = await login(server.app, 'admin@demo.com.br');
    const inject = (method: 'GET' | 'PATCH', u: string, payload?: unknown) => server.app.inject({ method, url: u, payload: payload as any, headers: { authorization: admin } });
    for (const d of (await inject('GET', '/api/Depositos')).json() as { id: number; padrao: boolean; ativo: boolean }[]) {
      if (!d.padrao && d.ativo) expect((await inject('PATCH', `/api/Depositos/${d.id}`, { ativo: false })).statusCode).toBe(200);
    }
    await page.goto(url('pages/dashboard'));
    // A reload reads getUserInfo again (the depósito count the menu uses).
    await page.reload();
    // The favourites test left the side menu collapsed (small screen): open it again.
    if (await page.locator('.ant-layout-sider-collapsed').count()) await page.getByRole('button', { name: 'Alternar menu' }).click();
    // The top-level 'Estoque' group (Relatórios has an 'Estoque' entry too).
    const group = sideMenu(page).locator(':scope > li.ant-menu-submenu').filter({ has: page.locator(':scope > .ant-menu-submenu-title', { hasText: /^Estoque$/ }) });
    const estoque = () => group.locator('.ant-menu-sub li').allInnerTexts();
    await group.locator(':scope > .ant-menu-submenu-title').click();
    await poll(estoque).toContain('Produtos');
    expect(await estoque()).not.toContain('Transferência de estoque');
    // Settings menu > Estoques > Depósitos: the branch's default depósito is listed.
    await page.getByRole('button', { name: 'Configurações' }).click();
    const settings = page.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
    await visible(settings);
    const depositos = page.locator('.ant-dropdown-menu-submenu-popup:visible, .ant-dropdown-menu-sub:visible').getByText('Depósitos', { exact: true });
    await settings.getByText('Estoques', { exact: true }).hover();
    // The submenu opens on hover; a click on the group title opens it too when the pointer came in too fast.
    if (!(await depositos.waitFor({ timeout: 3000 }).then(() => true, () => false))) await settings.getByText('Estoques', { exact: true }).click();
    // The popup opens towards the page (the gear is at the right edge); click the entry where it is.
    await depositos.dispatchEvent('click');
    await page.waitForURL(/#\/pages\/estoque\/depositos$/);
    await visible(page.locator('.ant-table-tbody').getByText('Depósito principal'));
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/depositos\/cadastrar$/);
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Same schema on the form as on the API: the description is required.
    await poll(() => page.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    await page.locator('#root_descricao').fill('Depósito da loja');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast(page, 'Depósito salvo com sucesso.'));
    await page.waitForURL(/#\/pages\/estoque\/depositos$/);
    await visible(page.locator('.ant-table-tbody').getByText('Depósito da loja'));
    // The shell refreshes (a reload reads getUserInfo again): now 2 active depósitos, the transfer entry shows.
    await page.reload();
    await visible(sideMenu(page));
    if (!(await group.locator('.ant-menu-sub').isVisible())) await group.locator(':scope > .ant-menu-submenu-title').click();
    await poll(estoque).toContain('Transferência de estoque');
    const token = await login(server.app, 'admin@demo.com.br');
    const info = (await server.app.inject({ url: '/api/Usuarios/getUserInfo?sistema=novoerp', headers: { authorization: token } })).json();
    expect(info.filialSelecionadaObj.quantidadeDepositos).toBe(2);
    expect(errors[2]).toEqual([]);
  });

  it("the brand's master sends a notification to every user from the administrator area and lists the brand's users", async () => {
    const vendedor = pages[1]; // still open on its dashboard
    await vendedor.goto(url('pages/dashboard'));
    await visible(vendedor.getByRole('button', { name: 'Notificações' }));
    const page = await signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await sideMenu(page).getByText('Notificações', { exact: true }).click();
    await page.waitForURL(/#\/administrador\/configuracoes\/notificacoes$/);
    await page.getByLabel('Texto').fill('Nova versão disponível amanhã');
    await page.getByRole('button', { name: /Enviar/ }).click();
    // Every user row receives it (an accountant's row in another client account too: he reads it there); the
    // brand's user list shows logins only.
    const contar = async (where: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ativo AND ${where} brand_id = (SELECT id FROM brands WHERE padrao)`)).rows[0].n;
    const destinatarios = await contar('');
    const users = await contar('contador_login_user_id IS NULL AND');
    await visible(toast(page, `Notificação enviada para ${destinatarios} usuários.`));
    // It reaches the vendedor's open page without a reload (realtime 'alerta').
    await vendedor.getByRole('button', { name: 'Notificações' }).click();
    await visible(vendedor.locator('.shell-notificacoes').getByText('Nova versão disponível amanhã'));

    await sideMenu(page).getByText('Usuários', { exact: true }).click();
    await page.waitForURL(/#\/administrador\/configuracoes\/usuarios$/);
    const rows = page.locator('.usuarios-marca .ant-table-tbody tr.ant-table-row');
    await poll(() => rows.count()).toBe(users);
    await page.getByLabel('Buscar usuários').fill('vizinha');
    await page.getByLabel('Buscar usuários').press('Enter');
    await poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('admin@vizinha.com.br')]);
    expect(errors[errors.length - 1]).toEqual([]);
  });
});
