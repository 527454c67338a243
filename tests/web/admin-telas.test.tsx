import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { AjudaButton } from '../../src/web/assinatura/AjudaButton.tsx';
import { SuporteBanner } from '../../src/web/assinatura/SuporteBanner.tsx';
import { entrarComoSuporte, origemSuporte } from '../../src/web/assinatura/suporte.ts';
import { getToken, saveSession } from '../../src/web/api/session.ts';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import ExcluirPage from '../../src/web/pages/administrador/tabelas/ExcluirPage.tsx';
import SequenciaFilialPage from '../../src/web/pages/administrador/tabelas/SequenciaFilialPage.tsx';
import { mockApi } from './support/mock-api.ts';

const withApp = (ui: React.ReactNode, path = '/pages/vendas/clientes') => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <App>
      <DialogHost />
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </App>
  </SWRConfig>
);

const contas = [{ id: 5, nome: 'Mercadinho Demo', cpfCnpj: '11222333000181', estado: 'trial', filiais: [{ id: 9, nome: 'Mercadinho Demo Ltda', apelido: 'Filial Centro', cpfCnpj: '11222333000262' }] }];

describe('the help of each screen', { timeout: 20_000 }, () => {
  it("shows '?' only when the brand wrote an article for the screen, and opens it", async () => {
    const calls = mockApi((r) => (r.url === 'Ajuda' ? { data: { artigo: r.params.rota === 'pages/vendas/clientes' ? { titulo: 'Cadastro de clientes', conteudo: 'Use o botão Cadastrar.\n\nO CPF é conferido.' } : null } } : undefined));
    render(withApp(<AjudaButton />));
    fireEvent.click(await screen.findByRole('button', { name: 'Ajuda desta tela' }));
    await screen.findByText('Cadastro de clientes');
    expect(screen.getByText('O CPF é conferido.')).toBeTruthy();
    expect(calls.find((c) => c.url === 'Ajuda')!.params).toEqual({ rota: 'pages/vendas/clientes' });
  });

  it('no article, no button', async () => {
    const calls = mockApi((r) => (r.url === 'Ajuda' ? { data: { artigo: null } } : undefined));
    render(withApp(<AjudaButton />, '/pages/estoque/produtos'));
    await waitFor(() => expect(calls.some((c) => c.url === 'Ajuda')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Ajuda desta tela' })).toBeNull();
  });
});

describe('support access banner (SPEC 2.5)', () => {
  beforeEach(() => localStorage.clear());

  it('shows nothing outside a support access', async () => {
    render(withApp(<SuporteBanner />));
    expect(document.querySelector('.suporte-banner')).toBeNull();
  });

  it('the way back ends the support session and restores the admin token', async () => {
    saveSession('token-suporte', { id: 2, nome: 'Vera' } as never);
    entrarComoSuporte({ token: 'token-master', user: { id: 1, nome: 'Mário Master' } as never }, 'Loja Vizinha');
    const calls = mockApi((r) => (r.url === 'Usuarios/logout' ? { data: {} } : undefined));
    const reload = window.location.reload;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload: () => undefined, hash: '' } });
    render(withApp(<SuporteBanner />));
    await screen.findByText('Você está na conta Loja Vizinha como suporte da marca. Este acesso foi registrado.');
    fireEvent.click(screen.getByText('Sair da conta do cliente'));
    await waitFor(() => expect(getToken()).toBe('token-master'));
    expect(calls.map((c) => c.url)).toEqual(['Usuarios/logout']);
    expect(origemSuporte()).toBeNull();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
  });
});

describe('administrador: delete branch and branch sequences', { timeout: 20_000 }, () => {
  it('delete branch asks for the typed CNPJ before sending', async () => {
    const calls = mockApi((r) => (r.url === 'Admin/contas' ? { data: contas } : r.url === 'Admin/tarefas' ? { data: [] } : r.url === 'Admin/excluir-filial' ? { data: { tarefaId: 1, status: 'PROCESSANDO' } } : undefined));
    render(withApp(<ExcluirPage alvo="filial" />));
    fireEvent.mouseDown((await screen.findAllByRole('combobox'))[0]);
    fireEvent.click(await screen.findByTitle('Mercadinho Demo'));
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]);
    fireEvent.click(await screen.findByTitle('Filial Centro (11222333000262)'));
    await screen.findByText('Não é possível desfazer. Para confirmar, digite: 11222333000262');
    const excluir = screen.getByText('Excluir').closest('button')!;
    expect(excluir.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Confirmação'), { target: { value: '11222333000262' } });
    fireEvent.click(excluir);
    await waitFor(() => expect(calls.filter((c) => c.url === 'Admin/excluir-filial').map((c) => c.body)).toEqual([{ contaId: 5, filialId: 9, confirmacao: '11222333000262' }]));
  });

  it('sequencia-filial shows the used numbers and sends the next one', async () => {
    const calls = mockApi((r) =>
      r.url === 'Admin/contas'
        ? { data: contas }
        : r.url === 'Admin/sequencias' && r.method === 'GET'
          ? { data: [{ tipo: 'nfce', descricao: 'NFC-e', serie: 1, ultimoNumero: 8, proximoNumero: 9 }] }
          : r.url === 'Admin/sequencias'
            ? { data: {} }
            : undefined,
    );
    render(withApp(<SequenciaFilialPage />));
    fireEvent.mouseDown((await screen.findAllByRole('combobox'))[0]);
    fireEvent.click(await screen.findByTitle('Mercadinho Demo'));
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]);
    fireEvent.click(await screen.findByTitle('Filial Centro (11222333000262)'));
    await screen.findByText('NFC-e');
    fireEvent.change(screen.getByLabelText('Próximo número: NFC-e'), { target: { value: '120' } });
    fireEvent.click(screen.getByText('Avançar'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ contaId: 5, filialId: 9, tipo: 'nfce', serie: 1, proximoNumero: 120 }]));
  });
});
