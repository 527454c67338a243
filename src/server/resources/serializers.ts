import fastJson from 'fast-json-stringify';
import type { Filter } from '../../shared/filter.ts';
import type { Queryable } from '../db/db.ts';
import { parseFields } from './filter-sql.ts';
import type { ResourceDef } from './registry.ts';

type Row = Record<string, unknown>;
type Schema = Record<string, unknown>;

/**
 * The JSON schema of a column's value as the database layer gives it (db/postgres.ts, db/pglite.ts), by its
 * PostgreSQL type: integers and booleans as themselves; text, dates, timestamps and numeric as strings (the
 * layer keeps numeric as its text, money never a float). Any other type (floats, json, arrays) is left to
 * JSON.stringify ({}), so its text is what it was.
 */
function valueSchema(oid: number | undefined): Schema {
  switch (oid) {
    case 16: // boolean
      return { type: ['boolean', 'null'] };
    case 20: // bigint (a Number after the layer's parser)
    case 21: // smallint
    case 23: // integer
      return { type: ['integer', 'null'] };
    case 25: // text
    case 1042: // character
    case 1043: // character varying
    case 1082: // date
    case 1114: // timestamp
    case 1184: // timestamp with time zone
    case 1700: // numeric
      return { type: ['string', 'null'] };
    default:
      return {};
  }
}

/** Columns' types (OIDs) by table, read from the catalogue once per table: the same in every tenant. */
async function columnTypes(db: Queryable, table: string): Promise<Map<string, number>> {
  const r = await db.query<{ name: string; oid: number }>(
    `SELECT attname AS name, atttypid::integer AS oid FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return new Map(r.rows.map((c) => [c.name, c.oid]));
}

/** Serialisers kept per resource: one per field list the clients ask for (a grid asks for its columns). */
const KEPT_PER_RESOURCE = 32;

/**
 * Serialisers of the generic API's answers (resources/routes.ts), compiled by fast-json-stringify from the
 * resource's columns: they write the same text as JSON.stringify of the same rows (the same keys, in the same
 * order, the same values), in about 60% of its time on a 50-row list (serialising was the largest single share
 * of the API's CPU in a profile of bench:api after the socket writes). Built when a resource's list or record
 * is first asked for, not when the server starts (each compile takes milliseconds; there are dozens of
 * resources). Keys the columns do not give (a hierarchy chain, included relations) come after the columns,
 * as decorate() adds them, written by JSON.stringify.
 */
export class ResourceSerializers {
  private readonly types = new Map<string, Promise<Map<string, number>>>();
  private readonly compiled = new Map<ResourceDef, Map<string, (row: Row) => string>>();

  constructor(private readonly db: Queryable) {}

  /**
   * The serialiser of a list answer (an array of rows) for this filter, after list() accepted the filter: the
   * record's serialiser over each row, as JSON.stringify writes an array.
   */
  async list(def: ResourceDef, filter: Filter): Promise<(rows: Row[]) => string> {
    const record = await this.record(def, filter);
    return (rows) => {
      let out = '[';
      for (let i = 0; i < rows.length; i++) out += (i ? ',' : '') + record(rows[i]);
      return out + ']';
    };
  }

  /** The serialiser of one record (a row), as read by list(), findById() or findOne with this filter. */
  async record(def: ResourceDef, filter: Filter): Promise<(row: Row) => string> {
    // The row's keys in list()'s order: the columns as selected, id first when it was added only for
    // decorate() and kept because relations were included (ResourceService.decorate).
    const names = parseFields(def, filter.fields).filter((f) => !f.virtual).map((f) => f.name);
    if (!names.includes('id') && filter.include) names.unshift('id');
    const key = names.join(',');
    let kept = this.compiled.get(def);
    const hit = kept?.get(key);
    if (hit) return hit;
    const types = await this.columnTypesOf(def.table);
    const properties: Record<string, Schema> = {};
    for (const name of names) properties[name] = valueSchema(types.get(def.fields.get(name)!.column));
    const fn = fastJson({ type: 'object', properties, additionalProperties: true }) as (row: Row) => string;
    if (!kept) this.compiled.set(def, (kept = new Map()));
    if (kept.size >= KEPT_PER_RESOURCE) kept.clear();
    kept.set(key, fn);
    return fn;
  }

  private columnTypesOf(table: string): Promise<Map<string, number>> {
    let types = this.types.get(table);
    if (!types) {
      types = columnTypes(this.db, table);
      types.catch(() => this.types.delete(table)); // tried again on the next request
      this.types.set(table, types);
    }
    return types;
  }
}
