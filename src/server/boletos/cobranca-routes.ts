import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { query } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, DATE, fileAnswer, INT, INT_OR_NULL, MONEY, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { baixarBoleto, emitirAvulso, extratoComBoletos, planoDoAvulso, cancelarBoleto, emitirBoletos, historicoBoleto, listarBoletos, parcelasParaBoleto } from './cobranca.ts';
import { boletosPdf } from './pdf-boletos.ts';
import retornoRoutes from './retorno-routes.ts';
import { BOLETO, BOLETOS_EMITIDOS, EMITIDOS, contexto, exigir, idDe, objeto, SEM_CONFIGURACAO_400, TAGS } from './routes-comum.ts';
import automacaoRoutes from './automacao-routes.ts';
import { avisarEmissao } from './lembretes.ts';

const S = { type: 'string' } as const;
/** A date in the query string, checked by the handler with its own message (so declared as text). */
const DATA_CONSULTA = { type: 'string', description: 'aaaa-mm-dd' } as const;
const PARCELA_AVULSA = objectOf({ vencimento: DATE, valor: MONEY }, ['vencimento', 'valor']);

/** pages/pagamentos/boletos: the branch's boletos issued from receivables (or standalone), their PDF, history, baixa and cancel; the extrato with boletos. Remessa and retorno: retorno-routes.ts; automation, Pix and e-mail: automacao-routes.ts. */
export default async function cobrancaRoutes(app: FastifyInstance, opts: { services: AppServices }): Promise<void> {
  const db = opts.services.db;

  app.get('/api/Boletos/emitidos', { schema: { tags: TAGS, summary: 'Os boletos da filial, mais recentes primeiro, com a situação (vencido: em aberto depois do vencimento) e filtros', querystring: query({ status: { type: 'string', description: 'situações separadas por vírgula: pendente, registrado, pago, cancelado, vencido, rejeitado, baixado' }, busca: { type: 'string', description: 'pagador, documento, número ou nosso número' }, vencimentoDe: DATA_CONSULTA, vencimentoAte: DATA_CONSULTA, limite: { type: 'string', description: 'quantos no máximo' } }), response: { 200: answer('Boletos', arrayOf(BOLETO)) } } }, async (req) => {
    const ctx = exigir(req, 'view');
    const qs = req.query as Record<string, string | undefined>;
    const status = qs.status ? qs.status.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
    return db.tenant(ctx, (q) => listarBoletos(q, ctx, { status, busca: qs.busca, vencimentoDe: qs.vencimentoDe, vencimentoAte: qs.vencimentoAte, limite: qs.limite ? Number(qs.limite) : undefined }));
  });

  app.get('/api/Boletos/emitidos/:id/historico', { schema: { tags: TAGS, summary: 'O histórico de um boleto: cada mudança de situação, com a origem (tela, remessa, retorno), quem e quando', response: { 200: answer('Histórico', arrayOf(objectOf({ id: INT, de: TEXT_OR_NULL, para: S, origem: S, detalhe: TEXT_OR_NULL, em: S, usuario: TEXT_OR_NULL }))) } } }, async (req) => {
    const ctx = exigir(req, 'view');
    const id = idDe((req.params as { id: string }).id);
    return db.tenant(ctx, (q) => historicoBoleto(q, ctx, id));
  });

  app.get('/api/Boletos/parcelas-abertas', { schema: { tags: TAGS, summary: 'As parcelas em aberto das receitas, para emitir boletos (busca na descrição ou no cliente)', querystring: query({ busca: S }), response: { 200: answer('Parcelas', arrayOf(objectOf({ id: INT, numero: INT, vencimento: DATE, valor: MONEY, lancamentoId: INT, descricao: S, documento: TEXT_OR_NULL, pessoa: TEXT_OR_NULL, documento_pessoa: TEXT_OR_NULL, totalParcelas: INT }))) } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const busca = (req.query as Record<string, string | undefined>).busca;
    return db.tenant(ctx, (q) => parcelasParaBoleto(q, ctx, busca));
  });

  app.post('/api/Boletos/emitir', { schema: { tags: TAGS, summary: 'Emite um boleto por parcela escolhida (várias de um lançamento: carnê) e avisa o pagador por e-mail, se a automação pede', body: checkedByHandler(objectOf({ parcelaIds: arrayOf(INT) }, ['parcelaIds'])), response: { 200: BOLETOS_EMITIDOS, 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
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
  app.post('/api/Boletos/avulso', { schema: { tags: TAGS, summary: 'Boleto ou carnê avulso: cria a conta a receber com as parcelas (n por regra ou as próprias) e emite os boletos; com simular só responde as parcelas', body: checkedByHandler(objectOf({ pessoaId: INT, descricao: S, valorTotal: MONEY, contaId: INT_OR_NULL, categoriaId: INT_OR_NULL, parcelamento: { type: ['object', 'null'], description: 'n parcelas por regra (quantidade, primeiro vencimento, intervalo)' }, parcelas: { type: ['array', 'null'], items: PARCELA_AVULSA }, simular: { type: 'boolean' } }, ['pessoaId', 'descricao', 'valorTotal'])), response: { 200: answer('Boletos emitidos, ou as parcelas (simular)', { oneOf: [EMITIDOS, objectOf({ parcelas: arrayOf(PARCELA_AVULSA) })] }), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
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

  app.post('/api/Boletos/emitidos/:id/baixar', { schema: { tags: TAGS, summary: 'Baixa manual de um boleto em aberto: a baixa da parcela no financeiro (conta, data, valor pago, juros)', body: checkedByHandler(objectOf({ contaId: INT_OR_NULL, data: { type: ['string', 'null'], format: 'date' }, valor: { ...MONEY, type: ['string', 'null'] }, juros: { ...MONEY, type: ['string', 'null'] } })), response: { 200: answer('Boleto baixado', BOLETO) } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const id = idDe((req.params as { id: string }).id);
    const body = objeto(req.body);
    return db.tenant(ctx, (q) => baixarBoleto(q, ctx, id, body));
  });

  app.post('/api/Boletos/emitidos/:id/cancelar', { schema: { tags: TAGS, summary: 'Cancela um boleto em aberto (um registrado no banco vai na próxima remessa como pedido de baixa)', body: checkedByHandler(objectOf({ motivo: S })), response: { 200: answer('Boleto cancelado', BOLETO) } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const id = idDe((req.params as { id: string }).id);
    const body = objeto(req.body);
    return db.tenant(ctx, (q) => cancelarBoleto(q, ctx, id, typeof body.motivo === 'string' ? body.motivo : null));
  });

  /** One PDF for the boletos chosen: one per page, or three per page (carnê). */
  app.post('/api/Boletos/emitidos/pdf', { schema: { tags: TAGS, summary: 'Um PDF com os boletos escolhidos: um por página ou três por página (carnê)', body: checkedByHandler(objectOf({ ids: arrayOf(INT), porPagina: { type: 'integer', enum: [1, 3] } }, ['ids'])), response: { 200: fileAnswer('O PDF', 'application/pdf'), 400: SEM_CONFIGURACAO_400 } } }, async (req, reply) => {
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

  /** pages/pagamentos/extratos (SPEC 6 key extratoFinanceiro): one conta's movements with running balance. */
  app.get('/api/Boletos/extrato', { schema: { tags: TAGS, summary: 'O extrato de uma conta financeira com saldo corrente, cada linha com a origem (baixa, boleto, tarifa, estorno, transferência)', querystring: query({ contaId: { type: 'string', description: 'a conta financeira' }, de: DATA_CONSULTA, ate: DATA_CONSULTA }), response: { 200: answer('Extrato', objectOf({ linhas: arrayOf(objectOf({ movimentoId: INT, origem: { type: 'string', enum: ['baixa', 'boleto', 'tarifa', 'estorno', 'transferencia'] }, boleto: INT_OR_NULL })) })) } } }, async (req) => {
    const ctx = req.ctx;
    if (!ctx || (!serverAllows(ctx, 'app.extratoFinanceiro', 'view') && !serverAllows(ctx, 'app.boleto', 'view'))) throw forbidden('Você não tem permissão para consultar extratos.');
    const qs = req.query as Record<string, string | undefined>;
    return db.tenant(ctx, (q) => extratoComBoletos(q, ctx, { contaId: qs.contaId ? Number(qs.contaId) : undefined, de: qs.de, ate: qs.ate }));
  });

  await app.register(retornoRoutes, { services: opts.services });
  await app.register(automacaoRoutes, { services: opts.services });
}
