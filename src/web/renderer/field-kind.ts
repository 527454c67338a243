import { fieldType, FIELD_TYPES, type FieldKind, type FieldTypeProperty, type FilterKind } from '../../shared/field-types.ts';

export { fieldKind, type FieldKind, type FilterKind } from '../../shared/field-types.ts';

/** The per-column filter a field gets in the grid (the field-type registry's). */
export const filterKindOf = (p: FieldTypeProperty | undefined): FilterKind => fieldType(p).filter;

/** Fields stored as bare digits whatever mask the person sees. */
export const DIGIT_KINDS = new Set<FieldKind>((Object.keys(FIELD_TYPES) as FieldKind[]).filter((k) => 'digits' in FIELD_TYPES[k]));
