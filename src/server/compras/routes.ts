import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { withRetry } from '../documents/routes.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { ID, TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import type { LevelName } from '../../shared/permissions.ts';
import { confirmarEntrada, proporEntrada, XML_LIMITE, type Confirmacao } from './importar.ts';
import { lerPedidoImpresso, pedidoPdf } from './pedido-pdf.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import { COMPRAS_POR_FORNECEDOR, COMPRAS_REPORTS } from './relatorios.ts';
import { devolucoesDaEntrada, devolver, estornarDevolucoes } from './devolucao.ts';
import { devolverComNfe, notasDeDevolucao } from './devolucao-nfe.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Purchasing's own calls as /api/openapi.json shows them (route-schema.ts); the documents' generic paths come from schemas/documents.
const tags = ['Entradas de nota fiscal'];
const tagsPedido = ['Pedidos de compra'];
const linha = {
  type: 'object',
  properties: {
    linha: { type: 'integer' }, codigo: { type: 'string' }, gtin: { type: ['string', 'null'] }, descricao: { type: 'string' }, ncm: { type: ['string', 'null'] }, cest: { type: ['string', 'null'] },
    cfop: { type: 'string' }, cfopEntrada: { type: ['string', 'null'] }, unidade: { type: 'string' }, quantidade: { type: 'string' }, valorTotal: { type: 'string' },
    valorFrete: { type: 'string' }, valorIpi: { type: 'string' }, valorIcmsSt: { type: 'string' },
    produtoId: { type: ['integer', 'null'] }, origem: { enum: ['codigo', 'gtin', 'embalagem', 'variacao', 'busca', null], description: 'código do fornecedor aprendido, GTIN (do produto, de uma variação ou de uma embalagem), busca a confirmar' },
    fator: { type: ['string', 'null'], description: 'unidades por unidade da nota (caixa com 12: 12); null quando a unidade não tem conversão' },
    quantidadeEstoque: { type: ['string', 'null'] }, custoUnitario: { type: ['string', 'null'] }, acao: { enum: ['vincular', 'confirmar', 'criar'] },
    candidatos: { type: 'array', items: { type: 'object', properties: { produtoId: { type: 'integer' }, descricao: { type: 'string' }, similaridade: { type: 'number' } } } },
  },
};
const itemDevolvido = { type: 'object', required: ['linha', 'quantidade'], properties: { linha: { type: 'integer' }, quantidade: { type: 'string', description: 'unidades de estoque' } } };

/**
 * Purchasing's own calls (issue 20); the documents' list, drafts and transitions (efetivar, cancelar) are the
 * lifecycle's generic /api/PedidosCompra and /api/EntradasNota. Here: the supplier's XML read into a proposal, the
 * proposal confirmed into a draft entry, the XML of an entry, and the order's PDF and e-mail.
 */
export default async function comprasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const guard = (req: FastifyRequest, key: string, level: LevelName, what: string): RequestContext => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, key, level)) throw forbidden(`Você não tem permissão para ${what}.`);
    if (!ctx.branchId) throw badRequest('Selecione uma filial para trabalhar com documentos.');
    return ctx;
  };
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
  registerReportSources(COMPRAS_REPORTS);

  // Compras por fornecedor on screen (the same source the export queue runs).
  app.get('/api/EntradasNota/compras-por-fornecedor', withQuery({ de: TEXT, ate: TEXT, fornecedorId: ID }, [], { schema: { tags, summary: 'Compras por fornecedor no período (entradas efetivadas): o relatório na tela; exporta por POST /api/Relatorios/exportar', response: { 200: answer('Linhas') } } }), async (req) => {
    const ctx = req.ctx!;
    if (!COMPRAS_POR_FORNECEDOR.allowed(ctx)) throw forbidden(COMPRAS_POR_FORNECEDOR.negado);
    if (!ctx.branchId) throw badRequest('Selecione uma filial para trabalhar com documentos.');
    const p = COMPRAS_POR_FORNECEDOR.parametros(req.query ?? {});
    return db.tenant(ctx, async (q) => (await COMPRAS_POR_FORNECEDOR.chunk(q, ctx, p, null, 1000, services)).rows);
  });
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: XML_LIMITE }, (_req, body, done) => done(null, body));

  app.post('/api/EntradasNota/importar-xml', {
    bodyLimit: XML_LIMITE,
    schema: {
      tags,
      summary: 'Lê o XML da NF-e do fornecedor (NFe ou nfeProc, até 1 MB: leiaute, chave e assinatura conferidos, destinada à filial selecionada, chave ainda não lançada) e responde a proposta de casamento das linhas; nada é gravado',
      body: checkedByHandler({ content: { 'application/xml': { schema: { type: 'string' } } } }),
      response: {
        200: answer('Proposta', { type: 'object', properties: { chave: { type: 'string' }, fornecedor: { type: 'object' }, transportador: { type: ['object', 'null'] }, parcelas: { type: 'array' }, pedidosAbertos: { type: 'array' }, itens: { type: 'array', items: linha } } }),
        409: answer('Nota já lançada'),
        413: answer('XML maior que 1 MB'),
        415: answer('Content-Type não é XML'),
      },
    },
  }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'change', 'lançar entradas de nota fiscal');
    const ct = String(req.headers['content-type'] ?? '');
    if (!/^(application|text)\/xml\b/.test(ct)) throw new HttpError(415, 'Envie o XML da NF-e com Content-Type application/xml.');
    const xml = typeof req.body === 'string' ? req.body : '';
    return db.tenant(ctx, (q) => proporEntrada(q, ctx, xml));
  });

  app.post('/api/EntradasNota/importar-xml/confirmar', {
    bodyLimit: 2 * XML_LIMITE,
    schema: {
      tags,
      summary: 'Confirma a proposta: cria fornecedor, transportador e os produtos pedidos, guarda o XML e grava a entrada em rascunho (efetivar em /api/EntradasNota/{id}/efetivar)',
      body: checkedByHandler({ type: 'object', required: ['xml'], properties: { xml: { type: 'string' }, depositoId: { type: 'integer' }, pedidoCompraId: { type: ['integer', 'null'] }, dataEntrada: { type: ['string', 'null'], format: 'date' }, itens: { type: 'array', items: { type: 'object', required: ['linha'], properties: { linha: { type: 'integer' }, produtoId: { type: ['integer', 'null'] }, variacaoId: { type: ['integer', 'null'] }, criarProduto: { type: 'boolean' }, fator: { type: ['string', 'null'] }, cfopEntrada: { type: ['string', 'null'] } } } } } }),
      response: { 200: answer('Entrada em rascunho', { $ref: '#/components/schemas/EntradadenotafiscalEntrada' }), 409: answer('Nota já lançada') },
    },
  }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'change', 'lançar entradas de nota fiscal');
    const def = services.documents!.get('entradaNota');
    return withRetry(services, ctx, (q) => confirmarEntrada(services, q, ctx, def, req.body as Confirmacao));
  });

  app.get('/api/EntradasNota/:id/xml', { schema: { tags, summary: 'O XML da NF-e guardado com a entrada', response: { 200: answer('XML', { type: 'string' }, 'application/xml'), 404: answer('Sem XML (entrada digitada)') } } }, async (req, reply) => {
    const ctx = guard(req, 'app.nfeentrada', 'view', 'consultar entradas de nota fiscal');
    const id = idOf(req);
    const r = await db.tenant(ctx, (q) => q.query<{ arquivo: string | null; chave: string | null }>(`SELECT cabecalho ->> 'xmlArquivo' AS arquivo, cabecalho ->> 'chaveAcesso' AS chave FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND filial_id = $2 AND id = $3`, [ctx.tenantId, ctx.branchId, id]));
    const row = r.rows[0];
    if (!row) throw notFound('Entrada de nota fiscal não encontrada.');
    if (!row.arquivo) throw notFound('Esta entrada foi digitada: não há XML guardado.');
    const stream = await services.storage.get(row.arquivo);
    if (!stream) throw notFound('O XML desta entrada não está no armazenamento de arquivos.');
    reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${row.chave ?? id}-nfe.xml"`);
    return reply.send(stream);
  });

  // Devolução ao fornecedor (stock side): DEVOLUCAO_FORNECEDOR movements of part of a posted entry, and their reversal.
  app.get('/api/EntradasNota/:id/devolucoes', { schema: { tags, summary: 'Por linha da entrada: unidades que entraram, já devolvidas ao fornecedor e que ainda podem ser devolvidas', response: { 200: answer('Linhas') } } }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'view', 'consultar entradas de nota fiscal');
    const id = idOf(req);
    return db.tenant(ctx, (q) => devolucoesDaEntrada(q, ctx, id));
  });
  app.post('/api/EntradasNota/:id/devolver', {
    schema: {
      tags,
      summary: 'Devolução ao fornecedor (lado do estoque): movimentos DEVOLUCAO_FORNECEDOR ao custo de entrada, até o que entrou menos o já devolvido; a NF-e de devolução é do serviço de emissão de NF-e',
      body: checkedByHandler({ type: 'object', required: ['itens'], properties: { itens: { type: 'array', items: itemDevolvido } } }),
      response: { 200: answer('Linhas após a devolução'), 409: answer('Entrada não efetivada') },
    },
  }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'change', 'devolver mercadoria ao fornecedor');
    const id = idOf(req);
    return withRetry(services, ctx, (q) => devolver(q, ctx, id, req.body));
  });
  // Devolução ao fornecedor with its NF-e (finalidade 4, referencing the entry's key): stock posted only when authorised.
  app.post('/api/EntradasNota/:id/devolver-nfe', {
    schema: {
      tags,
      summary: 'Devolução ao fornecedor com NF-e (finalidade 4, chave da entrada referenciada): transmite e, autorizada, lança DEVOLUCAO_FORNECEDOR na mesma transação; rejeitada, nada é lançado (422)',
      body: checkedByHandler({ type: 'object', required: ['itens'], properties: { itens: { type: 'array', items: itemDevolvido }, naturezaId: { type: 'integer' }, informacoesAdicionais: { type: 'string' } } }),
      response: { 200: answer('Nota autorizada e devolução lançada'), 422: answer('SEFAZ rejeitou: nada lançado') },
    },
  }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'change', 'devolver mercadoria ao fornecedor');
    if (!serverAllows(ctx, 'app.nfe', 'change')) throw forbidden('Você não tem permissão para emitir a NF-e de devolução.');
    return devolverComNfe(services, ctx, idOf(req), req.body);
  });
  app.get('/api/EntradasNota/:id/notas-devolucao', { schema: { tags, summary: 'NF-e de devolução emitidas para a entrada', response: { 200: answer('Notas') } } }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'view', 'consultar entradas de nota fiscal');
    return db.tenant(ctx, (q) => notasDeDevolucao(q, ctx, idOf(req)));
  });
  app.post('/api/EntradasNota/:id/devolucoes/estornar', { schema: { tags, summary: 'Estorna as devoluções ao fornecedor da entrada (a mercadoria volta ao estoque)', response: { 200: answer('Linhas após o estorno'), 409: answer('Nada a estornar') } } }, async (req) => {
    const ctx = guard(req, 'app.nfeentrada', 'full', 'estornar devoluções ao fornecedor');
    const id = idOf(req);
    return withRetry(services, ctx, (q) => estornarDevolucoes(q, ctx, id));
  });

  app.get('/api/PedidosCompra/:id/pdf', { schema: { tags: tagsPedido, summary: 'O pedido de compra em PDF (A4)', response: { 200: fileAnswer('PDF', 'application/pdf') } } }, async (req, reply) => {
    const ctx = guard(req, 'app.pedidoCompra', 'view', 'consultar pedidos de compra');
    const id = idOf(req);
    const p = await db.tenant(ctx, (q) => lerPedidoImpresso(q, ctx.tenantId, ctx.branchId!, id));
    const pdf = await pedidoPdf(p);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="pedido-compra-${p.numero}.pdf"`).send(pdf);
  });

  app.post('/api/PedidosCompra/:id/enviar', {
    schema: {
      tags: tagsPedido,
      summary: 'Envia o pedido em PDF por e-mail ao fornecedor (ou ao endereço informado)',
      body: checkedByHandler({ type: 'object', properties: { email: { type: 'string' }, mensagem: { type: 'string' } } }),
      response: { 200: answer('Enviado', { type: 'object', properties: { enviado: { type: 'boolean' }, para: { type: 'string' } } }), 409: answer('Pedido cancelado') },
    },
  }, async (req) => {
    const ctx = guard(req, 'app.pedidoCompra', 'change', 'enviar pedidos de compra');
    const id = idOf(req);
    const body = (req.body ?? {}) as { email?: unknown; mensagem?: unknown };
    const p = await db.tenant(ctx, (q) => lerPedidoImpresso(q, ctx.tenantId, ctx.branchId!, id));
    if (p.estado === 'cancelado') throw new HttpError(409, `O pedido de compra nº ${p.numero} está cancelado e não pode ser enviado.`);
    const para = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : p.fornecedor.email;
    if (!para) throw badRequest('E-mail: o fornecedor não tem e-mail no cadastro; informe para quem enviar.', [{ path: '/email', campo: 'email', mensagem: 'Campo Obrigatório!' }]);
    if (!EMAIL_RE.test(para) || para.length > 120) throw badRequest('E-mail: informe um endereço válido.', [{ path: '/email', campo: 'email', mensagem: 'E-mail inválido' }]);
    const pdf = await pedidoPdf(p);
    const extra = typeof body.mensagem === 'string' && body.mensagem.trim() ? `${body.mensagem.trim().slice(0, 2000)}\n\n` : '';
    await services.mailer.send({
      to: para,
      subject: `Pedido de compra nº ${p.numero} — ${p.filial.nome}`,
      text: `${extra}Prezado fornecedor ${p.fornecedor.nome},\n\nsegue em anexo o nosso pedido de compra nº ${p.numero}${p.dataPrevista ? `, com entrega prevista para ${p.dataPrevista.split('-').reverse().join('/')}` : ''}.\n\nAtenciosamente,\n${p.filial.nome}`,
      attachments: [{ filename: `pedido-compra-${p.numero}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    return { enviado: true, para };
  });
}
