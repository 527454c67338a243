import { randomBytes } from 'node:crypto';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { analisarDepoisDoLote } from '../db/maintenance.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { TABELAS_DO_RETORNO, aplicarRetorno, gerarRemessaPendente } from './cobranca.ts';
import { ctxDaConfiguracao, hashWebhook, lerAutomacao, PADRAO, segredoGuardado, type Automacao } from './automacao-config.ts';
import { beneficiarioDaFilial, lerConfiguracao } from './configuracao.ts';
import { enfileirarAvisosDoRetorno, avisarRejeicoesDoRetorno } from './lembretes.ts';

export { ctxDaConfiguracao, lerAutomacao, type Automacao } from './automacao-config.ts';

/**
 * Boletos without hands (issue 38 item 2): per boleto configuration, the automatic remessa at a set time, the
 * bank's file exchange (remessas up, retornos down and applied) and the "atualizar transações" action that runs
 * that pending work now. All of it in jobs of the jobs table: the bank is called with no transaction open, each
 * answer recorded once in its own short transaction.
 */

/** What the settings screen shows: secrets only say whether they are set. */
export const automacaoParaTela = (a: Automacao | null) => {
  const { bancoToken, pspClientSecret, webhookSegredo: _, ...resto } = a ?? { ...PADRAO, webhookSegredo: '' };
  return { ...resto, bancoTokenDefinido: !!bancoToken, pspClientSecretDefinido: !!pspClientSecret };
};

/** JSON Schema of the settings form (the server checks the same document: src/web reads it from the API). */
export const SCHEMA_AUTOMACAO = {
  type: 'object',
  additionalProperties: false,
  properties: {
    remessaAutomatica: { type: 'boolean', title: 'Gerar e enviar a remessa automaticamente' },
    remessaHora: { type: 'string', title: 'Horário da remessa automática', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    bancoUrl: { type: ['string', 'null'], title: 'Endereço da troca de arquivos do banco', pattern: '^https?://', maxLength: 300 },
    bancoToken: { type: ['string', 'null'], title: 'Token da troca de arquivos', maxLength: 500 },
    pspUrl: { type: ['string', 'null'], title: 'Endereço da API Pix do PSP', pattern: '^https?://', maxLength: 300 },
    pspClientId: { type: ['string', 'null'], title: 'Client ID do PSP', maxLength: 200 },
    pspClientSecret: { type: ['string', 'null'], title: 'Client secret do PSP', maxLength: 500 },
    lembreteAoEmitir: { type: 'boolean', title: 'Enviar o boleto por e-mail ao emitir' },
    lembreteDiasAntes: { type: ['integer', 'null'], title: 'Lembrete: dias antes do vencimento', minimum: 1, maximum: 30 },
    lembreteNoVencimento: { type: 'boolean', title: 'Lembrete no dia do vencimento' },
    lembreteDiasApos: { type: ['integer', 'null'], title: 'Aviso de atraso: dias após o vencimento', minimum: 1, maximum: 60 },
    avisoPagamentoEmail: { type: ['string', 'null'], title: 'Avisar a loja dos pagamentos no e-mail', format: 'email', maxLength: 200 },
  },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the settings against SCHEMA_AUTOMACAO, field by field, with the form's messages. */
export function conferirAutomacao(body: Record<string, unknown>): Partial<Automacao> {
  const erros: { campo: string; path: string; mensagem: string }[] = [];
  const out: Record<string, unknown> = {};
  for (const [campo, v] of Object.entries(body)) {
    const s = (SCHEMA_AUTOMACAO.properties as Record<string, any>)[campo];
    const erro = (mensagem: string) => erros.push({ campo, path: `/${campo}`, mensagem });
    if (!s) {
      erro('Campo desconhecido!');
      continue;
    }
    const tipos: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const valor = typeof v === 'string' && tipos.includes('null') && !v.trim() ? null : v;
    if (valor === null) {
      if (!tipos.includes('null')) erro('Campo Obrigatório!');
      else out[campo] = null;
      continue;
    }
    if (tipos.includes('boolean') && typeof valor !== 'boolean') erro('Campo inválido!');
    else if (tipos.includes('integer') && (!Number.isInteger(valor) || (valor as number) < s.minimum || (valor as number) > s.maximum)) erro(`Informe de ${s.minimum} a ${s.maximum}.`);
    else if (tipos.includes('string') && typeof valor !== 'string') erro('Campo inválido!');
    else if (typeof valor === 'string' && s.maxLength && valor.length > s.maxLength) erro(`Máximo ${s.maxLength} caracteres!`);
    else if (typeof valor === 'string' && s.pattern && !new RegExp(s.pattern).test(valor)) erro('Formato inválido!');
    else if (typeof valor === 'string' && s.format === 'email' && !EMAIL.test(valor)) erro('E-mail inválido!');
    else out[campo] = typeof valor === 'string' ? valor.trim() : valor;
  }
  if (erros.length) throw badRequest(erros.map((e) => `${(SCHEMA_AUTOMACAO.properties as Record<string, any>)[e.campo]?.title ?? e.campo}: ${e.mensagem}`).join(' '), erros);
  return out as Partial<Automacao>;
}

/** Saves the settings (secrets left empty keep the saved ones). */
export async function salvarAutomacao(q: Queryable, ctx: RequestContext, configuracaoId: number, body: Record<string, unknown>): Promise<Automacao> {
  const novo = conferirAutomacao(body);
  const atual = (await lerAutomacao(q, ctx.tenantId, configuracaoId)) ?? { ...PADRAO, webhookSegredo: randomBytes(18).toString('hex') };
  const v = { ...atual, ...novo };
  if (novo.bancoToken === null || novo.bancoToken === undefined) v.bancoToken = atual.bancoToken;
  if (novo.pspClientSecret === null || novo.pspClientSecret === undefined) v.pspClientSecret = atual.pspClientSecret;
  if (v.bancoUrl === null) v.bancoToken = null;
  if (v.pspUrl === null) v.pspClientSecret = null;
  if (v.pspUrl && (!v.pspClientId || !v.pspClientSecret)) throw badRequest('Para a cobrança Pix informe o client ID e o client secret do PSP.', [{ campo: 'pspClientId', path: '/pspClientId', mensagem: 'Campo Obrigatório!' }]);
  if (v.bancoUrl && !v.bancoToken) throw badRequest('Informe o token da troca de arquivos do banco.', [{ campo: 'bancoToken', path: '/bancoToken', mensagem: 'Campo Obrigatório!' }]);
  await q.query(
    `INSERT INTO boletos_automacao (tenant_id, configuracao_id, remessa_automatica, remessa_hora, banco_url, banco_token, psp_url, psp_client_id, psp_client_secret,
       lembrete_ao_emitir, lembrete_dias_antes, lembrete_no_vencimento, lembrete_dias_apos, aviso_pagamento_email, webhook_segredo, webhook_segredo_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (tenant_id, configuracao_id) DO UPDATE SET remessa_automatica = $3, remessa_hora = $4, banco_url = $5, banco_token = $6, psp_url = $7, psp_client_id = $8,
       psp_client_secret = $9, lembrete_ao_emitir = $10, lembrete_dias_antes = $11, lembrete_no_vencimento = $12, lembrete_dias_apos = $13, aviso_pagamento_email = $14,
       psp_webhook_registrado = CASE WHEN boletos_automacao.psp_url IS DISTINCT FROM $7 THEN NULL ELSE boletos_automacao.psp_webhook_registrado END, updated_at = now()`,
    [ctx.tenantId, configuracaoId, v.remessaAutomatica, v.remessaHora, v.bancoUrl, segredoGuardado(v.bancoToken), v.pspUrl, v.pspClientId, segredoGuardado(v.pspClientSecret),
      v.lembreteAoEmitir, v.lembreteDiasAntes, v.lembreteNoVencimento, v.lembreteDiasApos, v.avisoPagamentoEmail, segredoGuardado(v.webhookSegredo), hashWebhook(v.webhookSegredo)],
  );
  return (await lerAutomacao(q, ctx.tenantId, configuracaoId))!;
}

// ---------------------------------------------------------------- the bank's file exchange

/** A failure talking to the bank: the job retries with backoff; the message is the shop's. */
export class FalhaBanco extends Error {}

async function chamarBanco(a: Automacao, caminho: string, init: RequestInit = {}): Promise<Response> {
  let r: Response;
  try {
    r = await fetch(`${a.bancoUrl!.replace(/\/$/, '')}${caminho}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${a.bancoToken}` }, signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    throw new FalhaBanco(`O banco não respondeu (${e instanceof Error ? e.message : String(e)}); nova tentativa em instantes.`);
  }
  if (!r.ok) throw new FalhaBanco(`O banco recusou ${caminho} (HTTP ${r.status}): ${(await r.text().catch(() => '')).slice(0, 300)}`);
  return r;
}

/** Today and the time of day in the branch's time zone. */
async function agoraNaFilial(q: Queryable, ctx: RequestContext): Promise<{ data: string; hora: string }> {
  const r = await q.query<{ data: string; hora: string }>(
    `SELECT to_char(now() AT TIME ZONE coalesce(fuso_horario, 'America/Sao_Paulo'), 'YYYY-MM-DD') AS data, to_char(now() AT TIME ZONE coalesce(fuso_horario, 'America/Sao_Paulo'), 'HH24:MI') AS hora
       FROM branches WHERE tenant_id = $1 AND id = $2`,
    [ctx.tenantId, ctx.branchId],
  );
  return r.rows[0];
}

export interface ResultadoAtualizacao {
  remessa: { nome: string; titulos: number } | null;
  enviadas: string[];
  retornos: { nome: string; resultado: string; erro: boolean }[];
}

/**
 * The pending work of one configuration: (1) the automatic remessa when its time has come today (or `agora`),
 * (2) automatic remessas not yet sent go up to the bank, (3) retornos the bank has that were not fetched yet come
 * down and are applied (a refused file is recorded with its message and not fetched again).
 */
export async function atualizarTransacoes(services: Pick<AppServices, 'db' | 'jobs' | 'storage'>, tenantId: number, configuracaoId: number, opcoes: { agora?: boolean } = {}): Promise<ResultadoAtualizacao> {
  const out: ResultadoAtualizacao = { remessa: null, enviadas: [], retornos: [] };
  const ctx = await ctxDaConfiguracao(services, tenantId, configuracaoId);
  if (!ctx) return out;
  const a = await services.db.tenant(ctx, (q) => lerAutomacao(q, tenantId, configuracaoId));
  if (a?.remessaAutomatica) {
    out.remessa = await services.db.tenant(ctx, async (q) => {
      const { data, hora } = await agoraNaFilial(q, ctx);
      const trava = await q.query<{ u: string | null }>(`SELECT to_char(ultima_remessa_automatica, 'YYYY-MM-DD') AS u FROM boletos_automacao WHERE tenant_id = $1 AND configuracao_id = $2 FOR UPDATE`, [tenantId, configuracaoId]);
      if (!opcoes.agora && (hora < a.remessaHora || trava.rows[0]?.u === data)) return null;
      await q.query(`UPDATE boletos_automacao SET ultima_remessa_automatica = $3 WHERE tenant_id = $1 AND configuracao_id = $2`, [tenantId, configuracaoId, data]);
      const cfg = await lerConfiguracao(q, ctx, true);
      const beneficiario = await beneficiarioDaFilial(q, ctx);
      if (!cfg || !beneficiario) return null;
      try {
        const r = await gerarRemessaPendente(q, ctx, cfg, beneficiario, { automatica: true });
        return { nome: r.nome, titulos: r.titulos };
      } catch (e) {
        // Nothing new to send is not a failure of the job; anything else (a title the layout refuses) is.
        if (e instanceof HttpError && /Não há boletos novos/.test(e.message)) return null;
        throw e;
      }
    });
  }
  await lerPastaDeRetornos(services, ctx, configuracaoId, out);
  if (!a?.bancoUrl) return out;
  const pendentes = await services.db.tenant(ctx, (q) =>
    q.query<{ id: number; nome: string; conteudo: string }>(`SELECT id, nome, conteudo FROM boletos_remessas WHERE tenant_id = $1 AND configuracao_id = $2 AND automatica AND enviada_em IS NULL ORDER BY sequencial`, [tenantId, configuracaoId]),
  );
  for (const r of pendentes.rows) {
    const resp = await chamarBanco(a, '/v1/arquivos/remessa', { method: 'POST', headers: { 'content-type': 'text/plain; charset=iso-8859-1', 'x-nome-arquivo': r.nome }, body: Buffer.from(r.conteudo, 'latin1') });
    const { protocolo } = (await resp.json().catch(() => ({}))) as { protocolo?: string };
    await services.db.tenant(ctx, (q) => q.query(`UPDATE boletos_remessas SET enviada_em = now(), protocolo = $3 WHERE tenant_id = $1 AND id = $2 AND enviada_em IS NULL`, [tenantId, r.id, protocolo ?? null]));
    out.enviadas.push(r.nome);
  }
  const lista = (await (await chamarBanco(a, '/v1/arquivos/retorno')).json()) as { nome: string }[];
  const vistos = await arquivosVistos(services, ctx, configuracaoId);
  for (const { nome } of lista) {
    if (typeof nome !== 'string' || vistos.has(nome)) continue;
    const conteudo = Buffer.from(await (await chamarBanco(a, `/v1/arquivos/retorno/${encodeURIComponent(nome)}`)).arrayBuffer()).toString('latin1');
    const registro = await aplicarArquivo(services, ctx, configuracaoId, nome, conteudo);
    if (registro) out.retornos.push(registro);
  }
  return out;
}

async function arquivosVistos(services: Pick<AppServices, 'db'>, ctx: RequestContext, configuracaoId: number): Promise<Set<string>> {
  const ja = await services.db.tenant(ctx, (q) => q.query<{ nome: string }>(`SELECT nome FROM boletos_arquivos_banco WHERE tenant_id = $1 AND configuracao_id = $2`, [ctx.tenantId, configuracaoId]));
  return new Set(ja.rows.map((r) => r.nome));
}

/** Applies one retorno fetched from outside in its own transaction, recorded once by name (a refusal too). */
async function aplicarArquivo(services: Pick<AppServices, 'db' | 'jobs'>, ctx: RequestContext, configuracaoId: number, nome: string, conteudo: string) {
  const tenantId = ctx.tenantId;
  let aplicadas = 0;
  const registro = await services.db.tenant(ctx, async (q) => {
    const cfg = await lerConfiguracao(q, ctx, true);
    if (!cfg) return null;
    // A concurrent run took it first: nothing to do.
    const dup = await q.query(`SELECT 1 FROM boletos_arquivos_banco WHERE tenant_id = $1 AND configuracao_id = $2 AND nome = $3`, [tenantId, configuracaoId, nome]);
    if (dup.rows.length) return null;
    let resultado: string;
    let erro = false;
    let retornoId: number | null = null;
    await q.query('SAVEPOINT retorno');
    try {
      const r = await aplicarRetorno(q, ctx, cfg, conteudo, { nome: nome.split('/').pop() ?? nome });
      resultado = r.mensagem;
      if (r.aplicadas) await enfileirarAvisosDoRetorno(services, q, tenantId, configuracaoId, r.previa.hash);
      if (r.aplicadas) await avisarRejeicoesDoRetorno(services, q, tenantId, configuracaoId, r.previa.hash);
      retornoId = (await q.query<{ id: number }>(`SELECT id FROM boletos_retornos WHERE tenant_id = $1 AND configuracao_id = $2 AND hash = $3`, [tenantId, configuracaoId, r.previa.hash])).rows[0]?.id ?? null;
      await q.query('RELEASE SAVEPOINT retorno');
      aplicadas = r.aplicadas;
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      await q.query('ROLLBACK TO SAVEPOINT retorno');
      resultado = e.message;
      erro = true;
    }
    await q.query(`INSERT INTO boletos_arquivos_banco (tenant_id, configuracao_id, nome, retorno_id, resultado, erro) VALUES ($1, $2, $3, $4, $5, $6)`, [tenantId, configuracaoId, nome, retornoId, resultado, erro]);
    return { nome, resultado, erro };
  });
  // committed: thousands of new rows leave the planner's statistics (and the cached foreign-key plans) stale
  await analisarDepoisDoLote(services.db, TABELAS_DO_RETORNO, aplicadas);
  return registro;
}

/** The watched storage folder of a configuration's retornos (the bank's VAN client or the shop drops files there). */
export const pastaDeRetornos = (tenantId: number, configuracaoId: number) => `t/${tenantId}/boletos-retornos/${configuracaoId}`;
const pastaProcessados = (tenantId: number, configuracaoId: number) => `t/${tenantId}/boletos-retornos-processados/${configuracaoId}`;

/**
 * Each file in the watched folder is applied once (recorded as "pasta/NOME") and moved to the processed folder
 * (kept, with the date in its name, so the same name may come again another day).
 */
async function lerPastaDeRetornos(services: Pick<AppServices, 'db' | 'jobs' | 'storage'>, ctx: RequestContext, configuracaoId: number, out: ResultadoAtualizacao): Promise<void> {
  const storage = services.storage;
  if (!storage?.list) return;
  const chaves = await storage.list(pastaDeRetornos(ctx.tenantId, configuracaoId));
  if (!chaves.length) return;
  for (const chave of chaves) {
    const nomeArquivo = chave.split('/').pop()!;
    const corpo = await storage.get(chave);
    if (!corpo) continue;
    const partes: Buffer[] = [];
    for await (const c of corpo) partes.push(Buffer.from(c as Buffer));
    const carimbo = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const nome = `pasta/${carimbo}-${nomeArquivo}`.slice(0, 200);
    const registro = await aplicarArquivo(services, ctx, configuracaoId, nome, Buffer.concat(partes).toString('latin1'));
    await storage.put(`${pastaProcessados(ctx.tenantId, configuracaoId)}/${carimbo}-${nomeArquivo}`, Buffer.concat(partes));
    await storage.delete(chave);
    if (registro) out.retornos.push(registro);
  }
}

export const TIPO_ATUALIZAR = 'boletos.atualizarTransacoes';

/** Enqueues the pending work of a configuration (the "atualizar transações" action, or the periodic sweep). */
export async function enfileirarAtualizacao(services: Pick<AppServices, 'jobs'>, tenantId: number, configuracaoId: number, agora: boolean, q?: Queryable): Promise<number> {
  if (!services.jobs) throw new Error('fila de jobs indisponível');
  return services.jobs.enqueue(TIPO_ATUALIZAR, { tenantId, configuracaoId, agora }, { key: `${tenantId}:${configuracaoId}`, contaId: tenantId }, q);
}

/** The job kinds of this file: one configuration's pending work, and the sweep that enqueues it for each one. */
export function registrarJobsAutomacao(services: AppServices): PeriodicKind[] {
  services.jobs?.register<{ tenantId: number; configuracaoId: number; agora?: boolean }>(TIPO_ATUALIZAR, async (p) => {
    await atualizarTransacoes(services, p.tenantId, p.configuracaoId, { agora: p.agora === true });
  });
  return [
    {
      tipo: 'boletos.varrerAutomacao',
      aCadaMs: 15 * 60_000,
      executar: async () => {
        // Every active configuration: its watched folder, and the remessa and bank exchange when it has automation.
        const r = await services.db.query<{ tenant_id: number; configuracao_id: number }>(`SELECT c.tenant_id, c.id AS configuracao_id FROM configuracoes_boleto c WHERE c.ativo`);
        for (const row of r.rows) await enfileirarAtualizacao(services, Number(row.tenant_id), Number(row.configuracao_id), false);
      },
    },
  ];
}
