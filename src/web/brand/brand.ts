import useSWR from 'swr';
import themes from '../../../schemas/brands/themes.json';
import { viaEarly } from '../api/early.ts';
import { http, setApiBase } from '../api/request.ts';
import { BRAND_KEY } from './brand-key.ts';

export { BRAND_KEY };

export interface BrandConfig {
  id: number;
  idConfig: string;
  tema: string;
  title: string;
  cadastroHabilitado?: boolean;
  campos?: Record<string, { ocultar?: string[]; obrigatorios?: string[] }>;
  misc?: Record<string, unknown>;
  /** SPEC 3: the API base the app calls once the brand is known. */
  API_ENDPOINT?: string;
  [k: string]: unknown;
}

/** SPEC 7: every call after the brand is known goes to the brand's API endpoint (the same server by default). */
export function applyApiEndpoint(brand: Pick<BrandConfig, 'API_ENDPOINT'> | undefined): void {
  const e = typeof brand?.API_ENDPOINT === 'string' ? brand.API_ENDPOINT.trim() : '';
  if (e) setApiBase(e.endsWith('/') ? e : `${e}/`);
}

async function loadBrand(): Promise<BrandConfig> {
  const brand = await viaEarly(BRAND_KEY, async () => (await http.get<BrandConfig>(BRAND_KEY)).data);
  applyApiEndpoint(brand);
  return brand;
}

export function useBrand() {
  return useSWR<BrandConfig>(BRAND_KEY, loadBrand, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** SPEC 3.1: the theme colour; custom takes it from misc.customThemeColor. */
export function themeColor(brand: BrandConfig | undefined): string {
  const list = themes.themes as { name: string; color: string }[];
  const name = brand?.tema ?? themes.default;
  if (name === 'custom' && typeof brand?.misc?.customThemeColor === 'string') return brand.misc.customThemeColor;
  return list.find((t) => t.name === name)?.color ?? list[0].color;
}

/** Brand field switches for one resource, limited to what the document whitelists (the server does the same). */
export function brandSwitches(brand: BrandConfig | undefined, resource: { name: string; brandFields?: { hideable?: string[]; requirable?: string[] } }) {
  const entry = brand?.campos?.[resource.name];
  const hideable = new Set(resource.brandFields?.hideable ?? []);
  const requirable = new Set(resource.brandFields?.requirable ?? []);
  return {
    hidden: new Set((entry?.ocultar ?? []).filter((f) => hideable.has(f))),
    required: new Set((entry?.obrigatorios ?? []).filter((f) => requirable.has(f))),
  };
}
