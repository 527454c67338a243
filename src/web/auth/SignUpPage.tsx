import { Alert, Button, Checkbox, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toApiError } from '../api/errors.ts';
import { useBrand, type BrandConfig } from '../brand/brand.ts';
import { trackError } from '../brand/analytics.ts';
import { brandDocuments, brandMisc, brandText, signUpEnabled } from '../brand/brand-config.ts';
import { showError } from '../dialogs/dialogs.tsx';
import { typingCpfCnpj, typingPhone } from '../renderer/masks.ts';
import { EMAIL_MAX, shown } from '../../shared/cadastro.ts';
import { http } from '../api/request.ts';
import { typingEmail } from './auth-rules.ts';
import { useAuthNavigate } from './auth-nav.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { t } from './messages.ts';
import { DASHBOARD, LOGIN, SIGNUP_LOGIN_DELAY_MS, signIn, wait } from './session-flow.ts';
import { emptySignUp, firstWarning, pageParams, readReferral, REGIMES, signUpBody, type SignUpForm } from './signup-data.ts';
import { useWarning } from './use-warning.ts';

/** Where the dashboard opens after signing up: the parent window when the screen came from #/cadastrar. */
function openDashboard(navigate: (to: string) => void, token: string): void {
  const framed = window.parent && window.parent !== window;
  if (window.location.href.includes('#/cadastrar') && framed) {
    // The parent may be the brand's own site on another origin: the token travels in the address.
    const url = `${window.location.origin}${window.location.pathname}?token=${encodeURIComponent(token)}#${DASHBOARD}`;
    try {
      window.parent.location.href = url;
      return;
    } catch {
      // A sandboxed frame may not navigate its parent: open it here instead.
    }
  }
  navigate(DASHBOARD);
}

/**
 * SPEC 2.4 / 5.4 / 8 self-registration (#/auth/cadastrar, #/cadastrar and #/cadastrar-erp): the brand's
 * switches decide the optional fields; only the first applicable warning is shown; on success it signs in
 * with the same e-mail and password after 500 ms.
 */
export default function SignUpPage({ previa }: { previa?: BrandConfig } = {}) {
  // previa: the brand configuration being edited (administrador/configuracoes/whitelabel shows the sign-up as
  // it will look, fields disabled, before it is saved).
  const { data: loaded } = useBrand();
  const brand = previa ?? loaded;
  const navigate = useNavigate();
  // #/cadastrar/{access_token} (SPEC 2.4): the session of whoever handed the link over; sent with the sign-up,
  // the server records who brought the account in (an expired or foreign token is simply not recorded).
  const { access_token: accessToken } = useParams();
  const slide = useAuthNavigate();
  const location = useLocation();
  const warn = useWarning();
  const misc = brandMisc(brand);
  const on = shown(misc);
  const docs = brandDocuments(brand);
  const params = useMemo(() => pageParams({ search: window.location.search, hash: `#${location.pathname}${location.search}` }), [location.pathname, location.search]);
  const referral = useMemo(() => readReferral(params), [params]);
  const [form, setForm] = useState<SignUpForm>(emptySignUp);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);

  if (!previa && brand && !signUpEnabled(brand)) return <Navigate to={LOGIN} replace />;

  const check = firstWarning(form, misc);
  // Once submitted, the first applicable warning follows the fields as they are corrected.
  const warning = submitted ? (check.first?.mensagem ?? null) : null;
  const status = (campo: string) => (submitted && check.fields.has(campo) ? ('warning' as const) : undefined);
  const set = <K extends keyof SignUpForm>(k: K, v: SignUpForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const onSubmit = async () => {
    if (previa) return;
    setSubmitted(true);
    if (check.first || loading) return;
    setLoading(true);
    let answer: { id?: number; userId?: number };
    try {
      const body = signUpBody(form, { switches: misc, params, referral, brand, naoCadastrarCobranca: location.pathname.includes('cadastrar-erp') });
      answer = (await http.post<{ id?: number; userId?: number }>('Usuarios/cadastro', body, accessToken ? { params: { access_token: accessToken } } : undefined)).data;
    } catch (err) {
      setLoading(false);
      const info = showError(err);
      trackError('cadastro', info.message);
      return;
    }
    if (!answer?.id) {
      setLoading(false);
      return;
    }
    await wait(SIGNUP_LOGIN_DELAY_MS);
    try {
      const login = await signIn(form.email, form.senha);
      openDashboard(navigate, login.id);
    } catch (err) {
      setLoading(false);
      if (toApiError(err).status === 401) void warn(t('erro.login.titulo'), t('erro.login.aposCadastro'));
      else showError(err);
    }
  };

  const highlight = brandText(misc.textoDestaqueCadastro) ?? t('cadastro.textoDestaquePadrao');
  const alertText = brandText(misc.textoAlertaCadastro);

  return (
    <Spin spinning={loading} tip={t('comum.carregando')}>
      <BrandLogo brand={previa} />
      <Typography.Title level={3} className="auth-title">
        {t('cadastro.titulo')}
      </Typography.Title>
      <span className="auth-highlight" data-testid="texto-destaque">
        {highlight}
      </span>
      {alertText ? <Alert type="info" showIcon message={alertText} style={{ marginBottom: 16 }} data-testid="texto-alerta" /> : null}
      {referral.invalid ? (
        <Alert type="warning" showIcon message={t('validacao.cadastro.linkInvalido')} description={t('validacao.cadastro.origemIndeterminada')} style={{ marginBottom: 16 }} data-testid="aviso-indicante" />
      ) : null}
      <Form layout="vertical" requiredMark={false} onFinish={onSubmit} noValidate size="middle" disabled={!!previa}>
        {on.nome ? (
          <Form.Item label="Nome" htmlFor="cadastro-nome" validateStatus={status('nome')}>
            <Input id="cadastro-nome" autoComplete="name" value={form.nome} onChange={(e) => set('nome', e.target.value)} />
          </Form.Item>
        ) : null}
        {on.empresa ? (
          <Form.Item label="Nome da empresa" htmlFor="cadastro-empresa" validateStatus={status('empresa')}>
            <Input id="cadastro-empresa" autoComplete="organization" value={form.empresa} onChange={(e) => set('empresa', e.target.value)} />
          </Form.Item>
        ) : null}
        {on.cpfCnpj ? (
          <Form.Item label="CPF/CNPJ" htmlFor="cadastro-cpfCnpj" validateStatus={status('cpfCnpj')}>
            <Input id="cadastro-cpfCnpj" inputMode="numeric" placeholder="00.000.000/0000-00" value={form.cpfCnpj} onChange={(e) => set('cpfCnpj', typingCpfCnpj(e.target.value))} />
          </Form.Item>
        ) : null}
        {on.telefone ? (
          <Form.Item label="Telefone" htmlFor="cadastro-telefone" validateStatus={status('telefone')}>
            <Input id="cadastro-telefone" type="tel" autoComplete="tel" placeholder="(00) 0 0000-0000" value={form.telefone} onChange={(e) => set('telefone', typingPhone(e.target.value))} />
          </Form.Item>
        ) : null}
        {on.regime ? (
          <Form.Item label="Regime tributário" htmlFor="cadastro-regime" validateStatus={status('regime')}>
            <Select id="cadastro-regime" value={form.regime} options={REGIMES} onChange={(v: number) => set('regime', v)} />
          </Form.Item>
        ) : null}
        <Form.Item label="E-mail" htmlFor="cadastro-email" validateStatus={status('email')}>
          <Input id="cadastro-email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={form.email} onChange={(e) => set('email', typingEmail(e.target.value))} />
        </Form.Item>
        <Form.Item label="Senha" htmlFor="cadastro-senha" validateStatus={status('senha')}>
          <Input.Password id="cadastro-senha" autoComplete="new-password" value={form.senha} onChange={(e) => set('senha', e.target.value)} />
        </Form.Item>
        <Form.Item label="Confirmar senha" htmlFor="cadastro-confirmaSenha" validateStatus={status('confirmaSenha')}>
          <Input.Password id="cadastro-confirmaSenha" autoComplete="new-password" value={form.confirmaSenha} onChange={(e) => set('confirmaSenha', e.target.value)} />
        </Form.Item>
        <Form.Item validateStatus={status('termosUso')} style={{ marginBottom: 16 }}>
          <Checkbox id="cadastro-termos" checked={form.termosUso} onChange={(e) => set('termosUso', e.target.checked)}>
            Li e aceito os{' '}
            <a href={docs.termoUso ?? '#'} target="_blank" rel="noreferrer">
              termos de uso
            </a>{' '}
            e a{' '}
            <a href={docs.politicaPrivacidade ?? '#'} target="_blank" rel="noreferrer">
              política de privacidade
            </a>
            .
          </Checkbox>
        </Form.Item>
        {warning ? <Alert type="warning" showIcon message={warning} role="alert" style={{ marginBottom: 16 }} data-testid="aviso-cadastro" /> : null}
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Button type="primary" htmlType="submit" size="large" block disabled={loading || !form.termosUso}>
            {loading ? t('comum.carregando') : t('comum.confirmar')}
          </Button>
          <Button size="large" block onClick={() => slide(LOGIN, 'back')}>
            {t('cadastro.jaTenhoLogin')}
          </Button>
        </Space>
      </Form>
    </Spin>
  );
}
