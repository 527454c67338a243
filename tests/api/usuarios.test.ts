import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../src/server/auth/sessions.ts';
import { cnpjWithDigits } from '../../src/shared/cpf-cnpj.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { startCrmLocal } from '../../src/server/stand-ins/crm-local.ts';
import { startSmtp } from '../../src/server/stand-ins/smtp-local.ts';

describe.each(BACKENDS)('Usuarios on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let crm: Awaited<ReturnType<typeof startCrmLocal>>;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload: payload as any, headers });
  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: token } });

  beforeAll(async () => {
    smtp = await startSmtp();
    crm = await startCrmLocal();
    srv = await startTestServer(backend, { smtpUrl: smtp.url, crmBaseUrl: crm.url });
    app = srv.app;
  });
  afterAll(async () => {
    await srv?.close();
    await smtp?.close();
    await crm?.close();
  });

  const signUp = (over: Record<string, unknown> = {}, host = 'localhost') =>
    post(
      '/api/Usuarios/cadastro',
      { email: `Nova.Loja${Math.random().toString(36).slice(2, 7)}@Exemplo.com.br`, nome: 'Nina Nova', empresa: 'Loja Nova', telefone: '(11) 9 8765-4321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true, ...over },
      { host },
    );

  it('sign-up creates account, branch and admin in trial, and the user can sign in', async () => {
    const indicante = Buffer.from(JSON.stringify({ indicante: 'parceiro-42' })).toString('base64');
    const r = await signUp({ indicante, campo1: 'google', campo3: 'anuncio' });
    expect(r.statusCode, r.body).toBe(200);
    const out = r.json();
    expect(out).toMatchObject({ id: expect.any(Number), userId: expect.any(Number), indicante: 'parceiro-42' });
    const t = (await srv.db.query(`SELECT trial, indicante, cadastro, data_vencimento > current_date AS futuro FROM tenants WHERE id = $1`, [out.contaId])).rows[0];
    expect(t).toMatchObject({ trial: true, indicante: 'parceiro-42', futuro: true });
    expect(t.cadastro).toMatchObject({ campo1: 'google', campo3: 'anuncio' });
    const email = (await srv.db.query(`SELECT email FROM users WHERE tenant_id = $1`, [out.contaId])).rows[0].email;
    expect(email).toBe(email.toLowerCase());
    const token = await login(app, email, 'segredo1');
    const info = (await get('/api/Usuarios/getUserInfo?sistema=novoerp', token)).json();
    expect(info).toMatchObject({ perfilAdmin: true, primeiroAcesso: true, filialSelecionadaObj: { apelido: 'Matriz', nome: 'Loja Nova', trial: true }, empresaObj: { nome: 'Loja Nova' } });
    expect(info.permissoes['app.cliente']).toBe(4);
    // The new account sees none of the demo account's data.
    expect((await get('/api/Clientes/count', token)).json()).toEqual({ count: 0 });
  });

  it('#/cadastrar/{access_token}: a valid session of the brand is recorded as who brought the account; others are ignored', async () => {
    const token = await login(app, 'master@demo.com.br');
    const by = (await srv.db.query(`SELECT tenant_id, id FROM users WHERE email = 'master@demo.com.br'`)).rows[0];
    const cadastroOf = async (contaId: number) => (await srv.db.query(`SELECT cadastro FROM tenants WHERE id = $1`, [contaId])).rows[0].cadastro;
    const withToken = await post(`/api/Usuarios/cadastro?access_token=${encodeURIComponent(token)}`, { email: `via.link${Date.now()}@exemplo.com.br`, nome: 'Via Link', empresa: 'Loja Via Link', telefone: '11987654321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true }, { host: 'localhost' });
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect((await cadastroOf(withToken.json().contaId)).cadastradoPor).toEqual({ tenantId: by.tenant_id, userId: by.id, email: 'master@demo.com.br' });
    const stale = await post('/api/Usuarios/cadastro?access_token=nao-existe', { email: `via.link.b${Date.now()}@exemplo.com.br`, nome: 'Via Link', empresa: 'Loja', telefone: '11987654321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true }, { host: 'localhost' });
    expect(stale.statusCode).toBe(200);
    expect((await cadastroOf(stale.json().contaId)).cadastradoPor).toBeNull();
    // A session of another brand does not attribute a sign-up on this one.
    const donoDois = `dono.dois${Date.now()}@exemplo.com.br`;
    const dois = await post('/api/Usuarios/cadastro', { email: donoDois, nome: 'Dono Dois', empresa: 'Loja Dois', cpfCnpj: '11.222.333/0001-81', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true }, { host: 'marca2.localhost' });
    expect(dois.statusCode, dois.body).toBe(200);
    const foreign = await login(app, donoDois, 'segredo1', 'marca2.localhost');
    const other = await post(`/api/Usuarios/cadastro?access_token=${encodeURIComponent(foreign)}`, { email: `via.link.c${Date.now()}@exemplo.com.br`, nome: 'Via Link', empresa: 'Loja', telefone: '11987654321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true }, { host: 'localhost' });
    expect(other.statusCode, other.body).toBe(200);
    expect((await cadastroOf(other.json().contaId)).cadastradoPor).toBeNull();
  });

  it('sign-up validates as SPEC 5.4 and writes nothing on failure', async () => {
    const before = (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants')).rows[0].n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'O E-mail é obrigatório!'],
      [{ email: 'x'.repeat(45) + '@a.com' }, 'email', 'Máximo 50 caracteres!'],
      [{ senha: '123', confirmaSenha: '123' }, 'senha', 'Mínimo 6 caracteres!'],
      [{ confirmaSenha: 'outra1' }, 'confirmaSenha', 'Os valores não conferem!'],
      [{ nome: '' }, 'nome', 'Informe o nome!'],
      [{ empresa: ' ' }, 'empresa', 'O nome da empresa é obrigatório!'],
      [{ telefone: '' }, 'telefone', 'O telefone é obrigatório!'],
    ];
    for (const [over, campo, mensagem] of cases) {
      const r = await signUp(over);
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().error.details.find((d: any) => d.campo === campo)?.mensagem).toBe(mensagem);
    }
    expect((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants')).rows[0].n).toBe(before);
  });

  it('sign-up takes exactly the SPEC 3 body (no terms flag) and records the acceptance when the screen sends it', async () => {
    const email = `spec3.${Date.now()}@exemplo.com.br`;
    const body = {
      email, emailconfirmar: email, nome: 'Integra Dor', empresa: 'Loja Integrada', telefone: '11987654321', cpfCnpj: '', regime: 1,
      senha: 'segredo1', confirmaSenha: 'segredo1', uf: 'SP', campo1: 'a', campo2: 'b', campo3: 'c', campo4: 'd', indicante: '',
      idWhitelabel: 1, idConfigWhitelabel: 'retaguarda-demo', naoCadastrarCobranca: true,
    };
    const r = await post('/api/Usuarios/cadastro', body, { host: 'localhost' });
    expect(r.statusCode, r.body).toBe(200);
    const semTermos = (await srv.db.query(`SELECT cadastro FROM tenants WHERE id = $1`, [r.json().contaId])).rows[0].cadastro;
    expect(semTermos.termosAceitosEm).toBeNull();
    const t0 = Date.now();
    const viaTela = await signUp({ termosUso: true });
    expect(viaTela.statusCode, viaTela.body).toBe(200);
    const comTermos = (await srv.db.query(`SELECT cadastro FROM tenants WHERE id = $1`, [viaTela.json().contaId])).rows[0].cadastro;
    expect(Date.parse(comTermos.termosAceitosEm)).toBeGreaterThanOrEqual(t0 - 1000);
  });

  it('the second brand shows CPF/CNPJ: required and checked by check digits (documentoInvalido)', async () => {
    const bad = await signUp({ cpfCnpj: '000.000.000-00' }, 'marca2.localhost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ campo: 'cpfCnpj', chave: 'documentoInvalido', mensagem: 'Documento inválido' });
    const missing = await signUp({}, 'marca2.localhost');
    expect(missing.json().error.details[0]).toMatchObject({ campo: 'cpfCnpj', mensagem: 'Campo Obrigatório!' });
    // The telephone is switched off on that brand: not required there.
    const ok = await signUp({ cpfCnpj: cnpjWithDigits('445556660001'), telefone: '' }, 'marca2.localhost');
    expect(ok.statusCode, ok.body).toBe(200);
    const brand = (await srv.db.query(`SELECT b.nome FROM tenants t JOIN brands b ON b.id = t.brand_id WHERE t.id = $1`, [ok.json().contaId])).rows[0];
    expect(brand.nome).toBe('Marca Dois');
  });

  it('a broken referral is accepted but not counted; a duplicate e-mail is a 409 with Já existe', async () => {
    const r = await signUp({ indicante: 'não-é-base64!!' });
    expect(r.statusCode).toBe(200);
    expect(r.json().indicante).toBeNull();
    const dup = await signUp({ email: 'admin@demo.com.br' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toMatch(/^Já existe/);
  });

  it('with a CRM stage id and token, a sign-up creates contact, deal and task; CRM failures are ignored', async () => {
    await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{misc,CRM}', '{"TOKEN":"tok-123","STAGE_ID":77}') WHERE padrao`);
    srv.services.brands.invalidate();
    crm.calls.length = 0;
    const r = await signUp({ email: 'lead@exemplo.com.br', empresa: 'Empresa Lead' });
    expect(r.statusCode).toBe(200);
    await srv.services.background.idle();
    expect(crm.calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual(['GET /Contacts', 'POST /Contacts', 'POST /Deals', 'POST /Tasks']);
    expect(decodeURIComponent(crm.calls[0].url)).toContain("Email eq 'lead@exemplo.com.br'");
    expect(crm.calls[0].url).toContain('$expand=Phones');
    expect(crm.calls.every((c) => c.headers['user-key'] === 'tok-123')).toBe(true);
    expect(crm.calls[1].body).toEqual({ Name: 'Empresa Lead', TypeId: 1, Email: 'lead@exemplo.com.br', Phones: [{ PhoneNumber: '11987654321', CountryId: 76 }] });
    expect(crm.calls[2].body).toMatchObject({ StageId: 77, ContactId: 100, Email: 'lead@exemplo.com.br' });
    expect(crm.calls[3].body).toMatchObject({ DealId: 101, NoTime: true });
    // CRM down: the sign-up still succeeds.
    await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{misc,CRM}', '{"TOKEN":"t","STAGE_ID":1,"URL":"http://127.0.0.1:9"}') WHERE padrao`);
    srv.services.brands.invalidate();
    expect((await signUp()).statusCode).toBe(200);
    await srv.services.background.idle();
    await srv.db.query(`UPDATE brands SET config = config #- '{misc,CRM}' WHERE padrao`);
    srv.services.brands.invalidate();
  });

  it('recovery: e-mail with a single-use link; the new password works; the used link answers 410', async () => {
    const unknown = await post('/api/Usuarios/reset', { sistema: 'novoerp', email: 'ninguem@demo.com.br' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('E-mail não encontrado para recuperação de senha!');
    smtp.messages.length = 0;
    const r = await post('/api/Usuarios/reset', { sistema: 'novoerp', email: 'vendedor@demo.com.br' });
    expect(r.statusCode).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual(['vendedor@demo.com.br']);
    const link = /https?:\/\/\S+\/#\/auth\/resetar-senha\/([A-Za-z0-9_-]+)/.exec(smtp.messages[0].text);
    expect(link, smtp.messages[0].text).not.toBeNull();
    const token = link![1];
    const mismatch = await post(`/api/Usuarios/reset-password?access_token=${token}`, { password: 'nova123', confirmar: 'nova124' });
    expect(mismatch.statusCode).toBe(400);
    const ok = await post(`/api/Usuarios/reset-password?access_token=${token}`, { password: 'nova123', confirmar: 'nova123' });
    expect(ok.statusCode, ok.body).toBe(200);
    await login(app, 'vendedor@demo.com.br', 'nova123');
    const again = await post(`/api/Usuarios/reset-password?access_token=${token}`, { password: 'outra123', confirmar: 'outra123' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toMatch(/já foi utilizado/);
    expect((await post(`/reset-password?access_token=nao-existe`, { password: 'outra123', confirmar: 'outra123' })).statusCode).toBe(404);
  });

  it('an expired link (issued more than 1 hour ago) answers 410 and changes nothing; one issued 59 minutes ago still works', async () => {
    const admin = await login(app, 'admin@demo.com.br');
    const created = await post('/api/Usuarios', { nome: 'Link Expirado', email: 'expira@demo.com.br', senha: 'expira123' }, { authorization: admin });
    expect(created.statusCode, created.body).toBe(200);
    const linkFor = async () => {
      smtp.messages.length = 0;
      expect((await post('/api/Usuarios/reset', { sistema: 'novoerp', email: 'expira@demo.com.br' })).statusCode).toBe(200);
      const token = /https?:\/\/\S+\/#\/auth\/resetar-senha\/([A-Za-z0-9_-]+)/.exec(smtp.messages[0].text)![1];
      const row = (await srv.db.query<{ valid: number }>(`SELECT extract(epoch FROM expires_at - created_at)::int AS valid FROM password_resets WHERE token_hash = $1`, [hashToken(token)])).rows[0];
      expect(row.valid).toBe(3600);
      return token;
    };
    // The clock is moved by moving the link back: issued (and so expiring) this many minutes earlier.
    const age = (token: string, minutes: number) =>
      srv.db.query(`UPDATE password_resets SET created_at = created_at - make_interval(mins => $2), expires_at = expires_at - make_interval(mins => $2) WHERE token_hash = $1`, [hashToken(token), minutes]);

    const old = await linkFor();
    await age(old, 61);
    const gone = await post(`/api/Usuarios/reset-password?access_token=${old}`, { password: 'expirada1', confirmar: 'expirada1' });
    expect(gone.statusCode, gone.body).toBe(410);
    expect(gone.json().error.message).toBe('Este link de recuperação de senha já foi utilizado ou expirou. Solicite a recuperação de senha novamente.');
    await login(app, 'expira@demo.com.br', 'expira123');
    expect((await post('/api/Usuarios/login', { email: 'expira@demo.com.br', password: 'expirada1' }, { 'x-forwarded-for': '10.9.9.1' })).statusCode).toBe(401);

    const recent = await linkFor();
    await age(recent, 59);
    const ok = await post(`/api/Usuarios/reset-password?access_token=${recent}`, { password: 'recente1', confirmar: 'recente1' });
    expect(ok.statusCode, ok.body).toBe(200);
    await login(app, 'expira@demo.com.br', 'recente1');
  });

  it('repeated failures are slowed and then refused with 429', async () => {
    const email = 'master@demo.com.br';
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await post('/api/Usuarios/login', { email, password: 'errada' }, { 'x-forwarded-for': `10.0.0.${i}` })).statusCode);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(codes[8]).toBe(429);
    const blocked = await post('/api/Usuarios/login', { email, password: 'demo1234' }, { 'x-forwarded-for': '10.9.9.9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.');
    // Another e-mail from another address is unaffected.
    expect((await post('/api/Usuarios/login', { email: 'contador@demo.com.br', password: 'demo1234' }, { 'x-forwarded-for': '10.8.8.8' })).statusCode).toBe(200);
  });

  it('changing password, first access, selected branch and switching branch', async () => {
    const token = await login(app, 'admin@demo.com.br');
    const me = (await get('/api/Usuarios/getUserInfo?sistema=novoerp', token)).json();
    expect(me.filialSelecionadaObj.apelido).toBe('Matriz');
    const wrong = await post('/api/Usuarios/alteraSenha', { userId: me.id, senhaAntiga: 'x', senhaNova: 'novasenha' }, { authorization: token });
    expect(wrong.statusCode).toBe(400);
    expect((await post('/api/Usuarios/alteraSenha', { userId: me.id, senhaAntiga: 'demo1234', senhaNova: 'novasenha' }, { authorization: token })).statusCode).toBe(200);
    await login(app, 'admin@demo.com.br', 'novasenha');
    expect((await post('/api/Usuarios/alteraSenha', { userId: me.id, senhaAntiga: 'novasenha', senhaNova: 'demo1234' }, { authorization: token })).statusCode).toBe(200);
    const filiais = (await srv.db.query<{ id: number; apelido: string }>(`SELECT id, apelido FROM branches WHERE tenant_id = (SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br') ORDER BY id`)).rows;
    const centro = filiais.find((f) => f.apelido === 'Filial Centro')!;
    const sw = await post('/api/Usuarios/trocarFilial', { filialId: centro.id }, { authorization: token });
    expect(sw.statusCode, sw.body).toBe(200);
    expect((await get('/api/Usuarios/obterfilialselecionada', token)).json().apelido).toBe('Filial Centro');
    const other = (await srv.db.query<{ id: number }>(`SELECT b.id FROM branches b JOIN tenants t ON t.id = b.tenant_id WHERE t.nome = 'Loja Vizinha'`)).rows[0].id;
    expect((await post('/api/Usuarios/trocarFilial', { filialId: other }, { authorization: token })).statusCode).toBe(404);
    expect((await post('/api/Usuarios/trocarFilial', { filialId: filiais[0].id }, { authorization: token })).statusCode).toBe(200);
  });

  it('lists the branches the user may switch to, and lets a user without app.usuario edit only their own name and avatar', async () => {
    // The recovery test above gave the vendedor the password 'nova123'.
    const v = await login(app, 'vendedor@demo.com.br', 'nova123');
    const filiais = (await get('/api/Usuarios/filiais', v)).json();
    expect(filiais.map((f: any) => f.apelido)).toEqual(['Matriz', 'Filial Centro']);
    expect(filiais.filter((f: any) => f.selecionada)).toHaveLength(1);
    const me = (await get('/api/Usuarios/getUserInfo', v)).json();
    const put = (id: number, payload: unknown) => app.inject({ method: 'PUT', url: `/api/Usuarios/${id}`, payload: payload as any, headers: { authorization: v } });
    const ok = await put(me.id, { nome: 'Vítor V. Vendedor', avatar: 'data:image/png;base64,iVBORw0KGgo=', perfilAdmin: true, email: 'outro@x.com' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ nome: 'Vítor V. Vendedor', avatar: 'data:image/png;base64,iVBORw0KGgo=', perfilAdmin: false, email: 'vendedor@demo.com.br' });
    const admin = (await srv.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].id;
    expect((await put(admin, { nome: 'Intruso' })).statusCode).toBe(403);
    const viz = await login(app, 'admin@vizinha.com.br');
    expect((await get('/api/Usuarios/filiais', viz)).json().map((f: any) => f.apelido)).toEqual(['Matriz']);
  });

  it('user CRUD is scoped to the account and guarded by app.usuario', async () => {
    const token = await login(app, 'admin@demo.com.br');
    const created = await post('/api/Usuarios', { nome: 'Caixa Um', email: 'caixa1@demo.com.br', senha: 'caixa123' }, { authorization: token });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).not.toHaveProperty('senha_hash');
    await login(app, 'caixa1@demo.com.br', 'caixa123');
    const dup = await post('/api/Usuarios', { nome: 'Outro', email: 'caixa1@demo.com.br', senha: 'caixa123' }, { authorization: token });
    expect(dup.statusCode).toBe(409);
    const viz = await login(app, 'admin@vizinha.com.br');
    expect((await get(`/api/Usuarios/${created.json().id}`, viz)).statusCode).toBe(404);
    expect((await get('/api/Usuarios', viz)).json().map((u: any) => u.email)).toEqual(['admin@vizinha.com.br']);
    // The accountant is an outside party: no user management, whatever the client shows.
    const contador = await login(app, 'contador@demo.com.br');
    expect((await get('/api/Usuarios', contador)).statusCode).toBe(403);
  });
});
