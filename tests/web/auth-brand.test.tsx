import { act, fireEvent, render } from '@testing-library/react';
import { App as AntApp, Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../src/web/brand/brand.ts';
import { getToken, saveSession } from '../../src/web/api/session.ts';
import { ANALYTICS_SCRIPT_ID, analyticsActive } from '../../src/web/brand/analytics.ts';
import { BrandLook } from '../../src/web/brand/BrandLook.tsx';
import { brandLook, FAVICON_ID, SCRIPT_EMBED_ID, SCRIPT_LINK_ID } from '../../src/web/brand/brand-look.ts';
import { applyStorageChoice, clearCachedData, isHardReload } from '../../src/web/brand/start-up.ts';

const brand = (over: Partial<BrandConfig> & { misc?: Record<string, unknown>; imagens?: Record<string, unknown> } = {}): BrandConfig =>
  ({ id: 1, idConfig: 'x', tema: 'azul', title: 'Marca X', ...over }) as BrandConfig;

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  sessionStorage.clear();
  delete window.dataLayer;
  window.location.hash = '';
});

describe('white-label look (SPEC 1, 3, 3.1)', () => {
  it.each([
    ['azul', undefined, '#2196f3'],
    ['verde', undefined, '#4caf50'],
    ['roxo_escuro', undefined, '#32275B'],
    ['custom', '#123456', '#123456'],
    ['custom', undefined, '#707070'],
  ])('theme %s (custom colour %s) -> %s', (tema, customThemeColor, colour) => {
    expect(brandLook(brand({ tema, misc: { customThemeColor } })).primary).toBe(colour);
  });

  it('title, favicon (linkFavicon before imagens.favicon) and colours reach the page', () => {
    const { rerender } = render(<BrandLook brand={brand({ title: 'Marca Dois Gestão', tema: 'verde', imagens: { favicon: '/f1.png' }, misc: { secondaryThemeColor: '#111111' } })} />);
    expect(document.title).toBe('Marca Dois Gestão');
    expect((document.getElementById(FAVICON_ID) as HTMLLinkElement).getAttribute('href')).toBe('/f1.png');
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#4caf50');
    expect(document.documentElement.style.getPropertyValue('--brand-secondary')).toBe('#111111');
    rerender(<BrandLook brand={brand({ title: 'Marca Dois Gestão', imagens: { favicon: '/f1.png' }, misc: { linkFavicon: 'https://cdn.exemplo/f2.ico' } })} />);
    expect(document.querySelectorAll('link[rel~="icon"]')).toHaveLength(1);
    expect((document.getElementById(FAVICON_ID) as HTMLLinkElement).getAttribute('href')).toBe('https://cdn.exemplo/f2.ico');
  });

  it('scriptLink and scriptIncorporar are injected once, and the embedded script runs', () => {
    const b = brand({ misc: { scriptLink: 'https://cdn.exemplo/chat.js', scriptIncorporar: '<script>window.__marca = (window.__marca || 0) + 1;</script><div id="selo">selo</div>' } });
    const { rerender } = render(<BrandLook brand={b} />);
    rerender(<BrandLook brand={{ ...b }} />);
    expect(document.querySelectorAll(`#${SCRIPT_LINK_ID}`)).toHaveLength(1);
    expect((document.getElementById(SCRIPT_LINK_ID) as HTMLScriptElement).src).toBe('https://cdn.exemplo/chat.js');
    expect(document.querySelectorAll(`#${SCRIPT_EMBED_ID}`)).toHaveLength(1);
    expect(document.getElementById('selo')).toBeTruthy();
    // jsdom runs no scripts; a recreated element (not one parsed from HTML) is what a browser executes (the e2e sees it run).
    const script = document.getElementById(SCRIPT_EMBED_ID)!.querySelector('script')!;
    expect(script.text).toBe('window.__marca = (window.__marca || 0) + 1;');
  });

  it('without an analytics tag nothing is loaded and nothing is pushed', () => {
    render(<BrandLook brand={brand()} />);
    expect(document.getElementById(ANALYTICS_SCRIPT_ID)).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    expect(analyticsActive()).toBe(false);
  });

  it('with a tag: the script is loaded and page, click, error and modal events reach the data layer', async () => {
    const tag = 'https://assets.adobedtm.com/launch-marca.min.js';
    function Screen() {
      const { modal } = AntApp.useApp();
      return <Button onClick={() => modal.warning({ title: 'Falha ao entrar no sistema', content: 'x' })}>Entrar</Button>;
    }
    const { getByText, unmount } = render(
      <AntApp>
        <BrandLook brand={brand({ misc: { adobeAnalytics: tag } })} />
        <Screen />
      </AntApp>,
    );
    expect((document.getElementById(ANALYTICS_SCRIPT_ID) as HTMLScriptElement).src).toBe(tag);
    window.location.hash = '#/pages/dashboard';
    await act(() => new Promise((r) => setTimeout(r, 20)));
    fireEvent.click(getByText('Entrar'));
    window.dispatchEvent(new ErrorEvent('error', { message: 'quebrou' }));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    const events = (window.dataLayer ?? []) as { event: string; [k: string]: unknown }[];
    expect(events.find((e) => e.event === 'page' && e.pagina === '/pages/dashboard')).toBeTruthy();
    // The router's own moves (pushState, no hashchange) count too, once per page.
    window.history.pushState(null, '', '#/pages/vendas/clientes?pagina=2');
    window.history.replaceState(null, '', '#/pages/vendas/clientes?pagina=3');
    expect(events.filter((e) => e.event === 'page' && e.pagina === '/pages/vendas/clientes')).toHaveLength(1);
    expect(events.find((e) => e.event === 'click' && e.alvo === 'Entrar')).toBeTruthy();
    expect(events.find((e) => e.event === 'error' && e.mensagem === 'quebrou')).toBeTruthy();
    expect(events.find((e) => e.event === 'modal' && e.titulo === 'Falha ao entrar no sistema')).toBeTruthy();
    unmount();
    expect(analyticsActive()).toBe(false);
  });
});

describe('start-up rules (SPEC 2.2)', () => {
  it('typeStorage in the hash query or before the hash picks the storage of the token', () => {
    expect(applyStorageChoice({ search: '', hash: '#/auth/login?typeStorage=session' })).toBe('session');
    saveSession('tok-sessao', { id: 1, nome: 'Ana' });
    expect(sessionStorage.getItem('token')).toBe('tok-sessao');
    expect(localStorage.getItem('token')).toBeNull();
    expect(applyStorageChoice({ search: '?typeStorage=local', hash: '#/auth/login' })).toBe('local');
    expect(getToken()).toBeNull();
    expect(applyStorageChoice({ search: '?typeStorage=outro', hash: '' })).toBeNull();
  });

  it('Ctrl+F5 clears every cached key and keeps the rest', () => {
    localStorage.setItem('cache:Clientes', '[]');
    sessionStorage.setItem('cache:getUserInfo', '{}');
    localStorage.setItem('token', 'fica');
    render(<BrandLook brand={brand()} />);
    fireEvent.keyDown(window, { key: 'F5' });
    expect(localStorage.getItem('cache:Clientes')).toBe('[]');
    fireEvent.keyDown(window, { key: 'F5', ctrlKey: true });
    expect(localStorage.getItem('cache:Clientes')).toBeNull();
    expect(sessionStorage.getItem('cache:getUserInfo')).toBeNull();
    expect(localStorage.getItem('token')).toBe('fica');
    expect(isHardReload({ key: 'R', ctrlKey: true, metaKey: false, shiftKey: true })).toBe(true);
    expect(isHardReload({ key: 'r', ctrlKey: true, metaKey: false, shiftKey: false })).toBe(false);
    expect(clearCachedData()).toBe(0);
  });
});
