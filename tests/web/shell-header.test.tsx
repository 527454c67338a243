import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flattenMenu } from '../../src/shared/menu-filter.ts';
import { saveSession, type SessionUser } from '../../src/web/api/session.ts';
import { AppHeader, type AppHeaderProps } from '../../src/web/shell/AppHeader.tsx';
import { HEADER_FALLBACK_MS } from '../../src/web/shell/header-init.ts';
import { menuContext, visibleMenus } from '../../src/web/shell/menus.ts';
import type { UserInfo } from '../../src/web/shell/user-info.ts';
import { mockApi } from './support/mock-api.ts';

const STORED = { id: 7, nome: 'Ana (guardada)', perfilAdmin: true, avatar: null, filialSelecionadaObj: { id: 1, apelido: 'Matriz' }, alertas: [] } as unknown as SessionUser;
const SERVER: UserInfo = { id: 7, nome: 'Ana do servidor', perfilAdmin: true, filialSelecionadaObj: { id: 2, apelido: 'Filial Centro' }, alertas: [] };

function header(props: Partial<AppHeaderProps>) {
  const base: AppHeaderProps = {
    info: undefined,
    brand: undefined,
    adminPanel: false,
    collapsed: false,
    onToggle: () => {},
    settings: [],
    userMenu: [],
    favorites: [],
    canFavorite: true,
    onToggleFavorite: () => {},
    onAction: () => {},
  };
  return (
    <App>
      <MemoryRouter>
        <AppHeader {...base} {...props} />
      </MemoryRouter>
    </App>
  );
}
const source = () => document.querySelector('[data-header-source]')?.getAttribute('data-header-source');
const nome = () => document.querySelector('.shell-usuario-nome')?.textContent ?? null;
const filial = () => document.querySelector('.shell-filial')?.textContent ?? null;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  mockApi((r) => (r.url === 'Alerta/pesquisar-alertas' ? { data: [] } : undefined));
});
afterEach(() => vi.useRealTimers());

describe('header fallback initialisation (SPEC 2.5, 9: 1000 ms)', () => {
  it('waits for the server; at 1000 ms without an answer it initialises from the stored user, then the server answer replaces it', async () => {
    saveSession('tok', STORED);
    const onFallback = vi.fn();
    const view = render(header({ fallback: { onFallback } }));
    expect(source()).toBe('pending');
    expect(nome()).toBeNull();
    expect(screen.getByLabelText('Carregando usuário')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(HEADER_FALLBACK_MS - 1));
    expect(source()).toBe('pending');
    expect(onFallback).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(source()).toBe('fallback');
    expect(nome()).toBe('Ana (guardada)');
    expect(filial()).toBe('Matriz');
    expect(onFallback).toHaveBeenCalledTimes(1);
    view.rerender(header({ info: SERVER, fallback: { onFallback } }));
    expect(source()).toBe('server');
    expect(nome()).toBe('Ana do servidor');
    expect(filial()).toBe('Filial Centro');
    await act(async () => vi.advanceTimersByTime(5 * HEADER_FALLBACK_MS));
    expect(onFallback).toHaveBeenCalledTimes(1);
  });

  it('an answer before 1000 ms initialises the header and no fallback happens', async () => {
    saveSession('tok', STORED);
    const onFallback = vi.fn();
    const view = render(header({ fallback: { onFallback } }));
    await act(async () => vi.advanceTimersByTime(400));
    view.rerender(header({ info: SERVER, fallback: { onFallback } }));
    expect(nome()).toBe('Ana do servidor');
    await act(async () => vi.advanceTimersByTime(HEADER_FALLBACK_MS));
    expect(source()).toBe('server');
    expect(nome()).toBe('Ana do servidor');
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('reads the fallback when it happens (not at start) and shows the branch fallback text when nothing is stored', async () => {
    const view = render(header({}));
    await act(async () => vi.advanceTimersByTime(HEADER_FALLBACK_MS));
    expect(source()).toBe('fallback');
    expect(nome()).toBe('');
    expect(filial()).toBe('Filial: Não informado');
    view.unmount();
    const late = render(header({ fallback: { fallback: () => SERVER } }));
    await act(async () => vi.advanceTimersByTime(HEADER_FALLBACK_MS));
    expect(nome()).toBe('Ana do servidor');
    late.unmount();
  });
});

describe('shell menus from getUserInfo', () => {
  it('the stock transfer entry shows only when the selected branch has at least 2 active depósitos', () => {
    const keys = (n: number | undefined) => flattenMenu(visibleMenus(menuContext({ ...SERVER, filialSelecionadaObj: { id: 2, quantidadeDepositos: n } }, undefined)).main).map((i) => i.key);
    expect(keys(undefined)).not.toContain('ESTOQUE_TRANSFERENCIA');
    expect(keys(1)).not.toContain('ESTOQUE_TRANSFERENCIA');
    expect(keys(2)).toContain('ESTOQUE_TRANSFERENCIA');
    expect(keys(3)).toContain('ESTOQUE_TRANSFERENCIA');
    // Settings: the depósitos screen itself needs only the app.estoque key.
    const settings = flattenMenu(visibleMenus(menuContext({ ...SERVER, filialSelecionadaObj: { id: 2, quantidadeDepositos: 0 } }, undefined)).settings).map((i) => i.key);
    expect(settings).toContain('CONFIG_ESTOQUE_DEPOSITOS');
  });
});

describe("the brand in the header (issue 12: the brand's logo, the title as fallback)", () => {
  const marca = (imagens: Record<string, string>) => ({ title: 'Marca Dois', imagens }) as unknown as AppHeaderProps['brand'];
  const home = () => screen.getByLabelText(/Ir para o dashboard$/);

  it("shows the brand's imagens.logo, named by the brand's title", () => {
    render(header({ brand: marca({ logo: '/api/marca/imagens/logo.png' }) }));
    const img = home().querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/marca/imagens/logo.png');
    expect(img.getAttribute('alt')).toBe('Marca Dois');
  });

  it('without a logo, shows the title; without a brand, the product name', () => {
    const view = render(header({ brand: marca({}) }));
    expect(home().querySelector('img')).toBeNull();
    expect(home().textContent).toBe('Marca Dois');
    view.unmount();
    render(header({}));
    expect(home().textContent).toBe('Retaguarda');
  });
});
