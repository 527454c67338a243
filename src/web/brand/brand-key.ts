import { BRAND_DATA_ID } from '../../shared/brand-in-page.ts';

/** Where the brand configuration is read (SPEC 1): its API path and its cache key. A leaf: the entry and the pages both use it. */
export const BRAND_KEY = 'ConfigWhiteLabels/atual';

/**
 * The brand configuration the server wrote into index.html for this host (the same JSON BRAND_KEY answers),
 * or null when the page has none (the dev server's index.html, a page served without a brand, a broken block):
 * then the entry asks for it as before.
 */
export function brandInPage(doc: Pick<Document, 'getElementById'> = document): unknown {
  const text = doc.getElementById(BRAND_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as unknown;
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}
