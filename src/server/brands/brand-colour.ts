import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../catalog/documents.ts';
import type { BrandRow } from '../http/brand-resolver.ts';

interface Theme {
  name: string;
  color: string;
  colorFrom?: string;
}
const THEMES: { default: string; themes: Theme[] } = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'brands/themes.json'), 'utf8'));
const HEX = /^#[0-9a-fA-F]{3,8}$/;

/** The brand's primary colour as the browser computes it (tema, or misc.customThemeColor for 'custom'). */
export function brandColour(brand: BrandRow): string {
  const c = brand.config ?? {};
  const theme = THEMES.themes.find((t) => t.name === c.tema) ?? THEMES.themes.find((t) => t.name === THEMES.default)!;
  if (theme.colorFrom === 'misc.customThemeColor' && typeof c.misc?.customThemeColor === 'string' && HEX.test(c.misc.customThemeColor)) return c.misc.customThemeColor;
  return theme.color;
}
