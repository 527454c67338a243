import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { hashToken } from '../auth/sessions.ts';
import { contadorDaConta } from '../contabil/index.ts';
import type { Queryable } from '../db/db.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import type { Job } from '../jobs/index.ts';
import { tenantKey } from '../storage/storage.ts';
import { dataBr } from './documentos-periodo.ts';
import { XML_PERIODO } from './xml-periodo.ts';

type Row = Record<string, any>;

/**
 * The month's files sent to the accountant by e-mail (issue 36 item 1): the XML ZIP the export queue built and the
 * SPED/Sintegra files generated for the same branch within its period. The request records an exportacoes_envios row
 * and enqueues a job in the same transaction; the job sends through the mailer (SMTP or the .eml outbox) with no
 * transaction open, retried with backoff when the SMTP server fails. Files over EXPORTACAO_EMAIL_ANEXO_MAX bytes in
 * all (default 10 MB, what most mailboxes accept) go as a download link valid for a week instead of attachments.
 */
export const JOB_EMAIL = 'exportacoes.email';
export const RECURSO_SPED = 'ArquivoSped';
export const RECURSO_SINTEGRA = 'ArquivoSintegra';
export const LINK_DIAS = 7;
export const anexoMaximo = () => (Number(process.env.EXPORTACAO_EMAIL_ANEXO_MAX) > 0 ? Number(process.env.EXPORTACAO_EMAIL_ANEXO_MAX) : 10 * 1024 * 1024);

export const MSG_ENVIO = {
  semEmail: 'Informe o e-mail do contador: não há contador cadastrado nesta conta (Contábil > Contadores).',
  emailInvalido: 'Informe um e-mail válido.',
  semZip: 'Arquivo ZIP não encontrado: gere o ZIP do período antes de enviá-lo.',
  zipEmAndamento: 'O ZIP ainda não terminou: envie quando ele estiver pronto.',
  linkInvalido: 'Link de download inválido. Peça à loja um novo envio.',
  linkExpirado: 'Este link de download expirou. Peça à loja um novo envio.',
} as const;

export interface ArquivoEnvio {
  nome: string;
  /** storage key */
  arquivo: string;
  relatorioId: number;
  contentType: string;
}

const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 120;
const mesBr = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * A valid SPED or Sintegra file, once downloaded, is kept like any exported report (relatorios, format txt, listed in
 * Relatórios exportados and on the accountant's panel) so the month's e-mail can carry it.
 */
export async function guardarArquivoFiscal(services: AppServices, ctx: RequestContext, o: { recurso: typeof RECURSO_SPED | typeof RECURSO_SINTEGRA; nome: string; inicio: string; fim: string; conteudo: Buffer }): Promise<number> {
  const arquivo = tenantKey(ctx.tenantId, 'relatorios', `${o.recurso.toLowerCase()}-${randomBytes(8).toString('hex')}.txt`);
  await services.storage.put(arquivo, o.conteudo, { contentType: 'text/plain; charset=iso-8859-1' });
  const descricao = `${o.recurso === RECURSO_SPED ? 'SPED EFD ICMS/IPI' : 'Sintegra'} de ${mesBr(o.inicio)}`;
  const r = await services.db.tenant(ctx, (q) =>
    q.query<{ id: number }>(
      `INSERT INTO relatorios (tenant_id, user_id, descricao, tipo, status, chave, evento, parametros, iniciado_em, finalizado_em, arquivo, linhas)
       VALUES ($1, $2, $3, 'txt', 1, $4, $5, $6, now(), now(), $7, $8) RETURNING id`,
      [ctx.tenantId, ctx.userId, descricao, `${o.recurso}:${o.inicio}:${ctx.branchId}`, `exportar-${o.recurso.charAt(0).toLowerCase()}${o.recurso.slice(1)}`,
        JSON.stringify({ recurso: o.recurso, filter: { where: { inicio: o.inicio, fim: o.fim } }, branchId: ctx.branchId, nome: o.nome }), arquivo, o.conteudo.toString('latin1').split('\r\n').filter(Boolean).length],
    ),
  );
  return Number(r.rows[0].id);
}

/** The files of an e-mail: the ZIP, then the latest SPED and Sintegra of each month of its period (same branch). */
async function arquivosDoEnvio(q: Queryable, ctx: RequestContext, relatorioId: number) {
  const z = (await q.query<Row>(`SELECT id, status, tipo, arquivo, parametros FROM relatorios WHERE tenant_id = $1 AND user_id = $2 AND id = $3`, [ctx.tenantId, ctx.userId, relatorioId])).rows[0];
  if (!z || z.tipo !== 'zip' || z.parametros?.recurso !== XML_PERIODO) throw notFound(MSG_ENVIO.semZip);
  if (z.status === 0) throw badRequest(MSG_ENVIO.zipEmAndamento);
  if (z.status !== 1 || !z.arquivo) throw notFound(MSG_ENVIO.semZip);
  const where = z.parametros.filter?.where ?? {};
  const inicio = String(where.inicio);
  const fim = String(where.fim);
  const filialId = Number(z.parametros.branchId);
  const arquivos: ArquivoEnvio[] = [{ nome: `xml-nfe-${inicio}-a-${fim}.zip`, arquivo: z.arquivo, relatorioId: Number(z.id), contentType: 'application/zip' }];
  const txt = await q.query<Row>(
    `SELECT DISTINCT ON (parametros ->> 'recurso', parametros -> 'filter' -> 'where' ->> 'inicio') id, arquivo, parametros ->> 'nome' AS nome
       FROM relatorios WHERE tenant_id = $1 AND tipo = 'txt' AND status = 1 AND arquivo IS NOT NULL AND parametros ->> 'recurso' IN ($2, $3)
        AND (parametros ->> 'branchId')::int = $4 AND (parametros -> 'filter' -> 'where' ->> 'inicio')::date >= $5::date AND (parametros -> 'filter' -> 'where' ->> 'fim')::date <= $6::date
      ORDER BY parametros ->> 'recurso', parametros -> 'filter' -> 'where' ->> 'inicio', finalizado_em DESC, id DESC`,
    [ctx.tenantId, RECURSO_SPED, RECURSO_SINTEGRA, filialId, inicio, fim],
  );
  for (const t of txt.rows) arquivos.push({ nome: String(t.nome), arquivo: t.arquivo, relatorioId: Number(t.id), contentType: 'text/plain; charset=iso-8859-1' });
  return { inicio, fim, filialId, arquivos };
}

/**
 * POST /api/Exportacoes/email: records the request and enqueues the job in one transaction; the e-mail is the
 * accountant's registered one unless another is typed.
 */
export async function pedirEnvio(services: AppServices, ctx: RequestContext, body: Row, baseUrl: string) {
  const relatorioId = Number(body.relatorioId);
  if (!Number.isInteger(relatorioId) || relatorioId <= 0) throw badRequest(MSG_ENVIO.semZip, [{ path: '/relatorioId', campo: 'relatorioId', mensagem: 'Campo Obrigatório!' }]);
  const digitado = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (digitado && !isEmail(digitado)) throw badRequest(MSG_ENVIO.emailInvalido, [{ path: '/email', campo: 'email', mensagem: MSG_ENVIO.emailInvalido }]);
  if (!services.jobs) throw new HttpError(503, 'O envio por e-mail não está disponível neste servidor.');
  const jobs = services.jobs;
  return services.db.tenant(ctx, async (q) => {
    const email = digitado || (await contadorDaConta(q, ctx.tenantId))?.email || '';
    if (!email) throw badRequest(MSG_ENVIO.semEmail, [{ path: '/email', campo: 'email', mensagem: MSG_ENVIO.semEmail }]);
    const a = await arquivosDoEnvio(q, ctx, relatorioId);
    const e = (
      await q.query<Row>(
        `INSERT INTO exportacoes_envios (tenant_id, user_id, filial_id, relatorio_id, email, inicio, fim, arquivos) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [ctx.tenantId, ctx.userId, a.filialId, relatorioId, email, a.inicio, a.fim, JSON.stringify(a.arquivos)],
      )
    ).rows[0];
    const jobId = await jobs.enqueue(JOB_EMAIL, { tenantId: ctx.tenantId, envioId: Number(e.id), baseUrl }, { key: `${ctx.tenantId}-${e.id}`, contaId: ctx.tenantId }, q);
    return { id: Number(e.id), jobId, email, situacao: 'pendente', arquivos: a.arquivos.map((x) => x.nome) };
  });
}

/** The account's last e-mails of the month's files (the export screen shows their state). */
export async function listarEnvios(services: AppServices, ctx: RequestContext) {
  return services.db.tenant(ctx, async (q) =>
    (
      await q.query(
        `SELECT id, email, to_char(inicio, 'YYYY-MM-DD') AS inicio, to_char(fim, 'YYYY-MM-DD') AS fim, situacao, modo, tentativas, ultimo_erro AS "ultimoErro", enviado_em AS "enviadoEm", created_at AS "createdAt",
                (SELECT array_agg(a ->> 'nome') FROM jsonb_array_elements(arquivos) a) AS arquivos
           FROM exportacoes_envios WHERE tenant_id = $1 AND filial_id = $2 ORDER BY created_at DESC, id DESC LIMIT 20`,
        [ctx.tenantId, ctx.branchId],
      )
    ).rows,
    { readOnly: true },
  );
}

async function lerAte(s: Readable, limite: number): Promise<Buffer | null> {
  const partes: Buffer[] = [];
  let n = 0;
  for await (const c of s) {
    const b = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
    n += b.length;
    if (n > limite) {
      s.destroy();
      return null;
    }
    partes.push(b);
  }
  return Buffer.concat(partes);
}

/** The job: attachments (or a link when too large), the mailer outside any transaction, the answer recorded once. */
export function jobEnvioEmail(services: AppServices) {
  return async (p: { tenantId: number; envioId: number; baseUrl: string }, job: Job) => {
    const escopo = { tenantId: p.tenantId };
    const e = await services.db.tenant(escopo, async (q) =>
      (await q.query<Row>(`SELECT e.*, to_char(e.inicio, 'YYYY-MM-DD') AS de, to_char(e.fim, 'YYYY-MM-DD') AS ate, t.nome AS conta FROM exportacoes_envios e JOIN tenants t ON t.id = e.tenant_id WHERE e.tenant_id = $1 AND e.id = $2`, [p.tenantId, p.envioId])).rows[0],
    );
    if (!e || e.situacao !== 'pendente') return;
    const arquivos = e.arquivos as ArquivoEnvio[];
    const periodo = `${dataBr(e.de)} a ${dataBr(e.ate)}`;
    const anexos: { filename: string; content: Buffer; contentType: string }[] = [];
    let restante = anexoMaximo();
    const faltando: string[] = [];
    for (const a of arquivos) {
      const s = await services.storage.get(a.arquivo);
      if (!s) {
        faltando.push(a.nome);
        continue;
      }
      const b = restante >= 0 ? await lerAte(s, restante) : (s.destroy(), null);
      if (!b) {
        restante = -1;
        continue;
      }
      restante -= b.length;
      anexos.push({ filename: a.nome, content: b, contentType: a.contentType });
    }
    if (faltando.length === arquivos.length) {
      await registrarFalha(services, p, 'Os arquivos do envio não estão mais no armazenamento.', true);
      return;
    }
    const modo: 'anexo' | 'link' = restante < 0 ? 'link' : 'anexo';
    let corpo = `Olá,\n\nSeguem os arquivos fiscais de ${e.conta} do período de ${periodo}:\n\n`;
    if (modo === 'link') {
      // A new link at each attempt: only the hash is kept, the token travels only in the e-mail.
      const token = randomBytes(32).toString('base64url');
      await services.db.tenant(escopo, (q) =>
        q.query(`UPDATE exportacoes_envios SET token_hash = $3, link_expira_em = now() + make_interval(days => ${LINK_DIAS}), updated_at = now() WHERE tenant_id = $1 AND id = $2`, [p.tenantId, p.envioId, hashToken(token)]),
      );
      arquivos.forEach((a, i) => {
        if (!faltando.includes(a.nome)) corpo += `- ${a.nome}: ${p.baseUrl}/api/Exportacoes/envios/${token}/${i}\n`;
      });
      corpo += `\nOs arquivos são grandes para seguir anexados: baixe-os pelos links acima, válidos por ${LINK_DIAS} dias.\n`;
      anexos.length = 0;
    } else {
      for (const a of anexos) corpo += `- ${a.filename}\n`;
      corpo += '\nOs arquivos seguem anexados a este e-mail.\n';
    }
    if (faltando.length) corpo += `\nNão encontrados no armazenamento: ${faltando.join(', ')}.\n`;
    corpo += '\nMensagem enviada pelo Retaguarda.';
    try {
      await services.mailer.send({ to: e.email, subject: `Arquivos fiscais de ${e.conta} — ${periodo}`, text: corpo, attachments: anexos.length ? anexos : undefined });
    } catch (err) {
      await registrarFalha(services, p, `Falha no envio do e-mail: ${(err as Error).message}`.slice(0, 1000), job.tentativas >= job.maxTentativas);
      throw err;
    }
    await services.db.tenant(escopo, (q) =>
      q.query(`UPDATE exportacoes_envios SET situacao = 'enviado', modo = $3, enviado_em = now(), tentativas = tentativas + 1, ultimo_erro = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [p.tenantId, p.envioId, modo]),
    );
  };
}

async function registrarFalha(services: AppServices, p: { tenantId: number; envioId: number }, erro: string, final: boolean) {
  await services.db.tenant({ tenantId: p.tenantId }, (q) =>
    q.query(`UPDATE exportacoes_envios SET tentativas = tentativas + 1, ultimo_erro = $3, situacao = CASE WHEN $4 THEN 'falhou' ELSE situacao END, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [p.tenantId, p.envioId, erro, final]),
  );
}

/** GET /api/Exportacoes/envios/:token/:n (public, the e-mail's link): the file while the link is valid. */
export async function arquivoDoLink(services: AppServices, token: string, n: number): Promise<{ nome: string; contentType: string; corpo: Readable }> {
  if (!token || token.length > 200) throw notFound(MSG_ENVIO.linkInvalido);
  // Owner connection (no session): the token's hash finds the row of any account, as the recovery link does.
  const e = (await services.db.query<Row>(`SELECT arquivos, link_expira_em <= now() AS expirado FROM exportacoes_envios WHERE token_hash = $1`, [hashToken(token)])).rows[0];
  if (!e) throw notFound(MSG_ENVIO.linkInvalido);
  if (e.expirado) throw new HttpError(410, MSG_ENVIO.linkExpirado);
  const a = (e.arquivos as ArquivoEnvio[])[n];
  if (!a) throw notFound(MSG_ENVIO.linkInvalido);
  const corpo = await services.storage.get(a.arquivo);
  if (!corpo) throw notFound('Arquivo não encontrado: ele foi excluído da lista de relatórios exportados.');
  return { nome: a.nome, contentType: a.contentType, corpo };
}
