import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { TEXT, withQuery } from '../http/input-schemas.ts';
import { decodeArquivo, lerCest, lerIbpt, tributosAproximados, UFS } from './ibpt.ts';

/** A full IBPT table of one UF is about 2 MB; sent base64 inside JSON. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
const BATCH = 2000;

const soAvanco = (req: FastifyRequest) => {
  const ctx = req.ctx!;
  // SPEC 6: users who are not isAvanco lose the IBPT imports.
  if (!ctx.isAvanco) throw forbidden('Somente a administração geral (isAvanco) pode importar as tabelas do IBPT.');
  return ctx;
};

function arquivoDe(body: Record<string, unknown>): string {
  const a = body.arquivo;
  if (typeof a !== 'string' || !a) throw badRequest('Envie o arquivo CSV.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo Obrigatório!' }]);
  const b64 = /^data:[^;]*;base64,(.*)$/s.exec(a)?.[1] ?? (body.base64 === true ? a : null);
  return b64 !== null ? decodeArquivo(Buffer.from(b64, 'base64')) : a.replace(/^\uFEFF/, '');
}

/**
 * importacao-ibpt-ncm and importacao-ibpt-cest (SPEC 2.8): the IBPT "De Olho no Imposto" table of a UF (one
 * version at a time, replacing that UF's previous one in one transaction) and the CEST table. A file out of
 * layout is refused whole with the reason and the line; nothing is half-imported.
 */
export default async function ibptRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  app.post('/api/Ibpt/importar-ncm', { schema: { summary: 'Importa a tabela IBPT por NCM de uma UF (CSV)' }, bodyLimit: IMPORT_BODY_LIMIT }, async (req) => {
    const ctx = soAvanco(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const uf = typeof body.uf === 'string' ? body.uf.toUpperCase() : '';
    if (!UFS.includes(uf)) throw badRequest('Informe a UF da tabela.', [{ path: '/uf', campo: 'uf', mensagem: 'Campo Obrigatório!' }]);
    const { linhas, versao } = lerIbpt(arquivoDe(body));
    const nome = typeof body.nomeArquivo === 'string' ? body.nomeArquivo.slice(0, 200) : null;
    // A file named for another UF (TabelaIBPTaxRJ...) is a mistake worth stopping.
    const ufNome = nome ? /IBPTax([A-Z]{2})/i.exec(nome)?.[1]?.toUpperCase() : undefined;
    if (ufNome && ufNome !== uf) throw badRequest(`O arquivo ${nome} é da UF ${ufNome}, não de ${uf}.`, [{ path: '/uf', campo: 'uf', mensagem: 'UF diferente da do arquivo.' }]);
    await db.transaction(async (q) => {
      await q.query('DELETE FROM ibpt_tributos WHERE uf = $1', [uf]);
      for (let i = 0; i < linhas.length; i += BATCH) {
        const part = linhas.slice(i, i + BATCH);
        const col = <K extends keyof (typeof part)[number]>(k: K) => part.map((l) => l[k]);
        await q.query(
          `INSERT INTO ibpt_tributos (uf, tipo, codigo, ex, descricao, nacional_federal, importados_federal, estadual, municipal, vigencia_inicio, vigencia_fim, chave, versao, fonte)
           SELECT $1, * FROM unnest($2::smallint[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::date[], $11::date[], $12::text[], $13::text[], $14::text[])
           ON CONFLICT (uf, tipo, codigo, ex) DO UPDATE SET descricao = excluded.descricao, nacional_federal = excluded.nacional_federal, importados_federal = excluded.importados_federal,
             estadual = excluded.estadual, municipal = excluded.municipal, vigencia_inicio = excluded.vigencia_inicio, vigencia_fim = excluded.vigencia_fim, chave = excluded.chave, versao = excluded.versao, fonte = excluded.fonte`,
          [uf, col('tipo'), col('codigo'), col('ex'), col('descricao'), col('nacionalFederal'), col('importadosFederal'), col('estadual'), col('municipal'), col('vigenciaInicio'), col('vigenciaFim'), col('chave'), col('versao'), col('fonte')],
        );
      }
      await q.query(`INSERT INTO ibpt_importacoes (tipo, uf, versao, arquivo, linhas, importado_por) VALUES ('ncm', $1, $2, $3, $4, $5)`, [uf, versao, nome, linhas.length, ctx.email]);
    });
    return { uf, versao, linhas: linhas.length };
  });

  app.post('/api/Ibpt/importar-cest', { schema: { summary: 'Importa a tabela IBPT por CEST (CSV)' }, bodyLimit: IMPORT_BODY_LIMIT }, async (req) => {
    const ctx = soAvanco(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const linhas = lerCest(arquivoDe(body));
    const nome = typeof body.nomeArquivo === 'string' ? body.nomeArquivo.slice(0, 200) : null;
    await db.transaction(async (q) => {
      await q.query('DELETE FROM cest_ncm');
      for (let i = 0; i < linhas.length; i += BATCH) {
        const part = linhas.slice(i, i + BATCH);
        await q.query(`INSERT INTO cest_ncm (cest, ncm, descricao, segmento) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (cest, ncm) DO NOTHING`, [
          part.map((l) => l.cest),
          part.map((l) => l.ncm),
          part.map((l) => l.descricao),
          part.map((l) => l.segmento),
        ]);
      }
      await q.query(`INSERT INTO ibpt_importacoes (tipo, arquivo, linhas, importado_por) VALUES ('cest', $1, $2, $3)`, [nome, linhas.length, ctx.email]);
    });
    return { linhas: linhas.length, cests: new Set(linhas.map((l) => l.cest)).size };
  });

  /** Imports done, newest first, with the version in force per UF. */
  app.get('/api/Ibpt/importacoes', withQuery({ tipo: TEXT }, [], { schema: { summary: 'Importações da tabela IBPT feitas (por tipo)' } }), async (req) => {
    soAvanco(req);
    const tipo = (req.query as Record<string, unknown>).tipo === 'cest' ? 'cest' : 'ncm';
    const historico = (
      await db.query(
        `SELECT id, uf, versao, arquivo, linhas, importado_por AS "importadoPor", to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') AS data FROM ibpt_importacoes WHERE tipo = $1 ORDER BY id DESC LIMIT 100`,
        [tipo],
      )
    ).rows;
    const vigentes =
      tipo === 'ncm'
        ? (await db.query(`SELECT uf, min(versao) AS versao, count(*)::int AS linhas, to_char(max(vigencia_fim), 'DD/MM/YYYY') AS "vigenteAte" FROM ibpt_tributos GROUP BY uf ORDER BY uf`)).rows
        : (await db.query(`SELECT count(DISTINCT cest)::int AS cests, count(*)::int AS linhas FROM cest_ncm`)).rows;
    return { historico, vigentes };
  });

  /** The approximate taxes of a value for an NCM in a UF, as the DANFE/DANFCE print them (any signed-in user). */
  app.get('/api/Ibpt/aproximado', withQuery({ uf: TEXT, ncm: TEXT, ex: TEXT, valor: TEXT, importado: TEXT }, [], { schema: { summary: 'Tributos aproximados (Lei 12.741/2012) de um valor por UF e NCM' } }), async (req) => {
    const qs = req.query as Record<string, string | undefined>;
    if (!qs.uf || !qs.ncm || !qs.valor || !/^\d{1,13}(\.\d{1,2})?$/.test(qs.valor)) throw badRequest('Informe uf, ncm e valor (ex.: 10.50).');
    const t = await tributosAproximados(db, { uf: qs.uf, ncm: qs.ncm, ex: qs.ex, valor: qs.valor, importado: qs.importado === 'true' });
    if (!t) throw notFound(`NCM ${qs.ncm} sem alíquota aproximada importada para ${qs.uf.toUpperCase()}.`);
    return t;
  });
}
