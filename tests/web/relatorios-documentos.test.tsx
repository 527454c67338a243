import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import RelatoriosVendasPage from '../../src/web/pages/vendas/RelatoriosVendasPage.tsx';
import { reportDoc } from '../../src/web/reports/report-docs.ts';
import { mockApi } from './support/mock-api.ts';

// Relatórios > Vendas draws each report with the columns of its document (schemas/reports), the very columns the
// server exports to XLSX/PDF: the screen and the file can no longer differ (the Curva ABC once showed '#' on
// screen and 'Posição' and 'Código' in the file).
describe('Relatórios de vendas: colunas do documento do relatório', () => {
  beforeEach(() => {
    mockApi(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url === 'Vendas/relatorios/VendasPorPeriodo') return { data: [{ data: '2026-11-02', pedidos: 3, quantidade: '7.5000', valor: '1234.56', ticketMedio: '411.52' }] };
      if (url === 'Vendas/relatorios/CurvaAbcProdutos') return { data: [{ posicao: 1, codigo: 'P-01', produto: 'Arroz 5 kg', quantidade: '12.0000', valor: '300.00', percentual: '62.50', acumulado: '62.50', classe: 'A' }] };
      if (url === 'Relatorios') return { data: [] };
      return undefined;
    });
  });

  const renderizar = () =>
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <MemoryRouter>
            <RelatoriosVendasPage />
          </MemoryRouter>
        </App>
      </SWRConfig>,
    );
  const cabecalhos = (linha: HTMLElement) => [...linha.closest('.ant-table')!.querySelectorAll('th')].map((th) => th.textContent?.trim()).filter(Boolean);

  it('each tab shows its document\'s columns, in order, with the values formatted by kind (R$, quantity, %, dd/MM/yyyy)', async () => {
    renderizar();
    const linha = (await screen.findByText('02/11/2026')).closest('tr')! as HTMLElement;
    expect(cabecalhos(linha)).toEqual(reportDoc('VendasPorPeriodo').columns.map((c) => c.title));
    expect(within(linha).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(linha).getByText('7,5')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Curva ABC de produtos' }));
    const abc = (await screen.findByText('Arroz 5 kg')).closest('tr')! as HTMLElement;
    expect(cabecalhos(abc)).toEqual(reportDoc('CurvaAbcProdutos').columns.map((c) => c.title));
    expect(cabecalhos(abc)).toContain('Posição');
    expect(within(abc).getAllByText('62,50%')).toHaveLength(2);
    expect(within(abc).getByText('12')).toBeTruthy();
  });
});
