import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../src/web/api/session.ts';
import { storedUserInfo } from '../../src/web/shell/user-info.ts';
import { ReportsTable } from '../../src/web/reports/ReportsTable.tsx';
import { definirFusoPadrao } from '../../src/shared/dates.ts';

/**
 * Issue 41 item 5: "Relatórios exportados" showed the browser's zone (UTC on a kiosk or a server-side browser). Times
 * are shown in the signed-in branch's time zone, whatever the browser's zone is.
 */
describe('times on screen follow the branch\'s time zone', () => {
  afterEach(() => {
    clearSession();
    definirFusoPadrao(null);
  });
  const linha = { id: 5, descricao: 'Clientes', tipo: 'pdf' as const, status: 1 as const, dataInclusao: '2026-11-20T10:00:00Z' };

  it('a branch in São Paulo reads 07:00 for 10:00 UTC; one in Manaus reads 06:00', () => {
    saveSession('tok', { id: 1, nome: 'Ana', filialSelecionadaObj: { id: 1, fusoHorario: 'America/Sao_Paulo' } } as any);
    storedUserInfo();
    const { unmount } = render(<App><ReportsTable onChanged={() => {}} rows={[linha]} /></App>);
    expect(screen.getByText('20/11/2026 07:00')).toBeTruthy();
    unmount();
    saveSession('tok', { id: 1, nome: 'Ana', filialSelecionadaObj: { id: 1, fusoHorario: 'America/Manaus' } } as any);
    storedUserInfo();
    render(<App><ReportsTable onChanged={() => {}} rows={[linha]} /></App>);
    expect(screen.getByText('20/11/2026 06:00')).toBeTruthy();
  });
});
