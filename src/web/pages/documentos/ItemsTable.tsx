import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Table } from 'antd';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { resourceByName } from '../../catalog/registry.ts';
import { useRelatedSearch, type RelatedOption } from '../../renderer/relation-search.ts';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';
import { nameOf, rememberName } from './related-names.ts';
import { choicesEndpoint, type DocumentDoc } from './document-docs.ts';
import type { LinhaNaTela } from './totais.ts';

/** One line as edited: quantities as typed (pt-BR), ids as numbers; `key` is stable across edits. */
export interface EditItem {
  key: number;
  [field: string]: unknown;
}

let nextKey = 1;
export const newItem = (data: Record<string, unknown> = {}): EditItem => ({ ...data, key: nextKey++ });

/** A record of another resource, searched as the person types (the relation widget's search, in a cell). */
const RecordCell = memo(function RecordCell({ resource, endpoint, value, extra, disabled, onChange, placeholder, label }: { resource: string; endpoint?: string; value: unknown; extra?: Record<string, unknown>; disabled?: boolean; onChange: (v: number | null, label?: string) => void; placeholder?: string; label?: string }) {
  // A field with `choices` searches through the document's API (its permission), not the resource's own.
  const target = useMemo(() => {
    const t = resourceByName(resource);
    return t && endpoint ? { ...t, endpoint } : t;
  }, [resource, endpoint]);
  // A cell narrowed by another column (a product's lots) lists what matches it, with the lot's expiry date.
  const narrowed = async (t: ResourceDoc) => {
    const r = await api.get<Record<string, unknown>[]>(t.endpoint, { params: { filter: { where: extra, limit: 50, order: t.list.order } } });
    return r.data.map((row) => ({ value: row.id as number, label: String(row[t.display ?? 'id']) + (row.validade ? ` (val. ${String(row.validade).split('-').reverse().join('/')})` : '') }));
  };
  const { options, loading, search } = useRelatedSearch(target, extra ? narrowed : undefined);
  const current = typeof value === 'number' && !options.some((o) => o.value === value) ? [{ value, label: nameOf(resource, value) }] : [];
  return (
    <Select
      aria-label={label}
      style={{ width: '100%' }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={typeof value === 'number' ? value : undefined}
      options={[...current, ...options]}
      loading={loading}
      showSearch={{ filterOption: extra ? (input, opt) => String(opt?.label ?? '').toLowerCase().includes(input.toLowerCase()) : false, onSearch: extra ? undefined : search }}
      onOpenChange={(open) => open && search('')}
      onChange={(v, opt) => {
        const label = (opt as RelatedOption | undefined)?.label;
        if (typeof v === 'number' && label) rememberName(resource, v, label);
        onChange(typeof v === 'number' ? v : null, label);
      }}
    />
  );
});

/** The SKUs of a product, asked once per product and document endpoint while the page lives. */
const skusCache = new Map<string, Promise<{ value: number; label: string }[]>>();
function skusDe(endpoint: string, produtoId: number) {
  const k = `${endpoint}|${produtoId}`;
  let p = skusCache.get(k);
  if (!p) {
    p = api.get<{ id: number; descricao: string }[]>(`${endpoint}/variacoes`, { params: { produtoId } }).then((r) => r.data.map((v) => ({ value: v.id, label: v.descricao })));
    p.catch(() => skusCache.delete(k));
    skusCache.set(k, p);
  }
  return p;
}

/**
 * The variation (SKU) of a line's product (an item field declared `variacaoDe`), from the document's
 * `{endpoint}/variacoes?produtoId=`: a product
 * without a grid has none to choose ('Sem variação'); one sold in a grid lists its active SKUs.
 */
const SkuCell = memo(function SkuCell({ endpoint, produtoId, value, disabled, onChange, rotulo }: { endpoint: string; produtoId: unknown; value: unknown; disabled?: boolean; onChange: (v: number | null) => void; rotulo: string }) {
  const [opcoes, setOpcoes] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    setOpcoes(null);
    if (typeof produtoId !== 'number') return;
    let vivo = true;
    skusDe(endpoint, produtoId).then((o) => vivo && setOpcoes(o), () => vivo && setOpcoes([]));
    return () => {
      vivo = false;
    };
  }, [endpoint, produtoId]);
  const vazio = !opcoes?.length;
  return (
    <Select
      aria-label={rotulo}
      style={{ width: '100%' }}
      allowClear
      disabled={disabled || vazio}
      loading={typeof produtoId === 'number' && opcoes === null}
      placeholder={typeof produtoId !== 'number' ? 'Escolha o produto' : vazio ? 'Sem variação' : 'Escolha a variação'}
      value={typeof value === 'number' ? value : undefined}
      options={opcoes ?? []}
      showSearch={{ filterOption: (input, opt) => String(opt?.label ?? '').toLowerCase().includes(input.toLowerCase()) }}
      onChange={(v) => onChange(typeof v === 'number' ? v : null)}
    />
  );
});

/** Shows a stored decimal ('1234.5') the pt-BR way ('1234,5') for editing. */
export const toTyped = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

/**
 * The line items of a document: an antd table (virtual rows, so hundreds of lines stay fast), one cell per
 * item column of the document; records searched in place, quantities typed in pt-BR.
 */
export function ItemsTable({ doc, itens, setItens, editable, cabecalho = {}, linhas }: { doc: DocumentDoc; itens: EditItem[]; setItens: (fn: (prev: EditItem[]) => EditItem[]) => void; editable: boolean; cabecalho?: Record<string, unknown>; linhas?: Map<number, LinhaNaTela> }) {
  const change = useCallback((key: number, patch: Record<string, unknown>) => setItens((prev) => prev.map((it) => (it.key === key ? { ...it, ...patch } : it))), [setItens]);
  // Choosing another product clears the variation declared of it (`variacaoDe`).
  const dependentes = useMemo(() => {
    const m: Record<string, Record<string, null>> = {};
    for (const [f, p] of Object.entries(doc.items.properties)) if (p.variacaoDe) m[p.variacaoDe] = { ...m[p.variacaoDe], [f]: null };
    return m;
  }, [doc]);
  // Columns that do not apply to this document (Serviço on a product order) follow the header's switches.
  const switches = JSON.stringify(Object.fromEntries(Object.entries(cabecalho).filter(([, v]) => typeof v === 'boolean' || v === null)));
  const visiveis = useMemo(() => {
    const h = JSON.parse(switches) as Record<string, boolean | null>;
    const as = (f: string) => h[f] === true;
    return doc.itemColumns.filter((c) => Object.entries(c.onlyIf ?? {}).every(([f, v]) => as(f) === v) && !(c.unless && Object.entries(c.unless).every(([f, v]) => as(f) === v)));
  }, [doc, switches]);
  const columns = useMemo(() => {
    const cols: any[] = [{ key: 'linha', title: '#', width: 40, render: (_: unknown, __: EditItem, i: number) => i + 1 }];
    for (const c of visiveis) {
      const p = doc.items.properties[c.field];
      const below = c.below ? doc.items.properties[c.below] : undefined;
      cols.push({
        key: c.field,
        title: c.title ?? p.title,
        width: c.width,
        render: (_: unknown, it: EditItem, i: number) => {
          const cell = celula(it, i);
          // A read-only field shown under the cell (a line's promotion under its total), as computed on screen or saved.
          const sub = c.below ? (linhas?.get(it.key) && c.below === 'promocao' ? linhas.get(it.key)!.promocao : it[c.below]) : null;
          return sub && below ? (
            <div>
              <div>{cell}</div>
              <div className="linha-abaixo" style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', whiteSpace: 'normal' }} title={below.title}>
                {String(sub)}
              </div>
            </div>
          ) : (
            cell
          );
        },
      });
      const celula = (it: EditItem, i: number) => {
          // Each cell's input named by its column and line (screen readers; WCAG 4.1.2).
          const rotulo = `${p.title} da linha ${i + 1}`;
          if (p.variacaoDe) {
            const produtoId = it[p.variacaoDe];
            return <SkuCell key={`${it.key}-${String(produtoId)}`} rotulo={`Variação da linha ${i + 1}`} endpoint={doc.endpoint} produtoId={produtoId} value={it[c.field]} disabled={!editable} onChange={(v) => change(it.key, { [c.field]: v })} />;
          }
          if (p.resource) {
            const isLote = p.resource === 'lote';
            if (!editable) return nameOf(p.resource, it[c.field]);
            return (
              <RecordCell
                key={isLote ? `${it.key}-${it.produtoId}` : it.key}
                resource={p.resource}
                endpoint={p.choices ? choicesEndpoint(doc, c.field) : undefined}
                value={it[c.field]}
                extra={isLote ? { produtoId: it.produtoId ?? 0, ativo: true } : undefined}
                disabled={isLote && typeof it.produtoId !== 'number'}
                placeholder={isLote ? 'Sem lote' : 'Pesquisar'}
                label={rotulo}
                onChange={(v) => change(it.key, isLote ? { [c.field]: v } : { [c.field]: v, ...(c.field === 'produtoId' ? { loteId: null } : {}), ...dependentes[c.field] })}
              />
            );
          }
          // Items hold quantities as typed (pt-BR) on this page, stored ones included. Values the server
          // computes (a line's total, the promotion applied) are shown, never typed.
          // Computed on screen as the person types (the same function the server runs on save), else as saved.
          const naTela = editable && linhas?.get(it.key);
          if (naTela && c.field === 'valorTotal') return <span data-campo-linha="valorTotal">{naTela.valorTotal ? formatBRL(naTela.valorTotal) : ''}</span>;
          if (!editable || p.readOnly) return p.format === 'money' && it[c.field] != null && it[c.field] !== '' ? formatBRL(String(it[c.field]).replace(',', '.')) : String(it[c.field] ?? '');
          // An empty price shows the one the line will take (the product's) in grey.
          const sugerido = naTela && c.field === 'precoUnitario' && naTela.preco ? toTyped(naTela.preco) : undefined;
          return <Input aria-label={rotulo} inputMode="decimal" placeholder={sugerido} value={String(it[c.field] ?? '')} onChange={(e) => change(it.key, { [c.field]: e.target.value })} />;
      };
    }
    if (editable) cols.push({ key: 'acoes', width: 48, render: (_: unknown, it: EditItem) => <Button type="text" danger aria-label="Remover linha" icon={<DeleteOutlined />} onClick={() => setItens((prev) => prev.filter((x) => x.key !== it.key))} /> });
    return cols;
  }, [doc, visiveis, editable, change, setItens, dependentes, linhas]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<EditItem> rowKey="key" size="small" virtual scroll={{ x: 720, y: 480 }} tableLayout="fixed" pagination={false} dataSource={itens} columns={columns} locale={{ emptyText: 'Nenhum item.' }} />
      {editable ? (
        <Button icon={<PlusOutlined />} onClick={() => setItens((prev) => [...prev, newItem()])}>
          Adicionar item
        </Button>
      ) : null}
    </Space>
  );
}
