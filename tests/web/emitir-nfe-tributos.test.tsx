import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import EmitirNfePage from '../../src/web/pages/nfe/EmitirNfePage.tsx';
import type { ContextoTributacao } from '../../src/shared/fiscal/tributar-linha.ts';
import { mockApi } from './support/mock-api.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Issue 17, live taxes on emitir-nfe: the note's rules come once (contexto-tributacao), and typing a quantity
// recomputes that line's ICMS and total in the page, with the server's own function, without asking the server.
const contexto: ContextoTributacao = {
  data: '2026-06-15',
  emitente: { uf: 'SP', crt: 3 },
  destinatario: { uf: 'SP', consumidorFinal: false, indIEDest: 1 },
  natureza: { cfopEstadual: '5102', cfopInterestadual: '6102', cfopExterior: null },
  produtos: [
    { id: 1, descricao: 'Arroz 5 kg', ncm: '10063021', origem: 0, cest: null, perfilTributarioId: 7 },
    { id: 2, descricao: 'Feijão 1 kg', ncm: '07133319', origem: 0, cest: null, perfilTributarioId: 7 },
  ],
  regras: {
    estaduais: [{ id: 1, perfilTributarioId: 7, ufOrigem: 'SP', ufDestino: 'SP', vigenciaInicio: '2024-01-01', cstIcms: '10', aliquotaIcms: '18', mvaSt: '40', aliquotaIcmsSt: '18' }],
    federais: [{ id: 2, perfilTributarioId: 7, vigenciaInicio: '2024-01-01', cstPis: '49', cstCofins: '49' }],
  },
};
const dados = {
  naturezaId: 3,
  clienteId: 9,
  itens: [
    { produtoId: 1, quantidade: '2', valorUnitario: '10.00' },
    { produtoId: 2, quantidade: '1', valorUnitario: '8.00' },
  ],
  transporte: { modalidade: 9 },
  pagamentos: [{ tPag: '15', valor: '0.00' }],
};
const texto = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

describe('emitir-nfe: live taxes', () => {
  it('typing a quantity updates that line\'s ICMS, ST and total (and the note\'s), the other line untouched, no server call', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url.startsWith('NaturezasOperacao')) return { data: [{ id: 3, descricao: 'Venda de mercadoria' }] };
      if (url === 'NotasFiscais/5') return { data: { status: 'rascunho', dados, destinatarioNome: 'Cliente SP', rejeicao: null } };
      if (url.startsWith('Produtos')) return { data: [{ id: 1, descricao: 'Arroz 5 kg' }, { id: 2, descricao: 'Feijão 1 kg' }] };
      if (method === 'POST' && url === 'NotasFiscais/contexto-tributacao') return { data: contexto };
      return { data: [] };
    });
    render(
      <App>
        <MemoryRouter initialEntries={['/pages/nfe/emitir-nfe/editar/5']}>
          <Routes>
            <Route path="/pages/nfe/emitir-nfe/editar/:id" element={<EmitirNfePage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    // 2 × 10,00 = 20,00: ICMS 18% = 3,60; ST base 28,00 × 18% = 5,04 − 3,60 = 1,44
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 3,60'));
    expect(texto('st-linha-1')).toContain('R$ 1,44');
    expect(texto('cfop-linha-1')).toContain('5102');
    expect(texto('icms-linha-2')).toContain('R$ 1,44');
    // line 2: 8,00 → ICMS 1,44; ST 11,20 × 18% = 2,02 − 1,44 = 0,58; note: 28,00 + 1,44 + 0,58
    expect(texto('st-linha-2')).toContain('R$ 0,58');
    expect(texto('total-nota')).toBe('R$ 30,02');
    const postsAntes = calls.filter((c) => c.method === 'POST').length;
    expect(calls.find((c) => c.url === 'NotasFiscais/contexto-tributacao')?.body).toEqual({ naturezaId: 3, clienteId: 9, produtoIds: [1, 2] });

    fireEvent.change(screen.getByLabelText('Quantidade da linha 1'), { target: { value: '5' } });
    // 5 × 10,00 = 50,00: ICMS 9,00; ST 70,00 × 18% = 12,60 − 9,00 = 3,60
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 9,00'));
    expect(texto('st-linha-1')).toContain('R$ 3,60');
    expect(texto('total-linha-1')).toBe('R$ 50,00');
    expect(texto('icms-linha-2')).toContain('R$ 1,44');
    expect(texto('total-nota')).toBe('R$ 62,18');
    expect(texto('total-icms')).toBe('R$ 10,44');

    // A quantity that is not a number shows no tax rather than breaking the page; a comma is a decimal point.
    fireEvent.change(screen.getByLabelText('Quantidade da linha 1'), { target: { value: '2,5' } });
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 4,50'));
    expect(calls.filter((c) => c.method === 'POST').length).toBe(postsAntes);
  });

  it('the "Impostos" of a line: an ICMS rate of 12 recomputes that line\'s ICMS and ST and the note\'s total, is saved with the draft, and "voltar às regras" undoes it', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url.startsWith('NaturezasOperacao')) return { data: [{ id: 3, descricao: 'Venda de mercadoria' }] };
      if (method === 'GET' && url === 'NotasFiscais/5') return { data: { status: 'rascunho', dados, destinatarioNome: 'Cliente SP', rejeicao: null } };
      if (method === 'PUT' && url === 'NotasFiscais/5') return { data: { id: 5 } };
      if (url.startsWith('Produtos')) return { data: [{ id: 1, descricao: 'Arroz 5 kg' }, { id: 2, descricao: 'Feijão 1 kg' }] };
      if (method === 'POST' && url === 'NotasFiscais/contexto-tributacao') return { data: contexto };
      return { data: [] };
    });
    render(
      <App>
        <MemoryRouter initialEntries={['/pages/nfe/emitir-nfe/editar/5']}>
          <Routes>
            <Route path="/pages/nfe/emitir-nfe/editar/:id" element={<EmitirNfePage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 3,60'));
    expect(texto('total-nota')).toBe('R$ 30,02');
    expect(screen.queryByTestId('ajustado-linha-1')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Impostos da linha 1' }));
    const aliquota = await screen.findByLabelText('Alíquota do ICMS');
    expect((aliquota as HTMLInputElement).value).toBe('18,00');
    // a rate the law refuses is said before applying, and Aplicar stays off
    fireEvent.change(aliquota, { target: { value: '120' } });
    expect((await screen.findByTestId('erro-ajuste-aliquotaIcms')).textContent).toContain('não pode passar de 100%');
    expect((screen.getByRole('button', { name: 'Aplicar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(aliquota, { target: { value: '12' } });
    // the preview is computed, never typed: 20,00 × 12% = 2,40
    await waitFor(() => expect((screen.getByTestId('previa-impostos')).textContent).toContain('R$ 2,40'));
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));

    // line 1: ICMS 2,40; ST 28,00 × 18% = 5,04 − 2,40 = 2,64; line 2 untouched; note 28,00 + 2,64 + 0,58 = 31,22
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 2,40'));
    expect(texto('icms-linha-1')).toContain('12,00%');
    expect(texto('st-linha-1')).toContain('R$ 2,64');
    expect(texto('icms-linha-2')).toContain('R$ 1,44');
    expect(texto('total-icms')).toBe('R$ 3,84');
    expect(texto('total-nota')).toBe('R$ 31,22');
    expect((screen.getByTestId('ajustado-linha-1')).textContent).toContain('ajustado');

    // saved with the draft: only what differs from the rule
    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const corpo = calls.find((c) => c.method === 'PUT')!.body as { itens: { ajustes?: unknown }[] };
    expect(corpo.itens[0].ajustes).toEqual({ aliquotaIcms: '12' });
    expect(corpo.itens[1].ajustes).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Impostos da linha 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar às regras' }));
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 3,60'));
    expect(texto('total-nota')).toBe('R$ 30,02');
    expect(screen.queryByTestId('ajustado-linha-1')).toBeNull();
    // the modal and its selects in jsdom take seconds on a loaded machine (20 s seen at load 15)
  }, 60_000);

  it('a draft whose adjustment the law forbids (a CSOSN for a Regime Normal issuer) shows the line without taxes and is not sent on save', async () => {
    const proibido = { ...dados, itens: [{ ...dados.itens[0], ajustes: { cstIcms: '102' } }, dados.itens[1]] };
    const calls = mockApi(({ method, url }) => {
      if (url.startsWith('NaturezasOperacao')) return { data: [{ id: 3, descricao: 'Venda de mercadoria' }] };
      if (method === 'GET' && url === 'NotasFiscais/5') return { data: { status: 'rascunho', dados: proibido, destinatarioNome: 'Cliente SP', rejeicao: null } };
      if (url.startsWith('Produtos')) return { data: [{ id: 1, descricao: 'Arroz 5 kg' }, { id: 2, descricao: 'Feijão 1 kg' }] };
      if (method === 'POST' && url === 'NotasFiscais/contexto-tributacao') return { data: contexto };
      return { data: [] };
    });
    render(
      <App>
        <MemoryRouter initialEntries={['/pages/nfe/emitir-nfe/editar/5']}>
          <Routes>
            <Route path="/pages/nfe/emitir-nfe/editar/:id" element={<EmitirNfePage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    await waitFor(() => expect(texto('icms-linha-2')).toContain('R$ 1,44'));
    expect(screen.getByTestId('erro-tributos-linha-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(texto('erros-nota')).toContain('Item 1: CST/CSOSN do ICMS: 102 não é um CST do ICMS; o emitente é do Regime Normal'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('IBS/CBS (issue 39): each line shows the IBS and CBS the server\'s tributarLinha gives for the perfil\'s classification and the 2026 rates (the published tables), and typing a quantity recomputes them', async () => {
    // The tables as the server sends them: the product's lookups (cstIbsCbs, cClassTrib, aliquotaIbsCbs), not values typed here.
    const lk = (nome: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../schemas/lookups/${nome}.json`), 'utf8')).items;
    const comIbs: ContextoTributacao = {
      ...contexto,
      ibsCbs: { modelo: '55', tabelas: { cst: lk('cstIbsCbs'), cClassTrib: lk('cClassTrib').filter((c: { value: string }) => c.value === '000001'), aliquotas: lk('aliquotaIbsCbs') }, classificacoes: { '7': { cst: '000', cClassTrib: '000001' } } },
    };
    mockApi(({ method, url }) => {
      if (url.startsWith('NaturezasOperacao')) return { data: [{ id: 3, descricao: 'Venda de mercadoria' }] };
      if (url === 'NotasFiscais/5') return { data: { status: 'rascunho', dados, destinatarioNome: 'Cliente SP', rejeicao: null } };
      if (url.startsWith('Produtos')) return { data: [{ id: 1, descricao: 'Arroz 5 kg' }, { id: 2, descricao: 'Feijão 1 kg' }] };
      if (method === 'POST' && url === 'NotasFiscais/contexto-tributacao') return { data: comIbs };
      return { data: [] };
    });
    render(
      <App>
        <MemoryRouter initialEntries={['/pages/nfe/emitir-nfe/editar/5']}>
          <Routes>
            <Route path="/pages/nfe/emitir-nfe/editar/:id" element={<EmitirNfePage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    // 2026: CBS 0,9 %, IBS UF 0,1 %. Line 1: 20,00 → CBS 0,18, IBS 0,02; line 2: 8,00 → CBS 0,07 (0,072), IBS 0,01 (0,008)
    await waitFor(() => expect(texto('ibscbs-linha-1')).toContain('IBS R$ 0,02'));
    expect(texto('ibscbs-linha-1')).toContain('CBS R$ 0,18');
    expect(texto('ibscbs-linha-1')).toContain('CST 000 · 000001');
    expect(texto('ibscbs-linha-2')).toContain('IBS R$ 0,01');
    expect(texto('ibscbs-linha-2')).toContain('CBS R$ 0,07');
    expect(texto('total-ibs')).toBe('R$ 0,03');
    expect(texto('total-cbs')).toBe('R$ 0,25');
    // IBS/CBS do not enter the 2026 vNF: the note's total is the one without them.
    expect(texto('total-nota')).toBe('R$ 30,02');
    fireEvent.change(screen.getByLabelText('Quantidade da linha 1'), { target: { value: '5' } });
    // 50,00 → CBS 0,45, IBS 0,05
    await waitFor(() => expect(texto('ibscbs-linha-1')).toContain('CBS R$ 0,45'));
    expect(texto('ibscbs-linha-1')).toContain('IBS R$ 0,05');
    expect(texto('total-cbs')).toBe('R$ 0,52');
  });

  it('without the ibsCbs context (groups not compulsory for the issuer yet) the lines show no IBS/CBS and the totals have none', async () => {
    mockApi(({ method, url }) => {
      if (url.startsWith('NaturezasOperacao')) return { data: [{ id: 3, descricao: 'Venda de mercadoria' }] };
      if (url === 'NotasFiscais/5') return { data: { status: 'rascunho', dados, destinatarioNome: 'Cliente SP', rejeicao: null } };
      if (url.startsWith('Produtos')) return { data: [{ id: 1, descricao: 'Arroz 5 kg' }, { id: 2, descricao: 'Feijão 1 kg' }] };
      if (method === 'POST' && url === 'NotasFiscais/contexto-tributacao') return { data: contexto };
      return { data: [] };
    });
    render(
      <App>
        <MemoryRouter initialEntries={['/pages/nfe/emitir-nfe/editar/5']}>
          <Routes>
            <Route path="/pages/nfe/emitir-nfe/editar/:id" element={<EmitirNfePage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    await waitFor(() => expect(texto('icms-linha-1')).toContain('R$ 3,60'));
    expect(texto('ibscbs-linha-1')).toBe('—');
    expect(screen.queryByTestId('total-ibs')).toBeNull();
  });
});
