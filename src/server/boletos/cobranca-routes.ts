import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LevelName } from '../../shared/permissions.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { analisarDepoisDoLote } from '../db/maintenance.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import {
  TABELAS_DO_RETORNO, aplicarRetorno, baixarBoleto, emitirAvulso, extratoComBoletos, planoDoAvulso, cancelarBoleto, emitirBoletos, gerarRemessaPendente, historicoBoleto, listarBoletos, parcelasParaBoleto, previaRetorno,
} from './cobranca.ts';
import { beneficiarioDaFilial, lerConfiguracao, type ConfiguracaoBoleto } from './configuracao.ts';
import { boletosPdf } from './pdf-boletos.ts';
import automacaoRoutes from './automacao-routes.ts';
import { avisarEmissao, enfileirarAvisosDoRetorno, avisarRejeicoesDoRetorno } from './lembretes.ts';

const SEM_CONFIGURACAO = 'A filial selecionada não tem configuração de boleto ativa. Cadastre-a em Configurações > Pagamento > Gateway de boleto.';

async function contexto(q: Queryable, ctx: RequestContext, paraAtualizar = false): Promise<{ cfg: ConfiguracaoBoleto; beneficiario: { nome: string; documento: string } }> {
  const cfg = await lerConfiguracao(q, ctx, paraAtualizar);
  const beneficiario = await beneficiarioDaFilial(q, ctx);
  if (!cfg || !beneficiario) throw badRequest(SEM_CONFIGURACAO);
  return { cfg, beneficiario };
}

const idDe = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0 || n >= 2 ** 31) throw badRequest('Boleto: informe um número de boleto válido.', [{ campo: 'id', path: '/id', mensagem: 'Campo inválido!' }]);
  return n;
};
const objeto = (body: unknown): Record<string, any> => {
  if (body == null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  return body as Record<string, any>;
};
const textoRetorno = (body: unknown): { conteudo: string; nome: string | null; contaId: number | null } => {
  const b = typeof body === 'string' ? { conteudo: body } : objeto(body);
  let conteudo = b.conteudo;
  if (typeof b.base64 === 'string') conteudo = Buffer.from(b.base64, 'base64').toString('latin1');
  if (typeof conteudo !== 'string' || !conteudo.trim()) throw badRequest('Envie o arquivo de retorno do banco.', [{ campo: 'conteudo', path: '/conteudo', mensagem: 'Campo Obrigatório!' }]);
  if (b.contaId != null && (!Number.isInteger(b.contaId) || b.contaId <= 0)) throw badRequest('Conta: escolha a conta financeira.', [{ campo: 'contaId', path: '/contaId', mensagem: 'Campo inválido!' }]);
  return { conteudo, nome: typeof b.nome === 'string' ? b.nome.slice(0, 200) : null, contaId: b.contaId ?? null };
};

/** pages/pagamentos/boletos: the branch's boletos issued from receivables, their PDF, baixa, cancel, remessa and retorno. */
export default async function cobrancaRoutes(app: FastifyInstance, opts: { services: AppServices }): Promise<void> {
  const db = opts.services.db;
  const exigir = (req: FastifyRequest, nivel: LevelName): RequestContext => {
    const ctx = req.ctx;
    if (!ctx || !serverAllows(ctx, 'app.boleto', nivel)) throw forbidden(`Você não tem permissão para ${nivel === 'view' ? 'consultar' : 'emitir'} boletos.`);
    return ctx;
  };

  app.get('/api/Boletos/emitidos', async (req) => {
    const ctx = exigir(req, 'view');
    const qs = req.query as Record<string, string | undefined>;
    const status = qs.status ? qs.status.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
    return db.tenant(ctx, (q) => listarBoletos(q, ctx, { status, busca: qs.busca, vencimentoDe: qs.vencimentoDe, vencimentoAte: qs.vencimentoAte, limite: qs.limite ? Number(qs.limite) : undefined }));
  });

  app.get('/api/Boletos/emitidos/:id/historico', async (req) => {
    const ctx = exigir(req, 'view');
    const id = idDe((req.params as { id: string }).id);
    return db.tenant(ctx, (q) => historicoBoleto(q, ctx, id));
  });

  app.get('/api/Boletos/parcelas-abertas', async (req) => {
    const ctx = exigir(req, 'change');
    const busca = (req.query as Record<string, string | undefined>).busca;
    return db.tenant(ctx, (q) => parcelasParaBoleto(q, ctx, busca));
  });

  app.post('/api/Boletos/emitir', async (req) => {
    const ctx = exigir(req, 'change');
    const body = objeto(req.body);
    return db.tenant(ctx, async (q) => {
      const { cfg } = await contexto(q, ctx, true);
      const boletos = await emitirBoletos(q, ctx, cfg, body.parcelaIds);
      await avisarEmissao(opts.services, q, ctx.tenantId, cfg.id!, boletos.map((b) => b.id));
      return { boletos, mensagem: boletos.length === 1 ? 'Boleto emitido.' : `${boletos.length} boletos emitidos (carnê).` };
    });
  });

  /** A standalone boleto or carnê: its receivable created with the split (SPEC 3), then its boletos; simular only answers the plan. */
  app.post('/api/Boletos/avulso', async (req) => {
    const ctx = exigir(req, 'change');
    const body = objeto(req.body);
    if (body.simular === true) return { parcelas: planoDoAvulso(body as any) };
    return db.tenant(ctx, async (q) => {
      const { cfg } = await contexto(q, ctx, true);
      const boletos = await emitirAvulso(q, ctx, cfg, body as any);
      await avisarEmissao(opts.services, q, ctx.tenantId, cfg.id!, boletos.map((b) => b.id));
      return { boletos, mensagem: boletos.length === 1 ? 'Boleto emitido.' : `${boletos.length} boletos emitidos (carnê).` };
    });
  });

  app.post('/api/Boletos/emitidos/:id/baixar', async (req) => {
    const ctx = exigir(req, 'change');
    const id = idDe((req.params as { id: string }).id);
    const body = objeto(req.body);
    return db.tenant(ctx, (q) => baixarBoleto(q, ctx, id, body));
  });

  app.post('/api/Boletos/emitidos/:id/cancelar', async (req) => {
    const ctx = exigir(req, 'change');
    const id = idDe((req.params as { id: string }).id);
    const body = objeto(req.body);
    return db.tenant(ctx, (q) => cancelarBoleto(q, ctx, id, typeof body.motivo === 'string' ? body.motivo : null));
  });

  /** One PDF for the boletos chosen: one per page, or three per page (carnê). */
  app.post('/api/Boletos/emitidos/pdf', async (req, reply) => {
    const ctx = exigir(req, 'view');
    const body = objeto(req.body);
    const porPagina = body.porPagina ?? 1;
    if (porPagina !== 1 && porPagina !== 3) throw badRequest('porPagina: use 1 ou 3 (carnê).');
    const { boletos, nome } = await db.tenant(ctx, async (q) => {
      const { cfg, beneficiario } = await contexto(q, ctx);
      return boletosPdf(q, ctx, cfg, beneficiario, body.ids);
    });
    const saida = new PassThrough();
    const { gerarPdfBoletos } = await import('./pdf/boleto-pdf.ts');
    gerarPdfBoletos(boletos, saida, { porPagina }).catch((e) => saida.destroy(e));
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nome}"`).send(saida);
  });

  /** The remessa of new and cancelled boletos, on demand; its sequence number is kept per agreement. */
  app.post('/api/Boletos/remessa/gerar', async (req, reply) => {
    const ctx = exigir(req, 'change');
    const r = await db.tenant(ctx, async (q) => {
      const { cfg, beneficiario } = await contexto(q, ctx, true);
      return gerarRemessaPendente(q, ctx, cfg, beneficiario);
    });
    return reply
      .header('content-type', 'text/plain; charset=iso-8859-1')
      .header('content-disposition', `attachment; filename="${r.nome}"`)
      .header('x-titulos', String(r.titulos))
      .send(Buffer.from(r.arquivo, 'latin1'));
  });

  app.post('/api/Boletos/retorno/previa', async (req) => {
    const ctx = exigir(req, 'change');
    const { conteudo } = textoRetorno(req.body);
    return db.tenant(ctx, async (q) => previaRetorno(q, ctx, (await contexto(q, ctx)).cfg, conteudo));
  });

  app.post('/api/Boletos/retorno/aplicar', async (req) => {
    const ctx = exigir(req, 'change');
    const { conteudo, nome, contaId } = textoRetorno(req.body);
    const aplicado = await db.tenant(ctx, async (q) => {
      const { cfg } = await contexto(q, ctx, true);
      const r = await aplicarRetorno(q, ctx, cfg, conteudo, { nome, contaId });
      if (r.aplicadas) await enfileirarAvisosDoRetorno(opts.services, q, ctx.tenantId, cfg.id!, r.previa.hash);
      if (r.aplicadas) await avisarRejeicoesDoRetorno(opts.services, q, ctx.tenantId, cfg.id!, r.previa.hash);
      return r;
    });
    // committed: thousands of new rows leave the planner's statistics (and the cached foreign-key plans) stale
    await analisarDepoisDoLote(db, TABELAS_DO_RETORNO, aplicado.aplicadas);
    return aplicado;
  });

  /** pages/pagamentos/extratos (SPEC 6 key extratoFinanceiro): one conta's movements with running balance. */
  app.get('/api/Boletos/extrato', async (req) => {
    const ctx = req.ctx;
    if (!ctx || (!serverAllows(ctx, 'app.extratoFinanceiro', 'view') && !serverAllows(ctx, 'app.boleto', 'view'))) throw forbidden('Você não tem permissão para consultar extratos.');
    const qs = req.query as Record<string, string | undefined>;
    return db.tenant(ctx, (q) => extratoComBoletos(q, ctx, { contaId: qs.contaId ? Number(qs.contaId) : undefined, de: qs.de, ate: qs.ate }));
  });

  await app.register(automacaoRoutes, { services: opts.services });
}
