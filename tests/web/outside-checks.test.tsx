import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../src/web/api/session.ts';
import { DialogHost } from '../../src/web/dialogs/dialogs.tsx';
import { filialNoTexto } from '../../src/web/pages/configuracoes/gateway-boleto/GatewayBoletoPage.tsx';
import { ExportButtons } from '../../src/web/reports/ExportButtons.tsx';
import { REPORT_TEXTS } from '../../src/web/reports/export-flow.ts';
import { ReportNotificationsHost } from '../../src/web/reports/report-toasts.tsx';
import { formatCell } from '../../src/web/renderer/format-value.ts';
import { exportDescription } from '../../src/web/renderer/grid-state.ts';
import { SchemaForm } from '../../src/web/renderer/SchemaForm.tsx';
import { loadLookup, resourceByName } from '../../src/web/catalog/registry.ts';
import { mockApi } from './support/mock-api.ts';
import { TEST_DOC } from './support/test-doc.ts';

beforeEach(() => {
  saveSession('tok', { id: 7, nome: 'Ana', perfilAdmin: true });
  mockApi(() => undefined);
});

describe('what the outside checks found in the browser (issue 12)', () => {
  it('a Nome of only spaces is required on the form too (the shared trim rule), and what is sent is trimmed', { timeout: 30_000 }, async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm doc={TEST_DOC} initialData={{ nome: '    ' }} onSubmit={onSubmit} />);
    await screen.findByText('Dados');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const input = document.getElementById('root_nome') as HTMLInputElement;
    await waitFor(() => expect(input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Campo Obrigatório!'), { timeout: 10_000 });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '  Ana Paula  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled(), { timeout: 10_000 });
    expect(onSubmit.mock.calls[0][0].nome).toBe('Ana Paula');
  });

  it("the Clientes grid shows the UF as 'BA', not 'Bahia'", async () => {
    const doc = resourceByName('cliente')!;
    await loadLookup('uf');
    expect(formatCell(doc, 'uf', { uf: 'BA' })).toBe('BA');
  });

  it('an export is described with the filter in force', () => {
    const doc = resourceByName('cliente')!;
    expect(exportDescription(doc, { q: 'Ana', filters: {} })).toBe('Clientes — busca contém Ana');
    expect(exportDescription(doc, { q: undefined, filters: {} })).toBe('Clientes');
    expect(exportDescription(doc, { q: undefined, filters: { nome: 'Silva' } })).toBe('Clientes — nome / razão social contém Silva');
    expect(exportDescription(doc, { q: 'x'.repeat(200), filters: {} }).length).toBe(120);
  });

  it("Esc on 'already exported' cancels: nothing is opened and nothing is exported", { timeout: 30_000 }, async () => {
    const calls = mockApi((r) => {
      if (r.method === 'GET' && r.url === 'Relatorios') return { data: [{ id: 9, descricao: 'Clientes', tipo: 'xlsx', status: 1, dataInclusao: '2025-01-01T10:00:00Z', url: '/api/Relatorios/9/arquivo' }] };
      return undefined;
    });
    render(
      <App>
        <DialogHost />
        <ReportNotificationsHost />
        <MemoryRouter>
          <ExportButtons endpoint="Clientes" name="Clientes" descricao="Clientes — busca contém Ana" filter={{ order: 'nome ASC' }} />
        </MemoryRouter>
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Exportar Excel/ }));
    const question = await screen.findByText(REPORT_TEXTS.existente, undefined, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: REPORT_TEXTS.abrir })).toBeTruthy();
    expect(screen.getByRole('button', { name: REPORT_TEXTS.nova })).toBeTruthy();
    const wrap = question.closest('.ant-modal-wrap') as HTMLElement;
    fireEvent.keyDown(question, { key: 'Escape', code: 'Escape', keyCode: 27 });
    // The dialog starts closing (its leave animation) or is gone: the answer has been given.
    await waitFor(() => expect(!wrap.isConnected || /leave/.test(wrap.querySelector('.ant-modal')?.className ?? '') || wrap.style.display === 'none').toBe(true), { timeout: 10_000 });
    // A wrongly taken answer ('Nova exportação' or 'Abrir relatório') would call the API right after: none did.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(calls.map((c) => c.url)).toEqual(['Relatorios']);
  });

  it("'da filial' is not doubled when the nickname already says Filial", () => {
    expect(filialNoTexto('Filial Centro')).toBe('Filial Centro');
    expect(filialNoTexto('Matriz')).toBe('filial Matriz');
  });
});
