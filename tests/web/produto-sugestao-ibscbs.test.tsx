import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProdutoSugestaoIbsCbs from '../../src/web/pages/estoque/ProdutoSugestaoIbsCbs.tsx';
import { sugerirIbsCbs, type CorrelacaoServicoItem, type CIndOpItem } from '../../src/shared/fiscal/ibscbs-sugestao.ts';
import type { CClassTribItem } from '../../src/shared/fiscal/ibscbs.ts';
import { C_CLASS_TRIB, C_IND_OP, CORRELACAO_SERVICO_IBS_CBS } from '../../generated/lookups.ts';
import { mockApi } from './support/mock-api.ts';

// The "IBS/CBS sugerido" tab of a service: what GET /api/Tributacao/sugestao-ibscbs answers, computed here by the
// server's own function over the product's lookups (Anexo VIII, cClassTrib, cIndOp), shown as a table with the
// perfil's classification marked inside or outside the suggestion.
const tabelas = { correlacao: CORRELACAO_SERVICO_IBS_CBS as unknown as CorrelacaoServicoItem[], cClassTrib: C_CLASS_TRIB as unknown as CClassTribItem[], cIndOp: C_IND_OP as unknown as CIndOpItem[] };

describe('ProdutoSugestaoIbsCbs', () => {
  it('lists the Anexo VIII pairs of the service item and marks the perfil classification outside them', async () => {
    const r = sugerirIbsCbs({ codigoTributacaoNacional: '140101' }, tabelas, '2026-11-29');
    const calls = mockApi((req) => (req.url.startsWith('Tributacao/sugestao-ibscbs') ? { data: { ...r, data: '2026-11-29', atual: { perfil: 'Serviços', cst: '000', cClassTrib: '000001', cIndOp: '010104' }, atualSugerida: false } } : undefined));
    render(<ProdutoSugestaoIbsCbs id={7} />);
    await waitFor(() => expect(screen.getByText(/^Anexo VIII da NFS-e, item 14\.01/)).toBeTruthy());
    expect(calls[0].url).toBe('Tributacao/sugestao-ibscbs?produtoId=7');
    expect(screen.getByText('fora das sugeridas: confira')).toBeTruthy();
    expect(screen.getByText('Serviços: CST 000 / cClassTrib 000001 / cIndOp 010104', { exact: false })).toBeTruthy();
    const linhas = document.querySelectorAll('[data-sugestao-ibscbs] .ant-table-tbody tr.ant-table-row');
    expect(linhas).toHaveLength(4);
    expect(linhas[0].textContent).toContain('000001 - Situações tributadas integralmente pelo IBS e CBS');
    expect(linhas[0].textContent).toContain('050101 - ');
    expect(linhas[0].textContent).toContain('23');
  });

  it('a good: no suggestion, and why', async () => {
    const r = sugerirIbsCbs({ ncm: '22030000' }, tabelas, '2026-11-29');
    mockApi(() => ({ data: { ...r, data: '2026-11-29', atual: null, atualSugerida: null } }));
    render(<ProdutoSugestaoIbsCbs id={8} />);
    await waitFor(() => expect(screen.getByText(/não delimita os códigos por NCM/)).toBeTruthy());
    expect(screen.getByText(/O perfil tributário não tem CST\/cClassTrib do IBS\/CBS/)).toBeTruthy();
    expect(document.querySelector('[data-sugestao-ibscbs] .ant-table')).toBeNull();
  });
});
