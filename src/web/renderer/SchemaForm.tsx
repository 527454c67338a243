import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type ErrorSchema } from '@rjsf/utils';
import { Button, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lookupsOf } from '../catalog/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { buildFormShape, payloadOf, type FieldSwitchSets } from './form-schema.ts';
import { applyDerived, derivedOf, type LastTyped } from './derived.ts';
import { SectionsTemplate } from './SectionsTemplate.tsx';
import { useLookups } from './use-lookups.ts';
import { transformErrors, validator } from './validation.ts';
import type { SchemaFormContext } from './widgets/form-context.ts';
import { WIDGETS } from './widgets/index.ts';
import { OBJECT_FIELDS } from './widgets/object-fields.tsx';

type Data = Record<string, unknown>;

export interface SchemaFormProps {
  doc: ResourceDoc;
  initialData?: Data;
  brand?: FieldSwitchSets;
  /** Field messages from the server's 400 answer ({campo: mensagem}). */
  serverErrors?: Record<string, string>;
  saving?: boolean;
  onSubmit: (payload: Data) => void;
  onCancel?: () => void;
  /** The label of the leave button ('Cancelar'; 'Voltar' where 'Cancelar' is an action on the record itself). */
  cancelText?: string;
  onDirtyChange?: (dirty: boolean) => void;
  /** The data as it is being edited (a page acting on it before saving, e.g. "Simular boleto"). */
  onDataChange?: (data: Data) => void;
  /** Values a page puts in the form from outside (a boleto line read into amount and due date). */
  patch?: Data;
  /** What a page shows inside the form before its buttons (line items kept in an antd table, attachments). */
  children?: ReactNode;
}

const NO_SWITCHES: FieldSwitchSets = { hidden: new Set(), required: new Set() };
const TEMPLATES = { ObjectFieldTemplate: SectionsTemplate };

// An array with minItems (a variation's values) starts empty, not with blank items the person must remove.
const DEFAULTS_BEHAVIOR = { arrayMinItems: { populate: 'never' as const } };

const same = (a: Data, b: Data) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form of any resource: RJSF with the antd theme, laid out by the document's sections; rules and brand
 * switches re-applied as the data changes; SPEC 5.5 messages, shown only once the person tried to save.
 */
export function SchemaForm({ doc, initialData = {}, brand = NO_SWITCHES, serverErrors, saving, onSubmit, onCancel, cancelText = 'Cancelar', onDirtyChange, onDataChange, patch, children }: SchemaFormProps) {
  const [data, setData] = useState<Data>(initialData);
  const [submitted, setSubmitted] = useState(false);
  const dataRef = useRef(data);
  dataRef.current = data;
  const lastTyped = useRef<LastTyped>({});
  const lookupsReady = useLookups(lookupsOf(doc));
  const derived = derivedOf(doc);
  const shape = useMemo(() => buildFormShape(doc, data, brand), [doc, data, brand]);
  // The untouched form is the record with the schema defaults filled in: only what the person changes makes it dirty.
  const initial = useRef<Data | null>(null);
  initial.current ??= (getDefaultFormState(validator, shape.schema, initialData, undefined, false, DEFAULTS_BEHAVIOR) as Data) ?? {};

  const change = useCallback(
    (next: Data) => {
      setData((prev) => {
        let out = next;
        if (derived.length) {
          const r = applyDerived(derived, prev, next, lastTyped.current);
          lastTyped.current = r.last;
          out = r.data;
        }
        onDirtyChange?.(!same(payloadOf(doc, out, new Set()), payloadOf(doc, initial.current ?? {}, new Set())));
        return out;
      });
    },
    [doc, derived, onDirtyChange],
  );

  useEffect(() => onDataChange?.(data), [data, onDataChange]);
  // Each patch object is applied once (change may be a new function on a later render).
  const applied = useRef<Data | undefined>(undefined);
  useEffect(() => {
    if (!patch || applied.current === patch) return;
    applied.current = patch;
    change({ ...dataRef.current, ...patch });
  }, [patch, change]);

  const setFields = useCallback((patch: Data) => setData((prev) => ({ ...prev, ...patch })), []);
  const formContext: SchemaFormContext = useMemo(() => ({ doc, formData: data, setFields }), [doc, data, setFields]);

  const extraErrors = useMemo(() => {
    if (!serverErrors) return undefined;
    const e: Record<string, { __errors: string[] }> = {};
    for (const [campo, msg] of Object.entries(serverErrors)) if (shape.schema.properties?.[campo]) e[campo] = { __errors: [msg] };
    return e as ErrorSchema;
  }, [serverErrors, shape]);

  if (!lookupsReady) return null;
  return (
    <Form
      schema={shape.schema}
      uiSchema={shape.uiSchema}
      formData={data}
      validator={validator}
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
      widgets={WIDGETS}
      fields={OBJECT_FIELDS}
      templates={TEMPLATES}
      formContext={formContext}
      transformErrors={(errors) => transformErrors(errors, shape.schema)}
      extraErrors={extraErrors}
      extraErrorsBlockSubmit={false}
      noHtml5Validate
      showErrorList={false}
      liveValidate={submitted ? 'onChange' : undefined}
      onChange={(e: IChangeEvent<Data>) => change(e.formData ?? {})}
      onError={() => setSubmitted(true)}
      onSubmit={(e: IChangeEvent<Data>) => {
        setSubmitted(true);
        onSubmit(payloadOf(doc, e.formData ?? {}, shape.hidden));
      }}
    >
      {children}
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Salvar
        </Button>
        {onCancel ? <Button onClick={onCancel}>{cancelText}</Button> : null}
      </Space>
    </Form>
  );
}
