import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { displayField, lookupItems, relationOf } from '../../catalog/registry.ts';
import { useRelatedSearch } from '../relation-search.ts';
import { controlProps } from './control-props.ts';
import { formContextOf } from './form-context.ts';

type Option = { value: string | number; label: string };

const commonProps = (p: WidgetProps) => ({
  ...controlProps(p),
  allowClear: true,
  style: { width: '100%' },
  placeholder: p.placeholder || 'Selecione',
  notFoundContent: 'Nenhum resultado',
});

/** A fixed list of SPEC 3.2 (schemas/lookups) as a searchable select showing labels. */
export function LookupWidget(props: WidgetProps) {
  const name = props.schema.lookup as string | undefined;
  const options = useMemo(() => (name ? lookupItems(name) ?? [] : []).map((i) => ({ value: i.value, label: i.label })), [name]);
  return (
    <Select
      {...commonProps(props)}
      showSearch={{ optionFilterProp: 'label' }}
      value={props.value ?? undefined}
      options={options}
      onChange={(v) => props.onChange(v ?? undefined)}
    />
  );
}

/** Searches another resource's API: the target document's search fields, named by its display field. */
export function RelationWidget(props: WidgetProps) {
  const ctx = formContextOf(props.registry);
  const field = props.id.replace(/^root_/, '');
  const rel = ctx ? relationOf(ctx.doc, field) : undefined;
  const [selected, setSelected] = useState<Option | null>(null);
  const target = rel?.target;
  const display = target ? displayField(target) : 'id';
  const { options, loading, search } = useRelatedSearch(target, rel?.where);

  useEffect(() => {
    if (!target || props.value === undefined || props.value === null) return setSelected(null);
    if (selected?.value === props.value) return;
    let alive = true;
    api
      .get<Record<string, unknown>>(`${target.endpoint}/${props.value}`, { params: { filter: { fields: ['id', display] } } })
      .then((r) => alive && setSelected({ value: r.data.id as number, label: String(r.data[display] ?? r.data.id) }))
      .catch(() => alive && setSelected({ value: props.value, label: String(props.value) }));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value, target]);

  const all = selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  return (
    <Select
      {...commonProps(props)}
      showSearch={{ filterOption: false, onSearch: search }}
      loading={loading}
      value={props.value ?? undefined}
      options={all}
      onOpenChange={(open) => open && !options.length && search('')}
      onChange={(v, opt) => {
        setSelected((opt as Option) ?? null);
        props.onChange(v ?? undefined);
      }}
    />
  );
}

interface Cidade {
  codigoIbge: number;
  nome: string;
  uf: string;
}

/** Name of a município by its IBGE code: the bundled reference list, loaded only when needed. */
async function municipioName(codigo: number): Promise<string | null> {
  const mod = await import('../../../../schemas/lookups/municipio.json');
  const item = (mod.default as { items: { value: number; label: string }[] }).items.find((i) => i.value === codigo);
  return item?.label ?? null;
}

/** Município by UF, searched through GET Ceps/ngcidades?uf=&query=&limit=10 (SPEC 7.6). */
export function MunicipioWidget(props: WidgetProps) {
  const ctx = formContextOf(props.registry);
  const uf = (ctx?.formData.uf as string | undefined) ?? undefined;
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | null>(null);
  const search = async (text: string) => {
    if (!uf) return setOptions([]);
    const r = await api.get<Cidade[]>('Ceps/ngcidades', { params: { uf, query: text || undefined, limit: 10 } });
    setOptions(r.data.map((c) => ({ value: c.codigoIbge, label: c.nome })));
  };
  useEffect(() => {
    setOptions([]);
  }, [uf]);
  useEffect(() => {
    const v = props.value as number | undefined;
    if (v === undefined || v === null) return setSelected(null);
    if (selected?.value === v) return;
    const known = options.find((o) => o.value === v);
    if (known) return setSelected(known);
    let alive = true;
    municipioName(v).then((nome) => alive && setSelected({ value: v, label: nome ?? String(v) }));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  const all = selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  return (
    <Select
      {...commonProps(props)}
      disabled={props.disabled || props.readonly || !uf}
      showSearch={{ filterOption: false, onSearch: search }}
      value={props.value ?? undefined}
      options={all}
      onOpenChange={(open) => open && search('')}
      onChange={(v, opt) => {
        setSelected((opt as Option) ?? null);
        props.onChange(v ?? undefined);
      }}
    />
  );
}
