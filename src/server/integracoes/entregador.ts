import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/db.ts';
import { carregarEstado, maquina, permite, transitar } from '../documents/estados.ts';
import { enderecoPermitido, lookupSeguro, MSG_INTERNO } from './destino-seguro.ts';

type Row = Record<string, any>;

/**
 * Retry schedule after each failed attempt (seconds): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h —
 * about 2.7 days in all (the Standard Webhooks recommendation, stretched to ~3 days). After the last one the
 * delivery is 'falhou' (replayable by hand).
 */
export const ESPERAS_S = [5, 300, 1800, 7200, 18000, 36000, 36000, 50400, 72000];
/** An attempt's answer time limit: a slow receiver holds one slot for at most this. */
const TEMPO_LIMITE_MS = 15_000;
/** Time to open the connection (TCP and TLS): an address that does not answer frees its slot quickly. */
const CONEXAO_LIMITE_MS = 3_000;
/** Endpoints served at once; each claims its own batch and never waits for another's. */
const ENDPOINTS_SIMULTANEOS = 16;
/** Requests in flight at once to one endpoint (the bounded pool of each endpoint's batch). */
const POR_ENDPOINT = 8;
/** Deliveries one endpoint claims at a time: at most LOTE / POR_ENDPOINT rounds of TEMPO_LIMITE_MS, well inside the lease. */
const LOTE_ENDPOINT = 64;
/** A claimed delivery is leased for this long: if this process dies mid-delivery another one retries it. */
const ARRENDAMENTO_S = 300;
/** Attempts are recorded in batches: one transaction for up to this many, or whatever arrived within GRAVAR_MS. */
const GRAVAR_LOTE = 200;
const GRAVAR_MS = 25;
const POLL_MS = 1000;
/**
 * Connections kept open between attempts to the same receiver (one TCP/TLS handshake per socket, not per delivery).
 * The agent pools per host and port, and two endpoints may share one (paths of one receiver): its limit is well above
 * one endpoint's pool, so a slow endpoint's sockets never leave another endpoint of the same host waiting.
 */
const agenteHttp = new http.Agent({ keepAlive: true, maxSockets: POR_ENDPOINT * ENDPOINTS_SIMULTANEOS, maxFreeSockets: 32 });
const agenteHttps = new https.Agent({ keepAlive: true, maxSockets: POR_ENDPOINT * ENDPOINTS_SIMULTANEOS, maxFreeSockets: 32 });
export const MOTIVO_410 = 'O destino respondeu 410 (Gone): webhook desativado.';
export const MOTIVO_FALHAS = 'As entregas falharam por cerca de 3 dias seguidos: webhook desativado. Corrija o destino, ative-o de novo e reenvie as entregas que falharam.';

/** Test-only: shortens the schedule (escala 0.001: 5 s → 5 ms). RETAGUARDA_TESTE_WEBHOOK_BACKOFF_ESCALA too. */
export const ajustesTeste = { escalaBackoff: 1 };
const escala = () => Number(process.env.RETAGUARDA_TESTE_WEBHOOK_BACKOFF_ESCALA) || ajustesTeste.escalaBackoff;

interface Resultado {
  status: number | null;
  resposta: string | null;
  erro: string | null;
  duracaoMs: number;
  cabecalhos: Record<string, string>;
  corpo: string;
}

/**
 * One POST with the Standard Webhooks headers, signed by the `standardwebhooks` library, outside any transaction.
 * During a secret rotation's grace period `segredoAnterior` signs too: webhook-signature carries both `v1,…`
 * signatures separated by a space (the specification's list), so a receiver verifies with either secret.
 */
export function enviar(url: string, segredo: string, eventoId: string, corpo: string, segredoAnterior?: string | null): Promise<Resultado> {
  const agora = new Date();
  const assinaturas = [segredo, ...(segredoAnterior ? [segredoAnterior] : [])].map((s) => new Webhook(s).sign(eventoId, agora, corpo));
  const cabecalhos: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Retaguarda-Webhooks/1',
    'webhook-id': eventoId,
    'webhook-timestamp': String(Math.floor(agora.getTime() / 1000)),
    'webhook-signature': assinaturas.join(' '),
  };
  const inicio = performance.now();
  const fim = (r: Omit<Resultado, 'duracaoMs' | 'cabecalhos' | 'corpo'>): Resultado => ({ ...r, duracaoMs: Math.round(performance.now() - inicio), cabecalhos, corpo });
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return resolve(fim({ status: null, resposta: null, erro: 'URL inválida.' }));
    }
    const host = u.hostname.replace(/^\[|\]$/g, '');
    // An IP literal skips the DNS lookup: checked here; names are checked inside the connection's lookup.
    if (isIP(host) && !enderecoPermitido(host)) return resolve(fim({ status: null, resposta: null, erro: MSG_INTERNO }));
    const mod = u.protocol === 'https:' ? https : http;
    const agent = u.protocol === 'https:' ? agenteHttps : agenteHttp;
    let conectando: NodeJS.Timeout | null = null;
    const req = mod.request(u, { method: 'POST', agent, headers: { ...cabecalhos, 'content-length': Buffer.byteLength(corpo) }, lookup: lookupSeguro as any, timeout: TEMPO_LIMITE_MS }, (res) => {
      const partes: Buffer[] = [];
      let tamanho = 0;
      res.on('data', (c: Buffer) => {
        if (tamanho < 4096) partes.push(c);
        tamanho += c.length;
      });
      res.on('end', () => resolve(fim({ status: res.statusCode ?? null, resposta: Buffer.concat(partes).toString('utf8').slice(0, 4096), erro: null })));
      res.on('error', (e) => resolve(fim({ status: res.statusCode ?? null, resposta: null, erro: e.message })));
    });
    // A short limit to connect (a reused keep-alive socket is already connected), the longer one to answer.
    req.on('socket', (sock) => {
      if (!sock.connecting) return;
      conectando = setTimeout(() => req.destroy(new Error(`Sem conexão em ${CONEXAO_LIMITE_MS / 1000} s.`)), CONEXAO_LIMITE_MS);
      sock.once(u.protocol === 'https:' ? 'secureConnect' : 'connect', () => conectando && clearTimeout(conectando));
    });
    req.on('close', () => conectando && clearTimeout(conectando));
    req.on('timeout', () => req.destroy(new Error(`Sem resposta em ${TEMPO_LIMITE_MS / 1000} s.`)));
    req.on('error', (e) => resolve(fim({ status: null, resposta: null, erro: (e as { code?: string }).code === 'EDESTINOINTERNO' ? MSG_INTERNO : e.message })));
    req.end(corpo);
  });
}

/** An attempt to record (the delivery claimed, its endpoint's data, the answer). */
interface Registro {
  l: Row;
  d: Row;
  corpo: string;
  r: Resultado;
}

/**
 * The delivery worker: claims due deliveries from webhook_entregas per endpoint (a LATERAL per active endpoint,
 * FOR UPDATE SKIP LOCKED, so several server processes share the queue), sends them outside any transaction and
 * records the attempts in batches. Each endpoint is served by its own bounded pool (POR_ENDPOINT requests at once,
 * LOTE_ENDPOINT claimed at a time), and a claim skips endpoints already being served: a slow or failing endpoint holds
 * its own slots and its own queue, never another endpoint's deliveries. Connections are kept alive, connecting is
 * limited to CONEXAO_LIMITE_MS and answering to TEMPO_LIMITE_MS.
 *
 * Woken by the jobs table (src/server/jobs), not by a timer of its own: the writer's transaction enqueues an
 * `integracoes.webhooks` job (its NOTIFY on commit wakes every server), a failed attempt enqueues one for when its
 * retry is due, and the queue's wake-ups (enqueue, NOTIFY, its fallback tick) call acordar(). The deliveries
 * themselves stay rows of webhook_entregas sent here in parallel: the jobs worker runs one job at a time, and a
 * receiver that takes 15 s to time out must not hold every other job or endpoint.
 * Without a jobs queue (`agendarReintento` absent) it falls back to polling every second.
 */
export class EntregadorWebhooks {
  private timer: NodeJS.Timeout | null = null;
  private parado = true;
  private rodando: Promise<void> | null = null;
  private readonly emVoo = new Set<number>();
  private readonly tarefas = new Set<Promise<void>>();
  private fila: Registro[] = [];
  private gravando: Promise<void> | null = null;
  private timerGravar: NodeJS.Timeout | null = null;

  /**
   * aoAlertar: pushes a new alert to its user (socket.io), after the alert row is written. agendarReintento: enqueues
   * the jobs-table wake-up for a retry's due time (when absent, this class polls on its own).
   */
  constructor(
    private readonly db: Db,
    private readonly aoAlertar?: (tenantId: number, userId: number, alerta: Row) => void,
    private readonly agendarReintento?: (tenantId: number, quando: Date) => Promise<unknown>,
  ) {}

  start(): void {
    this.parado = false;
    // What was left pending by a previous run (a crash, a restart) is looked at once now.
    this.agendar(this.agendarReintento ? 20 : POLL_MS);
  }

  async stop(): Promise<void> {
    this.parado = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.rodando;
    while (this.tarefas.size) await Promise.all([...this.tarefas]);
    await this.gravarPendentes();
  }

  /** Something was queued: look soon (after the writer's commit, or at the next poll). */
  acordar(): void {
    if (!this.parado) this.agendar(20);
  }

  private agendar(ms: number): void {
    if (this.parado) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.rodando) return this.agendar(ms);
      this.rodando = this.ciclo()
        .then(() => {}, () => {})
        .finally(() => {
          this.rodando = null;
          if (!this.agendarReintento) this.agendar(POLL_MS);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** Claims what is due (a batch per endpoint, for as many endpoints as there are free slots) and starts each endpoint's pool. */
  async ciclo(): Promise<number> {
    const livres = ENDPOINTS_SIMULTANEOS - this.emVoo.size;
    if (livres <= 0 || this.parado) return 0;
    const linhas = await this.db.transaction(async (q) => {
      const r = await q.query<Row>(
        `UPDATE webhook_entregas e SET tentativas = e.tentativas + 1, proxima_tentativa = now() + make_interval(secs => $4), updated_at = now()
           FROM (SELECT w.tenant_id, w.id FROM (
                   SELECT p.tenant_id, p.id FROM webhook_endpoints p
                    WHERE p.ativo AND NOT (p.id = ANY($1::integer[]))
                      AND EXISTS (SELECT 1 FROM webhook_entregas x WHERE x.tenant_id = p.tenant_id AND x.endpoint_id = p.id AND x.status = 'pendente' AND x.proxima_tentativa <= now())
                    ORDER BY p.id LIMIT $2) p
                 CROSS JOIN LATERAL (
                   SELECT w.tenant_id, w.id FROM webhook_entregas w
                    WHERE w.tenant_id = p.tenant_id AND w.endpoint_id = p.id AND w.status = 'pendente' AND w.proxima_tentativa <= now()
                    ORDER BY w.proxima_tentativa, w.id LIMIT $3 FOR UPDATE SKIP LOCKED) w) c
          WHERE e.tenant_id = c.tenant_id AND e.id = c.id
          RETURNING e.tenant_id, e.id, e.endpoint_id, e.evento_id, e.tentativas`,
        [[...this.emVoo], livres, LOTE_ENDPOINT, ARRENDAMENTO_S],
      );
      return r.rows;
    });
    if (!linhas.length) return 0;
    // Payload, address and secrets of everything claimed, in one read (not one per delivery).
    const dados = await this.db.query<Row>(
      `SELECT c.i, v.payload, p.url, p.segredo, p.ativo, CASE WHEN p.segredo_anterior_ate > now() THEN p.segredo_anterior END AS segredo_anterior
         FROM unnest($1::integer[], $2::text[], $3::integer[]) WITH ORDINALITY AS c(tenant_id, evento_id, endpoint_id, i)
         JOIN webhook_eventos v ON v.tenant_id = c.tenant_id AND v.id = c.evento_id
         JOIN webhook_endpoints p ON p.tenant_id = c.tenant_id AND p.id = c.endpoint_id`,
      [linhas.map((l) => l.tenant_id), linhas.map((l) => l.evento_id), linhas.map((l) => l.endpoint_id)],
    );
    for (const d of dados.rows) linhas[Number(d.i) - 1].dados = d;
    const porEndpoint = new Map<number, Row[]>();
    for (const l of linhas) porEndpoint.set(l.endpoint_id, [...(porEndpoint.get(l.endpoint_id) ?? []), l]);
    for (const [endpointId, lista] of porEndpoint) {
      this.emVoo.add(endpointId);
      const t = this.entregarLote(lista).finally(() => {
        this.emVoo.delete(endpointId);
        this.tarefas.delete(t);
        this.acordar();
      });
      this.tarefas.add(t);
    }
    return linhas.length;
  }

  /**
   * One endpoint's claimed batch through its pool of POR_ENDPOINT requests, in claim order. After the endpoint is
   * disabled (410, or retries exhausted) nothing more of the batch is sent (the rest stays leased and pending).
   * Resolves once every attempt of the batch is recorded.
   */
  private async entregarLote(lista: Row[]): Promise<void> {
    let proximo = 0;
    let desativado = false;
    const trabalhador = async () => {
      while (!desativado && proximo < lista.length) {
        const l = lista[proximo++];
        const d = l.dados as Row | undefined;
        if (!d || !d.ativo) return;
        const corpo = JSON.stringify(d.payload);
        const r = await enviar(d.url, d.segredo, l.evento_id, corpo, d.segredo_anterior).catch((e) => ({ status: null, resposta: null, erro: String((e as Error)?.message ?? e), duracaoMs: 0, cabecalhos: {}, corpo }));
        const ok = r.status !== null && r.status >= 200 && r.status < 300;
        if (r.status === 410 || (!ok && l.tentativas > ESPERAS_S.length)) desativado = true;
        this.registrar({ l, d, corpo, r });
      }
    };
    await Promise.all(Array.from({ length: Math.min(POR_ENDPOINT, lista.length) }, trabalhador));
    await this.gravarPendentes();
  }

  /** Queues an attempt for the next batched write. */
  private registrar(reg: Registro): void {
    this.fila.push(reg);
    if (this.fila.length >= GRAVAR_LOTE) void this.gravarPendentes();
    else if (!this.timerGravar) {
      this.timerGravar = setTimeout(() => {
        this.timerGravar = null;
        void this.gravarPendentes();
      }, GRAVAR_MS);
    }
  }

  /** Writes every queued attempt (one transaction per GRAVAR_LOTE), one write at a time; resolves when the queue is empty. */
  private async gravarPendentes(): Promise<void> {
    while (this.gravando) await this.gravando;
    if (!this.fila.length) return;
    if (this.timerGravar) clearTimeout(this.timerGravar);
    this.timerGravar = null;
    const lote = this.fila.splice(0, GRAVAR_LOTE);
    this.gravando = this.gravar(lote)
      .catch(() => {}) // unrecorded attempts stay leased and pending: retried when the lease ends (at least once)
      .finally(() => {
        this.gravando = null;
      });
    await this.gravando;
    if (this.fila.length) await this.gravarPendentes();
  }

  /**
   * Records a batch of attempts in one transaction: the attempts (one INSERT), the deliveries' new states (one
   * UPDATE), and for a 410 or exhausted retries the endpoint disabled with an alert to the account's administrators.
   */
  private async gravar(lote: Registro[]): Promise<void> {
    const alertas: { tenantId: number; userId: number; alerta: Row }[] = [];
    const reintentos: { tenantId: number; quando: Date }[] = [];
    const linhas = lote.map(({ l, d, corpo, r }) => {
      const ok = r.status !== null && r.status >= 200 && r.status < 300;
      const gone = r.status === 410;
      const esgotou = l.tentativas > ESPERAS_S.length;
      const espera = ESPERAS_S[Math.min(l.tentativas - 1, ESPERAS_S.length - 1)] * escala();
      if (!ok && !gone && !esgotou) reintentos.push({ tenantId: l.tenant_id, quando: new Date(Date.now() + espera * 1000) });
      const situacao = ok ? 'entregue' : gone ? 'cancelada' : esgotou ? 'falhou' : 'pendente';
      return { l, d, corpo, r, situacao, espera, motivo: gone ? MOTIVO_410 : !ok && esgotou ? MOTIVO_FALHAS : null };
    });
    await this.db.transaction(async (q) => {
      const col = <T>(f: (x: (typeof linhas)[number]) => T) => linhas.map(f);
      await q.query(
        `INSERT INTO webhook_tentativas (tenant_id, entrega_id, numero, url, requisicao_cabecalhos, requisicao_corpo, status, resposta, erro, duracao_ms)
         SELECT * FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::jsonb[], $6::text[], $7::integer[], $8::text[], $9::text[], $10::integer[])`,
        [
          col((x) => x.l.tenant_id),
          col((x) => x.l.id),
          col((x) => x.l.tentativas),
          col((x) => x.d.url),
          col((x) => JSON.stringify(x.r.cabecalhos)),
          col((x) => x.corpo),
          col((x) => x.r.status),
          col((x) => x.r.resposta),
          col((x) => x.r.erro),
          col((x) => x.r.duracaoMs),
        ],
      );
      await q.query(
        `UPDATE webhook_entregas e SET ultimo_status = x.st, updated_at = now(), status = x.sit,
                entregue_em = CASE WHEN x.sit = 'entregue' THEN now() ELSE NULL END,
                proxima_tentativa = CASE WHEN x.sit = 'pendente' THEN now() + make_interval(secs => x.espera) ELSE e.proxima_tentativa END
           FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::double precision[]) AS x(t, i, st, sit, espera)
          WHERE e.tenant_id = x.t AND e.id = x.i`,
        [col((x) => x.l.tenant_id), col((x) => x.l.id), col((x) => x.r.status), col((x) => x.situacao), col((x) => x.espera)],
      );
      // 410 Gone: the receiver says the endpoint no longer exists (Standard Webhooks); retries exhausted (~3 days
      // of failures): disable the endpoint and tell the account's administrators.
      for (const x of linhas) {
        if (!x.motivo) continue;
        // ativo → desativado (schemas/lifecycles/webhookEndpoint.json), the reason written with the state; an endpoint already off stays as it is.
        const m = maquina('webhookEndpoint');
        const alvo = { tenantId: Number(x.l.tenant_id) };
        const atual = await carregarEstado(q, alvo, m, Number(x.l.endpoint_id)).catch((e) => (e?.statusCode === 404 ? null : Promise.reject(e)));
        if (!atual || !permite(m, 'desativar', atual.estado)) continue;
        await transitar(q, alvo, m, Number(x.l.endpoint_id), 'desativar', undefined, { colunas: { desativado_motivo: x.motivo } });
        const ins = await q.query<Row>(
          `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
           SELECT u.tenant_id, u.id, 'warning', $2, 'pages/configuracoes/webhook', true FROM users u WHERE u.tenant_id = $1 AND u.ativo AND u.perfil_admin
           RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
          [x.l.tenant_id, `O webhook ${x.d.url} foi desativado. ${x.motivo}`],
        );
        for (const { user_id, ...alerta } of ins.rows) alertas.push({ tenantId: x.l.tenant_id, userId: user_id, alerta });
      }
    });
    for (const a of alertas) this.aoAlertar?.(a.tenantId, a.userId, a.alerta);
    for (const x of reintentos) await this.agendarReintento?.(x.tenantId, x.quando).catch(() => {});
  }
}
