import { cnpjWithDigits, cpfWithDigits } from '../../src/shared/documents.ts';
import { loadLookups } from '../../src/server/schemas/documents.ts';
import type { PropertySchema, ResourceDoc } from '../../src/server/resources/resource-doc.ts';

let counter = 0;
const next = () => ++counter + Math.floor(Math.random() * 1e6);

/** Values for the patterns our documents use; a new pattern fails loudly here so the test is extended. */
const BY_PATTERN: Record<string, (n: number) => string> = {
  '^(ISENTO|[0-9]{2,14})$': (n) => String(100000 + (n % 899999)),
  '^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$': (n) => `ABC${n % 10}D${String(n % 100).padStart(2, '0')}`,
  '^[A-Z0-9]+$': (n) => `T${(n % 46655).toString(36).toUpperCase()}`,
  // configuracaoBoleto (bank fields): four digits and a two-character carteira fit every size of the first bank (BB)
  '^\\d+$': (n) => String(1000 + (n % 9000)),
  '^[0-9Xx]$': (n) => String(n % 10),
  '^[0-9XxPp]$': (n) => String(n % 10),
  '^[0-9A-Za-z]+$': (n) => String(10 + (n % 90)),
};

/** A valid value for one property of a resource document, different on every call where it can be. */
export function sampleValue(name: string, p: PropertySchema): unknown {
  const n = next();
  const lookups = loadLookups();
  const types = (Array.isArray(p.type) ? p.type : [p.type]).filter((t) => t !== 'null');
  if (p.lookup === 'municipio') return 3550308;
  if (p.lookup) return lookups.get(p.lookup)!.items[0].value;
  if (p.relation) return null;
  if (p.enum) return p.enum.find((v) => v !== null);
  if (types[0] === 'boolean') return true;
  if (types[0] === 'object') return { 'app.cliente': 1 + (n % 4) };
  if (types[0] === 'array') return Array.from({ length: Number(p.minItems ?? 0) }, (_, i) => `Valor ${n}-${i}`);
  if (types[0] === 'integer') return Math.max(Number(p.minimum ?? 1), 1);
  if (types[0] === 'number') return 1;
  switch (p.format) {
    case 'cpf':
      return cpfWithDigits(String(100000000 + (n % 899999999)));
    case 'cnpj':
      return cnpjWithDigits(String(10000000 + (n % 89999999)) + '0001');
    case 'cpfCnpj':
      return n % 2 ? cpfWithDigits(String(100000000 + (n % 899999999))) : cnpjWithDigits(String(10000000 + (n % 89999999)) + '0001');
    case 'email':
      return `teste${n}@exemplo.com.br`;
    case 'phone':
      return '11987654321';
    case 'cep':
      return '01310100';
    case 'money':
      return '1234.56';
    case 'quantity':
      return '2.5000';
    case 'percent':
      return '3.25';
    case 'date':
      return '1990-05-17';
    case 'ncm':
      return '22021000';
    case 'gtin':
      return '7891000315507';
    case 'cest':
      return '0300700';
  }
  if (typeof p.pattern === 'string') {
    const gen = BY_PATTERN[p.pattern];
    if (!gen) throw new Error(`sem gerador de exemplo para o padrão ${p.pattern} (${name})`);
    return gen(n);
  }
  const max = Number(p.maxLength ?? 40);
  return `Teste ${name} ${n}`.slice(0, max);
}

/**
 * The documents a table-driven CRUD suite can run alone: not the read-only ones (histories) nor those whose
 * records need a parent record first (an embalagem's product); those have suites of their own
 * (tests/api/estoque-complementos.test.ts).
 */
export function standaloneCrudDocs(docs: ResourceDoc[]): ResourceDoc[] {
  return docs.filter((d) => !d.readOnly && !(d.schema.required ?? []).some((f) => d.schema.properties[f]?.relation));
}

/** A complete valid body for a resource: every writable property filled. */
export function sampleBody(doc: ResourceDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(doc.schema.properties)) {
    if (p.readOnly || name === doc.hierarchy?.as) continue;
    out[name] = sampleValue(name, p);
  }
  return out;
}

/** A body the schema must refuse: a required field missing and a too-long string. */
export function invalidBody(doc: ResourceDoc): Record<string, unknown> {
  const body = sampleBody(doc);
  const req = doc.schema.required ?? [];
  if (req.length) delete body[req[0]];
  return body;
}
