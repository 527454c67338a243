import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { HttpError } from '../http/errors.ts';
import { query } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, INT_OR_NULL, objectOf } from '../http/route-schema.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import { FONTE_DIARIO, diarioDoMes, impostosDoMes } from './lancamentos-contabeis.ts';
import { escreverDiario, leiauteDe, listaDeLeiautes } from './leiautes.ts';
import { definirExportacao, lerExportacao } from './exportacao.ts';
import { buscarPessoas, importarPlano, lerMapeamentos, mapear, usarPlanoPadrao } from './plano.ts';
import { lerMes } from './fechamento.ts';
import { exigir, MES, TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const ORIGEM = { type: 'string', enum: ['categoria', 'conta_financeira', 'forma_pagamento', 'forma_pagamento_pdv', 'pessoa', 'clientes', 'fornecedores'] } as const;
const MAPEADO = objectOf({ id: INT, descricao: S, contaContabilId: INT_OR_NULL });
const EXPORTACAO = objectOf({ leiaute: S, parametros: { type: 'object', additionalProperties: S } }, ['leiaute', 'parametros']);
const LANCAMENTO = objectOf({ data: S, debito: S, credito: S, valor: { type: 'string', description: 'decimal com 2 casas' }, historico: S, documento: S });
const PENDENCIA = objectOf({ mensagem: S, rota: S });

/** /api/contabil: the chart of accounts and its mappings, the month's journal entries and their file layouts. */
export default async function planoRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  registerReportSources([FONTE_DIARIO]);

  app.get('/api/contabil/plano/mapeamentos', {
    schema: {
      tags: TAGS,
      summary: 'O plano de contas ativo e o mapeamento de categorias, contas financeiras, formas de pagamento, grupos (clientes, fornecedores) e pessoas para as contas contábeis',
      response: { 200: answer('Contas e mapeamentos', objectOf({ contas: arrayOf(objectOf({ id: INT, codigo: S, nome: S, tipo: S, natureza: S })), categorias: arrayOf(objectOf({ ...MAPEADO.properties, tipo: INT })), contasFinanceiras: arrayOf(MAPEADO), formasPagamento: arrayOf(objectOf({ ...MAPEADO.properties, origem: S })), grupos: arrayOf(objectOf({ origem: S, contaContabilId: INT_OR_NULL })), pessoas: arrayOf(MAPEADO) })) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'view');
    return lerMapeamentos(db, req.ctx!);
  });
  app.get('/api/contabil/plano/pessoas', {
    schema: {
      tags: TAGS,
      summary: 'Clientes (tipo 0) ou fornecedores (tipo 1) pelo nome ou CPF/CNPJ, para lhes dar uma conta própria (até 20)',
      querystring: query({ tipo: { type: 'string', description: '0 clientes, 1 fornecedores' }, busca: S }),
      response: { 200: answer('Pessoas', arrayOf(objectOf({ id: INT, nome: S }))) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'view');
    return buscarPessoas(db, req.ctx!, (req.query ?? {}) as Record<string, unknown>);
  });
  app.put('/api/contabil/plano/mapeamentos', {
    schema: {
      tags: TAGS,
      summary: 'Mapeia uma origem para uma conta contábil analítica (null tira o mapeamento; uma conta sintética é recusada)',
      body: checkedByHandler(objectOf({ origem: ORIGEM, origemId: { ...INT, description: 'sem ele para clientes e fornecedores (o grupo)' }, contaContabilId: INT_OR_NULL }, ['origem'])),
      response: { 200: answer('Mapeado', objectOf({ origem: S, origemId: INT, contaContabilId: INT_OR_NULL })) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'change');
    return mapear(db, req.ctx!, (req.body ?? {}) as Record<string, unknown>);
  });
  app.post('/api/contabil/plano/importar', {
    schema: {
      tags: TAGS,
      summary: 'Importa um plano de contas (CSV/texto ou XLSX em base64: código e nome por linha); as contas que já existem ficam',
      body: checkedByHandler(objectOf({ conteudo: S, formato: { type: 'string', enum: ['csv', 'xlsx'] }, mascara: { type: 'string', description: 'a máscara dos códigos (9.9.9.99 por omissão)' } }, ['conteudo'])),
      response: { 200: exactAnswer('Importado', objectOf({ inseridas: INT, existentes: INT }, ['inseridas', 'existentes'])) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'change');
    return importarPlano(db, req.ctx!, (req.body ?? {}) as Record<string, unknown>);
  });
  app.post('/api/contabil/plano/padrao', { schema: { tags: TAGS, summary: 'Inclui as contas do plano padrão que faltam', response: { 200: exactAnswer('Incluídas', objectOf({ inseridas: INT }, ['inseridas'])) } } }, async (req) => {
    exigir(req.ctx!, 'change');
    return usarPlanoPadrao(db, req.ctx!);
  });

  const diario = async (ctx: RequestContext, q0: unknown) => {
    const m = await db.tenant(ctx, (q) => lerMes(q, ctx, (q0 ?? {}) as Record<string, unknown>), { readOnly: true });
    // The taxes come from the stored XML, read outside the transaction that derives the entries.
    const impostos = await impostosDoMes(services, ctx, m);
    return db.tenant(ctx, (q) => diarioDoMes(q, ctx, m, impostos), { readOnly: true });
  };
  app.get('/api/contabil/lancamentos-contabeis', {
    schema: {
      tags: TAGS,
      summary: 'Os lançamentos contábeis do mês derivados do financeiro, das notas e das entradas (os 200 primeiros), os totais e as pendências que impedem a exportação',
      querystring: query(MES),
      response: { 200: answer('O diário do mês', objectOf({ competencia: S, quantidade: INT, lancamentos: arrayOf(LANCAMENTO), totalDebito: S, totalCredito: S, pendencias: arrayOf(PENDENCIA), valido: { type: 'boolean' } })) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'view');
    const d = await diario(req.ctx!, req.query);
    return { ...d, quantidade: d.lancamentos.length, lancamentos: d.lancamentos.slice(0, 200) };
  });
  app.get('/api/contabil/leiautes', { schema: { tags: TAGS, summary: 'Os leiautes de arquivo dos lançamentos (genérico CSV, Domínio) e os parâmetros que cada um pede', response: { 200: answer('Leiautes', arrayOf(objectOf({ id: S, nome: S, extensao: S, fonte: { type: ['string', 'null'] }, parametros: { type: 'array' } }))) } } }, async (req) => {
    exigir(req.ctx!, 'view');
    return listaDeLeiautes();
  });
  // The layout (and its parameters) closing the month attaches, chosen per client account.
  app.get('/api/contabil/exportacao', { schema: { tags: TAGS, summary: 'O leiaute (e os parâmetros) que o fechamento do mês anexa', response: { 200: answer('Leiaute da conta', EXPORTACAO) } } }, async (req) => {
    exigir(req.ctx!, 'view');
    return db.tenant(req.ctx!, (q) => lerExportacao(q, req.ctx!), { readOnly: true });
  });
  app.put('/api/contabil/exportacao', {
    schema: {
      tags: TAGS,
      summary: 'Escolhe o leiaute (e os parâmetros, p. ex. codigoEmpresa) que o fechamento do mês anexa',
      body: checkedByHandler(objectOf({ leiaute: { type: 'string', description: 'generico por omissão' }, parametros: { type: 'object' } })),
      response: { 200: answer('Gravado', EXPORTACAO) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'change');
    return definirExportacao(db, req.ctx!, (req.body ?? {}) as Record<string, unknown>);
  });
  // The journal as a file of a layout (?leiaute=generico|dominio and the layout's parameters, e.g. codigoEmpresa).
  app.get('/api/contabil/lancamentos-contabeis/arquivo', {
    schema: {
      tags: TAGS,
      summary: 'Os lançamentos do mês como arquivo de um leiaute (CSV UTF-8 ou texto posicional ISO-8859-1); os parâmetros do leiaute vão na consulta',
      querystring: query({ ...MES, leiaute: { type: 'string', description: 'generico ou dominio' } }),
      response: { 200: answer('O arquivo', { type: 'string', format: 'binary' }, 'text/csv'), 422: answer('O mês tem pendências: corrija-as antes de exportar (details.problemas)') },
    },
  }, async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, 'view');
    const q0 = (req.query ?? {}) as Record<string, unknown>;
    const leiaute = leiauteDe(q0.leiaute);
    const d = await diario(ctx, q0);
    if (!d.valido) throw new HttpError(422, `Os lançamentos de ${d.competencia} têm ${d.pendencias.length} pendência(s): corrija-as antes de exportar.`, { problemas: d.pendencias });
    // The header of a positional layout names the company (the branch's CNPJ) and who exported.
    const quem = await db.tenant(
      ctx,
      async (q) => ({
        cnpj: (
          (
            await q.query<{ c: string | null }>(
              `SELECT coalesce((SELECT nullif(cpf_cnpj, '') FROM branches WHERE tenant_id = $1 AND id = $2), (SELECT nullif(cpf_cnpj, '') FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1)) AS c`,
              [ctx.tenantId, ctx.branchId ?? 0],
            )
          ).rows[0]?.c ?? ''
        ).replace(/\D/g, ''),
        usuario: (await q.query<{ n: string }>('SELECT nome AS n FROM users WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId])).rows[0]?.n ?? '',
      }),
      { readOnly: true },
    );
    const conteudo = escreverDiario(d, leiaute, { ...quem, parametros: q0 });
    reply.header('content-type', leiaute.codificacao === 'latin1' ? 'text/plain; charset=iso-8859-1' : 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="lancamentos-contabeis-${d.competencia.replace('/', '-')}.${leiaute.extensao}"`);
    return reply.send(conteudo);
  });
}
