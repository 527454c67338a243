import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../src/web/api/session.ts';
import { AssinaturaBanner } from '../../src/web/assinatura/AssinaturaBanner.tsx';
import AssinaturaPage from '../../src/web/pages/assinatura/AssinaturaPage.tsx';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import ModuloConfigPage from '../../src/web/pages/administrador/ModuloConfigPage.tsx';
import { mockApi } from './support/mock-api.ts';

const withApp = (ui: React.ReactNode, path = '/pages/dashboard') => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <App>
      <DialogHost />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pages/assinatura" element={<div>página da assinatura</div>} />
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </App>
  </SWRConfig>
);

const modulo = (id: string, titulo: string, extra: Record<string, unknown> = {}) => ({ id, titulo, ativo: true, motivo: null, adicional: false, valorAdicional: null, valorAdicionalFormatado: null, ...extra });
const assinatura = (extra: Record<string, unknown> = {}) => ({
  estado: 'trial',
  diasRestantes: 12,
  dataVencimento: '2026-12-06',
  planoId: null,
  planoNome: null,
  meioPagamento: 'boleto',
  cartaoFinal: null,
  modulos: [modulo('estoque', 'Estoque'), modulo('pagamentos', 'Pagamentos', { ativo: false, motivo: 'plano', valorAdicional: '39.90', valorAdicionalFormatado: 'R$ 39,90' })],
  ...extra,
});

describe('plan state banner (SPEC 4)', () => {
  it('a trial shows the days left', async () => {
    mockApi((r) => (r.url === 'Assinatura' ? { data: assinatura() } : undefined));
    render(withApp(<AssinaturaBanner />));
    await screen.findByText('Você está no período de teste: faltam 12 dias.');
  });

  it('an expired trial says the system only reads, and its button leads to the way to pay', async () => {
    mockApi((r) => (r.url === 'Assinatura' ? { data: assinatura({ estado: 'trialExpirado', diasRestantes: -2 }) } : undefined));
    render(withApp(<AssinaturaBanner />));
    await screen.findByText('Seu período de teste terminou. O sistema está disponível somente para consulta até a contratação de um plano.');
    fireEvent.click(screen.getByRole('button', { name: 'Contratar plano' }));
    await screen.findByText('página da assinatura');
  });

  it('a delinquent account offers to settle the payment; an active one shows nothing; disabled asks nothing', async () => {
    mockApi((r) => (r.url === 'Assinatura' ? { data: assinatura({ estado: 'inadimplente', diasRestantes: null }) } : undefined));
    const { unmount } = render(withApp(<AssinaturaBanner />));
    await screen.findByRole('button', { name: 'Regularizar pagamento' });
    unmount();
    const calls = mockApi((r) => (r.url === 'Assinatura' ? { data: assinatura({ estado: 'ativo' }) } : undefined));
    const { container } = render(withApp(<AssinaturaBanner />));
    await waitFor(() => expect(calls.some((c) => c.url === 'Assinatura')).toBe(true));
    expect(container.querySelector('.assinatura-banner')).toBeNull();
    const none = mockApi(() => undefined);
    render(withApp(<AssinaturaBanner enabled={false} />));
    expect(none).toHaveLength(0);
  });
});

describe('pages/assinatura', { timeout: 30_000 }, () => {
  // The account's owner profile holds app.assinaturas (SPEC 6).
  beforeEach(() => saveSession('tok', { id: 1, nome: 'Ana', perfilAdmin: true }));

  it('contracts an additional module and pays a plan with efetivarPlano while in trial', async () => {
    let state = assinatura();
    const calls = mockApi((r) => {
      if (r.url === 'Assinatura') return { data: state };
      if (r.url === 'Planos') return { data: [{ id: 7, idExterno: 'essencial', configWhiteLabel: 1, nome: 'Essencial', descricao: 'Para começar', valor: '79.90', modulos: [], ativo: true }] };
      if (r.url === 'Usuarios/filiais') return { data: [{ id: 3, selecionada: true }] };
      if (r.url === 'Usuarios/contratarModulo') {
        state = assinatura({ modulos: [modulo('pagamentos', 'Pagamentos', { adicional: true, valorAdicional: '39.90', valorAdicionalFormatado: 'R$ 39,90' })] });
        return { data: { modulo: 'pagamentos', situacao: 'paga' } };
      }
      if (r.url === 'Usuarios/efetivarPlano') return { data: { situacao: 'registrado', cobranca: 'paga' } };
      return undefined;
    });
    render(withApp(<AssinaturaPage />));
    const row = (await screen.findByText('Pagamentos')).closest('tr')!;
    expect(within(row).getByText('R$ 39,90')).toBeTruthy();
    fireEvent.click(within(row).getByText('Contratar'));
    await screen.findAllByText('Contratar o módulo Pagamentos?');
    fireEvent.click(screen.getAllByText('Confirmar').at(-1)!);
    await waitFor(() => expect(calls.filter((c) => c.url === 'Usuarios/contratarModulo').map((c) => c.body)).toEqual([{ modulo: 'pagamentos' }]));
    await screen.findByText('Contratado');

    fireEvent.click(await screen.findByText('Assinar Essencial'));
    await screen.findAllByText('Assinar o plano Essencial?');
    fireEvent.click(screen.getAllByText('Confirmar').at(-1)!);
    await waitFor(() => expect(calls.filter((c) => c.url === 'Usuarios/efetivarPlano').map((c) => c.body)).toEqual([{ filialId: 3, planoId: 7 }]));
  });

  it("shows the card's field messages from the server beside each field", async () => {
    mockApi((r) => {
      if (r.url === 'Assinatura') return { data: assinatura() };
      if (r.url === 'Usuarios/alterarPagamentoParaCartao') {
        return { status: 400, data: { error: { statusCode: 400, message: 'Dados do cartão inválidos: Cartão vencido.', details: [{ campo: 'validade', mensagem: 'Cartão vencido.' }] } } };
      }
      return { data: [] };
    });
    render(withApp(<AssinaturaPage />));
    fireEvent.change(await screen.findByLabelText('Número do cartão'), { target: { value: '4111111111111111' } });
    fireEvent.change(screen.getByLabelText('Validade (MM/AA)'), { target: { value: '01/20' } });
    fireEvent.click(screen.getByText('Usar este cartão'));
    await screen.findByText('Cartão vencido.', { selector: '.ant-form-item-explain-error' });
  });
});

describe('administrador/configuracoes/modulo-config', () => {
  const view = {
    modulos: [
      { id: 'estoque', titulo: 'Estoque', menus: ['ESTOQUE', 'ESTOQUE_PRODUTOS'], ativo: true, valorAdicional: null, planos: [1] },
      { id: 'pagamentos', titulo: 'Pagamentos', menus: ['PAGAMENTOS'], ativo: true, valorAdicional: '39.90', planos: [] },
    ],
    planos: [{ id: 1, nome: 'Essencial', ativo: true }],
  };

  it('switches a module off and prices another, sending one PUT; a negative price is refused before sending', async () => {
    const calls = mockApi((r) => (r.url === 'ConfigWhiteLabels/modulos' ? { data: r.method === 'PUT' ? view : view } : undefined));
    render(withApp(<ModuloConfigPage />));
    expect(await screen.findByText('Essencial')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Ativo: Estoque' }));
    fireEvent.change(screen.getByLabelText('Valor adicional: Pagamentos'), { target: { value: '-5' } });
    await screen.findByText('Valor adicional inválido: Pagamentos. Informe um valor a partir de 0.');
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Valor adicional: Pagamentos'), { target: { value: '1.234,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      modulos: [
        { id: 'estoque', ativo: false, valorAdicional: null },
        { id: 'pagamentos', ativo: true, valorAdicional: '1234.50' },
      ],
    });
  });
});
