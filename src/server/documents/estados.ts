import type { DocumentDoc, DocumentState, DocumentTransition, LifecycleDoc } from '../../../generated/schema-types.ts';
import { readDocuments, SCHEMAS_DIR } from '../catalog/documents.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { quoteIdent } from '../resources/filter-sql.ts';

type Row = Record<string, any>;
/** Who runs a transition: the account, the person (recorded), the selected branch (for branch records). */
export type CtxEstado = { tenantId: number; userId?: number | null; branchId?: number | null };

type Armazenado = { column: string; values: Record<string, string | boolean | number>; touch?: string; mirror?: { table: string; foreignKey: string; column: string } };

/**
 * A state machine as the transition function reads it: a business document's (table documentos, audit in
 * documento_eventos) or a lifecycle's of schemas/lifecycles (its own table, audit in estado_eventos).
 */
export interface MaquinaDeEstados {
  name: string;
  singular: string;
  genero?: 'm' | 'f';
  states: DocumentState[];
  transitions: Map<string, DocumentTransition>;
  table: string;
  scope: Record<string, string>;
  branchColumn?: string;
  /** false: the record's row is not locked (an append-only ledger row); the service locks what serializes it. */
  lock: boolean;
  state: Armazenado | { derived: string };
  eventos: 'documento_eventos' | 'estado_eventos';
}

/** The states a transition may lead to (one, or those its posting chooses from). */
export const destinos = (t: DocumentTransition): string[] => (Array.isArray(t.to) ? t.to : [t.to]);

/** Server-only transitions (compensating, or fired by another document): never offered, no route. */
export const interna = (t: DocumentTransition): boolean => Boolean(t.compensa || t.firedBy);

const porDoc = new WeakMap<object, MaquinaDeEstados>();
type Onde = Pick<MaquinaDeEstados, 'table' | 'scope' | 'branchColumn' | 'lock' | 'state' | 'eventos'>;

/** One machine per declaring JSON document, built once: its states and transitions, and where its records live. */
function montar(doc: Pick<DocumentDoc, 'name' | 'singular' | 'genero' | 'states' | 'transitions'>, onde: () => Onde): MaquinaDeEstados {
  let m = porDoc.get(doc);
  if (!m) {
    m = { name: doc.name, singular: doc.singular, genero: doc.genero, states: doc.states, transitions: new Map(doc.transitions.map((t) => [t.name, t])), ...onde() };
    porDoc.set(doc, m);
  }
  return m;
}

/** The machine of a business document type (schemas/documents): its states in documentos.estado. */
export const maquinaDoDocumento = (doc: DocumentDoc): MaquinaDeEstados =>
  montar(doc, () => ({
    table: 'documentos',
    scope: { tipo: doc.name },
    branchColumn: 'filial_id',
    lock: true,
    state: { column: 'estado', values: Object.fromEntries(doc.states.map((s) => [s.key, s.key])), touch: 'updated_at' },
    eventos: 'documento_eventos',
  }));

/** The machine of a record with a table of its own (schemas/lifecycles/<name>.json). */
export const maquinaDeRegistro = (doc: LifecycleDoc): MaquinaDeEstados =>
  montar(doc, () => ({ table: doc.table, scope: doc.scope ?? {}, branchColumn: doc.branchColumn, lock: doc.lock !== false, state: doc.state as MaquinaDeEstados['state'], eventos: 'estado_eventos' }));

let catalogo: Map<string, MaquinaDeEstados> | null = null;

/** A declared machine by name: a lifecycle of schemas/lifecycles or a business document of schemas/documents. */
export function maquina(name: string): MaquinaDeEstados {
  if (!catalogo) {
    catalogo = new Map();
    for (const { doc } of readDocuments<DocumentDoc>('documents', SCHEMAS_DIR)) catalogo.set(doc.name, maquinaDoDocumento(doc));
    for (const { doc } of readDocuments<LifecycleDoc>('lifecycles', SCHEMAS_DIR)) catalogo.set(doc.name, maquinaDeRegistro(doc));
  }
  const m = catalogo.get(name);
  if (!m) throw new Error(`máquina de estados '${name}' não declarada (schemas/lifecycles ou schemas/documents)`);
  return m;
}

export const rotuloEstado = (m: MaquinaDeEstados, estado: string): string => m.states.find((s) => s.key === estado)?.label.toLowerCase() ?? estado;

/** Whether the machine declares `transicao` from `estado`. */
export function permite(m: MaquinaDeEstados, transicao: string, estado: string): boolean {
  return Boolean(m.transitions.get(transicao)?.from.includes(estado));
}

/**
 * What a transition answers when attempted from a state it does not leave: the refusal the JSON declares for that
 * state (`{campo}` is the record's field), else 409 'Não é possível <ação>: <documento> <número> já está <estado>.'
 */
export function recusa(m: MaquinaDeEstados, t: DocumentTransition, estado: string, registro: Row): HttpError {
  const r = t.refusals?.[estado];
  if (r) {
    const message = r.message.replace(/\{(\w+)\}/g, (_, c: string) => String(registro[c] ?? ''));
    return r.status === 400 ? badRequest(message) : new HttpError(409, message);
  }
  const st = rotuloEstado(m, estado);
  return new HttpError(409, `Não é possível ${t.label.toLowerCase()}: ${m.singular.toLowerCase()} ${registro.numero ?? registro.id} já está ${st}.`, [{ campo: 'estado', mensagem: st }]);
}

/** The declared transition `nome` from `estado`, or its refusal. A name the machine does not declare is a programming error. */
export function exigir(m: MaquinaDeEstados, nome: string, estado: string, registro: Row): DocumentTransition {
  const t = m.transitions.get(nome);
  if (!t) throw new Error(`${m.name}: a transição '${nome}' não está declarada`);
  if (!t.from.includes(estado)) throw recusa(m, t, estado, registro);
  return t;
}

/** A record and its state (locked, by default, until the transaction ends); 404 in Portuguese when it is not there. */
export async function carregarEstado(q: Queryable, ctx: CtxEstado, m: MaquinaDeEstados, id: number, forUpdate = true): Promise<{ registro: Row; estado: string }> {
  const params: unknown[] = [ctx.tenantId, id];
  const conds = ['r.tenant_id = $1', 'r.id = $2'];
  for (const [col, v] of Object.entries(m.scope)) {
    params.push(v);
    conds.push(`r.${quoteIdent(col)} = $${params.length}`);
  }
  if (m.branchColumn) {
    if (!ctx.branchId) throw badRequest('Selecione uma filial para trabalhar com documentos.');
    params.push(ctx.branchId);
    conds.push(`r.${quoteIdent(m.branchColumn)} = $${params.length}`);
  }
  const expr = 'derived' in m.state ? `(${m.state.derived})` : `r.${quoteIdent(m.state.column)}`;
  const r = await q.query<Row>(`SELECT r.*, ${expr} AS "__estado" FROM ${quoteIdent(m.table)} r WHERE ${conds.join(' AND ')}${forUpdate && m.lock ? ' FOR UPDATE OF r' : ''}`, params);
  const row = r.rows[0];
  if (!row) throw notFound(`${m.singular} não encontrad${m.genero === 'f' ? 'a' : 'o'}.`);
  const { __estado: bruto, ...registro } = row;
  let estado = String(bruto);
  if ('values' in m.state) {
    const achado = Object.entries(m.state.values).find(([, v]) => v === bruto || String(v) === String(bruto));
    if (!achado) throw new Error(`${m.name} ${id}: valor de estado ${String(bruto)} não declarado`);
    estado = achado[0];
  }
  return { registro, estado };
}

/** A value written as SQL `now()` (the database's clock, as `touch`) in the columns written with a state. */
export const AGORA: unique symbol = Symbol('now()');
/** Other columns of the record written in the same statement as its state (a CHECK that ties them to the state holds). */
export type Colunas = Record<string, unknown>;

/**
 * The one place a declared state is written: the state column (and its mirror) of a stored state — with the record's
 * other `colunas` in the same UPDATE —, nothing for a derived one (its postings made it so), and the audit row: which
 * transition, from which state to which, who, when.
 */
export async function gravarEstado(q: Queryable, ctx: CtxEstado, m: MaquinaDeEstados, id: number, transicao: string, de: string | null, para: string, colunas: Colunas = {}): Promise<void> {
  if ('values' in m.state) {
    if (!(para in m.state.values)) throw new Error(`${m.name}: o estado '${para}' não está declarado`);
    const v = m.state.values[para];
    if (de !== null) {
      const params: unknown[] = [ctx.tenantId, id, v];
      const sets = [`${quoteIdent(m.state.column)} = $3`];
      if (m.state.touch && !(m.state.touch in colunas)) sets.push(`${quoteIdent(m.state.touch)} = now()`);
      for (const [col, valor] of Object.entries(colunas)) {
        if (col === m.state.column) throw new Error(`${m.name}: a coluna do estado é escrita só pela transição`);
        if (valor === AGORA) sets.push(`${quoteIdent(col)} = now()`);
        else {
          params.push(valor);
          sets.push(`${quoteIdent(col)} = $${params.length}`);
        }
      }
      await q.query(`UPDATE ${quoteIdent(m.table)} SET ${sets.join(', ')} WHERE tenant_id = $1 AND id = $2`, params);
      const mi = m.state.mirror;
      if (mi) await q.query(`UPDATE ${quoteIdent(mi.table)} SET ${quoteIdent(mi.column)} = $3 WHERE tenant_id = $1 AND ${quoteIdent(mi.foreignKey)} = $2`, [ctx.tenantId, id, v]);
    }
  } else if (Object.keys(colunas).length) throw new Error(`${m.name}: um estado derivado não escreve colunas`);
  if (m.eventos === 'documento_eventos') {
    await q.query('INSERT INTO documento_eventos (tenant_id, documento_id, transicao, de, para, usuario_id) VALUES ($1, $2, $3, $4, $5, $6)', [ctx.tenantId, id, transicao, de, para, ctx.userId ?? null]);
  } else {
    await q.query('INSERT INTO estado_eventos (tenant_id, tipo, registro_id, transicao, de, para, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [ctx.tenantId, m.name, id, transicao, de, para, ctx.userId ?? null]);
  }
}

/** One move of a batch (a bank's retorno): the record, the declared transition, the state it leaves and the one it reaches. */
export interface MudancaEmLote {
  id: number;
  transicao: string;
  de: string;
  para: string;
  /** the record's fields for the refusal's `{campo}` (numero…) */
  registro?: Row;
}

/**
 * Checks a batch of moves against the machine before a set-based write (thousands of rows: no row-by-row transitar):
 * each transition declared from the state it leaves and leading to the state it reaches — the JSON's refusal
 * otherwise. The caller writes the states (and their columns) in one statement and then `registrarEventosEmLote`.
 */
export function conferirLote(m: MaquinaDeEstados, mudancas: MudancaEmLote[]): void {
  for (const mu of mudancas) {
    const t = exigir(m, mu.transicao, mu.de, mu.registro ?? { id: mu.id });
    if (!destinos(t).includes(mu.para)) throw new Error(`${m.name}: a transição ${t.name} não leva a '${mu.para}' (declarado: ${destinos(t).join(', ')})`);
  }
}

/** The audit rows of a batch already checked by `conferirLote` and written: one INSERT, in the batch's order. */
export async function registrarEventosEmLote(q: Queryable, ctx: CtxEstado, m: MaquinaDeEstados, mudancas: MudancaEmLote[]): Promise<void> {
  if (!mudancas.length) return;
  if (m.eventos !== 'estado_eventos') throw new Error(`${m.name}: lote só para registros com tabela própria`);
  await q.query(
    `INSERT INTO estado_eventos (tenant_id, tipo, registro_id, transicao, de, para, usuario_id)
     SELECT $1, $2, v.id, v.transicao, v.de, v.para, $7 FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS v(id, transicao, de, para, ord) ORDER BY v.ord`,
    [ctx.tenantId, m.name, mudancas.map((x) => x.id), mudancas.map((x) => x.transicao), mudancas.map((x) => x.de), mudancas.map((x) => x.para), ctx.userId ?? null],
  );
}

/** The state a transition ends in: its `to`, or the one of its `to` list its posting chose; anything else is a programming error. */
export function destinoEscolhido(m: MaquinaDeEstados, t: DocumentTransition, escolhido: string | void | undefined): string {
  const lista = destinos(t);
  if (escolhido === undefined || escolhido === null) {
    if (lista.length > 1) throw new Error(`${m.name}: a transição ${t.name} tem vários destinos e o lançamento não escolheu um`);
    return lista[0];
  }
  if (!lista.includes(escolhido)) throw new Error(`${m.name}: a transição ${t.name} não leva a '${escolhido}' (declarado: ${lista.join(', ')})`);
  return escolhido;
}

export interface Transitada {
  de: string;
  para: string;
  registro: Row;
}

/** What a posting returns: nothing (the transition's one destination), the destination chosen, or that and the columns written with the state. */
export type Escolha = string | void | undefined | { para?: string; colunas?: Colunas };

/**
 * Runs a declared transition of a record, in the caller's transaction: loads and locks the record, refuses a
 * transition not declared from its state (the JSON's message, nothing changed), runs the posting (which may choose
 * the destination among the declared ones), then writes the state — or, for a derived state, checks the posting left
 * the record in it — and records who and when. A multi-destination transition whose posting keeps the state changes
 * and records nothing. Permission is the caller's: a route checks its own key, a firing document had its own.
 * `opcoes.colunas` (and the posting's `colunas`) are the record's other columns written in the same UPDATE as the
 * state (`AGORA` for now()): what a CHECK ties to the state (an OFX line's movimento_id) moves with it.
 */
export async function transitar(
  q: Queryable,
  ctx: CtxEstado,
  m: MaquinaDeEstados,
  id: number,
  nome: string,
  posting?: (a: { registro: Row; de: string; transicao: DocumentTransition }) => Promise<Escolha>,
  opcoes: { colunas?: Colunas } = {},
): Promise<Transitada> {
  const { registro, estado } = await carregarEstado(q, ctx, m, id);
  const t = exigir(m, nome, estado, registro);
  const r = posting ? await posting({ registro, de: estado, transicao: t }) : undefined;
  const escolhido = r !== null && typeof r === 'object' ? r.para : r;
  const colunas = { ...opcoes.colunas, ...(r !== null && typeof r === 'object' ? r.colunas : undefined) };
  let para: string;
  if ('derived' in m.state) {
    const depois = (await carregarEstado(q, ctx, m, id, false)).estado;
    if (!destinos(t).includes(depois) || (escolhido !== undefined && escolhido !== depois)) throw new Error(`${m.name} ${id}: ${t.name} deixou o estado '${depois}' (declarado: ${destinos(t).join(', ')})`);
    para = depois;
  } else {
    para = destinoEscolhido(m, t, escolhido);
  }
  if (Array.isArray(t.to) && para === estado) return { de: estado, para, registro };
  await gravarEstado(q, ctx, m, id, t.name, estado, para, colunas);
  return { de: estado, para, registro };
}
