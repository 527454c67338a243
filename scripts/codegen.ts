/**
 * Writes generated/ from the schema documents: record types of every resource (json-schema-to-typescript),
 * unions and constants for lookups, permission keys, menu keys and routes. `--check` writes nothing and fails
 * when generated/ differs from a fresh run (CI runs it).
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { codegenFiscal } from './codegen-fiscal.ts';
import { loadMenus, loadPermissionKeys, loadRoutes, readResources } from '../src/server/catalog/documents.ts';
import { fragmentRef } from '../src/shared/fragments.ts';
import { firstPageFilter } from '../src/web/renderer/list-request.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMAS = path.join(ROOT, 'schemas');
const OUT = path.join(ROOT, 'generated');
const BANNER = '/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */';

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));
async function docs(folder: string): Promise<{ name: string; doc: any }[]> {
  const dir = path.join(SCHEMAS, folder);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => ({ name: f.replace(/\.json$/, ''), doc: await readJson(path.join(dir, f)) })));
}

const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const screaming = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
const lit = (v: unknown) => JSON.stringify(v);

function lookupsFile(lookups: { name: string; doc: any }[]): string {
  const out = [BANNER, ''];
  for (const { doc } of lookups) {
    if (doc.large) continue;
    const T = pascal(doc.name);
    const C = screaming(doc.name);
    out.push(`/** ${doc.title} */`);
    out.push(`export const ${C} = ${JSON.stringify(doc.items, null, 2)} as const;`);
    out.push(`export type ${T} = ${doc.items.map((i: any) => lit(i.value)).join(' | ')};`);
    const keyed = doc.items.filter((i: any) => typeof i.key === 'string');
    if (keyed.length) out.push(`export const ${T} = { ${keyed.map((i: any) => `${i.key}: ${lit(i.value)}`).join(', ')} } as const;`);
    out.push('');
  }
  out.push(`export const LOOKUP_NAMES = ${lit(lookups.map((l) => l.doc.name))} as const;`);
  out.push('export type LookupName = (typeof LOOKUP_NAMES)[number];', '');
  return out.join('\n');
}

function keysFile(constName: string, typeName: string, values: string[], doc: string): string {
  return [BANNER, '', `/** ${doc} */`, `export const ${constName} = ${JSON.stringify(values, null, 2)} as const;`, `export type ${typeName} = (typeof ${constName})[number];`, ''].join('\n');
}

function menuKeys(items: any[]): string[] {
  return items.flatMap((i) => [i.key, ...menuKeys(i.children ?? [])]);
}

function menuIcons(items: any[]): string[] {
  return items.flatMap((i) => [i.icon, ...menuIcons(i.children ?? [])]);
}

/** The icons the menus name, imported one by one so the bundle holds only these. */
function menuIconsFile(icons: string[]): string {
  return [
    BANNER,
    "import type { ComponentType } from 'react';",
    `import { ${icons.join(', ')} } from '@ant-design/icons';`,
    '',
    `export const MENU_ICONS: Record<string, ComponentType> = { ${icons.join(', ')} };`,
    '',
  ].join('\n');
}

const COMPILE = { bannerComment: '', additionalProperties: false, style: { singleQuote: true, printWidth: 120 } } as const;

/**
 * The imports of a generated file: each lookup's union and each field group is declared once (generated/lookups.ts,
 * generated/fragments/) and named where a field uses it. A name the file declares itself is imported under an alias.
 */
class TypeImports {
  private lookupNames = new Map<string, string>();
  private fragmentNames = new Set<string>();
  constructor(private readonly lookups: Map<string, any>, private readonly own: string[], private readonly from: string) {}

  /** A field's type where it is a lookup's value: the lookup's type by name (and null when the field allows it). */
  lookup(p: any): string | undefined {
    const l = p.lookup ? this.lookups.get(p.lookup) : undefined;
    if (!l || l.large) return undefined;
    const T = pascal(l.name);
    const local = this.own.includes(T) ? `${T}Lookup` : T;
    this.lookupNames.set(T, local);
    const nullable = Array.isArray(p.type) && p.type.includes('null');
    return nullable ? `${local} | null` : local;
  }

  fragment(name: string): string {
    this.fragmentNames.add(name);
    return pascal(name);
  }

  lines(): string[] {
    const out: string[] = [];
    if (this.lookupNames.size) out.push(`import type { ${[...this.lookupNames].sort().map(([n, l]) => (n === l ? n : `${n} as ${l}`)).join(', ')} } from '${this.from}lookups.ts';`);
    for (const f of [...this.fragmentNames].sort()) out.push(`import type { ${pascal(f)} } from '${this.from}fragments/${f}.ts';`);
    return out;
  }
}

/** JSON Schema properties for the type compiler: a lookup field becomes its lookup's type, the form's keys go. */
function typedProperties(properties: Record<string, any>, imports: TypeImports): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [name, p] of Object.entries<any>(properties)) {
    const { lookup, relation, resource, widget, title, positive, nonNegative, ...rest } = p;
    const tsType = imports.lookup(p);
    out[name] = tsType ? { ...rest, tsType, description: title } : { ...rest, description: title };
  }
  return out;
}

/** A shared field group (schemas/fragments) as one interface, extended by the resources that include it. */
async function fragmentType(fragment: any, lookups: Map<string, any>): Promise<string> {
  const T = pascal(fragment.name);
  const imports = new TypeImports(lookups, [T], '../');
  const schema = { title: T, type: 'object', properties: typedProperties(fragment.properties, imports), additionalProperties: false };
  const ts = await compile(schema as any, T, COMPILE);
  return [BANNER, ...imports.lines(), `/** Grupo de campos schemas/fragments/${fragment.name}.json: ${fragment.description ?? fragment.name} */`, ts.trim(), ''].join('\n');
}

/**
 * The record type of a resource: its own properties, extending the system fields (Registro) and the field
 * groups it includes (a field a group leaves optional and the resource requires is said again).
 */
async function resourceType(doc: any, raw: any, fragments: Map<string, any>, lookups: Map<string, any>): Promise<string> {
  const T = pascal(doc.name);
  const imports = new TypeImports(lookups, [T], '../');
  const groups = Object.entries<any>(raw.schema.properties).map(([, p]) => fragmentRef(p)).filter((f): f is string => f !== null);
  const inGroups = new Set(groups.flatMap((g) => Object.keys(fragments.get(g).properties)));
  const required: string[] = doc.schema.required ?? [];
  const own = Object.fromEntries(Object.entries<any>(doc.schema.properties).filter(([name]) => !inGroups.has(name) || required.includes(name)));
  const schema = { title: T, type: 'object', properties: typedProperties(own, imports), required, additionalProperties: false };
  const ts = (await compile(schema as any, T, COMPILE)).trim().replace(`export interface ${T} {`, `export interface ${T} extends ${['Registro', ...groups.map((g) => imports.fragment(g))].join(', ')} {`);
  return [BANNER, "import type { Registro } from '../registro.ts';", ...imports.lines(), `/** ${doc.singular}: registro de /api/${doc.endpoint} (schemas/resources/${doc.name}.json). */`, ts, ''].join('\n');
}

/** The system fields every record carries on read, extended by every resource's record type. */
const REGISTRO = [
  BANNER,
  '/** Campos de sistema de todo registro lido de um recurso. */',
  'export interface Registro {',
  '  /** Código do registro */',
  '  id: number;',
  '  /** Cadastrado em (ISO 8601) */',
  '  createdAt?: string;',
  '  /** Alterado em (ISO 8601) */',
  '  updatedAt?: string;',
  '}',
  '',
].join('\n');

/** Types of a business document (schemas/documents): its header, one line item and the record as read. */
async function businessDocumentTypes(doc: any, lookups: Map<string, any>): Promise<string> {
  const T = pascal(doc.name);
  const imports = new TypeImports(lookups, [T, `${T}Cabecalho`, `${T}Item`, `${T}Estado`, `${T}Transicao`], '../');
  const header = { title: `${T}Cabecalho`, type: 'object', properties: typedProperties(doc.header.properties, imports), required: doc.header.required ?? [], additionalProperties: false };
  const item = { title: `${T}Item`, type: 'object', properties: typedProperties(doc.items.properties, imports), required: doc.items.required ?? [], additionalProperties: false };
  const states = doc.states.map((st: any) => lit(st.key)).join(' | ');
  const headerTs = (await compile(header as any, `${T}Cabecalho`, COMPILE)).trim();
  const itemTs = (await compile(item as any, `${T}Item`, COMPILE)).trim();
  return [
    BANNER,
    ...imports.lines(),
    `/** ${doc.singular}: /api/${doc.endpoint} (schemas/documents/${doc.name}.json). */`,
    headerTs,
    itemTs,
    `export type ${T}Estado = ${states};`,
    `export type ${T}Transicao = ${doc.transitions.map((t: any) => lit(t.name)).join(' | ')};`,
    `/** The document as GET /api/${doc.endpoint}/{id} answers. */`,
    `export interface ${T} extends ${T}Cabecalho {`,
    '  id: number;',
    '  numero: number;',
    `  estado: ${T}Estado;`,
    '  filialId: number;',
    '  usuarioId: number | null;',
    '  createdAt: string;',
    '  updatedAt: string;',
    `  itens: (${T}Item & { linha: number })[];`,
    `  transicoes: ${T}Transicao[];`,
    '}',
    '',
  ].join('\n');
}

/**
 * A reference into another meta-schema compiled earlier into the same file becomes that definition's type by its
 * title (json-schema-to-typescript would otherwise declare it a second time).
 */
async function refsToEarlierTypes(node: any): Promise<any> {
  if (Array.isArray(node)) return Promise.all(node.map(refsToEarlierTypes));
  if (!node || typeof node !== 'object') return node;
  const ref = typeof node.$ref === 'string' ? /^([a-z-]+\.schema\.json)#\/(.+)$/.exec(node.$ref) : null;
  if (ref) {
    const target = ref[2].split('/').reduce((n: any, k) => n?.[k], await readJson(path.join(SCHEMAS, 'meta', ref[1])));
    if (!target?.title) throw new Error(`${node.$ref}: a definition shared between meta-schemas needs a title`);
    return { tsType: target.title };
  }
  return Object.fromEntries(await Promise.all(Object.entries(node).map(async ([k, v]) => [k, await refsToEarlierTypes(v)])));
}

/** The document types (ResourceDoc, LookupDoc, DocumentDoc, MenuDocument) from their meta-schemas, used by server and web alike. */
async function documentTypes(): Promise<string> {
  const out = [BANNER, ''];
  for (const meta of ['resource', 'lookup', 'document', 'lifecycle', 'menu', 'report']) {
    const schema = await refsToEarlierTypes(await readJson(path.join(SCHEMAS, 'meta', `${meta}.schema.json`)));
    delete schema.$id;
    const ts = await compile(schema, schema.title, { bannerComment: '', declareExternallyReferenced: true, ignoreMinAndMaxItems: true, style: { singleQuote: true, printWidth: 120 } });
    out.push(`// schemas/meta/${meta}.schema.json`, ts.trim(), '');
  }
  return out.join('\n');
}

export async function generate(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  files.set('schema-types.ts', await documentTypes());
  const lookups = await docs('lookups');
  const lookupMap = new Map(lookups.map((l) => [l.doc.name, l.doc]));
  files.set('lookups.ts', lookupsFile(lookups));

  const perms = await readJson(path.join(SCHEMAS, 'permissions/permissions.json'));
  files.set('permissions.ts', [
    keysFile('PERMISSION_KEYS', 'PermissionKey', loadPermissionKeys(SCHEMAS).map((k) => k.key), 'Chaves de permissão (SPEC 6) e as que os documentos de negócio declaram.').trimEnd(),
    `export const PERMISSION_LEVELS = ${JSON.stringify(perms.levels, null, 2)} as const;`,
    `export const PermissionLevel = { ${perms.levels.map((l: any) => `${l.key}: ${l.value}`).join(', ')} } as const;`,
    '',
  ].join('\n'));

  const menus = await docs('menus');
  const placed = loadMenus(SCHEMAS);
  const keys = menus.flatMap((m) => menuKeys(placed[m.doc.name as keyof typeof placed]));
  files.set('menus.ts', [
    keysFile('MENU_KEYS', 'MenuKey', keys, 'Chaves dos itens de menu (SPEC 2.6–2.8, 6).').trimEnd(),
    `export const MENU_NAMES = ${lit(menus.map((m) => m.doc.name))} as const;`,
    '',
  ].join('\n'));
  files.set('menu-icons.ts', menuIconsFile([...new Set(menus.flatMap((m) => menuIcons(placed[m.doc.name as keyof typeof placed])))].sort()));

  const resources = readResources(SCHEMAS).map(({ doc }) => ({ doc }));
  const routes = [...new Set(loadRoutes(SCHEMAS).map((r) => r.path))].sort();
  files.set('routes.ts', keysFile('ROUTES', 'RoutePath', routes, 'Todas as rotas (hash) do produto: schemas/routes e as derivadas dos documentos de recurso e de negócio.'));

  // Each list screen's first page (endpoint and filter), built by the grid's own function: the web's entry sends
  // it on a cold start before the app and the documents have loaded (src/web/app/preload.ts).
  const firstPages = Object.fromEntries(readResources(SCHEMAS).map(({ doc }) => [doc.route, [doc.endpoint, firstPageFilter(doc)]]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  files.set('first-pages.ts', [
    BANNER,
    '',
    '/** A primeira página de cada lista (rota -> [endpoint, filtro]), como a grade a pede sem busca, filtro, ordem ou página na URL. */',
    'export const FIRST_PAGES: Record<string, readonly [endpoint: string, filter: Record<string, unknown>]> = {',
    ...Object.entries(firstPages).map(([route, page]) => `  ${JSON.stringify(route)}: ${JSON.stringify(page)},`),
    '};',
    '',
  ].join('\n'));

  files.set('registro.ts', REGISTRO);
  const fragments = await docs('fragments');
  const fragmentMap = new Map(fragments.map((f) => [f.doc.name, f.doc]));
  for (const { doc } of fragments) files.set(`fragments/${doc.name}.ts`, await fragmentType(doc, lookupMap));
  const rawResources = new Map((await docs('resources')).map((r) => [r.doc.name, r.doc]));

  const index = [BANNER, ''];
  for (const { doc } of resources) {
    files.set(`resources/${doc.name}.ts`, await resourceType(doc, rawResources.get(doc.name), fragmentMap, lookupMap));
    index.push(`export type { ${pascal(doc.name)} } from './${doc.name}.ts';`);
  }
  index.push('', `export const RESOURCES = ${JSON.stringify(Object.fromEntries(resources.map(({ doc }) => [doc.name, { endpoint: doc.endpoint, route: doc.route, permission: doc.permission, ...(doc.readOnly ? { readOnly: true } : {}), ...(doc.copy ? { copy: true } : {}) }])), null, 2)} as const;`);
  index.push('export type ResourceName = keyof typeof RESOURCES;', '');
  files.set('resources/index.ts', index.join('\n'));

  const documents = await docs('documents');
  const docIndex = [BANNER, ''];
  for (const { doc } of documents) {
    files.set(`documents/${doc.name}.ts`, await businessDocumentTypes(doc, lookupMap));
    docIndex.push(`export type { ${pascal(doc.name)}, ${pascal(doc.name)}Cabecalho, ${pascal(doc.name)}Item } from './${doc.name}.ts';`);
  }
  docIndex.push('', `export const DOCUMENTS = ${JSON.stringify(Object.fromEntries(documents.map(({ doc }) => [doc.name, { endpoint: doc.endpoint, route: doc.route, permission: doc.permission, transitions: doc.transitions.map((t: any) => t.name) }])), null, 2)} as const;`);
  docIndex.push('export type DocumentName = keyof typeof DOCUMENTS;', '');
  files.set('documents/index.ts', docIndex.join('\n'));
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  const files = await generate();
  const drifted: string[] = [];
  const existing = new Set<string>();
  for (const sub of ['', 'resources/', 'documents/', 'fragments/']) {
    for (const f of await readdir(path.join(OUT, sub)).catch(() => [] as string[])) if (f.endsWith('.ts')) existing.add(sub + f);
  }
  for (const [rel, content] of files) {
    const file = path.join(OUT, rel);
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current !== content) {
      drifted.push(rel);
      if (!check) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, content);
      }
    }
    existing.delete(rel);
  }
  for (const stale of existing) {
    drifted.push(`${stale} (sobra)`);
    if (!check) await rm(path.join(OUT, stale));
  }
  drifted.push(...(await codegenFiscal(check)));
  if (check && drifted.length) {
    console.error(`generated/ difere de uma geração nova: ${drifted.join(', ')}. Rode npm run codegen e faça commit.`);
    process.exit(1);
  }
  console.log(check ? 'generated/ em dia.' : drifted.length ? `gerados: ${drifted.join(', ')}` : 'nada mudou.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
