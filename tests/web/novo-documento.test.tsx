import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import requisicao from '../fixtures/novo-documento/requisicaoMaterial.json';
import DocumentListPage from '../../src/web/pages/documentos/DocumentListPage.tsx';
import ProdutoEstoque from '../../src/web/pages/estoque/ProdutoEstoque.tsx';
import type { DocumentDoc } from '../../generated/schema-types.ts';
import { mockApi } from './support/mock-api.ts';

/** The throw-away "Requisição interna de material" of tests/api/novo-documento.test.ts: its list screen comes from its JSON, and the stock card names it as the ledger line's origin. */
const doc = requisicao as unknown as DocumentDoc;

function renderizar(el: React.ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>
        <MemoryRouter initialEntries={[`/${doc.route}`]}>{el}</MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

describe('a new business document on screen, from its JSON alone', () => {
  it('list: its title, its columns and its states by label', async () => {
    mockApi(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url === 'RequisicoesMaterial') return { data: [{ id: 3, numero: 41, estado: 'efetivado', depositoId: 1, setor: 'Manutenção', createdAt: '2026-03-05T12:30:00.000Z' }] };
      if (url === 'RequisicoesMaterial/count') return { data: { count: 1 } };
      return undefined;
    });
    renderizar(<DocumentListPage doc={doc} />);
    const linha = (await screen.findByText('Manutenção', {}, { timeout: 20_000 })).closest('tr')! as HTMLElement;
    expect(within(linha).getByText('41')).toBeTruthy();
    expect(within(linha).getByText('Efetivada')).toBeTruthy();
    expect(screen.getAllByText('Requisições internas de material').length).toBeGreaterThan(0);
    for (const title of ['Número', 'Setor requisitante', 'Situação']) expect(screen.getAllByText(title).length).toBeGreaterThan(0);
  }, 30_000);

  it('stock card: the ledger line names its origin as the server labels it', async () => {
    mockApi(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url === 'SaldosEstoque/porDeposito') return { data: [] };
      if (url === 'MovimentosEstoque/extrato') return { data: [{ id: 9, createdAt: '2026-03-05T12:30:00.000Z', tipo: 14, deposito: 'Almoxarifado', quantidade: '-3.5', origemTipo: 'requisicaoMaterial', origemRotulo: 'Requisição', origemNumero: 41, saldoDeposito: '6.5', saldo: '6.5' }] };
      return undefined;
    });
    renderizar(<ProdutoEstoque id={5} />);
    screen.getByText('Movimentações').click();
    expect(await screen.findByText('Requisição nº 41', {}, { timeout: 20_000 })).toBeTruthy();
  }, 30_000);
});
