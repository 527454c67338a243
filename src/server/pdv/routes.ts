import Decimal from 'decimal.js';
import { exigirPeriodoAberto } from '../contabil/index.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Filter } from '../../shared/filter.ts';
import type { AppServices } from '../app-services.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import { withRetry } from '../documents/routes.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { parseJsonParam } from '../resources/filter-sql.ts';
import { ID, JSON_TEXT, TEXT, withQuery } from '../http/input-schemas.ts';
import { parseId } from '../resources/crud.ts';
import { answer, arrayOf, checkedByHandler, fileAnswer, INT, MONEY, objectOf, type RouteSchema } from '../http/route-schema.ts';
import { emitenteDa } from '../fiscal/emissao/notas.ts';
import { caixaAberto, caixaOut, contagensDoCaixa, esperadoDoCaixa, lerCaixa, movimentarCaixa, registrarContagem, TIPO_CAIXA } from './caixas.ts';
import { relatorioCaixaPdf } from './relatorio-caixa.ts';
import { conferirPin } from './operadores.ts';
import { danfcePdf, nfceDoCatalogo } from './nfce.ts';
import { danfceEscPos, danfceHtml } from './danfce-texto.ts';
import { reenviarSolicitacao, registrarVenda, reservarNumeracao, resolverTransmitindo, retransmitir, transmitirPendentes } from './cupons.ts';
import { cancelarCupom, resolverCancelamentos } from './cancelamento.ts';

type Row = Record<string, any>;

/** SPEC 6 keys: app.pdv for selling and the caixa, app.saida for the cupom fiscal list, app.cupomerro for its errors. */
export const CHAVE_PDV = 'app.pdv';
const CHAVE_CUPOM = 'app.saida';
const CHAVE_CUPOM_ERRO = 'app.cupomerro';

function exigir(ctx: RequestContext, chave: string, nivel: 'view' | 'change' | 'full', texto: string): void {
  if (!serverAllows(ctx, chave, nivel)) throw forbidden(`Você não tem permissão para ${texto}.`);
}
/** What every caixa and sale route asks first: the PDV permission at this level, then a selected branch. */
function noPdv(req: FastifyRequest, nivel: 'view' | 'change', texto: string): RequestContext {
  const ctx = req.ctx!;
  exigir(ctx, CHAVE_PDV, nivel, texto);
  if (!ctx.branchId) throw badRequest('Selecione uma filial para usar o PDV.');
  return ctx;
}

async function lerVenda(q: Queryable, ctx: RequestContext, id: number, travar = false): Promise<Row> {
  // With the branch's time zone: the DANFCE prints its times as the branch reads them.
  const r = await q.query<Row>(
    `SELECT v.*, b.fuso_horario FROM pdv_vendas v JOIN branches b ON b.tenant_id = v.tenant_id AND b.id = v.filial_id
      WHERE v.tenant_id = $1 AND v.id = $2${travar ? ' FOR UPDATE OF v' : ''}`,
    [ctx.tenantId, id],
  );
  if (!r.rows.length) throw notFound('Cupom não encontrado.');
  return r.rows[0];
}

async function lerArquivo(services: AppServices, chave: string): Promise<Buffer> {
  const s = await services.storage.get(chave);
  if (!s) throw notFound('Arquivo não encontrado.');
  const partes: Buffer[] = [];
  for await (const c of s as AsyncIterable<Buffer>) partes.push(Buffer.from(c));
  return Buffer.concat(partes);
}

// What each call says about itself in /api/openapi.json (route-schema.ts). Bodies are checked by the handlers and
// the services they call, with their own messages (PDV-CONTRACT.md describes the full payloads).
const obj = { type: 'object', additionalProperties: true };
/** A PDV route's options: its module, summary, the JSON it answers and other schema parts (body, response). */
const pdv = (summary: string, resposta: Record<string, unknown> = obj, extra: Record<string, unknown> = {}) => ({
  config: { module: 'pdv' },
  schema: { tags: ['PDV'], summary, response: { 200: answer('OK', resposta), 409: answer('Situação do caixa ou do cupom não permite') }, ...extra } as RouteSchema,
});
const criado = (descricao: string, resposta: Record<string, unknown> = obj) => ({ response: { 201: answer(descricao, resposta), 409: answer('Situação do caixa ou do cupom não permite') } });
const caixaMovimento = checkedByHandler(objectOf({ valor: MONEY, formaPagamentoId: INT, observacao: { type: 'string' } }));

/** The server side of the point of sale (issue 19; contract: PDV-CONTRACT.md). */
export default async function pdvRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const lifecycle = new DocumentLifecycle(services.registry, services); // with services: its transitions announce caixaPdv.fechado (webhooks)
  const caixaDef = () => services.documents!.get(TIPO_CAIXA);
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  // ------------------------------------------------------------------ catalogue for the offline cache
  app.get('/api/Pdv/catalogo', withQuery({ pdvId: ID, desde: TEXT }, ['pdvId'], pdv('Catálogo do PDV para o cache offline (produtos, preços, formas de pagamento, operadores); desde: só o que mudou depois')), async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_PDV, 'view', 'usar o PDV');
    const qs = req.query as Row;
    const pdvId = Number(qs.pdvId);
    const desde = qs.desde ? new Date(String(qs.desde)) : null;
    if (desde && Number.isNaN(desde.getTime())) throw badRequest('desde: informe uma data ISO 8601.');
    return db.tenant(ctx, async (q) => {
      const pdv = (await q.query<Row>('SELECT * FROM pdvs WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, pdvId])).rows[0];
      if (!pdv) throw notFound('PDV não encontrado.');
      const produtos = await q.query<Row>(
        `SELECT p.id, p.codigo, p.descricao, p.gtin, COALESCE(u.sigla, 'UN') AS unidade, COALESCE(p.preco_venda, 0)::text AS preco_venda, p.ncm, p.cest, COALESCE(p.origem, 0) AS origem, p.ativo,
                p.categoria_id, (u.sigla IN ('KG', 'G') OR (p.balanca AND COALESCE(p.balanca_venda, 'peso') = 'peso')) AS pesavel, p.balanca_plu, p.updated_at
           FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id
          WHERE p.tenant_id = $1 AND NOT p.servico ${desde ? "AND date_trunc('milliseconds', p.updated_at) > $2" : 'AND p.ativo'} ORDER BY p.id`,
        desde ? [ctx.tenantId, desde] : [ctx.tenantId],
      );
      const promocoes = await q.query<Row>(
        `SELECT id, descricao, tipo, produto_id, categoria_id, preco::text, percentual::text, leve, pague, quantidade_minima::text, to_char(data_inicio, 'YYYY-MM-DD') AS data_inicio,
                to_char(data_fim, 'YYYY-MM-DD') AS data_fim, dias_semana, hora_inicio, hora_fim, ativo FROM promocoes WHERE tenant_id = $1 AND ativo`,
        [ctx.tenantId],
      );
      const formas = await q.query<Row>('SELECT id, descricao, t_pag, bandeiras, tef, permite_troco FROM pdv_formas_pagamento WHERE tenant_id = $1 AND ativo ORDER BY id', [ctx.tenantId]);
      const emit = (await emitenteDa(q, ctx.tenantId, Number(pdv.filial_id), [])).doc;
      const conf = (await q.query<Row>('SELECT csc_id, csc_token, ambiente FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2', [ctx.tenantId, pdv.filial_id])).rows[0];
      // Per product, the NFC-e item the server would write (tax groups by the rules): the offline note carries the same.
      const nfce = await nfceDoCatalogo(q, { tenantId: ctx.tenantId, filialId: Number(pdv.filial_id), serie: Number(pdv.serie_nfce), ambiente: Number(conf?.ambiente ?? 2) === 1 ? 1 : 2 }, emit.endereco.uf, produtos.rows.filter((p) => p.ativo).map((p) => Number(p.id)));
      const max = (await q.query<Row>(`SELECT max(date_trunc('milliseconds', updated_at)) AS m FROM produtos WHERE tenant_id = $1 AND NOT servico`, [ctx.tenantId])).rows[0]?.m;
      const newest = new Date(max ?? desde ?? 0);
      return {
        versao: new Date(newest).toISOString(),
        produtos: produtos.rows.map((p) => ({ id: Number(p.id), codigo: p.codigo ?? String(p.id), descricao: p.descricao, gtin: p.gtin ?? null, unidade: p.unidade, precoVenda: new Decimal(p.preco_venda).toFixed(2), pesavel: !!p.pesavel, plu: p.balanca_plu === null ? null : Number(p.balanca_plu), ncm: p.ncm, cest: p.cest ?? null, origem: Number(p.origem), ativo: !!p.ativo, categoriaId: p.categoria_id ?? null })),
        promocoes: promocoes.rows.map((p) => ({ id: Number(p.id), descricao: p.descricao, tipo: Number(p.tipo), produtoId: p.produto_id, categoriaId: p.categoria_id, preco: p.preco, percentual: p.percentual, leve: p.leve, pague: p.pague, quantidadeMinima: p.quantidade_minima, dataInicio: p.data_inicio, dataFim: p.data_fim, diasSemana: p.dias_semana, horaInicio: p.hora_inicio, horaFim: p.hora_fim, ativo: p.ativo })),
        formasPagamento: formas.rows.map((f) => ({ id: Number(f.id), descricao: f.descricao, tPag: f.t_pag, bandeiras: f.bandeiras ?? [], tef: !!f.tef, permiteTroco: !!f.permite_troco })),
        pdv: {
          id: Number(pdv.id), descricao: pdv.descricao, filialId: Number(pdv.filial_id), depositoId: Number(pdv.deposito_id), serieNfce: Number(pdv.serie_nfce), larguraImpressora: Number(pdv.largura_impressora),
          impressora: pdv.impressora, teclado: pdv.teclado, tef: pdv.tef, balanca: { prefixo: pdv.balanca_prefixo, tipo: pdv.balanca_tipo, modelo: pdv.balanca_modelo },
        },
        emitente: { ...emit, ambiente: Number(conf?.ambiente ?? 2) },
        ...(nfce ? { nfce } : {}),
        // The CSC lets the station print the offline QR Code; only users who sell at this PDV get it.
        ...(conf?.csc_id && conf?.csc_token && serverAllows(ctx, CHAVE_PDV, 'change') ? { csc: { id: conf.csc_id, token: conf.csc_token } } : {}),
      };
    });
  });

  // ------------------------------------------------------------------ operators
  app.post('/api/Pdv/operadores/entrar', pdv('Confere o código e o PIN do operador; devolve seus limites (desconto, cancelar, gaveta)', objectOf({ operador: objectOf({ id: INT, nome: { type: 'string' } }), limites: objectOf({ descontoMaximo: MONEY, podeCancelar: { type: 'boolean' }, podeAbrirGaveta: { type: 'boolean' } }) }), { body: checkedByHandler(objectOf({ codigo: { type: ['string', 'integer'] }, pin: { type: 'string', description: '4 a 6 dígitos' } }, ['codigo', 'pin'])) }), async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_PDV, 'view', 'usar o PDV');
    const b = (req.body ?? {}) as Row;
    if (typeof b.codigo !== 'string' && typeof b.codigo !== 'number') throw badRequest('Código do operador: informe o código.', [{ path: '/codigo', campo: 'codigo', mensagem: 'Campo Obrigatório!' }]);
    if (typeof b.pin !== 'string' || !/^\d{4,6}$/.test(b.pin)) throw badRequest('PIN: informe de 4 a 6 dígitos.', [{ path: '/pin', campo: 'pin', mensagem: 'PIN inválido' }]);
    // The count of wrong PINs is committed before the error goes out.
    const r = await db.tenant(ctx, (q) => conferirPin(q, ctx.tenantId, String(b.codigo), b.pin));
    if (!r.ok) throw r.erro;
    const o = r.operador;
    return reply.send({ operador: { id: Number(o.id), nome: o.nome }, limites: { descontoMaximo: new Decimal(o.desconto_maximo ?? 0).toFixed(2), podeCancelar: !!o.pode_cancelar, podeAbrirGaveta: !!o.pode_abrir_gaveta } });
  });

  // ------------------------------------------------------------------ caixas
  app.get('/api/Pdv/caixas/aberto', withQuery({ pdvId: ID }, [], pdv('O caixa aberto do PDV (ou da filial), com o esperado por forma de pagamento')), async (req) => {
    const ctx = noPdv(req, 'view', 'consultar caixas');
    const pdvId = Number((req.query as Row).pdvId);
    if (!Number.isSafeInteger(pdvId) || pdvId <= 0) throw badRequest('Informe o PDV (pdvId).');
    return db.tenant(ctx, async (q) => {
      const c = await caixaAberto(q, ctx, pdvId);
      if (!c) throw notFound('Nenhum caixa aberto neste PDV.');
      return caixaOut(c, await esperadoDoCaixa(q, ctx.tenantId, c));
    });
  });

  app.post('/api/Pdv/caixas', pdv('Abre um caixa (PDV, operador, valor de abertura)', obj, { body: checkedByHandler(objectOf({ pdvId: INT, operadorId: INT, valorAbertura: MONEY, observacao: { type: ['string', 'null'] } })), ...criado('Caixa aberto') }), async (req, reply) => {
    const ctx = noPdv(req, 'change', 'abrir caixas');
    const b = (req.body ?? {}) as Row;
    const doc = await withRetry(services, ctx, async (q) => {
      const criado = await lifecycle.create(q, caixaDef(), ctx, { pdvId: b.pdvId, operadorId: b.operadorId, valorAbertura: b.valorAbertura == null ? '0.00' : String(b.valorAbertura), observacao: b.observacao ?? null, itens: [] });
      const c = await lerCaixa(q, ctx, Number(criado.id));
      return caixaOut(c, await esperadoDoCaixa(q, ctx.tenantId, c));
    });
    return reply.code(201).send(doc);
  });

  app.get('/api/Pdv/caixas/:id', pdv('Um caixa com seus movimentos e contagens'), async (req) => {
    const ctx = noPdv(req, 'view', 'consultar caixas');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      const c = await lerCaixa(q, ctx, id);
      const movimentos = await q.query<Row>(
        `SELECT m.id, m.tipo, m.forma_pagamento_id AS "formaPagamentoId", f.descricao, m.valor::text AS valor, m.motivo, m.venda_id AS "vendaId", m.created_at AS "createdAt"
           FROM pdv_caixa_movimentos m JOIN pdv_formas_pagamento f ON f.tenant_id = m.tenant_id AND f.id = m.forma_pagamento_id WHERE m.tenant_id = $1 AND m.caixa_id = $2 ORDER BY m.id`,
        [ctx.tenantId, id],
      );
      const contagens = await contagensDoCaixa(q, ctx.tenantId, id);
      return { ...caixaOut(c, c.estado === 'aberto' ? await esperadoDoCaixa(q, ctx.tenantId, c) : contagens.map((k) => ({ formaPagamentoId: k.formaPagamentoId, descricao: k.descricao, valor: k.esperado }))), ...c.cabecalho, id: Number(c.id), numero: Number(c.numero), estado: c.estado, movimentos: movimentos.rows, contagens };
    });
  });

  for (const tipo of ['sangria', 'suprimento'] as const) {
    app.post(`/api/Pdv/caixas/:id/${tipo}`, pdv(tipo === 'sangria' ? 'Registra uma sangria (retirada de dinheiro) no caixa aberto' : 'Registra um suprimento (entrada de troco) no caixa aberto', obj, { body: caixaMovimento, ...criado('Movimento registrado') }), async (req, reply) => {
      const ctx = noPdv(req, 'change', `registrar ${tipo}`);
      const id = idOf(req);
      const r = await withRetry(services, ctx, (q) => movimentarCaixa(q, ctx, id, tipo, (req.body ?? {}) as Row));
      return reply.code(201).send(r);
    });
  }

  app.post('/api/Pdv/caixas/:id/fechar', pdv('Fecha o caixa com a contagem por forma de pagamento (diferenças lançadas)', obj, { body: checkedByHandler(obj) }), async (req) => {
    const ctx = noPdv(req, 'change', 'fechar caixas');
    const id = idOf(req);
    return withRetry(services, ctx, async (q) => {
      await registrarContagem(q, ctx, id, (req.body ?? {}) as Row);
      await lifecycle.transition(q, caixaDef(), ctx, id, 'fechar');
      const contagens = await contagensDoCaixa(q, ctx.tenantId, id);
      const c = await lerCaixa(q, ctx, id);
      return {
        id,
        numero: Number(c.numero),
        estado: c.estado,
        esperado: contagens.map((k) => ({ formaPagamentoId: k.formaPagamentoId, descricao: k.descricao, valor: k.esperado })),
        contado: contagens.map((k) => ({ formaPagamentoId: k.formaPagamentoId, descricao: k.descricao, valor: k.contado })),
        diferencas: contagens.map((k) => ({ formaPagamentoId: k.formaPagamentoId, descricao: k.descricao, valor: k.diferenca })),
        totalEsperado: c.cabecalho.totalEsperado,
        totalContado: c.cabecalho.totalContado,
        diferenca: c.cabecalho.diferenca,
      };
    });
  });

  app.get('/api/Pdv/caixas/:id/relatorio', withQuery({ formato: { ...TEXT, description: "'80mm' (padrão) ou 'a4'" } }, [], pdv('Relatório do caixa em PDF', obj, { response: { 200: fileAnswer('PDF', 'application/pdf') } })), async (req, reply) => {
    const ctx = noPdv(req, 'view', 'consultar caixas');
    const id = idOf(req);
    const formato = String((req.query as Row).formato ?? '80mm');
    if (formato !== '80mm' && formato !== 'a4') throw badRequest("Formato: use '80mm' ou 'a4'.");
    const pdf = await db.tenant(ctx, (q) => relatorioCaixaPdf(q, ctx, id, formato));
    return reply.type('application/pdf').header('content-disposition', `inline; filename="caixa-${id}-${formato}.pdf"`).send(pdf);
  });

  // ------------------------------------------------------------------ sales
  app.post('/api/Pdv/vendas', pdv('Registra um cupom do PDV (NFC-e autorizada, em contingência ou a transmitir); o cabeçalho Idempotency-Key evita a venda em dobro', obj, { body: checkedByHandler(obj), ...criado('Cupom registrado') }), async (req, reply) => {
    const ctx = noPdv(req, 'change', 'vender no PDV');
    const r = await registrarVenda(services, ctx, (req.body ?? {}) as Row, req.headers['idempotency-key']);
    return reply.code(r.status).send(r.resposta);
  });

  app.post('/api/Pdv/numeracao/reservar', pdv('Reserva uma faixa de números de NFC-e para o PDV emitir offline', obj, { body: checkedByHandler(obj), ...criado('Faixa reservada') }), async (req, reply) => {
    const ctx = noPdv(req, 'change', 'vender no PDV');
    return reply.code(201).send(await reservarNumeracao(services, ctx, (req.body ?? {}) as Row));
  });

  app.get('/api/Pdv/vendas/:id/danfce', withQuery({ formato: { ...TEXT, description: "'pdf' (padrão), 'html' ou 'escpos'" } }, [], pdv('DANFCE do cupom em PDF, HTML ou ESC/POS', obj, { response: { 200: fileAnswer('DANFCE') } })), async (req, reply) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, CHAVE_PDV, 'view') && !serverAllows(ctx, CHAVE_CUPOM, 'view')) throw forbidden('Você não tem permissão para consultar cupons fiscais.');
    const id = idOf(req);
    const formato = String((req.query as Row).formato ?? 'pdf');
    const v = await db.tenant(ctx, (q) => lerVenda(q, ctx, id));
    if (!v.documento || !v.qr_code) throw conflict('Este cupom não tem NFC-e emitida: retransmita-o em Cupons com erro.');
    if (formato === 'html') return reply.type('text/html; charset=utf-8').send(danfceHtml(v));
    if (formato === 'escpos') return reply.type('application/octet-stream').header('content-disposition', `attachment; filename="danfce-${v.chave_acesso}.bin"`).send(danfceEscPos(v));
    if (formato !== 'pdf') throw badRequest("Formato: use 'pdf', 'html' ou 'escpos'.");
    return reply.type('application/pdf').header('content-disposition', `inline; filename="danfce-${v.chave_acesso}.pdf"`).send(await danfcePdf(v));
  });

  // ------------------------------------------------------------------ cupons (the NFC-e list and its actions)
  const cupomDef = () => services.registry.get('cupomFiscal');
  app.get('/api/Pdv/cupons', withQuery({ filter: JSON_TEXT }, [], pdv('Cupons fiscais (NFC-e) da filial, com filtro LoopBack', arrayOf(obj))), async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_CUPOM, 'view', 'consultar cupons fiscais');
    const filter = parseJsonParam<Filter>((req.query as Row).filter, 'filter') ?? {};
    return db.tenant(ctx, (q) => services.resources.list(q, cupomDef(), ctx, filter));
  });

  app.post('/api/Pdv/cupons/:id/cancelar', pdv('Cancela um cupom autorizado (justificativa de 15 a 255 caracteres) e estorna estoque e caixa', obj, { body: checkedByHandler(objectOf({ justificativa: { type: 'string', minLength: 15, maxLength: 255 } }, ['justificativa'])) }), async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_CUPOM, 'full', 'cancelar cupons fiscais');
    const id = idOf(req);
    const j = (req.body as Row | undefined)?.justificativa;
    const justificativa = typeof j === 'string' ? j.replace(/\s+/g, ' ').trim() : '';
    if (justificativa.length < 15 || justificativa.length > 255) throw badRequest(`Justificativa: escreva de 15 a 255 caracteres (tem ${justificativa.length}).`, [{ path: '/justificativa', campo: 'justificativa', mensagem: 'De 15 a 255 caracteres' }]);
    // Two transactions with SEFAZ between them, none open during the call (cancelamento.ts).
    return cancelarCupom(services, ctx, id, justificativa);
  });

  app.post('/api/Pdv/cupons/:id/reenviar-email', pdv('Envia XML e DANFCE do cupom por e-mail', objectOf({ enviado: { type: 'boolean' }, email: { type: 'string' } }), { body: checkedByHandler(objectOf({ email: { type: 'string' } }, ['email'])) }), async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_CUPOM, 'view', 'consultar cupons fiscais');
    const id = idOf(req);
    const email = String((req.body as Row | undefined)?.email ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 120) throw badRequest('E-mail inválido.', [{ path: '/email', campo: 'email', mensagem: 'E-mail inválido' }]);
    const v = await db.tenant(ctx, (q) => lerVenda(q, ctx, id));
    if (!v.xml_arquivo || !v.documento) throw conflict('Este cupom não tem NFC-e emitida.');
    const xml = await lerArquivo(services, v.xml_arquivo);
    const pdf = await danfcePdf(v);
    await services.mailer.send({
      to: email,
      subject: `NFC-e ${v.numero}/${v.serie}`,
      text: `Segue a NFC-e ${v.numero}, série ${v.serie}, chave ${v.chave_acesso}, no valor de R$ ${new Decimal(v.total).toFixed(2).replace('.', ',')}. Consulte em ${v.url_consulta ?? ''}`,
      attachments: [
        { filename: `${v.chave_acesso}.xml`, content: xml, contentType: 'application/xml' },
        { filename: `danfce-${v.chave_acesso}.pdf`, content: pdf, contentType: 'application/pdf' },
      ],
    });
    return { enviado: true, email };
  });

  app.get('/api/Pdv/cupons/:id/xml', pdv('XML do cupom', obj, { response: { 200: fileAnswer('XML', 'application/xml') } }), async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_CUPOM, 'view', 'consultar cupons fiscais');
    const v = await db.tenant(ctx, (q) => lerVenda(q, ctx, idOf(req)));
    if (!v.xml_arquivo) throw conflict('Este cupom não tem NFC-e emitida.');
    return reply.type('application/xml').header('content-disposition', `attachment; filename="${v.chave_acesso}.xml"`).send(await lerArquivo(services, v.xml_arquivo));
  });

  app.post('/api/Pdv/cupons/:id/retransmitir', pdv('Transmite de novo um cupom rejeitado ou ainda não autorizado'), async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, CHAVE_CUPOM_ERRO, 'change') && !serverAllows(ctx, CHAVE_PDV, 'change')) throw forbidden('Você não tem permissão para retransmitir cupons.');
    return retransmitir(services, ctx, idOf(req));
  });

  /** Solicitações de reenvio: the request's contingency note sent now (pending or failed), its new state answered. */
  app.post('/api/Pdv/solicitacoes-reenvio/:id/reenviar', pdv('Reenvia à SEFAZ uma solicitação pendente do PDV (nota em contingência)'), async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_CUPOM_ERRO, 'change', 'reenviar notas em contingência');
    return reenviarSolicitacao(services, ctx, idOf(req));
  });

  /** Sends the account's contingency NFC-e now (the job does it every few minutes). */
  app.post('/api/Pdv/contingencia/transmitir', pdv('Transmite os cupons emitidos em contingência que aguardam'), async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_CUPOM_ERRO, 'change', 'retransmitir cupons');
    const r = await transmitirPendentes(services, Date.now(), ctx.tenantId);
    await resolverCancelamentos(services, ctx.tenantId);
    return r;
  });

  // Once at start: sales and cancellations a crash left between their two transactions (this process has none in
  // flight yet) are settled by asking SEFAZ by their key: adopted when authorised there, sent again with the same key
  // when unknown; never renumbered.
  app.addHook('onReady', async () => {
    void (async () => {
      await resolverTransmitindo(services, { autorizadas: 0, pendentes: 0 }, undefined, 0);
      await resolverCancelamentos(services, undefined, 0);
    })().catch((e) => app.log.warn(`pdv: recuperação na partida: ${(e as Error).message}`));
  });

}

/**
 * Contingency NFC-e go to SEFAZ every 5 minutes (first a few seconds after the start), a periodic job: one server
 * runs each round. Test servers share one seeded database and run it on demand (POST /api/Pdv/contingencia/transmitir).
 */
export const jobsPdv = (services: AppServices): PeriodicKind[] =>
  process.env.VITEST
    ? []
    : [
        {
          tipo: 'pdv.transmitirPendentes',
          aCadaMs: 5 * 60_000,
          primeiraAposMs: 3000,
          executar: async () => {
            await transmitirPendentes(services);
            await resolverCancelamentos(services);
          },
        },
      ];
