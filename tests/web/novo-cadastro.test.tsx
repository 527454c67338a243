import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import veiculo from '../fixtures/novo-cadastro/veiculo.json';
import { buildFormShape } from '../../src/web/renderer/form-schema.ts';
import { SchemaForm } from '../../src/web/renderer/SchemaForm.tsx';
import { SchemaGrid } from '../../src/web/renderer/SchemaGrid.tsx';
import type { ResourceDoc } from '../../generated/schema-types.ts';
import { mockApi } from './support/mock-api.ts';

/** The throw-away vehicle register of tests/api/novo-cadastro.test.ts: its form and grid come from the document alone. */
const doc = veiculo as unknown as ResourceDoc;

describe('a new cadastro renders from its document alone', () => {
  it('form: every field with the widget of its type, required ones marked', async () => {
    const shape = buildFormShape(doc, {});
    expect(Object.keys(shape.schema.properties!)).toEqual(['placa', 'renavam', 'descricao', 'capacidadeKg', 'uf', 'ativo']);
    expect(shape.uiSchema.capacidadeKg).toEqual({ 'ui:widget': 'quantity' });
    expect(shape.uiSchema.uf).toEqual({ 'ui:widget': 'lookup' });
    expect(shape.schema.required).toEqual(['placa', 'descricao']);
    render(<SchemaForm doc={doc} onSubmit={vi.fn()} />);
    for (const label of ['Placa', 'RENAVAM', 'Descrição', 'Capacidade (kg)', 'UF', 'Ativo']) expect(await screen.findByText(label)).toBeTruthy();
  }, 30_000);

  it('grid: its columns, and its rows formatted by field type', async () => {
    mockApi(({ method, url }) => {
      if (method === 'GET' && url === 'Veiculos') return { data: [{ id: 1, placa: 'ABC1D23', descricao: 'Caminhão baú', uf: 'SP', ativo: true }] };
      if (method === 'GET' && url === 'Veiculos/count') return { data: { count: 1 } };
      return undefined;
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <MemoryRouter initialEntries={['/pages/compras/veiculos']}>
            <SchemaGrid doc={doc} />
          </MemoryRouter>
        </App>
      </SWRConfig>,
    );
    expect(await screen.findByText('Caminhão baú', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('ABC1D23')).toBeTruthy();
    expect(await screen.findByText('SP', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Sim')).toBeTruthy();
    for (const title of ['Descrição', 'Placa', 'UF', 'Ativo']) expect(screen.getAllByText(title).length).toBeGreaterThan(0);
  }, 30_000);
});
