import { getUiOptions, type FieldProps, type RegistryFieldsType, type Widget } from '@rjsf/utils';
import { WIDGETS } from './index.ts';

/**
 * RJSF draws an object property with its ObjectField, which never consults ui:widget. An object whose
 * document names a widget (e.g. the access profile's permission matrix) is therefore given that widget as a
 * ui:field (form-schema.ts): this adapter hands the field's value, path and state to the widget.
 */
export function widgetAsField(Widget: Widget) {
  function WidgetField(props: FieldProps) {
    const { fieldPathId, formData, onChange, onBlur, onFocus, schema, uiSchema, registry, name, disabled, readonly, required, rawErrors, autofocus, hideError } = props;
    return (
      <Widget
        id={fieldPathId.$id}
        name={name}
        value={formData}
        onChange={(v: unknown) => onChange(v, fieldPathId.path, undefined, fieldPathId.$id)}
        onBlur={onBlur}
        onFocus={onFocus}
        schema={schema}
        uiSchema={uiSchema}
        options={getUiOptions(uiSchema)}
        label={schema.title ?? name}
        hideLabel
        required={!!required}
        disabled={!!disabled}
        readonly={!!readonly}
        autofocus={!!autofocus}
        hideError={hideError}
        placeholder=""
        rawErrors={rawErrors}
        registry={registry}
      />
    );
  }
  return WidgetField;
}

/** Every registered widget, usable as the ui:field of an object property under the same name. */
export const OBJECT_FIELDS: RegistryFieldsType = Object.fromEntries(Object.entries(WIDGETS).map(([name, w]) => [name, widgetAsField(w)]));
