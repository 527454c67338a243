import { Button, Card, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { showError } from '../../dialogs/dialogs.tsx';
import { getToken, saveSession, type SessionUser } from '../../app/session.ts';

export const LOGIN_FAILED_TITLE = 'Falha ao entrar no sistema';
export const LOGIN_FAILED_TEXT = 'Dados inválidos, verifique e-mail/senha e tente novamente.';

/** Minimal sign-in (the full auth area is another issue): SPEC 5.1 rules, SPEC 8 login errors. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  if (getToken()) return <Navigate to="/pages/dashboard" replace />;
  const from = (location.state as { from?: string } | null)?.from;

  const onFinish = async (values: { email: string; password: string }) => {
    setLoading(true);
    try {
      const r = await api.post<{ id: string; user: SessionUser }>('Usuarios/login?include=user', values);
      saveSession(r.data.id, r.data.user);
      // The permission map (menus, row actions) comes with the user info (SPEC 7.1 getUserInfo).
      const info = await api.get<SessionUser>('Usuarios/getUserInfo', { params: { sistema: 'novoerp' } }).catch(() => null);
      if (info?.data) saveSession(r.data.id, { ...r.data.user, ...info.data });
      const admin = r.data.user.isAvanco || r.data.user.master;
      navigate(from ?? (admin ? '/administrador/configuracoes/dashboard' : '/pages/dashboard'), { replace: true });
    } catch (err) {
      const info = toApiError(err);
      if (info.status === 401) Modal.warning({ title: LOGIN_FAILED_TITLE, content: info.message || LOGIN_FAILED_TEXT });
      else showError(err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card title="Entrar" style={{ width: 360 }}>
        <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item
            label="E-mail"
            name="email"
            normalize={(v: string) => (v ?? '').toLowerCase()}
            rules={[
              { required: true, message: 'Campo Obrigatório!' },
              { type: 'email', message: 'E-mail inválido!' },
              { max: 50, message: 'Máximo 50 caracteres!' },
            ]}
          >
            <Input autoComplete="username" maxLength={50} />
          </Form.Item>
          <Form.Item label="Senha" name="password" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 6, message: 'Mínimo 6 caracteres!' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block disabled={loading}>
            {loading ? 'Carregando...' : 'Entrar'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
