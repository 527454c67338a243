import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARGO } from '../../generated/lookups.ts';
import { resourceByName } from '../../src/web/catalog/registry.ts';
import { SchemaForm } from '../../src/web/renderer/SchemaForm.tsx';
import { DOCUMENTS, headerAsResource } from '../../src/web/pages/documentos/document-docs.ts';
import { ItemsTable, newItem, type EditItem } from '../../src/web/pages/documentos/ItemsTable.tsx';
import { mockApi } from './support/mock-api.ts';

// The sales order's header form: the natureza de operação is chosen once (the naturezaId relation); the old
// free-text naturezaOperacao stays in the API for older callers but is drawn nowhere, not even under 'Outros'.
const pedido = DOCUMENTS.find((d) => d.name === 'pedidoVenda')!;
const natureza = /^Natureza d[ae] operação/;

beforeEach(() =>
  mockApi(({ url, params }) => {
    if (url === 'PedidosVenda/variacoes') return { data: params.produtoId === 7 ? [{ id: 71, descricao: 'Azul / P' }, { id: 72, descricao: 'Azul / M' }] : [] };
    return { data: [] };
  }),
);

describe('pedido de venda form', () => {
  it("shows 'Natureza de operação' once", async () => {
    render(<SchemaForm doc={headerAsResource(pedido)} initialData={{ naturezaOperacao: 'Venda de mercadoria', numeroParcelas: 1 }} onSubmit={() => {}} />);
    await screen.findByText('Cliente');
    const rotulos = [...document.querySelectorAll('label')].map((l) => l.textContent?.trim() ?? '').filter((t) => natureza.test(t));
    expect(rotulos).toEqual(['Natureza de operação']);
    expect(document.getElementById('root_naturezaOperacao')).toBeNull();
  });

  it('the header the form and the read view draw has one natureza field, the relation', () => {
    const header = headerAsResource(pedido);
    expect(header.relations?.naturezaId).toMatchObject({ resource: 'naturezaOperacao' });
    expect(Object.values(header.schema.properties).filter((p) => natureza.test(String(p.title)))).toHaveLength(1);
  });
});

describe('pedido de venda form for a user with the order key only', () => {
  it("reads the naturezas (and the other header relations) through the order's API, never the naturezas screen's", async () => {
    const calls = mockApi(({ url }) => {
      if (url === 'PedidosVenda/opcoes/naturezaId') return { data: [{ id: 3, descricao: 'Venda de mercadoria' }, { id: 4, descricao: 'Venda para entrega futura' }] };
      if (url === 'PedidosVenda/opcoes/naturezaId/3') return { data: { id: 3, descricao: 'Venda de mercadoria' } };
      if (url.startsWith('PedidosVenda/opcoes/')) return { data: [] };
      return undefined;
    });
    render(<SchemaForm doc={headerAsResource(pedido)} initialData={{ clienteId: 9, naturezaId: 3, numeroParcelas: 1 }} onSubmit={() => {}} />);
    await screen.findByText('Cliente');
    const campo = document.getElementById('root_naturezaId') as HTMLInputElement;
    await waitFor(() => expect(campo.closest('.ant-select')?.textContent).toContain('Venda de mercadoria'));
    fireEvent.mouseDown(campo);
    fireEvent.click(await screen.findByText('Venda para entrega futura'));
    const urls = calls.map((c) => c.url);
    expect(urls).toContain('PedidosVenda/opcoes/naturezaId');
    expect(urls).toContain('PedidosVenda/opcoes/clienteId/9');
    expect(urls.filter((u) => !u.startsWith('PedidosVenda/opcoes/'))).toEqual([]);
  });
});

describe('pedido de venda lines: the variation picker', () => {
  it("a product in a grid lists its SKUs and the choice goes into the line; one without a grid says 'Sem variação'", async () => {
    let itens: EditItem[] = [newItem({ produtoId: 7, quantidade: '1' }), newItem({ produtoId: 8, quantidade: '2' })];
    const setItens = (fn: (prev: EditItem[]) => EditItem[]) => (itens = fn(itens));
    render(<ItemsTable doc={pedido} itens={itens} setItens={setItens} editable />);
    expect(screen.getAllByText('Variação').length).toBeGreaterThan(0);
    await screen.findByText('Escolha a variação');
    await screen.findByText('Sem variação');
    const [comGrade, semGrade] = screen.getAllByLabelText(/^Variação da linha \d+$/);
    expect(semGrade.closest('.ant-select')?.className).toContain('ant-select-disabled');
    fireEvent.mouseDown(comGrade);
    fireEvent.click(await screen.findByText('Azul / M'));
    await waitFor(() => expect(itens[0].variacaoId).toBe(72));
    expect(itens[1].variacaoId).toBeUndefined();
  });
});

describe('the variation cell is declared by the document (variacaoDe), not found by the field name', () => {
  it('an item field of another name declared variacaoDe draws the SKU picker; without the declaration the field is a plain cell', async () => {
    const { variacaoId, ...resto } = pedido.items.properties;
    const outro = {
      ...pedido,
      items: { ...pedido.items, properties: { ...resto, gradeId: { ...variacaoId, title: 'Grade' }, variacaoId: { type: ['integer', 'null'], title: 'Código da variação' } } },
      itemColumns: [{ field: 'produtoId' }, { field: 'gradeId' }, { field: 'variacaoId' }, { field: 'quantidade' }],
    } as typeof pedido;
    expect(outro.items.properties.gradeId.variacaoDe).toBe('produtoId');
    let itens: EditItem[] = [newItem({ produtoId: 7, quantidade: '1' })];
    render(<ItemsTable doc={outro} itens={itens} setItens={(fn) => (itens = fn(itens))} editable />);
    expect(screen.getAllByLabelText(/^Variação da linha \d+$/)).toHaveLength(1);
    await screen.findByText('Escolha a variação');
    fireEvent.mouseDown(screen.getByLabelText(/^Variação da linha \d+$/));
    fireEvent.click(await screen.findByText('Azul / P'));
    await waitFor(() => expect(itens[0].gradeId).toBe(71));
    // the field named variacaoId but not declared is typed like any other cell
    expect(screen.getByLabelText('Código da variação da linha 1').tagName).toBe('INPUT');
  });
});

describe('contato comercial form: the cargo', () => {
  it('is chosen from the job-roles list (labels shown, the value handed on)', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm doc={resourceByName('contatoComercial')!} initialData={{ nome: 'Marina Compras' }} onSubmit={onSubmit} />);
    await screen.findByText('Contato');
    const cargo = document.getElementById('root_cargo') as HTMLInputElement;
    fireEvent.mouseDown(cargo);
    // the list opens with the roles of schemas/lookups/cargo.json (antd draws the first ones of its virtual list)
    for (const item of CARGO.slice(0, 5)) expect(await screen.findByText(item.label, { selector: '.ant-select-item-option-content' })).toBeTruthy();
    fireEvent.change(cargo, { target: { value: 'loja' } });
    fireEvent.click(await screen.findByText('Gerente de loja', { selector: '.ant-select-item-option-content' }));
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].cargo).toBe('gerente_loja');
  });
});
