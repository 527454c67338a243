import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, MONEY, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { automacaoParaTela, enfileirarAtualizacao, lerAutomacao, pastaDeRetornos, salvarAutomacao, SCHEMA_AUTOMACAO } from './automacao.ts';
import { alterarBoleto } from './cobranca.ts';
import { lerConfiguracao } from './configuracao.ts';
import { enfileirarEmail } from './lembretes.ts';
import { cobrancasDoBoleto, pedirCobrancaPix, receberWebhookPix } from './pix-cobranca.ts';
import { BOLETO, exigir, idDe, objeto, SEM_CONFIGURACAO, SEM_CONFIGURACAO_400, TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const MENSAGEM = (d: string) => exactAnswer(d, objectOf({ mensagem: S }, ['mensagem']));
const COBRANCA_PIX = objectOf({ id: INT, txid: S, tipo: S, parcelaId: INT, boletoId: INT, valor: MONEY, vencimento: { type: ['string', 'null'], format: 'date' }, expiracao: { type: ['integer', 'null'] }, situacao: { type: 'string', description: 'criando, ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP, erro' }, location: TEXT_OR_NULL, pixCopiaECola: TEXT_OR_NULL, erro: TEXT_OR_NULL, criadoEm: S });

/**
 * Boletos without hands (issue 38): automation settings, "atualizar transações", changes of registered boletos,
 * the dynamic Pix charge of a boleto, e-mailing boletos, and the PSP's webhook (public: the secret in its address
 * names the configuration, and each payment is confirmed at the PSP before anything is settled).
 */
export default async function automacaoRoutes(app: FastifyInstance, opts: { services: AppServices }): Promise<void> {
  const { services } = opts;
  const db = services.db;
  const configuracao = async (q: Parameters<typeof lerConfiguracao>[0], ctx: RequestContext, paraAtualizar = false) => {
    const cfg = await lerConfiguracao(q, ctx, paraAtualizar);
    if (!cfg?.id) throw badRequest(SEM_CONFIGURACAO);
    return cfg as typeof cfg & { id: number };
  };
  const origem = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? '127.0.0.1'}`;

  app.get('/api/Boletos/automacao', { schema: { tags: TAGS, summary: 'A automação de boletos da configuração da filial: o formulário (JSON Schema), os valores (segredos não voltam) e a pasta dos retornos', response: { 200: answer('Automação', objectOf({ schema: { type: 'object' }, valores: { type: 'object' }, pastaRetornos: S })), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'view');
    return db.tenant(ctx, async (q) => {
      const cfg = await configuracao(q, ctx);
      return { schema: SCHEMA_AUTOMACAO, valores: automacaoParaTela(await lerAutomacao(q, ctx.tenantId, cfg.id)), pastaRetornos: `${pastaDeRetornos(ctx.tenantId, cfg.id)}/` };
    });
  });

  app.put('/api/Boletos/automacao', { schema: { tags: TAGS, summary: 'Grava a automação de boletos: remessa automática e horário, troca de arquivos com o banco, PSP Pix, lembretes por e-mail', body: checkedByHandler(SCHEMA_AUTOMACAO), response: { 200: answer('Gravada', objectOf({ valores: { type: 'object' }, mensagem: S })), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const body = objeto(req.body);
    return db.tenant(ctx, async (q) => {
      const cfg = await configuracao(q, ctx);
      return { valores: automacaoParaTela(await salvarAutomacao(q, ctx, cfg.id, body)), mensagem: 'Automação de boletos salva.' };
    });
  });

  /** SPEC 2.7 "atualizar transações": the pending work (remessa, bank files) of the branch's configuration, now, in a job. */
  app.post('/api/Boletos/atualizar-transacoes', { schema: { tags: TAGS, summary: 'Atualizar transações: enfileira agora a remessa pendente e a busca dos arquivos do banco', response: { 200: answer('Enfileirada', objectOf({ jobId: INT, mensagem: S })), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    return db.tenant(ctx, async (q) => {
      const cfg = await configuracao(q, ctx);
      const jobId = await enfileirarAtualizacao(services, ctx.tenantId, cfg.id, true, q);
      return { jobId, mensagem: 'Atualização das transações iniciada: a remessa e os retornos do banco são processados em instantes.' };
    });
  });

  /** The remessas generated and the bank's files fetched, newest first (what the automation did). */
  app.get('/api/Boletos/transacoes', { schema: { tags: TAGS, summary: 'O que a automação fez: as remessas geradas e os arquivos do banco lidos (os 50 mais recentes de cada) e a última atualização', response: { 200: answer('Transações', objectOf({ remessas: arrayOf(objectOf({ id: INT, sequencial: INT, nome: S, titulos: INT, automatica: { type: 'boolean' }, enviadaEm: TEXT_OR_NULL, protocolo: TEXT_OR_NULL, criadaEm: S })), arquivos: arrayOf(objectOf({ id: INT, nome: S, resultado: { type: ['object', 'null'] }, erro: TEXT_OR_NULL, criadoEm: S })), ultimaAtualizacao: { type: ['object', 'null'], properties: { situacao: S, ultimoErro: TEXT_OR_NULL, concluidoEm: TEXT_OR_NULL, criadoEm: S } } })), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'view');
    const r = await db.tenant(ctx, async (q) => {
      const cfg = await configuracao(q, ctx);
      const remessas = await q.query(
        `SELECT id, sequencial, nome, titulos, automatica, enviada_em AS "enviadaEm", protocolo, created_at AS "criadaEm" FROM boletos_remessas WHERE tenant_id = $1 AND configuracao_id = $2 ORDER BY sequencial DESC LIMIT 50`,
        [ctx.tenantId, cfg.id],
      );
      const arquivos = await q.query(`SELECT id, nome, resultado, erro, criado_em AS "criadoEm" FROM boletos_arquivos_banco WHERE tenant_id = $1 AND configuracao_id = $2 ORDER BY id DESC LIMIT 50`, [ctx.tenantId, cfg.id]);
      return { cfgId: cfg.id, remessas: remessas.rows, arquivos: arquivos.rows };
    });
    // The jobs table is read by the owner, outside the tenant transaction (PGlite has one connection).
    const jobs = await services.db.query(
      `SELECT situacao, ultimo_erro AS "ultimoErro", concluido_em AS "concluidoEm", criado_em AS "criadoEm" FROM jobs WHERE tipo = 'boletos.atualizarTransacoes' AND conta_id = $1 AND chave = $2 ORDER BY id DESC LIMIT 1`,
      [ctx.tenantId, `${ctx.tenantId}:${r.cfgId}`],
    );
    return { remessas: r.remessas, arquivos: r.arquivos, ultimaAtualizacao: jobs.rows[0] ?? null };
  });

  app.post('/api/Boletos/emitidos/:id/alterar', { schema: { tags: TAGS, summary: 'Altera o vencimento ou o desconto de um boleto em aberto (um registrado vai na próxima remessa como alteração)', body: checkedByHandler(objectOf({ vencimento: { type: ['string', 'null'], format: 'date' }, desconto: { ...MONEY, type: ['string', 'null'] }, dataDesconto: { type: ['string', 'null'], format: 'date' } })), response: { 200: answer('Boleto alterado', BOLETO), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const id = idDe((req.params as { id: string }).id);
    const body = objeto(req.body);
    return db.tenant(ctx, async (q) => alterarBoleto(q, ctx, await configuracao(q, ctx), id, body));
  });

  app.get('/api/Boletos/emitidos/:id/pix', { schema: { tags: TAGS, summary: 'As cobranças Pix (dinâmicas, no PSP) de um boleto, mais recentes primeiro', response: { 200: answer('Cobranças', arrayOf(COBRANCA_PIX)) } } }, async (req) => {
    const ctx = exigir(req, 'view');
    const id = idDe((req.params as { id: string }).id);
    return db.tenant(ctx, (q) => cobrancasDoBoleto(q, ctx, id));
  });

  app.post('/api/Boletos/emitidos/:id/pix', { schema: { tags: TAGS, summary: 'Pede uma cobrança Pix com vencimento no PSP para um boleto pendente (criada por um job depois do commit; uma viva é devolvida)', response: { 200: answer('A cobrança', COBRANCA_PIX), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const id = idDe((req.params as { id: string }).id);
    return db.tenant(ctx, async (q) => pedirCobrancaPix(q, ctx, services, await configuracao(q, ctx), id, origem(req)));
  });

  /** Sends the chosen boletos by e-mail (to the payer's e-mail, or the one given), each by a job. */
  app.post('/api/Boletos/emitidos/enviar-email', { schema: { tags: TAGS, summary: 'Envia os boletos escolhidos por e-mail (ao do cliente ou ao informado), cada um por um job; nada é enviado se um deles não pode', body: checkedByHandler(objectOf({ ids: { type: 'array', minItems: 1, maxItems: 1000, items: INT }, email: { type: ['string', 'null'], format: 'email' } }, ['ids'])), response: { 200: MENSAGEM('Enfileirados') } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const body = objeto(req.body);
    const ids = body.ids;
    if (!Array.isArray(ids) || !ids.length || ids.length > 1000 || ids.some((i) => !Number.isInteger(i) || i <= 0 || i >= 2 ** 31)) throw badRequest('Escolha ao menos um boleto.', [{ campo: 'ids', path: '/ids', mensagem: 'Campo Obrigatório!' }]);
    const para = body.email == null || body.email === '' ? null : String(body.email).trim();
    if (para !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(para)) throw badRequest('E-mail inválido.', [{ campo: 'email', path: '/email', mensagem: 'E-mail inválido!' }]);
    return db.tenant(ctx, async (q) => {
      const r = await q.query<{ id: number; numero: number; estado: string; email: string | null }>(
        `SELECT b.id, b.numero, b.estado, pe.email FROM boletos b JOIN parcelas pa ON pa.tenant_id = b.tenant_id AND pa.id = b.parcela_id
           JOIN lancamentos l ON l.tenant_id = pa.tenant_id AND l.id = pa.lancamento_id LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
          WHERE b.tenant_id = $1 AND b.filial_id = $2 AND b.id = ANY($3::int[])`,
        [ctx.tenantId, ctx.branchId, ids],
      );
      if (r.rows.length !== new Set(ids).size) throw badRequest('Boleto não encontrado.');
      const falhas = r.rows.filter((b) => !['pendente', 'registrado', 'pago'].includes(b.estado)).map((b) => `o boleto nº ${b.numero} está ${b.estado}`);
      if (!para) falhas.push(...r.rows.filter((b) => !b.email).map((b) => `o cliente do boleto nº ${b.numero} não tem e-mail no cadastro`));
      if (falhas.length) throw badRequest(`Nada foi enviado: ${falhas.slice(0, 5).join('; ')}.`);
      for (const b of r.rows) await enfileirarEmail(services, q, ctx.tenantId, Number(b.id), 'boleto', para);
      return { mensagem: r.rows.length === 1 ? 'O boleto será enviado por e-mail em instantes.' : `${r.rows.length} boletos serão enviados por e-mail em instantes.` };
    });
  });

  /** The PSP's webhook: BACEN's API appends /pix to the registered URL. */
  app.post('/api/pix/webhook/:segredo/pix', { schema: { tags: ['Pix'], summary: 'Webhook do PSP Pix (público; o segredo no endereço diz a configuração): cada pagamento é conferido no PSP antes de baixar o boleto', body: checkedByHandler(objectOf({ pix: arrayOf(objectOf({ txid: S, endToEndId: S, valor: S, horario: S })) }, ['pix'])), response: { 200: exactAnswer('Recebidos', objectOf({ recebidos: INT }, ['recebidos'])), 404: answer('Webhook não encontrado (segredo desconhecido)') } }, config: { public: true } }, async (req, reply) => {
    const n = await receberWebhookPix(services, (req.params as { segredo: string }).segredo, req.body);
    if (n === null) return reply.code(404).send({ error: { message: 'Webhook não encontrado.' } });
    return { recebidos: n };
  });
}
