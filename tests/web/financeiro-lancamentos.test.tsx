import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../src/web/api/session.ts';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import LancamentosPage from '../../src/web/pages/financeiro/LancamentosPage.tsx';
import { mockApi } from './support/mock-api.ts';

const hoje = new Date().toISOString().slice(0, 10);
const parcela = (id: number, status: string, valorAberto: string) => ({
  id,
  lancamentoId: 10 + id,
  tipo: 1,
  vencimento: hoje,
  descricao: `Conta ${id}`,
  pessoaNome: null,
  categoriaId: null,
  contaId: 3,
  numero: 1,
  quantidadeParcelas: 2,
  valor: '100.00',
  valorAberto,
  status,
});

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>
        <DialogHost />
        <MemoryRouter initialEntries={['/pages/financeiro/lancamentos/lista/despesas']}>
          <Routes>
            <Route path="/pages/financeiro/lancamentos/lista/despesas" element={<LancamentosPage tipo={1} />} />
          </Routes>
        </MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

// The despesas screen over the parcelas document: every request carries tipo 1 beside the person's filters, the
// totals follow the same where, and the row offers Baixar only while something is open.
describe('pages/financeiro/lancamentos/lista/despesas', { timeout: 30_000 }, () => {
  let calls: ReturnType<typeof mockApi>;
  beforeEach(() => {
    saveSession('tok', { id: 1, nome: 'Ana', perfilAdmin: true } as never);
    calls = mockApi(({ method, url }) => {
      if (method === 'GET' && url === 'Parcelas') return { data: [parcela(1, 'atrasado', '100.00'), parcela(2, 'pago', '0.00')] };
      if (method === 'GET' && url === 'Parcelas/count') return { data: { count: 2 } };
      if (method === 'GET' && url === 'Parcelas/totais') return { data: { quantidade: 2, total: '200.00', aberto: '0.00', atrasado: '100.00', pago: '100.00' } };
      if (method === 'GET' && url === 'ContasFinanceiras/saldos') return { data: [{ contaId: 3, descricao: 'Banco do Brasil', tipo: 1, ativo: true, saldoInicial: '0.00', movimentado: '10.00', saldo: '10.00' }] };
      return undefined;
    });
  });

  it('asks for tipo 1 with the row actions fields, and the totals with the same where', async () => {
    renderPage();
    await screen.findByText('Conta 1');
    const list = calls.find((c) => c.url === 'Parcelas')!;
    expect((list.params.filter as { where: unknown }).where).toEqual({ tipo: 1 });
    expect((list.params.filter as { fields: string[] }).fields).toEqual(expect.arrayContaining(['lancamentoId', 'quantidadeParcelas', 'status']));
    await waitFor(() => expect(calls.some((c) => c.url === 'Parcelas/totais')).toBe(true));
    expect(calls.find((c) => c.url === 'Parcelas/totais')!.params.where).toEqual({ tipo: 1 });
    expect(await screen.findByText('R$ 10,00')).toBeTruthy();
    await waitFor(() => expect(within(document.querySelector('[data-total="atrasado"]') as HTMLElement).getByText('R$ 100,00')).toBeTruthy());
  });

  it('offers Baixar on the open row only, as 1/2 of its lançamento, and opens the settle dialog', async () => {
    renderPage();
    const aberta = (await screen.findByText('Conta 1')).closest('tr')!;
    const paga = screen.getByText('Conta 2').closest('tr')!;
    expect(within(aberta).getByText('1/2')).toBeTruthy();
    expect(within(aberta).getByText('Atrasado')).toBeTruthy();
    expect(within(paga).queryByRole('button', { name: 'Baixar' })).toBeNull();
    fireEvent.click(within(aberta).getByRole('button', { name: 'Baixar' }));
    expect(await screen.findByText('Pagar parcela')).toBeTruthy();
    expect(await screen.findByText('Total da baixa: R$ 100,00')).toBeTruthy();
  });
});
