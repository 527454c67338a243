import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import { FAVORITES_LIMIT } from '../../src/shared/favorites.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const nextEvent = <T>(socket: Socket, event: string, ms = 10000) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`sem evento ${event}`)), ms);
    socket.once(event, (p: T) => (clearTimeout(t), resolve(p)));
  });

describe.each(BACKENDS)('alerts, realtime and favourites on %s', (backend) => {
  let srv: TestServer;
  const sockets: Socket[] = [];
  const call = (method: string, url: string, token: string, payload?: unknown) =>
    fetch(`${srv.baseUrl}${url}`, { method, headers: { authorization: token, ...(payload ? { 'content-type': 'application/json' } : {}) }, body: payload ? JSON.stringify(payload) : undefined });
  const open = async (base: string, token: string) => {
    const s = connect(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => (s.once('connect', () => resolve()), s.once('connect_error', reject)));
    return s;
  };

  beforeAll(async () => {
    srv = await startTestServer(backend, { listen: true });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await srv?.close();
  });

  it('a socket without a valid session is refused', async () => {
    const s = connect(srv.baseUrl, { path: '/socket.io', auth: { token: 'falso' }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    const err = await new Promise<Error>((r) => s.once('connect_error', r));
    expect(err.message).toBe('Autenticação necessária.');
  });

  it("an alert created through the API reaches the other user's open socket; list, read and delete", async () => {
    const admin = await login(srv.app, 'admin@demo.com.br');
    const vendedor = await login(srv.app, 'vendedor@demo.com.br');
    const vendedorId = (await (await call('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', vendedor)).json()).id;
    const socket = await open(srv.baseUrl, vendedor);
    const neighbour = await open(srv.baseUrl, await login(srv.app, 'admin@vizinha.com.br'));
    let leaked = false;
    neighbour.on('alerta', () => (leaked = true));
    const arrived = nextEvent<any>(socket, 'alerta');
    const r = await call('POST', '/api/Alerta', admin, { userId: vendedorId, tipo: 'warning', texto: 'Estoque baixo de arroz', link: '#/pages/estoque/produtos', permiteExcluir: true });
    expect(r.status).toBe(200);
    const alerta = await arrived;
    expect(alerta).toMatchObject({ id: expect.any(Number), tipo: 'warning', texto: 'Estoque baixo de arroz', permiteExcluir: true });
    const list = await (await call('GET', '/api/Alerta/pesquisar-alertas', vendedor)).json();
    expect(list[0]).toMatchObject({ id: alerta.id, texto: 'Estoque baixo de arroz' });
    expect((await (await call('GET', '/api/Alerta/pesquisar-alertas', admin)).json()).some((a: any) => a.id === alerta.id)).toBe(false);
    expect((await (await call('PUT', `/api/Alerta/${alerta.id}`, vendedor, { lido: true })).json()).lido).toBe(true);
    expect((await call('DELETE', `/api/Alerta/${alerta.id}`, admin)).status).toBe(404);
    expect((await call('DELETE', `/api/Alerta/${alerta.id}`, vendedor)).status).toBe(200);
    expect((await (await call('GET', '/api/Alerta/obter', vendedor)).json()).alertas.some((a: any) => a.id === alerta.id)).toBe(false);
    expect((await call('POST', '/api/Alerta', vendedor, { tipo: 'info', texto: 'x' })).status).toBe(403);
    const bad = await call('POST', '/api/Alerta', admin, { tipo: 'erro', texto: '' });
    expect(bad.status).toBe(400);
    expect(leaked).toBe(false);
  });

  it('favourites: server-side per user, limit, unknown page, accountant refused', async () => {
    const token = await login(srv.app, 'admin@demo.com.br');
    const noMenu = await call('POST', '/api/Favoritos', token, { link: '#/pages/nao-existe' });
    expect(noMenu.status).toBe(400);
    expect((await noMenu.json()).error.message).toBe('Não é possível favoritar esta página');
    const added = await (await call('POST', '/api/Favoritos', token, { link: '#/pages/vendas/clientes?filtro=x' })).json();
    expect(added).toEqual([expect.objectContaining({ menuKey: 'VENDAS_CLIENTES', link: 'pages/vendas/clientes' })]);
    // The same user in another browser (another session) sees it.
    const other = await login(srv.app, 'admin@demo.com.br');
    expect((await (await call('GET', '/api/Favoritos', other)).json()).map((f: any) => f.menuKey)).toEqual(['VENDAS_CLIENTES']);
    const links = ['pages/compras/fornecedores', 'pages/compras/transportadores', 'pages/vendas/vendedores', 'pages/estoque/produtos', 'pages/estoque/categorias', 'pages/financeiro/lancamentos/lista/despesas', 'pages/financeiro/lancamentos/lista/receitas', 'pages/dashboard', 'pages/nfe/notas-processadas', 'pages/pagamentos/boletos'];
    let status = 200;
    let last: any;
    for (const link of links) {
      const r = await call('POST', '/api/Favoritos', token, { link });
      status = r.status;
      last = await r.json();
      if (status !== 200) break;
    }
    expect(status).toBe(400);
    expect(last.error.message).toBe(`Limite de ${FAVORITES_LIMIT} favoritos`);
    expect((await (await call('GET', '/api/Favoritos', token)).json())).toHaveLength(FAVORITES_LIMIT);
    expect((await call('DELETE', '/api/Favoritos/VENDAS_CLIENTES', token)).status).toBe(200);
    const contador = await login(srv.app, 'contador@demo.com.br');
    expect((await call('POST', '/api/Favoritos', contador, { menuKey: 'DASHBOARD' })).status).toBe(403);
  });

  if (backend === 'postgres') {
    it('with two server processes on one PostgreSQL, an event reaches the user whichever process holds the socket', async () => {
      const db2 = await openDb({ databaseUrl: srv.databaseUrl! });
      const { app: second } = await buildApp({ db: db2, databaseUrl: srv.databaseUrl, serveWeb: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
      try {
        const base2 = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
        const vendedor = await login(srv.app, 'vendedor@demo.com.br');
        const socket = await open(base2, vendedor);
        const arrived = nextEvent<any>(socket, 'alerta');
        const admin = await login(srv.app, 'admin@demo.com.br');
        const vendedorId = (await (await call('GET', '/api/Usuarios/getUserInfo', vendedor)).json()).id;
        expect((await call('POST', '/api/Alerta', admin, { userId: vendedorId, tipo: 'info', texto: 'Via outro processo' })).status).toBe(200);
        expect((await arrived).texto).toBe('Via outro processo');
      } finally {
        await second.close();
        await db2.close();
      }
    });
  }
});
