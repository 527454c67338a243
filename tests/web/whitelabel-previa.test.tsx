import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import WhiteLabelPage from '../../src/web/pages/administrador/WhiteLabelPage.tsx';
import { mockApi } from './support/mock-api.ts';

const MARCA = { id: 5, nome: 'Retaguarda Demo', dominios: ['localhost'], padrao: true, config: { title: 'Retaguarda Demo', tema: 'azul', misc: { exibirCpfCnpjTelaCadastro: false, exibirTelefoneTelaCadastro: true } } };

const previa = () => document.querySelector('.whitelabel-previa-cadastro') as HTMLElement;
const campoDaPrevia = (label: string) => within(previa()).queryByText(label, { selector: 'label' });

/** Issue 21, item 3: the sign-up switches and texts show in a live preview before they are saved. */
describe('administrador/configuracoes/whitelabel: prévia do cadastro', () => {
  it('shows the real sign-up form with the switches and texts being edited, disabled, and saves nothing', { timeout: 60_000 }, async () => {
    const calls = mockApi((r) => {
      if (r.url === 'ConfigWhiteLabels' && r.method === 'GET') return { data: [MARCA] };
      if (r.url === 'ConfigWhiteLabels/atual') return { data: { id: 5, title: 'Retaguarda Demo' } };
      return undefined;
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <MemoryRouter>
            <WhiteLabelPage />
          </MemoryRouter>
        </App>
      </SWRConfig>,
    );
    // The sign-up screen is a lazy chunk: its first import may take a while on a loaded machine.
    await waitFor(() => expect(campoDaPrevia('Telefone')).toBeTruthy(), { timeout: 20_000 });
    expect(campoDaPrevia('CPF/CNPJ')).toBeNull();
    expect(within(previa()).getByText('Retaguarda Demo')).toBeTruthy();

    const chave = (titulo: string) => screen.getByText(titulo, { selector: 'label' }).closest('.ant-form-item')!.querySelector('button[role="switch"]') as HTMLElement;
    fireEvent.click(chave('CPF/CNPJ no cadastro'));
    fireEvent.click(chave('Telefone no cadastro'));
    await waitFor(() => expect(campoDaPrevia('CPF/CNPJ')).toBeTruthy());
    expect(campoDaPrevia('Telefone')).toBeNull();

    fireEvent.change(screen.getByLabelText('Texto de destaque'), { target: { value: 'Teste grátis por 30 dias' } });
    await waitFor(() => expect(within(previa()).getByTestId('texto-destaque').textContent).toBe('Teste grátis por 30 dias'));

    // The preview's fields are disabled and nothing was sent.
    expect((within(previa()).getByLabelText('E-mail') as HTMLInputElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
