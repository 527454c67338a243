import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../api/client.ts';
import { toApiError } from '../api/errors.ts';
import { showError, toast } from '../dialogs/dialogs.tsx';
import { confirmationError, fieldStatus, passwordError } from './auth-rules.ts';
import { useAuthNavigate } from './auth-nav.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { t } from './messages.ts';
import { LOGIN } from './session-flow.ts';
import { useWarning } from './use-warning.ts';

/** SPEC 2.3 / 5.3 / 8: a new password through the single-use link of the recovery e-mail. */
export default function ResetPage() {
  const { access_token: accessToken = '' } = useParams();
  const slide = useAuthNavigate();
  const warn = useWarning();
  const [password, setPassword] = useState('');
  const [confirmar, setConfirmar] = useState('');
  const [sending, setSending] = useState(false);
  const [touched, setTouched] = useState({ password: false, confirmar: false });
  const passwordErr = passwordError(password);
  const confirmErr = confirmationError(password, confirmar);
  const invalid = !!passwordErr || !!confirmErr;

  const onSubmit = async () => {
    if (invalid || sending) return;
    setSending(true);
    try {
      await api.post('Usuarios/reset-password', { password, confirmar }, { params: { access_token: accessToken } });
      toast('success', t('sucesso.resetar.alterada'));
      slide(LOGIN, 'back');
    } catch (err) {
      setSending(false);
      const info = toApiError(err);
      if (info.status === 410) void warn(t('comum.atencao'), t('erro.resetar.linkUsado'));
      else showError(err);
    }
  };

  return (
    <div>
      <BrandLogo />
      <Typography.Title level={3} className="auth-title">
        {t('auth.resetar.titulo')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
        Escolha uma nova senha com pelo menos 6 caracteres.
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={onSubmit} noValidate>
        <Form.Item label={t('auth.resetar.novaSenha')} htmlFor="resetar-senha" validateStatus={fieldStatus(password, passwordErr)} help={touched.password && passwordErr ? passwordErr : undefined}>
          <Input.Password id="resetar-senha" autoComplete="new-password" value={password} onChange={(e) => {
              setTouched((prev) => ({ ...prev, password: true }));
              setPassword(e.target.value);
            }} size="large" />
        </Form.Item>
        <Form.Item label={t('auth.resetar.confirmarSenha')} htmlFor="resetar-confirmar" validateStatus={fieldStatus(confirmar, confirmErr)} help={touched.confirmar && confirmErr ? confirmErr : undefined}>
          <Input.Password id="resetar-confirmar" autoComplete="new-password" value={confirmar} onChange={(e) => {
              setTouched((prev) => ({ ...prev, confirmar: true }));
              setConfirmar(e.target.value);
            }} size="large" />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Button type="primary" htmlType="submit" size="large" block disabled={sending || invalid}>
            {sending ? t('comum.carregando') : t('comum.confirmar')}
          </Button>
          <Button size="large" block onClick={() => slide(LOGIN, 'back')}>
            {t('comum.cancelar')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
