import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router-dom';

const LancamentosPage = lazy(() => import('./LancamentosPage.tsx'));
const LancamentoFormPage = lazy(() => import('./LancamentoFormPage.tsx'));
const LancamentoViewPage = lazy(() => import('./LancamentoViewPage.tsx'));
const BaixasPage = lazy(() => import('./BaixasPage.tsx'));
const TransferenciasPage = lazy(() => import('./TransferenciasPage.tsx'));

const BASE = '/pages/financeiro/lancamentos';

/** SPEC 2.6 Financeiro screens without a resource document of their own: despesas, receitas, the form and a lançamento. */
export function financeiroRoutes() {
  return [
    <Route key="fin-despesas" path={`${BASE}/lista/despesas`} element={<LancamentosPage key="despesas" tipo={1} />} />,
    <Route key="fin-receitas" path={`${BASE}/lista/receitas`} element={<LancamentosPage key="receitas" tipo={0} />} />,
    <Route key="fin-despesa-nova" path={`${BASE}/lista/despesas/cadastrar`} element={<LancamentoFormPage key="despesa" tipo={1} />} />,
    <Route key="fin-receita-nova" path={`${BASE}/lista/receitas/cadastrar`} element={<LancamentoFormPage key="receita" tipo={0} />} />,
    <Route key="fin-lancamento" path={`${BASE}/visualizar/:id`} element={<LancamentoViewPage />} />,
  ];
}

/** Read-only resource documents whose list route shows a page of the module (settle, reverse, transfer) instead of the plain grid. */
export const FINANCEIRO_LIST_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  parcela: LancamentosPage as unknown as LazyExoticComponent<ComponentType>,
  baixa: BaixasPage,
  transferenciaFinanceira: TransferenciasPage,
};
