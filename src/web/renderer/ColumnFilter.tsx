import { Button, DatePicker, Input, Radio, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { parseBRL } from '../../shared/money.ts';
import { lookupItems } from '../catalog/registry.ts';
import type { PropertySchema, ResourceDoc } from '../../../generated/schema-types.ts';
import { fieldKind, filterKindOf } from './field-kind.ts';
import type { ColumnFilterValue, RelationChoice } from './grid-state.ts';
import { useRelatedSearch } from './relation-search.ts';

interface Props {
  field: string;
  prop: PropertySchema;
  value: ColumnFilterValue | undefined;
  onApply: (v: ColumnFilterValue | undefined) => void;
  /** The resource a relation field points at (its records are searched through its API). */
  target?: ResourceDoc;
}

/** Related records chosen by name, searched as the person types (the form's relation select does the same). */
function RelationFilter({ target, title, value, onChange }: { target: ResourceDoc; title: string; value: RelationChoice[]; onChange: (v: RelationChoice[]) => void }) {
  const { options, loading, search } = useRelatedSearch(target);
  // The option list closes after each choice: open, it covers the dropdown's Filtrar button.
  const [open, setOpen] = useState(false);
  const chosen = value.map((c) => ({ value: c.id, label: c.label }));
  const all = [...chosen, ...options.filter((o) => !value.some((c) => c.id === o.value))];
  return (
    <Select
      aria-label={`Filtrar ${title}`}
      mode="multiple"
      allowClear
      labelInValue
      showSearch={{ filterOption: false, onSearch: search }}
      loading={loading}
      style={{ width: 260 }}
      placeholder="Digite para pesquisar"
      value={chosen}
      options={all}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o && !options.length) search('');
      }}
      onChange={(v: { value: number; label: React.ReactNode }[]) => {
        setOpen(false);
        onChange(v.map((o) => ({ id: Number(o.value), label: String(o.label) })));
      }}
    />
  );
}

/** The dropdown of one column's filter, by the field's type: text, lookup, related record, date range, number range, boolean. */
export function ColumnFilter({ field, prop, value, onApply, target }: Props) {
  const kind = filterKindOf(prop);
  const [draft, setDraft] = useState<ColumnFilterValue | undefined>(value);
  const [rangeText, setRangeText] = useState<[string, string]>(() => {
    const [a, b] = Array.isArray(value) ? (value as [string | null, string | null]) : [null, null];
    return [a ? a.replace('.', ',') : '', b ? b.replace('.', ',') : ''];
  });
  const places = fieldKind(prop) === 'integer' ? 0 : fieldKind(prop) === 'money' ? 2 : 4;
  const apply = () => {
    if (kind === 'range') {
      const from = rangeText[0] ? parseBRL(rangeText[0], places) : null;
      const to = rangeText[1] ? parseBRL(rangeText[1], places) : null;
      onApply(from || to ? [from, to] : undefined);
    } else onApply(draft);
  };
  let input: React.ReactNode = null;
  if (kind === 'text') {
    input = <Input aria-label={`Filtrar ${prop.title}`} autoFocus value={(draft as string) ?? ''} onChange={(e) => setDraft(e.target.value)} onPressEnter={apply} style={{ width: 220 }} />;
  } else if (kind === 'lookup') {
    input = (
      <Select
        aria-label={`Filtrar ${prop.title}`}
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 260 }}
        value={(draft as (string | number)[]) ?? []}
        onChange={(v) => setDraft(v)}
        options={(lookupItems(prop.lookup!) ?? []).map((i) => ({ value: i.value, label: i.label }))}
      />
    );
  } else if (kind === 'relation' && target) {
    input = <RelationFilter target={target} title={prop.title ?? field} value={Array.isArray(draft) ? (draft as RelationChoice[]) : []} onChange={(v) => setDraft(v.length ? v : undefined)} />;
  } else if (kind === 'date') {
    const [a, b] = Array.isArray(draft) ? (draft as [string | null, string | null]) : [null, null];
    input = (
      <DatePicker.RangePicker
        aria-label={`Filtrar ${prop.title}`}
        format="DD/MM/YYYY"
        allowEmpty={[true, true]}
        value={[a ? dayjs(a) : null, b ? dayjs(b) : null]}
        onChange={(v) => setDraft([v?.[0]?.format('YYYY-MM-DD') ?? null, v?.[1]?.format('YYYY-MM-DD') ?? null])}
      />
    );
  } else if (kind === 'range') {
    input = (
      <Space>
        <Input aria-label={`${prop.title} de`} placeholder="De" value={rangeText[0]} onChange={(e) => setRangeText([e.target.value, rangeText[1]])} onPressEnter={apply} style={{ width: 120 }} />
        <Input aria-label={`${prop.title} até`} placeholder="Até" value={rangeText[1]} onChange={(e) => setRangeText([rangeText[0], e.target.value])} onPressEnter={apply} style={{ width: 120 }} />
      </Space>
    );
  } else if (kind === 'boolean') {
    input = (
      <Radio.Group aria-label={`Filtrar ${prop.title}`} value={draft === undefined ? undefined : draft === true} onChange={(e) => setDraft(e.target.value)}>
        <Radio value={true}>Sim</Radio>
        <Radio value={false}>Não</Radio>
      </Radio.Group>
    );
  }
  return (
    <div style={{ padding: 8 }} data-filter={field} onKeyDown={(e) => e.stopPropagation()}>
      <div style={{ marginBottom: 8 }}>{input}</div>
      <Space>
        <Button type="primary" size="small" onClick={apply}>
          Filtrar
        </Button>
        <Button size="small" onClick={() => onApply(undefined)}>
          Limpar
        </Button>
      </Space>
    </div>
  );
}
