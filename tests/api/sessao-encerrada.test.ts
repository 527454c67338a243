import { io as connect, type Socket } from 'socket.io-client';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/**
 * Issue 41 item 2: signing out ends the session's realtime socket too (it leaves its user's and account's rooms):
 * nothing meant for the previous user reaches the tab after the next user signs in.
 */
describe.each(BACKENDS)('signing out closes the session\'s sockets on %s', (backend) => {
  let srv: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    srv = await startTestServer(backend, { listen: true });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await srv?.close();
  });
  const abrir = async (token: string) => {
    const s = connect(srv.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    await new Promise<void>((r, j) => (s.once('connect', () => r()), s.once('connect_error', j)));
    return s;
  };

  it('the signed-out session\'s socket is closed and gets no more alerts; another session of the same user keeps its own', async () => {
    const admin = await login(srv.app, 'admin@demo.com.br');
    const outra = await login(srv.app, 'admin@demo.com.br');
    const s1 = await abrir(admin);
    const s2 = await abrir(outra);
    const fechado = new Promise<string>((r) => s1.once('disconnect', (motivo) => r(motivo)));
    const sair = await fetch(`${srv.baseUrl}/api/Usuarios/logout`, { method: 'POST', headers: { authorization: admin } });
    expect(sair.status).toBe(204);
    expect(await fechado).toBe('io server disconnect');
    expect(s1.connected).toBe(false);
    // The other session of the same user still gets what is sent to the user.
    const { tenant_id: t, id: u } = (await srv.db.query(`SELECT tenant_id, id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    const chegou = new Promise((r) => s2.once('alerta', r));
    srv.services.realtime!.toUser(Number(t), Number(u), 'alerta', { texto: 'só para a outra sessão' });
    expect(await chegou).toEqual({ texto: 'só para a outra sessão' });
    // The ended token no longer opens a socket.
    await expect(abrir(admin)).rejects.toThrow();
  });
});
