import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/db.ts';
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
/** Deliveries in flight at once, each to a different endpoint. */
const SIMULTANEAS = 8;
/** A claimed delivery is leased for this long: if this process dies mid-delivery another one retries it. */
const ARRENDAMENTO_S = 120;
const POLL_MS = 1000;
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
    const req = mod.request(u, { method: 'POST', headers: { ...cabecalhos, 'content-length': Buffer.byteLength(corpo) }, lookup: lookupSeguro as any, timeout: TEMPO_LIMITE_MS }, (res) => {
      const partes: Buffer[] = [];
      let tamanho = 0;
      res.on('data', (c: Buffer) => {
        if (tamanho < 4096) partes.push(c);
        tamanho += c.length;
      });
      res.on('end', () => resolve(fim({ status: res.statusCode ?? null, resposta: Buffer.concat(partes).toString('utf8').slice(0, 4096), erro: null })));
      res.on('error', (e) => resolve(fim({ status: res.statusCode ?? null, resposta: null, erro: e.message })));
    });
    req.on('timeout', () => req.destroy(new Error(`Sem resposta em ${TEMPO_LIMITE_MS / 1000} s.`)));
    req.on('error', (e) => resolve(fim({ status: null, resposta: null, erro: (e as { code?: string }).code === 'EDESTINOINTERNO' ? MSG_INTERNO : e.message })));
    req.end(corpo);
  });
}

/**
 * The delivery worker: claims due deliveries from webhook_entregas (FOR UPDATE SKIP LOCKED, so several server
 * processes share the queue), sends each outside any transaction and records the attempt. Each endpoint has at
 * most one delivery in flight, and a claim skips endpoints already in flight: a slow or failing endpoint holds
 * one slot and its own queue, never another endpoint's deliveries.
 *
 * Woken by the jobs table (src/server/jobs), not by a timer of its own: the writer's transaction enqueues an
 * `integracoes.webhooks` job (its NOTIFY on commit wakes every server), a failed attempt enqueues one for when its
 * retry is due, and the queue's wake-ups (enqueue, NOTIFY, its fallback tick) call acordar(). The deliveries
 * themselves stay rows of webhook_entregas sent here in parallel, one in flight per endpoint: the jobs worker runs
 * one job at a time, and a receiver that takes 15 s to time out must not hold every other job or endpoint.
 * Without a jobs queue (`agendarReintento` absent) it falls back to polling every second.
 */
export class EntregadorWebhooks {
  private timer: NodeJS.Timeout | null = null;
  private parado = true;
  private rodando: Promise<void> | null = null;
  private readonly emVoo = new Set<number>();
  private readonly tarefas = new Set<Promise<void>>();

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

  /** Claims what is due (as many endpoints as there are free slots) and starts each endpoint's deliveries. */
  async ciclo(): Promise<number> {
    const livres = SIMULTANEAS - this.emVoo.size;
    if (livres <= 0 || this.parado) return 0;
    const linhas = await this.db.transaction(async (q) => {
      const r = await q.query<Row>(
        `UPDATE webhook_entregas e SET tentativas = e.tentativas + 1, proxima_tentativa = now() + make_interval(secs => $3), updated_at = now()
           FROM (SELECT w.tenant_id, w.id FROM webhook_entregas w
                  WHERE w.status = 'pendente' AND w.proxima_tentativa <= now() AND NOT (w.endpoint_id = ANY($1::integer[]))
                    AND EXISTS (SELECT 1 FROM webhook_endpoints p WHERE p.tenant_id = w.tenant_id AND p.id = w.endpoint_id AND p.ativo)
                  ORDER BY w.proxima_tentativa, w.id LIMIT $2 FOR UPDATE SKIP LOCKED) c
          WHERE e.tenant_id = c.tenant_id AND e.id = c.id
          RETURNING e.tenant_id, e.id, e.endpoint_id, e.evento_id, e.tentativas`,
        [[...this.emVoo], livres * 8, ARRENDAMENTO_S],
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
      const t = this.entregarEmOrdem(lista).finally(() => {
        this.emVoo.delete(endpointId);
        this.tarefas.delete(t);
        this.acordar();
      });
      this.tarefas.add(t);
    }
    return linhas.length;
  }

  /** One endpoint's claimed deliveries, in order; after the endpoint is disabled (410) the rest wait (leased). */
  private async entregarEmOrdem(lista: Row[]): Promise<void> {
    for (const l of lista) if (!(await this.entregar(l).catch(() => false))) break;
  }

  /** Sends one delivery and records the attempt; false when the endpoint is (or just became) disabled. */
  private async entregar(l: Row): Promise<boolean> {
    const d = l.dados as Row | undefined;
    if (!d || !d.ativo) return false;
    const corpo = JSON.stringify(d.payload);
    const r = await enviar(d.url, d.segredo, l.evento_id, corpo, d.segredo_anterior);
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const gone = r.status === 410;
    const esgotou = l.tentativas > ESPERAS_S.length;
    const espera = ESPERAS_S[Math.min(l.tentativas - 1, ESPERAS_S.length - 1)] * escala();
    const alertas: Row[] = [];
    await this.db.transaction(async (q) => {
      await q.query(
        `INSERT INTO webhook_tentativas (tenant_id, entrega_id, numero, url, requisicao_cabecalhos, requisicao_corpo, status, resposta, erro, duracao_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [l.tenant_id, l.id, l.tentativas, d.url, JSON.stringify(r.cabecalhos), corpo, r.status, r.resposta, r.erro, r.duracaoMs],
      );
      await q.query(
        `UPDATE webhook_entregas SET ultimo_status = $3, updated_at = now(),
                status = CASE WHEN $4 THEN 'entregue' WHEN $5 THEN 'cancelada' WHEN $6 THEN 'falhou' ELSE 'pendente' END,
                entregue_em = CASE WHEN $4 THEN now() ELSE NULL END,
                proxima_tentativa = CASE WHEN $4 OR $5 OR $6 THEN proxima_tentativa ELSE now() + make_interval(secs => $7) END
          WHERE tenant_id = $1 AND id = $2`,
        [l.tenant_id, l.id, r.status, ok, gone, !ok && !gone && esgotou, espera],
      );
      // 410 Gone: the receiver says the endpoint no longer exists (Standard Webhooks); retries exhausted (~3 days
      // of failures): disable the endpoint and tell the account's administrators.
      const motivo = gone ? MOTIVO_410 : !ok && esgotou ? MOTIVO_FALHAS : null;
      if (motivo) {
        const r = await q.query(`UPDATE webhook_endpoints SET ativo = false, desativado_motivo = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND ativo`, [l.tenant_id, l.endpoint_id, motivo]);
        if (r.rowCount) {
          const ins = await q.query<Row>(
            `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
             SELECT u.tenant_id, u.id, 'warning', $2, 'pages/configuracoes/webhook', true FROM users u WHERE u.tenant_id = $1 AND u.ativo AND u.perfil_admin
             RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
            [l.tenant_id, `O webhook ${d.url} foi desativado. ${motivo}`],
          );
          alertas.push(...ins.rows);
        }
      }
    });
    for (const { user_id, ...alerta } of alertas) this.aoAlertar?.(l.tenant_id, user_id, alerta);
    if (!ok && !gone && !esgotou) await this.agendarReintento?.(l.tenant_id, new Date(Date.now() + espera * 1000)).catch(() => {});
    return !(gone || (!ok && esgotou));
  }
}
