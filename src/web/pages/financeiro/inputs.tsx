import type { WidgetProps } from '@rjsf/utils';
import { DecimalInput } from '../../renderer/widgets/NumberWidgets.tsx';
import { DateWidget } from '../../renderer/widgets/DateWidget.tsx';

const noop = () => {};
// The form widgets outside a form: the same typing rules (pt-BR money, dd/mm/aaaa), the value as the API wants it.
const base = (id: string) => ({ id, onBlur: noop, onFocus: noop }) as unknown as WidgetProps;

/** R$ typed the pt-BR way; onChange gets '1234.56' (or the raw text while it is not a value). */
export function MoneyInput({ id, value, onChange, disabled }: { id: string; value: string | undefined; onChange: (v: string | undefined) => void; disabled?: boolean }) {
  return <DecimalInput {...base(id)} value={value} onChange={onChange} disabled={disabled} places={2} shownPlaces={2} prefix="R$" />;
}

/** dd/mm/aaaa; onChange gets 'yyyy-MM-dd'. */
export function DateInput({ id, value, onChange }: { id: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  return <DateWidget {...base(id)} value={value} onChange={onChange} />;
}
