import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { daApi, ImportacaoLinha, novaImportacao, paraApi, type ImportacaoTela } from '../../src/web/pages/nfe/ImportacaoLinha.tsx';

// The own-import editor of an NF-e de entrada line: what the screen sends (dates dd/mm/aaaa → ISO, comma decimals,
// AFRMM only when typed, the acquirer only for conta e ordem / encomenda) and a second DI added by the user.
describe('ImportacaoLinha', () => {
  it('sends the DIs and the II group as the draft schema wants them, and reads them back', () => {
    const t: ImportacaoTela = novaImportacao();
    const di = t.declaracoes[0];
    Object.assign(di, { numero: '2611112222', data: '20/11/2026', localDesembaraco: 'Porto de Santos', dataDesembaraco: '23/11/2026', valorAFRMM: '40,5', codigoExportador: 'EXP', codigoFabricante: 'FAB', cnpjAdquirente: '11.222.333/0001-81' });
    t.valorII = '160,00';
    t.valorIof = '';
    const api = paraApi(t);
    expect(api).toEqual({
      declaracoes: [{ numero: '2611112222', data: '2026-11-20', localDesembaraco: 'Porto de Santos', ufDesembaraco: 'SP', dataDesembaraco: '2026-11-23', viaTransporte: 1, valorAFRMM: '40.50', intermediacao: 1, codigoExportador: 'EXP', adicoes: [{ numero: '1', sequencial: '1', codigoFabricante: 'FAB' }] }],
      valorII: '160.00',
    });
    const encomenda = paraApi({ ...t, declaracoes: [{ ...di, intermediacao: 3, ufTerceiro: 'MG' }] });
    expect(encomenda.declaracoes[0]).toMatchObject({ intermediacao: 3, cnpjAdquirente: '11222333000181', ufTerceiro: 'MG' });
    const volta = daApi(api);
    expect(volta.declaracoes[0]).toMatchObject({ numero: '2611112222', data: '20/11/2026', dataDesembaraco: '23/11/2026', valorAFRMM: '40.50', codigoFabricante: 'FAB' });
    expect(volta.valorII).toBe('160.00');
  });

  it('adds a second DI and removes it; the AFRMM field is open for the maritime default', () => {
    function Tela() {
      const [t, setT] = useState(novaImportacao());
      return <ImportacaoLinha linha={1} valor={t} onChange={setT} />;
    }
    render(<Tela />);
    expect((screen.getByLabelText('AFRMM da DI 1 da linha 1') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar DI' }));
    expect(screen.getByLabelText('Número da DI 2 da linha 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Número da DI 2 da linha 1'), { target: { value: 'DSI-9' } });
    expect((screen.getByLabelText('Número da DI 2 da linha 1') as HTMLInputElement).value).toBe('DSI-9');
    fireEvent.click(screen.getAllByRole('button', { name: 'Remover DI' })[1]);
    expect(screen.queryByLabelText('Número da DI 2 da linha 1')).toBeNull();
  });
});
