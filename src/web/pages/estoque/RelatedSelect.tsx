import { Select } from 'antd';
import { useEffect } from 'react';
import { resourceByName } from '../../catalog/registry.ts';
import { useRelatedSearch } from '../../renderer/relation-search.ts';

/** A search select over another resource (produto, marca, categoria…), outside a schema form. */
export function RelatedSelect({ resource, value, onChange, placeholder, id, mode }: { resource: string; value?: number | number[] | null; onChange: (v: any) => void; placeholder?: string; id?: string; mode?: 'multiple' }) {
  const target = resourceByName(resource);
  const { options, loading, search } = useRelatedSearch(target);
  useEffect(() => {
    void search('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);
  return (
    <Select
      id={id}
      mode={mode}
      allowClear
      showSearch={{ filterOption: false, onSearch: (t: string) => void search(t) }}
      loading={loading}
      value={value ?? undefined}
      options={options}
      onChange={(v) => onChange(v ?? null)}
      placeholder={placeholder ?? 'Selecione'}
      notFoundContent="Nenhum resultado"
      style={{ width: '100%', minWidth: 220 }}
    />
  );
}
