import { useEffect, useState } from 'react';
import type { LookupItem } from '../../../../generated/schema-types.ts';
import { loadLookup } from '../../catalog/registry.ts';

/** Select options of SPEC 3.2 lists (bundled lookups, loaded on first use). */
export function useLookupOptions(name: string, withCode = false): { value: string | number; label: string }[] {
  const [items, setItems] = useState<LookupItem[]>([]);
  useEffect(() => {
    let alive = true;
    loadLookup(name).then((i) => alive && setItems(i));
    return () => {
      alive = false;
    };
  }, [name]);
  return items.map((i) => ({ value: i.value as string | number, label: withCode ? `${i.value} - ${i.label}` : String(i.value) }));
}
