import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Modal } from 'antd';
import { createMemoryRouter, createRoutesFromElements, Route, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken, getUser, saveSession } from '../../src/web/api/session.ts';
import type { BrandConfig } from '../../src/web/brand/brand.ts';
import { fieldStatus, loginEmailError, recoveryEmailError, confirmationError } from '../../src/web/auth/auth-rules.ts';
import { destinationAfterLogin, SIGNUP_LOGIN_DELAY_MS } from '../../src/web/auth/session-flow.ts';
import { authRoutes } from '../../src/web/app/auth-routes.tsx';
import { DEFAULT_REGIME, pageParams, readReferral, REGIMES } from '../../src/web/auth/signup-data.ts';
import { mockApi, type MockHandler } from './support/mock-api.ts';

// Busy machines (the whole suite on 2 cores) render antd slowly: give the async queries room.
configure({ asyncUtilTimeout: 15_000 });

const DEMO: Partial<BrandConfig> = {
  id: 1,
  idConfig: 'retaguarda-demo',
  tema: 'azul',
  title: 'Retaguarda Demo',
  cadastroHabilitado: true,
  documentos: { termoUso: '/docs/termos.html', politicaPrivacidade: '/docs/privacidade.html' },
  misc: { textoDestaqueCadastro: 'GRATUITAMENTE', exibirCpfCnpjTelaCadastro: false },
};
const MARCA2: Partial<BrandConfig> = {
  id: 2,
  idConfig: 'marca-dois',
  tema: 'verde',
  title: 'Marca Dois Gestão',
  cadastroHabilitado: true,
  misc: { textoDestaqueCadastro: '30 DIAS GRÁTIS', textoAlertaCadastro: 'Cadastro exclusivo para revendas parceiras.', exibirCpfCnpjTelaCadastro: true, exibirTelefoneTelaCadastro: false },
};
const b64 = (s: string) => btoa(unescape(encodeURIComponent(s)));
const LOGIN_OK = { id: 'tok-novo', ttl: 1209600, userId: 9, user: { id: 9, nome: 'Ana', email: 'ana@empresa.com.br', isAvanco: false, master: false }, primeiroAcesso: true };

function open(path: string, brand: Partial<BrandConfig>, handler: MockHandler = () => undefined) {
  const calls = mockApi((req) => {
    const own = handler(req);
    if (own) return own;
    if (req.url === 'ConfigWhiteLabels/atual') return { data: brand };
    if (req.url === 'ping/json') return { data: { status: 'ok' } };
    return undefined;
  });
  const router = createMemoryRouter(
    createRoutesFromElements(
      <Route>
        {authRoutes()}
        <Route path="/pages/dashboard" element={<div>PAINEL</div>} />
        <Route path="/administrador/configuracoes/dashboard" element={<div>ADMINISTRADOR</div>} />
        <Route path="/sistema-indisponivel" element={<div>INDISPONIVEL</div>} />
      </Route>,
    ),
    { initialEntries: [path] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </SWRConfig>,
  );
  return { calls, router };
}

/** antd renders a confirm dialog's title twice (one for assistive technology): find the visible one. */
function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const el = Array.from(document.querySelectorAll('.ant-modal-confirm-title')).findLast((e) => e.textContent === title);
      if (!el) throw new Error(`no dialog "${title}"`);
      return el.closest('.ant-modal') as HTMLElement;
    },
    { timeout: 15_000 },
  );
}
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value;
const warningText = () => screen.queryByTestId('aviso-cadastro')?.textContent ?? null;
const confirmar = () => screen.getByRole('button', { name: 'Confirmar' });
/** The demo brand's sign-up filled in as a person would, terms accepted, then 'Confirmar'. */
const signUpAs = (email: string) => {
  type('cadastro-nome', 'Ana');
  type('cadastro-empresa', 'Padaria');
  type('cadastro-telefone', '11987654321');
  type('cadastro-email', email);
  type('cadastro-senha', 'segredo1');
  type('cadastro-confirmaSenha', 'segredo1');
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(confirmar());
};

afterEach(() => {
  sessionStorage.clear();
  // showError falls back to antd's static Modal without a DialogHost: those outlive the render.
  Modal.destroyAll();
  document.body.innerHTML = '';
});

describe('SPEC 5.1–5.3 rules', () => {
  it.each([
    ['', 'Campo Obrigatório!'],
    ['ana@', 'E-mail inválido!'],
    [`${'a'.repeat(45)}@x.com.br`, 'Máximo 50 caracteres!'],
    ['ana@empresa.com.br', null],
  ])('login e-mail %j -> %s', (email, msg) => expect(loginEmailError(email)).toBe(msg));

  it('recovery has its own texts, reset checks matchOther', () => {
    expect(recoveryEmailError('')).toBe('Campo obrigatório!');
    expect(recoveryEmailError('nada')).toBe('E-mail inválido.');
    expect(confirmationError('123456', '123457')).toBe('Os valores não conferem!');
    expect(confirmationError('123456', '123456')).toBeNull();
  });

  it('field status: success when valid, warning when filled but invalid, none while empty', () => {
    expect(fieldStatus('ana@x.com', null)).toBe('success');
    expect(fieldStatus('ana@', 'E-mail inválido!')).toBe('warning');
    expect(fieldStatus('', 'Campo Obrigatório!')).toBeUndefined();
  });

  it('isAvanco or master go to the administrator area, everyone else to the dashboard', () => {
    expect(destinationAfterLogin({ master: true })).toBe('/administrador/configuracoes/dashboard');
    expect(destinationAfterLogin({ isAvanco: true })).toBe('/administrador/configuracoes/dashboard');
    expect(destinationAfterLogin({})).toBe('/pages/dashboard');
    expect(destinationAfterLogin({}, '/pages/vendas/clientes')).toBe('/pages/vendas/clientes');
  });

  it('the five regimes in order, Simples Nacional by default', () => {
    expect(REGIMES.map((r) => r.label)).toEqual(['Microempreendedor Individual (MEI)', 'Simples Nacional', 'Simples Nacional com Excesso Receita', 'Lucro Real', 'Lucro Presumido']);
    expect(REGIMES.find((r) => r.value === DEFAULT_REGIME)?.label).toBe('Simples Nacional');
  });

  it('referral: a broken indicante warns and is not sent; a good one is kept', () => {
    const store = new Map<string, string>();
    const s = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    expect(readReferral(new URLSearchParams('indicante=%%%'), s)).toEqual({ invalid: true });
    expect(readReferral(new URLSearchParams(`indicante=${b64('{"outro":1}')}`), s)).toEqual({ invalid: true });
    const good = b64('{"indicante":"parceiro-7"}');
    expect(readReferral(new URLSearchParams({ indicante: good }), s)).toEqual({ raw: good, invalid: false });
    expect(readReferral(new URLSearchParams(''), s)).toEqual({ raw: good, invalid: false });
    expect(pageParams({ search: '?campo1=a', hash: '#/cadastrar?campo2=b' }).toString()).toBe('campo1=a&campo2=b');
  });
});

// antd in jsdom is slow: a whole sign-up typed field by field takes seconds.
describe('sign-up screen (SPEC 2.4, 5.4)', { timeout: 20_000 }, () => {
  it('shows only the first applicable warning, in the order of the rules, and the masks', async () => {
    open('/auth/cadastrar', DEMO);
    await screen.findByText('Cadastre-se e teste nosso sistema');
    expect(screen.getByTestId('texto-destaque').textContent).toBe('GRATUITAMENTE');
    expect(screen.queryByTestId('texto-alerta')).toBeNull();
    expect(document.getElementById('cadastro-cpfCnpj')).toBeNull();
    // Confirmar waits for the terms.
    expect((confirmar() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect((confirmar() as HTMLButtonElement).disabled).toBe(false);

    const steps: [string | null, string, string][] = [
      [null, '', 'Informe o nome!'],
      ['cadastro-nome', 'Ana Souza', 'O nome da empresa é obrigatório!'],
      ['cadastro-empresa', 'Padaria da Ana', 'O telefone é obrigatório!'],
      ['cadastro-telefone', '119', 'Campo inválido!'],
      ['cadastro-telefone', '11987654321', 'O E-mail é obrigatório!'],
      ['cadastro-email', 'ANA@', 'E-mail inválido!'],
      ['cadastro-email', 'ANA@Empresa.com.br', 'Campo Obrigatório!'],
      ['cadastro-senha', '123', 'Mínimo 6 caracteres!'],
      ['cadastro-senha', '123456', 'Campo Obrigatório!'],
      ['cadastro-confirmaSenha', '123457', 'Os valores não conferem!'],
    ];
    for (const [id, v, expected] of steps) {
      if (id) type(id, v);
      fireEvent.click(confirmar());
      await waitFor(() => expect(warningText()).toBe(expected));
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    }
    expect(value('cadastro-telefone')).toBe('(11) 9 8765-4321');
    type('cadastro-telefone', '1133334444');
    expect(value('cadastro-telefone')).toBe('(11) 3333-4444');
    expect(value('cadastro-email')).toBe('ana@empresa.com.br');
    type('cadastro-email', `${'a'.repeat(60)}@x.com`);
    expect(value('cadastro-email')).toHaveLength(50);
  });

  it('a brand that shows CPF/CNPJ masks it and refuses an invalid one; hidden phone is not asked', async () => {
    open('/auth/cadastrar', MARCA2);
    await screen.findByText('30 DIAS GRÁTIS');
    expect(screen.getByTestId('texto-alerta').textContent).toContain('Cadastro exclusivo para revendas parceiras.');
    expect(document.getElementById('cadastro-telefone')).toBeNull();
    type('cadastro-nome', 'Bruno');
    type('cadastro-empresa', 'Mercado do Bruno');
    type('cadastro-cpfCnpj', '11222333000182');
    expect(value('cadastro-cpfCnpj')).toBe('11.222.333/0001-82');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(confirmar());
    await waitFor(() => expect(warningText()).toBe('Documento inválido'));
    type('cadastro-cpfCnpj', '11222333000181');
    await waitFor(() => expect(warningText()).toBe('O E-mail é obrigatório!'));
  });

  it('sends the sign-up data, waits 500 ms, signs in with the same e-mail and password and opens the dashboard', async () => {
    const good = b64('{"indicante":"parceiro-7"}');
    // When each call reached the server: the sign-in must come at least 500 ms after the sign-up answered.
    const at: Record<string, number> = {};
    const { calls, router } = open(`/cadastrar-erp?indicante=${encodeURIComponent(good)}&campo1=google&campo3=anuncio`, DEMO, (req) => {
      if (req.url === 'Usuarios/cadastro') {
        at.cadastro = performance.now();
        return { data: { id: 10, userId: 9, contaId: 10, filialId: 11, indicante: 'parceiro-7' } };
      }
      if (req.url === 'Usuarios/login') {
        at.login = performance.now();
        return { data: LOGIN_OK };
      }
      if (req.url === 'Usuarios/getUserInfo') return { data: { id: 9, nome: 'Ana Souza', permissoes: { 'app.cliente': 4 } } };
      return undefined;
    });
    await screen.findByText('Cadastre-se e teste nosso sistema');
    expect(screen.queryByTestId('aviso-indicante')).toBeNull();
    type('cadastro-nome', 'Ana Souza');
    type('cadastro-empresa', 'Padaria da Ana');
    type('cadastro-telefone', '11987654321');
    type('cadastro-email', 'Ana@Empresa.com.br');
    type('cadastro-senha', 'segredo1');
    type('cadastro-confirmaSenha', 'segredo1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(confirmar());
    await waitFor(() => expect(screen.getByRole('button', { name: /Carregando/ })).toBeTruthy());
    const cadastro = calls.find((c) => c.url === 'Usuarios/cadastro')!;
    expect(cadastro.body).toEqual({
      email: 'ana@empresa.com.br',
      emailconfirmar: 'ana@empresa.com.br',
      nome: 'Ana Souza',
      empresa: 'Padaria da Ana',
      telefone: '11987654321',
      regime: 1,
      senha: 'segredo1',
      confirmaSenha: 'segredo1',
      termosUso: true,
      campo1: 'google',
      campo3: 'anuncio',
      indicante: good,
      idWhitelabel: 1,
      idConfigWhitelabel: 'retaguarda-demo',
      naoCadastrarCobranca: true,
    });
    await screen.findByText('PAINEL', {}, { timeout: 10_000 });
    expect(at.login - at.cadastro).toBeGreaterThanOrEqual(SIGNUP_LOGIN_DELAY_MS);
    const login = calls.find((c) => c.url === 'Usuarios/login')!;
    expect(login.body).toEqual({ email: 'ana@empresa.com.br', password: 'segredo1' });
    expect(getToken()).toBe('tok-novo');
    expect(getUser()).toMatchObject({ nome: 'Ana Souza', permissoes: { 'app.cliente': 4 } });
    expect(router.state.location.pathname).toBe('/pages/dashboard');
  });

  it.each([
    ['/auth/cadastrar/tok-quem-indicou', false],
    ['/cadastrar/tok-quem-indicou', false],
    ['/cadastrar-erp/tok-quem-indicou', true],
  ])('%s sends its access_token with the sign-up (cadastrar-erp: not registered in billing)', async (path, semCobranca) => {
    const { calls } = open(path, DEMO, (req) => (req.url === 'Usuarios/cadastro' ? { status: 409, data: { error: { statusCode: 409, message: 'Já existe um usuário cadastrado com este e-mail.' } } } : undefined));
    await screen.findByText('Cadastre-se e teste nosso sistema');
    signUpAs('nova@padaria.com.br');
    await screen.findByText('Já existe um usuário cadastrado com este e-mail.', {}, { timeout: 15_000 });
    const cadastro = calls.find((c) => c.url === 'Usuarios/cadastro')!;
    expect(cadastro.params).toEqual({ access_token: 'tok-quem-indicou' });
    expect(Boolean((cadastro.body as Record<string, unknown>).naoCadastrarCobranca)).toBe(semCobranca);
  });

  it('a broken indicante warns that the origin is unknown and is not sent', async () => {
    const { calls } = open('/auth/cadastrar?indicante=bm9wZQ', DEMO, (req) => (req.url === 'Usuarios/cadastro' ? { status: 409, data: { error: { statusCode: 409, message: 'Já existe um usuário cadastrado com este e-mail.' } } } : undefined));
    const aviso = await screen.findByTestId('aviso-indicante');
    expect(aviso.textContent).toContain('O link utilizado é inválido!');
    expect(aviso.textContent).toContain('Não foi possível determinar a sua origem.');
    signUpAs('admin@demo.com.br');
    // 409 goes to the generic dialog, which shows the server message alone.
    await screen.findByText('Já existe um usuário cadastrado com este e-mail.', {}, { timeout: 15_000 });
    expect(calls.find((c) => c.url === 'Usuarios/cadastro')!.body).not.toHaveProperty('indicante');
    expect(getToken()).toBeNull();
  });

  it('a 401 on the automatic login says "favor verificar usuário ou senha."', async () => {
    open('/auth/cadastrar', MARCA2, (req) => {
      if (req.url === 'Usuarios/cadastro') return { data: { id: 3, userId: 4 } };
      if (req.url === 'Usuarios/login') return { status: 401, data: { error: { statusCode: 401, message: 'Dados inválidos, verifique e-mail/senha e tente novamente.' } } };
      return undefined;
    });
    await screen.findByText('30 DIAS GRÁTIS');
    type('cadastro-nome', 'Bruno');
    type('cadastro-empresa', 'Mercado do Bruno');
    type('cadastro-cpfCnpj', '52998224725');
    expect(value('cadastro-cpfCnpj')).toBe('529.982.247-25');
    type('cadastro-email', 'bruno@mercado.com.br');
    type('cadastro-senha', 'segredo1');
    type('cadastro-confirmaSenha', 'segredo1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(confirmar());
    const dialog = await findDialog('Falha ao entrar no sistema');
    expect(within(dialog).getByText('favor verificar usuário ou senha.')).toBeTruthy();
  });

  it('a brand without sign-up sends the screen back to the login, which has no Cadastre-se', async () => {
    open('/auth/cadastrar', { ...DEMO, cadastroHabilitado: false });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByRole('button', { name: 'Cadastre-se' })).toBeNull();
  });
});

describe('login screen (SPEC 2.3, 5.1, 8)', () => {
  it('lowercases the e-mail as typed, marks the fields and shows the 401 dialog with the server message', async () => {
    let answer: () => { status?: number; data: unknown } = () => ({ status: 401, data: { error: { statusCode: 401, message: 'Dados inválidos, verifique e-mail/senha e tente novamente.' } } });
    open('/auth/login', DEMO, (req) => (req.url === 'Usuarios/login' ? answer() : undefined));
    await screen.findByRole('button', { name: 'Cadastre-se' });
    expect(screen.getByText('ESQUECI MINHA SENHA')).toBeTruthy();
    type('login-email', 'ANA@');
    expect(value('login-email')).toBe('ana@');
    expect(document.getElementById('login-email')!.closest('.ant-form-item')!.className).toContain('ant-form-item-has-warning');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText('E-mail inválido!');
    type('login-email', 'ANA@Empresa.com.br');
    expect(document.getElementById('login-email')!.closest('.ant-form-item')!.className).toContain('ant-form-item-has-success');
    type('login-senha', 'errada1');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const dialog = await findDialog('Falha ao entrar no sistema');
    expect(within(dialog).getByText('Dados inválidos, verifique e-mail/senha e tente novamente.')).toBeTruthy();

    answer = () => ({ data: { ...LOGIN_OK, user: { ...LOGIN_OK.user, master: true } } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText('ADMINISTRADOR', {}, { timeout: 15_000 });
    expect(getToken()).toBe('tok-novo');
  });

  it('an existing session goes straight to the dashboard', async () => {
    saveSession('tok-velho', { id: 1, nome: 'Ana' });
    open('/auth/login', DEMO);
    await screen.findByText('PAINEL');
  });

  it('login/{user_token} ends the current session and signs in with the token after 500 ms', async () => {
    saveSession('tok-velho', { id: 1, nome: 'Ana' });
    const { calls } = open('/auth/login/tok-do-link', DEMO, (req) => {
      if (req.url === 'Usuarios/logout') return { status: 204, data: '' };
      if (req.url === 'Usuarios/getUserInfo') return { data: { id: 5, nome: 'Carla', isAvanco: false, master: false } };
      return undefined;
    });
    await waitFor(() => expect(calls.some((c) => c.url === 'Usuarios/logout')).toBe(true));
    expect(calls.find((c) => c.url === 'Usuarios/logout')!.headers.get('Authorization')).toBe('tok-velho');
    expect(calls.some((c) => c.url === 'Usuarios/getUserInfo')).toBe(false);
    await screen.findByText('PAINEL', {}, { timeout: 15_000 });
    expect(calls.find((c) => c.url === 'Usuarios/getUserInfo')!.headers.get('Authorization')).toBe('tok-do-link');
    expect(getToken()).toBe('tok-do-link');
    expect(getUser()).toMatchObject({ nome: 'Carla' });
  });

  it('a failed ping goes to sistema-indisponivel', async () => {
    const { router } = open('/auth/login', DEMO, (req) => (req.url === 'ping/json' ? { status: 503, data: {} } : undefined));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sistema-indisponivel'));
  });
});

describe('recovery, reset and logout screens', () => {
  it('recovery: disabled while invalid; unknown e-mail warns; success goes back to login', async () => {
    let status = 404;
    const { calls, router } = open('/auth/recuperar-senha', DEMO, (req) =>
      req.url === 'Usuarios/reset' ? (status === 200 ? { data: { enviado: true } } : { status, data: { error: { statusCode: 404, message: 'E-mail não encontrado para recuperação de senha!' } } }) : undefined,
    );
    await screen.findByText('Esqueceu sua senha?');
    const botao = () => screen.getByRole('button', { name: 'Recuperar Senha' }) as HTMLButtonElement;
    expect(botao().disabled).toBe(true);
    type('recuperar-email', 'nada');
    expect(screen.getByText('E-mail inválido.')).toBeTruthy();
    type('recuperar-email', '');
    expect(screen.getByText('Campo obrigatório!')).toBeTruthy();
    type('recuperar-email', 'Quem@Nao.Existe');
    expect(botao().disabled).toBe(false);
    fireEvent.click(botao());
    expect(within(await findDialog('Atenção!')).getByText('E-mail não encontrado para recuperação de senha!')).toBeTruthy();
    expect(calls.find((c) => c.url === 'Usuarios/reset')!.body).toEqual({ sistema: 'novoerp', email: 'quem@nao.existe' });
    status = 200;
    fireEvent.click(botao());
    await screen.findByText('Instruções para recuperar a senha foram enviadas para o e-mail', {}, { timeout: 15_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 15_000 });
  });

  it('reset: 410 warns "Atenção!" that the link was already used', async () => {
    const { calls } = open('/auth/resetar-senha/tok-usado', DEMO, (req) =>
      req.url === 'Usuarios/reset-password' ? { status: 410, data: { error: { statusCode: 410, message: 'Este link de recuperação de senha já foi utilizado ou expirou.' } } } : undefined,
    );
    await screen.findByText('Recupere sua senha');
    const botao = () => screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    type('resetar-senha', 'nova123');
    type('resetar-confirmar', 'nova124');
    expect(screen.getByText('Os valores não conferem!')).toBeTruthy();
    expect(botao().disabled).toBe(true);
    type('resetar-confirmar', 'nova123');
    fireEvent.click(botao());
    const dialog = await findDialog('Atenção!');
    expect(within(dialog).getByText('Este link de recuperação de senha já foi utilizado. Solicite a recuperação de senha novamente.')).toBeTruthy();
    const call = calls.find((c) => c.url === 'Usuarios/reset-password')!;
    expect(call.params).toEqual({ access_token: 'tok-usado' });
    expect(call.body).toEqual({ password: 'nova123', confirmar: 'nova123' });
  });

  it('logout removes the token, the user info and every cache: key, then goes to login after 2 s', async () => {
    saveSession('tok-sair', { id: 1, nome: 'Ana' });
    localStorage.setItem('cache:Clientes', '[]');
    sessionStorage.setItem('x-cache:filial', '{}');
    localStorage.setItem('preferencia', 'fica');
    const { calls, router } = open('/auth/logout', DEMO, (req) => (req.url === 'Usuarios/logout' ? { status: 204, data: '' } : undefined));
    await waitFor(() => expect(calls.some((c) => c.url === 'Usuarios/logout')).toBe(true));
    expect(calls.find((c) => c.url === 'Usuarios/logout')!.headers.get('Authorization')).toBe('tok-sair');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('cache:Clientes')).toBeNull();
    expect(sessionStorage.getItem('x-cache:filial')).toBeNull();
    expect(localStorage.getItem('preferencia')).toBe('fica');
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(router.state.location.pathname).toBe('/auth/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 15_000 });
  });
});
