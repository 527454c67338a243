import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login } from '../support/server.ts';
import { pickOption, poll, visible } from './support/browser.ts';
import { e2eProfiles } from './support/session.ts';

// No SMTP: the invitation e-mails land as .eml files in DATA_DIR/outbox, where the accountant's link is read.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-contabil-'));

/** The invitation link of the newest .eml for this address (quoted-printable soft breaks undone). */
function linkDoConvite(email: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(email)).sort();
  } catch {
    return null;
  }
  if (!files.length) return null;
  const eml = readFileSync(path.join(dir, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '');
  return /https?:\/\/[^\s"<>]+#\/auth\/convite-contador\/[\w-]+/.exec(eml)?.[0] ?? null;
}

// Issue 37 in Chromium: the shop invites its accountant, he accepts through the e-mailed link, a second shop's
// invitation joins the same login, his panel shows both shops and he switches between them.
describe('contabil: o contador e suas lojas clientes, no navegador', () => {
  const e2e = e2eProfiles('contabil', { server: { dataDir } });
  const contador = 'escritorio.e2e@contabil.com.br';

  async function aceitar(page: Page, link: string, novo: boolean) {
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Convite de contador' }));
    if (novo) {
      await page.getByLabel('Nome').fill('Escritório E2E');
      await page.getByLabel('Confirmar Senha').fill('demo1234');
    }
    await page.getByLabel('Senha', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Aceitar convite' }).click();
    await page.waitForURL(/#\/auth\/login$/);
  }

  it('the shop invites, the accountant accepts both shops with one login, sees both and switches', async () => {
    const loja = await e2e.signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    await loja.goto(e2e.url('pages/contabil/contadores'));
    await visible(loja.getByRole('heading', { name: 'Contadores' }));
    // Bad input first: the shop's own user cannot be invited; nothing is sent.
    await loja.getByTestId('convite-email').fill('vendedor@demo.com.br');
    await loja.getByTestId('convite-crc').fill('SP-123456/O-5');
    await loja.getByTestId('convite-cpfcnpj').fill('11.222.333/0001-81');
    await loja.getByTestId('convite-enviar').click();
    await poll(() => loja.getByTestId('convite-erro').innerText()).toContain('Este e-mail já é de um usuário desta conta');
    expect(linkDoConvite('vendedor@demo.com.br')).toBeNull();
    await loja.getByTestId('convite-email').fill(contador);
    await loja.getByTestId('convite-enviar').click();
    const linhaContador = loja.getByTestId('contadores-tabela').locator('tr', { hasText: contador });
    await visible(linhaContador.getByText('Convidado'));

    // The accountant, in his own browser profile, opens the e-mailed link and creates his login.
    await poll(() => linkDoConvite(contador)).toBeTruthy();
    const link = linkDoConvite(contador)!;
    const ctx = await e2e.browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await ctx.newPage();
    e2e.pages.push(page); // screenshot on failure
    await aceitar(page, link, true);
    // The link works once (opened again, in a new tab).
    const outra = await ctx.newPage();
    e2e.pages.push(outra);
    await outra.goto(link);
    await poll(() => outra.getByTestId('convite-falha').innerText()).toContain('Este convite já foi utilizado, expirou ou foi cancelado.');
    await outra.close();

    // Loja Vizinha invites the same e-mail (through its API); he accepts with the password he already has.
    const vizinha = await login(e2e.server.app, 'admin@vizinha.com.br');
    const r = await e2e.server.app.inject({ method: 'POST', url: '/api/contabil/contadores', headers: { authorization: vizinha, host: new URL(e2e.server.baseUrl).host }, payload: { email: contador, crc: 'SP-123456/O-5', cpfCnpj: '11222333000181' } });
    expect(r.statusCode, r.body).toBe(200);
    await poll(() => linkDoConvite(contador) !== link && linkDoConvite(contador)).toBeTruthy();
    await aceitar(page, linkDoConvite(contador)!, false);

    // He signs in, lands on the XML export, and his panel lists both client shops.
    await page.getByLabel('E-mail').fill(contador);
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/nfe\/exportar-xml-nfe$/);
    await page.goto(e2e.url('pages/contabil/contadores'));
    const painel = page.getByTestId('painel-contador');
    await visible(painel.getByText('Mercadinho Demo'));
    await visible(painel.getByText('Loja Vizinha'));
    const linhaVizinha = painel.locator('tr', { hasText: 'Loja Vizinha' });
    const linhaDemo = painel.locator('tr', { hasText: 'Mercadinho Demo' });
    await visible(linhaDemo.getByText('atual'));

    // Switching to Loja Vizinha: the page reloads on the export screen, now inside that shop.
    await linhaVizinha.getByRole('button', { name: 'Entrar nesta loja' }).click();
    await page.waitForURL(/#\/pages\/nfe\/exportar-xml-nfe$/);
    await visible(page.getByRole('heading', { name: 'Exportar XML de NF-e' }));
    await page.goto(e2e.url('pages/contabil/contadores'));
    await visible(page.getByTestId('painel-contador').locator('tr', { hasText: 'Loja Vizinha' }).getByText('atual'));

    // The shop sees his access and revokes it: Mercadinho Demo leaves his panel.
    await loja.reload();
    await visible(linhaContador.getByText('Com acesso'));
    await visible(loja.getByTestId('acessos-tabela').locator('tr', { hasText: 'Escritório E2E' }).getByText('Aceite do convite'));
    await loja.getByTestId(`revogar-${contador}`).click();
    await loja.getByRole('button', { name: 'Revogar', exact: true }).click();
    await visible(linhaContador.getByText('Revogado'));
    await page.reload();
    await visible(page.getByTestId('painel-contador').getByText('Loja Vizinha'));
    await poll(() => page.getByTestId('painel-contador').getByText('Mercadinho Demo').count()).toBe(0);
    await ctx.close();
  });
  it('the demo accountant closes last month: checklist, files, the lock refusing a late posting, reopening', async () => {
    const hoje = new Date();
    const alvo = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 1, 15));
    const periodo = `${String(alvo.getUTCMonth() + 1).padStart(2, '0')}/${alvo.getUTCFullYear()}`;
    const dia = `${alvo.getUTCFullYear()}-${String(alvo.getUTCMonth() + 1).padStart(2, '0')}-12`;
    const page = await e2e.signIn('contador@demo.com.br', /#\/pages\/nfe\/exportar-xml-nfe$/);
    await page.goto(e2e.url('pages/contabil/contadores'));
    await visible(page.getByTestId('painel-contador').getByText('Mercadinho Demo'));
    await visible(page.getByText('Escolha a filial e o mês para conferir o checklist do fechamento.'));
    const mes = page.getByPlaceholder('Selecionar mês');
    await mes.click();
    await mes.fill(periodo);
    await mes.press('Enter');
    // The checklist of the month: the database's items and exportações' XML and SPED.
    const checklist = page.getByTestId('fechamento-checklist');
    await visible(checklist.getByText(`Checklist de ${periodo}`));
    await poll(() => checklist.getByTestId('checklist-notas').getAttribute('data-ok')).toBe('sim');
    await visible(checklist.getByTestId('checklist-sped'));
    await poll(() => page.getByTestId('fechamento-fechar').isEnabled()).toBe(true);
    await page.getByTestId('fechamento-fechar').click();
    const linha = page.getByTestId('fechamento-tabela').locator('tr', { hasText: periodo });
    await visible(linha.getByText('Fechado'));
    // The files of the closing, under the row.
    await linha.getByText(periodo).click();
    await visible(page.getByTestId('fechamento-arquivo-xml'));
    await visible(page.getByTestId('fechamento-arquivo-sped'));

    // The lock: a late bill dated in the closed month is refused by the shop's API with the period named.
    const admin = await login(e2e.server.app, 'admin@demo.com.br');
    const lancar = () =>
      e2e.server.app.inject({ method: 'POST', url: '/api/Lancamentos', headers: { authorization: admin }, payload: { tipo: 1, descricao: 'Conta de água atrasada', dataEmissao: dia, valorTotal: '89.90', numeroParcelas: 1 } });
    const recusado = await lancar();
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json().error.message).toBe(`O período ${periodo} está fechado pela contabilidade: lançamentos com data nesse mês não são aceitos. Peça ao contador para reabrir o mês.`);

    // Reopening, with the reason: then the bill goes in.
    await linha.getByRole('button', { name: 'Reabrir' }).click();
    await page.getByTestId('reabrir-motivo').fill('Conta de água chegou depois do fechamento');
    await page.getByRole('button', { name: 'Reabrir', exact: true }).last().click();
    await visible(linha.getByText('Reaberto', { exact: true }));
    await visible(linha.getByText(/Conta de água chegou depois do fechamento/));
    expect((await lancar()).statusCode).toBe(200);

    // The journal of the month (the demo's chart is mapped): totals, then the CSV downloaded.
    const diarioMes = page.getByPlaceholder('Mês dos lançamentos');
    await diarioMes.click();
    await diarioMes.fill(periodo);
    await diarioMes.press('Enter');
    await poll(() => page.getByTestId('diario-resumo').innerText()).toMatch(new RegExp(`lançamento\\(s\\) em ${periodo.replace('/', '\\/')}: débitos R\\$ [\\d.,]+, créditos R\\$ [\\d.,]+\\.`));
    const resumo = await page.getByTestId('diario-resumo').innerText();
    const [, deb, cred] = /débitos (R\$ [\d.]*\d,\d{2}), créditos (R\$ [\d.]*\d,\d{2})/.exec(resumo)!;
    expect(deb).toBe(cred);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diario-exportar').click()]);
    expect(download.suggestedFilename()).toBe(`lancamentos-contabeis-${periodo.replace('/', '-')}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    expect(csv.split('\r\n')[0]).toBe('Data;Conta débito;Conta crédito;Valor;Histórico;Documento');
    // The demo's payment methods are on the mapping screen, with their accounts (cash to Caixa geral).
    await visible(page.getByTestId('mapa-formas').locator('tr', { hasText: 'Dinheiro (PDV)' }).getByText('1.1.1.01 - Caixa geral'));
    // The same month in Domínio's layout: the layout chosen, the company code typed, the TXT downloaded.
    await pickOption(page.getByTestId('diario-leiaute'), 'Dom', 'Domínio Contabilidade (TXT posicional)');
    await page.locator('[data-testid="diario-codigoEmpresa"]').locator('xpath=descendant-or-self::input').first().fill('4521');
    const [txt] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diario-exportar').click()]);
    expect(txt.suggestedFilename()).toBe(`lancamentos-contabeis-${periodo.replace('/', '-')}.txt`);
    const linhas = readFileSync((await txt.path())!, 'latin1').split('\r\n');
    expect(linhas[0].slice(0, 9)).toBe('010004521');
    expect(linhas.at(-2)).toBe('9'.repeat(100));
    // A customer given an account of his own (analytic) from the accountant's screen: listed with it.
    await page.getByTestId('pessoa-busca').click();
    const primeira = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await primeira.waitFor({ state: 'visible' });
    const nome = (await primeira.innerText()).trim();
    await primeira.click();
    await pickOption(page.getByTestId('pessoa-conta'), '1.1.2.01', '1.1.2.01 - Clientes');
    await page.getByTestId('pessoa-incluir').click();
    await visible(page.getByTestId('mapa-pessoas').locator('tr', { hasText: nome }).getByText('1.1.2.01 - Clientes'));

    // The account switcher of the user menu (header): into Loja Vizinha, staying on the same screen.
    await page.getByRole('button', { name: /Carla Contadora/ }).click();
    await page.getByRole('menuitem', { name: 'Trocar de conta' }).click();
    const lista = page.getByTestId('trocar-conta-lista');
    await visible(lista.getByText('Mercadinho Demo (atual)'));
    await lista.getByText('Loja Vizinha').click();
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await visible(page.getByTestId('painel-contador').locator('tr', { hasText: 'Loja Vizinha' }).getByText('atual'));
    expect(page.url()).toMatch(/#\/pages\/contabil\/contadores$/);
  });
});
