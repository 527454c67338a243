import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { http } from '../api/request.ts';
import { confirmationError, fieldStatus, passwordError } from './auth-rules.ts';
import { AuthStepForm } from './AuthStepForm.tsx';
import { t } from './messages.ts';
import { Field, PasswordInput } from './ui.tsx';

/** SPEC 2.3 / 5.3 / 8: a new password through the single-use link of the recovery e-mail. */
export default function ResetPage() {
  const { access_token: accessToken = '' } = useParams();
  const [values, setValues] = useState({ password: '', confirmar: '' });
  const [touched, setTouched] = useState({ password: false, confirmar: false });
  const errors = { password: passwordError(values.password), confirmar: confirmationError(values.password, values.confirmar) };
  const field = (name: 'password' | 'confirmar', id: string, label: string) => (
    <Field id={id} label={label} status={fieldStatus(values[name], errors[name])} help={touched[name] ? errors[name] : null}>
      <PasswordInput
        id={id}
        autoComplete="new-password"
        value={values[name]}
        status={fieldStatus(values[name], errors[name])}
        onChange={(e) => {
          setTouched((prev) => ({ ...prev, [name]: true }));
          setValues((prev) => ({ ...prev, [name]: e.target.value }));
        }}
      />
    </Field>
  );

  return (
    <AuthStepForm
      title={t('auth.resetar.titulo')}
      lead="Escolha uma nova senha com pelo menos 6 caracteres."
      submitLabel={t('comum.confirmar')}
      invalid={!!errors.password || !!errors.confirmar}
      send={() => http.post('Usuarios/reset-password', values, { params: { access_token: accessToken } })}
      done={t('sucesso.resetar.alterada')}
      refused={{ status: 410, message: t('erro.resetar.linkUsado') }}
    >
      {field('password', 'resetar-senha', t('auth.resetar.novaSenha'))}
      {field('confirmar', 'resetar-confirmar', t('auth.resetar.confirmarSenha'))}
    </AuthStepForm>
  );
}
