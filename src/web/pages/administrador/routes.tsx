import { lazy } from 'react';
import { Route } from 'react-router-dom';

const AdminDashboardPage = lazy(() => import('./AdminDashboardPage.tsx'));
const WhiteLabelPage = lazy(() => import('./WhiteLabelPage.tsx'));
const PlanoConfigPage = lazy(() => import('./PlanoConfigPage.tsx'));
const PlanoFormPage = lazy(() => import('./PlanoFormPage.tsx'));
const ModuloConfigPage = lazy(() => import('./ModuloConfigPage.tsx'));
const NpsPage = lazy(() => import('./nps/NpsPage.tsx'));
const BancosPage = lazy(() => import('./tabelas/BancosPage.tsx'));
const SequenciaFilialPage = lazy(() => import('./tabelas/SequenciaFilialPage.tsx'));
const ImportacaoIbptPage = lazy(() => import('./tabelas/ImportacaoIbptPage.tsx'));
const FinanceiroWhitelabelPage = lazy(() => import('./tabelas/FinanceiroWhitelabelPage.tsx'));
const PdvVersaoPage = lazy(() => import('./tabelas/PdvVersaoPage.tsx'));
const TabelasIbsCbsPage = lazy(() => import('./tabelas/TabelasIbsCbsPage.tsx'));
const AjudaPage = lazy(() => import('./tabelas/AjudaPage.tsx'));
const ExcluirPage = lazy(() => import('./tabelas/ExcluirPage.tsx'));
const ContasPage = lazy(() => import('./tabelas/ContasPage.tsx'));
const JobsPage = lazy(() => import('./tabelas/JobsPage.tsx'));

const BASE = '/administrador/configuracoes';

/** SPEC 2.8 screens of the administrator area built so far (inside the shell; the others stay pending). */
export function adminRoutes() {
  return [
    <Route key="admin-dashboard" path={`${BASE}/dashboard`} element={<AdminDashboardPage />} />,
    <Route key="admin-whitelabel" path={`${BASE}/whitelabel`} element={<WhiteLabelPage />} />,
    <Route key="admin-planos" path={`${BASE}/plano-config`} element={<PlanoConfigPage />} />,
    <Route key="admin-planos-cadastrar" path={`${BASE}/plano-config/cadastrar`} element={<PlanoFormPage key="cadastrar" mode="cadastrar" />} />,
    <Route key="admin-planos-editar" path={`${BASE}/plano-config/editar/:id`} element={<PlanoFormPage key="editar" mode="editar" />} />,
    <Route key="admin-modulos" path={`${BASE}/modulo-config`} element={<ModuloConfigPage />} />,
    <Route key="admin-nps" path={`${BASE}/nps`} element={<NpsPage />} />,
    <Route key="admin-bancos" path={`${BASE}/bancos`} element={<BancosPage />} />,
    <Route key="admin-sequencia" path={`${BASE}/sequencia-filial`} element={<SequenciaFilialPage />} />,
    <Route key="admin-ibpt-ncm" path={`${BASE}/importacao-ibpt-ncm`} element={<ImportacaoIbptPage key="ncm" tipo="ncm" />} />,
    <Route key="admin-ibpt-cest" path={`${BASE}/importacao-ibpt-cest`} element={<ImportacaoIbptPage key="cest" tipo="cest" />} />,
    <Route key="admin-financeiro" path={`${BASE}/financeiro-whitelabel`} element={<FinanceiroWhitelabelPage />} />,
    <Route key="admin-pdv" path={`${BASE}/pdv-versao`} element={<PdvVersaoPage />} />,
    <Route key="admin-tabelas-ibscbs" path={`${BASE}/tabelas-ibscbs`} element={<TabelasIbsCbsPage />} />,
    <Route key="admin-ajuda" path={`${BASE}/ajuda`} element={<AjudaPage />} />,
    <Route key="admin-excluir-produtos" path={`${BASE}/excluir-produtos`} element={<ExcluirPage key="produtos" alvo="produtos" />} />,
    <Route key="admin-excluir-filial" path={`${BASE}/excluir-filial`} element={<ExcluirPage key="filial" alvo="filial" />} />,
    <Route key="admin-contas" path={`${BASE}/contas`} element={<ContasPage />} />,
    <Route key="admin-jobs" path={`${BASE}/jobs`} element={<JobsPage />} />,
  ];
}
