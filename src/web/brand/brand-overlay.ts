import { useMemo } from 'react';
import { applyFieldLabels, type FieldLabels } from '../../shared/brand-overlay.ts';
import { useBrand, type BrandConfig } from './brand.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';

/** config.campos[resource].rotulos of the brand, as the overlay function reads them. */
export function brandFieldLabels(brand: BrandConfig | undefined): FieldLabels {
  const out: FieldLabels = {};
  for (const [r, c] of Object.entries(brand?.campos ?? {})) {
    const rotulos = (c as { rotulos?: Record<string, string> }).rotulos;
    if (rotulos) out[r] = rotulos;
  }
  return out;
}

/** The resource document with the brand's field labels (the shipped document is untouched). */
export function useBrandDoc(doc: ResourceDoc): ResourceDoc {
  const { data: brand } = useBrand();
  return useMemo(() => applyFieldLabels(doc as never, brandFieldLabels(brand)) as unknown as ResourceDoc, [doc, brand]);
}
