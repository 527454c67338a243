import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../src/server/auth/sessions.ts';
import { startSmtp } from '../../src/server/stand-ins/smtp-local.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** Issue 37 item 1/2: the shop invites its accountant, he accepts with one login, switches accounts, the shop revokes. */
describe.each(BACKENDS)('Contábil: contadores on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as any, headers: { host: 'localhost', ...(token ? { authorization: token } : {}) } });
  const linkOf = (text: string) => /https?:\/\/\S+\/#\/auth\/convite-contador\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const count = async (sql: string, params: unknown[] = []) => (await srv.db.query<{ n: number }>(sql, params)).rows[0].n;

  beforeAll(async () => {
    smtp = await startSmtp();
    srv = await startTestServer(backend, { smtpUrl: smtp.url });
    app = srv.app;
  });
  afterAll(async () => {
    await srv?.close();
    await smtp?.close();
  });

  const tag = Math.random().toString(36).slice(2, 7);
  const contadorEmail = `contadora.${tag}@escritorio.com.br`;
  let shopA: { token: string; contaId: number };
  let shopB: { token: string; contaId: number };

  async function novaLoja(nome: string) {
    const email = `dono.${nome.toLowerCase().replace(/\W/g, '')}.${tag}@exemplo.com.br`;
    const r = await req('POST', '/api/Usuarios/cadastro', undefined, { email, nome: `Dono ${nome}`, empresa: nome, telefone: '11987654321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true });
    expect(r.statusCode, r.body).toBe(200);
    return { token: await login(app, email, 'segredo1'), contaId: r.json().contaId as number };
  }

  async function convidar(token: string, over: Record<string, unknown> = {}) {
    smtp.messages.length = 0;
    const r = await req('POST', '/api/contabil/contadores', token, { email: contadorEmail, nome: 'Carla Escritório', crc: 'SP-123456/O-5', cpfCnpj: '11.222.333/0001-81', ...over });
    return r;
  }

  it('bad invitations get a Portuguese message and write nothing', async () => {
    shopA = await novaLoja('Loja Alfa');
    shopB = await novaLoja('Loja Beta');
    const before = await count('SELECT count(*)::int AS n FROM contabil_contadores WHERE tenant_id = $1', [shopA.contaId]);
    const donoA = (await srv.db.query<{ email: string }>('SELECT email FROM users WHERE tenant_id = $1', [shopA.contaId])).rows[0].email;
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'sem-arroba' }, 'Informe um e-mail válido.'],
      [{ crc: '' }, 'Informe o CRC do contador (ex.: SP-123456/O-5).'],
      [{ crc: '12' }, 'CRC inválido: use a UF, o número e a categoria, como SP-123456/O-5.'],
      [{ cpfCnpj: '11.222.333/0001-00' }, 'CPF/CNPJ do escritório contábil inválido.'],
      [{ cpf: '123.456.789-00' }, 'CPF do contador inválido.'],
      [{ email: donoA.toUpperCase() }, 'Este e-mail já é de um usuário desta conta. Convide o contador por um e-mail que não seja de um usuário da conta.'],
    ];
    for (const [over, message] of cases) {
      const r = await convidar(shopA.token, over);
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().error.message).toBe(message);
    }
    expect(await count('SELECT count(*)::int AS n FROM contabil_contadores WHERE tenant_id = $1', [shopA.contaId])).toBe(before);
    expect(smtp.messages).toHaveLength(0);
  });

  it('invitation, acceptance with a new login, single use (410), expired link (410)', async () => {
    const r = await convidar(shopA.token, { cpf: '529.982.247-25' });
    expect(r.statusCode, r.body).toBe(200);
    // The accountant's own CPF kept beside the firm's CNPJ (SPED record 0100).
    expect((await srv.db.query('SELECT cpf_cnpj, cpf_contador FROM contabil_contadores WHERE tenant_id = $1 AND id = $2', [shopA.contaId, r.json().id])).rows[0]).toEqual({ cpf_cnpj: '11222333000181', cpf_contador: '52998224725' });
    await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 10000 });
    expect(smtp.messages[0].to).toContain(contadorEmail);
    const token = linkOf(smtp.messages[0].text)!;
    expect(token).toBeTruthy();
    const info = await req('GET', `/api/contabil/convites/${token}`);
    expect(info.json()).toMatchObject({ email: contadorEmail, conta: 'Loja Alfa', possuiLogin: false });
    const curta = await req('POST', `/api/contabil/convites/${token}/aceitar`, undefined, { nome: 'Carla', senha: '123', confirmar: '123' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().error.message).toBe('Mínimo 6 caracteres!');
    const ok = await req('POST', `/api/contabil/convites/${token}/aceitar`, undefined, { nome: 'Carla Escritório', senha: 'contab1', confirmar: 'contab1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ aceito: true, novoLogin: true, conta: 'Loja Alfa' });
    const logins = await count(`SELECT count(*)::int AS n FROM users WHERE lower(email) = $1 AND contador_login_user_id IS NULL AND is_contador`, [contadorEmail]);
    expect(logins).toBe(1);
    const usersBefore = await count('SELECT count(*)::int AS n FROM users');
    const again = await req('POST', `/api/contabil/convites/${token}/aceitar`, undefined, { nome: 'Outra', senha: 'contab2', confirmar: 'contab2' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe('Este convite já foi utilizado, expirou ou foi cancelado. Peça à loja um novo convite.');
    expect((await req('GET', `/api/contabil/convites/${token}`)).statusCode).toBe(410);
    expect((await req('GET', `/api/contabil/convites/nao-existe`)).statusCode).toBe(404);
    // Shop B's invitation expires before he answers: 410, nothing written; a fresh invitation works.
    expect((await convidar(shopB.token)).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 10000 });
    const velho = linkOf(smtp.messages[0].text)!;
    await srv.db.query(`UPDATE contabil_contadores SET expira_em = now() - interval '1 minute' WHERE token_hash = $1`, [hashToken(velho)]);
    const expirado = await req('POST', `/api/contabil/convites/${velho}/aceitar`, undefined, { senha: 'contab1' });
    expect(expirado.statusCode).toBe(410);
    expect(await count('SELECT count(*)::int AS n FROM users')).toBe(usersBefore);
    // An accountant already active cannot be invited twice.
    const dup = await convidar(shopA.token);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.message).toBe('Este contador já tem acesso a esta conta.');
  });

  it('the second shop reuses the same login; he switches accounts and never sees the other shop', async () => {
    expect((await convidar(shopB.token)).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 10000 });
    const token = linkOf(smtp.messages[0].text)!;
    expect((await req('GET', `/api/contabil/convites/${token}`)).json()).toMatchObject({ possuiLogin: true, conta: 'Loja Beta' });
    const errada = await req('POST', `/api/contabil/convites/${token}/aceitar`, undefined, { senha: 'errada1' });
    expect(errada.statusCode).toBe(400);
    expect(errada.json().error.message).toBe('Senha incorreta. Informe a senha com que você já entra no sistema.');
    const ok = await req('POST', `/api/contabil/convites/${token}/aceitar`, undefined, { senha: 'contab1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().novoLogin).toBe(false);
    // Still one sign-in login; Loja Beta holds a vínculo row that cannot sign in.
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE lower(email) = $1 AND contador_login_user_id IS NULL`, [contadorEmail])).toBe(1);

    // One record per shop that the accountant may read (natureza de operação: a fiscal setting).
    const natureza = async (shop: { token: string }, descricao: string) => {
      const r = await req('POST', '/api/NaturezasOperacao', shop.token, { descricao, tipo: 1, finalidade: 1 });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as number;
    };
    const natA = await natureza(shopA, `Venda Alfa ${tag}`);
    const natB = await natureza(shopB, `Venda Beta ${tag}`);

    const tk = await login(app, contadorEmail, 'contab1');
    const clientes = (await req('GET', '/api/contabil/clientes', tk)).json() as { contaId: number; nome: string; atual: boolean }[];
    expect(clientes.map((c) => c.nome).sort()).toEqual(['Loja Alfa', 'Loja Beta']);
    const painel = (await req('GET', '/api/contabil/painel', tk)).json() as { contaId: number; notasRejeitadas: number }[];
    expect(painel.map((l) => l.contaId).sort()).toEqual([shopA.contaId, shopB.contaId].sort());

    const sw = await req('POST', '/api/contabil/trocarConta', tk, { contaId: shopA.contaId });
    expect(sw.statusCode, sw.body).toBe(200);
    expect((await req('GET', `/api/NaturezasOperacao/${natA}`, tk)).statusCode).toBe(200);
    expect((await req('GET', `/api/NaturezasOperacao/${natB}`, tk)).statusCode).toBe(404);
    const listaA = (await req('GET', '/api/NaturezasOperacao', tk)).json() as { id: number; descricao: string }[];
    expect(listaA.some((n) => n.id === natA)).toBe(true);
    expect(listaA.some((n) => n.descricao === `Venda Beta ${tag}`)).toBe(false);
    expect((await req('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', tk)).json().empresaObj.nome).toBe('Loja Alfa');

    await req('POST', '/api/contabil/trocarConta', tk, { contaId: shopB.contaId });
    expect((await req('GET', `/api/NaturezasOperacao/${natB}`, tk)).statusCode).toBe(200);
    expect((await req('GET', `/api/NaturezasOperacao/${natA}`, tk)).statusCode).toBe(404);
    // An account that never invited him is out of reach; so are the shop's own management routes.
    const demo = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    expect((await req('POST', '/api/contabil/trocarConta', tk, { contaId: demo })).statusCode).toBe(404);
    expect((await req('POST', '/api/contabil/contadores', tk, { email: 'x@y.com.br', crc: 'SP-1234', cpfCnpj: '11222333000181' })).statusCode).toBe(403);

    // The shop sees every access.
    const visto = (await req('GET', '/api/contabil/contadores', shopA.token)).json();
    expect(visto.contadores[0]).toMatchObject({ email: contadorEmail, situacao: 'ativo', crc: 'SP-123456/O-5', cpfCnpj: '11222333000181' });
    expect(visto.acessos.map((a: { evento: string }) => a.evento)).toEqual(expect.arrayContaining(['convite', 'aceite', 'login', 'acesso']));
    // Shop B does not see Shop A's log.
    const vistoB = (await req('GET', '/api/contabil/contadores', shopB.token)).json();
    expect(vistoB.acessos.every((a: { detalhe: string }) => !/Loja Alfa/.test(a.detalhe ?? ''))).toBe(true);
    expect(vistoB.contadores).toHaveLength(1);

    // Revocation by shop A (where his login lives): his session there ends, A is no longer reachable, B still is.
    await req('POST', '/api/contabil/trocarConta', tk, { contaId: shopA.contaId });
    const idA = visto.contadores[0].id;
    const rev = await req('POST', `/api/contabil/contadores/${idA}/revogar`, shopA.token);
    expect(rev.statusCode, rev.body).toBe(200);
    expect((await req('GET', `/api/NaturezasOperacao/${natA}`, tk)).statusCode).toBe(401);
    const tk2 = await login(app, contadorEmail, 'contab1');
    expect((await req('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', tk2)).json().empresaObj.nome).toBe('Loja Beta');
    expect(((await req('GET', '/api/contabil/clientes', tk2)).json() as { nome: string }[]).map((c) => c.nome)).toEqual(['Loja Beta']);
    expect((await req('POST', '/api/contabil/trocarConta', tk2, { contaId: shopA.contaId })).statusCode).toBe(404);
    expect((await req('GET', `/api/NaturezasOperacao/${natA}`, tk2)).statusCode).toBe(404);
    expect((await req('POST', `/api/contabil/contadores/${idA}/revogar`, shopA.token)).json().error.message).toBe('O acesso deste contador já foi revogado.');
    const eventos = (await req('GET', '/api/contabil/contadores', shopA.token)).json().acessos.map((a: { evento: string }) => a.evento);
    expect(eventos).toContain('revogacao');

    // Shop B revokes too: no account left, sign-in is refused with a clear message.
    const idB = vistoB.contadores[0].id;
    expect((await req('POST', `/api/contabil/contadores/${idB}/revogar`, shopB.token)).statusCode).toBe(200);
    expect((await req('GET', '/api/contabil/clientes', tk2)).statusCode).toBe(401);
    const semConta = await req('POST', '/api/Usuarios/login?include=user', undefined, { email: contadorEmail, password: 'contab1' });
    expect(semConta.statusCode).toBe(401);
    expect(semConta.json().error.message).toBe('O acesso deste contador foi revogado por todas as contas que o convidaram.');
  });

  it('fechar mês: postings dated in the closed month are refused naming the period; only the accountant reopens, logged', async () => {
    const admin = await login(app, 'admin@demo.com.br');
    const contador = await login(app, 'contador@demo.com.br');
    const t = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    const matriz = (await srv.db.query<{ id: number }>(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`, [t])).rows[0].id;
    const hoje = new Date();
    const anterior = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 2, 15));
    const mm = String(anterior.getUTCMonth() + 1).padStart(2, '0');
    const aaaa = anterior.getUTCFullYear();
    const periodo = `${mm}/${aaaa}`;
    const dia = `${aaaa}-${mm}-10`;
    const lancamento = () => req('POST', '/api/Lancamentos', admin, { tipo: 1, descricao: 'Conta de luz atrasada', dataEmissao: dia, valorTotal: '120.00', numeroParcelas: 1 });
    const lancamentos = () => count('SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1', [t]);

    // Bad input: no month, the current month (not yet over).
    expect((await req('POST', '/api/contabil/periodos/fechar', contador, { filialId: matriz, competencia: '13/2026' })).json().error.message).toBe('Informe o mês no formato MM/AAAA.');
    const atual = `${String(hoje.getUTCMonth() + 1).padStart(2, '0')}/${hoje.getUTCFullYear()}`;
    expect((await req('POST', '/api/contabil/periodos/fechar', contador, { filialId: matriz, competencia: atual })).json().error.message).toBe('Só é possível fechar um mês já encerrado.');

    const fechado = await req('POST', '/api/contabil/periodos/fechar', contador, { filialId: matriz, competencia: periodo });
    expect(fechado.statusCode, fechado.body).toBe(200);
    const again = await req('POST', '/api/contabil/periodos/fechar', contador, { filialId: matriz, competencia: periodo });
    expect(again.json().error.message).toBe(`O período ${periodo} da filial Matriz já está fechado.`);

    // Finance: the entry dated in the closed month is refused, nothing written.
    const antes = await lancamentos();
    const recusado = await lancamento();
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json().error.message).toBe(`O período ${periodo} está fechado pela contabilidade: lançamentos com data nesse mês não são aceitos. Peça ao contador para reabrir o mês.`);
    expect(await lancamentos()).toBe(antes);
    // Stock: a movement of the branch dated in the month is refused by the database itself; another branch is not locked.
    const produto = (await srv.db.query<{ id: number }>('SELECT id FROM produtos WHERE tenant_id = $1 AND NOT servico ORDER BY id LIMIT 1', [t])).rows[0].id;
    const deposito = (await srv.db.query<{ id: number; filial_id: number }>('SELECT id, filial_id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 LIMIT 1', [t, matriz])).rows[0];
    const mov = (filial: number, dep: number) =>
      srv.db.query(`INSERT INTO movimentos_estoque (tenant_id, produto_id, filial_id, deposito_id, quantidade, tipo, created_at) VALUES ($1, $2, $3, $4, 1, 0, $5::date + time '12:00' AT TIME ZONE 'America/Sao_Paulo')`, [t, produto, filial, dep, dia]);
    await expect(mov(matriz, deposito.id)).rejects.toThrow(`O período ${periodo} está fechado`);
    const outra = (await srv.db.query<{ id: number; filial_id: number }>('SELECT id, filial_id FROM depositos WHERE tenant_id = $1 AND filial_id <> $2 LIMIT 1', [t, matriz])).rows[0];
    expect(outra).toBeTruthy();
    await expect(mov(outra.filial_id, outra.id)).resolves.toBeTruthy();

    // Reopening: the shop cannot; the accountant must give a reason; then the posting goes through.
    const id = fechado.json().id;
    expect((await req('POST', `/api/contabil/periodos/${id}/reabrir`, admin, { motivo: 'x' })).json().error.message).toBe('Somente o contador pode reabrir um mês fechado.');
    expect((await req('POST', `/api/contabil/periodos/${id}/reabrir`, contador, {})).json().error.message).toBe('Informe o motivo da reabertura.');
    expect((await req('POST', `/api/contabil/periodos/${id}/reabrir`, contador, { motivo: 'Nota de energia chegou atrasada' })).statusCode).toBe(200);
    expect((await lancamento()).statusCode).toBe(200);
    const periodos = (await req('GET', '/api/contabil/periodos', admin)).json();
    expect(periodos[0]).toMatchObject({ competencia: periodo, situacao: 'reaberto', reabertoPor: 'Carla Contadora', motivo: 'Nota de energia chegou atrasada' });
    const eventos = (await req('GET', '/api/contabil/contadores', admin)).json().acessos.map((a: { evento: string }) => a.evento);
    expect(eventos).toEqual(expect.arrayContaining(['fechamento', 'reabertura']));
  });

  it('the demo accountant has two client shops', async () => {
    const tk = await login(app, 'contador@demo.com.br');
    const nomes = ((await req('GET', '/api/contabil/clientes', tk)).json() as { nome: string }[]).map((c) => c.nome).sort();
    expect(nomes).toEqual(['Loja Vizinha', 'Mercadinho Demo']);
  });
});
