import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** Turns every thrown error into the LoopBack error body with a Portuguese message. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send(err.toBody());
    const fe = err as FastifyError;
    if (fe.validation) {
      const details = fe.validation.map((v) => ({ path: v.instancePath, mensagem: v.message ?? 'Valor inválido' }));
      return reply.status(400).send(new HttpError(400, 'Dados inválidos.', details).toBody());
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(new HttpError(415, 'Tipo de conteúdo não suportado.').toBody());
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(new HttpError(413, 'Conteúdo maior que o permitido.').toBody());
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(new HttpError(400, 'O corpo da requisição não é um JSON válido.').toBody());
    }
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) {
      // Every 500 is logged with its stack: through the server's logger when on (LOG=on), else on stderr. The user
      // only reads the generic message below.
      if (app.log.level && app.log.level !== 'silent') req.log.error({ err }, 'erro não tratado');
      else console.error(`[${new Date().toISOString()}] erro não tratado em ${req.method} ${req.url.split('?')[0]}:`, err);
    }
    const message = status === 500 ? 'Erro interno do servidor. Tente novamente em instantes.' : err.message;
    return reply.status(status).send(new HttpError(status, message).toBody());
  });
}
