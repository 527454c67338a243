import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { JSON_TEXT, TEXT, withQuery } from '../http/input-schemas.ts';
import { CepServiceError, cepClientFromEnv } from './viacep.ts';

/** SPEC 7.6: UFs and municipality search, served from the IBGE reference tables. City search limit 10. */
export const CITY_SEARCH_LIMIT = 10;

export default async function cepsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  registerMunicipioLookup(app, services);

  /**
   * SPEC 7.6 GET Ceps/findOne?filter={"where":{"cep":"01001000"}}: the address of a CEP from the service at
   * CEP_API_URL (ViaCEP protocol, viacep.ts) with the município as in our IBGE table. 404 when the CEP is
   * unknown or no service is configured (the form then derives only the UF), 502 when the service fails.
   */
  app.get('/api/Ceps/findOne', withQuery({ filter: JSON_TEXT }, [], { schema: { summary: 'Endereço, bairro, UF e município de um CEP (serviço de CEP_API_URL; sem ele, a UF pela faixa)' } }), async (req) => {
    const cep = cepOfFilter((req.query as { filter?: string }).filter);
    const client = cepClientFromEnv();
    if (!client) throw notFound('CEP não encontrado.');
    let found;
    try {
      found = await client.lookup(cep);
    } catch (e) {
      if (e instanceof CepServiceError) throw new HttpError(502, 'Não foi possível consultar o CEP agora. Tente novamente.');
      throw e;
    }
    if (!found) throw notFound('CEP não encontrado.');
    const byCode = found.ibge ? await db.query<{ codigoIbge: number; nome: string }>('SELECT codigo_ibge AS "codigoIbge", nome FROM municipio WHERE codigo_ibge = $1 AND uf = $2', [found.ibge, found.uf]) : null;
    const municipio = byCode?.rows[0] ?? (found.localidade ? (await db.query<{ codigoIbge: number; nome: string }>('SELECT codigo_ibge AS "codigoIbge", nome FROM municipio WHERE uf = $1 AND nome_busca = $2', [found.uf, normalise(found.localidade)])).rows[0] : undefined);
    return {
      cep,
      uf: found.uf,
      codigoIbge: municipio?.codigoIbge ?? null,
      codigoMunicipio: municipio?.codigoIbge ?? null,
      municipio: municipio?.nome ?? (found.localidade || null),
      logradouro: found.logradouro || null,
      complemento: found.complemento || null,
      bairro: found.bairro || null,
    };
  });

  app.get('/api/Ceps/ufs', { schema: { summary: 'As UF (sigla, código do IBGE e nome)' } }, async () => {
    const r = await db.query('SELECT sigla, codigo_ibge AS "codigoIbge", nome FROM uf ORDER BY sigla');
    return r.rows;
  });

  app.get('/api/Ceps/ngcidades', withQuery({ uf: TEXT, query: TEXT, limit: TEXT }, [], { schema: { summary: 'Municípios de uma UF cujo nome contém o texto (os que começam por ele primeiro)' } }), async (req) => {
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
  app.get('/api/Ceps/municipio/:codigo', { schema: { summary: 'Um município pelo código do IBGE' } }, async (req) => {
    const codigo = Number((req.params as { codigo: string }).codigo);
    if (!Number.isInteger(codigo)) throw badRequest('Código IBGE inválido.');
    const r = await services.db.query('SELECT codigo_ibge AS "codigoIbge", nome, uf FROM municipio WHERE codigo_ibge = $1', [codigo]);
    if (!r.rows.length) throw notFound('Município não encontrado.');
    return r.rows[0];
  });
}

/** The 8 digits of filter.where.cep ("01001-000" or "01001000"); anything else is a 400. */
function cepOfFilter(raw: string | undefined): string {
  let filter: unknown;
  try {
    filter = raw ? JSON.parse(raw) : undefined;
  } catch {
    filter = undefined;
  }
  const where = (filter as { where?: Record<string, unknown> } | undefined)?.where;
  // A field other than cep is refused as the generic API refuses an unknown field (not ignored).
  const outro = where && typeof where === 'object' ? Object.keys(where).find((k) => k !== 'cep') : undefined;
  if (outro) throw badRequest(`Campo desconhecido no filtro: ${outro}`, [{ path: `/${outro}`, campo: outro, mensagem: 'Campo desconhecido' }]);
  const cep = where?.cep;
  const digits = typeof cep === 'string' || typeof cep === 'number' ? String(cep).replace(/\D/g, '') : '';
  if (!/^\d{8}$/.test(digits) || !/^[\d.\s-]+$/.test(String(cep))) throw badRequest('CEP inválido.', [{ path: '/where/cep', campo: 'cep', mensagem: 'Campo inválido!' }]);
  return digits;
}

export const normalise = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
