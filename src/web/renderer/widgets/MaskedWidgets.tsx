import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useEffect, useRef } from 'react';
import { onlyDigits } from '../../../shared/cpf-cnpj.ts';
import { api } from '../../api/client.ts';
import { ufFromCep } from '../cep.ts';
import { cpfCnpjValue, typingCep, typingCpfCnpj, typingNcm, typingPhone } from '../masks.ts';
import { controlProps } from './control-props.ts';
import { formContextOf } from './form-context.ts';

interface MaskedProps extends WidgetProps {
  mask: (text: string) => string;
  unmask: (text: string) => string;
  maxLength?: number;
  keyboard?: 'numeric' | 'text';
}

/** An antd Input that shows a mask and hands the form the bare value (empty means no value). */
export function MaskedInput(props: MaskedProps) {
  const { id, value, onChange, placeholder, mask, unmask, maxLength, keyboard = 'numeric' } = props;
  const shown = value === undefined || value === null ? '' : mask(String(value));
  return (
    <Input
      {...controlProps(props)}
      name={id}
      value={shown}
      inputMode={keyboard}
      maxLength={maxLength}
      placeholder={placeholder}
      onChange={(e) => {
        const v = unmask(e.target.value);
        onChange(v === '' ? undefined : v);
      }}
    />
  );
}

export function CpfCnpjWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={typingCpfCnpj} unmask={cpfCnpjValue} maxLength={18} keyboard="text" />;
}

export function PhoneWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={typingPhone} unmask={(t) => onlyDigits(t).slice(0, 11)} maxLength={16} />;
}

export function NcmWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={typingNcm} unmask={(t) => onlyDigits(t).slice(0, 8)} maxLength={10} />;
}

export function GtinWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={(t) => t} unmask={(t) => (/^sem/i.test(t) ? t.toUpperCase().slice(0, 8) : onlyDigits(t).slice(0, 14))} maxLength={14} keyboard="text" />;
}

interface CepAddress {
  uf?: string;
  codigoIbge?: number;
  codigoMunicipio?: number;
  logradouro?: string;
  bairro?: string;
}

/** Asks the Ceps API for the address of a CEP; null when it has none. */
export async function findCep(cep: string): Promise<CepAddress | null> {
  try {
    const r = await api.get<CepAddress>('Ceps/findOne', { params: { filter: { where: { cep } } } });
    return r.data ?? null;
  } catch {
    return null;
  }
}

/**
 * CEP: a complete CEP fills endereço, bairro, UF and município (SPEC 7.6 Ceps API). When the API knows no address
 * for it, the UF still comes from the Correios ranges and the município is left for the person to choose.
 */
export function CepWidget(props: WidgetProps) {
  const ctxRef = useRef(formContextOf(props.registry));
  ctxRef.current = formContextOf(props.registry);
  const last = useRef<string | null>(null);
  const autoFilled = useRef<Partial<Record<'logradouro' | 'bairro', string>>>({});
  const value = props.value ? String(props.value) : '';
  useEffect(() => {
    const d = onlyDigits(value);
    const ctx = ctxRef.current;
    if (d.length !== 8 || last.current === d || !ctx) return;
    const first = last.current === null;
    last.current = d;
    if (first && ctx.formData.uf) return; // a record opened for editing keeps its address
    const props2 = ctx.doc.schema.properties;
    let alive = true;
    findCep(d).then((addr) => {
      if (!alive) return;
      const ctx = ctxRef.current!;
      const patch: Record<string, unknown> = {};
      const uf = addr?.uf ?? ufFromCep(d);
      if (uf && props2.uf) patch.uf = uf;
      const mun = addr?.codigoIbge ?? addr?.codigoMunicipio;
      if (props2.codigoMunicipio) patch.codigoMunicipio = mun ?? (uf !== ctx.formData.uf ? undefined : ctx.formData.codigoMunicipio);
      // Endereço and bairro: filled when empty or still as a previous lookup filled them, never over what was typed.
      for (const k of ['logradouro', 'bairro'] as const) {
        const cur = ctx.formData[k];
        if (addr?.[k] && props2[k] && (!cur || cur === autoFilled.current[k])) patch[k] = autoFilled.current[k] = addr[k];
      }
      ctx.setFields(patch);
    });
    return () => {
      alive = false;
    };
  }, [value]);
  return <MaskedInput {...props} mask={typingCep} unmask={(t) => onlyDigits(t).slice(0, 8)} maxLength={9} />;
}
