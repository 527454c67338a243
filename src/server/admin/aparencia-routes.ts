import type { FastifyInstance } from 'fastify';
import { OVERLAY_TITLE_MAX, type FieldLabels, type MenuOverlay } from '../../shared/brand-overlay.ts';
import { flattenMenu, type MenuItemDoc } from '../../shared/menu-filter.ts';
import type { AppServices } from '../app-services.ts';
import { badRequest } from '../http/errors.ts';
import { readDocuments } from '../catalog/documents.ts';
import { brandOfAdmin, MARCA_NA_CONSULTA } from './modulos-routes.ts';
import { answer, checkedByHandler, objectOf } from '../http/route-schema.ts';

const TAGS = ['Marcas (white-label)'];
const MENUS = { type: 'object', description: 'por chave de menu: titulo, oculto, ordem', additionalProperties: { type: 'object', properties: { titulo: { type: 'string' }, oculto: { type: 'boolean' }, ordem: { type: 'integer' } } } };
const ROTULOS = { type: 'object', description: 'por cadastro: por campo, o rótulo novo', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } };
const APARENCIA = answer('A aparência da marca', objectOf({ menus: MENUS, rotulos: ROTULOS, campos: { type: 'object', description: 'por cadastro: os campos ocultos e os obrigatórios (gravados noutra tela)' } }));

const MENU_KEYS = new Set(flattenMenu(readDocuments<{ items: MenuItemDoc[] }>('menus').flatMap(({ doc }) => doc.items)).map((i) => i.key));

type Detail = { path: string; campo: string; mensagem: string };
type Switches = Record<string, { ocultar: string[]; obrigatorios: string[] }>;

const switchesOf = (campos: Record<string, { ocultar?: string[]; obrigatorios?: string[] }>): Switches =>
  Object.fromEntries(Object.entries(campos).filter(([, c]) => c.ocultar?.length || c.obrigatorios?.length).map(([r, c]) => [r, { ocultar: c.ocultar ?? [], obrigatorios: c.obrigatorios ?? [] }]));

const titleError = (v: unknown) =>
  typeof v !== 'string' || !v.trim() ? 'Campo Obrigatório!' : v.trim().length > OVERLAY_TITLE_MAX ? `Máximo ${OVERLAY_TITLE_MAX} caracteres!` : null;

/**
 * The brand's reshaping of the shipped documents (issue 21 item 3), from the whitelabel screen: menu entries
 * renamed, hidden or reordered, and field labels renamed. Stored as data in the brand's configuration
 * (config.menus, config.campos[resource].rotulos) and applied over the documents by src/shared/brand-overlay.ts;
 * only keys and fields the shipped documents have are accepted.
 */
export default async function aparenciaRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, registry } = services;

  app.get('/api/ConfigWhiteLabels/aparencia', { schema: { tags: TAGS, summary: 'Os menus renomeados, ocultos ou reordenados e os rótulos de campos renomeados da marca', querystring: MARCA_NA_CONSULTA, response: { 200: APARENCIA, 404: answer('Marca não encontrada') } } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const campos = (brand.config?.campos ?? {}) as Record<string, { rotulos?: Record<string, string>; ocultar?: string[]; obrigatorios?: string[] }>;
    return { menus: brand.config?.menus ?? {}, rotulos: Object.fromEntries(Object.entries(campos).filter(([, c]) => c.rotulos).map(([r, c]) => [r, c.rotulos])), campos: switchesOf(campos) };
  });

  app.put('/api/ConfigWhiteLabels/aparencia', { schema: { tags: TAGS, summary: 'Grava os menus e os rótulos da marca (só chaves de menu e campos que os documentos têm)', querystring: MARCA_NA_CONSULTA, body: checkedByHandler(objectOf({ menus: MENUS, rotulos: ROTULOS })), response: { 200: APARENCIA, 404: answer('Marca não encontrada') } } }, async (req) => {
    const { brand } = await brandOfAdmin(services, req);
    const body = (req.body ?? {}) as { menus?: unknown; rotulos?: unknown };
    const errors: Detail[] = [];
    const menus: MenuOverlay = {};
    if (body.menus !== undefined && (typeof body.menus !== 'object' || body.menus === null || Array.isArray(body.menus))) errors.push({ path: '/menus', campo: 'menus', mensagem: 'Campo inválido!' });
    for (const [key, raw] of Object.entries((body.menus as Record<string, unknown>) ?? {})) {
      const o = (raw ?? {}) as Record<string, unknown>;
      if (!MENU_KEYS.has(key)) {
        errors.push({ path: `/menus/${key}`, campo: key, mensagem: `Menu desconhecido: ${key}` });
        continue;
      }
      const entry: MenuOverlay[string] = {};
      if (o.titulo !== undefined && o.titulo !== null && o.titulo !== '') {
        const e = titleError(o.titulo);
        if (e) errors.push({ path: `/menus/${key}/titulo`, campo: key, mensagem: e });
        else entry.titulo = (o.titulo as string).trim();
      }
      if (o.ocultar !== undefined) {
        if (typeof o.ocultar !== 'boolean') errors.push({ path: `/menus/${key}/ocultar`, campo: key, mensagem: 'Campo inválido!' });
        else if (o.ocultar) entry.ocultar = true;
      }
      if (o.ordem !== undefined && o.ordem !== null) {
        if (!Number.isInteger(o.ordem) || (o.ordem as number) < 0 || (o.ordem as number) > 999) errors.push({ path: `/menus/${key}/ordem`, campo: key, mensagem: 'Informe uma ordem de 0 a 999.' });
        else entry.ordem = o.ordem as number;
      }
      if (Object.keys(entry).length) menus[key] = entry;
    }
    const rotulos: FieldLabels = {};
    for (const [recurso, raw] of Object.entries((body.rotulos as Record<string, unknown>) ?? {})) {
      const def = registry.byName.get(recurso);
      if (!def) {
        errors.push({ path: `/rotulos/${recurso}`, campo: recurso, mensagem: `Cadastro desconhecido: ${recurso}` });
        continue;
      }
      for (const [campo, titulo] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
        if (!def.doc.schema.properties?.[campo]) errors.push({ path: `/rotulos/${recurso}/${campo}`, campo: `${recurso}.${campo}`, mensagem: `Campo desconhecido em ${def.doc.title}: ${campo}` });
        else if (titulo === '' || titulo === null || titulo === undefined) continue;
        else {
          const e = titleError(titulo);
          if (e) errors.push({ path: `/rotulos/${recurso}/${campo}`, campo: `${recurso}.${campo}`, mensagem: e });
          else (rotulos[recurso] ??= {})[campo] = (titulo as string).trim();
        }
      }
    }
    // Field switches (hide, require): only those the resource document whitelists (brandFields).
    const switches: Switches = {};
    for (const [recurso, raw] of Object.entries((body as { campos?: Record<string, unknown> }).campos ?? {})) {
      const def = registry.byName.get(recurso);
      if (!def) {
        errors.push({ path: `/campos/${recurso}`, campo: recurso, mensagem: `Cadastro desconhecido: ${recurso}` });
        continue;
      }
      const r = (raw ?? {}) as { ocultar?: unknown; obrigatorios?: unknown };
      const check = (list: unknown, allowed: string[] | undefined, what: string): string[] => {
        if (list === undefined) return [];
        if (!Array.isArray(list) || list.some((x) => typeof x !== 'string' || !(allowed ?? []).includes(x))) {
          errors.push({ path: `/campos/${recurso}/${what}`, campo: `${recurso}.${what}`, mensagem: `Em ${def.doc.title}, a marca só pode ${what === 'ocultar' ? 'ocultar' : 'tornar obrigatórios'}: ${(allowed ?? []).join(', ') || 'nenhum campo'}.` });
          return [];
        }
        return [...new Set(list as string[])];
      };
      switches[recurso] = { ocultar: check(r.ocultar, def.doc.brandFields?.hideable, 'ocultar'), obrigatorios: check(r.obrigatorios, def.doc.brandFields?.requirable, 'obrigatorios') };
    }
    if (errors.length) throw badRequest(`Dados inválidos: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, errors);
    await db.transaction(async (q) => {
      const cur = (await q.query<{ config: Record<string, any> }>('SELECT config FROM brands WHERE id = $1 FOR UPDATE', [brand.id])).rows[0].config ?? {};
      const campos: Record<string, Record<string, unknown>> = { ...(cur.campos ?? {}) };
      // Labels are replaced as a whole when sent; the hide/require switches of each resource are kept.
      if (body.rotulos !== undefined) {
        for (const r of Object.keys(campos)) {
          const { rotulos: _old, ...rest } = campos[r];
          campos[r] = rest;
        }
        for (const [r, l] of Object.entries(rotulos)) campos[r] = { ...(campos[r] ?? {}), rotulos: l };
      }
      for (const [r, sw] of Object.entries(switches)) campos[r] = { ...(campos[r] ?? {}), ocultar: sw.ocultar, obrigatorios: sw.obrigatorios };
      const next = { ...cur, campos, ...(body.menus !== undefined ? { menus } : {}) };
      await q.query('UPDATE brands SET config = $2 WHERE id = $1', [brand.id, JSON.stringify(next)]);
    });
    brands.invalidate();
    const b = (await brands.all()).find((x) => x.id === brand.id)!;
    const c = (b.config?.campos ?? {}) as Record<string, { rotulos?: Record<string, string>; ocultar?: string[]; obrigatorios?: string[] }>;
    return { menus: b.config?.menus ?? {}, rotulos: Object.fromEntries(Object.entries(c).filter(([, v]) => v.rotulos).map(([r, v]) => [r, v.rotulos])), campos: switchesOf(c as never) };
  });
}
