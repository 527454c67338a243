import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import type { LevelName } from '../../shared/permissions.ts';
import { aplicar, lerPedido, previa } from './alteracao-preco.ts';
import { lerGtin, paraUnidades, quantidadeValida } from './embalagens.ts';
import { etiquetasPdf } from './etiquetas/pdf.ts';
import { etiquetasZpl } from './etiquetas/zpl.ts';
import type { ConteudoEtiqueta, LayoutEtiqueta } from './etiquetas/layout.ts';
import { alterarSku, excluirSku, gerarGrade, listarSkus } from './variacoes.ts';

/** At most this many labels in one print job. */
export const MAX_ETIQUETAS = 5000;

const ETIQUETA_COLUMNS = `descricao, tipo, largura_pagina::text AS "larguraPagina", altura_pagina::text AS "alturaPagina", largura::text AS largura, altura::text AS altura,
  colunas, linhas, margem_superior::text AS "margemSuperior", margem_esquerda::text AS "margemEsquerda", espaco_horizontal::text AS "espacoHorizontal",
  espaco_vertical::text AS "espacoVertical", mostrar_descricao AS "mostrarDescricao", mostrar_preco AS "mostrarPreco", mostrar_codigo AS "mostrarCodigo",
  codigo_barras AS "codigoBarras", tamanho_fonte AS "tamanhoFonte"`;

/** A label printed when a layout is previewed (pages/estoque/etiqueta/visualizar/:id). */
const AMOSTRA: ConteudoEtiqueta = { descricao: 'Produto de exemplo 500 g', codigo: 'P001', gtin: '7891000315507', preco: '12.90' };

// The calls as /api/openapi.json shows them (route-schema.ts).
const sku = { type: 'object', properties: { id: { type: 'integer' }, produtoId: { type: 'integer' }, descricao: { type: 'string' }, codigo: { type: ['string', 'null'] }, gtin: { type: ['string', 'null'] }, precoVenda: { type: ['string', 'null'] }, ativo: { type: 'boolean' } } };
const pedidoPreco = {
  type: 'object',
  required: ['modo', 'valor'],
  properties: {
    filtro: { type: 'object', properties: { categoriaId: { type: 'integer' }, marcaId: { type: 'integer' }, fornecedorId: { type: 'integer' }, produtoIds: { type: 'array', items: { type: 'integer' } } } },
    modo: { enum: ['percentual', 'valor', 'margem'] },
    valor: { type: 'string', description: 'percentual ou valor (negativo reduz); margem desejada de 0 a menos de 100' },
    arredondamento: { enum: ['nenhum', 'multiplo-0.05', 'multiplo-0.10', 'multiplo-0.50', 'multiplo-1.00', 'final-0.90', 'final-0.99'] },
    motivo: { type: 'string' },
    incluirVariacoes: { type: 'boolean', default: true },
  },
};


/**
 * The stock periphery (issue 14): product grids (SKUs), packaging conversion, label printing (PDF and ZPL)
 * and the bulk price change. Master data of these (templates, packaging units, label layouts) is served by
 * the generic resource API; this is what a document cannot express.
 */
export default async function estoqueComplementosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const guard = (req: FastifyRequest, key: string, level: LevelName, what: string): RequestContext => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, key, level)) throw forbidden(`Você não tem permissão para ${what}.`);
    return ctx;
  };
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  // Grade: the SKUs of a product.
  app.get('/api/Produtos/:id/variacoes', { schema: { tags: ['Variações'], summary: 'Grade do produto: uma variação (SKU) por combinação', response: { 200: answer('SKUs', { type: 'array', items: sku }) } } }, async (req) => {
    const ctx = guard(req, 'app.produto', 'view', 'consultar produtos');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      const p = await q.query('SELECT 1 FROM produtos WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
      if (!p.rows.length) throw notFound('Produto não encontrado.');
      return listarSkus(q, ctx.tenantId, id);
    });
  });
  app.post('/api/Produtos/:id/variacoes/gerar', {
    schema: {
      tags: ['Variações'],
      summary: 'Gera a grade: uma variação por combinação dos valores escolhidos (as existentes ficam como estão)',
      body: checkedByHandler({ type: 'object', properties: { variacoes: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'object', properties: { variacaoId: { type: 'integer' }, valores: { type: 'array', items: { type: 'string' } } } } } } }),
      response: { 200: answer('Criadas e grade completa', { type: 'object', properties: { criados: { type: 'integer' }, skus: { type: 'array', items: sku } } }) },
    },
  }, async (req) => {
    const ctx = guard(req, 'app.produto', 'change', 'alterar produtos');
    const id = idOf(req);
    return db.tenant(ctx, (q) => gerarGrade(q, ctx.tenantId, id, req.body));
  });
  app.put('/api/ProdutoVariacoes/:id', { schema: { tags: ['Variações'], summary: 'Altera código, GTIN, preço e situação de uma variação', body: checkedByHandler(sku), response: { 200: answer('Variação', sku), 409: answer('Código ou GTIN duplicado') } } }, async (req) => {
    const ctx = guard(req, 'app.produto', 'change', 'alterar produtos');
    const id = idOf(req);
    return db.tenant(ctx, (q) => alterarSku(q, ctx.tenantId, id, req.body));
  });
  app.delete('/api/ProdutoVariacoes/:id', { schema: { tags: ['Variações'], summary: 'Exclui uma variação', response: { 200: answer('Excluída') } } }, async (req) => {
    const ctx = guard(req, 'app.produto', 'full', 'excluir produtos');
    const id = idOf(req);
    return db.tenant(ctx, (q) => excluirSku(q, ctx.tenantId, id));
  });

  // Embalagens: what a scanned code is and how many units it makes.
  app.get('/api/Embalagens/converter', withQuery({ gtin: { ...TEXT, description: 'o GTIN lido (obrigatório)' }, quantidade: { ...TEXT, description: 'padrão 1' } }, [], {
    schema: {
      tags: ['Embalagens'],
      summary: 'O que é um GTIN lido (embalagem, variação ou produto) e quantas unidades ele dá',
      response: { 200: answer('Conversão', { type: 'object', properties: { produtoId: { type: 'integer' }, variacaoId: { type: ['integer', 'null'] }, embalagemId: { type: ['integer', 'null'] }, fator: { type: 'string' }, quantidade: { type: 'string' }, unidades: { type: 'string' } } }) },
    },
  }), async (req) => {
    const ctx = guard(req, 'app.produto', 'view', 'consultar produtos');
    const query = req.query as { gtin?: string; quantidade?: string };
    if (!query.gtin) throw badRequest('Informe o GTIN lido.', [{ path: '/gtin', campo: 'gtin', mensagem: 'Campo Obrigatório!' }]);
    const quantidade = quantidadeValida(query.quantidade ?? '1');
    const lido = await db.tenant(ctx, (q) => lerGtin(q, ctx.tenantId, query.gtin!));
    if (!lido) throw notFound(`Nenhum produto, variação ou embalagem com o GTIN ${query.gtin}.`);
    return { ...lido, quantidade, unidades: paraUnidades(quantidade, lido.fator) };
  });

  // Etiquetas: print a layout for chosen products, or preview it with a sample label.
  const layoutDe = async (ctx: RequestContext, id: number): Promise<LayoutEtiqueta> => {
    const r = await db.tenant(ctx, (q) => q.query<LayoutEtiqueta>(`SELECT ${ETIQUETA_COLUMNS} FROM etiquetas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]));
    if (!r.rows.length) throw notFound('Etiqueta não encontrada.');
    return r.rows[0];
  };
  app.get('/api/Etiquetas/:id/amostra', withQuery({ formato: { ...TEXT, description: 'pdf (padrão) ou zpl' } }, [], { schema: { tags: ['Etiquetas'], summary: 'Uma linha de etiquetas de exemplo no modelo (PDF, ou ZPL com formato=zpl)', response: { 200: fileAnswer('PDF ou ZPL', 'application/pdf') } } }), async (req, reply) => {
    const ctx = guard(req, 'app.etiqueta', 'view', 'consultar etiquetas');
    const layout = await layoutDe(ctx, idOf(req));
    const formato = (req.query as { formato?: string }).formato === 'zpl' ? 'zpl' : 'pdf';
    const lista = Array.from({ length: layout.colunas }, () => AMOSTRA);
    if (formato === 'zpl') return reply.type('text/plain; charset=utf-8').send(etiquetasZpl(layout, lista));
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="etiqueta-amostra.pdf"').send(await etiquetasPdf(layout, lista));
  });
  app.post('/api/Etiquetas/:id/imprimir', {
    schema: {
      tags: ['Etiquetas'],
      summary: 'Imprime etiquetas no modelo: PDF (folhas A4 e rolos térmicos) ou ZPL (impressoras Zebra)',
      body: checkedByHandler({ type: 'object', required: ['itens'], properties: { formato: { enum: ['pdf', 'zpl'] }, itens: { type: 'array', items: { type: 'object', properties: { produtoId: { type: 'integer' }, variacaoId: { type: 'integer' }, quantidade: { type: 'integer', minimum: 1 } } } } } }),
      response: { 200: fileAnswer('application/pdf ou text/plain (ZPL)', 'application/pdf') },
    },
  }, async (req, reply) => {
    const ctx = guard(req, 'app.imprimiretiqueta', 'view', 'imprimir etiquetas');
    const id = idOf(req);
    const body = (req.body ?? {}) as { itens?: unknown; formato?: unknown };
    const formato = body.formato ?? 'pdf';
    if (formato !== 'pdf' && formato !== 'zpl') throw badRequest('Formato inválido: use pdf ou zpl.', [{ path: '/formato', campo: 'formato', mensagem: 'Campo inválido!' }]);
    if (!Array.isArray(body.itens) || !body.itens.length) throw badRequest('Escolha ao menos um produto para imprimir.', [{ path: '/itens', campo: 'itens', mensagem: 'Campo Obrigatório!' }]);
    const itens = body.itens as { produtoId?: unknown; variacaoId?: unknown; quantidade?: unknown }[];
    let total = 0;
    for (const [i, it] of itens.entries()) {
      const qtd = Number(it?.quantidade);
      if (!Number.isSafeInteger(qtd) || qtd < 1 || qtd > MAX_ETIQUETAS) throw badRequest(`Item ${i + 1}: a quantidade de etiquetas deve ser um número inteiro de 1 a ${MAX_ETIQUETAS}.`, [{ path: `/itens/${i}/quantidade`, campo: `itens[${i}].quantidade`, mensagem: 'Campo inválido!' }]);
      if (!Number.isSafeInteger(Number(it.produtoId)) || Number(it.produtoId) <= 0) throw badRequest(`Item ${i + 1}: informe o produto.`, [{ path: `/itens/${i}/produtoId`, campo: `itens[${i}].produtoId`, mensagem: 'Campo Obrigatório!' }]);
      total += qtd;
    }
    if (total > MAX_ETIQUETAS) throw badRequest(`São ${total} etiquetas; o máximo por impressão é ${MAX_ETIQUETAS}.`, [{ path: '/itens', campo: 'itens', mensagem: 'Campo inválido!' }]);
    const layout = await layoutDe(ctx, id);
    const conteudos = await db.tenant(ctx, async (q) => {
      const r = await q.query<ConteudoEtiqueta & { produtoId: number; variacaoId: number | null }>(
        `SELECT p.id AS "produtoId", v.id AS "variacaoId", CASE WHEN v.id IS NULL THEN p.descricao ELSE p.descricao || ' ' || v.descricao END AS descricao,
                coalesce(v.codigo, p.codigo) AS codigo, CASE WHEN v.id IS NULL THEN p.gtin ELSE v.gtin END AS gtin,
                coalesce(v.preco_venda, p.preco_venda)::text AS preco
           FROM jsonb_to_recordset($2::jsonb) AS i(produto integer, variacao integer)
           JOIN produtos p ON p.tenant_id = $1 AND p.id = i.produto
           LEFT JOIN produto_variacoes v ON v.tenant_id = $1 AND v.id = i.variacao AND v.produto_id = p.id`,
        [ctx.tenantId, JSON.stringify(itens.map((it) => ({ produto: Number(it.produtoId), variacao: it.variacaoId ? Number(it.variacaoId) : null })))],
      );
      const chave = (p: unknown, v: unknown) => `${Number(p)}:${v ? Number(v) : ''}`;
      const achados = new Map(r.rows.map((x) => [chave(x.produtoId, x.variacaoId), x]));
      return itens.map((it, i) => {
        const c = achados.get(chave(it.produtoId, it.variacaoId));
        if (!c) throw badRequest(`Item ${i + 1}: produto ou variação não encontrado.`, [{ path: `/itens/${i}/produtoId`, campo: `itens[${i}].produtoId`, mensagem: 'Campo inválido!' }]);
        return { conteudo: c as ConteudoEtiqueta, quantidade: Number(it.quantidade) };
      });
    });
    const lista = conteudos.flatMap((c) => Array.from({ length: c.quantidade }, () => c.conteudo));
    if (formato === 'zpl') return reply.type('text/plain; charset=utf-8').header('content-disposition', 'attachment; filename="etiquetas.zpl"').send(etiquetasZpl(layout, lista));
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="etiquetas.pdf"').send(await etiquetasPdf(layout, lista));
  });

  // Alteração de preço (Vendas): preview, then apply in one transaction.
  app.post('/api/AlteracoesPreco/previa', { schema: { tags: ['Alteração de preço'], summary: 'Prévia da alteração de preço em massa (preço atual → novo), sem gravar', body: checkedByHandler(pedidoPreco), response: { 200: answer('Linhas') } } }, async (req) => {
    const ctx = guard(req, 'app.alteracaoPreco', 'change', 'alterar preços');
    const pedido = lerPedido(req.body);
    return db.tenant(ctx, (q) => previa(q, ctx.tenantId, pedido));
  });
  app.post('/api/AlteracoesPreco/aplicar', { schema: { tags: ['Alteração de preço'], summary: 'Aplica a alteração numa transação; cada preço alterado entra no histórico', body: checkedByHandler(pedidoPreco), response: { 200: answer('Alterados e ignorados') } } }, async (req) => {
    const ctx = guard(req, 'app.alteracaoPreco', 'change', 'alterar preços');
    const pedido = lerPedido(req.body);
    return db.tenant(ctx, (q) => aplicar(q, ctx.tenantId, pedido));
  });
}
