import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { maquina, transitar } from '../documents/estados.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ResourceRegistry } from '../resources/registry.ts';
import type { DocumentRegistry } from '../documents/registry.ts';
import { verificarDestino } from './destino-seguro.ts';

type Row = Record<string, any>;

export const EVENTO_TESTE = 'webhook.teste';

/** The other modules' domain events (emitirEvento): data, in schemas/integracoes/eventos-dominio.json. */
const ARQUIVO_EVENTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/integracoes/eventos-dominio.json');
export const EVENTOS_DOMINIO: readonly { tipo: string; descricao: string; dados: string }[] = JSON.parse(fs.readFileSync(ARQUIVO_EVENTOS, 'utf8')).eventos;

/**
 * The event catalogue: created/updated/deleted of every resource document, and each document type's
 * transitions by the state they reach (pedidoVenda.faturado, pedidoVenda.cancelado, …), and the domain events of
 * schemas/integracoes/eventos-dominio.json (notaFiscal.autorizada, boleto.pago, estoque.alterado, …).
 */
export function catalogoEventos(resources: ResourceRegistry, documents?: DocumentRegistry): { tipo: string; descricao: string }[] {
  const out: { tipo: string; descricao: string }[] = [];
  for (const def of resources.byName.values()) {
    const nome = def.doc.singular ?? def.doc.title;
    out.push({ tipo: `${def.name}.criado`, descricao: `${nome}: cadastro incluído` }, { tipo: `${def.name}.alterado`, descricao: `${nome}: cadastro alterado` }, { tipo: `${def.name}.excluido`, descricao: `${nome}: cadastro excluído` });
  }
  for (const def of documents?.byName?.values() ?? []) {
    for (const st of def.doc.states) out.push({ tipo: `${def.name}.${st.key}`, descricao: `${def.doc.singular}: ${st.label.toLowerCase()}` });
  }
  const vistos = new Set(out.map((e) => e.tipo));
  for (const e of EVENTOS_DOMINIO) if (!vistos.has(e.tipo)) out.push({ tipo: e.tipo, descricao: e.descricao });
  return out.sort((a, b) => a.tipo.localeCompare(b.tipo));
}

/** A new Standard Webhooks secret: whsec_ + base64 of 24 random bytes. */
export const novoSegredo = () => `whsec_${randomBytes(24).toString('base64')}`;

const publico = (r: Row) => ({
  id: r.id,
  url: r.url,
  descricao: r.descricao,
  eventos: r.eventos,
  segredo: r.segredo,
  ativo: r.ativo,
  segredoAnteriorAte: r.segredo_anterior_ate && new Date(r.segredo_anterior_ate) > new Date() ? r.segredo_anterior_ate : null,
  desativadoMotivo: r.desativado_motivo,
  criadoEm: r.created_at,
});

async function validarEndpoint(body: Row, catalogo: Set<string>, parcial: boolean): Promise<Row> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto.');
  const out: Row = {};
  if (!parcial || body.eventos !== undefined) {
    if (!Array.isArray(body.eventos) || !body.eventos.length) throw badRequest('Eventos: escolha ao menos um evento.', [{ campo: 'eventos', mensagem: 'Campo Obrigatório!' }]);
    const desconhecido = body.eventos.find((e: unknown) => typeof e !== 'string' || (e !== '*' && !catalogo.has(e)));
    if (desconhecido !== undefined) throw badRequest(`Eventos: evento desconhecido (${String(desconhecido).slice(0, 80)}).`, [{ campo: 'eventos', mensagem: 'Evento desconhecido' }]);
    out.eventos = [...new Set(body.eventos as string[])];
  }
  if (!parcial || body.url !== undefined) out.url = (await verificarDestino(body.url)).toString();
  if (body.descricao !== undefined) {
    if (body.descricao !== null && (typeof body.descricao !== 'string' || body.descricao.length > 200)) throw badRequest('Descrição: até 200 caracteres.', [{ campo: 'descricao', mensagem: 'Texto muito longo' }]);
    out.descricao = body.descricao || null;
  }
  if (parcial && body.ativo !== undefined) {
    if (typeof body.ativo !== 'boolean') throw badRequest('Ativo: informe verdadeiro ou falso.', [{ campo: 'ativo', mensagem: 'Valor inválido' }]);
    out.ativo = body.ativo;
  }
  return out;
}

export async function criarEndpoint(q: Queryable, ctx: RequestContext, body: Row, catalogo: Set<string>): Promise<Row> {
  const v = await validarEndpoint(body, catalogo, false);
  const r = await q.query<Row>('INSERT INTO webhook_endpoints (tenant_id, url, descricao, eventos, segredo) VALUES ($1, $2, $3, $4, $5) RETURNING *', [ctx.tenantId, v.url, v.descricao ?? null, v.eventos, novoSegredo()]);
  return publico(r.rows[0]);
}

export async function alterarEndpoint(q: Queryable, ctx: RequestContext, id: number, body: Row, catalogo: Set<string>): Promise<Row> {
  const v = await validarEndpoint(body, catalogo, true);
  const r = await q.query<Row>(
    `UPDATE webhook_endpoints SET url = coalesce($3, url), descricao = CASE WHEN $4::boolean THEN $5 ELSE descricao END, eventos = coalesce($6, eventos),
            desativado_motivo = CASE WHEN $7 THEN NULL ELSE desativado_motivo END, updated_at = now()
      WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [ctx.tenantId, id, v.url ?? null, 'descricao' in v, v.descricao ?? null, v.eventos ?? null, v.ativo ?? null],
  );
  if (!r.rows[0]) throw notFound('Webhook não encontrado.');
  // Switching it on or off is the declared transition (schemas/lifecycles/webhookEndpoint.json); the same value again changes nothing.
  if (typeof v.ativo === 'boolean' && v.ativo !== r.rows[0].ativo) {
    await transitar(q, ctx, maquina('webhookEndpoint'), id, v.ativo ? 'ativar' : 'desativar');
    return publico({ ...r.rows[0], ativo: v.ativo });
  }
  return publico(r.rows[0]);
}

export async function excluirEndpoint(q: Queryable, ctx: RequestContext, id: number): Promise<{ count: number }> {
  const r = await q.query('DELETE FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
  if (!r.rowCount) throw notFound('Webhook não encontrado.');
  return { count: r.rowCount };
}

/**
 * Secret rotation: a new secret signs from now on, and the current one keeps signing beside it for `horas` hours
 * (default 24, at most 7 days; 0 drops it at once), so each receiver can switch without losing a delivery.
 */
export async function rotacionarSegredo(q: Queryable, ctx: RequestContext, id: number, body: Row): Promise<Row> {
  const horas = body?.horas ?? 24;
  if (typeof horas !== 'number' || !Number.isInteger(horas) || horas < 0 || horas > 168) throw badRequest('Horas: informe um número inteiro de 0 a 168 (7 dias).', [{ campo: 'horas', mensagem: 'Valor inválido' }]);
  const r = await q.query<Row>(
    `UPDATE webhook_endpoints SET segredo_anterior = segredo, segredo_anterior_ate = now() + make_interval(hours => $3), segredo = $4, updated_at = now()
      WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [ctx.tenantId, id, horas, novoSegredo()],
  );
  if (!r.rows[0]) throw notFound('Webhook não encontrado.');
  return publico(r.rows[0]);
}

/** comSegredo: only for who may change integrations (the secret lets anyone forge this account's webhooks). */
export async function listarEndpoints(q: Queryable, ctx: RequestContext, comSegredo: boolean): Promise<Row[]> {
  const r = await q.query<Row>('SELECT * FROM webhook_endpoints WHERE tenant_id = $1 ORDER BY id', [ctx.tenantId]);
  return r.rows.map((x) => ({ ...publico(x), segredo: comSegredo ? x.segredo : null }));
}

/**
 * Records an event and one delivery per active endpoint that chose it, in the caller's transaction (nothing is
 * sent here: the worker sends after commit). Returns whether anything was queued. `somenteEndpoint`: the
 * "send test event" of one endpoint, whatever it chose.
 */
export async function registrarEvento(q: Queryable, tenantId: number, tipo: string, dados: unknown, somenteEndpoint?: number): Promise<string | null> {
  const id = `msg_${randomUUID().replace(/-/g, '')}`;
  const payload = JSON.stringify({ type: tipo, timestamp: new Date().toISOString(), data: dados });
  // One statement: the endpoints that listen, the event (only when there is one) and its deliveries.
  const alvos = somenteEndpoint
    ? 'SELECT id FROM webhook_endpoints WHERE tenant_id = $1 AND id = $5'
    : `SELECT id FROM webhook_endpoints WHERE tenant_id = $1 AND ativo AND ($2 = ANY(eventos) OR '*' = ANY(eventos))`;
  const r = await q.query(
    `WITH alvos AS (${alvos}),
          ev AS (INSERT INTO webhook_eventos (tenant_id, id, tipo, payload) SELECT $1, $3, $2, $4::jsonb WHERE EXISTS (SELECT 1 FROM alvos) RETURNING id)
     INSERT INTO webhook_entregas (tenant_id, evento_id, endpoint_id) SELECT $1, ev.id, alvos.id FROM ev, alvos`,
    [tenantId, tipo, id, payload, ...(somenteEndpoint ? [somenteEndpoint] : [])],
  );
  return r.rowCount ? id : null;
}

/**
 * Many events of one type in the caller's transaction (a bulk import): the endpoints that chose `tipo` looked up
 * once, the payloads read only when there is one (`carregar`), events and deliveries written by one statement
 * each per 1,000 events. Returns how many events were recorded.
 */
export async function registrarEventos(q: Queryable, tenantId: number, tipo: string, carregar: () => Promise<unknown[]>): Promise<number> {
  const alvos = await q.query<{ id: number }>(`SELECT id FROM webhook_endpoints WHERE tenant_id = $1 AND ativo AND ($2 = ANY(eventos) OR '*' = ANY(eventos))`, [tenantId, tipo]);
  if (!alvos.rows.length) return 0;
  const lista = await carregar();
  const agora = new Date().toISOString();
  for (let i = 0; i < lista.length; i += 1000) {
    const parte = lista.slice(i, i + 1000);
    const ids = parte.map(() => `msg_${randomUUID().replace(/-/g, '')}`);
    const payloads = parte.map((dados) => JSON.stringify({ type: tipo, timestamp: agora, data: dados }));
    await q.query('INSERT INTO webhook_eventos (tenant_id, id, tipo, payload) SELECT $1, i, $2, p::jsonb FROM unnest($3::text[], $4::text[]) AS x(i, p)', [tenantId, tipo, ids, payloads]);
    await q.query('INSERT INTO webhook_entregas (tenant_id, evento_id, endpoint_id) SELECT $1, e, a FROM unnest($2::text[]) WITH ORDINALITY AS x(e, o), unnest($3::integer[]) AS y(a) ORDER BY o, a', [
      tenantId,
      ids,
      alvos.rows.map((r) => r.id),
    ]);
  }
  return lista.length;
}

/** The delivery log of one endpoint: newest first, with the event and the last attempt. */
export async function listarEntregas(q: Queryable, ctx: RequestContext, endpointId: number): Promise<Row[]> {
  const r = await q.query<Row>(
    `SELECT e.id, e.evento_id, v.tipo, e.status, e.tentativas, e.proxima_tentativa, e.ultimo_status, e.entregue_em, e.created_at,
            t.duracao_ms, t.resposta, t.erro
       FROM webhook_entregas e
       JOIN webhook_eventos v ON v.tenant_id = e.tenant_id AND v.id = e.evento_id
       LEFT JOIN LATERAL (SELECT duracao_ms, resposta, erro FROM webhook_tentativas t WHERE t.tenant_id = e.tenant_id AND t.entrega_id = e.id ORDER BY numero DESC LIMIT 1) t ON true
      WHERE e.tenant_id = $1 AND e.endpoint_id = $2 ORDER BY e.id DESC LIMIT 200`,
    [ctx.tenantId, endpointId],
  );
  return r.rows.map((x) => ({
    id: x.id,
    eventoId: x.evento_id,
    tipo: x.tipo,
    status: x.status,
    tentativas: x.tentativas,
    proximaTentativa: x.status === 'pendente' ? x.proxima_tentativa : null,
    ultimoStatus: x.ultimo_status,
    entregueEm: x.entregue_em,
    criadaEm: x.created_at,
    duracaoMs: x.duracao_ms,
    resposta: x.resposta,
    erro: x.erro,
  }));
}

export async function listarTentativas(q: Queryable, ctx: RequestContext, entregaId: number): Promise<Row[]> {
  const r = await q.query<Row>('SELECT * FROM webhook_tentativas WHERE tenant_id = $1 AND entrega_id = $2 ORDER BY numero', [ctx.tenantId, entregaId]);
  return r.rows.map((t) => ({ numero: t.numero, url: t.url, cabecalhos: t.requisicao_cabecalhos, corpo: t.requisicao_corpo, status: t.status, resposta: t.resposta, erro: t.erro, duracaoMs: t.duracao_ms, em: t.created_at }));
}

/** Manual replay: the delivery goes back to the queue now, with a fresh retry schedule (same event id). */
export async function reenviarEntrega(q: Queryable, ctx: RequestContext, entregaId: number): Promise<void> {
  const r = await q.query("UPDATE webhook_entregas SET status = 'pendente', tentativas = 0, proxima_tentativa = now(), updated_at = now() WHERE tenant_id = $1 AND id = $2", [ctx.tenantId, entregaId]);
  if (!r.rowCount) throw notFound('Entrega não encontrada.');
}
