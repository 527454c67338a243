import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '../api/session.ts';

/** SPEC 2.2: without a session token, pages/* go to auth/login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getToken()) return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
