import { lazy } from 'react';
import { Route } from 'react-router-dom';

const ConciliacaoOfxPage = lazy(() => import('./ConciliacaoOfxPage.tsx'));
const LancamentoRecorrentePage = lazy(() => import('./LancamentoRecorrentePage.tsx'));
const RelatoriosFinanceirosPage = lazy(() => import('./RelatoriosFinanceirosPage.tsx'));

/** Conciliação OFX (SPEC 2.6 and its pages/financeiro/ofx alias), lançamentos recorrentes, Relatórios > Financeiro. */
export function financeiroExtrasRoutes() {
  return [
    <Route key="conciliacao-ofx" path="/pages/financeiro/conciliacao-ofx" element={<ConciliacaoOfxPage />} />,
    <Route key="ofx" path="/pages/financeiro/ofx" element={<ConciliacaoOfxPage />} />,
    <Route key="lancamento-recorrente" path="/pages/financeiro/lancamento-recorrente" element={<LancamentoRecorrentePage />} />,
    <Route key="relatorios-financeiro" path="/pages/relatorios/financeiro" element={<RelatoriosFinanceirosPage />} />,
    <Route key="relatorios-financeiro-menu" path="/pages/relatorios/financeiro/menu" element={<RelatoriosFinanceirosPage />} />,
  ];
}
