import type { WidgetProps } from '@rjsf/utils';
import { Button, Select, Space } from 'antd';
import { useMemo } from 'react';
import { lookupItems } from '../../catalog/registry.ts';
import { formContextOf } from './form-context.ts';

/**
 * A list of short texts typed as tags (a variation's values: P, M, G). When the record names a SPEC 3.2
 * variation model (modeloVariacao), its preset values are offered and can be taken at once.
 */
export function TagsWidget(props: WidgetProps) {
  const ctx = formContextOf(props.registry);
  const modelo = ctx?.formData.modelo;
  const presets = useMemo(() => {
    if (modelo === undefined || modelo === null) return [] as string[];
    const item = (lookupItems('modeloVariacao') ?? []).find((i) => i.value === modelo) as { valores?: string[] } | undefined;
    return item?.valores ?? [];
  }, [modelo]);
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        id={props.id}
        mode="tags"
        disabled={props.disabled || props.readonly}
        status={props.rawErrors?.length ? 'error' : undefined}
        style={{ width: '100%' }}
        placeholder="Digite um valor e tecle Enter"
        value={value}
        options={presets.map((v) => ({ value: v, label: v }))}
        tokenSeparators={[';']}
        onChange={(v: string[]) => props.onChange(v.map((s) => s.trim()).filter(Boolean))}
        onBlur={() => props.onBlur(props.id, props.value)}
        notFoundContent={null}
      />
      {presets.length > 0 && presets.some((p) => !value.includes(p)) && (
        <Button size="small" onClick={() => props.onChange([...value, ...presets.filter((p) => !value.includes(p))])}>
          Usar os valores do modelo
        </Button>
      )}
    </Space>
  );
}
