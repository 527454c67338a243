import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../api/client.ts';
import { useCount, useList } from '../api/hooks.ts';
import { copyPath, createPath, editPath } from '../app/resource-routes.ts';
import { confirmDialog, showError, toast } from '../dialogs/dialogs.tsx';
import { ExportButtons } from '../reports/ExportButtons.tsx';
import { lookupsOf } from '../schemas/registry.ts';
import type { ResourceDoc } from '../schemas/types.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { fieldKind, filterKindOf } from './field-kind.ts';
import { formatCell } from './format-value.ts';
import { buildListFilter, chipText, gridStateToParams, isActive, PAGE_SIZES, parseGridState, type ColumnFilterValue, type GridState } from './grid-state.ts';
import { useLookups } from './use-lookups.ts';

type Row = Record<string, unknown> & { id: number };

export const EMPTY_TITLE = 'Ops, nada encontrado por aqui.';
const RIGHT_ALIGNED = new Set(['money', 'decimal', 'percent', 'integer']);

export interface SchemaGridProps {
  doc: ResourceDoc;
  /** Fields the brand hides for this resource. */
  hidden?: Set<string>;
  canCreate?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
}

/** The SPEC 2.10 empty-page block. */
export function EmptyBlock({ title = EMPTY_TITLE, description }: { title?: string; description?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><Typography.Text strong>{title}</Typography.Text>{description ? <div>{description}</div> : null}</>} />;
}

/** The list screen of any resource, driven by the document's list section; its state lives in the URL. */
export function SchemaGrid({ doc, hidden = new Set(), canCreate = true, canEdit = true, canDelete = true }: SchemaGridProps) {
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const state = useMemo(() => parseGridState(sp), [sp]);
  const [searchText, setSearchText] = useState(state.q ?? '');
  const lookupsReady = useLookups(lookupsOf(doc));
  const columns = useMemo(() => doc.list.columns.filter((c) => !hidden.has(c.field) && doc.schema.properties[c.field]), [doc, hidden]);
  const { filter, where } = useMemo(() => buildListFilter(doc, state, { hidden, columns: columns.map((c) => c.field) }), [doc, state, hidden, columns]);
  const list = useList<Row>(doc.endpoint, filter);
  const count = useCount(doc.endpoint, where);

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
    const filterable = c.filter !== false && filterKindOf(prop) !== 'none' && c.field !== doc.hierarchy?.as;
    return {
      key: c.field,
      dataIndex: c.field,
      title: c.title ?? prop.title,
      width: c.width,
      align: RIGHT_ALIGNED.has(kind) ? ('right' as const) : undefined,
      sorter: sortable,
      sortOrder: state.sort?.field === c.field ? (state.sort.dir === 'ASC' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: Row) => formatCell(doc, c.field, row),
      ...(filterable
        ? {
            filteredValue: isActive(state.filters[c.field]) ? [c.field] : null,
            filterDropdown: ({ close }: { close: () => void }) => (
              <ColumnFilter
                key={JSON.stringify(state.filters[c.field] ?? null)}
                field={c.field}
                prop={prop}
                value={state.filters[c.field]}
                onApply={(v) => {
                  setFilter(c.field, v);
                  close();
                }}
              />
            ),
          }
        : {}),
    };
  });
  if (canEdit || canDelete) {
    tableColumns.push({
      key: '__acoes',
      title: 'Ações',
      width: 140,
      align: 'center',
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          {canEdit ? (
            <Tooltip title="Editar">
              <Button size="small" type="text" aria-label="Editar" icon={<EditOutlined />} onClick={() => navigate(editPath(doc, row.id))} />
            </Tooltip>
          ) : null}
          {canEdit && doc.copy ? (
            <Tooltip title="Copiar">
              <Button size="small" type="text" aria-label="Copiar" icon={<CopyOutlined />} onClick={() => navigate(copyPath(doc, row.id))} />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Tooltip title="Excluir">
              <Button size="small" type="text" danger aria-label="Excluir" icon={<DeleteOutlined />} onClick={() => remove(row)} />
            </Tooltip>
          ) : null}
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
  // Rows show as soon as they arrive; lookup labels fill in when their list has loaded.
  const loading = list.isLoading && !list.data;
  void lookupsReady;

  return (
    <div className="schema-grid" data-resource={doc.name}>
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
          <ExportButtons endpoint={doc.endpoint} name={doc.title} filter={{ where: filter.where, order: filter.order }} />
          {canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath(doc))}>
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
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={tableColumns}
        dataSource={list.data ?? []}
        loading={loading || list.isValidating}
        onChange={onTableChange}
        locale={{ emptyText: loading ? ' ' : <EmptyBlock /> }}
        pagination={{
          current: state.page,
          pageSize: state.size,
          total: count.data ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total, [a, b]) => `${a}-${b} de ${total}`,
        }}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
