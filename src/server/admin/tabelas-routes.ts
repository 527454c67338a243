import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatBRL, toMoney } from '../../shared/money.ts';
import { findRoute, type RouteDoc } from '../../shared/menu-filter.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { faturaDoMes, mesDoCorpo } from '../brands/fatura-mes.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { ID, TEXT, withQuery } from '../http/input-schemas.ts';
import { parseId } from '../resources/crud.ts';
import { loadRoutes } from '../catalog/documents.ts';
import { brandOfAdmin } from './modulos-routes.ts';

type Detail = { path: string; campo: string; mensagem: string };
const invalid = (errors: Detail[]) => badRequest(`Dados inválidos: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, errors);
// Every screen: schemas/routes plus the routes each resource document implies.
const ROUTES = loadRoutes() as RouteDoc[];

const avanco = (req: FastifyRequest, what: string): RequestContext => {
  const ctx = req.ctx!;
  if (!ctx.isAvanco) throw forbidden(`Somente a administração geral (isAvanco) pode alterar ${what}.`);
  return ctx;
};

/**
 * The fiscal series; every business document type (schemas/documents) has its sequence too, by its name (sales
 * orders number from 'pedidoVenda' alone: the older 'pedido' sequence, never used, went away in migration 0366).
 */
export const TIPOS_SEQUENCIA: Record<string, string> = { nfe: 'NF-e', nfce: 'NFC-e', dps: 'DPS (NFS-e)' };
const tiposSequencia = (services: AppServices): Record<string, string> => ({
  ...TIPOS_SEQUENCIA,
  ...Object.fromEntries([...(services.documents?.byName.values() ?? [])].map((d) => [d.name, d.doc.title])),
});

/** bancos, sequencia-filial, financeiro-whitelabel, pdv-versao and ajuda of the administrator area (SPEC 2.8). */
export default async function tabelasAdminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  // ---- bancos: any signed-in user reads (accounts, boletos); isAvanco writes.
  app.get('/api/Bancos', { schema: { summary: 'Tabela de bancos (código, nome, ISPB, ativo)' } }, async () => (await db.query(`SELECT codigo, nome, ispb, ativo FROM bancos ORDER BY codigo`)).rows);
  app.put('/api/Bancos/:codigo', { schema: { summary: 'Altera um banco da tabela (administração)' } }, async (req) => {
    avanco(req, 'a lista de bancos');
    const codigo = (req.params as { codigo: string }).codigo;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Detail[] = [];
    if (!/^\d{3}$/.test(codigo)) errors.push({ path: '/codigo', campo: 'codigo', mensagem: 'O código FEBRABAN tem 3 dígitos.' });
    const nome = typeof b.nome === 'string' ? b.nome.trim() : '';
    if (nome.length < 2 || nome.length > 120) errors.push({ path: '/nome', campo: 'nome', mensagem: 'Campo Obrigatório!' });
    if (typeof b.ispb !== 'string' || !/^\d{8}$/.test(b.ispb)) errors.push({ path: '/ispb', campo: 'ispb', mensagem: 'O ISPB tem 8 dígitos.' });
    if (b.ativo !== undefined && typeof b.ativo !== 'boolean') errors.push({ path: '/ativo', campo: 'ativo', mensagem: 'Campo inválido!' });
    if (errors.length) throw invalid(errors);
    const r = await db
      .query(
        `INSERT INTO bancos (codigo, nome, ispb, ativo) VALUES ($1, $2, $3, $4) ON CONFLICT (codigo) DO UPDATE SET nome = excluded.nome, ispb = excluded.ispb, ativo = excluded.ativo, updated_at = now()
         RETURNING codigo, nome, ispb, ativo`,
        [codigo, nome, b.ispb, b.ativo !== false],
      )
      .catch((e: { code?: string }) => {
        if (e.code === '23505') throw conflict(`O ISPB ${String(b.ispb)} já pertence a outro banco.`);
        throw e;
      });
    return r.rows[0];
  });

  // ---- sequencia-filial: isAvanco reads and moves forward the sequences of an account's branch.
  const contaFilial = async (req: FastifyRequest) => {
    const ctx = avanco(req, 'sequências de filial');
    const qs = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) };
    const contaId = parseId(qs.contaId);
    const filialId = parseId(qs.filialId);
    const f = (await db.query('SELECT 1 FROM branches WHERE tenant_id = $1 AND id = $2', [contaId, filialId])).rows[0];
    if (!f) throw notFound('Filial não encontrada.');
    return { ctx, contaId, filialId };
  };
  app.get('/api/Admin/sequencias', withQuery({ contaId: ID, filialId: ID }, ['contaId', 'filialId'], { schema: { summary: 'Últimos números das séries de uma filial de uma conta (administração)' } }), async (req) => {
    const { contaId, filialId } = await contaFilial(req);
    const tipos = tiposSequencia(services);
    const rows = (await db.query<{ tipo: string; serie: number; ultimo: string }>(`SELECT tipo, serie, ultimo_numero::text AS ultimo FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 ORDER BY tipo, serie`, [contaId, filialId])).rows;
    const all = Object.keys(tipos).flatMap((tipo) => {
      const own = rows.filter((r) => r.tipo === tipo);
      return own.length ? own : [{ tipo, serie: 1, ultimo: '0' }];
    });
    return all.map((r) => ({ tipo: r.tipo, descricao: tipos[r.tipo], serie: r.serie, ultimoNumero: Number(r.ultimo), proximoNumero: Number(r.ultimo) + 1 }));
  });
  app.put('/api/Admin/sequencias', { schema: { summary: 'Acerta o último número de uma série de uma filial (administração)' } }, async (req) => {
    const { contaId, filialId } = await contaFilial(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Detail[] = [];
    const tipos = tiposSequencia(services);
    const tipo = String(b.tipo);
    if (!Object.hasOwn(tipos, tipo)) errors.push({ path: '/tipo', campo: 'tipo', mensagem: `Use ${Object.keys(tipos).join(', ')}.` });
    const serie = b.serie === undefined ? 1 : Number(b.serie);
    if (!Number.isInteger(serie) || serie < 0 || serie > 999) errors.push({ path: '/serie', campo: 'serie', mensagem: 'Série de 0 a 999.' });
    const proximo = Number(b.proximoNumero);
    if (!Number.isInteger(proximo) || proximo < 1 || proximo > 999999999) errors.push({ path: '/proximoNumero', campo: 'proximoNumero', mensagem: 'Informe um número de 1 a 999999999.' });
    if (errors.length) throw invalid(errors);
    return db.transaction(async (q) => {
      await q.query(`INSERT INTO sequencias_filial (tenant_id, filial_id, tipo, serie) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [contaId, filialId, tipo, serie]);
      const cur = Number((await q.query<{ u: string }>(`SELECT ultimo_numero::text AS u FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $3 AND serie = $4 FOR UPDATE`, [contaId, filialId, tipo, serie])).rows[0].u);
      if (proximo <= cur) {
        throw badRequest(`A sequência só avança: o último número usado de ${tipos[tipo]} série ${serie} é ${cur}; informe um próximo número maior que ${cur}.`, [
          { path: '/proximoNumero', campo: 'proximoNumero', mensagem: `Valor mínimo: ${cur + 1}` },
        ]);
      }
      await q.query(`UPDATE sequencias_filial SET ultimo_numero = $5, updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $3 AND serie = $4`, [contaId, filialId, tipo, serie, proximo - 1]);
      return { tipo, descricao: tipos[tipo], serie, ultimoNumero: proximo - 1, proximoNumero: proximo };
    });
  });

  // ---- financeiro-whitelabel: the brand's invoices (gerar-fatura stored), with status.
  app.get('/api/Admin/faturas', { schema: { summary: 'Faturas das contas (administração)' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    return (
      await db.query(
        `SELECT id, to_char(mes, 'MM/YYYY') AS mes, contas, total::text AS total, status, itens, emitida_por AS "emitidaPor", to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS "emitidaEm"
           FROM faturas_marca WHERE brand_id = $1 ORDER BY mes DESC, id DESC`,
        [brand.id],
      )
    ).rows.map((f: Record<string, unknown>) => ({ ...f, totalFormatado: formatBRL(f.total as string) }));
  });
  app.post('/api/Admin/faturas', { schema: { summary: 'Lança uma fatura para uma conta (administração)' } }, async (req) => {
    const { ctx, brand } = await brandOfAdmin(services, req);
    const mes = mesDoCorpo(req.body);
    const { itens: comIds, contas, total } = await faturaDoMes(db, brand.id, mes);
    const itens = comIds.map(({ idExterno: _, ...i }) => i);
    const ins = await db
      .query<{ id: number }>(`INSERT INTO faturas_marca (brand_id, mes, itens, contas, total, emitida_por) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [brand.id, mes.first, JSON.stringify(itens), contas, toMoney(total), ctx.email])
      .catch((e: { code?: string }) => {
        if (e.code === '23505') throw conflict(`Já existe uma fatura de ${mes.label} em aberto ou paga; cancele-a para emitir outra.`);
        throw e;
      });
    return { id: ins.rows[0].id, mes: mes.label, contas, total: toMoney(total), totalFormatado: formatBRL(total), status: 'aberta', itens };
  });
  app.put('/api/Admin/faturas/:id/status', { schema: { summary: 'Muda a situação de uma fatura (administração)' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const id = parseId((req.params as { id: string }).id);
    const status = (req.body as Record<string, unknown> | null)?.status;
    if (status !== 'paga' && status !== 'cancelada') throw badRequest('Status inválido: use paga ou cancelada.', [{ path: '/status', campo: 'status', mensagem: 'Campo inválido!' }]);
    const r = await db.query<{ status: string }>(`UPDATE faturas_marca SET status = $3, status_em = now() WHERE id = $1 AND brand_id = $2 AND status = 'aberta' RETURNING status`, [id, brand.id, status]);
    if (!r.rows.length) {
      const exists = (await db.query<{ status: string }>('SELECT status FROM faturas_marca WHERE id = $1 AND brand_id = $2', [id, brand.id])).rows[0];
      if (!exists) throw notFound('Fatura não encontrada.');
      throw new HttpError(409, `A fatura já está ${exists.status}; só uma fatura aberta muda de status.`);
    }
    return { id, status };
  });

  // ---- pdv-versao: isAvanco publishes; the brand's accounts read the newest (its own, else the general one).
  app.get('/api/PdvVersoes', { schema: { summary: 'Versões publicadas do PDV' } }, async (req) => {
    const ctx = req.ctx!;
    return (
      await db.query(
        `SELECT id, versao, url, notas, obrigatoria, brand_id AS "configWhiteLabel", to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS data FROM pdv_versoes
          WHERE brand_id IS NULL OR brand_id = $1
          ORDER BY string_to_array(versao, '.')::int[] DESC, brand_id NULLS LAST LIMIT 50`,
        [ctx.brandId],
      )
    ).rows;
  });
  app.post('/api/PdvVersoes', { schema: { summary: 'Publica uma versão do PDV' } }, async (req) => {
    const ctx = avanco(req, 'as versões do PDV');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Detail[] = [];
    if (typeof b.versao !== 'string' || !/^\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(b.versao)) errors.push({ path: '/versao', campo: 'versao', mensagem: 'Use o formato 1.2.3.' });
    if (typeof b.url !== 'string' || !/^https?:\/\/\S+$/.test(b.url)) errors.push({ path: '/url', campo: 'url', mensagem: 'Informe o endereço do instalador (http ou https).' });
    if (b.notas !== undefined && b.notas !== null && (typeof b.notas !== 'string' || b.notas.length > 4000)) errors.push({ path: '/notas', campo: 'notas', mensagem: 'Máximo 4000 caracteres!' });
    const marca = b.configWhiteLabel === undefined || b.configWhiteLabel === null || b.configWhiteLabel === '' ? null : Number(b.configWhiteLabel);
    if (marca !== null && !(await services.brands.all()).some((x) => x.id === marca)) errors.push({ path: '/configWhiteLabel', campo: 'configWhiteLabel', mensagem: 'Marca não encontrada.' });
    if (errors.length) throw invalid(errors);
    // A version is never published below the newest one of the same scope.
    const newest = (await db.query<{ versao: string }>(`SELECT versao FROM pdv_versoes WHERE coalesce(brand_id, 0) = $1 ORDER BY string_to_array(versao, '.')::int[] DESC LIMIT 1`, [marca ?? 0])).rows[0]?.versao;
    const cmp = (a: string, c: string) => a.split('.').map(Number).reduce((r, x, i) => r || x - Number(c.split('.')[i]), 0);
    if (newest && cmp(b.versao as string, newest) <= 0) throw badRequest(`A versão deve ser maior que a última publicada (${newest}).`, [{ path: '/versao', campo: 'versao', mensagem: `Maior que ${newest}` }]);
    const r = await db.query(`INSERT INTO pdv_versoes (brand_id, versao, url, notas, obrigatoria, publicada_por) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, versao, url, notas, obrigatoria`, [
      marca,
      b.versao,
      b.url,
      b.notas ?? null,
      b.obrigatoria === true,
      ctx.email,
    ]);
    return r.rows[0];
  });

  // ---- ajuda: the brand writes an article per screen; any user reads the one of the screen they are on.
  const rotaValida = (rota: unknown): string | null => {
    if (typeof rota !== 'string') return null;
    const clean = rota.replace(/^#?\/?/, '').split('?')[0].replace(/\/+$/, '');
    return findRoute(ROUTES, clean) ? clean : null;
  };
  app.get('/api/Ajuda', withQuery({ rota: TEXT }, [], { schema: { summary: 'Textos de ajuda (de uma rota da tela, com rota)' } }), async (req) => {
    const ctx = req.ctx!;
    const rota = (req.query as Record<string, unknown>).rota;
    if (rota === undefined) {
      return (await db.query(`SELECT id, rota, titulo, conteudo, to_char(updated_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS data FROM ajuda_artigos WHERE brand_id = $1 ORDER BY rota`, [ctx.brandId])).rows;
    }
    const clean = typeof rota === 'string' ? rota.replace(/^#?\/?/, '').split('?')[0].replace(/\/+$/, '') : '';
    // The article of the route, or of the route pattern it matches (pages/vendas/clientes/editar/12).
    const pattern = findRoute(ROUTES, clean)?.path ?? clean;
    const r = await db.query(`SELECT id, rota, titulo, conteudo FROM ajuda_artigos WHERE brand_id = $1 AND rota IN ($2, $3) ORDER BY rota = $2 DESC LIMIT 1`, [ctx.brandId, clean, pattern]);
    return { artigo: r.rows[0] ?? null };
  });
  app.put('/api/Ajuda', { schema: { summary: 'Grava o texto de ajuda de uma rota da tela' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Detail[] = [];
    const rota = rotaValida(b.rota);
    if (!rota) errors.push({ path: '/rota', campo: 'rota', mensagem: 'Escolha uma tela existente.' });
    const titulo = typeof b.titulo === 'string' ? b.titulo.trim() : '';
    if (titulo.length < 3 || titulo.length > 120) errors.push({ path: '/titulo', campo: 'titulo', mensagem: 'O título tem de 3 a 120 caracteres.' });
    const conteudo = typeof b.conteudo === 'string' ? b.conteudo.trim() : '';
    if (!conteudo || conteudo.length > 20000) errors.push({ path: '/conteudo', campo: 'conteudo', mensagem: 'Campo Obrigatório!' });
    if (errors.length) throw invalid(errors);
    const r = await db.query(
      `INSERT INTO ajuda_artigos (brand_id, rota, titulo, conteudo) VALUES ($1, $2, $3, $4) ON CONFLICT (brand_id, rota) DO UPDATE SET titulo = excluded.titulo, conteudo = excluded.conteudo, updated_at = now()
       RETURNING id, rota, titulo, conteudo`,
      [brand.id, rota, titulo, conteudo],
    );
    return r.rows[0];
  });
  app.delete('/api/Ajuda/:id', { schema: { summary: 'Exclui um texto de ajuda' } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const r = await db.query('DELETE FROM ajuda_artigos WHERE id = $1 AND brand_id = $2', [parseId((req.params as { id: string }).id), brand.id]);
    if (!r.rowCount) throw notFound('Artigo não encontrado.');
    return { count: 1 };
  });
}
