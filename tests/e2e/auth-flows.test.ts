import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../support/smtp.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { launchChromium, poll, trackPageErrors, visible } from './support/browser.ts';
import { ensureWebBuilt } from './support/build-web.ts';

// A new person on the demo brand: signs up, signs out, mistypes the password, recovers it by e-mail;
// then the brand switches (sign-up off, a second brand with CPF/CNPJ, a broken referral link).
describe('entrada, cadastro e recuperação no navegador', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const email = 'nova.cliente@padaria-e2e.com.br';
  const senha = 'primeira1';
  const novaSenha = 'segunda22';
  let resetLink = '';

  beforeAll(async () => {
    smtp = await startSmtp();
    const [s] = await Promise.all([startTestServer('pglite', { listen: true, serveWeb: true, smtpUrl: smtp.url }), ensureWebBuilt()]);
    server = s;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    errors = trackPageErrors(page);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `/tmp/e2e-auth-falha-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`, fullPage: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const url = (hash: string, base = server.baseUrl) => `${base}/#/${hash}`;
  const shot = async (name: string) => {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/e2e-auth-${name}.png`, fullPage: true });
  };
  /** antd renders a confirm dialog's title twice (one for assistive technology): the visible one. */
  const dialog = (title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-confirm-title', { hasText: title }) });
  const stored = () =>
    page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      token: localStorage.getItem('token') ?? sessionStorage.getItem('token'),
    }));
  const setBrand = async (host: string, path: string, value: string) => {
    await server.db.query(`UPDATE brands SET config = jsonb_set(config, $1::text[], $2::jsonb) WHERE $3 = ANY(dominios)`, [`{${path}}`, value, host]);
    server.services.brands.invalidate();
  };

  it('signs up on the demo brand and lands on the dashboard, signed in', async () => {
    await page.goto(url('auth/login'));
    await page.getByRole('button', { name: 'Cadastre-se' }).click();
    await page.waitForURL(/#\/auth\/cadastrar$/);
    await visible(page.getByText('Cadastre-se e teste nosso sistema'));
    await visible(page.getByText('GRATUITAMENTE', { exact: true }));
    // The demo brand hides CPF/CNPJ and shows the rest; Simples Nacional comes chosen.
    expect(await page.locator('#cadastro-cpfCnpj').count()).toBe(0);
    await visible(page.locator('.ant-select').getByText('Simples Nacional', { exact: true }));
    await page.locator('#cadastro-nome').fill('Nova Cliente');
    await page.locator('#cadastro-empresa').fill('Padaria Ponta a Ponta');
    await page.locator('#cadastro-telefone').pressSequentially('11987654321');
    await poll(() => page.locator('#cadastro-telefone').inputValue()).toBe('(11) 9 8765-4321');
    await page.locator('#cadastro-email').pressSequentially('Nova.Cliente@Padaria-E2E.com.br');
    await poll(() => page.locator('#cadastro-email').inputValue()).toBe(email);
    await page.locator('#cadastro-senha').fill(senha);
    await page.locator('#cadastro-confirmaSenha').fill(senha);
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    expect(await confirmar.isDisabled()).toBe(true);
    await page.locator('#cadastro-termos').check();
    await shot('cadastro-preenchido');
    await confirmar.click();
    await page.waitForURL(/#\/pages\/dashboard$/, { timeout: 15_000 });
    const s = await stored();
    expect(s.token).toBeTruthy();
    const me = await fetch(`${server.baseUrl}/api/Usuarios/getUserInfo?sistema=novoerp`, { headers: { Authorization: s.token! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ nome: 'Nova Cliente' });
    await shot('dashboard');
  });

  it('signs out and leaves no token, user info or cache: key behind', async () => {
    const { token } = await stored();
    await page.evaluate(() => {
      localStorage.setItem('cache:Clientes', '[]');
      sessionStorage.setItem('cache:getUserInfo', '{}');
    });
    await page.goto(url('logout'));
    await page.waitForURL(/#\/auth\/logout$/);
    await page.waitForURL(/#\/auth\/login$/, { timeout: 5000 });
    const s = await stored();
    expect(s.token).toBeNull();
    expect([...s.local, ...s.session].filter((k) => k === 'token' || k === 'user' || k.includes('cache:'))).toEqual([]);
    // The session ended on the server too.
    const me = await fetch(`${server.baseUrl}/api/Usuarios/getUserInfo?sistema=novoerp`, { headers: { Authorization: token! } });
    expect(me.status).toBe(401);
  });

  it('a wrong password shows "Falha ao entrar no sistema" with the server message', async () => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('errada123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const d = dialog('Falha ao entrar no sistema');
    await visible(d);
    await visible(d.getByText('Dados inválidos, verifique e-mail/senha e tente novamente.'));
    await shot('senha-errada');
    await d.getByRole('button', { name: 'OK' }).click();
    expect(page.url()).toMatch(/#\/auth\/login$/);
  });

  it('recovers the password through the e-mail link, signs in with the new one, and the link works once', async () => {
    await page.getByRole('button', { name: 'ESQUECI MINHA SENHA' }).click();
    await page.waitForURL(/#\/auth\/recuperar-senha$/);
    await visible(page.getByText('Esqueceu sua senha?'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Recuperar Senha' }).click();
    await visible(page.locator('.ant-notification-notice').filter({ hasText: 'Instruções para recuperar a senha foram enviadas para o e-mail' }));
    await page.waitForURL(/#\/auth\/login$/);
    await poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(1);
    const mail = smtp.messages.find((m) => m.to.includes(email))!;
    resetLink = /https?:\/\/[^\s"<>]+#\/auth\/resetar-senha\/[\w-]+/.exec(mail.text)?.[0] ?? '';
    expect(resetLink.startsWith(server.baseUrl)).toBe(true);

    await page.goto(resetLink);
    await visible(page.getByText('Recupere sua senha'));
    await page.getByLabel('Nova Senha').fill(novaSenha);
    await page.getByLabel('Confirmar Senha').fill(novaSenha);
    await shot('resetar');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await visible(page.locator('.ant-notification-notice').filter({ hasText: 'Sua senha foi alterada com sucesso' }));
    await page.waitForURL(/#\/auth\/login$/);

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(novaSenha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/dashboard$/);

    await page.goto(url('logout'));
    await page.waitForURL(/#\/auth\/login$/, { timeout: 5000 });
    await page.goto(resetLink);
    await visible(page.getByText('Recupere sua senha'));
    await page.getByLabel('Nova Senha').fill('terceira3');
    await page.getByLabel('Confirmar Senha').fill('terceira3');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const d = dialog('Atenção!');
    await visible(d);
    await visible(d.getByText('Este link de recuperação de senha já foi utilizado. Solicite a recuperação de senha novamente.'));
    await shot('link-usado');
    await d.getByRole('button', { name: 'OK' }).click();
  });

  it('a brand with sign-up disabled shows no Cadastre-se; its own script runs once', async () => {
    await setBrand('localhost', 'cadastroHabilitado', 'false');
    await setBrand('localhost', 'misc,scriptIncorporar', JSON.stringify('<script>window.__marcaScript = (window.__marcaScript || 0) + 1;</script>'));
    try {
      await page.goto(url('auth/login'));
      await page.reload();
      await visible(page.getByRole('button', { name: 'Entrar' }));
      await poll(() => page.getByRole('button', { name: 'Cadastre-se' }).count()).toBe(0);
      await poll(() => page.evaluate(() => (window as unknown as { __marcaScript?: number }).__marcaScript)).toBe(1);
      await page.goto(url('auth/cadastrar'));
      await page.waitForURL(/#\/auth\/login$/);
      expect(await page.evaluate(() => (window as unknown as { __marcaScript?: number }).__marcaScript)).toBe(1);
    } finally {
      await setBrand('localhost', 'cadastroHabilitado', 'true');
    }
  });

  it('the second brand (marca2.localhost) has its title and theme, shows CPF/CNPJ and refuses an invalid one', async () => {
    const port = new URL(server.baseUrl).port;
    await page.goto(url('auth/cadastrar', `http://marca2.localhost:${port}`));
    await visible(page.getByText('30 DIAS GRÁTIS'));
    expect(await page.title()).toBe('Marca Dois Gestão');
    await visible(page.getByText('Cadastro exclusivo para revendas parceiras.'));
    expect(await page.locator('#cadastro-telefone').count()).toBe(0);
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    await page.locator('#cadastro-nome').fill('Bruno');
    await page.locator('#cadastro-empresa').fill('Mercado do Bruno');
    await page.locator('#cadastro-cpfCnpj').pressSequentially('11222333000182');
    await poll(() => page.locator('#cadastro-cpfCnpj').inputValue()).toBe('11.222.333/0001-82');
    await page.locator('#cadastro-email').fill('bruno@mercado-e2e.com.br');
    await page.locator('#cadastro-senha').fill('segredo1');
    await page.locator('#cadastro-confirmaSenha').fill('segredo1');
    await page.locator('#cadastro-termos').check();
    // The theme colour (verde) is antd's primary (polled: the button fades in as it is enabled).
    await poll(() => confirmar.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(76, 175, 80)');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await confirmar.click();
    await poll(() => page.getByTestId('aviso-cadastro').innerText()).toBe('Documento inválido');
    expect(await page.getByRole('alert').filter({ hasText: /obrigat|inválid|conferem/ }).count()).toBe(1);
    await shot('marca2-documento-invalido');
    expect(requests.filter((u) => u.includes('Usuarios/cadastro'))).toEqual([]);
    expect(page.url()).toMatch(/#\/auth\/cadastrar$/);
  });

  it('a broken referral link warns that the origin cannot be determined', async () => {
    await page.goto(url('cadastrar?indicante=bm9uLWpzb24'));
    const aviso = page.getByTestId('aviso-indicante');
    await visible(aviso);
    await visible(aviso.getByText('O link utilizado é inválido!'));
    await visible(aviso.getByText('Não foi possível determinar a sua origem.'));
    await shot('indicante-invalido');
    const good = Buffer.from(JSON.stringify({ indicante: 'parceiro-7' })).toString('base64');
    await page.goto(url(`cadastrar?indicante=${encodeURIComponent(good)}`));
    await visible(page.getByText('Cadastre-se e teste nosso sistema'));
    expect(await page.getByTestId('aviso-indicante').count()).toBe(0);
  });

  it('#/cadastrar framed in another page opens the dashboard in the parent window, signed in', async () => {
    // The parent is a page of the same origin: this Chromium denies storage to third-party frames, so a
    // cross-site frame could not start the app at all (reported; session storage belongs to the app frame).
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const site = await ctx.newPage();
    const siteErrors = trackPageErrors(site);
    try {
      await site.goto(url('auth/login'));
      await visible(site.getByRole('button', { name: 'Entrar' }));
      await site.evaluate((src) => {
        const f = document.createElement('iframe');
        f.id = 'cadastro';
        f.src = src;
        f.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;background:#fff;z-index:9999';
        document.body.appendChild(f);
      }, url('cadastrar-erp?campo1=site'));
      const frame = site.frameLocator('#cadastro');
      await visible(frame.getByText('Cadastre-se e teste nosso sistema'));
      await frame.locator('#cadastro-nome').fill('Dona do Site');
      await frame.locator('#cadastro-empresa').fill('Loja do Site');
      await frame.locator('#cadastro-telefone').fill('1133334444');
      await frame.locator('#cadastro-email').fill('dona@site-da-marca.com.br');
      await frame.locator('#cadastro-senha').fill('segredo1');
      await frame.locator('#cadastro-confirmaSenha').fill('segredo1');
      await frame.locator('#cadastro-termos').check();
      await frame.getByRole('button', { name: 'Confirmar' }).click();
      await site.waitForURL(/#\/pages\/dashboard$/, { timeout: 15_000 });
      // The whole window moved (the frame is gone) and the token came along.
      expect(await site.locator('#cadastro').count()).toBe(0);
      const token = await site.evaluate(() => localStorage.getItem('token'));
      const me = await fetch(`${server.baseUrl}/api/Usuarios/getUserInfo?sistema=novoerp`, { headers: { Authorization: token ?? '' } });
      expect(await me.json()).toMatchObject({ nome: 'Dona do Site' });
      expect(siteErrors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
