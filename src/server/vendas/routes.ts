import type { FastifyInstance, FastifyRequest } from 'fastify';
import { semOcultos } from '../../shared/leitura-restrita.ts';
import { formatBRL } from '../../shared/money.ts';
import type { AppServices } from '../app-services.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import { withRetry } from '../documents/routes.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { ID_LIST, TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer } from '../http/route-schema.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import { parseId } from '../resources/crud.ts';
import { disponibilidade } from '../estoque/reservas.ts';
import { agoraLocal, promocoesDe, rascunhoNfeDoPedido } from './pedido-venda.ts';
import { pedidoPdf } from './pedido-pdf.ts';
import { alertarRetornos } from './contatos.ts';
import { resumoVendas, VENDAS_REPORTS, comissoesPorVendedor, periodo } from './relatorios.ts';

type Row = Record<string, unknown>;

/** What a new order copies from another (or a quote): header and lines, not the number, state or computed dates. */
function copiaDe(p: Row, extra: Row = {}): Row {
  const { id: _i, numero: _n, estado: _e, status: _s, filialId: _f, usuarioId: _u, createdAt: _c, updatedAt: _up, transicoes: _t, eventos: _ev, dataFaturamento: _d, nfeId: _nf, nfeNumero: _nn, nfeChave: _nc, itens, ...cab } = p;
  return {
    ...cab,
    primeiroVencimento: null,
    parcelas: null,
    ...extra,
    itens: (itens as Row[]).map(({ linha: _l, ...it }) => it),
  };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The calls beyond the generic document API, as /api/openapi.json shows them (route-schema.ts).
const tags = ['Pedidos de venda'];
const tagsContatos = ['Contatos comerciais'];
const tagsVendas = ['Vendas'];
const pedido = answer('O novo pedido', { $ref: '#/components/schemas/Pedidodevenda' });
const periodoQuery = {
  de: { ...TEXT, description: 'início, AAAA-MM-DD (padrão: 1º dia do mês)' },
  ate: { ...TEXT, description: 'fim, inclusive (padrão: hoje)' },
};
const produtoIds = { ...ID_LIST, description: 'ids separados por vírgula (até 1000)' };

/**
 * Vendas beyond the generic document API: copy an order, generate an order from a quote, print and e-mail it,
 * stock availability for the order screen, commercial contacts' interactions and follow-up alerts, the
 * dashboard summary and the sales reports (registered with the report pipeline).
 */
export default async function vendasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const lifecycle = new DocumentLifecycle(services.registry, services);
  const def = () => services.documents!.get('pedidoVenda');
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
  registerReportSources(VENDAS_REPORTS);

  app.post('/api/PedidosVenda/:id/copiar', { schema: { tags, summary: 'Cria um pedido (Digitando) com o cabeçalho e os itens de outro', response: { 200: pedido } } }, async (req) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'change');
    const id = idOf(req);
    return withRetry(services, ctx, async (q) => lifecycle.create(q, def(), ctx, copiaDe(await lifecycle.get(q, def(), ctx, id), { origemPedidoId: null })));
  });

  /** A quote (an order still Digitando or Aguardando) becomes a new order; the quote is marked Pedido de Venda Gerado. */
  app.post('/api/PedidosVenda/:id/gerar-pedido', { schema: { tags, summary: 'Orçamento (Digitando ou Aguardando) → novo pedido; o orçamento fica Pedido de Venda Gerado (6) e devolve a reserva', response: { 200: pedido, 409: answer('O orçamento não está em Digitando nem Aguardando') } } }, async (req) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'change');
    const id = idOf(req);
    return withRetry(services, ctx, async (q) => {
      const orcamento = await lifecycle.transition(q, def(), ctx, id, 'gerar-pedido');
      return lifecycle.create(q, def(), ctx, copiaDe(orcamento, { origemPedidoId: id }));
    });
  });

  /** The NF-e draft of a faturado order without a note (emitir-nfe opens with it from Vendas > Nota fiscal). */
  app.get('/api/PedidosVenda/:id/nota-fiscal', { schema: { tags, summary: 'Rascunho da NF-e de um pedido faturado sem nota (abre o emitir-nfe); a nota fica ligada ao pedido e não lança estoque nem contas de novo', response: { 200: answer('Dados da nota (o corpo de POST /api/NotasFiscais)') } } }, async (req) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'view');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => rascunhoNfeDoPedido(q, ctx, await lifecycle.load(q, def(), ctx, id)));
  });

  app.get('/api/PedidosVenda/:id/pdf', { schema: { tags, summary: 'O pedido impresso (PDF A4)', response: { 200: fileAnswer('PDF', 'application/pdf') } } }, async (req, reply) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'view');
    const id = idOf(req);
    const pdf = await db.tenant(ctx, async (q) => {
      const p = await lifecycle.get(q, def(), ctx, id);
      return pedidoPdf(q, ctx.tenantId, p, def().doc.states.find((s) => s.key === p.estado)?.label ?? String(p.estado));
    });
    reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="pedido-venda-${id}.pdf"`);
    return reply.send(pdf);
  });

  app.post('/api/PedidosVenda/:id/email', {
    schema: {
      tags,
      summary: 'Envia o pedido em PDF por e-mail (ao e-mail do cliente quando `para` falta)',
      body: checkedByHandler({ type: 'object', properties: { para: { type: 'string', format: 'email' }, mensagem: { type: 'string', maxLength: 2000 } } }),
      response: { 200: answer('Enviado', { type: 'object', properties: { enviado: { type: 'boolean' }, para: { type: 'string' } } }) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'view');
    const id = idOf(req);
    const body = (req.body ?? {}) as { para?: unknown; mensagem?: unknown };
    const { pedido, pdf, para } = await db.tenant(ctx, async (q) => {
      const p = await lifecycle.get(q, def(), ctx, id);
      const cli = await q.query<{ email: string | null; nome: string }>('SELECT email, nome FROM pessoas WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, p.clienteId]);
      const destino = typeof body.para === 'string' && body.para.trim() ? body.para.trim() : cli.rows[0]?.email ?? '';
      if (!EMAIL_RE.test(destino)) throw badRequest(destino ? `E-mail inválido: ${destino}.` : 'O cliente não tem e-mail cadastrado: informe o destinatário.', [{ path: '/para', campo: 'para', mensagem: 'E-mail inválido' }]);
      return { pedido: p, pdf: await pedidoPdf(q, ctx.tenantId, p, def().doc.states.find((s) => s.key === p.estado)?.label ?? String(p.estado)), para: destino };
    });
    const texto = typeof body.mensagem === 'string' && body.mensagem.trim() ? body.mensagem.trim().slice(0, 2000) : `Segue o pedido de venda nº ${pedido.numero}, no total de ${formatBRL(String(pedido.valorTotal ?? 0))}.`;
    await services.mailer.send({ to: para, subject: `Pedido de venda nº ${pedido.numero}`, text: texto, attachments: [{ filename: `pedido-venda-${pedido.numero}.pdf`, content: pdf, contentType: 'application/pdf' }] });
    return { enviado: true, para };
  });

  /** Balance, reserved and available per depósito of the branch (the order's lines and the product screen). */
  app.get('/api/PedidosVenda/disponibilidade', withQuery({ produtoIds }, ['produtoIds'], {
    schema: {
      tags,
      summary: 'Saldo, reservado e disponível por depósito da filial',
      response: { 200: answer('Por produto × depósito', { type: 'array', items: { type: 'object', properties: { produtoId: { type: 'integer' }, depositoId: { type: 'integer' }, quantidade: { type: 'string' }, reservado: { type: 'string' }, disponivel: { type: 'string' } } } }) },
    },
  }), async (req) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'view');
    const ids = String((req.query as Row).produtoIds ?? '').split(',').filter(Boolean).map((v) => parseId(v));
    if (ids.length > 1000) throw badRequest('No máximo 1000 produtos por consulta.');
    return ids.length ? db.tenant(ctx, (q) => disponibilidade(q, ctx, ids)) : [];
  });

  /**
   * What the order screen needs to price a line as the server will (src/shared/pedido-calculo.ts): each product's
   * (or service's) sale price and category, the promotions that may apply, and the shop's date and hour.
   */
  app.get('/api/PedidosVenda/precos', withQuery({ produtoIds: { type: 'string', description: 'ids separados por vírgula (até 1000; obrigatório, a mensagem do servidor diz quando falta)' } }, [], { schema: { tags, summary: 'Preço de venda, categoria e promoções dos produtos, para a tela calcular a linha como o servidor', response: { 200: answer('Produtos, promoções e a data e hora da loja') } } }), async (req) => {
    const ctx = req.ctx!;
    lifecycle.guard(ctx, def(), 'view');
    const ids = String((req.query as Row).produtoIds ?? '').split(',').filter(Boolean).map((v) => parseId(v));
    if (!ids.length) throw badRequest('Informe os produtos (produtoIds: ids separados por vírgula).');
    if (ids.length > 1000) throw badRequest('No máximo 1000 produtos por consulta.');
    return db.tenant(ctx, async (q) => {
      const r = ids.length
        ? await q.query<{ id: number; preco_venda: string | null; categoria_id: number | null; servico: boolean }>('SELECT id, preco_venda, categoria_id, servico FROM produtos WHERE tenant_id = $1 AND id = ANY($2::integer[])', [ctx.tenantId, ids])
        : { rows: [] };
      const produtos = r.rows.map((x) => ({ id: Number(x.id), precoVenda: x.preco_venda, categoriaId: x.categoria_id === null ? null : Number(x.categoria_id), servico: x.servico === true }));
      const categorias = [...new Set(produtos.map((x) => x.categoriaId).filter((c): c is number => c !== null))];
      return { agora: agoraLocal(), produtos, promocoes: await promocoesDe(q, ctx.tenantId, ids, categorias) };
    });
  });

  // Commercial contacts: the interactions' history and the follow-up alerts.
  const contatoGuard = (ctx: RequestContext, level: 'view' | 'change') => {
    if (!serverAllows(ctx, 'app.contatoscomerciais', level)) throw forbidden(`Você não tem permissão para ${level === 'view' ? 'consultar' : 'alterar'} contatos comerciais.`);
  };
  const contatoExiste = async (q: Queryable, ctx: RequestContext, id: number) => {
    const r = await q.query('SELECT 1 FROM contatos_comerciais WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
    if (!r.rows.length) throw notFound('Contato comercial não encontrado.');
  };
  app.get('/api/ContatosComerciais/:id/interacoes', { schema: { tags: tagsContatos, summary: 'Histórico de interações, da mais recente', response: { 200: answer('Interações') } } }, async (req) => {
    const ctx = req.ctx!;
    contatoGuard(ctx, 'view');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      await contatoExiste(q, ctx, id);
      return (await q.query(
        `SELECT i.id, to_char(i.data, 'YYYY-MM-DD') AS data, i.tipo, i.descricao, u.nome AS usuario, i.created_at AS "createdAt"
           FROM contato_interacoes i LEFT JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.usuario_id
          WHERE i.tenant_id = $1 AND i.contato_id = $2 ORDER BY i.data DESC, i.id DESC`,
        [ctx.tenantId, id],
      )).rows;
    });
  });
  app.post('/api/ContatosComerciais/:id/interacoes', {
    schema: {
      tags: tagsContatos,
      summary: 'Registra uma interação (e, com proximoContato, a nova data de retorno)',
      body: checkedByHandler({ type: 'object', required: ['descricao'], properties: { data: { type: 'string', format: 'date' }, tipo: { type: 'string', maxLength: 40 }, descricao: { type: 'string', minLength: 2, maxLength: 2000 }, proximoContato: { type: ['string', 'null'], format: 'date' } } }),
      response: { 200: answer('Interação registrada') },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    contatoGuard(ctx, 'change');
    const id = idOf(req);
    const b = (req.body ?? {}) as { data?: unknown; tipo?: unknown; descricao?: unknown; proximoContato?: unknown };
    const data = typeof b.data === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b.data) && !Number.isNaN(Date.parse(b.data)) ? b.data : b.data == null ? agoraLocal().data : null;
    if (!data) throw badRequest('Data: informe uma data válida.', [{ path: '/data', campo: 'data', mensagem: 'Data inválida' }]);
    const tipo = typeof b.tipo === 'string' && b.tipo.trim() ? b.tipo.trim().slice(0, 40) : 'Contato';
    const descricao = typeof b.descricao === 'string' ? b.descricao.trim() : '';
    if (descricao.length < 2 || descricao.length > 2000) throw badRequest('Descrição: conte o que foi tratado (de 2 a 2000 caracteres).', [{ path: '/descricao', campo: 'descricao', mensagem: 'Campo Obrigatório!' }]);
    const proximo = b.proximoContato;
    if (proximo !== undefined && proximo !== null && (typeof proximo !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(proximo))) throw badRequest('Próximo contato: informe uma data válida.', [{ path: '/proximoContato', campo: 'proximoContato', mensagem: 'Data inválida' }]);
    return db.tenant(ctx, async (q) => {
      await contatoExiste(q, ctx, id);
      const r = await q.query<Row>(
        `INSERT INTO contato_interacoes (tenant_id, contato_id, data, tipo, descricao, usuario_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, to_char(data, 'YYYY-MM-DD') AS data, tipo, descricao`,
        [ctx.tenantId, id, data, tipo, descricao, ctx.userId],
      );
      // A new follow-up date (or none) replaces the old one and may alert again when it comes.
      if (proximo !== undefined) await q.query('UPDATE contatos_comerciais SET proximo_contato = $3, retorno_alertado = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, proximo]);
      return r.rows[0];
    });
  });
  /** Raises the alerts of the account's due follow-ups now (the server also does it every hour). */
  app.post('/api/ContatosComerciais/alertar-retornos', { schema: { tags: tagsContatos, summary: 'Gera agora os alertas dos retornos vencidos da conta (o servidor também gera a cada hora; cada retorno alerta uma vez)', response: { 200: answer('Quantos alertas', { type: 'object', properties: { alertas: { type: 'integer' } } }) } } }, async (req) => {
    const ctx = req.ctx!;
    contatoGuard(ctx, 'view');
    return { alertas: await db.tenant(ctx, (q) => alertarRetornos(q, ctx.tenantId, agoraLocal().data, services)) };
  });

  // Dashboard and report screens.
  const podeVerVendas = (ctx: RequestContext) => serverAllows(ctx, 'app.relatorioVenda') || serverAllows(ctx, 'app.painelvendas') || serverAllows(ctx, 'app.pedidoVenda', 'view');
  app.get('/api/Vendas/resumo', { schema: { tags: tagsVendas, summary: 'Cartão do dashboard: vendas de hoje e do mês, ticket médio, produtos mais vendidos (pedidos faturados da filial)', response: { 200: answer('Resumo') } } }, async (req) => {
    const ctx = req.ctx!;
    if (!podeVerVendas(ctx)) throw forbidden('Você não tem permissão para consultar as vendas.');
    return db.tenant(ctx, (q) => resumoVendas(q, ctx, agoraLocal().data));
  });
  /** A sales report on screen (the same source the export queue runs): GET /api/Vendas/relatorios/VendasPorProduto?de=&ate= */
  app.get('/api/Vendas/relatorios/:fonte', withQuery(periodoQuery, [], { schema: { tags: tagsVendas, summary: 'Um relatório de vendas na tela; o mesmo exporta em XLSX/PDF por POST /api/Relatorios/exportar {recurso: fonte, filter: {where: {de, ate}}}', description: `fonte: ${VENDAS_REPORTS.map((f) => f.name).join(', ')}`, response: { 200: answer('Linhas') } } }), async (req) => {
    const ctx = req.ctx!;
    const fonte = VENDAS_REPORTS.find((f) => f.name === (req.params as { fonte: string }).fonte);
    if (!fonte) throw notFound('Relatório de vendas desconhecido.');
    if (!fonte.allowed(ctx)) throw forbidden(fonte.negado);
    const p = fonte.parametros(req.query);
    const ocultos = fonte.ocultos?.(ctx) ?? new Set<string>();
    return db.tenant(ctx, async (q) => (await fonte.chunk(q, ctx, p, null, 100000, services)).rows.map((r) => semOcultos(r, ocultos)));
  });
  app.get('/api/Vendas/comissoes', withQuery(periodoQuery, [], { schema: { tags: tagsVendas, summary: 'Comissões por vendedor no período (linhas de pedidos faturados)', response: { 200: answer('Linhas') } } }), async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.relatorioVenda') && !serverAllows(ctx, 'app.vendedor', 'view')) throw forbidden('Você não tem permissão para consultar as comissões.');
    const p = periodo(req.query as Row);
    return db.tenant(ctx, (q) => comissoesPorVendedor(q, ctx, p));
  });
}

/** Follow-ups due today raise their alert within the hour (each contact once: retorno_alertado): a periodic job. */
export const jobsVendas = (services: AppServices): PeriodicKind[] => [{ tipo: 'vendas.alertarRetornos', aCadaMs: 60 * 60 * 1000, executar: () => alertarRetornosDeTodos(services) }];

/** Every account's due follow-ups (run by the hourly timer), one account per transaction. */
async function alertarRetornosDeTodos(services: AppServices): Promise<void> {
  const hoje = agoraLocal().data;
  const contas = await services.db.query<{ tenant_id: number }>('SELECT DISTINCT tenant_id FROM contatos_comerciais WHERE proximo_contato <= $1 AND retorno_alertado IS DISTINCT FROM proximo_contato', [hoje]);
  for (const { tenant_id } of contas.rows) await services.db.tenant({ tenantId: Number(tenant_id) }, (q) => alertarRetornos(q, Number(tenant_id), hoje, services));
}
