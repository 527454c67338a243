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

/** The last brand configuration read, kept for the point of sale's offline start (issue 19). */
const BRAND_STORE = 'retaguarda.marca';
const noServer = (err: unknown) => !(err as { response?: unknown })?.response;

/**
 * What follows every brand configuration read from the server, however it came: through loadBrand, or through
 * the entry's early request handed straight to the cache (start.tsx; loadBrand then never runs): the API
 * endpoint applied and the configuration kept for the PDV's offline start. (Kept only by loadBrand, a brand
 * that arrived early was never stored, and #/pdv reloaded with the server stopped went to "sistema
 * indisponível", whose chunk the PDV's service worker does not hold: a blank page.)
 */
export function brandArrived(brand: BrandConfig): void {
  try {
    localStorage.setItem(BRAND_STORE, JSON.stringify(brand));
  } catch {
    /* storage full or denied: the next offline start of the PDV just cannot use it */
  }
  applyApiEndpoint(brand);
}

async function loadBrand(): Promise<BrandConfig> {
  let brand: BrandConfig;
  try {
    brand = await viaEarly(BRAND_KEY, async () => (await http.get<BrandConfig>(BRAND_KEY)).data);
    brandArrived(brand);
    return brand;
  } catch (err) {
    // SPEC 1 sends to 'sistema indisponível' when the brand cannot be read; the web POS alone keeps selling
    // through an outage, so #/pdv starts with the brand it read last when the server cannot be reached.
    const kept = window.location.hash.startsWith('#/pdv') && noServer(err) ? localStorage.getItem(BRAND_STORE) : null;
    if (!kept) throw err;
    brand = JSON.parse(kept) as BrandConfig;
  }
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
