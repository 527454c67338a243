import { formatBRL } from '../../shared/money.ts';
import { formatDate } from '../../shared/dates.ts';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { ctxDaConfiguracao, lerAutomacao } from './automacao-config.ts';
import { beneficiarioDaFilial, lerConfiguracao } from './configuracao.ts';
import { boletosPdf } from './pdf-boletos.ts';

/**
 * E-mails about boletos (issue 38 item 3), all sent by jobs through the e-mail module: the boleto on issue and on
 * request, reminders N days before the due date, on it and when overdue (per the configuration's settings), and
 * the alert to the shop when one is paid. A reminder kind goes at most once per boleto (boletos_emails).
 */

export type TipoEmail = 'emissao' | 'antes' | 'vencimento' | 'vencido' | 'boleto' | 'pagamento' | 'rejeicao';
export const TIPO_EMAIL = 'boletos.email';
const UMA_VEZ: TipoEmail[] = ['emissao', 'antes', 'vencimento', 'vencido', 'pagamento', 'rejeicao'];
/** E-mails to the shop (its notice address), not to the payer. */
const PARA_LOJA: TipoEmail[] = ['pagamento', 'rejeicao'];

/** Enqueues one e-mail (in the caller's transaction when q is given). */
export async function enfileirarEmail(services: Pick<AppServices, 'jobs'>, q: Queryable | undefined, tenantId: number, boletoId: number, tipo: TipoEmail, para?: string | null): Promise<number | null> {
  if (!services.jobs) return null;
  const chave = tipo === 'boleto' ? `${tenantId}:${boletoId}:boleto:${para ?? ''}` : `${tenantId}:${boletoId}:${tipo}`;
  return services.jobs.enqueue(TIPO_EMAIL, { tenantId, boletoId, tipo, para: para ?? null }, { key: chave, contaId: tenantId }, q);
}

const ASSUNTO: Record<TipoEmail, (n: number, loja: string) => string> = {
  emissao: (n, loja) => `${loja}: seu boleto nº ${n}`,
  boleto: (n, loja) => `${loja}: boleto nº ${n}`,
  antes: (n, loja) => `${loja}: o boleto nº ${n} vence em breve`,
  vencimento: (n, loja) => `${loja}: o boleto nº ${n} vence hoje`,
  vencido: (n, loja) => `${loja}: o boleto nº ${n} está vencido`,
  pagamento: (n) => `Boleto nº ${n} pago`,
  rejeicao: (n) => `Boleto nº ${n} rejeitado pelo banco`,
};

/** The job: one e-mail about one boleto, skipped when no longer due (paid, cancelled) or already sent. */
async function enviarEmail(services: AppServices, p: { tenantId: number; boletoId: number; tipo: TipoEmail; para?: string | null }) {
  const conf = await services.db.query<{ configuracao_id: number }>(`SELECT configuracao_id FROM boletos WHERE tenant_id = $1 AND id = $2`, [p.tenantId, p.boletoId]);
  if (!conf.rows[0]) return;
  const configuracaoId = Number(conf.rows[0].configuracao_id);
  const ctx = await ctxDaConfiguracao(services, p.tenantId, configuracaoId);
  if (!ctx) return;
  const msg = await services.db.tenant(ctx, async (q) => {
    if (UMA_VEZ.includes(p.tipo)) {
      const ja = await q.query(`SELECT 1 FROM boletos_emails WHERE tenant_id = $1 AND boleto_id = $2 AND tipo = $3`, [p.tenantId, p.boletoId, p.tipo]);
      if (ja.rows.length) return null;
    }
    const b = (await q.query(
      `SELECT b.id, b.numero, b.estado, b.valor::text AS valor, to_char(b.vencimento, 'YYYY-MM-DD') AS vencimento, b.pagador_nome, b.valor_pago::text AS valor_pago,
              to_char(b.data_pagamento, 'YYYY-MM-DD') AS data_pagamento, b.motivo, pe.email
         FROM boletos b JOIN parcelas pa ON pa.tenant_id = b.tenant_id AND pa.id = b.parcela_id JOIN lancamentos l ON l.tenant_id = pa.tenant_id AND l.id = pa.lancamento_id
         LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
        WHERE b.tenant_id = $1 AND b.id = $2`,
      [p.tenantId, p.boletoId],
    )).rows[0];
    if (!b) return null;
    const aberto = b.estado === 'pendente' || b.estado === 'registrado';
    if (['antes', 'vencimento', 'vencido', 'emissao'].includes(p.tipo) && !aberto) return null;
    if (p.tipo === 'boleto' && !aberto && b.estado !== 'pago') return null;
    if (p.tipo === 'rejeicao' && b.estado !== 'rejeitado') return null;
    const beneficiario = await beneficiarioDaFilial(q, ctx);
    const loja = beneficiario?.nome ?? 'Sua loja';
    let para: string | null;
    if (PARA_LOJA.includes(p.tipo)) para = (await lerAutomacao(q, p.tenantId, configuracaoId))?.avisoPagamentoEmail ?? null;
    else para = p.para ?? b.email ?? null;
    if (!para) return null;
    const valor = formatBRL(b.valor);
    const venc = formatDate(b.vencimento);
    let texto: string;
    if (p.tipo === 'pagamento') texto = `O boleto nº ${b.numero} de ${b.pagador_nome} (${valor}, vencimento ${venc}) foi pago: ${formatBRL(b.valor_pago ?? b.valor)} em ${formatDate(b.data_pagamento ?? b.vencimento)}.\n\nA parcela já está baixada no Financeiro.`;
    else if (p.tipo === 'rejeicao') texto = `O banco rejeitou o boleto nº ${b.numero} de ${b.pagador_nome} (${valor}, vencimento ${venc})${b.motivo ? `: ${b.motivo}` : ''}.\n\nO boleto não está registrado no banco: corrija o que o banco apontou e emita-o de novo em Pagamentos > Boletos.`;
    else {
      const abertura = { emissao: 'segue o seu boleto', boleto: 'segue o seu boleto', antes: `lembramos que o seu boleto vence em ${venc}`, vencimento: 'lembramos que o seu boleto vence hoje', vencido: `o seu boleto venceu em ${venc} e ainda não identificamos o pagamento` }[p.tipo];
      texto = `Olá, ${b.pagador_nome}:\n\n${abertura}.\n\nBoleto nº ${b.numero} — valor ${valor} — vencimento ${venc}.\nO PDF com o código de barras e o Pix está anexo.\n\nSe já pagou, desconsidere esta mensagem.\n\n${loja}`;
    }
    let attachments: { filename: string; content: Buffer; contentType: string }[] | undefined;
    if (!PARA_LOJA.includes(p.tipo) && b.estado !== 'pago') {
      const cfg = await lerConfiguracao(q, ctx);
      if (cfg && beneficiario) {
        const { boletos, nome } = await boletosPdf(q, ctx, cfg, beneficiario, [Number(b.id)]);
        const { gerarPdfBoletos } = await import('./pdf/boleto-pdf.ts');
        const { PassThrough } = await import('node:stream');
        const saida = new PassThrough();
        const partes: Buffer[] = [];
        saida.on('data', (c: Buffer) => partes.push(c));
        const fim = new Promise((r) => saida.on('end', r));
        await gerarPdfBoletos(boletos, saida, { porPagina: 1 });
        await fim;
        attachments = [{ filename: nome, content: Buffer.concat(partes), contentType: 'application/pdf' }];
      }
    }
    return { to: para, subject: ASSUNTO[p.tipo](Number(b.numero), loja), text: texto, attachments };
  });
  if (!msg) return;
  await services.mailer.send(msg);
  await services.db.tenant(ctx, (q) =>
    q.query(
      `INSERT INTO boletos_emails (tenant_id, boleto_id, tipo, para) SELECT $1, $2, $3, $4
        WHERE NOT EXISTS (SELECT 1 FROM boletos_emails WHERE tenant_id = $1 AND boleto_id = $2 AND tipo = $3 AND tipo <> 'boleto')`,
      [p.tenantId, p.boletoId, p.tipo, msg.to],
    ),
  );
}

/** Reminders due now, across accounts (the owner's read): before, on and after the due date, in the branch's day. */
export async function lembretesDevidos(services: Pick<AppServices, 'db'>): Promise<{ tenantId: number; boletoId: number; tipo: TipoEmail }[]> {
  const r = await services.db.query<{ tenant_id: number; id: number; tipo: TipoEmail }>(
    `WITH base AS (
       SELECT b.tenant_id, b.id, b.vencimento, a.lembrete_dias_antes, a.lembrete_no_vencimento, a.lembrete_dias_apos,
              (now() AT TIME ZONE coalesce(f.fuso_horario, 'America/Sao_Paulo'))::date AS hoje
         FROM boletos b JOIN boletos_automacao a ON a.tenant_id = b.tenant_id AND a.configuracao_id = b.configuracao_id
         JOIN branches f ON f.tenant_id = b.tenant_id AND f.id = b.filial_id
        WHERE b.estado IN ('pendente', 'registrado')
          AND (a.lembrete_dias_antes IS NOT NULL OR a.lembrete_no_vencimento OR a.lembrete_dias_apos IS NOT NULL))
     SELECT tenant_id, id, tipo FROM (
       SELECT tenant_id, id, 'antes' AS tipo FROM base WHERE lembrete_dias_antes IS NOT NULL AND hoje >= vencimento - lembrete_dias_antes AND hoje < vencimento
       UNION ALL SELECT tenant_id, id, 'vencimento' FROM base WHERE lembrete_no_vencimento AND hoje = vencimento
       UNION ALL SELECT tenant_id, id, 'vencido' FROM base WHERE lembrete_dias_apos IS NOT NULL AND hoje >= vencimento + lembrete_dias_apos AND hoje <= vencimento + lembrete_dias_apos + 7
     ) x WHERE NOT EXISTS (SELECT 1 FROM boletos_emails e WHERE e.tenant_id = x.tenant_id AND e.boleto_id = x.id AND e.tipo = x.tipo)
     ORDER BY tenant_id, id LIMIT 5000`,
  );
  return r.rows.map((x) => ({ tenantId: Number(x.tenant_id), boletoId: Number(x.id), tipo: x.tipo }));
}

export function registrarJobsLembretes(services: AppServices): PeriodicKind[] {
  services.jobs?.register(TIPO_EMAIL, (p: any) => enviarEmail(services, p));
  services.jobs?.register(TIPO_AVISOS_RETORNO, (p: any) => enviarAvisosDoRetorno(services, p));
  return [
    {
      tipo: 'boletos.lembretes',
      aCadaMs: 3600_000,
      executar: async () => {
        for (const l of await lembretesDevidos(services)) await enfileirarEmail(services, undefined, l.tenantId, l.boletoId, l.tipo);
      },
    },
  ];
}

/** After issuing (same transaction): the boleto e-mailed to each payer when the shop wants it on issue. */
export async function avisarEmissao(services: Pick<AppServices, 'jobs'>, q: Queryable, tenantId: number, configuracaoId: number, boletoIds: number[]): Promise<void> {
  const a = await lerAutomacao(q, tenantId, configuracaoId);
  if (!a?.lembreteAoEmitir) return;
  for (const id of boletoIds) await enfileirarEmail(services, q, tenantId, id, 'emissao');
}

/** The job that sends the shop's e-mails about one applied retorno (its payments and its rejections). */
export const TIPO_AVISOS_RETORNO = 'boletos.avisosRetorno';

/** The boletos a retorno paid or rejected (moved there by it), in the order the shop reads them. */
async function avisosDoRetorno(q: Queryable, tenantId: number, configuracaoId: number, hash: string): Promise<{ boletoId: number; tipo: 'pagamento' | 'rejeicao' }[]> {
  const r = await q.query<{ boleto_id: number; tipo: 'pagamento' | 'rejeicao' }>(
    `SELECT h.boleto_id, CASE h.para WHEN 'pago' THEN 'pagamento' ELSE 'rejeicao' END AS tipo
       FROM boletos_historico h JOIN boletos_retornos r ON r.tenant_id = h.tenant_id AND r.id = h.retorno_id
      WHERE h.tenant_id = $1 AND r.configuracao_id = $2 AND r.hash = $3 AND h.para IN ('pago', 'rejeitado') AND h.de IS DISTINCT FROM h.para
      ORDER BY h.id`,
    [tenantId, configuracaoId, hash],
  );
  return r.rows.map((x) => ({ boletoId: Number(x.boleto_id), tipo: x.tipo }));
}

/**
 * After a retorno is applied (same transaction): the shop's e-mails about it — the alert for each boleto it paid
 * and the notice for each one the bank rejected — go by ONE job for the whole retorno (a file of 10,000 payments
 * enqueued 10,000 jobs before), enqueued only when the shop has a notice address and the file paid or rejected
 * something. Each e-mail is still sent at most once (boletos_emails, checked before sending), so a retried job
 * skips what it already sent.
 */
export async function enfileirarAvisosDoRetorno(services: Pick<AppServices, 'jobs'>, q: Queryable, tenantId: number, configuracaoId: number, hash: string): Promise<number | null> {
  if (!services.jobs) return null;
  const a = await lerAutomacao(q, tenantId, configuracaoId);
  if (!a?.avisoPagamentoEmail) return null;
  const algum = await q.query(
    `SELECT 1 FROM boletos_historico h JOIN boletos_retornos r ON r.tenant_id = h.tenant_id AND r.id = h.retorno_id
      WHERE h.tenant_id = $1 AND r.configuracao_id = $2 AND r.hash = $3 AND h.para IN ('pago', 'rejeitado') AND h.de IS DISTINCT FROM h.para LIMIT 1`,
    [tenantId, configuracaoId, hash],
  );
  if (!algum.rows.length) return null;
  return services.jobs.enqueue(TIPO_AVISOS_RETORNO, { tenantId, configuracaoId, hash }, { key: `${tenantId}:${configuracaoId}:${hash}`, contaId: tenantId }, q);
}

/** The job: each e-mail of the retorno in turn; one that fails does not stop the others, and the job is retried for it. */
async function enviarAvisosDoRetorno(services: AppServices, p: { tenantId: number; configuracaoId: number; hash: string }) {
  const ctx = await ctxDaConfiguracao(services, p.tenantId, p.configuracaoId);
  if (!ctx) return;
  const avisos = await services.db.tenant(ctx, (q) => avisosDoRetorno(q, p.tenantId, p.configuracaoId, p.hash), { readOnly: true });
  const falhas: string[] = [];
  for (const a of avisos) {
    try {
      await enviarEmail(services, { tenantId: p.tenantId, boletoId: a.boletoId, tipo: a.tipo });
    } catch (e) {
      falhas.push(e instanceof Error ? e.message : String(e));
    }
  }
  if (falhas.length) throw new Error(`${falhas.length} de ${avisos.length} e-mail(s) do retorno não enviado(s): ${falhas[0]}`);
}

/**
 * After a retorno is applied (same transaction): the boletos the bank rejected in it alert the shop — one alert to
 * each active administrator of the account (pushed over socket.io as the NF-e contingency alert is); the e-mail per
 * boleto to the shop's notice address (avisoPagamentoEmail), at most once, goes by the retorno's one job.
 */
export async function avisarRejeicoesDoRetorno(services: Pick<AppServices, 'jobs' | 'realtime'>, q: Queryable, tenantId: number, configuracaoId: number, hash: string): Promise<number> {
  const r = await q.query<{ boleto_id: number; numero: number; motivo: string | null }>(
    `SELECT h.boleto_id, b.numero, b.motivo FROM boletos_historico h JOIN boletos_retornos r ON r.tenant_id = h.tenant_id AND r.id = h.retorno_id
       JOIN boletos b ON b.tenant_id = h.tenant_id AND b.id = h.boleto_id
      WHERE h.tenant_id = $1 AND r.configuracao_id = $2 AND r.hash = $3 AND h.para = 'rejeitado' AND h.de IS DISTINCT FROM 'rejeitado' ORDER BY b.numero`,
    [tenantId, configuracaoId, hash],
  );
  if (!r.rows.length) return 0;
  const lista = r.rows.map((x) => `nº ${x.numero}${x.motivo ? ` (${x.motivo})` : ''}`).join(', ');
  let texto = `O banco rejeitou ${r.rows.length === 1 ? 'o boleto' : `${r.rows.length} boletos`} no arquivo de retorno: ${lista}. Corrija e emita de novo em Pagamentos > Boletos.`;
  if (texto.length > 500) texto = `${texto.slice(0, 496)}...`;
  const ins = await q.query(
    `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
     SELECT u.tenant_id, u.id, 'warning', $2, 'pages/pagamentos/boletos', true FROM users u WHERE u.tenant_id = $1 AND u.ativo AND u.perfil_admin
     RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
    [tenantId, texto],
  );
  for (const { user_id, ...alerta } of ins.rows) services.realtime?.toUser(tenantId, user_id, 'alerta', alerta);
  // the e-mails (one per rejected boleto, at most once) go by the retorno's job (enfileirarAvisosDoRetorno)
  return r.rows.length;
}
