import { Form, Input } from 'antd';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { EMAIL_MAX } from '../../shared/cadastro.ts';
import { fieldStatus, recoveryEmailError, typingEmail } from './auth-rules.ts';
import { AuthStepForm } from './AuthStepForm.tsx';
import { t } from './messages.ts';

/** SPEC 2.3 / 5.2 / 8: asks for the recovery e-mail (POST Usuarios/reset). */
export default function RecoveryPage() {
  const [email, setEmail] = useState('');
  // Messages once the field was touched (erasing it shows 'Campo obrigatório!').
  const [touched, setTouched] = useState(false);
  const error = recoveryEmailError(email);

  return (
    <AuthStepForm
      title={t('auth.recuperar.titulo')}
      lead="Informe o e-mail usado para entrar no sistema. Enviaremos para ele as instruções para criar uma nova senha."
      submitLabel={t('auth.recuperar.botao')}
      invalid={!!error}
      send={() => api.post('Usuarios/reset', { sistema: 'novoerp', email })}
      done={t('sucesso.recuperar.enviado')}
      refused={{ status: 404, message: t('erro.recuperar.emailNaoEncontrado') }}
    >
      <Form.Item label="E-mail" htmlFor="recuperar-email" hasFeedback={!!email} validateStatus={fieldStatus(email, error)} help={touched && error ? error : undefined}>
        <Input id="recuperar-email" type="email" autoComplete="username" maxLength={EMAIL_MAX} value={email} onChange={(e) => {
            setTouched(true);
            setEmail(typingEmail(e.target.value));
          }} size="large" />
      </Form.Item>
    </AuthStepForm>
  );
}
