import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import DocumentListPage from '../../src/web/pages/documentos/DocumentListPage.tsx';
import { DOCUMENTS } from '../../src/web/pages/documentos/document-docs.ts';
import { CupomErroPage, CupomFiscalPage, SolicitacoesReenvioPage } from '../../src/web/pages/vendas/cupons/CuponsPages.tsx';
import { clearSession, saveSession } from '../../src/web/api/session.ts';
import { fireEvent } from '@testing-library/react';
import { mockApi } from './support/mock-api.ts';

const CAIXA = DOCUMENTS.find((d) => d.name === 'caixaPdv')!;

function renderizar(el: React.ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>
        <DialogHost />
        <MemoryRouter>{el}</MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

// The back office's PDV lists (issue 19): the caixa list shows money as R$ 1.234,56 and dates as dd/MM/yyyy (the
// shared formatters by the field's format, as every grid does), and the cupom lists carry their title.
describe('PDV: listas do back office', () => {
  beforeEach(() => {
    mockApi(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url === 'CaixasPdv')
        return {
          data: [
            { id: 7, numero: 12, estado: 'fechado', pdvId: 1, operadorId: 2, abertoEm: '2026-03-05T12:30:00.000Z', fechadoEm: '2026-03-05T21:05:00.000Z', valorAbertura: '1234.56', totalVendas: '98765.40', diferenca: '-0.50' },
            { id: 8, numero: 13, estado: 'aberto', pdvId: 1, operadorId: 2, abertoEm: '2026-03-06T11:00:00.000Z', fechadoEm: null, valorAbertura: '150', totalVendas: null, diferenca: null },
          ],
        };
      if (url === 'CaixasPdv/count') return { data: { count: 2 } };
      if (url === 'Pdvs') return { data: [{ id: 1, descricao: 'Caixa 01' }] };
      if (url === 'OperadoresPdv') return { data: [{ id: 2, nome: 'Olga Operadora' }] };
      if (url === 'CuponsFiscais' || url === 'CuponsErro') return { data: [] };
      if (url === 'CuponsFiscais/count' || url === 'CuponsErro/count') return { data: { count: 0 } };
      return undefined;
    });
  });

  it('caixas: values in R$ 1.234,56 and dates in dd/MM/yyyy, no raw decimals or ISO dates', async () => {
    renderizar(<DocumentListPage doc={CAIXA} />);
    const fechado = (await screen.findByText('12')).closest('tr')!;
    const celulas = within(fechado as HTMLElement);
    expect(celulas.getByText('R$ 1.234,56')).toBeTruthy();
    expect(celulas.getByText('R$ 98.765,40')).toBeTruthy();
    expect(celulas.getByText('-R$ 0,50')).toBeTruthy();
    expect(celulas.getAllByText(/^05\/03\/2026 \d\d:\d\d$/)).toHaveLength(2);
    expect(fechado.textContent).not.toMatch(/1234\.56|2026-03-05|T12:30/);
    const aberto = (await screen.findByText('13')).closest('tr')!;
    expect(within(aberto as HTMLElement).getByText('R$ 150,00')).toBeTruthy();
    expect(aberto.textContent).toMatch(/06\/03\/2026/);
    expect(await screen.findAllByText('Caixa 01')).toHaveLength(2);
  });

  it('cupom lists: each has its heading', async () => {
    renderizar(<CupomFiscalPage />);
    expect(await screen.findByRole('heading', { name: 'Cupom fiscal' })).toBeTruthy();
  });

  it('cupom fiscal: a denied NFC-e shows "Denegada" in its own colour with its reason, no cancel nor retransmit (disabled, saying why)', async () => {
    saveSession('token', { id: 1, nome: 'Ana' } as never);
    mockApi(({ method, url }) => {
      if (method !== 'GET') return undefined;
      const base = { serie: 1, emitidaEm: '2026-03-05T12:30:00.000Z', pdvId: 1, operadorId: 2, cpfCnpj: null, total: '25.90', tpEmis: 1, protocolo: null, caixaId: 7 };
      if (url === 'CuponsFiscais')
        return {
          data: [
            { ...base, id: 41, numero: 301, situacao: 'denegada', chaveAcesso: '4'.repeat(44), motivo: '302 - Uso Denegado: Irregularidade fiscal do destinatário' },
            { ...base, id: 40, numero: 300, situacao: 'autorizada', chaveAcesso: '5'.repeat(44), motivo: null },
          ],
        };
      if (url === 'CuponsFiscais/count') return { data: { count: 2 } };
      if (url === 'Pdvs') return { data: [{ id: 1, descricao: 'Caixa 01' }] };
      if (url === 'OperadoresPdv') return { data: [{ id: 2, nome: 'Olga Operadora' }] };
      return undefined;
    });
    try {
      renderizar(<CupomFiscalPage />);
      const tag = (await screen.findByText('Denegada')).closest('.ant-tag') as HTMLElement;
      expect(tag.className).toMatch(/ant-tag-magenta/);
      expect(screen.getByText('Autorizada').closest('.ant-tag')!.className).toMatch(/ant-tag-green/);
      const denegada = tag.closest('tr') as HTMLElement;
      expect(within(denegada).queryByRole('button', { name: 'Cancelar' })).toBeNull();
      expect(within(denegada).queryByRole('button', { name: 'Retransmitir' })).toBeNull();
      const indisponivel = within(denegada).getByRole('button', { name: 'Cancelar ou retransmitir: indisponível' });
      expect((indisponivel as HTMLButtonElement).disabled).toBe(true);
      expect(indisponivel.getAttribute('title')).toBe('Uso denegado pela SEFAZ (302 - Uso Denegado: Irregularidade fiscal do destinatário): a NFC-e não pode ser cancelada nem retransmitida, e o número foi consumido.');
      // The authorised one keeps its cancel.
      const autorizada = screen.getByText('Autorizada').closest('tr') as HTMLElement;
      expect(within(autorizada).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    } finally {
      clearSession();
    }
  });

  it('cupons com erro: its heading', async () => {
    renderizar(<CupomErroPage />);
    expect(await screen.findByRole('heading', { name: 'Cupons com erro' })).toBeTruthy();
  });
  it('solicitações de reenvio: a pending request is sent from its row ("Reenviar agora") and the list shows its new state; an authorised one has no action', async () => {
    saveSession('token', { id: 1, nome: 'Ana' } as never);
    let estado = 'pendente';
    const calls = mockApi(({ method, url }) => {
      if (method === 'POST' && url === 'Pdv/solicitacoes-reenvio/5/reenviar') {
        estado = 'autorizada';
        return { data: { id: 5, vendaId: 40, estado, resultado: 'Autorizada', tentativas: 2, cupom: { id: 40, numero: 123, serie: 1, situacao: 'autorizada' } } };
      }
      if (url === 'SolicitacoesReenvio')
        return {
          data: [
            { id: 5, vendaId: 40, estado, resultado: estado === 'autorizada' ? 'Autorizada' : '503 - SEFAZ indisponível', tentativas: estado === 'autorizada' ? 2 : 1 },
            { id: 4, vendaId: 39, estado: 'autorizada', resultado: 'Autorizada', tentativas: 1 },
          ],
        };
      if (url === 'SolicitacoesReenvio/count') return { data: { count: 2 } };
      if (url === 'CuponsFiscais') return { data: [{ id: 40, numero: 123 }, { id: 39, numero: 122 }] };
      return undefined;
    });
    try {
      renderizar(<SolicitacoesReenvioPage />);
      expect(await screen.findByRole('heading', { name: 'Solicitações de reenvio' })).toBeTruthy();
      const pendente = (await screen.findByText('503 - SEFAZ indisponível')).closest('tr') as HTMLElement;
      expect(within(pendente).getByText('Pendente')).toBeTruthy();
      expect(screen.getAllByRole('button', { name: /Reenviar agora/ })).toHaveLength(1);
      fireEvent.click(within(pendente).getByRole('button', { name: /Reenviar agora/ }));
      expect(await screen.findByText('NFC-e 123/1 autorizada.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['Pdv/solicitacoes-reenvio/5/reenviar']);
      // Reloaded: both authorised, no action left.
      await vi.waitFor(() => expect(screen.queryAllByRole('button', { name: /Reenviar agora/ })).toHaveLength(0));
      expect(screen.getAllByText('Autorizada').length).toBeGreaterThanOrEqual(2);
    } finally {
      clearSession();
    }
  });
});
