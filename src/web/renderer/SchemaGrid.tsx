import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Input, Popover, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult, TableRowSelection } from 'antd/es/table/interface';
import type { Where } from '../../shared/filter.ts';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toApiError } from '../api/errors.ts';
import { api } from '../api/client.ts';
import { useCount, useList } from '../api/hooks.ts';
import { copyPath, createPath, editPath } from './resource-routes.ts';
import { confirmDialog, showError, toast } from '../dialogs/dialogs.tsx';
import { ExportButtons } from '../reports/ExportButtons.tsx';
import { EmptyBlock } from '../ui/EmptyBlock.tsx';
import { lookupColor, lookupsOf, relationOf } from '../catalog/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { fieldKind, filterKindOf } from './field-kind.ts';
import { formatCell } from './format-value.ts';
import { buildListFilter, chipText, exportDescription, gridStateToParams, isActive, PAGE_SIZES, parseGridState, type ColumnFilterValue, type GridState } from './grid-state.ts';
import { useLookups } from './use-lookups.ts';
import './schema-grid.css';
import { columnSize, fitColumns, hiddenColumns, ROW_EXTRA, saveHiddenColumns, STATUS_FIELDS } from './column-fit.ts';

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

/**
 * The width the grid has on screen, followed as the window changes; Infinity where the browser cannot measure
 * (jsdom), so every column shows there.
 */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const canMeasure = typeof ResizeObserver === 'function';
  const [width, setWidth] = useState(() => (canMeasure && typeof window !== 'undefined' ? Math.max(600, window.innerWidth - 290) : Infinity));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !canMeasure) return;
    // Measured before the first paint; a box not laid out (jsdom, a hidden tab) shows every column until it is.
    setWidth(el.clientWidth > 0 ? el.clientWidth : Infinity);
    const ro = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w > 0) setWidth((prev) => (Math.abs(prev - w) >= 1 ? w : prev));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [canMeasure]);
  return [ref, width];
}

/** The list screen of any resource, driven by the document's list section; its state lives in the URL. */
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
  // The person's column choice (the picker), kept per list in this browser; essential columns cannot be hidden.
  const [escolhidas, setEscolhidas] = useState(() => hiddenColumns(doc.name));
  const [gridRef, gridWidth] = useWidth();
  const allColumns = useMemo(() => doc.list.columns.filter((c) => !hidden.has(c.field) && doc.schema.properties[c.field]), [doc, hidden]);
  const sizes = useMemo(
    () => new Map(allColumns.map((c) => [c.field, columnSize({ field: c.field, kind: fieldKind(doc.schema.properties[c.field]), prop: doc.schema.properties[c.field], width: c.width, priority: c.priority, display: c.field === doc.display, title: c.title ?? doc.schema.properties[c.field].title })])),
    [allColumns, doc],
  );
  const pickable = allColumns.filter((c) => sizes.get(c.field)!.priority > 1);
  const wanted = useMemo(() => allColumns.filter((c) => sizes.get(c.field)!.priority === 1 || !escolhidas.has(c.field)), [allColumns, sizes, escolhidas]);
  const actionsWidth = rowActions ? 150 : canEdit || canDelete ? 120 : 0;
  const extrasWidth = (extraColumns ?? []).reduce((s, c) => s + (typeof c.width === 'number' ? c.width : 120), 0);
  const reserved = actionsWidth + extrasWidth + (rowSelection ? 48 : 0) + 2;
  const fit = useMemo(() => fitColumns(wanted.map((c) => ({ field: c.field, size: sizes.get(c.field)! })), gridWidth, reserved), [wanted, sizes, gridWidth, reserved]);
  const columns = useMemo(() => wanted.filter((c) => fit.widths.has(c.field)), [wanted, fit]);
  const dropped = useMemo(() => allColumns.filter((c) => fit.dropped.includes(c.field)), [allColumns, fit]);
  // The rows ask for every wanted column (the dropped ones are read in the row's expansion).
  const requested = useMemo(() => wanted.map((c) => c.field), [wanted]);
  const fixedKey = JSON.stringify(fixedWhere ?? null);
  const { filter, where } = useMemo(() => {
    const built = buildListFilter(doc, state, { hidden, columns: requested });
    if (alsoFields?.length && built.filter.fields) built.filter.fields = [...new Set([...(built.filter.fields as string[]), ...alsoFields])];
    if (!fixedWhere) return built;
    const w: Where = built.where ? { and: [fixedWhere, built.where] } : fixedWhere;
    return { filter: { ...built.filter, where: w }, where: w };
  }, [doc, state, hidden, requested, fixedKey, alsoFields]);
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

  // A cell: the page's own renderer, else its text; a lookup value whose item has a colour (a state) as a tag.
  const cellContent = (field: string, row: Row): ReactNode => {
    const text = formatCell(doc, field, row);
    if (cells?.[field]) return cells[field](text, row);
    const lookup = doc.schema.properties[field]?.lookup;
    const cor = lookup ? lookupColor(lookup, row[field]) : undefined;
    return cor ? <Tag color={cor} data-valor={String(row[field])}>{text}</Tag> : text;
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
      // Widths from the field's kind (column-fit.ts): short kinds their content's size, text at least its
      // minimum sharing the rest, cut with '…' (full text on hover); what does not fit drops to the row's expansion.
      width: Number.isFinite(gridWidth) ? fit.widths.get(c.field) : sizes.get(c.field)!.grow ? undefined : sizes.get(c.field)!.min,
      onHeaderCell: () => ({ 'data-campo': c.field, 'data-largura-minima': sizes.get(c.field)!.min, 'data-tipo-coluna': STATUS_FIELDS.has(c.field) ? 'status' : kind }) as HTMLAttributes<HTMLElement>,
      ellipsis: true,
      align: RIGHT_ALIGNED.has(kind) ? ('right' as const) : undefined,
      sorter: sortable,
      sortOrder: state.sort?.field === c.field ? (state.sort.dir === 'ASC' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: Row) => cellContent(c.field, row),
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
          {pickable.length ? (
            <Popover
              trigger="click"
              placement="bottomRight"
              title="Colunas exibidas"
              content={
                <Checkbox.Group
                  aria-label="Colunas exibidas"
                  style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                  value={allColumns.filter((c) => !escolhidas.has(c.field) || sizes.get(c.field)!.priority === 1).map((c) => c.field)}
                  options={allColumns.map((c) => ({ value: c.field, label: c.title ?? doc.schema.properties[c.field].title ?? c.field, disabled: sizes.get(c.field)!.priority === 1 }))}
                  onChange={(v) => {
                    const next = new Set(pickable.map((c) => c.field).filter((f) => !v.includes(f)));
                    saveHiddenColumns(doc.name, next);
                    setEscolhidas(next);
                  }}
                />
              }
            >
              <Button>Colunas</Button>
            </Popover>
          ) : null}
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
      <div ref={gridRef} style={{ overflowX: 'auto' }}>
        <Table<Row>
          rowKey="id"
          expandable={
            dropped.length
              ? {
                  columnWidth: ROW_EXTRA,
                  expandedRowRender: (row) => (
                    <dl className="colunas-recolhidas" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
                      {dropped.map((c) => (
                        <div key={c.field} style={{ display: 'contents' }}>
                          <dt style={{ color: 'rgba(0,0,0,0.55)' }}>{c.title ?? doc.schema.properties[c.field].title}</dt>
                          <dd style={{ margin: 0 }}>{cellContent(c.field, row)}</dd>
                        </div>
                      ))}
                    </dl>
                  ),
                }
              : undefined
          }
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
