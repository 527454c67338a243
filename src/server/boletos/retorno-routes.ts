import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { analisarDepoisDoLote } from '../db/maintenance.ts';
import { TABELAS_DO_RETORNO, aplicarRetorno, gerarRemessaPendente, previaRetorno } from './cobranca.ts';
import { enfileirarAvisosDoRetorno, avisarRejeicoesDoRetorno } from './lembretes.ts';
import { answer, arrayOf, checkedByHandler, fileAnswer, INT, INT_OR_NULL, MONEY, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { contexto, exigir, SEM_CONFIGURACAO_400, TAGS, textoRetorno } from './routes-comum.ts';

const S = { type: 'string' } as const;
/** The retorno file: its text (or base64), its name, and the money account the payments go to (the configuration's by default). Plain text is accepted too. */
const RETORNO = checkedByHandler(objectOf({ conteudo: { type: 'string', description: 'o arquivo CNAB 240/400 em texto' }, base64: { type: 'string', description: 'ou o arquivo em base64' }, nome: S, contaId: INT_OR_NULL }));
const OCORRENCIA = objectOf({
  linha: INT, tipo: S, ocorrencia: S, descricao: S, nossoNumero: S, boletoId: INT_OR_NULL, boletoNumero: INT_OR_NULL, pagador: TEXT_OR_NULL, valorBoleto: TEXT_OR_NULL, estadoAtual: TEXT_OR_NULL,
  acao: S, valorPago: TEXT_OR_NULL, juros: MONEY, tarifa: MONEY, dataOcorrencia: TEXT_OR_NULL, dataCredito: TEXT_OR_NULL, motivos: arrayOf(S), erro: TEXT_OR_NULL, chave: S,
});
const PREVIA = objectOf({
  hash: S, formato: { type: 'integer', enum: [240, 400] }, banco: S, jaAplicado: { type: ['object', 'null'], properties: { em: S, id: INT } }, ocorrencias: arrayOf(OCORRENCIA), erros: arrayOf(S),
  totais: objectOf({ pagos: INT, valorPago: MONEY, tarifas: MONEY, registrados: INT, rejeitados: INT, baixados: INT, jaAplicadas: INT }),
});

/** pages/pagamentos/boletos: the remessa of the branch's boletos to the bank, and the bank's retorno (preview, then apply). */
export default async function retornoRoutes(app: FastifyInstance, opts: { services: AppServices }): Promise<void> {
  const db = opts.services.db;

  /** The remessa of new and cancelled boletos, on demand; its sequence number is kept per agreement. */
  app.post('/api/Boletos/remessa/gerar', { schema: { tags: TAGS, summary: 'Gera o arquivo de remessa dos boletos novos e cancelados da filial (o sequencial é guardado por convênio); x-titulos diz quantos', response: { 200: fileAnswer('O arquivo CNAB (ISO-8859-1)', 'text/plain'), 400: SEM_CONFIGURACAO_400 } } }, async (req, reply) => {
    const ctx = exigir(req, 'change');
    const r = await db.tenant(ctx, async (q) => {
      const { cfg, beneficiario } = await contexto(q, ctx, true);
      return gerarRemessaPendente(q, ctx, cfg, beneficiario);
    });
    return reply
      .header('content-type', 'text/plain; charset=iso-8859-1')
      .header('content-disposition', `attachment; filename="${r.nome}"`)
      .header('x-titulos', String(r.titulos))
      .send(Buffer.from(r.arquivo, 'latin1'));
  });

  app.post('/api/Boletos/retorno/previa', { schema: { tags: TAGS, summary: 'Lê um arquivo de retorno do banco e mostra o que cada ocorrência faria, sem gravar nada', body: RETORNO, response: { 200: answer('A prévia', PREVIA), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const { conteudo } = textoRetorno(req.body);
    return db.tenant(ctx, async (q) => previaRetorno(q, ctx, (await contexto(q, ctx)).cfg, conteudo));
  });

  app.post('/api/Boletos/retorno/aplicar', { schema: { tags: TAGS, summary: 'Aplica um arquivo de retorno: baixa os pagos, marca registrados, rejeitados e baixados (um arquivo já aplicado não muda nada)', body: RETORNO, response: { 200: answer('Aplicado', objectOf({ aplicadas: INT, mensagem: S, previa: PREVIA })), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const { conteudo, nome, contaId } = textoRetorno(req.body);
    const aplicado = await db.tenant(ctx, async (q) => {
      const { cfg } = await contexto(q, ctx, true);
      const r = await aplicarRetorno(q, ctx, cfg, conteudo, { nome, contaId });
      if (r.aplicadas) await enfileirarAvisosDoRetorno(opts.services, q, ctx.tenantId, cfg.id!, r.previa.hash);
      if (r.aplicadas) await avisarRejeicoesDoRetorno(opts.services, q, ctx.tenantId, cfg.id!, r.previa.hash);
      return r;
    });
    // committed: thousands of new rows leave the planner's statistics (and the cached foreign-key plans) stale
    await analisarDepoisDoLote(db, TABELAS_DO_RETORNO, aplicado.aplicadas);
    return aplicado;
  });
}
