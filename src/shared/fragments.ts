/**
 * Shared field groups (schemas/fragments): a resource document includes one with the property
 * "$<name>": {"$ref": "../fragments/<name>.json"}, and its fields take that place, in order. The server's
 * loader, the codegen, schemas:check and the web's bundle all resolve through this one function.
 */
export interface FragmentFields {
  name: string;
  properties: Record<string, unknown>;
}

const FRAGMENT_REF = /^\.\.\/fragments\/([a-z][a-zA-Z0-9]*)\.json$/;

/** The fragment a property refers to, or null when it is a field of its own. */
export function fragmentRef(p: unknown): string | null {
  const ref = (p as { $ref?: unknown } | null)?.$ref;
  return typeof ref === 'string' ? (FRAGMENT_REF.exec(ref)?.[1] ?? null) : null;
}

/** The document with every fragment reference replaced by the fragment's fields (a new object; the input is kept). */
export function resolveFragments<D extends { name: string; schema: { properties: Record<string, any> } }>(doc: D, fragments: ReadonlyMap<string, FragmentFields>): D {
  const entries = Object.entries(doc.schema.properties);
  if (!entries.some(([, p]) => (p as { $ref?: unknown })?.$ref !== undefined)) return doc;
  const properties: Record<string, unknown> = {};
  for (const [key, p] of entries) {
    if ((p as { $ref?: unknown })?.$ref === undefined) {
      properties[key] = p;
      continue;
    }
    const name = fragmentRef(p);
    const fragment = name ? fragments.get(name) : undefined;
    if (!fragment || key !== `$${name}`) throw new Error(`${doc.name}.${key}: '${(p as { $ref: string }).$ref}' não é um grupo de campos de schemas/fragments sob a chave "$<nome>"`);
    for (const [field, fp] of Object.entries(fragment.properties)) {
      if (field in doc.schema.properties) throw new Error(`${doc.name}: o campo ${field} vem do grupo ${name} e também do documento`);
      properties[field] = fp;
    }
  }
  return { ...doc, schema: { ...doc.schema, properties } };
}
