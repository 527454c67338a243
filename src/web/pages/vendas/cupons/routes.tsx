import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** List pages of the PDV's read-only resources that act on their rows (reprint, cancel, retry, resend). */
export const PDV_LIST_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  cupomFiscal: lazy(() => import('./CuponsPages.tsx').then((m) => ({ default: m.CupomFiscalPage }))),
  cupomErro: lazy(() => import('./CuponsPages.tsx').then((m) => ({ default: m.CupomErroPage }))),
  solicitacaoReenvio: lazy(() => import('./CuponsPages.tsx').then((m) => ({ default: m.SolicitacoesReenvioPage }))),
};
