import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { HttpError, forbidden } from '../http/errors.ts';
import { parseId } from '../resources/resource-service.ts';
import { aceitarConvite, clientesDoContador, convidar, isContadorExterno, listarContadores, revogar, trocarConta, verConvite } from './contadores.ts';
import { painelDoContador } from './painel.ts';
import { definirAutXml } from './autxml.ts';
import { FONTE_DIARIO, diarioDoMes, impostosDoMes } from './lancamentos-contabeis.ts';
import { escreverDiario, leiauteDe, listaDeLeiautes } from './leiautes.ts';
import { definirExportacao, lerExportacao } from './exportacao.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import { buscarPessoas, importarPlano, lerMapeamentos, mapear, usarPlanoPadrao } from './plano.ts';
import { arquivoDoFechamento, arquivosDoPeriodo, checklistDoMes, lerMes } from './fechamento.ts';
import { fecharMes, listarPeriodos, reabrirMes } from './periodos.ts';

const appUrl = (req: FastifyRequest) => process.env.PUBLIC_URL ?? `${req.protocol}://${req.headers.host}`;
const NEGADO = 'Você não tem permissão para gerenciar os contadores desta conta.';

function exigir(ctx: RequestContext, level: 'view' | 'change') {
  if (!serverAllows(ctx, 'app.contador', level)) throw forbidden(NEGADO);
}

/** /api/contabil (issue 37): the shop's accountants (invite, revoke, access log), the invitation link, the accountant's clients. */
export default async function contabilRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, mailer } = services;
  registerReportSources([FONTE_DIARIO]);

  app.get('/api/contabil/contadores', async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'view');
    if (isContadorExterno(ctx)) throw forbidden('O contador vê as lojas clientes no seu painel.');
    return listarContadores(db, ctx);
  });
  app.post('/api/contabil/contadores', async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'change');
    return convidar(db, mailer, await brands.forHost(req.headers.host), ctx, (req.body ?? {}) as Record<string, unknown>, appUrl(req));
  });
  app.post('/api/contabil/contadores/:id/revogar', async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'change');
    await revogar(db, ctx, parseId((req.params as { id: string }).id));
    return { revogado: true };
  });

  app.post('/api/contabil/contadores/:id/autxml', async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'change');
    return definirAutXml(db, ctx, parseId((req.params as { id: string }).id), (req.body ?? {}) as Record<string, unknown>);
  });

  // Plano de contas: the default chart, the mapping of categories and money accounts; the month's journal entries.
  app.get('/api/contabil/plano/mapeamentos', async (req) => {
    exigir(req.ctx!, 'view');
    return lerMapeamentos(db, req.ctx!);
  });
  app.get('/api/contabil/plano/pessoas', async (req) => {
    exigir(req.ctx!, 'view');
    return buscarPessoas(db, req.ctx!, (req.query ?? {}) as Record<string, unknown>);
  });
  app.put('/api/contabil/plano/mapeamentos', async (req) => {
    exigir(req.ctx!, 'change');
    return mapear(db, req.ctx!, (req.body ?? {}) as Record<string, unknown>);
  });
  app.post('/api/contabil/plano/importar', async (req) => {
    exigir(req.ctx!, 'change');
    return importarPlano(db, req.ctx!, (req.body ?? {}) as Record<string, unknown>);
  });
  app.post('/api/contabil/plano/padrao', async (req) => {
    exigir(req.ctx!, 'change');
    return usarPlanoPadrao(db, req.ctx!);
  });
  const diario = async (ctx: RequestContext, query: unknown) => {
    const m = await db.tenant(ctx, (q) => lerMes(q, ctx, (query ?? {}) as Record<string, unknown>), { readOnly: true });
    // The taxes come from the stored XML, read outside the transaction that derives the entries.
    const impostos = await impostosDoMes(services, ctx, m);
    return db.tenant(ctx, (q) => diarioDoMes(q, ctx, m, impostos), { readOnly: true });
  };
  app.get('/api/contabil/lancamentos-contabeis', async (req) => {
    exigir(req.ctx!, 'view');
    const d = await diario(req.ctx!, req.query);
    return { ...d, quantidade: d.lancamentos.length, lancamentos: d.lancamentos.slice(0, 200) };
  });
  app.get('/api/contabil/leiautes', async (req) => {
    exigir(req.ctx!, 'view');
    return listaDeLeiautes();
  });
  // The layout (and its parameters) closing the month attaches, chosen per client account.
  app.get('/api/contabil/exportacao', async (req) => {
    exigir(req.ctx!, 'view');
    return db.tenant(req.ctx!, (q) => lerExportacao(q, req.ctx!), { readOnly: true });
  });
  app.put('/api/contabil/exportacao', async (req) => {
    exigir(req.ctx!, 'change');
    return definirExportacao(db, req.ctx!, (req.body ?? {}) as Record<string, unknown>);
  });
  // The journal as a file of a layout (?leiaute=generico|dominio and the layout's parameters, e.g. codigoEmpresa).
  app.get('/api/contabil/lancamentos-contabeis/arquivo', async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, 'view');
    const query = (req.query ?? {}) as Record<string, unknown>;
    const leiaute = leiauteDe(query.leiaute);
    const d = await diario(ctx, query);
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
    const conteudo = escreverDiario(d, leiaute, { ...quem, parametros: query });
    reply.header('content-type', leiaute.codificacao === 'latin1' ? 'text/plain; charset=iso-8859-1' : 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="lancamentos-contabeis-${d.competencia.replace('/', '-')}.${leiaute.extensao}"`);
    return reply.send(conteudo);
  });

  // The link of the invitation e-mail (public, like the recovery link): read, then accept.
  app.get('/api/contabil/convites/:token', { config: { public: true } }, async (req) => verConvite(db, (req.params as { token: string }).token));
  app.post('/api/contabil/convites/:token/aceitar', { config: { public: true } }, async (req) =>
    aceitarConvite(db, (req.params as { token: string }).token, (req.body ?? {}) as Record<string, unknown>),
  );

  // Closing the month (fechar mês) per branch; reopening by the accountant only.
  app.get('/api/contabil/periodos', async (req) => {
    exigir(req.ctx!, 'view');
    return listarPeriodos(db, req.ctx!);
  });
  app.get('/api/contabil/periodos/checklist', async (req) => {
    exigir(req.ctx!, 'view');
    return checklistDoMes(app, services, req.ctx!, req.headers.authorization, (req.query ?? {}) as Record<string, unknown>);
  });
  app.post('/api/contabil/periodos/fechar', async (req) => {
    exigir(req.ctx!, 'change');
    return fecharMes(app, services, req.ctx!, req.headers.authorization, (req.body ?? {}) as Record<string, unknown>);
  });
  app.get('/api/contabil/periodos/:id/arquivos', async (req) => {
    exigir(req.ctx!, 'view');
    return db.tenant(req.ctx!, (q) => arquivosDoPeriodo(q, req.ctx!, parseId((req.params as { id: string }).id)), { readOnly: true });
  });
  app.get('/api/contabil/periodos/:id/arquivos/:arquivoId', async (req, reply) => {
    exigir(req.ctx!, 'view');
    const p = req.params as { id: string; arquivoId: string };
    const a = await arquivoDoFechamento(services, req.ctx!, parseId(p.id), parseId(p.arquivoId));
    reply.header('content-type', a.nome.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'text/plain; charset=iso-8859-1');
    reply.header('content-disposition', `attachment; filename="${a.nome.replace(/"/g, '')}"`);
    return reply.send(a.stream);
  });
  app.post('/api/contabil/periodos/:id/reabrir', async (req) => {
    exigir(req.ctx!, 'change');
    return reabrirMes(db, req.ctx!, parseId((req.params as { id: string }).id), (req.body ?? {}) as Record<string, unknown>);
  });

  // The accountant: his client accounts, the panel, and the switch between accounts.
  app.get('/api/contabil/clientes', async (req) => clientesDoContador(db, req.ctx!));
  app.get('/api/contabil/painel', async (req) => painelDoContador(db, req.ctx!));
  app.post('/api/contabil/trocarConta', async (req) => trocarConta(db, req.ctx!, (req.body as { contaId?: unknown } | undefined)?.contaId));
}
