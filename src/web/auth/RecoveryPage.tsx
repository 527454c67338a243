import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { toApiError } from '../api/errors.ts';
import { showError, toast } from '../dialogs/dialogs.tsx';
import { EMAIL_MAX } from '../../shared/cadastro.ts';
import { fieldStatus, recoveryEmailError, typingEmail } from './auth-rules.ts';
import { useAuthNavigate } from './auth-nav.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { t } from './messages.ts';
import { LOGIN } from './session-flow.ts';
import { useWarning } from './use-warning.ts';

/** SPEC 2.3 / 5.2 / 8: asks for the recovery e-mail (POST Usuarios/reset). */
export default function RecoveryPage() {
  const slide = useAuthNavigate();
  const warn = useWarning();
  const [email, setEmail] = useState('');
  // Messages once the field was touched (erasing it shows 'Campo obrigatório!').
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const error = recoveryEmailError(email);

  const onSubmit = async () => {
    if (error || sending) return;
    setSending(true);
    try {
      await api.post('Usuarios/reset', { sistema: 'novoerp', email });
      toast('success', t('sucesso.recuperar.enviado'));
      slide(LOGIN, 'back');
    } catch (err) {
      setSending(false);
      const info = toApiError(err);
      if (info.status === 404) void warn(t('comum.atencao'), t('erro.recuperar.emailNaoEncontrado'));
      else showError(err);
    }
  };

  return (
    <div>
      <BrandLogo />
      <Typography.Title level={3} className="auth-title">
        {t('auth.recuperar.titulo')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
        Informe o e-mail usado para entrar no sistema. Enviaremos para ele as instruções para criar uma nova senha.
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={onSubmit} noValidate>
        <Form.Item label="E-mail" htmlFor="recuperar-email" hasFeedback={!!email} validateStatus={fieldStatus(email, error)} help={touched && error ? error : undefined}>
          <Input id="recuperar-email" type="email" autoComplete="username" maxLength={EMAIL_MAX} value={email} onChange={(e) => {
              setTouched(true);
              setEmail(typingEmail(e.target.value));
            }} size="large" />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Button type="primary" htmlType="submit" size="large" block disabled={sending || !!error}>
            {sending ? t('comum.carregando') : t('auth.recuperar.botao')}
          </Button>
          <Button size="large" block onClick={() => slide(LOGIN, 'back')}>
            {t('comum.cancelar')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
