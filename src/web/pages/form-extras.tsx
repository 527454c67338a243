import { Card, Tabs } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDoc } from '../../../generated/schema-types.ts';

type Extra = { key: string; label: string; Component: LazyExoticComponent<ComponentType<{ id: number }>> };

/**
 * Sections a saved record shows below its form, by resource: what the document cannot hold (a product's
 * stock and ledger, SKU grid and price history, a label layout's sample). Each loads with its first visit.
 */
const EXTRAS: Record<string, Extra[]> = {
  produto: [
    { key: 'estoque', label: 'Estoque', Component: lazy(() => import('./estoque/ProdutoEstoque.tsx')) },
    { key: 'grade', label: 'Grade', Component: lazy(() => import('./estoque/ProdutoGrade.tsx')) },
    { key: 'precos', label: 'Histórico de preços', Component: lazy(() => import('./estoque/ProdutoHistoricoPrecos.tsx')) },
    { key: 'ibscbs', label: 'IBS/CBS sugerido', Component: lazy(() => import('./estoque/ProdutoSugestaoIbsCbs.tsx')) },
  ],
  servico: [{ key: 'ibscbs', label: 'IBS/CBS sugerido', Component: lazy(() => import('./estoque/ProdutoSugestaoIbsCbs.tsx')) }],
  contatoComercial: [{ key: 'interacoes', label: 'Interações', Component: lazy(() => import('./vendas/ContatoInteracoes.tsx')) }],
  etiqueta: [{ key: 'amostra', label: 'Amostra', Component: lazy(() => import('./estoque/EtiquetaAmostra.tsx')) }],
  empresa: [{ key: 'logo', label: 'Logo do DANFE', Component: lazy(() => import('./fiscal/EmpresaLogo.tsx')) }],
  perfilTributario: [
    { key: 'regras', label: 'Tributações estaduais', Component: lazy(() => import('./fiscal/PerfilTributarioRegras.tsx')) },
    { key: 'federais', label: 'Tributações federais', Component: lazy(() => import('./fiscal/PerfilTributarioFederais.tsx')) },
    { key: 'simular', label: 'Simular', Component: lazy(() => import('./fiscal/PerfilTributarioSimular.tsx')) },
  ],
};

export function FormExtras({ doc, id }: { doc: ResourceDoc; id: string | undefined }) {
  const extras = EXTRAS[doc.name];
  const n = Number(id);
  if (!extras || !Number.isSafeInteger(n) || n <= 0) return null;
  return (
    <Card size="small" style={{ marginTop: 24 }} data-form-extras={doc.name}>
      <Tabs
        destroyOnHidden
        items={extras.map((e) => ({
          key: e.key,
          label: e.label,
          children: (
            <Suspense fallback={null}>
              <e.Component id={n} />
            </Suspense>
          ),
        }))}
      />
    </Card>
  );
}
