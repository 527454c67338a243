import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { montarPixDinamico } from '../boletos/pix/br-code.ts';

/**
 * A Pix PSP on loopback speaking the BACEN Pix API (API Pix v2, bacen/pix-api): OAuth2 client credentials at
 * /oauth/token, PUT/GET /cob/{txid} (immediate) and /cobv/{txid} (with due date), PUT/GET /webhook/{chave},
 * GET /pix/{e2eid}. `pagar(txid)` stands in for a payer paying the QR: the PSP records the Pix and POSTs
 * { pix: [...] } to the registered webhook URL + "/pix", as the API specifies. Errors use the API's problem+json.
 */
export interface PixRecebido { endToEndId: string; txid: string; valor: string; horario: string; chave: string; infoPagador?: string }

export async function startPspPix(opts: { clientId?: string; clientSecret?: string } = {}) {
  const clientId = opts.clientId ?? 'retaguarda';
  const clientSecret = opts.clientSecret ?? 'segredo-psp';
  const tokens = new Set<string>();
  const cobs = new Map<string, Record<string, any>>();
  const pixs = new Map<string, PixRecebido>();
  const webhooks = new Map<string, string>();
  const entregas: { url: string; status: number; corpo: unknown }[] = [];
  let base = '';

  const problema = (res: ServerResponse, status: number, type: string, title: string, detail: string) => {
    res.writeHead(status, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, detail }));
  };
  const json = (res: ServerResponse, status: number, corpo: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(corpo));
  };
  const ler = (req: IncomingMessage) => new Promise<string>((resolve) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => resolve(Buffer.concat(partes).toString('utf8')));
  });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const corpo = await ler(req);
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
      const [id, segredo] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      if (id !== clientId || segredo !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      const t = randomBytes(16).toString('hex');
      tokens.add(t);
      return json(res, 200, { access_token: t, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read cobv.write cobv.read pix.read webhook.write webhook.read' });
    }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return problema(res, 403, 'AcessoNegado', 'Acesso Negado', 'Requisição de participante autenticado que viola alguma regra de autorização.');
    const m = /^\/(cob|cobv)\/([A-Za-z0-9]{26,35})$/.exec(url.pathname);
    if (m && req.method === 'PUT') {
      const [, tipo, txid] = m;
      let b: Record<string, any>;
      try {
        b = JSON.parse(corpo);
      } catch {
        return problema(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'A requisição não é um JSON válido.');
      }
      const original = b?.valor?.original;
      if (typeof original !== 'string' || !/^\d{1,10}\.\d{2}$/.test(original)) return problema(res, 400, tipo === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida', 'Cobrança inválida.', 'O campo cob.valor.original não respeita o schema.');
      if (typeof b.chave !== 'string' || !b.chave) return problema(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'O campo chave não respeita o schema.');
      if (tipo === 'cobv' && !/^\d{4}-\d{2}-\d{2}$/.test(b?.calendario?.dataDeVencimento ?? '')) return problema(res, 400, 'CobVOperacaoInvalida', 'Cobrança inválida.', 'O campo cobv.calendario.dataDeVencimento não respeita o schema.');
      const existente = cobs.get(txid);
      if (existente && existente.status !== 'ATIVA') return problema(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'A cobrança não está ATIVA.');
      const location = `${base.replace(/^http:\/\//, '')}/qr/v2/${tipo === 'cobv' ? 'cobv/' : ''}${randomUUID().replace(/-/g, '')}`;
      const cob = {
        ...b, txid, revisao: existente ? existente.revisao + 1 : 0, status: 'ATIVA',
        calendario: { criacao: new Date().toISOString(), ...b.calendario },
        loc: { id: cobs.size + 1, location, tipoCob: tipo, criacao: new Date().toISOString() }, location,
        pixCopiaECola: montarPixDinamico({ location, nome: 'PSP LOCAL RECEBEDOR', cidade: 'SAO PAULO' }),
        tipo,
      };
      cobs.set(txid, cob);
      return json(res, existente ? 200 : 201, cob);
    }
    if (m && req.method === 'GET') {
      const cob = cobs.get(m[2]);
      if (!cob || cob.tipo !== m[1]) return problema(res, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.', 'Cobrança não encontrada para o txid informado.');
      return json(res, 200, cob);
    }
    const w = /^\/webhook\/(.+)$/.exec(url.pathname);
    if (w && req.method === 'PUT') {
      const b = JSON.parse(corpo || '{}');
      if (typeof b.webhookUrl !== 'string' || !/^https?:\/\//.test(b.webhookUrl)) return problema(res, 400, 'WebhookOperacaoInvalida', 'Webhook inválido.', 'O campo webhookUrl não respeita o schema.');
      webhooks.set(decodeURIComponent(w[1]), b.webhookUrl);
      res.writeHead(204).end();
      return;
    }
    const p = /^\/pix\/([A-Za-z0-9]{32})$/.exec(url.pathname);
    if (p && req.method === 'GET') {
      const pix = pixs.get(p[1]);
      if (!pix) return problema(res, 404, 'NaoEncontrado', 'Não encontrado', 'Pix não encontrado para o e2eid informado.');
      return json(res, 200, pix);
    }
    return problema(res, 404, 'NaoEncontrado', 'Não encontrado', 'Recurso não encontrado.');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  /** A payer pays the charge: the PSP records the Pix and calls the webhook (again on `reenviar`, as PSPs do). */
  async function pagar(txid: string, valor?: string): Promise<PixRecebido> {
    const cob = cobs.get(txid);
    if (!cob) throw new Error(`cobrança ${txid} não existe no PSP`);
    const pix: PixRecebido = { endToEndId: `E${'12345678'}${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32).padEnd(32, '0'), txid, valor: valor ?? cob.valor.original, horario: new Date().toISOString(), chave: cob.chave, infoPagador: 'Pagamento do boleto' };
    pixs.set(pix.endToEndId, pix);
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    await notificar(pix);
    return pix;
  }
  async function notificar(pix: PixRecebido): Promise<number> {
    const alvo = webhooks.get(pix.chave);
    if (!alvo) return 0;
    const url = `${alvo.replace(/\/$/, '')}/pix`;
    const corpo = { pix: [pix] };
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
    entregas.push({ url, status: r.status, corpo });
    return r.status;
  }
  return {
    url: base, clientId, clientSecret, cobs, pixs, webhooks, entregas, pagar, reenviar: notificar,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
