import { useState } from 'react';
import { http } from '../api/request.ts';
import { EMAIL_MAX } from '../../shared/cadastro.ts';
import { fieldStatus, recoveryEmailError, typingEmail } from './auth-rules.ts';
import { AuthStepForm } from './AuthStepForm.tsx';
import { t } from './messages.ts';
import { Field, TextInput } from './ui.tsx';

/** SPEC 2.3 / 5.2 / 8: asks for the recovery e-mail (POST Usuarios/reset). */
export default function RecoveryPage() {
  const [email, setEmail] = useState('');
  // Messages once the field was touched (erasing it shows 'Campo obrigatório!').
  const [touched, setTouched] = useState(false);
  const error = recoveryEmailError(email);
  const status = fieldStatus(email, error);

  return (
    <AuthStepForm
      title={t('auth.recuperar.titulo')}
      lead="Informe o e-mail usado para entrar no sistema. Enviaremos para ele as instruções para criar uma nova senha."
      submitLabel={t('auth.recuperar.botao')}
      invalid={!!error}
      send={() => http.post('Usuarios/reset', { sistema: 'novoerp', email })}
      done={t('sucesso.recuperar.enviado')}
      refused={{ status: 404, message: t('erro.recuperar.emailNaoEncontrado') }}
    >
      <Field id="recuperar-email" label="E-mail" status={status} help={touched ? error : null}>
        <TextInput
          id="recuperar-email"
          type="email"
          autoComplete="username"
          maxLength={EMAIL_MAX}
          value={email}
          status={status}
          feedback={!!email}
          onChange={(e) => {
            setTouched(true);
            setEmail(typingEmail(e.target.value));
          }}
        />
      </Field>
    </AuthStepForm>
  );
}
