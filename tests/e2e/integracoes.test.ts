import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurarWebhooksParaTeste } from '../../src/server/integracoes/index.ts';
import { login } from '../support/server.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// Configurações > Integrações in the browser: an API key created on the screen (its secret shown once) calls
// the API; a webhook registered on the screen to a local receiver, which verifies each request with the
// standardwebhooks reference library, shows the signed delivery in its log.
describe('integrações no navegador', () => {
  const s = e2eSession('integracoes', { signIn: 'admin@demo.com.br' });
  const recebidos: { headers: IncomingHttpHeaders; body: string; verificado?: unknown; erro?: string }[] = [];
  let segredo = '';
  const receptor = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c) => partes.push(c));
    req.on('end', () => {
      const body = Buffer.concat(partes).toString('utf8');
      const r: (typeof recebidos)[number] = { headers: req.headers, body };
      try {
        r.verificado = new Webhook(segredo).verify(body, req.headers as Record<string, string>);
        res.writeHead(200).end('ok do receptor');
      } catch (e) {
        r.erro = (e as Error).message;
        res.writeHead(401).end('assinatura inválida');
      }
      recebidos.push(r);
    });
  });
  let receptorUrl = '';

  beforeAll(async () => {
    configurarWebhooksParaTeste({ permitirLoopback: true });
    await new Promise<void>((ok) => receptor.listen(0, '127.0.0.1', ok));
    receptorUrl = `http://127.0.0.1:${(receptor.address() as { port: number }).port}/retaguarda`;
  });
  afterAll(async () => {
    configurarWebhooksParaTeste({ permitirLoopback: false });
    receptor.closeAllConnections();
    await new Promise((ok) => receptor.close(ok));
  });

  it('creates an API key on the screen, shows its secret once, and the key calls the API', async () => {
    const { page } = s;
    await page.goto(s.url('pages/configuracoes/apikey'));
    await page.getByRole('button', { name: 'Nova chave' }).click();
    await page.getByLabel('Nome').fill('Loja virtual');
    await page.getByLabel('Clientes: Visualizar').first().check();
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const segredoEl = page.getByTestId('segredo-chave');
    await segredoEl.waitFor();
    const token = (await segredoEl.textContent())!.trim();
    expect(token).toMatch(/^rtg_/);
    await page.getByRole('button', { name: 'Já copiei a chave' }).click();
    await page.locator('.ant-table-row', { hasText: 'Loja virtual' }).waitFor();
    expect(await page.locator('.ant-table-row', { hasText: 'Loja virtual' }).textContent()).not.toContain(token.slice(12));

    const r = await fetch(`${s.server.baseUrl}/api/Clientes/count`, { headers: { authorization: `ApiKey ${token}` } });
    expect(r.status).toBe(200);
    expect((await r.json()).count).toBeGreaterThan(0);
    const w = await fetch(`${s.server.baseUrl}/api/Clientes`, { method: 'POST', headers: { authorization: `ApiKey ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(w.status).toBe(403);
    // the list shows its last use
    await page.reload();
    await visible(page.locator('.ant-table-row', { hasText: 'Loja virtual' }).getByText('127.0.0.1'));
    expect(s.errors).toEqual([]);
  });

  it('registers a webhook to a local receiver and sees the signed delivery in the log', async () => {
    const { page } = s;
    await page.goto(s.url('pages/configuracoes/webhook'));
    await page.getByRole('button', { name: 'Novo webhook' }).click();
    await page.getByLabel('URL').fill(receptorUrl);
    await page.getByLabel('Descrição').fill('Receptor local');
    await page.getByLabel('Eventos').click();
    await page.keyboard.type('marca.criado');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'marca.criado' }).first().click();
    // a domain event of the catalogue (schemas/integracoes/eventos-dominio.json) is offered with its description
    await page.keyboard.type('boleto.pago');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'boleto.pago — Boleto: pago' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const linha = page.locator('.ant-table-row', { hasText: receptorUrl });
    await linha.waitFor();
    const endpoint = (await s.server.db.query<{ segredo: string }>('SELECT segredo FROM webhook_endpoints WHERE url = $1', [receptorUrl])).rows[0];
    segredo = endpoint.segredo;
    expect((await s.server.db.query<{ eventos: string[] }>('SELECT eventos FROM webhook_endpoints WHERE url = $1', [receptorUrl])).rows[0].eventos).toEqual(['marca.criado', 'boleto.pago']);

    await linha.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await linha.locator('.ant-table-row-expand-icon').click();
    const log = page.locator('.ant-table-expanded-row');
    await visible(log.locator('.ant-table-row', { hasText: 'webhook.teste' }).getByText('Entregue'));
    expect(recebidos).toHaveLength(1);
    expect(recebidos[0].erro).toBeUndefined();
    expect(recebidos[0].verificado).toMatchObject({ type: 'webhook.teste' });

    await log.locator('.ant-table-row', { hasText: 'webhook.teste' }).getByRole('button', { name: 'Detalhes' }).click();
    const detalhes = page.locator('.ant-drawer-open', { hasText: 'Tentativas de entrega' });
    await visible(detalhes.getByText(`webhook-id: ${recebidos[0].headers['webhook-id']}`));
    await visible(detalhes.getByText('ok do receptor'));
    await detalhes.locator('.ant-drawer-close').click();
    await detalhes.waitFor({ state: 'hidden' });

    // manual replay from the log: the receiver gets the same event id again, signed anew
    await log.locator('.ant-table-row', { hasText: 'webhook.teste' }).getByRole('button', { name: 'Reenviar' }).click();
    await poll(() => recebidos.length).toBe(2);
    expect(recebidos[1].headers['webhook-id']).toBe(recebidos[0].headers['webhook-id']);
    expect(recebidos[1].erro).toBeUndefined();

    // secret rotation on the screen: during the grace period the old secret still verifies, and so does the new one
    await linha.getByRole('button', { name: 'Trocar o segredo' }).click();
    await answerDialog(page.locator('.ant-modal').filter({ hasText: 'Gerar um novo segredo' }), 'Trocar o segredo');
    await visible(linha.getByText(/O segredo anterior também assina até/));
    const novo = (await s.server.db.query<{ segredo: string }>('SELECT segredo FROM webhook_endpoints WHERE url = $1', [receptorUrl])).rows[0].segredo;
    expect(novo).not.toBe(segredo);
    await linha.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await poll(() => recebidos.length).toBe(3);
    expect(recebidos[2].erro).toBeUndefined();
    expect(new Webhook(novo).verify(recebidos[2].body, recebidos[2].headers as Record<string, string>)).toMatchObject({ type: 'webhook.teste' });
    expect(s.errors).toEqual([]);
  });

  it('a sale faturada reaches the receiver signed (pedidoVenda.faturado), is in the log and is replayed from it', async () => {
    const { page, server } = s;
    const token = await login(server.app, 'admin@demo.com.br');
    const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
      const r = await server.app.inject({ method, url, payload: payload as any, headers: { authorization: token } });
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json();
    };
    // the endpoint registered above also takes the sales event
    const ep = (await server.db.query<{ id: number; eventos: string[] }>('SELECT id, eventos FROM webhook_endpoints WHERE url = $1', [receptorUrl])).rows[0];
    await server.db.query('UPDATE webhook_endpoints SET eventos = $2 WHERE id = $1', [ep.id, [...ep.eventos, 'pedidoVenda.faturado']]);
    // a demo order waiting to be invoiced is faturado (its NF-e at the local SEFAZ)
    const filtro = encodeURIComponent(JSON.stringify({ where: { estado: 'aguardando_faturamento' }, order: 'id ASC', limit: 1 }));
    const [pedido] = await api('GET', `/api/PedidosVenda?filter=${filtro}`);
    expect(pedido).toBeTruthy();
    const antes = recebidos.length;
    await api('POST', `/api/PedidosVenda/${pedido.id}/faturar`);
    await poll(() => recebidos.filter((r) => (r.verificado as { type?: string } | undefined)?.type === 'pedidoVenda.faturado').length).toBe(1);
    const venda = recebidos.slice(antes).find((r) => (r.verificado as { type?: string } | undefined)?.type === 'pedidoVenda.faturado')!;
    expect(venda.erro).toBeUndefined();

    await page.reload();
    const linha = page.locator('.ant-table-row', { hasText: receptorUrl });
    await linha.locator('.ant-table-row-expand-icon').click();
    const log = page.locator('.ant-table-expanded-row');
    const entrega = log.locator('.ant-table-row', { hasText: 'pedidoVenda.faturado' });
    await visible(entrega.getByText('Entregue'));
    const n = recebidos.length;
    await entrega.getByRole('button', { name: 'Reenviar' }).click();
    await poll(() => recebidos.length).toBe(n + 1);
    expect(recebidos[n].headers['webhook-id']).toBe(venda.headers['webhook-id']);
    expect(recebidos[n].erro).toBeUndefined();
    expect(s.errors).toEqual([]);
  });
  it('switches an external system on for the branch; the user info carries it', async () => {
    const { page } = s;
    await page.goto(s.url('pages/configuracoes/integracoes'));
    const linha = page.locator('.ant-table-row', { hasText: 'Birô de crédito' });
    await linha.getByRole('button', { name: 'Configurar' }).click();
    const drawer = page.locator('.ant-drawer-open', { hasText: 'Integração: Birô de crédito' });
    await drawer.getByLabel('Ativa').click();
    await drawer.getByLabel('Identificador da conta no sistema').fill('CONTA-E2E');
    await drawer.getByLabel('Configurações (uma por linha, nome=valor)').fill('usuario=loja\nambiente=homologacao');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await visible(linha.getByText('Ativa', { exact: true }));
    await visible(linha.getByText('CONTA-E2E'));
    const r = await s.server.db.query<{ configuracao: Record<string, string> }>('SELECT configuracao FROM integracoes_filial WHERE identificador = $1', ['CONTA-E2E']);
    expect(r.rows[0].configuracao).toEqual({ usuario: 'loja', ambiente: 'homologacao' });
    const token = await login(s.server.app, 'admin@demo.com.br');
    const info = (await s.server.app.inject({ method: 'GET', url: '/api/Usuarios/getUserInfo?sistema=novoerp', headers: { authorization: token } })).json();
    expect(info.filialSelecionadaObj).toMatchObject({ integracoes: [{ sistema: 1, id: 'CONTA-E2E' }], integracaoSerasa: true });
    expect(s.errors).toEqual([]);
  });
});
