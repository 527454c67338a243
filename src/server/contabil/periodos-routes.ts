import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { query } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, fileAnswer, INT, INT_OR_NULL, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import { arquivoDoFechamento, arquivosDoPeriodo, checklistDoMes } from './fechamento.ts';
import { fecharMes, listarPeriodos, reabrirMes } from './periodos.ts';
import { exigir, MES, TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const SITUACAO_ARQUIVO = { type: 'string', enum: ['gerado', 'enfileirado', 'vazio', 'erro'] } as const;
const ITEM = objectOf({ chave: { type: 'string', enum: ['notas', 'pdv', 'conciliacao', 'inventario', 'xml', 'sped'] }, titulo: S, ok: { type: 'boolean' }, bloqueia: { type: 'boolean' }, detalhe: S, rota: TEXT_OR_NULL });

/** /api/contabil/periodos (issue 37): closing the month (fechar mês) per branch, its files; reopening by the accountant only. */
export default async function periodosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  app.get('/api/contabil/periodos', {
    schema: {
      tags: TAGS,
      summary: 'Os meses fechados e reabertos por filial (os 200 mais recentes), com quem e quando',
      response: { 200: answer('Períodos', arrayOf(objectOf({ id: INT, filialId: INT, filial: S, competencia: { type: 'string', description: 'MM/AAAA' }, situacao: { type: 'string', enum: ['fechado', 'reaberto'] }, fechadoEm: TEXT_OR_NULL, fechadoPor: TEXT_OR_NULL, reabertoEm: TEXT_OR_NULL, reabertoPor: TEXT_OR_NULL, motivo: TEXT_OR_NULL }))) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'view');
    return listarPeriodos(db, req.ctx!);
  });
  app.get('/api/contabil/periodos/checklist', {
    schema: {
      tags: TAGS,
      summary: 'O checklist do mês de uma filial (notas, PDV, conciliação, inventário, XML, SPED): um item que bloqueia mantém o mês aberto',
      querystring: query(MES),
      response: { 200: answer('Checklist', objectOf({ filialId: INT, filial: S, competencia: S, itens: arrayOf(ITEM), podeFechar: { type: 'boolean' } })) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'view');
    return checklistDoMes(app, services, req.ctx!, req.headers.authorization, (req.query ?? {}) as Record<string, unknown>);
  });
  app.post('/api/contabil/periodos/fechar', {
    schema: {
      tags: TAGS,
      summary: 'Fecha o mês de uma filial (o banco passa a recusar lançamentos nele), anexa o XML, o SPED e o Sintegra e avisa os contadores',
      body: checkedByHandler(objectOf(MES, ['competencia'])),
      response: {
        200: answer('Fechado', objectOf({ id: INT, filialId: INT, competencia: S, situacao: { type: 'string', enum: ['fechado'] }, arquivos: arrayOf(objectOf({ tipo: S, nome: S, situacao: SITUACAO_ARQUIVO, relatorioId: INT, detalhe: S })) }))
      },
    },
  }, async (req) => {
    exigir(req.ctx!, 'change');
    return fecharMes(app, services, req.ctx!, req.headers.authorization, (req.body ?? {}) as Record<string, unknown>);
  });
  app.get('/api/contabil/periodos/:id/arquivos', { schema: { tags: TAGS, summary: 'Os arquivos anexados a um fechamento e a situação de cada um', response: { 200: answer('Arquivos', arrayOf(objectOf({ id: INT, tipo: S, nome: S, situacao: SITUACAO_ARQUIVO, relatorioId: INT_OR_NULL, detalhe: TEXT_OR_NULL }))) } } }, async (req) => {
    exigir(req.ctx!, 'view');
    return db.tenant(req.ctx!, (q) => arquivosDoPeriodo(q, req.ctx!, parseId((req.params as { id: string }).id)), { readOnly: true });
  });
  app.get('/api/contabil/periodos/:id/arquivos/:arquivoId', { schema: { tags: TAGS, summary: 'Baixa um arquivo guardado pelo fechamento (SPED, Sintegra)', response: { 200: fileAnswer('O arquivo', 'text/plain') } } }, async (req, reply) => {
    exigir(req.ctx!, 'view');
    const p = req.params as { id: string; arquivoId: string };
    const a = await arquivoDoFechamento(services, req.ctx!, parseId(p.id), parseId(p.arquivoId));
    reply.header('content-type', a.nome.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'text/plain; charset=iso-8859-1');
    reply.header('content-disposition', `attachment; filename="${a.nome.replace(/"/g, '')}"`);
    return reply.send(a.stream);
  });
  app.post('/api/contabil/periodos/:id/reabrir', {
    schema: {
      tags: TAGS,
      summary: 'Reabre um mês fechado (só o contador, com o motivo)',
      body: checkedByHandler(objectOf({ motivo: { type: 'string', description: 'até 500 caracteres' } }, ['motivo'])),
      response: { 200: exactAnswer('Reaberto', objectOf({ id: INT, situacao: { type: 'string', enum: ['reaberto'] } }, ['id', 'situacao'])) },
    },
  }, async (req) => {
    exigir(req.ctx!, 'change');
    return reabrirMes(db, req.ctx!, parseId((req.params as { id: string }).id), (req.body ?? {}) as Record<string, unknown>);
  });
}
