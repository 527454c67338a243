import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SchemaForm } from '../../src/web/renderer/SchemaForm.tsx';
import { DOCUMENTS, headerAsResource } from '../../src/web/pages/documentos/document-docs.ts';
import { mockApi } from './support/mock-api.ts';

// The sales order's header form: the natureza de operação is chosen once (the naturezaId relation); the old
// free-text naturezaOperacao stays in the API for older callers but is drawn nowhere, not even under 'Outros'.
const pedido = DOCUMENTS.find((d) => d.name === 'pedidoVenda')!;
const natureza = /^Natureza d[ae] operação/;

beforeEach(() => mockApi(() => ({ data: [] })));

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
