import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { http } from '../api/request.ts';
import { toApiError } from '../api/errors.ts';
import { SENHA_MIN } from '../../shared/cadastro.ts';
import { fieldStatus } from './auth-rules.ts';
import { AuthStepForm } from './AuthStepForm.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { Field, PasswordInput, Spinner, TextInput } from './ui.tsx';

interface Convite {
  email: string;
  nome: string;
  conta: string;
  possuiLogin: boolean;
}

/**
 * Issue 37: the accountant's invitation link (#/auth/convite-contador/{token}, single use). With a login already,
 * his password confirms it is him and the shop joins his clients; otherwise he chooses name and password.
 */
export default function ConviteContadorPage() {
  const { token = '' } = useParams();
  const [convite, setConvite] = useState<Convite | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [v, setV] = useState({ nome: '', senha: '', confirmar: '' });
  useEffect(() => {
    http
      .get<Convite>(`contabil/convites/${encodeURIComponent(token)}`)
      .then((r) => {
        setConvite(r.data);
        setV((p) => ({ ...p, nome: r.data.nome }));
      })
      .catch((err) => setFalha(toApiError(err).message));
  }, [token]);

  if (falha) {
    return (
      <div>
        <BrandLogo />
        <h3 className="ant-typography auth-title">Convite de contador</h3>
        <div className="ant-typography auth-lead" data-testid="convite-falha">{falha}</div>
        <a href="#/auth/login">Ir para o login</a>
      </div>
    );
  }
  if (!convite) return <Spinner />;

  const erros = {
    nome: !convite.possuiLogin && !v.nome.trim() ? 'Campo obrigatório!' : null,
    senha: v.senha.length < SENHA_MIN ? `Mínimo ${SENHA_MIN} caracteres!` : null,
    confirmar: !convite.possuiLogin && v.confirmar !== v.senha ? 'Os valores não conferem!' : null,
  };
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) => setV((p) => ({ ...p, [k]: e.target.value }));
  return (
    <AuthStepForm
      title="Convite de contador"
      lead={
        convite.possuiLogin
          ? `${convite.conta} convidou ${convite.email} como contador. Informe a senha com que você já entra no sistema: a loja passa a aparecer no seu painel.`
          : `${convite.conta} convidou ${convite.email} como contador. Escolha seu nome e uma senha: com este login você atende todas as lojas que o convidarem.`
      }
      submitLabel="Aceitar convite"
      invalid={!!(erros.nome || erros.senha || erros.confirmar)}
      send={() => http.post(`contabil/convites/${encodeURIComponent(token)}/aceitar`, v)}
      done="Convite aceito. Entre com seu e-mail e senha."
      refused={{ status: 410, message: 'Este convite já foi utilizado, expirou ou foi cancelado. Peça à loja um novo convite.' }}
    >
      {!convite.possuiLogin && (
        <Field id="convite-nome" label="Nome" status={fieldStatus(v.nome, erros.nome)} help={null}>
          <TextInput id="convite-nome" value={v.nome} maxLength={120} onChange={set('nome')} />
        </Field>
      )}
      <Field id="convite-senha" label="Senha" status={fieldStatus(v.senha, erros.senha)} help={v.senha ? erros.senha : null}>
        <PasswordInput id="convite-senha" autoComplete={convite.possuiLogin ? 'current-password' : 'new-password'} value={v.senha} onChange={set('senha')} />
      </Field>
      {!convite.possuiLogin && (
        <Field id="convite-confirmar" label="Confirmar Senha" status={fieldStatus(v.confirmar, erros.confirmar)} help={v.confirmar ? erros.confirmar : null}>
          <PasswordInput id="convite-confirmar" autoComplete="new-password" value={v.confirmar} onChange={set('confirmar')} />
        </Field>
      )}
    </AuthStepForm>
  );
}
