import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldErrors } from '../../shared/messages.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, objectOf } from '../http/route-schema.ts';
import { SCHEMAS_DIR } from '../catalog/documents.ts';
import brandAdminRoutes from './admin-routes.ts';
import type { BrandRow } from '../http/brand-resolver.ts';

/** Secrets a brand configuration holds that never reach a browser (CRM integration token). */
const SECRET_MISC_KEYS = ['CRM'];

const brandSchema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'meta/brand.schema.json'), 'utf8'));
delete brandSchema.$id;
const validateBrand = new Ajv2020({ allErrors: true, strict: false }).compile(brandSchema);
const THEMES = new Set<string>(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'brands/themes.json'), 'utf8')).themes.map((t: { name: string }) => t.name));

const TAGS = ['Marcas (white-label)'];
const S = { type: 'string' } as const;
/** A brand as its administrators edit it (the CRM token masked). */
const MARCA = objectOf({ id: INT, nome: S, dominios: arrayOf(S), padrao: { type: 'boolean' }, config: { type: 'object', description: 'o documento da marca (schemas/meta/brand.schema.json)' } });
const NAO_ENCONTRADA = answer('Marca não encontrada (ou de outra marca)');

/** The brand configuration object of SPEC 3 as the browser sees it, with the defaults filled in. */
export function publicBrandConfig(brand: BrandRow) {
  const c = brand.config ?? {};
  const misc = { ...(c.misc ?? {}) };
  for (const k of SECRET_MISC_KEYS) delete misc[k];
  return {
    id: brand.id,
    idConfig: c.idConfig ?? String(brand.id),
    tema: c.tema && THEMES.has(c.tema) ? c.tema : 'azul',
    title: c.title ?? brand.nome,
    imagens: c.imagens ?? {},
    documentos: c.documentos ?? {},
    modulos: c.modulos ?? [],
    // The add-on modules on sale (Assinatura > Módulos adicionais): those the brand prices apart.
    planoModulos: c.planoModulos ?? (c.modulos ?? []).filter((m: { ativo?: boolean; valorAdicional?: string | null }) => m.ativo !== false && m.valorAdicional).map((m: { id: string; valorAdicional: string }) => ({ id: m.id, valor: m.valorAdicional })),
    urlPdv: c.urlPdv ?? null,
    API_ENDPOINT: c.API_ENDPOINT ?? '/api/',
    cacheAtivo: c.cacheAtivo ?? true,
    integracaoCobranca: c.integracaoCobranca ?? false,
    cadastroHabilitado: c.cadastroHabilitado ?? true,
    login: c.login ?? {},
    campos: c.campos ?? {},
    // Menu entries renamed, hidden or reordered by the brand (src/shared/brand-overlay.ts).
    menus: c.menus ?? {},
    misc: {
      textoDestaqueCadastro: 'GRATUITAMENTE',
      exibirCpfCnpjTelaCadastro: false,
      exibirNomeUsuarioTelaCadastro: true,
      exibirNomeEmpresaTelaCadastro: true,
      exibirTelefoneTelaCadastro: true,
      exibirRegimeTelaCadastro: true,
      ...misc,
    },
    possuiCrm: !!(c.misc?.CRM?.TOKEN && c.misc?.CRM?.STAGE_ID),
  };
}

/** What an administrator of the brand edits: the whole document, the CRM token masked. */
function adminView(b: BrandRow) {
  const config = structuredClone(b.config ?? {});
  if (config.misc?.CRM?.TOKEN) config.misc.CRM.TOKEN = '********';
  return { id: b.id, nome: b.nome, dominios: b.dominios, padrao: b.padrao, config };
}

/**
 * ConfigWhiteLabels (SPEC 7.3). Reading and editing brands belongs to the brand's own staff: isAvanco sees and
 * edits every brand, master and white-label support only their own; creating and deleting is isAvanco's.
 */
export default async function brandRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;
  const staff = (req: FastifyRequest): RequestContext => {
    const ctx = req.ctx!;
    if (!ctx.isAvanco && !ctx.master && !ctx.suporteWhiteLabel) throw forbidden('Somente a administração da marca pode acessar as configurações white-label.');
    return ctx;
  };
  const visible = (ctx: RequestContext, b: BrandRow) => ctx.isAvanco || b.id === ctx.brandId;
  const byId = async (ctx: RequestContext, raw: unknown) => {
    const id = parseId(raw);
    const b = (await brands.all()).find((x) => x.id === id);
    if (!b || !visible(ctx, b)) throw notFound();
    return b;
  };
  const checkBody = (body: unknown) => {
    if (!validateBrand(body)) {
      const errors = fieldErrors(validateBrand.errors);
      throw badRequest(`Configuração inválida: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, errors);
    }
    const b = body as { config: { tema?: string } };
    if (b.config.tema && !THEMES.has(b.config.tema)) throw badRequest(`Tema desconhecido: ${b.config.tema}`, [{ path: '/config/tema', campo: 'config.tema', mensagem: 'Campo inválido!' }]);
    return body as { nome: string; dominios: string[]; padrao?: boolean; config: Record<string, any> };
  };

  app.get('/api/ConfigWhiteLabels/atual', { schema: { tags: TAGS, summary: 'A configuração pública da marca do endereço (tema, título, imagens, módulos, login, campos, menus), com os padrões; sem segredos', response: { 200: answer('A marca', objectOf({ id: INT, idConfig: S, tema: S, title: S, imagens: { type: 'object' }, documentos: { type: 'object' }, modulos: { type: 'array' }, planoModulos: { type: 'array' }, urlPdv: { type: ['string', 'null'] }, API_ENDPOINT: S, cacheAtivo: { type: 'boolean' }, integracaoCobranca: { type: 'boolean' }, cadastroHabilitado: { type: 'boolean' }, login: { type: 'object' }, campos: { type: 'object' }, menus: { type: 'object' }, misc: { type: 'object' }, possuiCrm: { type: 'boolean' } })) } }, config: { public: true } }, async (req) => publicBrandConfig(await brands.forHost(req.headers.host)));

  /** The API-list file (SPEC 3 'API list entry'): nome, dominio, api_endpoint of every brand. */
  app.get('/api/ConfigWhiteLabels/api-list', { schema: { tags: TAGS, summary: 'A lista de APIs (público): nome, domínio e endereço da API de cada domínio de cada marca', response: { 200: exactAnswer('Uma linha por domínio', arrayOf(objectOf({ nome: S, dominio: S, api_endpoint: S }, ['nome', 'dominio', 'api_endpoint']))) } }, config: { public: true } }, async () =>
    (await brands.all()).flatMap((b) => b.dominios.map((dominio) => ({ nome: b.nome, dominio, api_endpoint: b.config?.API_ENDPOINT ?? '/api/' }))),
  );

  app.get('/api/ConfigWhiteLabels', { schema: { tags: TAGS, summary: 'As marcas que a administração vê (a geral: todas; a da marca: a sua), com o documento de configuração', response: { 200: answer('Marcas', arrayOf(MARCA)) } } }, async (req) => {
    const ctx = staff(req);
    return (await brands.all()).filter((b) => visible(ctx, b)).map(adminView);
  });

  app.get('/api/ConfigWhiteLabels/:id', { schema: { tags: TAGS, summary: 'Uma marca com o documento de configuração (o token do CRM mascarado)', response: { 200: answer('A marca', MARCA), 404: NAO_ENCONTRADA } } }, async (req) => adminView(await byId(staff(req), (req.params as { id: string }).id)));

  app.post('/api/ConfigWhiteLabels', { schema: { tags: TAGS, summary: 'Cria uma marca (administração geral)', body: checkedByHandler(brandSchema), response: { 200: answer('Criada', MARCA), 409: answer('Domínio já usado por outra marca') } } }, async (req) => {
    const ctx = staff(req);
    if (!ctx.isAvanco) throw forbidden('Somente a administração geral pode criar marcas.');
    const b = checkBody(req.body);
    const r = await db
      .query<{ id: number }>('INSERT INTO brands (nome, dominios, padrao, config) VALUES ($1, $2, false, $3) RETURNING id', [b.nome, b.dominios, JSON.stringify(b.config)])
      .catch((e) => translateDbError(e, 'write'));
    brands.invalidate();
    return adminView((await brands.all()).find((x) => x.id === r.rows[0].id)!);
  });

  app.put('/api/ConfigWhiteLabels/:id', { schema: { tags: TAGS, summary: 'Grava uma marca inteira (o token do CRM mascarado que volta fica como estava)', body: checkedByHandler(brandSchema), response: { 200: answer('Gravada', MARCA), 404: NAO_ENCONTRADA, 409: answer('Domínio já usado por outra marca') } } }, async (req) => {
    const ctx = staff(req);
    const current = await byId(ctx, (req.params as { id: string }).id);
    const b = checkBody(req.body);
    // A masked token sent back means "unchanged".
    if (b.config.misc?.CRM?.TOKEN === '********') b.config.misc.CRM.TOKEN = current.config?.misc?.CRM?.TOKEN;
    await db.query('UPDATE brands SET nome = $2, dominios = $3, config = $4 WHERE id = $1', [current.id, b.nome, b.dominios, JSON.stringify(b.config)]).catch((e) => translateDbError(e, 'write'));
    brands.invalidate();
    return adminView((await brands.all()).find((x) => x.id === current.id)!);
  });

  app.delete('/api/ConfigWhiteLabels/:id', { schema: { tags: TAGS, summary: 'Exclui uma marca (administração geral; nunca a padrão)', response: { 200: exactAnswer('Excluída', objectOf({ count: INT }, ['count'])), 404: NAO_ENCONTRADA, 409: answer('A marca padrão, ou uma marca com contas') } } }, async (req) => {
    const ctx = staff(req);
    if (!ctx.isAvanco) throw forbidden('Somente a administração geral pode excluir marcas.');
    const b = await byId(ctx, (req.params as { id: string }).id);
    if (b.padrao) throw new HttpError(409, 'A marca padrão não pode ser excluída.');
    await db.query('DELETE FROM brands WHERE id = $1', [b.id]).catch((e) => translateDbError(e, 'delete'));
    brands.invalidate();
    return { count: 1 };
  });

  await app.register(brandAdminRoutes, { services });
}
