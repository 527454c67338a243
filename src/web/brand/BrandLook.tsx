import { useEffect } from 'react';
import type { BrandConfig } from './brand.ts';
import { startAnalytics } from './analytics.ts';
import { applyColours, applyFavicon, brandLook, injectBrandScripts } from './brand-look.ts';
import { applyStorageChoice, installHardReloadClear } from './start-up.ts';

/**
 * Puts the brand on the page once its configuration is loaded (SPEC 1, 3, 3.1, 7): title, favicon, colours,
 * the brand's scripts and, when configured, the analytics tag. Also the start-up rules of SPEC 2.2 that live
 * for the whole page: typeStorage and Ctrl+F5. Renders nothing.
 */
export function BrandLook({ brand }: { brand: BrandConfig | undefined }) {
  const look = brandLook(brand);

  useEffect(() => {
    applyStorageChoice();
    return installHardReloadClear();
  }, []);

  useEffect(() => {
    if (look.title) document.title = look.title;
  }, [look.title]);

  useEffect(() => {
    if (look.favicon) applyFavicon(look.favicon);
  }, [look.favicon]);

  useEffect(() => {
    applyColours(look);
  }, [look.primary, look.secondary]);

  useEffect(() => {
    if (brand) injectBrandScripts(look);
  }, [brand, look.scriptLink, look.scriptIncorporar]);

  useEffect(() => {
    if (!look.analytics) return;
    return startAnalytics(look.analytics);
  }, [look.analytics]);

  return null;
}
