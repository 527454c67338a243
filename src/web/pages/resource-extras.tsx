import { lazy, Suspense } from 'react';

// Read-only panels a resource's edit page shows under its form, by resource name (loaded on demand).
const EXTRAS: Record<string, React.LazyExoticComponent<React.ComponentType<{ id: string }>>> = {
  produto: lazy(() => import('./estoque/ProdutoEstoque.tsx')),
};

export function ResourceExtras({ name, id }: { name: string; id: string }) {
  const Panel = EXTRAS[name];
  if (!Panel) return null;
  return (
    <Suspense fallback={null}>
      <Panel id={id} />
    </Suspense>
  );
}
