import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { NpsModal } from '../../src/web/assinatura/NpsModal.tsx';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import NpsPage from '../../src/web/pages/administrador/nps/NpsPage.tsx';
import { mockApi } from './support/mock-api.ts';

const withApp = (ui: React.ReactNode) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <App>
      <DialogHost />
      <MemoryRouter>{ui}</MemoryRouter>
    </App>
  </SWRConfig>
);

describe('NPS survey in the app', { timeout: 20_000 }, () => {
  it('sends the chosen score and comment once, then closes', async () => {
    const calls = mockApi((r) => (r.url === 'Nps/pendente' ? { data: { pesquisa: { id: 4, pergunta: 'Você nos recomendaria?' } } } : r.url === 'Nps/respostas' ? { data: {} } : undefined));
    render(withApp(<NpsModal />));
    await screen.findByText('Você nos recomendaria?');
    const enviar = screen.getByText('Enviar').closest('button')!;
    expect(enviar.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '7' }));
    fireEvent.change(screen.getByLabelText('Comentário (opcional)'), { target: { value: '  Poderia ter mais relatórios.  ' } });
    fireEvent.click(enviar);
    await waitFor(() => expect(screen.queryByText('Você nos recomendaria?')).toBeNull());
    expect(calls.filter((c) => c.url === 'Nps/respostas').map((c) => c.body)).toEqual([{ pesquisaId: 4, nota: 7, comentario: 'Poderia ter mais relatórios.' }]);
  });

  it('closing it records a dismissal; nothing pending shows nothing', async () => {
    const calls = mockApi((r) => (r.url === 'Nps/pendente' ? { data: { pesquisa: { id: 4, pergunta: 'Você nos recomendaria?' } } } : r.url === 'Nps/respostas' ? { data: {} } : undefined));
    const { unmount } = render(withApp(<NpsModal />));
    await screen.findByText('Você nos recomendaria?');
    fireEvent.click(screen.getByText('Agora não'));
    await waitFor(() => expect(calls.filter((c) => c.url === 'Nps/respostas').map((c) => c.body)).toEqual([{ pesquisaId: 4, dispensada: true }]));
    unmount();
    const none = mockApi((r) => (r.url === 'Nps/pendente' ? { data: { pesquisa: null } } : undefined));
    render(withApp(<NpsModal />));
    await waitFor(() => expect(none.some((c) => c.url === 'Nps/pendente')).toBe(true));
    expect(document.querySelector('.nps-modal')).toBeNull();
  });
});

describe('administrador/configuracoes/nps', { timeout: 20_000 }, () => {
  const resultados = {
    nps: 25,
    promotores: 2,
    neutros: 1,
    detratores: 1,
    respostas: 4,
    porMes: [
      { mes: '10/2026', respostas: 1, nps: -100, promotores: 0, neutros: 0, detratores: 1 },
      { mes: '11/2026', respostas: 3, nps: 67, promotores: 2, neutros: 1, detratores: 0 },
    ],
    comentarios: [{ nota: 10, comentario: 'Excelente suporte.', conta: 'Mercadinho Demo', data: '20/11/2026' }],
  };

  it('shows the score over time and the comments; a new survey goes through POST with the server field messages', async () => {
    const calls = mockApi((r) => {
      if (r.url === 'Nps/pesquisas' && r.method === 'GET') return { data: [] };
      if (r.url === 'Nps/resultados') return { data: resultados };
      if (r.url === 'Nps/pesquisas' && r.method === 'POST') return { status: 400, data: { error: { statusCode: 400, message: 'Dados inválidos', details: [{ campo: 'periodoDias', mensagem: 'Informe um período de 1 a 730 dias.' }] } } };
      return undefined;
    });
    render(withApp(<NpsPage />));
    await screen.findByText('Excelente suporte.');
    expect(screen.getByText('67')).toBeTruthy();
    expect(screen.getByText('-100')).toBeTruthy();
    fireEvent.click(screen.getByText('Criar pesquisa'));
    await screen.findByText('Campo Obrigatório!');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Pergunta'), { target: { value: 'Você recomendaria o sistema?' } });
    fireEvent.click(screen.getByText('Criar pesquisa'));
    await screen.findByText('Informe um período de 1 a 730 dias.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ pergunta: 'Você recomendaria o sistema?', periodoDias: 90, ativa: true }]);
  });
});
