import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult, TableRowSelection } from 'antd/es/table/interface';
import type { Where } from '../../shared/filter.ts';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toApiError } from '../api/errors.ts';
import { api } from '../api/client.ts';
import { useCount, useList } from '../api/hooks.ts';
import { copyPath, createPath, editPath } from './resource-routes.ts';
import { confirmDialog, showError, toast } from '../dialogs/dialogs.tsx';
import { ExportButtons } from '../reports/ExportButtons.tsx';
import { EmptyBlock } from '../ui/EmptyBlock.tsx';
import { lookupsOf, relationOf } from '../schemas/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { fieldKind, filterKindOf } from './field-kind.ts';
import { formatCell } from './format-value.ts';
import { buildListFilter, chipText, exportDescription, gridStateToParams, isActive, PAGE_SIZES, parseGridState, type ColumnFilterValue, type GridState } from './grid-state.ts';
import { useLookups } from './use-lookups.ts';

type Row = Record<string, unknown> & { id: number };

// The column filters (with antd's date pickers) load when a filter is first opened, not with the list.
const ColumnFilter = lazy(async () => ({ default: (await import('./ColumnFilter.tsx')).ColumnFilter }));

export const LOAD_ERROR_TITLE = 'Não foi possível carregar a lista.';
export const RETRY_TEXT = 'Tentar novamente';

/** Router state a form receives from the list that opened it: the list's own URL, filters and page included. */
export interface FromList {
  voltar: string;
}
const RIGHT_ALIGNED = new Set(['money', 'decimal', 'percent', 'integer']);

export interface SchemaGridProps {
  doc: ResourceDoc;
  /** Fields the brand hides for this resource. */
  hidden?: Set<string>;
  canCreate?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  /** Read-only columns a page adds after the document's own (a product's stock, say). */
  extraColumns?: TableColumnsType<Row>;
  /** Conditions every request of this grid carries (the despesas screen: tipo 1), beside the person's filters. */
  fixedWhere?: Where;
  /** The actions column of a page that acts on its rows itself (settle, reverse) instead of edit/copy/delete. */
  rowActions?: (row: Row) => ReactNode;
  /** Row checkboxes for actions over several rows at once. */
  rowSelection?: TableRowSelection<Row>;
  /** Buttons beside Cadastrar (or in its place when canCreate is false). */
  toolbar?: ReactNode;
  /** What Cadastrar does when the page has its own form (default: the document's /cadastrar route). */
  onCreate?: () => void;
  /** A block above the rows that follows the grid's filter (the totals of the filtered rows). */
  above?: (where: Where | undefined) => ReactNode;
  /** Cells a page draws itself, by field (a status as a coloured tag); the text stays the registry's. */
  cells?: Record<string, (text: string, row: Row) => ReactNode>;
  /** Fields the rows carry beyond the columns (what those cells and the row actions read). */
  alsoFields?: string[];
}

/** True from the frame after `ready` first held (the browser has drawn what came with it); stays true. */
function useAfterFirstPaint(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(() => setDone(true), 0))) : undefined;
    if (frame === undefined) timer = setTimeout(() => setDone(true), 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, done]);
  return done;
}

/** The list screen of any resource, driven by the document's list section; its state lives in the URL. */
/** Widths of the columns whose content has a known size (the rest share what is left). */
const KIND_WIDTHS: Partial<Record<ReturnType<typeof fieldKind>, number>> = {
  boolean: 80,
  money: 130,
  decimal: 110,
  percent: 100,
  integer: 100,
  date: 110,
  datetime: 150,
  cpfCnpj: 170,
  phone: 140,
  cep: 100,
  ncm: 100,
  gtin: 150,
};

export function SchemaGrid({ doc, hidden = new Set(), canCreate = true, canEdit = true, canDelete = true, extraColumns, fixedWhere, rowActions, rowSelection, toolbar, onCreate, above, cells, alsoFields }: SchemaGridProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // A form opened from here comes back to this very list: same filters, search, order and page.
  const fromList: FromList = { voltar: location.pathname + location.search };
  const open = (path: string) => navigate(path, { state: fromList });
  const create = () => (onCreate ? onCreate() : open(createPath(doc)));
  const [sp, setSp] = useSearchParams();
  const state = useMemo(() => parseGridState(sp), [sp]);
  const [searchText, setSearchText] = useState(state.q ?? '');
  // The box follows the URL when it changes from outside (back/forward, a shared link, a removed chip).
  useEffect(() => setSearchText(state.q ?? ''), [state.q]);
  const lookupsReady = useLookups(lookupsOf(doc));
  const columns = useMemo(() => doc.list.columns.filter((c) => !hidden.has(c.field) && doc.schema.properties[c.field]), [doc, hidden]);
  const fixedKey = JSON.stringify(fixedWhere ?? null);
  const { filter, where } = useMemo(() => {
    const built = buildListFilter(doc, state, { hidden, columns: columns.map((c) => c.field) });
    if (alsoFields?.length && built.filter.fields) built.filter.fields = [...new Set([...(built.filter.fields as string[]), ...alsoFields])];
    if (!fixedWhere) return built;
    const w: Where = built.where ? { and: [fixedWhere, built.where] } : fixedWhere;
    return { filter: { ...built.filter, where: w }, where: w };
  }, [doc, state, hidden, columns, fixedKey, alsoFields]);
  const list = useList<Row>(doc.endpoint, filter);
  const rowsDrawn = useAfterFirstPaint(list.data !== undefined || list.error !== undefined);
  // The count is the dearest query of a list and the rows do not need it: it is asked once the first rows
  // have been drawn (then at once for every later filter), so on one embedded database it never delays them.
  const count = useCount(rowsDrawn ? doc.endpoint : null, where);

  const update = (patch: Partial<GridState>) => setSp(gridStateToParams({ ...state, page: 1, ...patch }), { replace: true });
  const setFilter = (field: string, v: ColumnFilterValue | undefined) => {
    const filters = { ...state.filters };
    if (v === undefined || !isActive(v)) delete filters[field];
    else filters[field] = v;
    update({ filters });
  };

  const remove = async (row: Row) => {
    const label = String(row[doc.display ?? 'id'] ?? row.id);
    if (!(await confirmDialog({ title: `Excluir ${doc.singular.toLowerCase()}?`, content: `Deseja realmente excluir '${label}'?`, danger: true }))) return;
    try {
      await api.delete(`${doc.endpoint}/${row.id}`);
      toast('success', `${doc.singular} excluíd${doc.genero === 'f' ? 'a' : 'o'} com sucesso.`);
      await Promise.all([list.mutate(), count.mutate()]);
    } catch (err) {
      showError(err);
    }
  };

  const tableColumns: TableColumnsType<Row> = columns.map((c) => {
    const prop = doc.schema.properties[c.field];
    const kind = fieldKind(prop);
    const sortable = c.sort !== false && c.field !== doc.hierarchy?.as;
    const target = relationOf(doc, c.field)?.target;
    const fk = filterKindOf(prop);
    const filterable = c.filter !== false && fk !== 'none' && (fk !== 'relation' || !!target) && c.field !== doc.hierarchy?.as;
    return {
      key: c.field,
      dataIndex: c.field,
      title: c.title ?? prop.title,
      // Short kinds get their width; text shares the rest and is cut with '…' (full text on hover), so the
      // default columns fit a 1366 px screen with the actions in view.
      width: c.width ?? KIND_WIDTHS[kind],
      ellipsis: true,
      align: RIGHT_ALIGNED.has(kind) ? ('right' as const) : undefined,
      sorter: sortable,
      sortOrder: state.sort?.field === c.field ? (state.sort.dir === 'ASC' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: Row) => (cells?.[c.field] ? cells[c.field](formatCell(doc, c.field, row), row) : formatCell(doc, c.field, row)),
      ...(filterable
        ? {
            filteredValue: isActive(state.filters[c.field]) ? [c.field] : null,
            filterDropdown: ({ close }: { close: () => void }) => (
              <Suspense fallback={<Spin size="small" style={{ margin: 12 }} />}>
                <ColumnFilter
                  key={JSON.stringify(state.filters[c.field] ?? null)}
                  field={c.field}
                  prop={prop}
                  value={state.filters[c.field]}
                  target={target}
                  onApply={(v) => {
                    setFilter(c.field, v);
                    close();
                  }}
                />
              </Suspense>
            ),
          }
        : {}),
    };
  });
  if (extraColumns) tableColumns.push(...extraColumns);
  if (rowActions) {
    tableColumns.push({ key: '__acoes', title: 'Ações', width: 150, fixed: 'right', align: 'center', render: (_: unknown, row: Row) => rowActions(row) });
  } else if (canEdit || canDelete) {
    tableColumns.push({
      key: '__acoes',
      title: 'Ações',
      width: 120,
      fixed: 'right',
      align: 'center',
      // Plain titles, not a Tooltip per button: twenty rows of popups weigh on the first render.
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          {canEdit ? <Button size="small" type="text" aria-label="Editar" title="Editar" icon={<EditOutlined />} onClick={() => open(editPath(doc, row.id))} /> : null}
          {canEdit && doc.copy ? <Button size="small" type="text" aria-label="Copiar" title="Copiar" icon={<CopyOutlined />} onClick={() => open(copyPath(doc, row.id))} /> : null}
          {canDelete ? <Button size="small" type="text" danger aria-label="Excluir" title="Excluir" icon={<DeleteOutlined />} onClick={() => remove(row)} /> : null}
        </Space>
      ),
    });
  }

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = s?.order && s.columnKey ? { field: String(s.columnKey), dir: s.order === 'ascend' ? ('ASC' as const) : ('DESC' as const) } : undefined;
    const sameSort = sort?.field === state.sort?.field && sort?.dir === state.sort?.dir;
    const size = p.pageSize ?? state.size;
    setSp(gridStateToParams({ ...state, sort, size, page: sameSort && size === state.size ? p.current ?? 1 : 1 }), { replace: true });
  };

  const chips = Object.entries(state.filters).filter(([f, v]) => isActive(v) && !hidden.has(f) && doc.schema.properties[f]);
  // Nothing matches the filters: offer to clear them. Nothing registered yet: offer the first record.
  const filtered = chips.length > 0 || !!state.q;
  const emptyBlock = filtered ? (
    <EmptyBlock descricao="Nenhum registro atende aos filtros aplicados." acoes={[{ nome: 'Limpar filtros', funcao: () => (setSearchText(''), update({ q: undefined, filters: {} })) }]} />
  ) : (
    <EmptyBlock
      descricao={`Nenhum${doc.genero === 'f' ? 'a' : ''} ${doc.singular.toLowerCase()} cadastrad${doc.genero === 'f' ? 'a' : 'o'} ainda.`}
      acoes={canCreate ? [{ nome: 'Cadastrar', icone: <PlusOutlined />, classe: 'bloco-vazio-cadastrar', funcao: create }] : undefined}
    />
  );
  // Rows show as soon as they arrive; lookup labels fill in when their list has loaded.
  const loading = list.isLoading && !list.data;
  void lookupsReady;

  return (
    // data-carregando / data-busca: what the grid shows is the answer to this search (tests wait on it, never on time).
    <div className="schema-grid" data-resource={doc.name} data-carregando={loading || list.isValidating ? 'sim' : 'nao'} data-busca={state.q ?? ''}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="Pesquisar"
          placeholder={`Pesquisar ${doc.title.toLowerCase()}`}
          allowClear
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (!e.target.value) update({ q: undefined });
          }}
          onSearch={(v) => update({ q: v.trim() || undefined })}
          style={{ width: 360 }}
        />
        <Space wrap>
          <ExportButtons endpoint={doc.endpoint} name={doc.title} descricao={exportDescription(doc, state, hidden)} filter={{ where: filter.where, order: filter.order }} />
          {toolbar}
          {canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={create}>
              Cadastrar
            </Button>
          ) : null}
        </Space>
      </Space>
      {chips.length || state.q ? (
        <div className="filtros-ativos" aria-label="Filtros ativos" style={{ marginBottom: 12 }}>
          {state.q ? (
            <Tag closable onClose={() => (setSearchText(''), update({ q: undefined }))} closeIcon={<span aria-label="Remover filtro">×</span>}>
              Pesquisa: {state.q}
            </Tag>
          ) : null}
          {chips.map(([f, v]) => (
            <Tag key={f} data-chip={f} closable onClose={() => setFilter(f, undefined)} closeIcon={<span aria-label="Remover filtro">×</span>}>
              {chipText(doc, f, v)}
            </Tag>
          ))}
        </div>
      ) : null}
      {list.error && !list.isValidating ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={LOAD_ERROR_TITLE}
          description={`Detalhe: ${toApiError(list.error).message}`}
          action={
            <Button size="small" onClick={() => list.mutate()}>
              {RETRY_TEXT}
            </Button>
          }
        />
      ) : null}
      {above?.(where)}
      {/* Cells on one line and wide lists scroll sideways in this box (the table's own scroll.x measures every column on each render). */}
      <div style={{ overflowX: 'auto' }}>
        <Table<Row>
          rowKey="id"
          rowSelection={rowSelection}
          tableLayout="fixed"
          size="middle"
          columns={tableColumns}
          dataSource={list.data ?? []}
          loading={loading || list.isValidating}
          onChange={onTableChange}
          locale={{ emptyText: loading || list.error ? ' ' : emptyBlock }}
          pagination={{
            current: state.page,
            pageSize: state.size,
            // Until the count comes, a total that keeps the pager on this page, and no "de N" shown.
            total: count.data ?? (state.page - 1) * state.size + (list.data?.length ?? 0),
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total, [a, b]) => (count.data === undefined ? `${a}-${b}` : `${a}-${b} de ${total}`),
          }}
        />
      </div>
    </div>
  );
}
