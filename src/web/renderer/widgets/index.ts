import type { RegistryWidgetsType } from '@rjsf/utils';
import { DateWidget } from './DateWidget.tsx';
import { CepWidget, CpfCnpjWidget, GtinWidget, NcmWidget, PhoneWidget } from './MaskedWidgets.tsx';
import { MoneyWidget, PercentWidget, QuantityWidget } from './NumberWidgets.tsx';
import { LookupWidget, MunicipioWidget, RelationWidget } from './SelectWidgets.tsx';
import { PermissionMatrixWidget } from './PermissionMatrix.tsx';
import { TagsWidget } from './TagsWidget.tsx';

/** The widget registry: one input per field kind, picked by format/annotation, never by entity. */
export const WIDGETS: RegistryWidgetsType = {
  cpfCnpj: CpfCnpjWidget,
  phone: PhoneWidget,
  cep: CepWidget,
  ncm: NcmWidget,
  gtin: GtinWidget,
  money: MoneyWidget,
  quantity: QuantityWidget,
  decimal: QuantityWidget,
  percent: PercentWidget,
  brDate: DateWidget,
  lookup: LookupWidget,
  relation: RelationWidget,
  municipio: MunicipioWidget,
  permissionMatrix: PermissionMatrixWidget,
  tags: TagsWidget,
};
