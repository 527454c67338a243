import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { api, serializeParams, SYSTEM_HEADER, SYSTEM_ID, withAccessToken } from '../../src/web/api/client.ts';
import { extractErrorText, isInfoError, toApiError } from '../../src/web/api/errors.ts';
import { saveSession, clearSession, getToken } from '../../src/web/api/session.ts';
import { confirmDialog, DialogHost, DIALOG_DELAY_MS, errorDialogProps, textDialogError, textInputDialog, toast, TOAST_MS, TOAST_PLACEMENT } from '../../src/web/dialogs/dialogs.tsx';
import { TextInputDialog } from '../../src/web/dialogs/dialog-impl.tsx';
import { mockApi } from './support/mock-api.ts';

describe('SPEC 8 error text extraction', () => {
  it.each([
    [{ message: 'direto' }, 'direto'],
    [{ error: { statusCode: 400, message: 'do LoopBack' } }, 'do LoopBack'],
    [{ error: { error: { message: 'aninhado' } } }, 'aninhado'],
    [{ error: { error: { data: { message: 'dos dados' } } } }, 'dos dados'],
    [{ data: { fields: ['nome', 'email'] } }, 'nome, email'],
    [{ error: { message: 'duplicate: Registro duplicado (cpf_cnpj)' } }, 'Registro duplicado, verifique os dados e tente novamente'],
    ['Registro duplicado (codigo)', 'Registro duplicado, verifique os dados e tente novamente'],
    ['texto simples do servidor', 'texto simples do servidor'],
    [{}, undefined],
  ])('%j -> %s', (body, text) => {
    expect(extractErrorText(body)).toBe(text);
  });

  it('the info variant is for 409 and for "Já existe"', () => {
    expect(isInfoError({ status: 409, message: 'x' })).toBe(true);
    expect(isInfoError({ status: 400, message: 'Já existe um cadastro com este código' })).toBe(true);
    expect(isInfoError({ status: 400, message: 'Dados inválidos' })).toBe(false);
  });

  it('the generic dialog: "Atenção!", the fixed text and "Detalhe: …"; info shows the message alone', () => {
    const warn = errorDialogProps({ status: 400, message: 'Dados inválidos: CPF/CNPJ: Documento inválido' });
    expect(warn.kind).toBe('warning');
    expect(warn.props.title).toBe('Atenção!');
    render(<>{warn.props.content}</>);
    expect(screen.getByText('Não foi possível realizar esta ação.')).toBeTruthy();
    expect(screen.getByText('Detalhe: Dados inválidos: CPF/CNPJ: Documento inválido')).toBeTruthy();
    const info = errorDialogProps({ status: 409, message: 'Registro duplicado, verifique os dados e tente novamente' });
    expect(info).toMatchObject({ kind: 'info', props: { title: 'Atenção!', content: 'Registro duplicado, verifique os dados e tente novamente' } });
  });
});

describe('the one API client', () => {
  it('sends the token, the system header and filter/where/params as JSON strings', async () => {
    saveSession('tok-123', { id: 1, nome: 'Ana' });
    const calls = mockApi(() => ({ data: [] }));
    await api.get('Clientes', { params: { filter: { where: { nome: { ilike: '%a%' } }, limit: 5, skip: undefined } } });
    expect(calls[0].headers.get('Authorization')).toBe('tok-123');
    expect(calls[0].headers.get(SYSTEM_HEADER)).toBe(SYSTEM_ID);
    expect(serializeParams({ filter: { where: { a: 1 }, skip: undefined }, where: { b: 2 }, params: { c: 'x' }, uf: 'SP' })).toBe(
      `filter=${encodeURIComponent('{"where":{"a":1}}')}&where=${encodeURIComponent('{"b":2}')}&params=${encodeURIComponent('{"c":"x"}')}&uf=SP`,
    );
  });

  it('a 401 ends the session and goes to the login', async () => {
    saveSession('velho', { id: 1, nome: 'Ana' });
    mockApi(() => ({ status: 401, data: { error: { statusCode: 401, message: 'Autenticação necessária. Entre no sistema novamente.' } } }));
    const err = await api.get('Clientes').catch((e) => e);
    expect(toApiError(err)).toMatchObject({ status: 401, message: 'Autenticação necessária. Entre no sistema novamente.' });
    expect(getToken()).toBeNull();
    expect(window.location.hash).toBe('#/auth/login');
  });

  it('field details of a 400 come through', async () => {
    mockApi(() => ({ status: 400, data: { error: { statusCode: 400, message: 'Dados inválidos', details: [{ path: '/cpfCnpj', campo: 'cpfCnpj', mensagem: 'Documento inválido' }] } } }));
    const info = toApiError(await api.post('Clientes', {}).catch((e) => e));
    expect(info.details).toEqual([{ path: '/cpfCnpj', campo: 'cpfCnpj', mensagem: 'Documento inválido' }]);
  });

  it('opening in a new tab appends the access token', () => {
    saveSession('abc def', { id: 1, nome: 'Ana' });
    expect(withAccessToken('/api/Relatorios/1/arquivo')).toBe('/api/Relatorios/1/arquivo?access_token=abc%20def');
    expect(withAccessToken('/?x=1#/pages/vendas/clientes/editar/3')).toBe('/?x=1&access_token=abc%20def#/pages/vendas/clientes/editar/3');
    clearSession();
    expect(withAccessToken('/a')).toBe('/a');
  });

  it('logout clears the token, the user and every cache: key', () => {
    saveSession('t', { id: 1, nome: 'Ana' });
    localStorage.setItem('cache:userInfo', '{}');
    localStorage.setItem('outra', '1');
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('cache:userInfo')).toBeNull();
    expect(localStorage.getItem('outra')).toBe('1');
  });
});

describe('dialogs and toasts', () => {
  it('SPEC 5.6 text dialog limits', () => {
    expect(textDialogError('ab', 3, 10)).toBe('Informe no mínimo 3 caracteres!');
    expect(textDialogError('abcdefghijk', 3, 10)).toBe('Informe no máximo 10 caracteres!');
    expect(textDialogError('abcd', 3, 10)).toBeNull();
  });

  it('the text dialog saves with "Salvar" only when the text fits', async () => {
    const onDone = vi.fn();
    render(<TextInputDialog title="Motivo" min={5} max={20} onDone={onDone} />);
    const box = await screen.findByRole('textbox');
    fireEvent.change(box, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Informe no mínimo 5 caracteres!');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'x'.repeat(21) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Informe no máximo 20 caracteres!'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'cliente desistiu' } });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onDone).toHaveBeenCalledWith('cliente desistiu');
  });

  it('textInputDialog is drawn by the host inside the app providers (brand theme and locale) and resolves the text', async () => {
    render(
      <ConfigProvider prefixCls="marca">
        <App>
          <DialogHost />
        </App>
      </ConfigProvider>,
    );
    const answer = textInputDialog({ title: 'Motivo do cancelamento', min: 3 });
    const input = await screen.findByRole('textbox', {}, { timeout: 15_000 });
    expect(input.closest('.marca-modal')).not.toBeNull();
    fireEvent.change(input, { target: { value: 'cliente desistiu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await expect(answer).resolves.toBe('cliente desistiu');
  });

  it('the confirm dialog opens after the 200 ms delay with "Confirmar" and "Cancelar"', async () => {
    render(
      <App>
        <DialogHost />
      </App>,
    );
    const started = Date.now();
    const answer = confirmDialog({ title: 'Excluir?' });
    await act(async () => new Promise((r) => setTimeout(r, DIALOG_DELAY_MS - 80)));
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(DIALOG_DELAY_MS);
    expect(await answer).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('toasts last 4000 ms at the bottom end', async () => {
    expect(TOAST_MS).toBe(4000);
    expect(TOAST_PLACEMENT).toBe('bottomRight');
    act(() => toast('success', 'Cliente salvo com sucesso.'));
    expect(await screen.findByText('Cliente salvo com sucesso.')).toBeTruthy();
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull();
  });
});

describe("the brand's API endpoint (SPEC 7)", () => {
  it('becomes the base of every later call; none configured keeps /api/', async () => {
    const { applyApiEndpoint } = await import('../../src/web/brand/brand.ts');
    const before = api.defaults.baseURL;
    try {
      applyApiEndpoint({});
      expect(api.defaults.baseURL).toBe(before);
      applyApiEndpoint({ API_ENDPOINT: 'https://api.marca.com.br/v1' });
      expect(api.defaults.baseURL).toBe('https://api.marca.com.br/v1/');
      const calls = mockApi(() => ({ data: [] }));
      await api.get('Clientes');
      expect(calls[0].url).toBe('Clientes');
      applyApiEndpoint({ API_ENDPOINT: '/api/' });
      expect(api.defaults.baseURL).toBe('/api/');
    } finally {
      api.defaults.baseURL = before;
    }
  });
});
