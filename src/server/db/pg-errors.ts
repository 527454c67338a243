import { HttpError, badRequest, conflict } from '../http/errors.ts';

/** Maps a PostgreSQL error (pg or PGlite) to the API's Portuguese answer; anything else is rethrown. */
export function translateDbError(err: unknown, op: 'read' | 'write' | 'delete'): never {
  const code = (err as { code?: string })?.code;
  if (code === 'CB001') throw badRequest((err as Error).message);
  if (code === '23505') throw conflict();
  if (code === '23503') {
    if (op === 'delete') throw new HttpError(409, 'Este registro está em uso por outros cadastros e não pode ser excluído.');
    throw badRequest('Registro relacionado não encontrado. Verifique os campos que apontam para outros cadastros.');
  }
  if (code === '23514' || code === '23502') throw badRequest('Os dados não atendem às regras do cadastro.');
  if (code?.startsWith('22')) throw badRequest('Valor inválido em um dos campos.');
  throw err;
}
