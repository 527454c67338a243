import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import { formatCell, formatValue } from '../../src/web/renderer/format-value.ts';
import { buildListFilter, chipText, gridStateToParams, parseGridState, type GridState } from '../../src/web/renderer/grid-state.ts';
import { SchemaGrid } from '../../src/web/renderer/SchemaGrid.tsx';
import { loadLookup, resourceByName } from '../../src/web/catalog/registry.ts';
import { mockApi } from './support/mock-api.ts';
import { TEST_DOC } from './support/test-doc.ts';

const cliente = resourceByName('cliente')!;
const categoria = resourceByName('categoriaProduto')!;
const produto = resourceByName('produto')!;
const state = (s: Partial<GridState>): GridState => ({ page: 1, size: 20, filters: {}, ...s });

describe('grid state lives in the URL', () => {
  it('round-trips page, size, sort, search and filters', () => {
    const s = state({ page: 3, size: 50, sort: { field: 'nome', dir: 'DESC' }, q: 'ana', filters: { uf: ['SP', 'RJ'], limiteCredito: ['100.00', null], ativo: true } });
    const sp = gridStateToParams(s);
    expect(parseGridState(new URLSearchParams(sp.toString()))).toEqual(s);
  });

  it('falls back to the first page of 20 on nonsense', () => {
    expect(parseGridState(new URLSearchParams('page=-2&size=7&sort=x;drop&f={bad'))).toEqual(state({}));
  });
});

describe('grid filters become the LoopBack filter', () => {
  const columns = cliente.list.columns.map((c) => c.field);

  it('paging, default order and the fields of the columns', () => {
    const { filter, where } = buildListFilter(cliente, state({ page: 2 }), { columns });
    expect(where).toBeUndefined();
    expect(filter).toMatchObject({ order: 'nome ASC', limit: 20, skip: 20 });
    expect(filter.fields).toEqual(['id', ...columns]);
  });

  it('text, lookup, money range, date range and boolean filters, plus the quick search', () => {
    const s = state({
      q: 'ana 123.456',
      sort: { field: 'limiteCredito', dir: 'DESC' },
      filters: { nome: 'Sil_va', cpfCnpj: '123.456', uf: ['SP'], limiteCredito: ['100.00', '200.00'], dataNascimento: [null, '2000-12-31'], ativo: false },
    });
    const { filter, where } = buildListFilter(cliente, s, { columns });
    expect(filter.order).toBe('limiteCredito DESC');
    const parts = (where as { and: unknown[] }).and;
    expect(parts).toContainEqual({ nome: { ilike: '%Sil\\_va%' } });
    expect(parts).toContainEqual({ cpfCnpj: { ilike: '%123456%' } });
    expect(parts).toContainEqual({ uf: 'SP' });
    expect(parts).toContainEqual({ limiteCredito: { between: ['100.00', '200.00'] } });
    expect(parts).toContainEqual({ dataNascimento: { lte: '2000-12-31' } });
    expect(parts).toContainEqual({ ativo: false });
    expect(JSON.stringify(parts[0])).toContain('%ana%');
  });

  it('several lookup values use inq; brand-hidden fields are neither searched nor filtered', () => {
    const { where } = buildListFilter(cliente, state({ q: 'x', filters: { uf: ['SP', 'RJ'], fantasia: 'y' } }), { columns, hidden: new Set(['fantasia']) });
    expect(JSON.stringify(where)).not.toContain('fantasia');
    expect((where as { and: unknown[] }).and).toContainEqual({ uf: { inq: ['SP', 'RJ'] } });
  });

  it('relation columns are included with their record', () => {
    const { filter } = buildListFilter(produto, state({}), { columns: ['descricao', 'categoriaId'] });
    expect(filter.include).toEqual([{ relation: 'categoria' }]);
  });

  it('chips read as the filter', async () => {
    await loadLookup('uf');
    expect(chipText(cliente, 'uf', ['SP', 'RJ'])).toBe('UF: São Paulo, Rio de Janeiro');
    expect(chipText(cliente, 'limiteCredito', ['1234.5', null])).toBe('Limite de crédito: a partir de R$ 1.234,50');
    expect(chipText(cliente, 'dataNascimento', ['2000-01-01', '2000-12-31'])).toBe('Data de nascimento: 01/01/2000 até 31/12/2000');
    expect(chipText(cliente, 'ativo', true)).toBe('Ativo: Sim');
    expect(chipText(cliente, 'nome', 'ana')).toBe('Nome / Razão social: ana');
  });
});

describe('cell formats', () => {
  it.each([
    ['money', '1234.56', undefined, 'R$ 1.234,56'],
    ['money', '-1234.5', undefined, '-R$ 1.234,50'],
    ['money', '0', undefined, 'R$ 0,00'],
    ['date', '2024-03-05', undefined, '05/03/2024'],
    ['cpfCnpj', '52998224725', undefined, '529.982.247-25'],
    ['cpfCnpj', '11222333000181', undefined, '11.222.333/0001-81'],
    ['phone', '11987654321', undefined, '(11) 9 8765-4321'],
    ['cep', '01310100', undefined, '01310-100'],
    ['ncm', '1006302', undefined, '01006302'],
    ['percent', '12.5', undefined, '12,50%'],
    ['decimal', '1234.5000', undefined, '1.234,5'],
    ['boolean', true, undefined, 'Sim'],
    ['boolean', false, undefined, 'Não'],
  ] as const)('%s %s -> %s', (kind, v, lookup, out) => {
    expect(formatValue(kind, v, lookup)).toBe(out);
  });

  it('lookups by label, hierarchies as the chain, relations by the related display', async () => {
    await loadLookup('uf');
    await loadLookup('tipoProduto');
    // A UF shows as its sigla in grids (the uf lookup's gridValue); other lookups by label.
    expect(formatCell(cliente, 'uf', { uf: 'MG' })).toBe('MG');
    expect(formatCell(produto, 'tipoProduto', { tipoProduto: 9 })).toBe('Serviços');
    expect(formatCell(categoria, 'descricaoCompleta', { descricaoCompleta: 'Alimentos - Mercearia - Grãos' })).toBe('Alimentos - Mercearia - Grãos');
    expect(formatCell(produto, 'categoriaId', { categoriaId: 4, categoria: { id: 4, descricaoCompleta: 'Bebidas - Sucos' } })).toBe('Bebidas - Sucos');
  });
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderGrid(initial = '/pages/testes/widgets', props: Partial<Parameters<typeof SchemaGrid>[0]> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>
        <DialogHost />
        <MemoryRouter initialEntries={[initial]}>
          <Routes>
            <Route path="*" element={<><SchemaGrid doc={TEST_DOC} {...props} /><Where /></>} />
          </Routes>
        </MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

describe('SchemaGrid', () => {
  let rows: Record<string, unknown>[];
  let calls: ReturnType<typeof mockApi>;
  beforeEach(() => {
    rows = [
      { id: 1, nome: 'Ana', cpfCnpj: '52998224725', valor: '1234.56', uf: 'SP', data: '1990-03-15', ativo: true },
      { id: 2, nome: 'Bruno', cpfCnpj: '11222333000181', valor: '-5.00', uf: 'RJ', data: null, ativo: false },
    ];
    calls = mockApi(({ method, url, params }) => {
      if (method === 'GET' && url === 'TestesWidgets') {
        const where = JSON.stringify((params.filter as any)?.where ?? {});
        return { data: where.includes('zzz') ? [] : rows };
      }
      if (method === 'GET' && url === 'TestesWidgets/count') return { data: { count: JSON.stringify(params.where).includes('zzz') ? 0 : rows.length } };
      if (method === 'DELETE' && url === 'TestesWidgets/2') {
        rows = rows.filter((r) => r.id !== 2);
        return { data: { count: 1 } };
      }
      return undefined;
    });
  });

  it('asks for the count only once the first rows are drawn; the pager shows no total until then', async () => {
    renderGrid();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls.map((c) => c.url)).toEqual(['TestesWidgets']);
    await screen.findByText('Ana');
    expect(await screen.findByText('1-2 de 2')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['TestesWidgets', 'TestesWidgets/count']);
  });

  it('shows formatted rows and the Portuguese pager', async () => {
    renderGrid();
    await screen.findByText('Ana');
    expect(screen.getByText('529.982.247-25')).toBeTruthy();
    expect(screen.getByText('11.222.333/0001-81')).toBeTruthy();
    expect(screen.getByText('R$ 1.234,56')).toBeTruthy();
    expect(screen.getByText('-R$ 5,00')).toBeTruthy();
    expect(screen.getByText('SP')).toBeTruthy();
    expect(screen.getByText('15/03/1990')).toBeTruthy();
    expect(await screen.findByText('1-2 de 2')).toBeTruthy();
    const list = calls.find((c) => c.url === 'TestesWidgets')!;
    expect(list.params.filter).toMatchObject({ order: 'nome ASC', limit: 20, skip: 0 });
  });

  it('the quick search goes to the URL and to the API, shows a chip and the empty block', async () => {
    renderGrid();
    await screen.findByText('Ana');
    const box = screen.getByPlaceholderText('Pesquisar testes');
    fireEvent.change(box, { target: { value: 'zzz' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Ops, nada encontrado por aqui.');
    expect(screen.getByTestId('where').textContent).toBe('/pages/testes/widgets?q=zzz');
    expect(screen.getByText('Pesquisa: zzz')).toBeTruthy();
    fireEvent.click(within(document.querySelector('.filtros-ativos') as HTMLElement).getByLabelText('Remover filtro'));
    await screen.findByText('Ana');
    expect(screen.getByTestId('where').textContent).toBe('/pages/testes/widgets');
  });

  it('opens on the state of a shared link, and removing a chip drops that filter', async () => {
    renderGrid(`/pages/testes/widgets?f=${encodeURIComponent(JSON.stringify({ uf: ['SP'], ativo: true }))}&page=1`);
    await screen.findByText('Ana');
    const list = calls.find((c) => c.url === 'TestesWidgets')!;
    expect((list.params.filter as any).where).toEqual({ and: [{ uf: 'SP' }, { ativo: true }] });
    const chip = document.querySelector('[data-chip="uf"]') as HTMLElement;
    expect(chip.textContent).toContain('UF: São Paulo');
    fireEvent.click(within(chip).getByLabelText('Remover filtro'));
    await waitFor(() => expect(document.querySelector('[data-chip="uf"]')).toBeNull());
    expect(decodeURIComponent(screen.getByTestId('where').textContent!)).toBe('/pages/testes/widgets?f={"ativo":true}');
  });

  it('deletes only after "Confirmar" in the confirm dialog', async () => {
    renderGrid();
    await screen.findByText('Bruno');
    await screen.findByText('1-2 de 2');
    const row = screen.getByText('Bruno').closest('tr')!;
    fireEvent.click(within(row).getByLabelText('Excluir'));
    const cancel = await screen.findByRole('button', { name: 'Cancelar' }, { timeout: 15_000 });
    expect(screen.getAllByText('Excluir teste?').length).toBeGreaterThan(0);
    fireEvent.click(cancel);
    // No DELETE after Cancelar: the last assertion lists every DELETE the grid sent.
    const before = screen.queryAllByRole('button', { name: 'Confirmar' }).length;
    fireEvent.click(within(row).getByLabelText('Excluir'));
    // jsdom never ends the closing animation, so the first dialog may linger: wait for the new one, use it.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Confirmar' }).length).toBeGreaterThan(before));
    const confirms = screen.getAllByRole('button', { name: 'Confirmar' });
    fireEvent.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(screen.queryByText('Bruno')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['TestesWidgets/2']);
  }, 60_000);

  it('hides brand-hidden columns and the actions the user may not take', async () => {
    renderGrid(undefined, { hidden: new Set(['valor']), canDelete: false, canCreate: false });
    await screen.findByText('Ana');
    expect(screen.queryByText('Valor')).toBeNull();
    expect(screen.queryByText('R$ 1.234,56')).toBeNull();
    expect(screen.queryAllByLabelText('Excluir')).toHaveLength(0);
    expect(screen.getAllByLabelText('Editar')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Cadastrar/ })).toBeNull();
  });
});
