import { useEffect, useState } from 'react';
import { loadLookup, lookupItems } from '../catalog/registry.ts';

/** Loads the bundled lookups a screen needs; true once all are in memory. */
export function useLookups(names: string[]): boolean {
  const key = names.join(',');
  const [ready, setReady] = useState(() => names.every((n) => lookupItems(n)));
  useEffect(() => {
    let alive = true;
    if (names.every((n) => lookupItems(n))) {
      setReady(true);
      return;
    }
    Promise.all(names.map(loadLookup)).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return ready;
}
