import { Suspense, useEffect, useState } from 'react';
import { createHashRouter, createRoutesFromElements, Navigate, Outlet, Route, RouterProvider, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { getToken } from '../api/session.ts';
import { Spinner } from '../auth/spinner.tsx';
import { BrandLook } from '../brand/BrandLook.tsx';
import { themeColor, useBrand } from '../brand/brand.ts';
import { DialogHost } from '../dialogs/dialogs.tsx';
import { opensAuthApp } from './auth-area.ts';
import { authAreaRoutes } from './auth-routes.tsx';

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spinner />
  </div>
);

/**
 * A route outside the auth area. Without a session it goes to the login, remembering where it was going, as
 * the whole app does (RequireAuth, and its fallback route through the dashboard); otherwise (signed in, or
 * the unavailable page) the whole app takes over.
 */
function Elsewhere({ leave }: { leave: () => void }) {
  const location = useLocation();
  const stay = opensAuthApp(location.pathname, getToken());
  useEffect(() => {
    if (!stay) leave();
  }, [stay, leave]);
  if (!stay) return loading;
  return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
}

function authRouter(leave: () => void) {
  return createHashRouter(
    createRoutesFromElements(
      <Route
        element={
          <Suspense fallback={loading}>
            <Outlet />
          </Suspense>
        }
      >
        {authAreaRoutes()}
        <Route path="/logout" element={<Navigate to="/auth/logout" replace />} />
        <Route path="*" element={<Elsewhere leave={leave} />} />
      </Route>,
    ),
  );
}

/** The brand first (SPEC 1), as the whole app does; failing that, the unavailable page (the whole app's). */
function Branded({ leave }: { leave: () => void }) {
  const { data: brand, error, isLoading } = useBrand();
  const [router] = useState(() => authRouter(leave));
  useEffect(() => () => router.dispose(), [router]);
  if (isLoading) return loading;
  if (error && !window.location.hash.includes('sistema-indisponivel')) window.location.hash = '#/pages/sistema-indisponivel';
  return (
    <>
      <DialogHost primary={themeColor(brand)} />
      <BrandLook brand={brand} />
      <RouterProvider router={router} />
    </>
  );
}

/**
 * The small app of a cold start on the auth area (or without a session): React, the router, the brand and
 * the auth screens, without antd or axios (SPEC 2.1: the rest loads on demand). Once the person signs in,
 * or goes anywhere else, `leave` hands the page over to the whole app (App.tsx), which reads the same hash
 * and the same cache.
 */
export function AuthApp({ leave }: { leave: () => void }) {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, keepPreviousData: true }}>
      <Branded leave={leave} />
    </SWRConfig>
  );
}
