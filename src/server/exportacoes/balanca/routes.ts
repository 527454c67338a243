import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lerCodigoBalanca, linhaDaEtiqueta, type OpcoesBalanca } from '../../../shared/etiqueta-balanca.ts';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { query, TEXT } from '../../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer } from '../../http/route-schema.ts';
import { CargaRecusada, gerarCarga, layoutDoModelo, produtosDaBalanca, zipDaCarga } from './carga.ts';
import { layoutsBalanca } from './layout.ts';

/** SPEC 6 key of the screen exportacoes-fiscais/exportacao-para-balanca. */
export const CHAVE_BALANCA = 'app.exportacaoBalanca';
/** The sales order reads labels back with its own permission. */
const CHAVE_PEDIDO = 'app.pedidoVenda';

type Row = Record<string, any>;

function exigir(ctx: RequestContext, chave: string, texto: string): void {
  if (!serverAllows(ctx, chave, 'view')) throw forbidden(`Você não tem permissão para ${texto}.`);
}

export interface ConfiguracaoEtiqueta {
  etiquetaPrefixo: string;
  etiquetaConteudo: 'preco' | 'peso';
  etiquetaDigitosCodigo: number;
}

const PADRAO: ConfiguracaoEtiqueta = { etiquetaPrefixo: '2', etiquetaConteudo: 'preco', etiquetaDigitosCodigo: 5 };

/** The branch's label layout (what its scales print), the defaults when never saved. */
export async function configuracaoEtiqueta(q: Queryable, tenantId: number, filialId: number): Promise<ConfiguracaoEtiqueta> {
  const r = (await q.query<Row>('SELECT etiqueta_prefixo, etiqueta_conteudo, etiqueta_digitos_codigo FROM configuracoes_balanca_terminal WHERE tenant_id = $1 AND filial_id = $2', [tenantId, filialId])).rows[0];
  if (!r) return { ...PADRAO };
  return { etiquetaPrefixo: r.etiqueta_prefixo, etiquetaConteudo: r.etiqueta_conteudo, etiquetaDigitosCodigo: Number(r.etiqueta_digitos_codigo) };
}

export const opcoesDaConfiguracao = (c: ConfiguracaoEtiqueta): OpcoesBalanca => ({ prefixo: c.etiquetaPrefixo, tipo: c.etiquetaConteudo, digitosCodigo: c.etiquetaDigitosCodigo });

function lerConfiguracao(b: Row): ConfiguracaoEtiqueta {
  const detalhes = [];
  if (typeof b.etiquetaPrefixo !== 'string' || !/^\d$/.test(b.etiquetaPrefixo)) detalhes.push({ path: '/etiquetaPrefixo', campo: 'etiquetaPrefixo', mensagem: 'Prefixo da etiqueta: informe um dígito (normalmente 2).' });
  if (b.etiquetaConteudo !== 'preco' && b.etiquetaConteudo !== 'peso') detalhes.push({ path: '/etiquetaConteudo', campo: 'etiquetaConteudo', mensagem: 'A etiqueta traz: escolha Preço ou Peso.' });
  if (!Number.isInteger(b.etiquetaDigitosCodigo) || b.etiquetaDigitosCodigo < 4 || b.etiquetaDigitosCodigo > 6) detalhes.push({ path: '/etiquetaDigitosCodigo', campo: 'etiquetaDigitosCodigo', mensagem: 'Dígitos do código na etiqueta: de 4 a 6.' });
  if (detalhes.length) throw badRequest(detalhes.map((d) => d.mensagem).join(' '), detalhes);
  return { etiquetaPrefixo: b.etiquetaPrefixo, etiquetaConteudo: b.etiquetaConteudo, etiquetaDigitosCodigo: b.etiquetaDigitosCodigo };
}

/** The scales' load (issue 36 item 5): one ZIP per scale model, from the layout documents in schemas/balancas. */
export default async function balancaRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const config = { module: 'exportacoes' };
  const tags = ['Exportação para balança'];
  const configuracao = { type: 'object', required: ['etiquetaPrefixo', 'etiquetaConteudo', 'etiquetaDigitosCodigo'], properties: { etiquetaPrefixo: { type: 'string', pattern: '^[0-9]$' }, etiquetaConteudo: { enum: ['preco', 'peso'] }, etiquetaDigitosCodigo: { type: 'integer', minimum: 4, maximum: 6 } } };
  const recusa = answer('Dados inválidos ou produtos a corrigir (mensagem em português; details lista cada produto com o link)');
  const filialDe = (req: FastifyRequest) => {
    const ctx = req.ctx!;
    if (!ctx.branchId) throw badRequest('Selecione uma filial.');
    return ctx.branchId;
  };

  app.get('/api/ExportacaoBalanca/modelos', { config, schema: { tags, summary: 'Os modelos de balança (um documento de layout cada, schemas/balancas) e os arquivos da carga', response: { 200: answer('Modelos') } } }, async (req) => {
    exigir(req.ctx!, CHAVE_BALANCA, 'exportar para a balança');
    return [...layoutsBalanca().values()].map((l) => ({ modelo: l.modelo, titulo: l.titulo, fabricante: l.fabricante, arquivos: l.arquivos.map((a) => a.nome) }));
  });

  // The products flagged for the scale, with what stops each going to the chosen model.
  app.get('/api/ExportacaoBalanca/produtos', { config, schema: { tags, summary: 'Os produtos ativos marcados para a balança, por PLU', response: { 200: answer('Produtos') } } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_BALANCA, 'exportar para a balança');
    const produtos = await db.tenant(ctx, (q) => produtosDaBalanca(q, ctx.tenantId), { readOnly: true });
    return produtos.map((p) => ({ id: p.id, descricao: p.descricao, plu: p.plu, venda: p.venda, precoVenda: p.preco, validadeDias: p.validadeDias, departamento: p.departamento }));
  });

  app.get('/api/ExportacaoBalanca/:modelo/carga.zip', {
    config,
    schema: {
      tags,
      summary: 'A carga da balança do modelo num ZIP (Toledo MGV5/6/7, Filizola, Urano, Urano URF32); recusada nomeando o produto sem PLU ou com preço/PLU maior que o campo',
      description: 'modelo: toledo-mgv5, toledo-mgv6, toledo-mgv7, filizola, urano, urano-urf32',
      response: { 200: fileAnswer('A carga', 'application/zip'), 400: recusa, 404: answer('Modelo desconhecido') },
    },
  }, async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_BALANCA, 'exportar para a balança');
    const { modelo } = req.params as { modelo: string };
    const layout = layoutDoModelo(modelo);
    if (!layout) throw notFound(`Modelo de balança desconhecido: ${modelo}.`);
    const produtos = await db.tenant(ctx, (q) => produtosDaBalanca(q, ctx.tenantId), { readOnly: true });
    let arquivos;
    try {
      arquivos = gerarCarga(layout, produtos);
    } catch (e) {
      if (e instanceof CargaRecusada) throw badRequest(e.problemas.length === 1 ? e.problemas[0].mensagem : `A carga da ${layout.titulo} não foi gerada: ${e.problemas.length} produtos a corrigir. ${e.problemas.map((p) => p.mensagem).join(' ')}`, e.problemas.map((p) => ({ campo: 'produto', mensagem: p.mensagem, produtoId: p.produtoId, link: p.link })));
      throw e;
    }
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', `attachment; filename="balanca-${layout.modelo}.zip"`);
    reply.header('x-produtos', String(produtos.length));
    return reply.send(zipDaCarga(arquivos));
  });

  app.get('/api/ExportacaoBalanca/configuracao', { config, schema: { tags, summary: 'O layout da etiqueta da balança na filial selecionada', response: { 200: answer('Configuração', configuracao) } } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_BALANCA, 'exportar para a balança');
    const filialId = filialDe(req);
    return db.tenant(ctx, (q) => configuracaoEtiqueta(q, ctx.tenantId, filialId), { readOnly: true });
  });

  app.put('/api/ExportacaoBalanca/configuracao', { config, schema: { tags, summary: 'Grava o layout da etiqueta da balança da filial', body: checkedByHandler(configuracao), response: { 200: answer('Configuração', configuracao) } } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_BALANCA, 'exportar para a balança');
    const filialId = filialDe(req);
    const c = lerConfiguracao((req.body ?? {}) as Row);
    return db.tenant(ctx, async (q) => {
      await q.query(
        `INSERT INTO configuracoes_balanca_terminal (tenant_id, filial_id, etiqueta_prefixo, etiqueta_conteudo, etiqueta_digitos_codigo) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, filial_id) DO UPDATE SET etiqueta_prefixo = excluded.etiqueta_prefixo, etiqueta_conteudo = excluded.etiqueta_conteudo,
           etiqueta_digitos_codigo = excluded.etiqueta_digitos_codigo, updated_at = now()`,
        [ctx.tenantId, filialId, c.etiquetaPrefixo, c.etiquetaConteudo, c.etiquetaDigitosCodigo],
      );
      return configuracaoEtiqueta(q, ctx.tenantId, filialId);
    });
  });

  // The sales order scans a scale label: the product it names (by PLU) and the line's quantity.
  app.get('/api/EtiquetasBalanca/ler', {
    config: { module: 'vendas' },
    schema: {
      tags: ['Pedido de venda'],
      summary: 'Lê uma etiqueta da balança (EAN-13, prefixo 2) com o layout da filial: o produto pelo PLU e a quantidade da linha',
      querystring: query({ codigo: { ...TEXT, description: 'o código lido (obrigatório; sem ele, a mensagem diz que não é uma etiqueta)' } }),
      response: { 200: answer('Linha', { type: 'object', properties: { produtoId: { type: 'integer' }, descricao: { type: 'string' }, quantidade: { type: 'string' }, precoUnitario: { type: 'string' }, totalEtiqueta: { type: 'string' }, peso: { type: 'string' } } }) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, CHAVE_PEDIDO, 'lançar pedidos de venda');
    const filialId = filialDe(req);
    const codigo = String((req.query as Row).codigo ?? '').trim();
    return db.tenant(
      ctx,
      async (q) => {
        const conf = await configuracaoEtiqueta(q, ctx.tenantId, filialId);
        const b = lerCodigoBalanca(codigo, opcoesDaConfiguracao(conf));
        if (!b) throw badRequest(`O código ${codigo || '(vazio)'} não é uma etiqueta de balança desta filial (EAN-13 com prefixo ${conf.etiquetaPrefixo}).`);
        const p = (
          await q.query<Row>(
            `SELECT id, descricao, COALESCE(preco_venda, 0)::text AS preco FROM produtos WHERE tenant_id = $1 AND NOT servico AND ativo AND (balanca_plu = $2 OR (balanca_plu IS NULL AND codigo = $3)) ORDER BY balanca_plu NULLS LAST LIMIT 1`,
            [ctx.tenantId, Number(b.codigoProduto), b.codigoProduto],
          )
        ).rows[0];
        if (!p) throw badRequest(`Nenhum produto com o PLU ${b.codigoProduto} (etiqueta de balança ${codigo}).`);
        const l = linhaDaEtiqueta(b, p.preco);
        if (!l) throw badRequest(`O produto "${p.descricao}" está sem preço de venda.`);
        return { produtoId: Number(p.id), descricao: p.descricao, quantidade: l.quantidade, precoUnitario: new Decimal(p.preco).toFixed(2), ...(b.preco ? { totalEtiqueta: b.preco } : { peso: b.peso }) };
      },
      { readOnly: true },
    );
  });
}
