import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import { saveSession } from '../../src/web/api/session.ts';
import NotasProcessadasPage from '../../src/web/pages/nfe/NotasProcessadasPage.tsx';
import { mockApi } from './support/mock-api.ts';

function renderizar() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>
        <DialogHost />
        <MemoryRouter>
          <NotasProcessadasPage />
        </MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

const ajuda = { texto: 'O autor do evento diverge do emissor da NF-e', explicacao: 'O CNPJ do evento não é o do emitente.', comoCorrigir: 'Confira o certificado digital da filial e transmita de novo.' };
const base = { serie: 1, chave: null, destinatarioNome: 'Cliente Teste', total: '10.00', dataEmissao: '2026-03-05T12:30:00.000Z', createdAt: '2026-03-05T12:30:00.000Z', sequenciaCce: 0, tipoEmissao: 1, contingencia: null, pedidoId: null };

// Notas processadas (issue 17): a note whose EPEC the Ambiente Nacional refused shows, under its row, that it is not
// valid (no DANFE), the SEFAZ rejection with its help (RejeicaoSefaz), and the two ways out: transmit again online
// with the same number, or inutilise the number. An ordinary rejection shows its help too; a note being transmitted
// has no actions.
describe('Notas processadas: EPEC recusada', () => {
  let notas: Record<string, unknown>[];
  let calls: ReturnType<typeof mockApi>;
  beforeEach(() => {
    saveSession('token', { id: 1, nome: 'Ana' } as never);
    notas = [
      { ...base, id: 7, numero: 41, status: 'rejeitada', numeroMantido: true, rejeicao: { cStat: '574', xMotivo: 'Rejeição: O autor do evento diverge do emissor da NF-e', ajuda, epec: { motivo: 'SEFAZ indisponível', serie: 1, numero: 41 } } },
      { ...base, id: 8, numero: null, serie: null, status: 'rejeitada', rejeicao: { cStat: '206', xMotivo: 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ', ajuda } },
      { ...base, id: 9, numero: 42, status: 'transmitindo' },
    ];
    calls = mockApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith('NotasFiscais')) return { data: notas };
      if (method === 'POST' && url === 'NotasFiscais/7/transmitir') return { data: { autorizada: true, nota: { numero: 41, status: 'autorizada' } } };
      if (method === 'POST' && url === 'Inutilizacoes') return { data: { id: 1, serie: 1, numeroInicial: 41, numeroFinal: 41, cStat: '102' } };
      return undefined;
    });
  });

  it('shows the refused EPEC with RejeicaoSefaz and its actions: transmit again, or inutilise the number', { timeout: 60_000 }, async () => {
    renderizar();
    const aviso = await screen.findByTestId('epec-recusada-7');
    expect(aviso.textContent).toMatch(/EPEC recusada: a NF-e 41 série 1 não vale como documento fiscal e o DANFE não pode ser impresso/);
    const rej = screen.getByTestId('rejeicao-nota-7');
    expect(rej.textContent).toMatch(/Rejeição 574: Rejeição: O autor do evento diverge do emissor da NF-e/);
    expect(rej.textContent).toMatch(/Como corrigir: Confira o certificado digital/);
    // The ordinary rejection is not expanded until asked, and has no EPEC actions.
    expect(screen.queryByTestId('rejeicao-nota-8')).toBeNull();
    expect(screen.queryByTestId('epec-recusada-8')).toBeNull();
    // The note being transmitted: no actions, waiting for SEFAZ.
    expect(screen.getByText('Aguardando a SEFAZ')).toBeTruthy();
    expect(screen.getByText('Transmitindo')).toBeTruthy();

    fireEvent.click(within(aviso).getByText('Transmitir de novo').closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === 'NotasFiscais/7/transmitir')).toBe(true));

    fireEvent.click(within(aviso).getByText('Inutilizar número 41').closest('button')!);
    const input = await waitFor(
      () => {
        const el = document.getElementById('dialogo-texto');
        if (!el) throw new Error('diálogo da justificativa');
        return el;
      },
      { timeout: 15_000 },
    );
    expect(screen.getByText(/Inutilizar o número 41 da série 1/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'EPEC recusada pela SEFAZ, numero inutilizado' } });
    fireEvent.click(screen.getByText('Salvar').closest('button')!);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === 'Inutilizacoes')?.body).toEqual({ serie: 1, numeroInicial: 41, numeroFinal: 41, justificativa: 'EPEC recusada pela SEFAZ, numero inutilizado' }));
  });

  it('an ordinary rejection opens under its row with the help text', async () => {
    renderizar();
    await screen.findByTestId('epec-recusada-7');
    // No expand column: the grid's cells keep their places.
    expect(document.querySelector('.ant-table-row-expand-icon-cell')).toBeNull();
    fireEvent.click(screen.getByText('Ver rejeição').closest('button')!);
    const rej = await screen.findByTestId('rejeicao-nota-8');
    expect(rej.textContent).toMatch(/Rejeição 206/);
    fireEvent.click(screen.getByText('Ocultar rejeição').closest('button')!);
    // antd keeps a closed row in the page, hidden.
    await waitFor(() => expect((screen.getByTestId('rejeicao-nota-8').closest('tr') as HTMLElement).style.display).toBe('none'));
  });

  it('a denied note (302): "Denegada" in its own colour, filterable, its reason under the row, and no cancel nor transmit again', async () => {
    const motivo = { texto: 'Uso Denegado: Irregularidade fiscal do destinatário', explicacao: 'A inscrição do destinatário está irregular.', comoCorrigir: 'Consulte a situação cadastral do cliente na SEFAZ.' };
    notas.push({ ...base, id: 10, numero: 43, chave: '3'.repeat(44), status: 'denegada', rejeicao: { cStat: '302', xMotivo: 'Uso Denegado: Irregularidade fiscal do destinatário', ajuda: motivo } });
    renderizar();
    const linha = (await screen.findByText('Denegada')).closest('tr') as HTMLElement;
    // Its own colour: magenta, no other status has it.
    expect(within(linha).getByText('Denegada').closest('.ant-tag')!.className).toMatch(/ant-tag-magenta/);
    expect(within(linha).queryByText('Editar')).toBeNull();
    expect(within(linha).queryByText('DANFE')).toBeNull();
    // The reason, asked from the row.
    expect(screen.queryByTestId('denegada-10')).toBeNull();
    fireEvent.click(within(linha).getByText('Ver motivo').closest('button')!);
    expect((await screen.findByTestId('denegada-10')).textContent).toMatch(/NF-e 43 série 1: Uso denegado pela SEFAZ: a nota não pode ser cancelada nem transmitida de novo/);
    expect(screen.getByTestId('rejeicao-nota-10').textContent).toMatch(/Denegação 302: Uso Denegado: Irregularidade fiscal do destinatário/);
    expect(screen.getByTestId('rejeicao-nota-10').textContent).toMatch(/Como corrigir: Consulte a situação cadastral/);
    // Cancel and transmit again are there, disabled, saying why.
    fireEvent.mouseEnter(within(linha).getByRole('button', { name: 'Mais ações da NF-e 43' }));
    const cancelar = (await screen.findByText('Cancelar: indisponível (uso denegado)')).closest('li')!;
    expect(cancelar.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Transmitir de novo: indisponível (uso denegado)').closest('li')!.getAttribute('aria-disabled')).toBe('true');
    // The status filter offers it, and asks the server for it.
    fireEvent.mouseDown(screen.getByLabelText('Situação'));
    fireEvent.click((await screen.findAllByText('Denegada')).find((e) => e.closest('.ant-select-item-option'))!);
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && decodeURIComponent(c.url).includes('"status":"denegada"'))).toBe(true));
  });
});
