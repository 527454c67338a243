import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toApiError } from '../api/errors.ts';
import { useBrand } from '../brand/brand.ts';
import { getToken, getUser } from '../api/session.ts';
import type { MenuUser } from '../../shared/menu-filter.ts';
import { signUpEnabled } from '../brand/brand-config.ts';
import { showError } from '../dialogs/dialogs.tsx';
import { EMAIL_MAX } from '../../shared/cadastro.ts';
import { fieldStatus, loginEmailError, passwordError, typingEmail } from './auth-rules.ts';
import { useAuthNavigate, type AuthLocationState } from './auth-nav.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { t } from './messages.ts';
import { DASHBOARD, destinationAfterLogin, endSession, LOGIN, PLANOS, signIn, signInWithToken, TOKEN_LOGIN_DELAY_MS } from './session-flow.ts';
import { Button, Field, PasswordInput, SpinOver, TextInput } from './ui.tsx';
import { useWarning } from './use-warning.ts';

/**
 * SPEC 2.3 login (also login/{user_token} and planos/{user_token}): e-mail lowercased as typed, password with
 * show/hide, 'Entrar' busy while loading, recovery link, 'Cadastre-se' when the brand allows sign-up. Plain
 * React (ui.tsx): the sign-in page loads neither antd nor axios.
 */
export default function LoginPage() {
  const { user_token: userToken } = useParams();
  const navigate = useNavigate();
  const slide = useAuthNavigate();
  const location = useLocation();
  const warn = useWarning();
  const { data: brand } = useBrand();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  // Decided once on opening: an existing session skips the screen, a token in the route replaces it.
  const [hadSession] = useState(() => !userToken && !!getToken());
  const tokenStarted = useRef<string | null>(null);
  const from = (location.state as AuthLocationState | null)?.from;

  const failed = (err: unknown, fallback = t('erro.login.dadosInvalidos')) => {
    const info = toApiError(err);
    if (info.status === 401) void warn(t('erro.login.titulo'), info.message && info.message !== 'Erro desconhecido' ? info.message : fallback);
    else showError(err);
  };

  useEffect(() => {
    if (!userToken || tokenStarted.current === userToken) return;
    tokenStarted.current = userToken;
    endSession(userToken);
    setLoading(true);
    const timer = setTimeout(async () => {
      try {
        const user = await signInWithToken(userToken);
        // planos/{user_token} signs in to choose a plan (SPEC 2.1 'planos'); login/{user_token} goes on as any login.
        navigate(location.pathname.startsWith('/auth/planos/') ? PLANOS : destinationAfterLogin(user), { replace: true });
      } catch (err) {
        endSession();
        setLoading(false);
        navigate(LOGIN, { replace: true });
        failed(err);
      }
    }, TOKEN_LOGIN_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userToken]);

  if (hadSession) return <Navigate to={DASHBOARD} replace />;

  const emailError = loginEmailError(email);
  const senhaError = passwordError(password);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (emailError || senhaError || loading) return;
    setLoading(true);
    try {
      const answer = await signIn(email, password);
      let destino = destinationAfterLogin(answer.user, from);
      // The page remembered may be one the previous user was on: this user lands there only if they may open it
      // (a salesperson is sent to the dashboard, not to "Acesso negado").
      if (from && destino === from) {
        const { podeAbrir } = await import('../shell/pode-abrir.ts');
        if (!podeAbrir(from, getUser() as MenuUser | null)) destino = destinationAfterLogin(answer.user);
      }
      navigate(destino, { replace: true });
    } catch (err) {
      setLoading(false);
      failed(err);
    }
  };

  return (
    <SpinOver spinning={!!userToken && loading}>
      <BrandLogo />
      <h3 className="ant-typography auth-title">Acesse sua conta</h3>
      <span className="ant-typography ant-typography-secondary auth-subtitle">Informe seu e-mail e senha para entrar.</span>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <Field id="login-email" label="E-mail" status={fieldStatus(email, emailError)} help={submitted ? emailError : null}>
          <TextInput
            id="login-email"
            type="email"
            autoComplete="username"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(e) => setEmail(typingEmail(e.target.value))}
            status={fieldStatus(email, emailError)}
            feedback={!!email}
          />
        </Field>
        <Field id="login-senha" label="Senha" status={fieldStatus(password, senhaError)} help={submitted ? senhaError : null}>
          <PasswordInput id="login-senha" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} status={fieldStatus(password, senhaError)} />
        </Field>
        <div className="auth-links">
          <Button kind="link" large={false} onClick={() => slide('/auth/recuperar-senha', 'forward')}>
            {t('auth.login.esqueciSenha')}
          </Button>
        </div>
        <Button kind="primary" type="submit" block disabled={loading}>
          {loading ? t('comum.carregando') : t('auth.login.entrar')}
        </Button>
      </form>
      {signUpEnabled(brand) ? (
        <>
          <div className="auth-divider">Ainda não tem conta?</div>
          <Button block onClick={() => slide('/auth/cadastrar', 'forward')}>
            {t('auth.login.cadastreSe')}
          </Button>
        </>
      ) : null}
    </SpinOver>
  );
}
