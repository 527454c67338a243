/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */

// schemas/meta/resource.schema.json
/**
 * @minItems 1
 * @maxItems 4
 */
export type FormRow = string[];
export type Condition =
  | {
      all: Condition[];
    }
  | {
      any: Condition[];
    }
  | {
      field: string;
      eq?: unknown;
      neq?: unknown;
      in?: unknown[];
      filled?: boolean;
      empty?: boolean;
    };

/**
 * One document per entity: its fields (JSON Schema), table, API endpoint, permission key, routes, grid and form. Everything else is derived from it.
 */
export interface ResourceDoc {
  $schema?: string;
  /**
   * camelCase id, equal to the file name
   */
  name: string;
  /**
   * API path under /api/
   */
  endpoint: string;
  table: string;
  title: string;
  singular: string;
  /**
   * grammatical gender of the singular, for messages (salvo/salva)
   */
  genero?: 'm' | 'f';
  permission: string;
  module?: string;
  /**
   * list route; the form routes are route + /cadastrar, /editar/:id and /copiar/:id, guarded by the permission key (view for the list, change for the forms); schemas/routes does not repeat them
   */
  route: string;
  /**
   * offers /copiar/:id
   */
  copy?: boolean;
  /**
   * served read-only (histories, ledgers): no POST/PUT/PATCH/DELETE and no form routes
   */
  readOnly?: boolean;
  /**
   * The document's menu entry. By default: in the main menu's group of the document's module, at the end, key GROUP_LASTROUTESEGMENT, the document's title and permission, linking the list route. false: no entry. An object overrides the placement.
   */
  menu?: false | ResourceMenuPlacement;
  /**
   * field shown when another resource points at a record of this one
   */
  display?: string;
  /**
   * the resource's own logic: src/server/<module>/<file>.ts exporting validate, beforeWrite and afterWrite (src/server/resources/hooks.ts), called around every generic write in its transaction
   */
  hooks?: string;
  /**
   * the generic operations this resource allows (default: all). list and read are GET of the list, count, findOne and one record; create POST, replace PUT, patch PATCH, delete DELETE. The rest answer 405 and are left out of OpenAPI (a posted document is never changed by a generic PUT or DELETE).
   */
  verbs?: ('list' | 'read' | 'create' | 'replace' | 'patch' | 'delete')[];
  /**
   * fields the form recomputes as the person types (SPEC 5.8 pricing): field = formula(from, the percentage field of by typed last); a change of from reuses the last one, a value typed in field stays until from or a by field changes
   */
  derived?: DerivedField[];
  /**
   * fixed column values: every query filters on them and every write sets them (several resources sharing one table)
   */
  scope?: {
    [k: string]: string | number | boolean;
  };
  /**
   * a parent link; the record is displayed as the chain of labels joined by separator, root first
   */
  hierarchy?: {
    parent: string;
    label: string;
    as: string;
    separator?: string;
  };
  relations?: {
    [k: string]: Relation;
  };
  schema: {
    type: 'object';
    title?: string;
    required?: string[];
    properties: {
      [k: string]: PropertySchema;
    };
    /**
     * conditional rules over the fields (if/then), checked by the API and the form alike
     */
    allOf?: {
      [k: string]: unknown;
    }[];
    [k: string]: unknown;
  };
  /**
   * fields the quick search box looks in
   */
  search?: string[];
  list: {
    /**
     * @minItems 1
     */
    columns: ListColumn[];
    order?: string;
  };
  form: {
    sections: FormSection[];
  };
  rules?: FieldRule[];
  /**
   * fields a brand configuration may hide or make required for this resource
   */
  brandFields?: {
    hideable?: string[];
    requirable?: string[];
  };
  /**
   * field-level read permission (issue 41): each group of sensitive fields is read only by users the key passes (administrator and accountant always); for the others the fields are absent from every answer (list, findOne, record, writes, exports) and from the screens, a filter or order on them is refused, and a write keeps their stored values
   */
  readPermissions?: {
    key: string;
    /**
     * @minItems 1
     */
    fields: string[];
  }[];
  /**
   * unique field sets (enforced by the migration's unique keys, which lead with tenant_id)
   */
  unique?: string[][];
}
export interface ResourceMenuPlacement {
  menu?: 'main' | 'settings' | 'user' | 'admin';
  /**
   * key of the group the entry goes in
   */
  parent?: string;
  key?: string;
  title?: string;
  icon?: string;
  /**
   * key of the sibling the entry follows
   */
  after?: string;
  /**
   * key of the sibling the entry precedes
   */
  before?: string;
  contador?: boolean;
  destaque?: boolean;
  requires?: (
    | 'boletoConfig'
    | 'twoDepositos'
    | 'urlPdv'
    | 'masterOrAvanco'
    | 'isAvanco'
    | 'contractId'
    | 'billingIntegration'
    | 'notTrial'
    | 'notLongTrial'
    | 'planoModulos'
    | 'isContador'
  )[];
}
export interface DerivedField {
  /**
   * the field computed
   */
  field: string;
  /**
   * the base field (a cost)
   */
  from: string;
  /**
   * each field that, with from, gives field, and the shared formula (src/shared/formulas.ts) that computes it, in the order they are tried
   */
  by: {
    [k: string]: 'priceFromMargin' | 'priceFromMarkup';
  };
}
export interface Relation {
  type: 'belongsTo' | 'hasMany';
  resource: string;
  foreignKey: string;
  /**
   * fixed LoopBack conditions the form's select adds to its search of the related records (a despesa offers the despesa categories)
   */
  where?: {
    [k: string]: unknown;
  };
  /**
   * API path the form reads the related records from instead of the resource's own (a document's `choices` field: {endpoint}/opcoes/{field})
   */
  endpoint?: string;
}
/**
 * One field: JSON Schema keywords plus our annotations (lookup, relation, widget); or a reference to a shared field group.
 */
export interface PropertySchema {
  /**
   * a shared field group (schemas/fragments), under the property name "$<fragment name>"; its fields take this place
   */
  $ref?: string;
  title?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  /**
   * name of a document in schemas/lookups; its values become the enum
   */
  lookup?: string;
  /**
   * name of a belongsTo relation whose foreign key this field is
   */
  relation?: string;
  /**
   * a widget name of the field-type registry (src/shared/field-types.ts)
   */
  widget?: string;
  readOnly?: boolean;
  enum?: unknown[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /**
   * the Portuguese message when this field fails its schema (or a conditional rule's then), instead of the generic one; server and form alike
   */
  mensagem?: string;
  [k: string]: unknown;
}
export interface ListColumn {
  field: string;
  title?: string;
  /**
   * the column's minimum width (px); by default from the field's kind (src/web/renderer/column-fit.ts)
   */
  width?: number;
  /**
   * 1: essential, never dropped (by default the display field, money and status); 2: normal; 3: the first dropped when the columns do not fit the screen (shown again in the row's expansion and the column picker)
   */
  priority?: 1 | 2 | 3;
  filter?: boolean;
  sort?: boolean;
}
export interface FormSection {
  title: string;
  tab?: string;
  rows: FormRow[];
}
export interface FieldRule {
  when: Condition;
  hide?: string[];
  require?: string[];
  readOnly?: string[];
}

// schemas/meta/lookup.schema.json
/**
 * A fixed list of values (SPEC 3.2) in schemas/lookups/<name>.json. Codegen emits a union and constants for each list unless it is large; the server loads large lists into reference tables. Item values are unique and of the declared valueType (checked by schemas-check and the schema-docs tests).
 */
export type LookupDoc = {
  $schema: '../meta/lookup.schema.json';
  /**
   * Unique camelCase name; equals the file name without .json.
   */
  name: string;
  /**
   * Portuguese title.
   */
  title: string;
  description?: string;
  valueType: 'integer' | 'string' | 'number';
  /**
   * Where derived documents come from (scripts/derive-lookups.ts); do not edit those by hand.
   */
  source?: string;
  /**
   * Big reference list (municipalities, CFOP, NCM, CEST): no union type is generated; the server loads it into a table.
   */
  large?: boolean;
  /**
   * SQL table that holds the list.
   */
  table?: string;
  /**
   * Value assumed when a record has none (e.g. company regime: lucro real).
   */
  unsetValue?: string | number;
  /**
   * Grids show the value itself (a code such as 'BA') instead of its label ('Bahia'); forms and filters keep the label.
   */
  gridValue?: boolean;
  /**
   * An extra filter-only option meaning 'all values' (e.g. T on integral order statuses); not a storable value.
   */
  allOption?: {
    value: string | number;
    label: string;
  };
  /**
   * @minItems 1
   */
  items: LookupItem[];
};

/**
 * One value. Extra properties are allowed and carried to the generated constants (e.g. regimeDocumento, digital, versao400, codigo, uf, alias, valores).
 */
export interface LookupItem {
  value: string | number;
  /**
   * Portuguese label.
   */
  label: string;
  /**
   * SCREAMING_SNAKE constant name, when the SPEC gives one; unique within the list.
   */
  key?: string;
  /**
   * The item pre-selected in a form.
   */
  default?: boolean;
  /**
   * Colour of the value's tag in grids (an antd Tag colour); a list whose items carry it is a state the grid shows as coloured tags.
   */
  cor?:
    | 'default'
    | 'processing'
    | 'success'
    | 'warning'
    | 'error'
    | 'green'
    | 'red'
    | 'orange'
    | 'magenta'
    | 'gold'
    | 'blue'
    | 'volcano'
    | 'purple'
    | 'cyan'
    | 'geekblue'
    | 'lime';
  /**
   * Company regime -> document regime (lookup regimeDocumento).
   */
  regimeDocumento?: number;
  /**
   * Payment method: electronic means.
   */
  digital?: boolean;
  /**
   * Payment method: exists only from NF-e layout 4.00 on.
   */
  versao400?: boolean;
  /**
   * Permission level: shell name (none, view, change, full).
   */
  alias?: string;
  /**
   * Variation template: preset attribute values.
   */
  valores?: string[];
  [k: string]: unknown;
}

// schemas/meta/document.schema.json
/**
 * a field as in a resource document, plus the document's own checks
 */
export type DocumentPropertySchema = PropertySchema & {
  /**
   * name of a resource document: the value is the id of one of its records, checked on every save (unknown or another account's/branch's = 400)
   */
  resource?: string;
  /**
   * a quantity/money field that must be greater than zero
   */
  positive?: boolean;
  /**
   * a quantity/money field that may not be below zero
   */
  nonNegative?: boolean;
  /**
   * kept by the API for older callers (accepted, stored, answered) but drawn nowhere on the form or the read view: another field took its place on screen
   */
  apiOnly?: boolean;
  /**
   * an item field holding a variation (SKU) of the product in the item field named here: the line's cell lists that product's active SKUs from GET /api/{endpoint}/variacoes?produtoId= (the document's view permission), and choosing another product clears it
   */
  variacaoDe?: string;
  /**
   * a `resource` field (of the header or the items) whose records the form reads through the document's own API (GET /api/{endpoint}/opcoes/{field}[/{id}]) with the document's view permission: the id and display field of the records matching `where`, so a user who holds the document's key but not the related resource's fills it in without opening that resource's screen
   */
  choices?: {
    /**
     * fixed LoopBack conditions of the records offered (an order offers the active saída naturezas)
     */
    where?: {
      [k: string]: unknown;
    };
    /**
     * fields answered besides id and the display field (a lot's validade)
     */
    fields?: string[];
  };
  [k: string]: unknown;
};

/**
 * One document per business document type (acerto de estoque, transferência, pedido…): header and line-item JSON Schemas, per-branch numbering, states and the transitions between them with the permission level and the posting each runs. The lifecycle service (src/server/documents) serves every type from this; the type's module adds only its postings.
 */
export interface DocumentDoc {
  $schema?: string;
  /**
   * camelCase id, equal to the file name; also the document type stored with each record
   */
  name: string;
  /**
   * API path under /api/
   */
  endpoint: string;
  title: string;
  singular: string;
  genero?: 'm' | 'f';
  permission: string;
  module?: string;
  /**
   * The document's menu entry, placed as a resource's is (resource.schema.json): by default in the main menu's group of the document's module, at the end, key GROUP_LASTROUTESEGMENT, the document's title and permission, linking the list route. false: no entry. A document whose list route schemas/menus already links keeps that hand-written entry instead.
   */
  menu?: false | ResourceMenuPlacement;
  /**
   * The document declares its own permission key (titled as the document's singular, in its module, with levels): permissions.json does not list it. Off: the key must exist in permissions.json.
   */
  declaresPermission?: boolean;
  /**
   * How a ledger line this document posted names its origin ('Acerto nº 12' on a product's stock card); default: the singular.
   */
  ledgerLabel?: string;
  /**
   * list route; the form routes are route + /cadastrar and /editar/:id
   */
  route: string;
  /**
   * <module>/<file>: src/server/<module>/<file>.ts exports the postings (and an optional validar) of this type
   */
  service: string;
  /**
   * numbers are gap-free per branch and type
   */
  numbering?: {
    scope?: 'branch';
  };
  header: ObjectSchema;
  items: ObjectSchema & {
    minItems?: number;
    maxItems?: number;
    [k: string]: unknown;
  };
  /**
   * @minItems 1
   */
  states: DocumentState[];
  initial: string;
  transitions: DocumentTransition[];
  list: {
    columns: {
      field: string;
      title?: string;
      width?: number;
    }[];
    order?: string;
  };
  form: {
    rows: string[][];
  };
  itemColumns: {
    field: string;
    title?: string;
    /**
     * px; a column without one shares what is left (the main record: the product)
     */
    width?: number;
    /**
     * a read-only item field shown in small type under this cell (a line's promotion under its total)
     */
    below?: string;
    /**
     * shown only when each named header switch is as given (the Serviço column on a service order)
     */
    onlyIf?: {
      [k: string]: boolean;
    };
    /**
     * hidden when each named header switch is as given (product, variation and lot on a service order)
     */
    unless?: {
      [k: string]: boolean;
    };
  }[];
}
export interface ObjectSchema {
  type: 'object';
  title?: string;
  required?: string[];
  properties: {
    [k: string]: DocumentPropertySchema;
  };
  [k: string]: unknown;
}
export interface DocumentState {
  key: string;
  /**
   * the state's code in SPEC 3.2 when the type has one (statusPedido), answered as `status`
   */
  code?: number;
  label: string;
  color?: string;
  /**
   * header and items may be changed in this state (a draft)
   */
  editable?: boolean;
}
export interface DocumentTransition {
  /**
   * POST /api/{endpoint}/{id}/{name}
   */
  name: string;
  label: string;
  /**
   * @minItems 1
   */
  from: string[];
  /**
   * the state the transition leads to; a list when the posting chooses one of them (a purchase order received in part or in full), the lifecycle refusing any other
   */
  to: string | string[];
  level: 'view' | 'change' | 'full';
  /**
   * name of the function in the service module's postings run inside the transition's transaction
   */
  posting?: string;
  /**
   * question the screen asks before running it
   */
  confirm?: string;
  /**
   * one line the screen shows beside the button: what the transition does
   */
  description?: string;
  danger?: boolean;
  /**
   * the transition this one undoes when the outside world refused what it started (an NF-e rejected after faturar committed): run by the server only (never offered, no route), it returns the document to the state it had before that transition
   */
  compensa?: string;
  /**
   * the documents whose postings fire this transition (a purchase order's receber, fired by the entradas de nota linked to it): never offered, no route, no permission check of its own (the firing transition had one)
   *
   * @minItems 1
   */
  firedBy?: string[];
  /**
   * what the transition answers when attempted from a state it does not leave (key: that state); without one, 409 'Não é possível …: … já está …'. `{campo}` in the message is the record's field
   */
  refusals?: {
    [k: string]: {
      message: string;
      status?: 400 | 409;
    };
  };
}

// schemas/meta/lifecycle.schema.json
export type LifecycleStateStorage =
  | {
      column: string;
      /**
       * the column's value of each state
       */
      values: {
        [k: string]: string | boolean | number;
      };
      /**
       * a timestamp column set to now() with the state
       */
      touch?: string;
      /**
       * child rows that carry the same state as a flag of their own (a lançamento's parcelas), written with it
       */
      mirror?: {
        table: string;
        foreignKey: string;
        column: string;
      };
    }
  | {
      derived: string;
    };

/**
 * The states and transitions of a record kept in a table of its own (a lançamento, a baixa, the devolução side of an entrada de nota): the document lifecycle's declared extension (src/server/documents/estados.ts). The record's service runs each transition through the one transition function, which checks the transition is declared from the record's state, runs the service's posting, sets the state (a stored state) or checks what the posting left (a derived state) and records who moved it and when.
 */
export interface LifecycleDoc {
  $schema?: string;
  /**
   * equal to the file name; the `tipo` of its rows in estado_eventos
   */
  name: string;
  singular: string;
  genero?: 'm' | 'f';
  module?: string;
  description?: string;
  table: string;
  /**
   * fixed column values of the records (documentos: {"tipo": "entradaNota"})
   */
  scope?: {
    [k: string]: string;
  };
  /**
   * false: the transition does not lock the record's row (an append-only ledger row the application may not update, e.g. a baixa); the service locks what serializes it first (the baixa's parcela). Default true
   */
  lock?: boolean;
  /**
   * the records are the selected branch's only
   */
  branchColumn?: string;
  state: LifecycleStateStorage;
  /**
   * @minItems 1
   */
  states: DocumentState[];
  initial: string;
  transitions: DocumentTransition[];
}

// schemas/meta/menu.schema.json
/**
 * One of the four menus of SPEC 2.6-2.8 (schemas/menus/{main,settings,user,admin}.json). The menu filter of SPEC 6 walks these items: an item is hidden when the user lacks 'view' on its permission (perfilAdmin, suporteWhiteLabel and isContador pass every check), when its module is inactive in the brand, or when any of its 'requires' conditions fails; an accountant (isContador) sees only items flagged contador (a group flagged contador shows its flagged children); groups left without children are removed. Item keys are unique across all four menus; every link exists in routes.json; every permission exists in permissions.json.
 */
export interface MenuDocument {
  $schema: '../meta/menu.schema.json';
  name: 'main' | 'settings' | 'user' | 'admin';
  title?: string;
  /**
   * @minItems 1
   */
  items: MenuItem[];
}
export interface MenuItem {
  /**
   * Menu-item key (SPEC 6 naming: DASHBOARD, FINANCEIRO_*, VENDAS_*, ..., CONFIG_ADMINISTRADOR_*, USUARIO_*). Favourites store these keys.
   */
  key: string;
  /**
   * Portuguese label.
   */
  title: string;
  /**
   * Name of an @ant-design/icons component, e.g. DollarOutlined.
   */
  icon: string;
  /**
   * Route path from routes.json (no leading '/' or '#').
   */
  link?: string;
  /**
   * Permission key from permissions.json; the item needs 'view' on it.
   */
  permission?: string;
  /**
   * Brand module id (configWhiteLabel.modulos[].id); the item is hidden when that module is inactive.
   */
  module?: string;
  /**
   * Action id for items without a link, handled by the shell: modulosAdicionais, planos, areaCliente, politicaPrivacidade, termosUso (Assinatura); atualizarTransacoes, assistenteFiscal, downloadPdv (settings); abrirPdv (Vendas: the web PDV); trocarFilial, trocarConta (user: an accountant moves to another client account); excluirProdutos, excluirFilial (administrator).
   */
  action?: string;
  /**
   * Group open by default (Assinatura).
   */
  expanded?: boolean;
  /**
   * Visible to an accountant (isContador), who sees nothing else (SPEC 6). Not inherited: a child of a flagged group needs its own flag. The keys of flagged items (under flagged groups) are the only ones an accountant passes, in the menus, the route guard and the API.
   */
  contador?: boolean;
  /**
   * One of the six keys SPEC 6 marks for special behaviour (products, clients, issue invoice, boletos, expenses, revenues); what it does is not shown in the SPEC.
   */
  destaque?: boolean;
  /**
   * Every condition must hold for the item to show. boletoConfig: the branch has a boleto configuration. twoDepositos: at least 2 stock locations. urlPdv: the brand has a PDV download URL. masterOrAvanco: user is master or isAvanco. isAvanco: user is isAvanco. contractId: the branch has a contract id (filialSelecionadaObj.contratoId). billingIntegration: the brand has the billing-system integration. notTrial: the branch is not in trial. notLongTrial: not a trial with more than 999 days left. planoModulos: the brand provides plan modules. isContador: the user is an accountant (isContador).
   *
   * @minItems 1
   */
  requires?: (
    | 'boletoConfig'
    | 'twoDepositos'
    | 'urlPdv'
    | 'masterOrAvanco'
    | 'isAvanco'
    | 'contractId'
    | 'billingIntegration'
    | 'notTrial'
    | 'notLongTrial'
    | 'planoModulos'
    | 'isContador'
  )[];
  /**
   * @minItems 1
   */
  children?: MenuItem[];
}

// schemas/meta/report.schema.json
/**
 * A report that is not a resource grid (an aggregate, a ranking, a join over a ledger) in schemas/reports/<Name>.json: what clients call it, its title, who may run it and its columns. The module that owns the data registers the rows (its SQL) under the same name; the screen and the exported XLSX/PDF draw these columns, so they never differ.
 */
export interface ReportDoc {
  $schema: '../meta/report.schema.json';
  /**
   * What clients pass as `recurso` to POST /api/Relatorios/exportar (PascalCase, like a resource endpoint); equals the file name without .json.
   */
  name: string;
  /**
   * Portuguese title (the export's description and the PDF's heading).
   */
  title: string;
  /**
   * The server module (folder) that registers the report's rows.
   */
  module: string;
  /**
   * Any one of these keys (at the level given, or any level) lets the user run the report.
   *
   * @minItems 1
   */
  permissions: ReportPermission[];
  /**
   * The 403 message for a user without the permissions.
   */
  negado: string;
  /**
   * What the screen says when the report has no rows.
   */
  vazio?: string;
  /**
   * @minItems 1
   */
  columns: ReportColumnDoc[];
}
export interface ReportPermission {
  key: string;
  level?: 'view' | 'change' | 'full';
}
export interface ReportColumnDoc {
  /**
   * Field-level read permission (issue 41): the key that reads this column (cost, margin, stock value); without it the column is absent from the screen, the API answer and the exports.
   */
  readPermission?: string;
  /**
   * The row's property.
   */
  field: string;
  title: string;
  /**
   * How the value is shown (SPEC 9): money 'R$ 1.234,56', quantity up to 4 decimals, percent '12,50%', date dd/MM/yyyy.
   */
  kind: 'text' | 'money' | 'decimal' | 'percent' | 'quantity' | 'integer' | 'date' | 'datetime' | 'lookup';
  /**
   * Relative width in the PDF (default 1).
   */
  weight?: number;
  /**
   * With kind lookup: the list (schemas/lookups) whose labels the column shows.
   */
  lookup?: string;
}
