/**
 * `npm run schemas:check`: every document in schemas/ is valid against its meta-schema (its "$schema",
 * a file in schemas/meta), documents that are themselves JSON Schemas compile, and the cross references
 * hold: menus link existing routes and permission keys; resources name existing permission keys, lookups,
 * relations and fields; names, endpoints, keys and paths are unique.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft07 from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { addRetaguardaFormats } from '../../src/shared/formats.ts';
import { SCHEMAS_DIR } from '../../src/server/catalog/documents.ts';
import { moduleRefProblem, SERVER_DIR } from '../../src/server/module-ref.ts';
import { resolveFragments, type FragmentFields } from '../../src/shared/fragments.ts';
import type { MenuItemDoc } from '../../src/shared/menu-filter.ts';
import { allRoutes, MENU_NAMES, menusWithResources, type MenuName, type NavDocument, type NavResource } from '../../src/shared/resource-nav.ts';
import { permissionKeys } from '../../src/shared/permissions.ts';

const DRAFTS = new Set(['https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema']);

function walk(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : f.endsWith('.json') ? [p] : [];
  });
}

const withFormats = <T>(ajv: T): T => {
  const add = (addFormats as any).default ?? addFormats;
  add(ajv);
  addRetaguardaFormats(ajv as any);
  return ajv;
};

/** `serverDir`: where the code documents name lives (src/server; a copy of the tree in tests). */
export function checkSchemas(dir = SCHEMAS_DIR, serverDir = SERVER_DIR): string[] {
  const errors: string[] = [];
  const rel = (f: string) => relative(dir, f);
  const files = walk(dir);
  const docs = new Map<string, any>();
  for (const f of files) {
    try {
      docs.set(f, JSON.parse(readFileSync(f, 'utf8')));
    } catch (e) {
      errors.push(`${rel(f)}: JSON inválido (${(e as Error).message})`);
    }
  }

  // 1. Each document against its meta-schema; JSON Schemas themselves must compile.
  const metaAjv2020 = withFormats(new Ajv2020({ allErrors: true, strict: false }));
  const metaAjv07 = withFormats(new AjvDraft07({ allErrors: true, strict: false }));
  const validators = new Map<string, any>();
  const metas = [...docs].filter(([f, d]) => dirname(f) === join(dir, 'meta') && typeof d?.$id === 'string').map(([, d]) => d);
  const metaAjvOf = (m: any) => (String(m.$schema ?? '').includes('draft-07') ? metaAjv07 : metaAjv2020);
  for (const m of metas) metaAjvOf(m).addSchema(m);
  for (const [f, doc] of docs) {
    const s = doc?.$schema;
    if (typeof s !== 'string') {
      errors.push(`${rel(f)}: falta "$schema"`);
      continue;
    }
    if (DRAFTS.has(s)) {
      try {
        const ajv = s.includes('2020-12') ? withFormats(new Ajv2020({ strict: false })) : withFormats(new AjvDraft07({ strict: false }));
        // A meta-schema may point into another one (a business document's field is a resource's field plus its checks).
        for (const other of metas) if (other !== doc && other.$schema === s) ajv.addSchema(other);
        ajv.compile(doc);
      } catch (e) {
        errors.push(`${rel(f)}: não compila como JSON Schema (${(e as Error).message})`);
      }
      continue;
    }
    const meta = resolve(dirname(f), s);
    if (!docs.has(meta)) {
      errors.push(`${rel(f)}: meta-schema ${s} não existe`);
      continue;
    }
    let validate = validators.get(meta);
    if (!validate) {
      const m = docs.get(meta);
      validate = metas.includes(m) ? metaAjvOf(m).getSchema(m.$id) : metaAjvOf(m).compile(m);
      validators.set(meta, validate);
    }
    if (!validate(doc)) for (const e of validate.errors ?? []) errors.push(`${rel(f)}${e.instancePath}: ${e.message}`);
  }

  const folder = (name: string) => [...docs].filter(([f]) => rel(f).startsWith(name + '/')).map(([f, d]) => ({ f, name: rel(f).slice(name.length + 1).replace(/\.json$/, ''), d }));
  const dup = (label: string, values: string[]) => {
    const seen = new Set<string>();
    for (const v of values) {
      if (seen.has(v)) errors.push(`${label} repetido: ${v}`);
      seen.add(v);
    }
  };

  // 2. Lookups: name equals file name, values unique.
  const lookups = new Map<string, any>();
  for (const { name, d } of folder('lookups')) {
    if (d.name !== name) errors.push(`lookups/${name}.json: name '${d.name}' difere do nome do arquivo`);
    lookups.set(d.name, d);
    dup(`valor da lista ${d.name}`, (d.items ?? []).map((i: any) => String(i.value)));
  }

  // 3. Permission keys.
  const permDoc = docs.get(join(dir, 'permissions/permissions.json'));
  const documents = folder('documents');
  dup('chave de permissão', (permDoc?.keys ?? []).map((k: any) => k.key));
  // A business document may declare its own key (declaresPermission): permissions.json then does not list it.
  for (const { name, d } of documents) if (d.declaresPermission && (permDoc?.keys ?? []).some((k: any) => k.key === d.permission)) errors.push(`documents/${name}.json: declara a permissão '${d.permission}', que permissions.json já lista (tire uma das duas)`);
  const permKeys = new Set<string>(permissionKeys(permDoc?.keys ?? [], documents.map((x) => x.d)).map((k) => k.key));

  // 4. Resources.
  // Shared field groups are put in place first: the checks below see the fields a document really has.
  const fragments = new Map(folder('fragments').map(({ d }) => [d.name, d as FragmentFields]));
  const resources = folder('resources').map((r) => {
    try {
      return { ...r, d: resolveFragments(r.d, fragments) };
    } catch (e) {
      errors.push(`resources/${r.name}.json: ${(e as Error).message}`);
      return r;
    }
  });
  dup('recurso', resources.map((r) => r.d.name));
  dup('endpoint', resources.map((r) => r.d.endpoint));
  const byName = new Map(resources.map((r) => [r.d.name, r.d]));
  for (const { name, d } of resources) {
    const where = `resources/${name}.json`;
    if (d.name !== name) errors.push(`${where}: name '${d.name}' difere do nome do arquivo`);
    if (!permKeys.has(d.permission)) errors.push(`${where}: permissão '${d.permission}' não existe em permissions.json`);
    const props = d.schema?.properties ?? {};
    const has = (field: string, what: string) => {
      if (!(field in props)) errors.push(`${where}: ${what} '${field}' não é um campo do documento`);
    };
    for (const [field, p] of Object.entries<any>(props)) {
      if (p.lookup && !lookups.has(p.lookup)) errors.push(`${where}: campo ${field} aponta a lista '${p.lookup}', que não existe`);
      if (p.relation && !d.relations?.[p.relation]) errors.push(`${where}: campo ${field} aponta a relação '${p.relation}', que não existe`);
    }
    for (const r of d.schema?.required ?? []) has(r, 'obrigatório');
    for (const c of d.list?.columns ?? []) has(c.field, 'coluna');
    if (d.list?.order) has(d.list.order.split(' ')[0], 'ordenação');
    for (const s of d.search ?? []) has(s, 'busca');
    for (const sec of d.form?.sections ?? []) for (const row of sec.rows) for (const f of row) has(f, 'campo do formulário');
    dup(`${where}: campo no formulário`, (d.form?.sections ?? []).flatMap((s: any) => s.rows.flat()));
    for (const rule of d.rules ?? []) for (const f of [...(rule.hide ?? []), ...(rule.require ?? []), ...(rule.readOnly ?? [])]) has(f, 'campo da regra');
    for (const f of [...(d.brandFields?.hideable ?? []), ...(d.brandFields?.requirable ?? [])]) has(f, 'campo da marca');
    for (const f of (d.brandFields?.hideable ?? [])) if ((d.schema?.required ?? []).includes(f)) errors.push(`${where}: o campo obrigatório '${f}' não pode ser ocultável pela marca`);
    for (const u of d.unique ?? []) for (const f of u) has(f, 'campo único');
    if (d.display) has(d.display, 'campo de exibição');
    if (d.hooks) {
      const problem = moduleRefProblem(d.hooks, serverDir);
      if (problem) errors.push(`${where}: hooks ${problem}`);
    }
    if (d.hierarchy) for (const f of [d.hierarchy.parent, d.hierarchy.label, d.hierarchy.as]) has(f, 'campo da hierarquia');
    for (const r of d.derived ?? []) for (const f of [r.field, r.from, ...Object.keys(r.by ?? {})]) has(f, 'campo derivado');
    for (const [rn, r] of Object.entries<any>(d.relations ?? {})) {
      const target = byName.get(r.resource);
      if (!target) errors.push(`${where}: relação ${rn} aponta o recurso '${r.resource}', que não existe`);
      else if (r.type === 'belongsTo') has(r.foreignKey, `chave da relação ${rn}`);
      else if (!(r.foreignKey in (target.schema?.properties ?? {}))) errors.push(`${where}: relação ${rn}: '${r.foreignKey}' não é campo de ${r.resource}`);
    }
  }

  // 4b. Business documents: states and transitions consistent, fields named exist, the posting module exists.
  const machineNames = new Set([...documents.map((x) => x.d.name), ...folder('lifecycles').map((x) => x.d.name)]);
  const checkMachine = (where: string, d: any) => {
    const states = new Set<string>((d.states ?? []).map((st: any) => st.key));
    dup(`${where}: estado`, (d.states ?? []).map((st: any) => st.key));
    dup(`${where}: transição`, (d.transitions ?? []).map((t: any) => t.name));
    if (!states.has(d.initial)) errors.push(`${where}: estado inicial '${d.initial}' não existe`);
    for (const t of d.transitions ?? []) {
      for (const st of [...(t.from ?? []), ...[t.to].flat(), ...Object.keys(t.refusals ?? {})]) if (!states.has(st)) errors.push(`${where}: transição ${t.name} usa o estado '${st}', que não existe`);
      for (const st of Object.keys(t.refusals ?? {})) if ((t.from ?? []).includes(st)) errors.push(`${where}: transição ${t.name} sai de '${st}' e declara recusa nele`);
      for (const f of t.firedBy ?? []) if (!machineNames.has(f)) errors.push(`${where}: transição ${t.name} disparada por '${f}', que não é documento`);
      if (Array.isArray(t.to) && !t.posting && !t.firedBy && !t.compensa) errors.push(`${where}: transição ${t.name} tem vários destinos e nada que escolha um (posting, firedBy ou compensa)`);
    }
  };
  // 4a. Lifecycles of records with a table of their own (schemas/lifecycles): the same rules, the stored values of every state.
  for (const { name, d } of folder('lifecycles')) {
    const where = `lifecycles/${name}.json`;
    if (d.name !== name) errors.push(`${where}: name '${d.name}' difere do nome do arquivo`);
    checkMachine(where, d);
    if (d.state?.values) for (const st of d.states ?? []) if (!(st.key in d.state.values)) errors.push(`${where}: o estado '${st.key}' não tem valor em state.values`);
  }
  const resourceEndpoints = new Set(resources.map((r) => r.d.endpoint));
  dup('endpoint de documento', documents.map((x) => x.d.endpoint));
  for (const { name, d } of documents) if (resourceEndpoints.has(d.endpoint)) errors.push(`documents/${name}.json: endpoint '${d.endpoint}' já é de um recurso`);
  for (const { name, d } of documents) {
    const where = `documents/${name}.json`;
    if (d.name !== name) errors.push(`${where}: name '${d.name}' difere do nome do arquivo`);
    if (!permKeys.has(d.permission)) errors.push(`${where}: permissão '${d.permission}' não existe em permissions.json (ou diga "declaresPermission": true)`);
    if (d.declaresPermission && !d.module) errors.push(`${where}: declaresPermission pede "module" (o grupo da chave na tela de perfis)`);
    if (d.service) {
      const problem = moduleRefProblem(d.service, serverDir);
      if (problem) errors.push(`${where}: service ${problem}`);
    }
    checkMachine(where, d);
    const header = d.header?.properties ?? {};
    const items = d.items?.properties ?? {};
    const system = new Set(['id', 'numero', 'estado', 'filialId', 'usuarioId', 'createdAt', 'updatedAt']);
    for (const c of d.list?.columns ?? []) if (!(c.field in header) && !system.has(c.field)) errors.push(`${where}: coluna '${c.field}' não é campo do cabeçalho`);
    for (const row of d.form?.rows ?? []) for (const f of row) if (!(f in header)) errors.push(`${where}: campo do formulário '${f}' não é campo do cabeçalho`);
    for (const c of d.itemColumns ?? []) if (!(c.field in items)) errors.push(`${where}: coluna de item '${c.field}' não é campo do item`);
    for (const r of d.header?.required ?? []) if (!(r in header)) errors.push(`${where}: obrigatório '${r}' não é campo do cabeçalho`);
    for (const r of d.items?.required ?? []) if (!(r in items)) errors.push(`${where}: obrigatório '${r}' não é campo do item`);
    for (const [f, p] of Object.entries<any>({ ...header, ...items })) {
      if (p.resource && !byName.has(p.resource)) errors.push(`${where}: campo ${f} aponta o recurso '${p.resource}', que não existe`);
      if (p.lookup && !lookups.has(p.lookup)) errors.push(`${where}: campo ${f} aponta a lista '${p.lookup}', que não existe`);
    }
    for (const [f, p] of Object.entries<any>(items)) {
      if (p.variacaoDe && items[p.variacaoDe]?.resource !== 'produto') errors.push(`${where}: item ${f}: variacaoDe '${p.variacaoDe}' não é um campo de produto do item`);
    }
    for (const [f, p] of Object.entries<any>({ ...header, ...items })) if (p.choices && !p.resource) errors.push(`${where}: campo ${f}: choices sem resource`);
    for (const f of Object.keys(items)) if (header[f]?.choices && items[f]?.choices) errors.push(`${where}: campo ${f}: choices no cabeçalho e no item (o endereço opcoes/${f} é um só)`);
  }

  // 5. Routes: a resource or business document implies its own; routes.json holds only the screens without a document
  // (and, until they are moved, the hand-written routes of the older business documents).
  const routesDoc = docs.get(join(dir, 'routes/routes.json'));
  const navDocs = resources.map((r) => r.d as NavResource).filter((d) => typeof d?.route === 'string');
  const navDocuments = documents.map((x) => x.d as NavDocument).filter((d) => typeof d?.route === 'string');
  const everyRoute = allRoutes<{ path: string; permission?: string; resource?: string }>(routesDoc?.routes ?? [], navDocs, navDocuments);
  dup('rota (routes.json não repete as rotas de um documento de recurso)', everyRoute.map((r) => r.path));
  const routes = new Set<string>(everyRoute.map((r) => r.path));
  for (const r of routesDoc?.routes ?? []) {
    if (r.permission && !permKeys.has(r.permission)) errors.push(`routes.json: rota ${r.path} usa a permissão '${r.permission}', que não existe`);
    if (r.resource && !byName.has(r.resource)) errors.push(`routes.json: rota ${r.path} aponta o recurso '${r.resource}', que não existe`);
  }

  // 6. Menus (with each document's entry placed): links exist, permission keys exist, item keys unique across the four menus.
  const listedMenus = Object.fromEntries(MENU_NAMES.map((m) => [m, (docs.get(join(dir, `menus/${m}.json`))?.items ?? []) as MenuItemDoc[]])) as Record<MenuName, MenuItemDoc[]>;
  const placed = menusWithResources(listedMenus, navDocs, navDocuments);
  errors.push(...placed.errors);
  const menuKeys: string[] = [];
  const visit = (menu: string, items: any[]) => {
    for (const i of items ?? []) {
      menuKeys.push(i.key);
      if (i.link && !routes.has(i.link)) errors.push(`menus/${menu}.json: item ${i.key} leva a '${i.link}', rota que não existe`);
      if (i.permission && !permKeys.has(i.permission)) errors.push(`menus/${menu}.json: item ${i.key} usa a permissão '${i.permission}', que não existe`);
      visit(menu, i.children);
    }
  };
  for (const m of MENU_NAMES) visit(m, placed.menus[m]);
  dup('chave de menu', menuKeys);
  // 7. Brands: a known theme; field switches only on whitelisted fields of existing resources.
  const themes = new Set<string>((docs.get(join(dir, 'brands/themes.json'))?.themes ?? []).map((t: any) => t.name));
  const brandDocs = folder('brands').filter((b) => b.name !== 'themes');
  if (brandDocs.filter((b) => b.d.padrao).length !== 1) errors.push('brands/: deve haver exatamente uma marca padrão');
  dup('domínio de marca', brandDocs.flatMap((b) => b.d.dominios ?? []));
  for (const { name, d } of brandDocs) {
    const cfg = d.config ?? {};
    if (cfg.tema && !themes.has(cfg.tema)) errors.push(`brands/${name}.json: tema '${cfg.tema}' não existe em themes.json`);
    for (const [res, sw] of Object.entries<any>(cfg.campos ?? {})) {
      const r = byName.get(res);
      if (!r) {
        errors.push(`brands/${name}.json: campos.${res}: recurso não existe`);
        continue;
      }
      for (const f of sw.ocultar ?? []) if (!(r.brandFields?.hideable ?? []).includes(f)) errors.push(`brands/${name}.json: campos.${res}.ocultar: '${f}' não é ocultável (brandFields)`);
      for (const f of sw.obrigatorios ?? []) if (!(r.brandFields?.requirable ?? []).includes(f)) errors.push(`brands/${name}.json: campos.${res}.obrigatorios: '${f}' não pode ser exigido (brandFields)`);
    }
  }
  return errors;
}
