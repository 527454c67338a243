import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVORITES_LIMIT } from '../../src/shared/favorites.ts';
import { saveSession } from '../../src/web/api/session.ts';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import { exportReport, REPORT_TEXTS } from '../../src/web/reports/export-flow.ts';
import { ReportNotificationsHost } from '../../src/web/reports/report-toasts.tsx';
import { ReportStatusTag } from '../../src/web/reports/ReportStatusTag.tsx';
import { PermissionMatrixInput } from '../../src/web/renderer/widgets/PermissionMatrix.tsx';
import { ALERT_REFRESH_MS, mergeAlert, refreshAlerts } from '../../src/web/shell/alerts.ts';
import { menuKeyOfRoute, setDefaultFavorites, toggleFavorite, type Favorito } from '../../src/web/shell/favorites.ts';
import { Notifications } from '../../src/web/shell/Notifications.tsx';
import { branchLabel } from '../../src/web/shell/user-info.ts';
import { WhatsNewModal, whatsNewKey, wrapSlide } from '../../src/web/shell/WhatsNewModal.tsx';
import { mockApi } from './support/mock-api.ts';

const toasts = () => [...document.querySelectorAll('.ant-notification-notice')].map((n) => n.textContent ?? '');
const withApp = (ui: React.ReactNode) => (
  <App>
    <DialogHost />
    <ReportNotificationsHost />
    <MemoryRouter>{ui}</MemoryRouter>
  </App>
);

beforeEach(() => saveSession('tok', { id: 7, nome: 'Ana', perfilAdmin: true }));
afterEach(() => {
  vi.useRealTimers();
});

describe('header bits', () => {
  it("branch label: nickname, else name, else 'Filial: Não informado'", () => {
    expect(branchLabel({ id: 1, apelido: 'Matriz', nome: 'Mercadinho Ltda' })).toBe('Matriz');
    expect(branchLabel({ id: 1, apelido: ' ', nome: 'Mercadinho Ltda' })).toBe('Mercadinho Ltda');
    expect(branchLabel(null)).toBe('Filial: Não informado');
  });
});

describe('notifications dropdown', () => {
  it("lists alerts with the tipo icon, text and dd/MM/yyyy date; delete only where permiteExcluir; empty text otherwise", async () => {
    let alerts = [
      { id: 1, tipo: 'warning', texto: 'Certificado vence em 5 dias', data: '2025-03-04T12:00:00Z', link: null, permiteExcluir: true },
      { id: 2, tipo: 'info', texto: 'Bem-vindo', data: '2025-03-01T12:00:00Z', link: 'pages/vendas/clientes', permiteExcluir: false },
    ];
    const calls = mockApi((r) => {
      if (r.method === 'GET' && r.url === 'Alerta/pesquisar-alertas') return { data: alerts };
      if (r.method === 'DELETE' && r.url === 'Alerta/1') return (alerts = alerts.filter((a) => a.id !== 1)), { data: { count: 1 } };
      return undefined;
    });
    render(withApp(<Notifications />));
    fireEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    await screen.findByText('Certificado vence em 5 dias');
    expect(screen.getByText('04/03/2025')).toBeTruthy();
    expect(screen.getByLabelText('Aviso')).toBeTruthy();
    expect(screen.getByLabelText('Informação')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Excluir notificação' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir notificação' }));
    await waitFor(() => expect(screen.queryByText('Certificado vence em 5 dias')).toBeNull());
    expect(calls.filter((c) => c.url === 'Alerta/pesquisar-alertas').length).toBe(2);
    alerts = [];
    await act(async () => refreshAlerts());
    await screen.findByText('Sem notificações por enquanto.');
  });

  it('reloads every 300000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi((r) => (r.url === 'Alerta/pesquisar-alertas' ? { data: [] } : undefined));
    render(withApp(<Notifications />));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await act(async () => vi.advanceTimersByTime(100));
    const first = calls.length;
    await act(async () => vi.advanceTimersByTime(ALERT_REFRESH_MS - 200));
    expect(calls.length).toBe(first);
    await act(async () => vi.advanceTimersByTime(200));
    expect(calls.length).toBe(first + 1);
  });

  it('a realtime alert with an id is prepended once; without an id the list reloads', () => {
    const list = [{ id: 1, tipo: 'info', texto: 'a' }];
    expect(mergeAlert(list, { id: 2, tipo: 'info', texto: 'b' })!.map((a) => a.id)).toEqual([2, 1]);
    expect(mergeAlert(list, { id: 1, tipo: 'info', texto: 'a' })!.map((a) => a.id)).toEqual([1]);
    expect(mergeAlert(list, { tipo: 'info', texto: 'sem id' })).toBeNull();
  });
});

describe('favourites', () => {
  const fav = (menuKey: string, title: string, link: string): Favorito => ({ menuKey, title, link, icon: null });

  it('the current route is matched to its menu entry with the query string ignored', () => {
    expect(menuKeyOfRoute('/pages/vendas/clientes')).toBe('VENDAS_CLIENTES');
    expect(menuKeyOfRoute('/pages/vendas/clientes?page=2')).toBe('VENDAS_CLIENTES');
    expect(menuKeyOfRoute('/pages/vendas/clientes/editar/3')).toBeUndefined();
  });

  it('limit, no menu entry, default favourite, accountant and the fallback message', async () => {
    render(withApp(null));
    const full = Array.from({ length: FAVORITES_LIMIT }, (_, i) => fav(`K${i}`, `T${i}`, `pages/x${i}`));
    const calls = mockApi((r) => (r.method === 'POST' ? { status: 500, data: { error: { message: 'boom' } } } : undefined));
    expect(await toggleFavorite({ pathname: '/pages/vendas/clientes', current: full, userId: 7 })).toBeNull();
    await waitFor(() => expect(toasts().join()).toContain(`Limite de ${FAVORITES_LIMIT} favoritos`));
    expect(await toggleFavorite({ pathname: '/pages/vendas/clientes/editar/3', current: [], userId: 7 })).toBeNull();
    await waitFor(() => expect(toasts().join()).toContain('Não é possível favoritar esta página'));
    setDefaultFavorites(7, ['VENDAS_CLIENTES']);
    expect(await toggleFavorite({ pathname: '/pages/vendas/clientes', current: [fav('VENDAS_CLIENTES', 'Clientes', 'pages/vendas/clientes')], userId: 7 })).toBeNull();
    await waitFor(() => expect(toasts().join()).toContain("O menu 'Clientes' não pode ser removido dos favoritos"));
    expect(await toggleFavorite({ pathname: '/pages/vendas/clientes', current: [], userId: 7, isContador: true })).toBeNull();
    expect(calls).toHaveLength(0);
    expect(await toggleFavorite({ pathname: '/pages/estoque/produtos', current: [], userId: 7 })).toBeNull();
    await waitFor(() => expect(toasts().join()).toContain('Não foi possível realizar esta ação'));
    expect(calls.map((c) => c.body)).toEqual([{ menuKey: 'ESTOQUE_PRODUTOS' }]);
  });
});

describe("what's-new modal", () => {
  it('three slides with wrap-around, shown once per configuration id, then marker 1 stored', async () => {
    expect([wrapSlide(2, 1), wrapSlide(0, -1), wrapSlide(1, 1)]).toEqual([0, 2, 2]);
    const { unmount } = render(withApp(<WhatsNewModal configId="cfg-1" eligible />));
    await screen.findByText('Olá! Temos novidades para você');
    expect(localStorage.getItem(whatsNewKey('cfg-1'))).toBe('1');
    expect(screen.getByText('Altere o status do boleto manualmente')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('Divida o boleto em parcelas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByText('Altere o status do boleto manualmente')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByText('Notificações de boletos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    unmount();
    render(withApp(<WhatsNewModal configId="cfg-1" eligible />));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Olá! Temos novidades para você')).toBeNull();
  });
});

describe('what\'s-new slides lead to their screen', () => {
  it('the manual-status and split slides open pages/pagamentos/boletos', async () => {
    render(withApp(
      <Routes>
        <Route path="/" element={<WhatsNewModal configId="cfg-links" eligible />} />
        <Route path="/pages/pagamentos/boletos" element={<p>tela de boletos</p>} />
      </Routes>,
    ));
    await screen.findByText('Altere o status do boleto manualmente');
    fireEvent.click(screen.getByRole('button', { name: 'Ver em Boletos' }));
    await screen.findByText('tela de boletos');
  });
});

describe('exports', () => {
  it("406 warns with the server's message; other errors say 'Erro ao gerar {name} {FORMAT}'", async () => {
    render(withApp(null));
    let status = 406;
    mockApi((r) => {
      if (r.method === 'GET' && r.url === 'Relatorios') return { data: [] };
      if (r.method === 'POST' && r.url === 'Relatorios/exportar') return { status, data: { error: { statusCode: status, message: status === 406 ? 'Relatório já está sendo processado.' : 'falhou' } } };
      return undefined;
    });
    expect(await exportReport({ endpoint: 'Clientes', name: 'Clientes', filter: { order: 'nome ASC' }, tipo: 'xlsx', askOpenExisting: async () => false })).toBe('busy');
    await waitFor(() => expect(toasts().join()).toContain('Relatório já está sendo processado.'));
    status = 500;
    expect(await exportReport({ endpoint: 'Clientes', name: 'Clientes', filter: {}, tipo: 'pdf' })).toBe('failed');
    await waitFor(() => expect(toasts().join()).toContain(REPORT_TEXTS.erro('Clientes', 'pdf')));
    expect(REPORT_TEXTS.erro('Clientes', 'pdf')).toBe('Erro ao gerar Clientes PDF');
    expect(REPORT_TEXTS.gerando('Clientes', 'xlsx')).toBe('Gerando Clientes XLSX...');
  });

  it('a finished export of the same report is offered first; opening it exports nothing new', async () => {
    render(withApp(null));
    const calls = mockApi((r) => {
      if (r.method === 'GET' && r.url === 'Relatorios') return { data: [{ id: 9, descricao: 'Clientes', tipo: 'pdf', status: 1, dataInclusao: '2025-01-01T10:00:00Z', url: '/api/Relatorios/9/arquivo' }] };
      if (r.method === 'GET' && r.url === 'Relatorios/9/arquivo') return { data: new Blob(['%PDF'], { type: 'application/pdf' }) };
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const asked: number[] = [];
    expect(await exportReport({ endpoint: 'Clientes', name: 'Clientes', filter: {}, tipo: 'pdf', askOpenExisting: async (r) => (asked.push(r.id), true) })).toBe('opened');
    expect(asked).toEqual([9]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(open).toHaveBeenCalled();
    // The pop-up was blocked: the SPEC 8 warning.
    await waitFor(() => expect(toasts().join()).toContain('Habilite as janelas pop-up no navegador para concluir a impressão do relatório.'));
  });

  it("status tags: 'Processando', 'Finalizado', 'Erro'", () => {
    render(<>{[0, 1, 2].map((s) => <ReportStatusTag key={s} status={s} />)}</>);
    expect(screen.getByText('Processando').className).toContain('processing');
    expect(screen.getByText('Finalizado').className).toContain('success');
    expect(screen.getByText('Erro').className).toContain('error');
  });
});

describe('permission matrix', () => {
  it('a level key takes the chosen level (NENHUMA removes it); a boolean key is TOTAL or nothing', () => {
    const changes: Record<string, number>[] = [];
    const { rerender } = render(<PermissionMatrixInput value={{ 'app.cliente': 1 }} onChange={(v) => changes.push(v)} />);
    fireEvent.click(screen.getByLabelText('Clientes: Alterar'));
    expect(changes.at(-1)).toEqual({ 'app.cliente': 3 });
    fireEvent.click(screen.getByLabelText('Clientes: Nenhuma'));
    expect(changes.at(-1)).toEqual({});
    rerender(<PermissionMatrixInput value={{}} onChange={(v) => changes.push(v)} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Exportar XML de NF-e' }));
    expect(changes.at(-1)).toEqual({ 'app.exportarXml': 4 });
  });
});
