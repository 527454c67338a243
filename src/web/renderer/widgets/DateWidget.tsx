import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { formatDate, parseDateBR } from '../../../shared/dates.ts';
import { typingDate } from '../masks.ts';
import { controlProps } from './control-props.ts';

/**
 * dd/MM/yyyy typed with a mask; the form holds 'yyyy-MM-dd'. Text that is not a real date is handed on as
 * typed, so the 'date' format fails and the field shows 'Campo inválido!'.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange } = props;
  const [text, setText] = useState(() => (value ? formatDate(String(value)) : ''));
  useEffect(() => {
    const mine = parseDateBR(text) ?? (text || undefined);
    if ((value ?? undefined) !== mine) setText(value && /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? formatDate(String(value)) : value ? String(value) : '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      {...controlProps(props)}
      name={id}
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      value={text}
      onChange={(e) => {
        const t = typingDate(e.target.value);
        setText(t);
        onChange(t ? parseDateBR(t) ?? t : undefined);
      }}
    />
  );
}
