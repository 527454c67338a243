import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { formatDecimal, parseBRL } from '../../../shared/money.ts';
import { controlProps } from './control-props.ts';

interface DecimalProps extends WidgetProps {
  places: number;
  prefix?: string;
  suffix?: string;
  /** Decimals shown when the field is not being edited. */
  shownPlaces?: number;
}

const trimZeros = (s: string) => (s.includes(',') ? s.replace(/0+$/, '').replace(/,$/, '') : s);

/**
 * Numbers typed the pt-BR way ('1.234,56'): the form holds a decimal string ('1234.56'), never a float.
 * The text is kept as typed while it still means the same value, so a recomputed value shows at once.
 */
export function DecimalInput(props: DecimalProps) {
  const { id, value, onChange, onBlur, placeholder, places, prefix, suffix, shownPlaces } = props;
  const show = (v: unknown) => (v === undefined || v === null || v === '' ? '' : shownPlaces === undefined ? trimZeros(formatDecimal(String(v), places)) : formatDecimal(String(v), shownPlaces));
  const [text, setText] = useState(() => show(value));
  useEffect(() => {
    const current = parseBRL(text, places);
    const incoming = value === undefined || value === null || value === '' ? null : parseBRL(String(value).replace('.', ','), places);
    if (current !== incoming) setText(show(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      {...controlProps(props)}
      name={id}
      inputMode="decimal"
      value={text}
      prefix={prefix}
      suffix={suffix}
      placeholder={placeholder}
      onChange={(e) => {
        const t = e.target.value.replace(/[^\d.,-]/g, '');
        setText(t);
        const parsed = parseBRL(t, places);
        onChange(parsed === null ? (t.trim() ? t : undefined) : parsed);
      }}
      onBlur={() => {
        const parsed = parseBRL(text, places);
        if (parsed !== null) setText(show(parsed));
        onBlur(id, value);
      }}
    />
  );
}

/** BRL: prefix 'R$', decimal comma, thousands dot, 2 decimals, negatives allowed (SPEC 9). */
export function MoneyWidget(props: WidgetProps) {
  return <DecimalInput {...props} places={2} shownPlaces={2} prefix="R$" />;
}

/** Quantities: up to 4 decimals with comma. */
export function QuantityWidget(props: WidgetProps) {
  return <DecimalInput {...props} places={4} />;
}

export function PercentWidget(props: WidgetProps) {
  return <DecimalInput {...props} places={2} suffix="%" />;
}
