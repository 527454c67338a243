import type { NavigateFunction } from 'react-router-dom';
import type { BrandConfig } from '../brand/brand.ts';
import { toast } from '../dialogs/dialogs.tsx';

export const SOON_TEXT = 'Esta funcionalidade estará disponível em breve.';

/** Menu items without a link (schemas/menus 'action'); trocarFilial is handled by the user menu itself. */
export function runMenuAction(action: string, ctx: { navigate: NavigateFunction; brand?: BrandConfig; openBranchSwitch: () => void; openAccountSwitch?: () => void }): void {
  const docs = (ctx.brand?.documentos ?? {}) as { termoUso?: string; politicaPrivacidade?: string };
  switch (action) {
    case 'trocarFilial':
      return ctx.openBranchSwitch();
    case 'trocarConta':
      if (ctx.openAccountSwitch) return ctx.openAccountSwitch();
      break;
    case 'planos':
      return void ctx.navigate('/planos');
    case 'modulosAdicionais':
      return void ctx.navigate('/pages/assinatura');
    case 'assistenteFiscal':
      return void ctx.navigate('/pages/fiscais/assistente');
    case 'excluirProdutos':
      return void ctx.navigate('/administrador/configuracoes/excluir-produtos');
    case 'excluirFilial':
      return void ctx.navigate('/administrador/configuracoes/excluir-filial');
    case 'termosUso':
      if (docs.termoUso) return void window.open(docs.termoUso, '_blank', 'noopener');
      break;
    case 'politicaPrivacidade':
      if (docs.politicaPrivacidade) return void window.open(docs.politicaPrivacidade, '_blank', 'noopener');
      break;
    case 'abrirPdv':
      // The web PDV, full window; its screen has the way back to the back office.
      return void ctx.navigate('/pdv');
    case 'downloadPdv': {
      // The brand's installer; '#/pdv' (the demo brand's) is our web POS, opened full-window in a tab of its own.
      const url = ctx.brand?.urlPdv;
      if (typeof url === 'string' && url) return void window.open(url.startsWith('#') ? `${window.location.pathname}${window.location.search}${url}` : url, '_blank', 'noopener');
      break;
    }
  }
  toast('info', SOON_TEXT);
}
