import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { clearSession, getToken } from '../../app/session.ts';

/** SPEC 2.3: ends the session, then goes to /auth/login after 2 seconds. */
export const LOGOUT_REDIRECT_MS = 2000;

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    if (getToken()) api.post('Usuarios/logout').catch(() => {});
    clearSession();
    const t = setTimeout(() => navigate('/auth/login', { replace: true }), LOGOUT_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
