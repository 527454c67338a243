import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { loadLoginPage } from './page-chunks.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { AuthShell } from '../auth/AuthShell.tsx';

// Each auth screen is its own chunk; the shell stays while the next one loads.
const LoginPage = lazy(loadLoginPage); // asked for by the entry on a cold start (app/preload.ts)
const RecoveryPage = lazy(() => import('../auth/RecoveryPage.tsx'));
const ResetPage = lazy(() => import('../auth/ResetPage.tsx'));
const LogoutPage = lazy(() => import('../auth/LogoutPage.tsx'));
// Issue 37: the accountant's invitation link.
const ConviteContadorPage = lazy(() => import('../auth/ConviteContadorPage.tsx'));
// With antd and the brand's theme for it (the other auth screens are plain React).
const SignUpPage = lazy(() => import('../auth/SignUpRoute.tsx'));
const PlanosPage = lazy(() => import('../auth/PlanosPage.tsx'));

/**
 * SPEC 2.1 / 2.3 routes of the authentication area, inside the auth shell: /auth (login), login and
 * login/{user_token}, planos/{user_token}, recuperar-senha, resetar-senha/{access_token}, cadastrar (and
 * cadastrar/{access_token}), logout; the top-level cadastrar and cadastrar-erp, each also with {access_token} (no cover: usually framed in the brand's
 * own site). What the small auth app (AuthApp.tsx) draws.
 */
export function authAreaRoutes() {
  return [
    <Route key="auth" element={<AuthShell />}>
      <Route path="/auth" element={<LoginPage />} />
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/auth/login/:user_token" element={<LoginPage />} />
      <Route path="/auth/planos/:user_token" element={<LoginPage />} />
      <Route path="/auth/recuperar-senha" element={<RecoveryPage />} />
      <Route path="/auth/resetar-senha/:access_token" element={<ResetPage />} />
      <Route path="/auth/cadastrar" element={<SignUpPage />} />
      <Route path="/auth/cadastrar/:access_token" element={<SignUpPage />} />
      <Route path="/auth/logout" element={<LogoutPage />} />
      <Route path="/auth/convite-contador/:token" element={<ConviteContadorPage />} />
    </Route>,
    <Route key="cadastrar" element={<AuthShell bare />}>
      <Route path="/cadastrar" element={<SignUpPage />} />
      <Route path="/cadastrar/:access_token" element={<SignUpPage />} />
      <Route path="/cadastrar-erp" element={<SignUpPage />} />
      <Route path="/cadastrar-erp/:access_token" element={<SignUpPage />} />
    </Route>,
  ];
}

/** The auth area and planos, the subscription-plan signing (signed in): the routes of the whole app. */
export function authRoutes() {
  return [...authAreaRoutes(), <Route key="planos" path="/planos" element={<RequireAuth><PlanosPage /></RequireAuth>} />];
}
