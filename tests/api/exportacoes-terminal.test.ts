import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { montarCodigoBalanca } from '../../src/shared/etiqueta-balanca.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Issue 36 item 6: the price-check terminals. The embedded server is off by default; switched on for a branch it
// listens on the configured port and speaks the Gertec protocol (#ok on connect, `#<barcode>` NUL-terminated →
// `#<name>|<price>` or `#nfound`, #live? → #live), tested with a real TCP client (node:net) against the real
// server on the real database; the price file downloads.

/** A free TCP port on this machine (the OS picks one, we release it). */
async function portaLivre(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', () => ok()));
  const porta = (s.address() as net.AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return porta;
}

/** A terminal: connects, and each `perguntar` sends one frame and resolves with the server's next frame. */
class Terminal {
  private recebidos: string[] = [];
  private esperando: ((s: string) => void)[] = [];
  private constructor(readonly sock: net.Socket) {
    sock.on('data', (b) => {
      const s = b.toString('latin1');
      const w = this.esperando.shift();
      if (w) w(s);
      else this.recebidos.push(s);
    });
  }
  static conectar(porta: number): Promise<Terminal> {
    return new Promise((ok, falha) => {
      const s = net.connect(porta, '127.0.0.1', () => ok(new Terminal(s)));
      s.once('error', falha);
    });
  }
  proximo(): Promise<string> {
    const r = this.recebidos.shift();
    if (r !== undefined) return Promise.resolve(r);
    return new Promise((ok) => this.esperando.push(ok));
  }
  perguntar(frame: string, fim = '\0'): Promise<string> {
    const p = this.proximo();
    this.sock.write(Buffer.from(frame + fim, 'latin1'));
    return p;
  }
  fechar() {
    this.sock.destroy();
  }
}

describe.each(BACKENDS)('exportação para terminal on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let tenant: number;
  let porta: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const sql = (text: string, params: unknown[] = []) => srv.db.query<any>(text, params);

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    tenant = Number((await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    porta = await portaLivre();
  });
  afterAll(async () => srv?.close());

  it('is off by default: nothing listens until the branch switches it on', async () => {
    const r = await call(admin, 'GET', '/api/ExportacaoTerminal/configuracao');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ terminalAtivo: false, terminalPorta: 6500, escutando: false, erro: null });
    const recusada = await new Promise<string>((ok) => net.connect(porta, '127.0.0.1').once('error', (e: NodeJS.ErrnoException) => ok(e.code ?? '')).once('connect', () => ok('conectou')));
    expect(recusada).toBe('ECONNREFUSED');
  });

  it('refuses a bad port in Portuguese and changes nothing', async () => {
    const r = await call(admin, 'PUT', '/api/ExportacaoTerminal/configuracao', { terminalAtivo: true, terminalPorta: 80 });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Porta: informe um número de 1024 a 65535 (o padrão dos terminais é 6500).');
    expect((await call(admin, 'GET', '/api/ExportacaoTerminal/configuracao')).json().terminalAtivo).toBe(false);
  });

  it('switched on, a terminal connecting over TCP gets #ok and the prices of its own account', async () => {
    const r = await call(admin, 'PUT', '/api/ExportacaoTerminal/configuracao', { terminalAtivo: true, terminalPorta: porta });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ terminalAtivo: true, terminalPorta: porta, escutando: true, erro: null });

    const feijao = (await sql(`SELECT gtin, descricao, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND descricao = 'Feijão carioca tipo 1 1 kg'`, [tenant])).rows[0];
    expect(feijao.gtin).toMatch(/^\d{13}$/);
    const precoBr = `R$ ${feijao.preco.replace('.', ',')}`;
    const outra = (await sql(`SELECT gtin FROM produtos WHERE tenant_id <> $1 AND gtin IS NOT NULL AND gtin NOT IN (SELECT gtin FROM produtos WHERE tenant_id = $1 AND gtin IS NOT NULL) LIMIT 1`, [tenant])).rows[0];

    const t = await Terminal.conectar(porta);
    try {
      expect(await t.proximo()).toBe('#ok');
      // The terminal identifies itself (no answer is due), then asks a price.
      t.sock.write(Buffer.from('#tc506|4.0\0', 'latin1'));
      expect(await t.perguntar(`#${feijao.gtin}`)).toBe(`#Feijão carioca tipo 1 1 kg|${precoBr}`);
      expect(await t.perguntar('#7890000000000')).toBe('#nfound');
      expect(await t.perguntar('#live?')).toBe('#live');
      // A scale label: the product by its PLU, at the label's price.
      expect(await t.perguntar(`#${montarCodigoBalanca('1', '3.12', { prefixo: '2', tipo: 'preco', digitosCodigo: 5 })}`)).toBe('#Banana prata|R$ 3,12');
      // A client that ends frames with CR LF is understood too.
      expect(await t.perguntar(`#${feijao.gtin}`, '\r\n')).toBe(`#Feijão carioca tipo 1 1 kg|${precoBr}`);
      // Another account's product is not found here.
      if (outra) expect(await t.perguntar(`#${outra.gtin}`)).toBe('#nfound');
    } finally {
      t.fechar();
    }

    // A changed price answers at the next query (read from the database, not a copy).
    await sql(`UPDATE produtos SET preco_venda = 1234.5 WHERE tenant_id = $1 AND gtin = $2`, [tenant, feijao.gtin]);
    const t2 = await Terminal.conectar(porta);
    try {
      expect(await t2.proximo()).toBe('#ok');
      expect(await t2.perguntar(`#${feijao.gtin}`)).toBe('#Feijão carioca tipo 1 1 kg|R$ 1.234,50');
    } finally {
      t2.fechar();
      await sql(`UPDATE produtos SET preco_venda = $3 WHERE tenant_id = $1 AND gtin = $2`, [tenant, feijao.gtin, feijao.preco]);
    }
  });

  it('another account cannot take a port already serving a branch', async () => {
    const r = await call(vizinha, 'PUT', '/api/ExportacaoTerminal/configuracao', { terminalAtivo: true, terminalPorta: porta });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toBe(`A porta ${porta} já é usada pelo servidor de terminais de outra filial.`);
    expect((await call(vizinha, 'GET', '/api/ExportacaoTerminal/configuracao')).json()).toMatchObject({ terminalAtivo: false, escutando: false });
  });

  it('the price file lists barcode|name|price| in ISO-8859-1', async () => {
    const r = await call(admin, 'GET', '/api/ExportacaoTerminal/PRICETAB.TXT');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="PRICETAB.TXT"');
    const linhas = r.rawPayload.toString('latin1').split('\r\n');
    const feijao = (await sql(`SELECT gtin, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND descricao = 'Feijão carioca tipo 1 1 kg'`, [tenant])).rows[0];
    expect(linhas).toContain(`${feijao.gtin}|Feijão carioca tipo 1 1 kg|${feijao.preco.replace('.', ',')}|`);
    expect(r.rawPayload.toString('latin1')).not.toMatch(/Mercadinho Vizinho/);
  });

  it('switched off, the port closes', async () => {
    const r = await call(admin, 'PUT', '/api/ExportacaoTerminal/configuracao', { terminalAtivo: false, terminalPorta: porta });
    expect(r.json()).toMatchObject({ terminalAtivo: false, escutando: false });
    const recusada = await new Promise<string>((ok) => net.connect(porta, '127.0.0.1').once('error', (e: NodeJS.ErrnoException) => ok(e.code ?? '')).once('connect', () => ok('conectou')));
    expect(recusada).toBe('ECONNREFUSED');
  });
});
