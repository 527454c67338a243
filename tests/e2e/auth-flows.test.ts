import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../../src/server/stand-ins/smtp-local.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { answerDialog, launchChromium, poll, trackPageErrors, visible } from './support/browser.ts';
import { ensureWebBuilt } from './support/build-web.ts';
import { signInPage } from './support/session.ts';
import { tinyPng } from '../support/png.ts';

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
    // Built before the server starts: the static files are listed when the server registers them.
    await ensureWebBuilt();
    [server, browser] = await Promise.all([startTestServer('pglite', { listen: true, serveWeb: true, smtpUrl: smtp.url }), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    errors = trackPageErrors(page);
    if (process.env.E2E_DEBUG) page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
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
    await answerDialog(d, 'OK');
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
    await answerDialog(d, 'OK');
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
    // The parent is a page of the same origin here (a cross-site parent, whose frame is refused storage, is the
    // next test's: session.ts falls back to memory there).
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

  it('planos/{user_token} ends any session, signs in after 500 ms and lands on #/planos, where the account chooses a plan', async () => {
    const r = await fetch(`${server.baseUrl}/api/Usuarios/login?include=user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.com.br', password: 'demo1234' }) });
    const token = (await r.json()).id as string;
    await page.goto(url(`auth/planos/${encodeURIComponent(token)}`));
    await page.waitForURL(/#\/planos$/, { timeout: 15_000 });
    await visible(page.getByText('Escolha o seu plano'));
    expect((await stored()).token).toBe(token);
    const essencial = page.getByTestId('plano-essencial');
    await visible(essencial.getByText('R$ 79,90'));
    await visible(page.getByTestId('plano-completo').getByText('R$ 249,90'));
    // Only the demo brand's plans; hidden modules are not listed.
    expect(await page.getByText('Revenda Básico').count()).toBe(0);
    await visible(essencial.getByText('Estoque'));
    expect(await essencial.getByText('Notas fiscais').count()).toBe(0);
    const profissional = page.getByTestId('plano-profissional');
    await profissional.getByRole('button', { name: 'Contratar' }).click();
    const d = dialog('Contratar o plano Profissional?');
    await visible(d);
    await answerDialog(d, 'Confirmar');
    await visible(page.getByText('Plano Profissional contratado com sucesso.'));
    await visible(profissional.getByText('Plano atual'));
    await shot('planos-contratado');
    const t = (await server.db.query(`SELECT p.id_externo, t.plano_situacao FROM tenants t JOIN planos p ON p.id = t.plano_id WHERE t.nome = 'Mercadinho Demo'`)).rows[0];
    expect(t).toEqual({ id_externo: 'profissional', plano_situacao: 'registrado' });
  });

  it('signs in inside a frame on another site whose storage the browser refuses (in-memory fallback)', async () => {
    const port = new URL(server.baseUrl).port;
    // The brand's own site, on another site than the app (localhost framing 127.0.0.1).
    const site = createServer((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      // /sonda, framed from localhost while served by 127.0.0.1, tells whether this browser lets a third-party frame use storage.
      if (req.url === '/sonda') res.end(`<!doctype html><script>try { localStorage.setItem('x', '1'); document.title = 'permitido'; } catch (e) { document.title = e.name; }</script>`);
      else res.end(`<!doctype html><title>Site da marca</title><h1>Site da marca</h1><iframe id="sonda" src="http://127.0.0.1:${(site.address() as AddressInfo).port}/sonda"></iframe><iframe id="app" src="http://127.0.0.1:${port}/#/auth/login" style="width:1200px;height:800px;border:0"></iframe>`);
    });
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    const sitePort = (site.address() as AddressInfo).port;
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const parent = await ctx.newPage();
    const frameErrors = trackPageErrors(parent);
    try {
      await parent.goto(`http://localhost:${sitePort}/`);
      const frame = parent.frameLocator('#app');
      await visible(frame.getByRole('button', { name: 'Entrar' }));
      const app = parent.frames().find((f) => f.url().startsWith(`http://127.0.0.1:${port}`))!;
      // The browser refuses a third-party frame its storage, and the app replaced it by memory.
      const sonda = parent.frames().find((f) => f.url().endsWith('/sonda'))!;
      await poll(() => sonda.title()).toBe('SecurityError');
      const refused = await app.evaluate(() => {
        const desc = Object.getOwnPropertyDescriptor(window, 'localStorage');
        return { replaced: !!desc && typeof desc.get === 'function' && !String(desc.get).includes('[native code]') };
      });
      expect(refused.replaced).toBe(true);
      await frame.locator('#login-email').fill('admin@demo.com.br');
      await frame.locator('#login-senha').fill('demo1234');
      await frame.getByRole('button', { name: 'Entrar' }).click();
      await poll(() => app.url(), 15_000).toMatch(/#\/pages\/dashboard$/);
      const token = await app.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();
      const me = await fetch(`${server.baseUrl}/api/Usuarios/getUserInfo?sistema=novoerp`, { headers: { Authorization: token ?? '' } });
      expect(me.status).toBe(200);
      expect(frameErrors).toEqual([]);
    } finally {
      await ctx.close();
      await new Promise<void>((ok) => site.close(() => ok()));
    }
  });

  it('the master signs in to the admin dashboard, edits the brand title, uploads a logo and sees both on the login screen', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await ctx.newPage();
    const adminErrors = trackPageErrors(admin);
    if (process.env.E2E_DEBUG) admin.on('request', (r) => r.method() !== 'GET' && console.log('REQ', r.method(), r.url(), (r.postData() ?? '').slice(0, 300)));
    try {
      await signInPage(admin, server.baseUrl, 'master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
      await visible(admin.getByText('Dashboard - Retaguarda Demo'));
      const contas = (await server.db.query(`SELECT count(*)::int AS n FROM tenants t JOIN brands b ON b.id = t.brand_id WHERE b.padrao`)).rows[0].n;
      await poll(() => admin.getByTestId('indicador-contas').locator('.ant-statistic-content-value').innerText()).toBe(String(contas));
      await admin.getByRole('button', { name: 'Gerar fatura' }).click();
      await visible(admin.getByTestId('fatura-total'));
      await shot('admin-dashboard');

      await admin.goto(url('administrador/configuracoes/whitelabel'));
      const title = admin.locator('#wl-title');
      await visible(title);
      await title.fill('Mercado Digital');
      await admin.locator('#wl-imagem-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
      await visible(admin.getByText('Imagem enviada com sucesso.'));
      await visible(admin.getByTestId('imagem-logo'));
      // A file that is not an image is refused with the server's message.
      await admin.locator('#wl-imagem-favicon').setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: Buffer.from('não sou imagem') });
      await visible(admin.getByText('Formato de imagem não aceito: envie PNG, JPEG ou SVG.', { exact: false }));
      await answerDialog(admin.locator('.ant-modal:visible'), 'OK');
      await admin.getByRole('button', { name: 'Salvar', exact: true }).click();
      await visible(admin.getByText('Configuração da marca salva com sucesso.'));
      await shot('admin-whitelabel');
    } finally {
      await ctx.close();
    }
    try {
      const saved = (await server.db.query(`SELECT config FROM brands WHERE padrao`)).rows[0].config;
      expect(saved.title).toBe('Mercado Digital');
      expect(saved.imagens.logo).toMatch(/^\/api\/ConfigWhiteLabels\/imagem\/\d+\/logo\?v=/);
      // A visitor's login screen shows the new title and logo (served from the database).
      server.services.brands.invalidate();
      await page.goto(url('auth/logout'));
      await page.waitForURL(/#\/auth\/login$/, { timeout: 15_000 });
      await page.reload();
      const logo = page.locator('.auth-logo img');
      await visible(logo);
      expect(await logo.getAttribute('src')).toBe(saved.imagens.logo);
      expect(await logo.getAttribute('alt')).toBe('Mercado Digital');
      await poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
      await poll(() => page.title()).toBe('Mercado Digital');
      await shot('login-com-logo');
      expect(adminErrors).toEqual([]);
    } finally {
      await server.db.query(`UPDATE brands SET config = (config - 'title') #- '{imagens,logo}' WHERE padrao`);
      server.services.brands.invalidate();
    }
  });

  it('the master manages the brand plans in plano-config (generic grid and form), each brand only its own', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await ctx.newPage();
    const adminErrors = trackPageErrors(admin);
    try {
      await signInPage(admin, server.baseUrl, 'master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
      await admin.goto(url('administrador/configuracoes/plano-config'));
      const rows = admin.locator('.ant-table-tbody');
      await visible(rows.getByText('Essencial'));
      await visible(rows.getByText('R$ 149,90'));
      expect(await rows.getByText('Revenda Básico').count()).toBe(0);
      await admin.getByRole('button', { name: 'Cadastrar' }).click();
      await admin.waitForURL(/plano-config\/cadastrar$/);
      // Saving empty shows the schema's messages and sends nothing that passes.
      await admin.getByRole('button', { name: 'Salvar' }).click();
      await visible(admin.getByText('Campo obrigatório!').first());
      await admin.locator('#root_nome').fill('Mensal Econômico');
      await admin.locator('#root_idExterno').fill('mensal-economico');
      await admin.locator('#root_valor').fill('39,90');
      await admin.getByRole('button', { name: 'Salvar' }).click();
      await visible(admin.getByText('Plano salvo com sucesso.'));
      await admin.waitForURL(/plano-config$/);
      await visible(admin.locator('.ant-table-tbody').getByText('Mensal Econômico'));
      expect(adminErrors).toEqual([]);
    } finally {
      await ctx.close();
    }
    const row = (await server.db.query(`SELECT p.valor::text AS valor, b.padrao FROM planos p JOIN brands b ON b.id = p.config_white_label WHERE p.id_externo = 'mensal-economico'`)).rows[0];
    expect(row).toEqual({ valor: '39.90', padrao: true });
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});

