import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MONEY_RE, toMoney } from '../../shared/money.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { CATALOGO_MODULOS, modulosDaMarca, type ModuloMarca } from '../planos/modulos.ts';
import { answer, arrayOf, checkedByHandler, INT, MONEY, objectOf } from '../http/route-schema.ts';
import { query } from '../http/input-schemas.ts';

const TAGS = ['Marcas (white-label)'];
const S = { type: 'string' } as const;
/** ?configWhiteLabel=: the brand (only the general administration names another). */
export const MARCA_NA_CONSULTA = query({ configWhiteLabel: { type: 'string', description: 'a marca (só a administração geral escolhe outra)' } });
const MODULOS = answer('Módulos da marca', objectOf({
  configWhiteLabel: INT,
  modulos: arrayOf(objectOf({ id: S, titulo: S, menus: { type: 'array', description: 'as chaves de menu do módulo' }, ativo: { type: 'boolean' }, valorAdicional: { ...MONEY, type: ['string', 'null'] }, planos: { ...arrayOf(INT), description: 'os planos que o incluem' } })),
  planos: arrayOf(objectOf({ id: INT, nome: S, ativo: { type: 'boolean' } })),
}));

/** The brand an admin request is about: the caller's own; isAvanco may name another (?configWhiteLabel=). */
export async function brandOfAdmin(services: AppServices, req: FastifyRequest): Promise<{ ctx: RequestContext; brand: BrandRow }> {
  const ctx = req.ctx!;
  if (!ctx.isAvanco && !ctx.master) throw forbidden('Somente a administração da marca (master) pode acessar esta área.');
  const asked = (req.query as Record<string, unknown>)?.configWhiteLabel ?? (req.body as Record<string, unknown> | null)?.configWhiteLabel;
  const id = asked === undefined || asked === null || asked === '' ? ctx.brandId : Number(asked);
  if (!ctx.isAvanco && id !== ctx.brandId) throw notFound('Marca não encontrada.');
  const brand = (await services.brands.all()).find((b) => b.id === id);
  if (!brand) throw notFound('Marca não encontrada.');
  return { ctx, brand };
}

/**
 * modulo-config (SPEC 2.8): the brand's modules (id, ativo, menus of SPEC 3) with their add-on price, and
 * which plan includes which. Switching a module off hides its menus and closes its API for every account of
 * the brand at once (src/server/planos/gating.ts); the plans' modules are edited through PUT Planos.
 */
export default async function modulosAdminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;

  const view = async (brand: BrandRow) => {
    const daMarca = new Map(modulosDaMarca(brand).map((m) => [m.id, m]));
    const planos = (
      await db.query<{ id: number; nome: string; ativo: boolean; modulos: { id: string; visivel?: boolean }[] }>('SELECT id, nome, ativo, modulos FROM planos WHERE config_white_label = $1 ORDER BY valor, id', [brand.id])
    ).rows;
    return {
      configWhiteLabel: brand.id,
      modulos: CATALOGO_MODULOS.map((m) => ({
        id: m.id,
        titulo: m.titulo,
        menus: m.menus,
        ativo: daMarca.get(m.id)?.ativo !== false,
        valorAdicional: daMarca.get(m.id)?.valorAdicional ?? null,
        planos: planos.filter((p) => (p.modulos ?? []).some((x) => x.id === m.id && x.visivel !== false)).map((p) => p.id),
      })),
      planos: planos.map((p) => ({ id: p.id, nome: p.nome, ativo: p.ativo })),
    };
  };

  app.get('/api/ConfigWhiteLabels/modulos', { schema: { tags: TAGS, summary: 'Os módulos da marca (ativo, menus, preço adicional) e os planos que incluem cada um', querystring: MARCA_NA_CONSULTA, response: { 200: MODULOS, 404: answer('Marca não encontrada') } } }, async (req) => view((await brandOfAdmin(services, req)).brand));

  app.put('/api/ConfigWhiteLabels/modulos', { schema: { tags: TAGS, summary: 'Liga ou desliga módulos da marca e o preço adicional de cada um (desligar esconde os menus e fecha a API em todas as contas da marca)', querystring: MARCA_NA_CONSULTA, body: checkedByHandler(objectOf({ modulos: arrayOf(objectOf({ id: S, ativo: { type: 'boolean' }, valorAdicional: { ...MONEY, type: ['string', 'null'] } }, ['id', 'ativo'])) }, ['modulos'])), response: { 200: MODULOS, 404: answer('Marca não encontrada') } } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const list = (req.body as { modulos?: unknown } | null)?.modulos;
    if (!Array.isArray(list)) throw badRequest('Informe a lista de módulos.', [{ path: '/modulos', campo: 'modulos', mensagem: 'Campo obrigatório!' }]);
    const errors: { path: string; campo: string; mensagem: string }[] = [];
    const next: ModuloMarca[] = [];
    list.forEach((raw, i) => {
      const m = (raw ?? {}) as Record<string, unknown>;
      const cat = CATALOGO_MODULOS.find((c) => c.id === m.id);
      if (!cat) return void errors.push({ path: `/modulos/${i}/id`, campo: 'id', mensagem: `Módulo desconhecido: ${String(m.id)}` });
      if (typeof m.ativo !== 'boolean') errors.push({ path: `/modulos/${i}/ativo`, campo: 'ativo', mensagem: 'Campo obrigatório!' });
      const v = m.valorAdicional;
      if (v !== undefined && v !== null && v !== '' && (!MONEY_RE.test(String(v)) || String(v).startsWith('-'))) {
        errors.push({ path: `/modulos/${i}/valorAdicional`, campo: 'valorAdicional', mensagem: `Valor adicional do módulo ${cat.titulo} inválido: informe um valor a partir de 0.` });
      }
      next.push({ id: cat.id, ativo: m.ativo !== false, menus: cat.menus, valorAdicional: v === undefined || v === null || v === '' ? null : toMoney(String(v)) });
    });
    if (errors.length) throw badRequest(errors.map((e) => e.mensagem).join(' '), errors);
    // Modules the list does not name keep their setting.
    const kept = modulosDaMarca(brand).filter((m) => !next.some((n) => n.id === m.id) && CATALOGO_MODULOS.some((c) => c.id === m.id));
    await db.query(`UPDATE brands SET config = jsonb_set(config, '{modulos}', $2::jsonb) WHERE id = $1`, [brand.id, JSON.stringify([...kept, ...next])]);
    brands.invalidate();
    return view((await brands.all()).find((b) => b.id === brand.id)!);
  });
}
