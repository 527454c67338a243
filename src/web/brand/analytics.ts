/**
 * SPEC 7 analytics: when the brand configures a tag (misc.adobeAnalytics), its script is loaded and page,
 * click, error and modal events are pushed to window.dataLayer. Without a tag nothing is loaded or pushed.
 */
export type AnalyticsEvent = 'page' | 'click' | 'error' | 'modal';

export interface AnalyticsEntry {
  event: AnalyticsEvent;
  [k: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const ANALYTICS_SCRIPT_ID = 'brand-analytics';
let active = false;

export const analyticsActive = (): boolean => active;

/** Pushes one event; a no-op while no tag is configured. */
export function track(event: AnalyticsEvent, data: Record<string, unknown> = {}): void {
  if (!active) return;
  (window.dataLayer ??= []).push({ event, ...data, quando: new Date().toISOString() } satisfies AnalyticsEntry);
}

/** For screens that catch their own errors (sign-up failure of SPEC 8). */
export function trackError(origem: string, mensagem: string): void {
  track('error', { origem, mensagem });
}

const labelOf = (el: Element): string =>
  (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);

/** Loads the tag and starts the listeners; returns what stops them (the script stays, as tags expect). */
export function startAnalytics(tagUrl: string, doc: Document = document, win: Window = window): () => void {
  if (!doc.getElementById(ANALYTICS_SCRIPT_ID)) {
    const s = doc.createElement('script');
    s.id = ANALYTICS_SCRIPT_ID;
    s.src = tagUrl;
    s.async = true;
    doc.head.appendChild(s);
  }
  win.dataLayer ??= [];
  active = true;

  let lastPage: string | null = null;
  const page = () => {
    const pagina = win.location.hash.replace(/^#/, '').split('?')[0] || '/';
    if (pagina === lastPage) return;
    lastPage = pagina;
    track('page', { pagina });
  };
  // The hash router moves with history.pushState, which fires no hashchange: watch the calls themselves.
  const { pushState, replaceState } = win.history;
  win.history.pushState = function (...args: Parameters<History['pushState']>) {
    pushState.apply(this, args);
    page();
  };
  win.history.replaceState = function (...args: Parameters<History['replaceState']>) {
    replaceState.apply(this, args);
    page();
  };
  const click = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest?.('button, a, [role="button"], [role="menuitem"], input[type="checkbox"]');
    if (el) track('click', { alvo: labelOf(el), id: el.id || undefined });
  };
  const error = (e: ErrorEvent) => track('error', { origem: 'janela', mensagem: e.message });
  const rejection = (e: PromiseRejectionEvent) => track('error', { origem: 'promessa', mensagem: String((e.reason as Error)?.message ?? e.reason) });
  // Every antd dialog, whoever opens it, appears as a .ant-modal element.
  const seen = new WeakSet<Element>();
  const observer = new MutationObserver(() => {
    for (const m of Array.from(doc.querySelectorAll('.ant-modal'))) {
      if (seen.has(m)) continue;
      seen.add(m);
      track('modal', { titulo: (m.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent ?? '').trim() });
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  win.addEventListener('hashchange', page);
  win.addEventListener('popstate', page);
  doc.addEventListener('click', click, true);
  win.addEventListener('error', error);
  win.addEventListener('unhandledrejection', rejection);
  page();
  return () => {
    active = false;
    win.history.pushState = pushState;
    win.history.replaceState = replaceState;
    observer.disconnect();
    win.removeEventListener('hashchange', page);
    win.removeEventListener('popstate', page);
    doc.removeEventListener('click', click, true);
    win.removeEventListener('error', error);
    win.removeEventListener('unhandledrejection', rejection);
  };
}
