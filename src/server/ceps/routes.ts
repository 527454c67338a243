import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { badRequest, notFound } from '../http/errors.ts';

/** SPEC 7.6: UFs and municipality search, served from the IBGE reference tables. City search limit 10. */
export const CITY_SEARCH_LIMIT = 10;

export default async function cepsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  registerMunicipioLookup(app, services);

  app.get('/api/Ceps/ufs', async () => {
    const r = await db.query('SELECT sigla, codigo_ibge AS "codigoIbge", nome FROM uf ORDER BY sigla');
    return r.rows;
  });

  app.get('/api/Ceps/ngcidades', async (req) => {
    const { uf, query, limit } = req.query as { uf?: string; query?: string; limit?: string };
    if (!uf || !/^[A-Za-z]{2}$/.test(uf)) throw badRequest('Informe a UF (duas letras).', [{ path: '/uf', campo: 'uf', mensagem: 'Campo Obrigatório!' }]);
    const n = Math.min(Math.max(Number(limit) || CITY_SEARCH_LIMIT, 1), CITY_SEARCH_LIMIT);
    const params: unknown[] = [uf.toUpperCase()];
    let cond = '';
    if (query && query.trim()) {
      params.push(`%${normalise(query).replace(/[\\%_]/g, (c) => '\\' + c)}%`);
      cond = ` AND nome_busca LIKE $2`;
    }
    const r = await db.query(
      `SELECT codigo_ibge AS "codigoIbge", nome, uf FROM municipio WHERE uf = $1${cond}
        ORDER BY (nome_busca LIKE ${query ? `$${params.length + 1}` : "''"}) DESC, nome LIMIT ${n}`,
      query ? [...params, `${normalise(query)}%`] : params,
    );
    return r.rows;
  });
}

export function registerMunicipioLookup(app: FastifyInstance, services: AppServices) {
  /** One municipality by IBGE code (a form showing a saved record's município). */
  app.get('/api/Ceps/municipio/:codigo', async (req) => {
    const codigo = Number((req.params as { codigo: string }).codigo);
    if (!Number.isInteger(codigo)) throw badRequest('Código IBGE inválido.');
    const r = await services.db.query('SELECT codigo_ibge AS "codigoIbge", nome, uf FROM municipio WHERE codigo_ibge = $1', [codigo]);
    if (!r.rows.length) throw notFound('Município não encontrado.');
    return r.rows[0];
  });
}

export const normalise = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
