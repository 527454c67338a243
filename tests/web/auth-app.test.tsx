import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toApiError } from '../../src/web/api/errors.ts';
import { apiBase, http, setApiBase } from '../../src/web/api/request.ts';
import { clearSession, getToken, saveSession } from '../../src/web/api/session.ts';
import { hashPath, opensAuthApp } from '../../src/web/app/auth-area.ts';
import { AuthApp } from '../../src/web/app/AuthApp.tsx';
import { mockApi } from './support/mock-api.ts';

// The small auth app of a cold start (src/web/app/AuthApp.tsx) and its fetch client (src/web/api/request.ts).

const realAdapter = http.adapter;

afterEach(() => {
  http.adapter = realAdapter;
  vi.unstubAllGlobals();
  clearSession();
  window.location.hash = '';
});

describe('which screens the small auth app draws', () => {
  it.each([
    ['/auth/login', null, true],
    ['/auth/login/tok-link', 'tok', true],
    ['/auth/recuperar-senha', null, true],
    ['/cadastrar-erp', 'tok', true],
    ['/logout', 'tok', true],
    ['/pages/dashboard', null, true],
    ['/administrador/configuracoes/dashboard', null, true],
    ['/', null, true],
    ['/pages/dashboard', 'tok', false],
    ['/planos', 'tok', false],
    ['/', 'tok', false],
    ['/sistema-indisponivel', null, false],
    ['/pages/sistema-indisponivel', null, false],
  ])('%s with token %s -> %s', (path, token, small) => expect(opensAuthApp(path, token)).toBe(small));

  it('reads the path of a location hash', () => {
    expect(hashPath('#/pages/vendas/clientes?page=2')).toBe('/pages/vendas/clientes');
    expect(hashPath('')).toBe('/');
    expect(hashPath('#/auth/login')).toBe('/auth/login');
  });
});

describe('the fetch client of the screens before a session', () => {
  /** Answers fetch with `status` and `body`; records what was asked. */
  function answer(status: number, body: unknown) {
    const seen: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    });
    return seen;
  }

  it("sends the axios client's headers, query and JSON body, to the brand's API base", async () => {
    saveSession('tok-1', { id: 1, nome: 'Ana' });
    const seen = answer(200, { ok: true });
    const r = await http.post<{ ok: boolean }>('Usuarios/login', { email: 'a@b.c', password: 'x' }, { params: { include: 'user', filter: { where: { id: 1 } } } });
    expect(r.data).toEqual({ ok: true });
    expect(seen[0].url).toBe(`/api/Usuarios/login?include=user&filter=${encodeURIComponent('{"where":{"id":1}}')}`);
    expect(seen[0].init.method).toBe('POST');
    expect(seen[0].init.body).toBe('{"email":"a@b.c","password":"x"}');
    expect(seen[0].init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Sistema': 'novoerp', Authorization: 'tok-1' });
    const before = apiBase();
    try {
      setApiBase('https://api.marca.com.br/v1/');
      await http.get('ConfigWhiteLabels/atual', { headers: { Authorization: 'outro' } });
      expect(seen[1].url).toBe('https://api.marca.com.br/v1/ConfigWhiteLabels/atual');
      expect(seen[1].init.headers).toMatchObject({ Authorization: 'outro' });
    } finally {
      setApiBase(before);
    }
  });

  it('an error answer reads as an axios one: status and the server message; a 401 outside the login ends the session', async () => {
    answer(404, { error: { statusCode: 404, message: 'E-mail não encontrado para recuperação de senha!' } });
    const err = await http.post('Usuarios/reset', { email: 'x@y.z' }).catch((e: unknown) => e);
    expect(toApiError(err)).toMatchObject({ status: 404, message: 'E-mail não encontrado para recuperação de senha!' });

    saveSession('tok-velho', { id: 1, nome: 'Ana' });
    answer(401, { error: { statusCode: 401, message: 'Dados inválidos' } });
    await http.post('Usuarios/login', {}).catch(() => null);
    expect(getToken()).toBe('tok-velho');
    window.location.hash = '#/pages/dashboard';
    await http.get('Usuarios/getUserInfo').catch(() => null);
    expect(getToken()).toBeNull();
    expect(window.location.hash).toBe('#/auth/login');

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(toApiError(await http.get('ping/json').catch((e: unknown) => e)).message).toBe('Network Error');
  });
});

describe('the small auth app', () => {
  const brand = { id: 1, idConfig: 'demo', tema: 'verde', title: 'Marca Verde', cadastroHabilitado: true };

  it('without a session a signed-in route goes to the login, drawn without antd; signing in hands over to the whole app', async () => {
    window.location.hash = '#/pages/vendas/clientes';
    const calls = mockApi((req) => {
      if (req.url === 'ConfigWhiteLabels/atual') return { data: brand };
      if (req.url === 'ping/json') return { data: { status: 'ok' } };
      if (req.url === 'Usuarios/login') return { data: { id: 'tok-novo', user: { id: 9, nome: 'Ana' } } };
      if (req.url === 'Usuarios/getUserInfo') return { data: { id: 9, nome: 'Ana' } };
      return undefined;
    });
    const leave = vi.fn();
    render(<AuthApp leave={leave} />);
    const entrar = await screen.findByRole('button', { name: 'Entrar' });
    expect(window.location.hash).toBe('#/auth/login');
    expect(document.querySelector('[class*="ant-btn"], [class*="ant-input"], .ant-spin')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#4caf50');
    expect(leave).not.toHaveBeenCalled();

    fireEvent.change(document.getElementById('login-email')!, { target: { value: 'Ana@Empresa.com.br' } });
    fireEvent.change(document.getElementById('login-senha')!, { target: { value: 'segredo1' } });
    fireEvent.click(entrar);
    // The deep link it was sent away from is where it goes once signed in, and the whole app takes over there.
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(window.location.hash).toBe('#/pages/vendas/clientes');
    expect(getToken()).toBe('tok-novo');
    expect(calls.find((c) => c.url === 'Usuarios/login')!.body).toEqual({ email: 'ana@empresa.com.br', password: 'segredo1' });
  });

  it('with a session, a route outside the auth area is handed over at once', async () => {
    saveSession('tok-1', { id: 1, nome: 'Ana' });
    window.location.hash = '#/pages/dashboard';
    mockApi((req) => (req.url === 'ConfigWhiteLabels/atual' ? { data: brand } : undefined));
    const leave = vi.fn();
    render(<AuthApp leave={leave} />);
    await waitFor(() => expect(leave).toHaveBeenCalled());
  });
});
