import { lazy } from 'react';
import { Route } from 'react-router-dom';

const AdminDashboardPage = lazy(() => import('./AdminDashboardPage.tsx'));
const WhiteLabelPage = lazy(() => import('./WhiteLabelPage.tsx'));
const PlanoConfigPage = lazy(() => import('./PlanoConfigPage.tsx'));
const PlanoFormPage = lazy(() => import('./PlanoFormPage.tsx'));
const ModuloConfigPage = lazy(() => import('./ModuloConfigPage.tsx'));
const NpsPage = lazy(() => import('./nps/NpsPage.tsx'));

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
  ];
}
