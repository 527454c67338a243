import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import { ColumnFilter } from '../../src/web/renderer/ColumnFilter.tsx';
import { buildListFilter, chipText, type GridState } from '../../src/web/renderer/grid-state.ts';
import { LOAD_ERROR_TITLE, SchemaGrid, type FromList } from '../../src/web/renderer/SchemaGrid.tsx';
import { resourceByName } from '../../src/web/catalog/registry.ts';
import { mockApi } from './support/mock-api.ts';
import { TEST_DOC } from './support/test-doc.ts';

const produto = resourceByName('produto')!;
const marca = resourceByName('marca')!;
const props = TEST_DOC.schema.properties;
const state = (s: Partial<GridState>): GridState => ({ page: 1, size: 20, filters: {}, ...s });

describe('the filter dropdown of each column kind', () => {
  it('money range typed in pt-BR becomes decimal strings; an empty end stays open', () => {
    const onApply = vi.fn();
    render(<ColumnFilter field="valor" prop={props.valor} value={undefined} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('Valor de'), { target: { value: '1.234,56' } });
    fireEvent.change(screen.getByLabelText('Valor até'), { target: { value: '2.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenLastCalledWith(['1234.56', '2000.00']);
    fireEvent.change(screen.getByLabelText('Valor até'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenLastCalledWith(['1234.56', null]);
  });

  it('an integer range keeps whole numbers; both ends empty clears the filter', () => {
    const onApply = vi.fn();
    render(<ColumnFilter field="idade" prop={props.idade} value={['18', '30']} onApply={onApply} />);
    expect((screen.getByLabelText('Idade de') as HTMLInputElement).value).toBe('18');
    fireEvent.change(screen.getByLabelText('Idade de'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Idade até'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenLastCalledWith(undefined);
  });

  it('boolean offers Sim and Não; text applies on Enter; Limpar removes', () => {
    const onBool = vi.fn();
    render(<ColumnFilter field="ativo" prop={props.ativo} value={undefined} onApply={onBool} />);
    fireEvent.click(screen.getByLabelText('Não'));
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onBool).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(onBool).toHaveBeenLastCalledWith(undefined);
    const onText = vi.fn();
    render(<ColumnFilter field="nome" prop={props.nome} value={undefined} onApply={onText} />);
    fireEvent.change(screen.getByLabelText('Filtrar Nome'), { target: { value: 'Silva' } });
    fireEvent.keyDown(screen.getByLabelText('Filtrar Nome'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onText).toHaveBeenLastCalledWith('Silva');
  });

  it('a relation column searches the other resource by name and keeps the names it chose', async () => {
    const calls = mockApi(({ method, url, params }) => {
      if (method !== 'GET' || url !== 'Marcas') return undefined;
      const where = JSON.stringify((params.filter as any)?.where ?? {});
      const all = [{ id: 7, descricao: 'Camponesa' }, { id: 8, descricao: 'Polar' }];
      return { data: where.includes('pol') ? all.filter((m) => m.id === 8) : all };
    });
    const onApply = vi.fn();
    render(<ColumnFilter field="marcaId" prop={props.marcaId} value={undefined} target={marca} onApply={onApply} />);
    const box = screen.getByLabelText('Filtrar Marca');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'pol' } });
    fireEvent.click(await screen.findByText('Polar'));
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenLastCalledWith([{ id: 8, label: 'Polar' }]);
    const search = calls.filter((c) => c.url === 'Marcas').pop()!;
    expect((search.params.filter as any).where).toEqual({ or: [{ descricao: { ilike: '%pol%' } }] });
  });

  it('chosen related records filter by id (inq for several) and the chip shows their names', () => {
    const columns = produto.list.columns.map((c) => c.field);
    const one = buildListFilter(produto, state({ filters: { categoriaId: [{ id: 4, label: 'Bebidas - Sucos' }] } }), { columns });
    expect(one.where).toEqual({ categoriaId: 4 });
    const two = buildListFilter(produto, state({ filters: { marcaId: [{ id: 7, label: 'Camponesa' }, { id: 8, label: 'Polar' }] } }), { columns });
    expect(two.where).toEqual({ marcaId: { inq: [7, 8] } });
    expect(chipText(produto, 'marcaId', [{ id: 7, label: 'Camponesa' }, { id: 8, label: 'Polar' }])).toBe('Marca: Camponesa, Polar');
    // Anything else in the URL for a relation filters nothing.
    expect(buildListFilter(produto, state({ filters: { marcaId: ['x'] } }), { columns }).where).toBeUndefined();
  });
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function FormStandIn() {
  const l = useLocation();
  return <div data-testid="voltar">{(l.state as FromList | null)?.voltar}</div>;
}

function renderGrid(initial: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <App>
        <DialogHost />
        <MemoryRouter initialEntries={[initial]}>
          <Routes>
            <Route path="/pages/testes/widgets" element={<><SchemaGrid doc={TEST_DOC} /><Where /></>} />
            <Route path="/pages/testes/widgets/editar/:id" element={<FormStandIn />} />
            <Route path="/pages/testes/widgets/cadastrar" element={<FormStandIn />} />
          </Routes>
        </MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

describe('the list around its forms and failures', () => {
  let failing: boolean;
  let empty: boolean;
  beforeEach(() => {
    failing = false;
    empty = false;
    mockApi(({ method, url }) => {
      if (method === 'GET' && url === 'TestesWidgets') {
        if (failing) return { status: 500, data: { error: { statusCode: 500, name: 'Error', message: 'Banco de dados indisponível.' } } };
        return { data: empty ? [] : [{ id: 1, nome: 'Ana', ativo: true }] };
      }
      if (method === 'GET' && url === 'TestesWidgets/count') return { data: { count: 1 } };
      return undefined;
    });
  });

  it('a form opened from a filtered list is told the list it came from (filters, search, page)', async () => {
    const list = `/pages/testes/widgets?q=an&f=${encodeURIComponent(JSON.stringify({ uf: ['SP'] }))}&page=2`;
    renderGrid(list);
    fireEvent.click(await screen.findByLabelText('Editar'));
    expect((await screen.findByTestId('voltar')).textContent).toBe(list);
  });

  it('a list that cannot load says so, with the detail, instead of "nothing found"; retrying loads it', async () => {
    failing = true;
    renderGrid('/pages/testes/widgets');
    expect(await screen.findByText(LOAD_ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText('Detalhe: Banco de dados indisponível.')).toBeTruthy();
    expect(screen.queryByText('Ops, nada encontrado por aqui.')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ana')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(LOAD_ERROR_TITLE)).toBeNull());
  });
});

describe('the empty list and the search box', () => {
  let rows: Record<string, unknown>[];
  beforeEach(() => {
    rows = [];
    mockApi(({ method, url, params }) => {
      if (method === 'GET' && url === 'TestesWidgets') return { data: JSON.stringify((params.filter as any)?.where ?? {}).includes('Ana') ? rows.filter((r) => r.nome === 'Ana') : rows };
      if (method === 'GET' && url === 'TestesWidgets/count') return { data: { count: rows.length } };
      return undefined;
    });
  });

  it('an empty register offers its first record', async () => {
    renderGrid('/pages/testes/widgets');
    expect(await screen.findByText('Nenhum teste cadastrado ainda.')).toBeTruthy();
    fireEvent.click(document.querySelector('.bloco-vazio-cadastrar') as HTMLElement);
    expect(await screen.findByTestId('voltar')).toBeTruthy();
  });

  it('no match for the filters offers to clear them, which empties the box and the URL', async () => {
    rows = [{ id: 2, nome: 'Bruno', ativo: true }];
    renderGrid(`/pages/testes/widgets?q=Ana&f=${encodeURIComponent(JSON.stringify({ ativo: true }))}`);
    expect(await screen.findByText('Nenhum registro atende aos filtros aplicados.')).toBeTruthy();
    expect((screen.getByPlaceholderText('Pesquisar testes') as HTMLInputElement).value).toBe('Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/pages/testes/widgets');
    expect((screen.getByPlaceholderText('Pesquisar testes') as HTMLInputElement).value).toBe('');
  });
});

describe('a finished report opens in a new tab with the access token (SPEC 7)', () => {
  it('PDFs offer "Abrir em nova aba"; the address carries access_token; XLSX and unfinished ones do not', async () => {
    const { ReportsTable } = await import('../../src/web/reports/ReportsTable.tsx');
    const { saveSession, clearSession } = await import('../../src/web/api/session.ts');
    saveSession('tok en/1', { id: 1, nome: 'Ana' } as any);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      render(
        <App>
          <ReportsTable
            onChanged={() => {}}
            rows={[
              { id: 5, descricao: 'Clientes', tipo: 'pdf', status: 1, dataInclusao: '2026-11-20T10:00:00Z' },
              { id: 6, descricao: 'Clientes', tipo: 'xlsx', status: 1, dataInclusao: '2026-11-20T10:00:00Z' },
              { id: 7, descricao: 'Produtos', tipo: 'pdf', status: 0, dataInclusao: '2026-11-20T10:00:00Z' },
            ]}
          />
        </App>,
      );
      const buttons = screen.getAllByLabelText('Abrir em nova aba');
      expect(buttons).toHaveLength(1);
      fireEvent.click(buttons[0]);
      expect(open).toHaveBeenCalledWith('/api/Relatorios/5/arquivo?access_token=tok%20en%2F1', '_blank', 'noopener');
    } finally {
      open.mockRestore();
      clearSession();
    }
  });
});
