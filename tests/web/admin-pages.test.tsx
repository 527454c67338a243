import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import NotificacoesPage from '../../src/web/pages/administrador/notificacoes/NotificacoesPage.tsx';
import UsuariosMarcaPage, { PAGE_SIZE } from '../../src/web/pages/administrador/usuarios/UsuariosMarcaPage.tsx';
import { mockApi } from './support/mock-api.ts';

const withApp = (ui: React.ReactNode) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <App>
      <DialogHost />
      <MemoryRouter>{ui}</MemoryRouter>
    </App>
  </SWRConfig>
);
const toasts = () => [...document.querySelectorAll('.ant-notification-notice')].map((n) => n.textContent ?? '');

describe('administrador/configuracoes/notificacoes', () => {
  it('requires the text; sends a geral alert through POST Alerta/geral and reports how many users got it', async () => {
    const calls = mockApi((r) => (r.method === 'POST' && r.url === 'Alerta/geral' ? { data: { count: 3 } } : undefined));
    render(withApp(<NotificacoesPage />));
    fireEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    await screen.findByText('Campo Obrigatório!');
    expect(calls.filter((c) => c.url === 'Alerta/geral')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: '  Manutenção programada no domingo às 22h  ' } });
    fireEvent.change(screen.getByLabelText('Link (opcional)'), { target: { value: 'pages/relatorios/exportacoes' } });
    fireEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    await waitFor(() => expect(toasts().some((t) => t.includes('Notificação enviada para 3 usuários.'))).toBe(true));
    const sent = calls.filter((c) => c.url === 'Alerta/geral');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ tipo: 'info', texto: 'Manutenção programada no domingo às 22h', link: 'pages/relatorios/exportacoes', permiteExcluir: true });
    // The form is ready for the next one.
    await waitFor(() => expect((screen.getByLabelText('Texto') as HTMLTextAreaElement).value).toBe(''));
  });

  it("shows the server's refusal in the generic error dialog", async () => {
    mockApi((r) => (r.url === 'Alerta/geral' ? { status: 403, data: { error: { statusCode: 403, name: 'ForbiddenError', message: 'Somente a administração da marca pode enviar alertas gerais.' } } } : undefined));
    render(withApp(<NotificacoesPage />));
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Olá' } });
    fireEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    await screen.findByText(/Somente a administração da marca pode enviar alertas gerais\./, {}, { timeout: 15_000 });
  });
});

describe('administrador/configuracoes/usuarios', () => {
  const usuario = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    nome: `Usuário ${id}`,
    email: `u${id}@exemplo.com.br`,
    ativo: true,
    perfilAdmin: false,
    isContador: false,
    master: false,
    isAvanco: false,
    createdAt: '2025-03-04T12:00:00.000Z',
    contaId: 1,
    empresa: 'Mercadinho Demo',
    cpfCnpj: '11222333000181',
    trial: true,
    bloqueada: false,
    ...extra,
  });

  it("lists the brand's users from GET Usuarios/usuarios-whitelabel/{brand id}, searches and pages on the server", async () => {
    const calls = mockApi((r) => {
      if (r.url === 'ConfigWhiteLabels/atual') return { data: { id: 5, idConfig: 'demo', tema: 'azul', title: 'Retaguarda Demo' } };
      if (r.url === 'Usuarios/usuarios-whitelabel/5') {
        const p = r.params.params as { busca?: string; skip: number };
        if (p.busca === 'vera') return { data: { total: 1, usuarios: [usuario(9, { nome: 'Vera Vizinha', empresa: 'Loja Vizinha', cpfCnpj: null, perfilAdmin: true, trial: false, bloqueada: true })] } };
        return { data: { total: 45, usuarios: [usuario(1 + p.skip, { master: true }), usuario(2 + p.skip, { isContador: true, ativo: false })] } };
      }
      return undefined;
    });
    render(withApp(<UsuariosMarcaPage />));
    await screen.findByText('Usuário 1');
    expect(screen.getAllByText('Mercadinho Demo (11.222.333/0001-81)')).toHaveLength(2);
    expect(screen.getByText('Master')).toBeTruthy();
    expect(screen.getByText('Contador')).toBeTruthy();
    expect(screen.getByText('Inativo')).toBeTruthy();
    expect(screen.getAllByText('04/03/2025').length).toBe(2);
    expect(screen.getByText(`1-${PAGE_SIZE} de 45`)).toBeTruthy();
    expect(calls.find((c) => c.url === 'Usuarios/usuarios-whitelabel/5')!.params.params).toEqual({ limit: PAGE_SIZE, skip: 0 });

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText(`Usuário ${1 + PAGE_SIZE}`);
    expect(calls.filter((c) => c.url === 'Usuarios/usuarios-whitelabel/5').at(-1)!.params.params).toEqual({ limit: PAGE_SIZE, skip: PAGE_SIZE });

    fireEvent.change(screen.getByLabelText('Buscar usuários'), { target: { value: ' vera ' } });
    fireEvent.keyDown(screen.getByLabelText('Buscar usuários'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Vera Vizinha');
    expect(screen.getByText('Loja Vizinha')).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
    expect(screen.getByText('Inadimplente')).toBeTruthy();
    expect(calls.filter((c) => c.url === 'Usuarios/usuarios-whitelabel/5').at(-1)!.params.params).toEqual({ busca: 'vera', limit: PAGE_SIZE, skip: 0 });
  });
});
