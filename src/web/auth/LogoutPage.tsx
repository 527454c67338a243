import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession, LOGIN, LOGOUT_REDIRECT_MS } from './session-flow.ts';
import { Spinner } from './ui.tsx';

/** SPEC 2.3: ends the session (token, user info, every 'cache:' key), then goes to /auth/login after 2 s. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    endSession();
    const timer = setTimeout(() => navigate(LOGIN, { replace: true, state: { enter: 'left' } }), LOGOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spinner large />
      <div className="ant-typography ant-typography-secondary auth-logout-text">Saindo do sistema...</div>
    </div>
  );
}
