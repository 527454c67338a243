import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { configurarWebhooksParaTeste } from '../../src/server/integracoes/index.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

interface Recebido {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  em: number;
}

/** A local HTTP receiver: records every request; `responder` decides each answer per path. */
async function receptor(responder: (path: string, res: ServerResponse, n: number) => void) {
  const recebidos: Recebido[] = [];
  const server: Server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c) => partes.push(c));
    req.on('end', () => {
      recebidos.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(partes).toString('utf8'), em: Date.now() });
      responder(req.url ?? '', res, recebidos.filter((r) => r.path === req.url).length);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  return { recebidos, url: (p: string) => `http://127.0.0.1:${port}${p}`, close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }) };
}

const verificar = (segredo: string, r: Recebido) =>
  new Webhook(segredo).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });

describe.each(BACKENDS)('integrações on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const call = (authorization: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization } });
  const ok = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await call(token, method, url, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const chave = async (body: object, token = admin) => (await ok('POST', '/api/ChavesApi', body, token)) as { id: number; token: string };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => {
    configurarWebhooksParaTeste({ permitirLoopback: false, escalaBackoff: 1 });
    await srv?.close();
  });

  describe('API keys', () => {
    it('a key calls the API as its creator within its scopes and tenant; the secret is shown once and stored hashed', async () => {
      const k = await chave({ nome: 'ERP do contador', escopos: { 'app.cliente': 1 } });
      expect(k.token).toMatch(/^rtg_[A-Za-z0-9_-]{43}$/);
      const stored = (await srv.db.query<{ token_hash: string }>('SELECT token_hash FROM chaves_api WHERE id = $1', [k.id])).rows[0];
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.token_hash).not.toContain(k.token);

      const porChave = await call(`ApiKey ${k.token}`, 'GET', '/api/Clientes?filter=' + encodeURIComponent(JSON.stringify({ fields: ['id'], limit: 1000 })));
      expect(porChave.statusCode, porChave.body).toBe(200);
      const porSessao = await ok('GET', '/api/Clientes?filter=' + encodeURIComponent(JSON.stringify({ fields: ['id'], limit: 1000 })));
      expect(porChave.json().map((c: any) => c.id).sort()).toEqual(porSessao.map((c: any) => c.id).sort());
      const daVizinha = await ok('GET', '/api/Clientes?filter=' + encodeURIComponent(JSON.stringify({ fields: ['id'], limit: 1000 })), undefined, vizinha);
      const ids = new Set(porChave.json().map((c: any) => c.id));
      expect(daVizinha.length).toBeGreaterThan(0);
      expect(daVizinha.some((c: any) => ids.has(c.id))).toBe(false);

      // view only: no writes, no other resource, no key management
      const criar = await call(`ApiKey ${k.token}`, 'POST', '/api/Clientes', { nome: 'Por chave', tipoPessoa: 'F' });
      expect(criar.statusCode).toBe(403);
      expect((await call(`ApiKey ${k.token}`, 'GET', '/api/Produtos')).statusCode).toBe(403);
      expect((await call(`ApiKey ${k.token}`, 'GET', '/api/ChavesApi')).statusCode).toBe(403);

      const lista = await ok('GET', '/api/ChavesApi');
      const item = lista.find((x: any) => x.id === k.id);
      expect(item).toMatchObject({ nome: 'ERP do contador', escopos: { 'app.cliente': 1 }, situacao: 'ativa', prefixo: k.token.slice(0, 10) });
      expect(item.ultimoUsoEm).toBeTruthy();
      expect(item.ultimoUsoIp).toBeTruthy();
      expect(JSON.stringify(lista)).not.toContain(k.token);
      expect(JSON.stringify(lista)).not.toContain(stored.token_hash);
    });

    it('a scope above the creator’s own level is refused (400) and creates nothing', async () => {
      await srv.db.query(`UPDATE access_profiles SET permissoes = permissoes || '{"app.integracao": 3}' WHERE nome = 'Vendedor'`);
      const vendedor = await login(app, 'vendedor@demo.com.br');
      const antes = (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chaves_api')).rows[0].n;
      const r = await call(vendedor, 'POST', '/api/ChavesApi', { nome: 'Alta demais', escopos: { 'app.cliente': 3 } });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe('Escopos: você não pode conceder a uma chave um nível maior que o seu (app.cliente).');
      expect((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chaves_api')).rows[0].n).toBe(antes);
      const k = await chave({ nome: 'Do vendedor', escopos: { 'app.cliente': 1 } }, vendedor);
      expect((await call(`ApiKey ${k.token}`, 'GET', '/api/Clientes')).statusCode).toBe(200);
      // bad input
      for (const [body, msg] of [
        [{ escopos: { 'app.cliente': 1 } }, 'Nome: informe um nome de até 80 caracteres.'],
        [{ nome: 'x', escopos: {} }, 'Escopos: conceda ao menos uma permissão à chave.'],
        [{ nome: 'x', escopos: { 'app.cliente': 9 } }, 'Escopos: o nível de app.cliente deve ser de 0 a 4.'],
        [{ nome: 'x', escopos: { 'app.cliente': 1 }, expiraEm: '2020-01-01' }, 'Expira em: informe uma data futura.'],
      ] as const) {
        const b = await call(admin, 'POST', '/api/ChavesApi', body);
        expect(b.statusCode).toBe(400);
        expect(b.json().error.message).toBe(msg);
      }
    });

    it('revoked or expired keys answer 401; an unknown key too', async () => {
      const k = await chave({ nome: 'Revogável', escopos: { 'app.cliente': 1 } });
      expect((await call(`ApiKey ${k.token}`, 'GET', '/api/Clientes')).statusCode).toBe(200);
      expect((await ok('POST', `/api/ChavesApi/${k.id}/revogar`)).situacao).toBe('revogada');
      const r = await call(`ApiKey ${k.token}`, 'GET', '/api/Clientes');
      expect(r.statusCode).toBe(401);
      expect(r.json().error.message).toBe('Chave de API revogada.');

      const amanha = new Date(Date.now() + 86_400_000).toISOString();
      const e = await chave({ nome: 'Expira', escopos: { 'app.cliente': 1 }, expiraEm: amanha });
      expect((await call(`ApiKey ${e.token}`, 'GET', '/api/Clientes')).statusCode).toBe(200);
      await srv.db.query(`UPDATE chaves_api SET expira_em = now() - interval '1 second' WHERE id = $1`, [e.id]);
      const x = await call(`ApiKey ${e.token}`, 'GET', '/api/Clientes');
      expect(x.statusCode).toBe(401);
      expect(x.json().error.message).toBe('Chave de API expirada.');

      const u = await call(`ApiKey rtg_${'A'.repeat(43)}`, 'GET', '/api/Clientes');
      expect(u.statusCode).toBe(401);
      expect(u.json().error.message).toBe('Chave de API inválida.');
    });

    it('over its per-minute limit a key gets 429 with Retry-After; other keys are unaffected', async () => {
      const k = await chave({ nome: 'Limitada', escopos: { 'app.cliente': 1 }, limitePorMinuto: 3 });
      const outra = await chave({ nome: 'Outra', escopos: { 'app.cliente': 1 } });
      for (let i = 0; i < 3; i++) expect((await call(`ApiKey ${k.token}`, 'GET', '/api/Clientes/count')).statusCode).toBe(200);
      const r = await call(`ApiKey ${k.token}`, 'GET', '/api/Clientes/count');
      expect(r.statusCode).toBe(429);
      const espera = Number(r.headers['retry-after']);
      expect(espera).toBeGreaterThanOrEqual(1);
      expect(espera).toBeLessThanOrEqual(60);
      expect(r.json().error.message).toContain('Limite de 3 requisições por minuto');
      expect((await call(`ApiKey ${outra.token}`, 'GET', '/api/Clientes/count')).statusCode).toBe(200);
    });
  });

  describe('external systems (SPEC 3.2) per branch', () => {
    it('switching a system on shows in the user info; settings are per branch and per account; bad input changes nothing', async () => {
      const info = async (token = admin) => (await ok('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', undefined, token)).filialSelecionadaObj;
      expect(await info()).toMatchObject({ integracoes: [], integracaoSerasa: false });
      const lista = await ok('GET', '/api/Integracoes');
      expect(lista.map((x: any) => [x.sistema, x.ativo])).toEqual([[1, false], [2, false], [3, false], [4, false]]);

      const s1 = await ok('PUT', '/api/Integracoes/1', { ativo: true, identificador: 'CONTA-77', configuracao: { usuario: 'loja', ambiente: 'producao' } });
      expect(s1).toMatchObject({ sistema: 1, ativo: true, identificador: 'CONTA-77', configuracao: { usuario: 'loja', ambiente: 'producao' } });
      await ok('PUT', '/api/Integracoes/3', { ativo: true, identificador: 'POSTAL-1' });
      expect(await info()).toMatchObject({ integracoes: [{ sistema: 1, id: 'CONTA-77' }, { sistema: 3, id: 'POSTAL-1' }], integracaoSerasa: true });
      await ok('PUT', '/api/Integracoes/1', { ativo: false, identificador: 'CONTA-77' });
      expect(await info()).toMatchObject({ integracoes: [{ sistema: 3, id: 'POSTAL-1' }], integracaoSerasa: false });
      // the other account sees none of it
      expect(await info(vizinha)).toMatchObject({ integracoes: [], integracaoSerasa: false });
      expect((await ok('GET', '/api/Integracoes', undefined, vizinha)).every((x: any) => !x.ativo)).toBe(true);

      for (const [url, body, status, msg] of [
        ['/api/Integracoes/5', { ativo: true, identificador: 'x' }, 404, 'Sistema de integração desconhecido (use 1 a 4).'],
        ['/api/Integracoes/2', { ativo: true }, 400, 'Identificador: informe o código da conta no sistema externo (até 120 caracteres).'],
        ['/api/Integracoes/2', { identificador: 'x' }, 400, 'Ativo: informe verdadeiro ou falso.'],
        ['/api/Integracoes/2', { ativo: true, identificador: 'x', configuracao: { senha: 123 } }, 400, 'Configuração: até 30 itens, nomes de até 40 letras e números e valores de texto de até 500 caracteres.'],
      ] as const) {
        const r = await call(admin, 'PUT', url, body);
        expect(r.statusCode, url).toBe(status);
        expect(r.json().error.message).toBe(msg);
      }
      expect((await ok('GET', '/api/Integracoes')).find((x: any) => x.sistema === 2).ativo).toBe(false);
    });
  });

  describe('webhooks', () => {
    let rx: Awaited<ReturnType<typeof receptor>>;
    let liberarLento: () => void = () => {};

    beforeAll(async () => {
      configurarWebhooksParaTeste({ permitirLoopback: true, escalaBackoff: 0.001 });
      rx = await receptor((path, res, n) => {
        if (path === '/ok' || path === '/rotacao') return res.writeHead(200).end('recebido');
        if (path === '/falha-duas') return n <= 2 ? res.writeHead(500).end('erro interno') : res.writeHead(204).end();
        if (path === '/gone') return res.writeHead(410).end('não existe mais');
        if (path === '/sempre-500') return res.writeHead(500).end('fora do ar');
        if (path === '/lento') {
          liberarLento = () => void (res.headersSent || res.writeHead(200).end('enfim'));
          return;
        }
        res.writeHead(404).end();
      });
    });
    afterAll(async () => {
      liberarLento();
      await rx?.close();
    });

    const entregas = (id: number, token = admin) => ok('GET', `/api/Webhooks/${id}/entregas`, undefined, token);
    const aguardar = (fn: () => Promise<void>) => vi.waitFor(fn, { timeout: 30_000, interval: 50 });

    it('a resource created sends a Standard Webhooks request the reference library verifies; the log shows it; replay resends the same id', async () => {
      const ep = await ok('POST', '/api/Webhooks', { url: rx.url('/ok'), descricao: 'Meu ERP', eventos: ['marca.criado', 'marca.excluido'] });
      expect(ep.segredo).toMatch(/^whsec_/);
      // who may only view integrations does not get the signing secret
      await srv.db.query(`UPDATE access_profiles SET permissoes = permissoes || '{"app.integracao": 1}' WHERE nome = 'Vendedor'`);
      const leitor = await login(app, 'vendedor@demo.com.br');
      expect((await ok('GET', '/api/Webhooks', undefined, leitor)).find((x: any) => x.id === ep.id)).toMatchObject({ url: rx.url('/ok'), segredo: null });
      expect((await ok('GET', '/api/Webhooks')).find((x: any) => x.id === ep.id).segredo).toBe(ep.segredo);
      const marca = await ok('POST', '/api/Marcas', { descricao: 'Marca do webhook' });
      await aguardar(async () => expect(rx.recebidos.filter((r) => r.path === '/ok')).toHaveLength(1));
      const r = rx.recebidos.find((x) => x.path === '/ok')!;
      const payload = verificar(ep.segredo, r) as any;
      expect(payload).toMatchObject({ type: 'marca.criado', data: { id: marca.id, descricao: 'Marca do webhook' } });
      expect(() => verificar('whsec_' + Buffer.from('outro segredo qualquer!!').toString('base64'), r)).toThrow();

      await aguardar(async () => expect((await entregas(ep.id))[0]).toMatchObject({ status: 'entregue', ultimoStatus: 200, tipo: 'marca.criado', tentativas: 1 }));
      const [log] = await entregas(ep.id);
      expect(log.eventoId).toBe(r.headers['webhook-id']);
      const [t] = await ok('GET', `/api/WebhookEntregas/${log.id}/tentativas`);
      expect(t).toMatchObject({ numero: 1, status: 200, resposta: 'recebido' });
      expect(t.cabecalhos['webhook-signature']).toBe(r.headers['webhook-signature']);
      expect(t.duracaoMs).toBeGreaterThanOrEqual(0);

      // an event the endpoint did not choose is not sent; a change nobody subscribed to creates no event
      await ok('PATCH', `/api/Marcas/${marca.id}`, { descricao: 'Marca renomeada' });
      await ok('DELETE', `/api/Marcas/${marca.id}`);
      await aguardar(async () => expect(rx.recebidos.filter((r) => r.path === '/ok')).toHaveLength(2));
      expect((verificar(ep.segredo, rx.recebidos.filter((r) => r.path === '/ok')[1]) as any).type).toBe('marca.excluido');
      expect((await srv.db.query(`SELECT 1 FROM webhook_eventos WHERE tipo = 'marca.alterado'`)).rows).toHaveLength(0);

      // manual replay: the same event id again
      await ok('POST', `/api/WebhookEntregas/${log.id}/reenviar`);
      await aguardar(async () => expect(rx.recebidos.filter((r) => r.path === '/ok')).toHaveLength(3));
      const replay = rx.recebidos.filter((r) => r.path === '/ok')[2];
      expect(replay.headers['webhook-id']).toBe(log.eventoId);
      expect((verificar(ep.segredo, replay) as any).type).toBe('marca.criado');

      // another account sees none of it
      expect(await ok('GET', '/api/Webhooks', undefined, vizinha)).toEqual([]);
      expect(await entregas(ep.id, vizinha)).toEqual([]);
    });

    it('rotating the secret: during the grace period each delivery carries both signatures and verifies with either; afterwards only the new one', async () => {
      const ep = await ok('POST', '/api/Webhooks', { url: rx.url('/rotacao'), eventos: ['marca.criado'] });
      const rot = await ok('POST', `/api/Webhooks/${ep.id}/rotacionar-segredo`, { horas: 24 });
      expect(rot.segredo).toMatch(/^whsec_/);
      expect(rot.segredo).not.toBe(ep.segredo);
      expect(new Date(rot.segredoAnteriorAte).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
      const antes = rx.recebidos.filter((r) => r.path === '/rotacao').length;
      await ok('POST', '/api/Marcas', { descricao: 'Marca da rotação' });
      await aguardar(async () => expect(rx.recebidos.filter((r) => r.path === '/rotacao')).toHaveLength(antes + 1));
      // the delivery was woken through the jobs table: the writer's transaction enqueued the account's wake-up job
      const acordes = (await srv.db.query<{ conta: string }>(`SELECT DISTINCT conta_id::text AS conta FROM jobs WHERE tipo = 'integracoes.webhooks'`)).rows;
      expect(acordes.length).toBeGreaterThan(0);
      const r1 = rx.recebidos.filter((r) => r.path === '/rotacao')[antes];
      expect(String(r1.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect((verificar(ep.segredo, r1) as any).data.descricao).toBe('Marca da rotação');
      expect((verificar(rot.segredo, r1) as any).data.descricao).toBe('Marca da rotação');

      // grace period over: the old secret no longer verifies
      await srv.db.query(`UPDATE webhook_endpoints SET segredo_anterior_ate = now() - interval '1 second' WHERE id = $1`, [ep.id]);
      expect((await ok('GET', '/api/Webhooks')).find((x: any) => x.id === ep.id).segredoAnteriorAte).toBeNull();
      await ok('POST', '/api/Marcas', { descricao: 'Marca depois da carência' });
      await aguardar(async () => expect(rx.recebidos.filter((r) => r.path === '/rotacao')).toHaveLength(antes + 2));
      const r2 = rx.recebidos.filter((r) => r.path === '/rotacao')[antes + 1];
      expect(String(r2.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect((verificar(rot.segredo, r2) as any).data.descricao).toBe('Marca depois da carência');
      expect(() => verificar(ep.segredo, r2)).toThrow();

      const ruim = await call(admin, 'POST', `/api/Webhooks/${ep.id}/rotacionar-segredo`, { horas: 500 });
      expect(ruim.statusCode).toBe(400);
      expect(ruim.json().error.message).toBe('Horas: informe um número inteiro de 0 a 168 (7 dias).');
      expect((await call(vizinha, 'POST', `/api/Webhooks/${ep.id}/rotacionar-segredo`, {})).statusCode).toBe(404);
      await ok('DELETE', `/api/Webhooks/${ep.id}`);
    });

    it('a 500 is retried with growing waits until it succeeds; a slow endpoint never holds another’s deliveries', async () => {
      const falha = await ok('POST', '/api/Webhooks', { url: rx.url('/falha-duas'), eventos: ['cliente.criado'] });
      const lento = await ok('POST', '/api/Webhooks', { url: rx.url('/lento'), eventos: ['cliente.criado'] });
      const bom = await ok('POST', '/api/Webhooks', { url: rx.url('/ok'), eventos: ['cliente.criado'] });
      await ok('POST', `/api/Webhooks/${lento.id}/testar`);
      await aguardar(async () => expect(rx.recebidos.some((r) => r.path === '/lento')).toBe(true));
      // the slow endpoint is in flight; the others still get theirs
      const { eventoId } = await ok('POST', `/api/Webhooks/${bom.id}/testar`);
      await aguardar(async () => expect(rx.recebidos.some((r) => r.path === '/ok' && r.headers['webhook-id'] === eventoId)).toBe(true));
      expect((await entregas(lento.id))[0].status).toBe('pendente');

      await ok('POST', `/api/Webhooks/${falha.id}/testar`);
      await aguardar(async () => expect((await entregas(falha.id))[0]).toMatchObject({ status: 'entregue', tentativas: 3, ultimoStatus: 204 }));
      const [log] = await entregas(falha.id);
      const ts = await ok('GET', `/api/WebhookEntregas/${log.id}/tentativas`);
      expect(ts.map((t: any) => t.status)).toEqual([500, 500, 204]);
      expect(ts[0].resposta).toBe('erro interno');
      const chegadas = rx.recebidos.filter((r) => r.path === '/falha-duas').map((r) => r.em);
      expect(new Set(rx.recebidos.filter((r) => r.path === '/falha-duas').map((r) => r.headers['webhook-id'])).size).toBe(1);
      // schedule scaled by 0.001: 5 s → 5 ms, 5 min → 300 ms
      expect(chegadas[1] - chegadas[0]).toBeGreaterThanOrEqual(5);
      expect(chegadas[2] - chegadas[1]).toBeGreaterThanOrEqual(300);

      liberarLento();
      await aguardar(async () => expect((await entregas(lento.id))[0].status).toBe('entregue'));
    });

    it('a document transition is an event: pedido de venda faturado reaches the endpoint after the commit', async () => {
      const ep = await ok('POST', '/api/Webhooks', { url: rx.url('/ok'), eventos: ['pedidoVenda.faturado'] });
      const pedido = (
        await srv.db.query<{ id: number }>(
          `SELECT d.id FROM documentos d JOIN users u ON u.tenant_id = d.tenant_id AND u.email = 'admin@demo.com.br'
            WHERE d.tipo = 'pedidoVenda' AND d.estado IN ('aguardando', 'aguardando_faturamento') ORDER BY d.id LIMIT 1`,
        )
      ).rows[0];
      expect(pedido).toBeTruthy();
      const antes = rx.recebidos.length;
      const f = await ok('POST', `/api/PedidosVenda/${pedido.id}/faturar`);
      expect(f.estado).toBe('faturado');
      await aguardar(async () => expect((await entregas(ep.id))[0]).toMatchObject({ status: 'entregue', tipo: 'pedidoVenda.faturado' }));
      const r = rx.recebidos.slice(antes).find((x) => (JSON.parse(x.body) as any).type === 'pedidoVenda.faturado')!;
      expect(verificar(ep.segredo, r)).toMatchObject({ type: 'pedidoVenda.faturado', data: { id: pedido.id, estado: 'faturado' } });
      // a transition refused (already faturado) rolls back and announces nothing
      expect((await call(admin, 'POST', `/api/PedidosVenda/${pedido.id}/faturar`)).statusCode).toBe(409);
      expect((await srv.db.query(`SELECT 1 FROM webhook_eventos WHERE tipo = 'pedidoVenda.faturado'`)).rows).toHaveLength(1);
      // the catalogue is documented in the OpenAPI document's webhooks section
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(doc.webhooks['pedidoVenda.faturado'].post.parameters.map((p: any) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(doc.webhooks['marca.criado'].post.requestBody.content['application/json'].schema.properties.type).toEqual({ const: 'marca.criado' });
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'Authorization' });
      expect((await call(admin, 'GET', '/api/Webhooks/eventos')).json().some((e: any) => e.tipo === 'pedidoVenda.faturado')).toBe(true);
    });

    it('410 disables the endpoint', async () => {
      const ep = await ok('POST', '/api/Webhooks', { url: rx.url('/gone'), eventos: ['marca.criado'] });
      await ok('POST', `/api/Webhooks/${ep.id}/testar`);
      await aguardar(async () => expect((await entregas(ep.id))[0]).toMatchObject({ status: 'cancelada', ultimoStatus: 410 }));
      const atual = (await ok('GET', '/api/Webhooks')).find((x: any) => x.id === ep.id);
      expect(atual).toMatchObject({ ativo: false, desativadoMotivo: 'O destino respondeu 410 (Gone): webhook desativado.' });
      const alerta = (await ok('GET', '/api/Alerta')).find((a: any) => a.texto.includes(rx.url('/gone')));
      expect(alerta).toMatchObject({ tipo: 'warning', link: 'pages/configuracoes/webhook', texto: `O webhook ${rx.url('/gone')} foi desativado. O destino respondeu 410 (Gone): webhook desativado.` });
      // a disabled endpoint receives no new events
      const antes = rx.recebidos.filter((r) => r.path === '/gone').length;
      await ok('POST', '/api/Marcas', { descricao: 'Depois do 410' });
      expect((await srv.db.query('SELECT 1 FROM webhook_entregas WHERE endpoint_id = $1', [ep.id])).rows).toHaveLength(1);
      expect(rx.recebidos.filter((r) => r.path === '/gone').length).toBe(antes);
      // On and off are the declared transitions (schemas/lifecycles/webhookEndpoint.json): switching it on clears the
      // reason; the same value again changes nothing; each move recorded.
      expect(await ok('PATCH', `/api/Webhooks/${ep.id}`, { ativo: true })).toMatchObject({ ativo: true, desativadoMotivo: null });
      await ok('PATCH', `/api/Webhooks/${ep.id}`, { ativo: true });
      expect(await ok('PATCH', `/api/Webhooks/${ep.id}`, { ativo: false })).toMatchObject({ ativo: false });
      expect((await srv.db.query(`SELECT transicao, de, para FROM estado_eventos WHERE tipo = 'webhookEndpoint' AND registro_id = $1 ORDER BY id`, [ep.id])).rows).toEqual([
        { transicao: 'desativar', de: 'ativo', para: 'desativado' },
        { transicao: 'ativar', de: 'desativado', para: 'ativo' },
        { transicao: 'desativar', de: 'ativo', para: 'desativado' },
      ]);
    });

    it('failing for the whole retry schedule (~3 days, shortened here) fails the delivery, disables the endpoint and alerts', async () => {
      configurarWebhooksParaTeste({ escalaBackoff: 0.00001 });
      try {
        const ep = await ok('POST', '/api/Webhooks', { url: rx.url('/sempre-500'), eventos: ['marca.criado'] });
        await ok('POST', `/api/Webhooks/${ep.id}/testar`);
        await aguardar(async () => expect((await entregas(ep.id))[0]).toMatchObject({ status: 'falhou', tentativas: 10, ultimoStatus: 500 }));
        const atual = (await ok('GET', '/api/Webhooks')).find((x: any) => x.id === ep.id);
        expect(atual.ativo).toBe(false);
        expect(atual.desativadoMotivo).toMatch(/^As entregas falharam por cerca de 3 dias/);
        expect(rx.recebidos.filter((r) => r.path === '/sempre-500')).toHaveLength(10);
        expect((await ok('GET', '/api/Alerta')).some((a: any) => a.texto.startsWith(`O webhook ${rx.url('/sempre-500')} foi desativado.`))).toBe(true);
      } finally {
        configurarWebhooksParaTeste({ escalaBackoff: 0.001 });
      }
    });

    it('refuses non-https and internal addresses when saved, and again at delivery time', async () => {
      const antes = (await ok('GET', '/api/Webhooks')).length;
      for (const [url, msg] of [
        ['http://example.com/hook', 'URL: informe um endereço https://.'],
        ['ftp://example.com/', 'URL: informe um endereço https://.'],
        ['https://10.0.0.5/hook', 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.'],
        ['https://169.254.169.254/latest/meta-data', 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.'],
        ['https://192.168.0.10/', 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.'],
        ['https://[fe80::1]/', 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.'],
        ['https://[::ffff:10.1.2.3]/', 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.'],
        ['nada', 'URL: endereço inválido.'],
      ]) {
        const r = await call(admin, 'POST', '/api/Webhooks', { url, eventos: ['marca.criado'] });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().error.message, url).toBe(msg);
      }
      const ev = await call(admin, 'POST', '/api/Webhooks', { url: 'https://example.com/x', eventos: ['nao.existe'] });
      expect(ev.json().error.message).toBe('Eventos: evento desconhecido (nao.existe).');

      // loopback only passes under the test switch: saved with it, refused at delivery once it is off
      const ep = await ok('POST', '/api/Webhooks', { url: rx.url('/ok'), eventos: ['marca.criado'] });
      configurarWebhooksParaTeste({ permitirLoopback: false });
      try {
        const r = await call(admin, 'POST', '/api/Webhooks', { url: 'https://127.0.0.1/hook', eventos: ['marca.criado'] });
        expect(r.json().error.message).toBe('URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.');
        const porNome = await call(admin, 'POST', '/api/Webhooks', { url: 'https://localhost/hook', eventos: ['marca.criado'] });
        expect(porNome.statusCode).toBe(400);
        const recebidos = rx.recebidos.length;
        await ok('POST', `/api/Webhooks/${ep.id}/testar`);
        await aguardar(async () => expect((await entregas(ep.id))[0]).toMatchObject({ status: 'pendente', ultimoStatus: null, erro: 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.' }));
        expect(rx.recebidos.length).toBe(recebidos);
      } finally {
        configurarWebhooksParaTeste({ permitirLoopback: true });
      }
      expect((await ok('GET', '/api/Webhooks')).length).toBe(antes + 1);
    });
  });
});
