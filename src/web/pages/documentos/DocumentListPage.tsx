import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/dates.ts';
import { displayValue, fieldKind } from '../../../shared/field-types.ts';
import { useCount, useList } from '../../api/hooks.ts';
import { resourceByName } from '../../catalog/registry.ts';
import { useRelatedNames } from './related-names.ts';
import { stateOf, type DocumentDoc } from './document-docs.ts';
import { DOCUMENT_LIST_ACTIONS } from '../compras/extras.tsx';
import { EMPTY_TITLE } from '../../ui/EmptyBlock.tsx';
import { ListTable } from '../../ui/ListTable.tsx';

const PAGE = 20;

/** The list of one document type in the selected branch: number, date, header columns and state. */
export default function DocumentListPage({ doc, actions = DOCUMENT_LIST_ACTIONS[doc.name]?.(), baseWhere, title, newRoute }: { doc: DocumentDoc; actions?: ReactNode; baseWhere?: Record<string, unknown>; title?: string; newRoute?: string }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [estado, setEstado] = useState<string | undefined>();
  // A variant of the type (an order's service list) narrows every query by its own fields.
  const where = estado || baseWhere ? { ...baseWhere, ...(estado ? { estado } : {}) } : undefined;
  const filter = useMemo(() => ({ where, order: doc.list.order ?? 'numero DESC', limit: PAGE, skip: (page - 1) * PAGE }), [estado, page, doc, JSON.stringify(baseWhere)]);
  const list = useList<Record<string, unknown>>(doc.endpoint, filter);
  const count = useCount(doc.endpoint, where);
  const rows = list.data ?? [];
  const names = useRelatedNames(doc.header.properties, rows);
  const columns = doc.list.columns.map((c) => {
    const p = doc.header.properties[c.field];
    const title = c.title ?? p?.title ?? (c.field === 'numero' ? 'Número' : c.field === 'estado' ? 'Situação' : c.field);
    return {
      key: c.field,
      dataIndex: c.field,
      title,
      width: c.width,
      render: (v: unknown) => {
        if (c.field === 'estado') {
          const s = stateOf(doc, v);
          return <Tag color={s?.color}>{s?.label ?? String(v)}</Tag>;
        }
        if (c.field === 'createdAt' || c.field === 'updatedAt') return formatDateTime(String(v));
        if (p?.resource && resourceByName(p.resource)) return names(p.resource, v);
        // Money as R$ 1.234,56 and dates as dd/MM/yyyy, by the field's format (the shared display of its type).
        const kind = fieldKind(p);
        if (kind === 'money' || kind === 'date' || kind === 'datetime' || kind === 'decimal' || kind === 'percent') return displayValue(kind, v);
        return v === null || v === undefined ? '' : String(v);
      },
    };
  });
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title ?? doc.title}
        </Typography.Title>
        <Space>
          {actions}
          <Select allowClear placeholder="Situação" style={{ width: 160 }} value={estado} onChange={(v) => (setEstado(v), setPage(1))} options={doc.states.map((s) => ({ value: s.key, label: s.label }))} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(newRoute ?? `/${doc.route}/cadastrar`)}>
            Cadastrar
          </Button>
        </Space>
      </Space>
      <ListTable
        list={list}
        empty={EMPTY_TITLE}
        size="middle"
        columns={columns}
        onRow={(r) => ({ onClick: () => navigate(`/${doc.route}/editar/${r.id}`), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: PAGE, total: count.data ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </div>
  );
}
