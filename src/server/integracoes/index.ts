import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LevelName } from '../../shared/permissions.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import type { EventosDeDominio } from '../resources/eventos.ts';
import type { Queryable } from '../db/db.ts';
import { criarChave, listarChaves, revogarChave } from './chaves-api.ts';
import { switchTeste } from './destino-seguro.ts';
import { listarIntegracoes, salvarIntegracao } from './sistemas.ts';
import { brandSwitchesFor } from '../resources/brand-switches.ts';
import type { FieldSwitches } from '../resources/crud.ts';
import { HttpError } from '../http/errors.ts';
import { answer, checkedByHandler, fileAnswer } from '../http/route-schema.ts';
import { CAMPOS, consultar, desfazer, ehTipo, iniciarImportacao, importar, listar as listarImportacoes, planilhaModelo, previa, receberArquivo, registrarFalha } from './importacao.ts';
import { TAMANHO_MAXIMO } from './importacao-arquivo.ts';
import { ajustesTeste, EntregadorWebhooks } from './entregador.ts';
import { acordadores, JOB_WEBHOOKS, primeiroDaTransacao } from './eventos-dominio.ts';
import {
  alterarEndpoint,
  catalogoEventos,
  criarEndpoint,
  EVENTO_TESTE,
  excluirEndpoint,
  listarEndpoints,
  listarEntregas,
  listarTentativas,
  reenviarEntrega,
  registrarEvento,
  registrarEventos,
  rotacionarSegredo,
} from './webhooks.ts';

/**
 * Integrações (issue 40): API keys (`Authorization: ApiKey …`, resolved in app.ts through resolverChaveApi)
 * and Standard Webhooks (events recorded in the writer's transaction, delivered by EntregadorWebhooks).
 * The one public face of src/server/integracoes.
 */
export { resolverChaveApi } from './chaves-api.ts';
export { ESPERAS_S } from './entregador.ts';
export { integracoesDaFilial, SISTEMAS } from './sistemas.ts';
export { webhooksOpenApi } from './webhooks-openapi.ts';
export { hashChave, PREFIXO } from './chaves-api.ts';
export { adivinharMapeamento } from './importacao.ts';
export { novoSegredo } from './webhooks.ts';
/** Domain events of the other modules, in the posting's transaction (eventos-dominio.ts). */
export { emitirEvento, emitirEventos } from './eventos-dominio.ts';

/** Test-only switches (never set in production): a loopback http receiver, a shortened retry schedule. */
export function configurarWebhooksParaTeste(o: { permitirLoopback?: boolean; escalaBackoff?: number }): void {
  if (o.permitirLoopback !== undefined) switchTeste.loopback = o.permitirLoopback;
  if (o.escalaBackoff !== undefined) ajustesTeste.escalaBackoff = o.escalaBackoff;
}

const PERMISSAO = 'app.integracao';
const PERMISSAO_IMPORTACAO = 'app.conversaodados';
export const JOB_IMPORTACAO = 'integracoes.importar';
export { JOB_WEBHOOKS };

const TIPOS_IMPORTACAO = Object.keys(CAMPOS);
const mapeamento = { type: 'object', description: 'campo → índice da coluna (0 = primeira)', additionalProperties: { type: 'integer' } };

/** Progress of the imports running in this process (the job's transaction is not visible until it commits). */
const progresso = new Map<string, { feitas: number; total: number }>();

export default async function integracoesRoutes(app: FastifyInstance, { services, webhookWorker }: { services: AppServices; webhookWorker?: boolean }) {
  const { db } = services;
  const jobs = services.jobs;
  /**
   * The jobs-table wake-up of the deliveries, idempotent by key: one pending 'agora' job per account for new events
   * (enqueued in the writer's transaction), and for retries one per account and second, due at the second's end so
   * it never runs before a retry that shares it (retries wait 5 s at least). This process remembers the seconds it
   * already enqueued, so a thousand failing deliveries do not cost a thousand enqueues.
   */
  const agendados = new Set<string>();
  const acordarPelaFila = async (tenantId: number, quando?: Date, q?: Queryable) => {
    if (!quando) return jobs!.enqueue(JOB_WEBHOOKS, {}, { key: `${tenantId}:agora`, contaId: tenantId }, q);
    const segundo = Math.ceil(quando.getTime() / 1000);
    const key = `${tenantId}:${segundo}`;
    if (agendados.has(key)) return;
    if (agendados.size > 1000) for (const k of agendados) if (Number(k.split(':')[1]) * 1000 < Date.now()) agendados.delete(k);
    agendados.add(key);
    return jobs!.enqueue(JOB_WEBHOOKS, {}, { key, contaId: tenantId, runAt: new Date(segundo * 1000) });
  };
  const entregador =
    webhookWorker === false ? null : new EntregadorWebhooks(db, (tenantId, userId, alerta) => services.realtime?.toUser(tenantId, userId, 'alerta', alerta), jobs ? (t, quando) => acordarPelaFila(t, quando) : undefined);
  if (jobs) {
    // Every wake-up of the jobs queue (an enqueue here, a NOTIFY from another server, its fallback tick) looks for due
    // deliveries; the job itself only claims and starts them (they run in parallel, outside the one-job-at-a-time worker).
    jobs.register(JOB_WEBHOOKS, async () => entregador?.acordar(), { maxTentativas: 1 });
    if (entregador) jobs.onWake(() => entregador.acordar());
  }
  const eventos: EventosDeDominio = {
    async emitir(q, ctx, tipo, dados) {
      if (!(await registrarEvento(q, ctx.tenantId, tipo, dados))) return;
      // In the writer's transaction (once per transaction): committed together with the event, NOTIFY wakes every server on commit.
      if (jobs && primeiroDaTransacao(q, ctx.tenantId)) await acordarPelaFila(ctx.tenantId, undefined, q);
      for (const acordar of acordadores) setImmediate(acordar);
    },
    async emitirVarios(q, ctx, tipo, carregar) {
      if (!(await registrarEventos(q, ctx.tenantId, tipo, carregar))) return;
      if (jobs && primeiroDaTransacao(q, ctx.tenantId)) await acordarPelaFila(ctx.tenantId, undefined, q);
      for (const acordar of acordadores) setImmediate(acordar);
    },
  };
  services.eventos = eventos;
  services.resources.eventos = eventos;
  if (entregador) {
    // emitirEvento (other modules' postings, without this app's services at hand) wakes this worker after queueing.
    const acordar = () => entregador.acordar();
    app.addHook('onReady', async () => {
      acordadores.add(acordar);
      entregador.start();
    });
    app.addHook('preClose', async () => {
      acordadores.delete(acordar);
      await entregador.stop();
    });
  }

  let catalogo: { tipo: string; descricao: string }[] | null = null;
  const catalogoAtual = () => (catalogo ??= catalogoEventos(services.registry, services.documents));
  const tipos = () => new Set(catalogoAtual().map((e) => e.tipo));

  const guard = (req: FastifyRequest, level: LevelName): RequestContext => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, PERMISSAO, level)) throw forbidden(`Você não tem permissão para ${level === 'view' ? 'consultar' : 'alterar'} as integrações.`);
    return ctx;
  };
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  // Sistemas externos por filial (SPEC 3.2)
  app.get('/api/Integracoes', { schema: { tags: ['Integrações'], summary: 'Os sistemas externos da filial (SPEC 3.2) e seus dados de acesso' } }, async (req) => {
    const ctx = guard(req, 'view');
    return db.tenant(ctx, (q) => listarIntegracoes(q, ctx), { readOnly: true });
  });
  app.put('/api/Integracoes/:sistema', { schema: { tags: ['Integrações'], summary: 'Grava os dados de acesso de um sistema externo na filial' } }, async (req) => {
    const ctx = guard(req, 'change');
    return db.tenant(ctx, (q) => salvarIntegracao(q, ctx, (req.params as { sistema: string }).sistema, (req.body ?? {}) as Record<string, unknown>));
  });

  // Chaves de API
  app.get('/api/ChavesApi', { schema: { tags: ['Chaves de API'], summary: 'As chaves de API da conta (sem o segredo)' } }, async (req) => {
    const ctx = guard(req, 'view');
    return db.tenant(ctx, (q) => listarChaves(q, ctx), { readOnly: true });
  });
  app.post('/api/ChavesApi', { schema: { tags: ['Chaves de API'], summary: 'Cria uma chave de API com escopos; o segredo aparece só nesta resposta' } }, async (req) => {
    const ctx = guard(req, 'change');
    return db.tenant(ctx, (q) => criarChave(q, ctx, (req.body ?? {}) as object));
  });
  app.post('/api/ChavesApi/:id/revogar', { schema: { tags: ['Chaves de API'], summary: 'Revoga uma chave de API' } }, async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => revogarChave(q, ctx, id));
  });

  // Webhooks
  app.get('/api/Webhooks/eventos', { schema: { tags: ['Webhooks'], summary: 'O catálogo de eventos que um webhook pode assinar' } }, async (req) => {
    guard(req, 'view');
    return catalogoAtual();
  });
  app.get('/api/Webhooks', { schema: { tags: ['Webhooks'], summary: 'Os webhooks da conta' } }, async (req) => {
    const ctx = guard(req, 'view');
    return db.tenant(ctx, (q) => listarEndpoints(q, ctx, serverAllows(ctx, PERMISSAO, 'change')), { readOnly: true });
  });
  app.post('/api/Webhooks', { schema: { tags: ['Webhooks'], summary: 'Cadastra um webhook (endereço HTTPS público e eventos)' } }, async (req) => {
    const ctx = guard(req, 'change');
    return db.tenant(ctx, (q) => criarEndpoint(q, ctx, (req.body ?? {}) as object, tipos()));
  });
  app.patch('/api/Webhooks/:id', { schema: { tags: ['Webhooks'], summary: 'Altera endereço, eventos ou situação de um webhook' } }, async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => alterarEndpoint(q, ctx, id, (req.body ?? {}) as object, tipos()));
  });
  app.delete('/api/Webhooks/:id', { schema: { tags: ['Webhooks'], summary: 'Exclui um webhook' } }, async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => excluirEndpoint(q, ctx, id));
  });
  app.post('/api/Webhooks/:id/rotacionar-segredo', { schema: { tags: ['Webhooks'], summary: 'Gera um novo segredo whsec_; o anterior continua assinando ao lado dele (duas assinaturas v1) por `horas` (padrão 24, até 168)', body: checkedByHandler({ type: 'object', properties: { horas: { type: 'integer', minimum: 0, maximum: 168 } } }), response: { 200: answer('Webhook com o novo segredo e segredoAnteriorAte') } } }, async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => rotacionarSegredo(q, ctx, id, (req.body ?? {}) as object));
  });
  app.post('/api/Webhooks/:id/testar', { schema: { tags: ['Webhooks'], summary: 'Envia um evento de teste ao webhook', response: { 200: answer('Evento enfileirado', { type: 'object', properties: { eventoId: { type: 'integer' } } }) } } }, async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    const eventoId = await db.tenant(ctx, async (q) => {
      const r = await registrarEvento(q, ctx.tenantId, EVENTO_TESTE, { mensagem: 'Evento de teste enviado pelo Retaguarda.', usuario: ctx.nome }, id);
      if (!r) throw notFound('Webhook não encontrado.');
      return r;
    });
    entregador?.acordar();
    return { eventoId };
  });
  app.get('/api/Webhooks/:id/entregas', { schema: { tags: ['Webhooks'], summary: 'As entregas recentes do webhook' } }, async (req) => {
    const ctx = guard(req, 'view');
    const id = idOf(req);
    return db.tenant(ctx, (q) => listarEntregas(q, ctx, id), { readOnly: true });
  });
  app.get('/api/WebhookEntregas/:id/tentativas', { schema: { tags: ['Webhooks'], summary: 'As tentativas de uma entrega (código, tempo, resposta)' } }, async (req) => {
    const ctx = guard(req, 'view');
    const id = idOf(req);
    return db.tenant(ctx, (q) => listarTentativas(q, ctx, id), { readOnly: true });
  });
  // Importação de dados (configuracoes/importacao-de-dados)
  const guardImportacao = (req: FastifyRequest, tipo?: string): RequestContext => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, PERMISSAO_IMPORTACAO)) throw forbidden('Você não tem permissão para importar dados.');
    if (tipo && ehTipo(tipo)) {
      const { permissao, titulo } = permissaoDe(tipo);
      if (!serverAllows(ctx, permissao, 'create')) throw forbidden(`Você não tem permissão para incluir ${titulo}.`);
    }
    return ctx;
  };
  /** The permission key a kind of import needs (its resource's, or Financeiro's for receivables and payables). */
  const permissaoDe = (tipo: keyof typeof CAMPOS): { permissao: string; titulo: string } => {
    const c = CAMPOS[tipo];
    if (!c.recurso) return { permissao: c.permissao!, titulo: 'lançamentos financeiros' };
    const def = services.registry.get(c.recurso);
    return { permissao: def.doc.permission, titulo: def.doc.title.toLowerCase() };
  };
  const switchesDe = async (req: FastifyRequest, tipo: string): Promise<FieldSwitches> =>
    ehTipo(tipo) && CAMPOS[tipo].recurso ? brandSwitchesFor((await services.brands.forHost(req.headers.host)).config, services.registry.get(CAMPOS[tipo].recurso!)) : {};
  const contexto = (q: Parameters<Parameters<typeof db.tenant>[1]>[0], ctx: RequestContext, switches?: FieldSwitches) => ({ q, ctx, registry: services.registry, resources: services.resources, switches });
  const tipoDaImportacao = async (ctx: RequestContext, id: number): Promise<string> =>
    db.tenant(ctx, async (q) => {
      const r = await q.query<{ tipo: string }>('SELECT tipo FROM importacoes WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
      if (!r.rows[0]) throw notFound('Importação não encontrada.');
      return r.rows[0].tipo;
    }, { readOnly: true });

  services.jobs?.register<{ importacaoId: number; ctx: RequestContext; switches: FieldSwitches }>(
    JOB_IMPORTACAO,
    async ({ importacaoId, ctx, switches }) => {
      const chave = `${ctx.tenantId}:${importacaoId}`;
      const avisar = (feitas: number, total: number) => {
        progresso.set(chave, { feitas, total });
        services.realtime?.toUser(ctx.tenantId, ctx.userId, 'importacao', { id: importacaoId, feitas, total });
      };
      try {
        await db.tenant(ctx, (q) => importar(contexto(q, ctx, switches), importacaoId, avisar));
      } catch (e) {
        const msg = e instanceof HttpError ? e.message : 'Falha inesperada durante a importação: nada foi importado. Tente novamente.';
        await db.tenant(ctx, (q) => registrarFalha(q, ctx, importacaoId, msg));
        if (!(e instanceof HttpError)) throw e;
      } finally {
        progresso.delete(chave);
        services.realtime?.toUser(ctx.tenantId, ctx.userId, 'importacao', { id: importacaoId, fim: true });
      }
    },
    { maxTentativas: 1 },
  );

  app.get('/api/Importacoes', { schema: { tags: ['Importação de dados'], summary: 'As últimas 100 importações da conta' } }, async (req) => {
    const ctx = guardImportacao(req);
    return db.tenant(ctx, (q) => listarImportacoes(q, ctx), { readOnly: true });
  });
  app.get('/api/Importacoes/modelo/:tipo', { schema: { tags: ['Importação de dados'], summary: 'Planilha modelo (XLSX) do cadastro', description: `tipo: ${TIPOS_IMPORTACAO.join(', ')}`, response: { 200: fileAnswer('XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') } } }, async (req, reply) => {
    const tipo = (req.params as { tipo: string }).tipo;
    guardImportacao(req, tipo);
    if (!ehTipo(tipo)) throw notFound('Modelo de planilha não encontrado.');
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', `attachment; filename="modelo-${tipo}.xlsx"`);
    return reply.send(await planilhaModelo(tipo));
  });
  // The file comes base64 in JSON (as the other imports): a 20 MB file is ~27 MB of body; up to 80 MB of body is read
  // so a file too large gets the 413 with the import's own message, not the generic one.
  app.post('/api/Importacoes', {
    bodyLimit: 80 * 1024 * 1024,
    schema: {
      tags: ['Importação de dados'],
      summary: 'Envia um CSV (UTF-8 ou Latin-1; ; , ou tab) ou XLSX de até 20 MB: devolve colunas, amostra e o mapeamento sugerido (o último confirmado para o mesmo cabeçalho, ou adivinhado pelos nomes do Bling, Tiny e Omie)',
      body: checkedByHandler({ type: 'object', required: ['tipo', 'conteudo'], properties: { tipo: { enum: TIPOS_IMPORTACAO }, nomeArquivo: { type: 'string' }, formato: { enum: ['csv', 'txt', 'xlsx'] }, conteudo: { type: 'string', contentEncoding: 'base64' } } }),
      response: { 200: answer('Arquivo lido'), 413: answer('Arquivo maior que 20 MB ou com mais de 100.000 linhas') },
    },
  }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ctx = guardImportacao(req, String(body.tipo ?? ''));
    if (typeof body.conteudo === 'string' && body.conteudo.length > Math.ceil(TAMANHO_MAXIMO / 3) * 4 + 4) {
      throw new HttpError(413, `Arquivo maior que ${TAMANHO_MAXIMO / 1024 / 1024} MB: divida a planilha em arquivos menores.`);
    }
    return db.tenant(ctx, (q) => receberArquivo(q, ctx, body));
  });
  app.get('/api/Importacoes/:id', { schema: { tags: ['Importação de dados'], summary: 'Situação, progresso (enquanto importa) e relatório (criados, ignorados, erros por linha)' } }, async (req) => {
    const ctx = guardImportacao(req);
    const id = idOf(req);
    const r = await db.tenant(ctx, (q) => consultar(q, ctx, id), { readOnly: true });
    return { ...r, progresso: r.situacao === 'importando' ? (progresso.get(`${ctx.tenantId}:${id}`) ?? null) : null };
  });
  app.post('/api/Importacoes/:id/previa', { schema: { tags: ['Importação de dados'], summary: 'Confere cada linha com o esquema do cadastro (as mesmas regras da API e dos formulários); nada é gravado além do mapeamento', body: checkedByHandler({ type: 'object', required: ['mapeamento'], properties: { mapeamento } }), response: { 200: answer('Contagens e linhas com seus erros') } } }, async (req) => {
    const id = idOf(req);
    const ctx = guardImportacao(req);
    const tipo = await tipoDaImportacao(ctx, id);
    guardImportacao(req, tipo);
    const switches = await switchesDe(req, tipo);
    return db.tenant(ctx, (q) => previa(contexto(q, ctx, switches), id, ((req.body ?? {}) as Record<string, unknown>).mapeamento));
  });
  app.post('/api/Importacoes/:id/importar', { schema: { tags: ['Importação de dados'], summary: 'Importa numa transação, por um job da fila: tudo ou nada, ou só as linhas válidas; cadastros já existentes (mesmo CPF/CNPJ ou código) são ignorados', body: checkedByHandler({ type: 'object', properties: { modo: { enum: ['tudo', 'validas'] }, mapeamento } }), response: { 200: answer('Importação iniciada (situacao importando)') } } }, async (req) => {
    const id = idOf(req);
    const ctx = guardImportacao(req);
    const tipo = await tipoDaImportacao(ctx, id);
    guardImportacao(req, tipo);
    const switches = await switchesDe(req, tipo);
    if (!services.jobs) throw new HttpError(503, 'A fila de processamento não está disponível.');
    // Mark and enqueue in one transaction (the job runs after commit, in its own transaction: all or nothing).
    const { token: _t, ...semToken } = ctx;
    return db.tenant(ctx, async (q) => {
      const r = await iniciarImportacao(contexto(q, ctx, switches), id, (req.body ?? {}) as Record<string, unknown>);
      await services.jobs!.enqueue(JOB_IMPORTACAO, { importacaoId: id, ctx: { ...semToken, token: '' }, switches }, { key: `${ctx.tenantId}:${id}`, contaId: ctx.tenantId }, q);
      return r;
    });
  });
  app.post('/api/Importacoes/:id/desfazer', { schema: { tags: ['Importação de dados'], summary: 'Exclui os cadastros criados pela importação, se nenhum estiver em uso', response: { 200: answer('Importação desfeita'), 409: answer('Algum cadastro já está em uso (nada foi excluído)') } } }, async (req) => {
    const id = idOf(req);
    const ctx = guardImportacao(req);
    const tipo = await tipoDaImportacao(ctx, id);
    const { permissao, titulo } = permissaoDe(tipo as keyof typeof CAMPOS);
    if (!serverAllows(ctx, permissao, 'full')) throw forbidden(`Você não tem permissão para excluir ${titulo}.`);
    return db.tenant(ctx, (q) => desfazer(contexto(q, ctx), id));
  });

  app.post('/api/WebhookEntregas/:id/reenviar', { schema: { tags: ['Webhooks'], summary: 'Reenvia uma entrega (o mesmo webhook-id)' } }, async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    await db.tenant(ctx, (q) => reenviarEntrega(q, ctx, id));
    entregador?.acordar();
    return { ok: true };
  });
}
