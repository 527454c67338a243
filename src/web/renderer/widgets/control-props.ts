import type { WidgetProps } from '@rjsf/utils';

/** What every widget hands its antd control: id, off when disabled or read-only, error status, focus and blur reported to RJSF. */
export const controlProps = (p: WidgetProps) => ({
  id: p.id,
  disabled: p.disabled || p.readonly,
  status: p.rawErrors?.length ? ('error' as const) : undefined,
  onBlur: () => p.onBlur(p.id, p.value),
  onFocus: () => p.onFocus(p.id, p.value),
});
