import { ConfigProvider, Spin } from 'antd';
import useAppStyle from 'antd/es/app/style';
import ptBR from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { createHashRouter, createRoutesFromElements, Navigate, Outlet, Route, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { authRoutes } from './auth-routes.tsx';
import { adminRoutes } from '../pages/administrador/routes.tsx';
import { FINANCEIRO_LIST_PAGES, financeiroRoutes } from '../pages/financeiro/routes.tsx';
import { financeiroExtrasRoutes } from '../pages/financeiro/extras-routes.tsx';
import { PDV_LIST_PAGES } from '../pages/vendas/cupons/routes.tsx';
import { BrandLook } from '../brand/BrandLook.tsx';
import { DialogHost } from '../dialogs/dialogs.tsx';
import { RESOURCES } from '../../../generated/resources/index.ts';
import { DOCUMENTS } from '../pages/documentos/document-docs.ts';
import { themeColor, useBrand } from '../brand/brand.ts';
import { ANTD_CSS_VAR_KEY, antdTheme } from '../brand/antd-theme.ts';
import { loadFormPage, loadListPage, loadShell } from './page-chunks.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { resourcePaths } from '../renderer/resource-routes.ts';

dayjs.locale('pt-br');

// pages/* and auth/* are their own chunks, loaded when first visited.
const ResourceListPage = lazy(loadListPage);
const ResourceFormPage = lazy(loadFormPage);
// The signed-in frame is a chunk too (with antd's static stylesheet): the sign-in page loads none of it.
const ShellLayout = lazy(loadShell);
const DashboardPage = lazy(() => import('../pages/DashboardPage.tsx'));
const UnavailablePage = lazy(() => import('../pages/UnavailablePage.tsx'));
// The shell's own screens (issue 5): exports, users, access profiles, my account, routes still to come.
const ExportsPage = lazy(() => import('../reports/ExportsPage.tsx'));
const UsuariosPage = lazy(() => import('../pages/configuracoes/UsuariosPage.tsx'));
const UsuarioFormPage = lazy(() => import('../pages/configuracoes/UsuarioFormPage.tsx'));
const MinhaContaPage = lazy(() => import('../pages/configuracoes/MinhaContaPage.tsx'));
// Configurações > Integrações (issue 40): API keys and webhooks.
const ChavesApiPage = lazy(() => import('../pages/configuracoes/integracoes/ChavesApiPage.tsx'));
const WebhooksPage = lazy(() => import('../pages/configuracoes/integracoes/WebhooksPage.tsx'));
const IntegracoesPage = lazy(() => import('../pages/configuracoes/integracoes/IntegracoesPage.tsx'));
const ImportacaoDadosPage = lazy(() => import('../pages/configuracoes/integracoes/ImportacaoDadosPage.tsx'));
// Administrator area (SPEC 2.8).
const NotificacoesPage = lazy(() => import('../pages/administrador/notificacoes/NotificacoesPage.tsx'));
const UsuariosMarcaPage = lazy(() => import('../pages/administrador/usuarios/UsuariosMarcaPage.tsx'));
const GatewayBoletoPage = lazy(() => import('../pages/configuracoes/gateway-boleto/GatewayBoletoPage.tsx'));
// Pagamentos (issue 38): boletos from receivables.
const BoletosPage = lazy(() => import('../pages/pagamentos/BoletosPage.tsx'));
const ExtratosPage = lazy(() => import('../pages/pagamentos/ExtratosPage.tsx'));
const PendingPage = lazy(() => import('../shell/PendingPage.tsx'));
const EmitirNfePage = lazy(() => import('../pages/nfe/EmitirNfePage.tsx'));
const NotasProcessadasPage = lazy(() => import('../pages/nfe/NotasProcessadasPage.tsx'));
const DocumentosTransmissaoPage = lazy(() => import('../pages/nfe/DocumentosTransmissaoPage.tsx'));
const NotasServicoPage = lazy(() => import('../pages/vendas/NotasServicoPage.tsx'));
const InutilizacoesPage = lazy(() => import('../pages/nfe/InutilizacoesPage.tsx'));
const InutilizacaoFormPage = lazy(() => import('../pages/nfe/InutilizacoesPage.tsx').then((m) => ({ default: m.InutilizacaoFormPage })));
const ConfiguracaoNfePage = lazy(() => import('../pages/nfe/ConfiguracaoNfePage.tsx'));
const CertificadoDigitalPage = lazy(() => import('../pages/nfe/CertificadoDigitalPage.tsx'));
const AssistenteFiscalPage = lazy(() => import('../pages/nfe/AssistenteFiscalPage.tsx'));
const AssinaturaPage = lazy(() => import('../pages/assinatura/AssinaturaPage.tsx'));
// Business documents (schemas/documents): one list and one form page for every type.
const DocumentListPage = lazy(() => import('../pages/documentos/DocumentListPage.tsx'));
const DocumentFormPage = lazy(() => import('../pages/documentos/DocumentFormPage.tsx'));
const ImportarNotaPage = lazy(() => import('../pages/compras/ImportarNotaPage.tsx'));
const ManifestacoesPage = lazy(() => import('../pages/nfe/ManifestacoesPage.tsx'));
const EntradaNfePage = lazy(() => import('../pages/nfe/EntradaNfePage.tsx'));
// Estoque periphery (issue 14): bulk price change, label printing and preview.
const AlteracaoPrecoPage = lazy(() => import('../pages/estoque/AlteracaoPrecoPage.tsx'));
const EtiquetaImprimirPage = lazy(() => import('../pages/estoque/EtiquetaImprimirPage.tsx'));
const EtiquetaVisualizarPage = lazy(() => import('../pages/estoque/EtiquetaVisualizarPage.tsx'));
const ImportarArquivoPage = lazy(() => import('../pages/estoque/ImportarArquivoPage.tsx'));
const RelatoriosEstoquePage = lazy(() => import('../pages/estoque/RelatoriosEstoquePage.tsx'));
// Vendas (issue 18): the reports, and the service variant of the sales order (SPEC 2.6 NFS-e menu).
const RelatoriosVendasPage = lazy(() => import('../pages/vendas/RelatoriosVendasPage.tsx'));
// Relatórios > Pessoas (issue 42).
const RelatoriosPessoasPage = lazy(() => import('../pages/pessoas/RelatoriosPessoasPage.tsx'));
// Ponto de venda (issue 19): full screen, outside the shell, its own chunk.
const PdvPage = lazy(() => import('../pages/pdv/PdvPage.tsx'));
const ExportacaoBalancaPage = lazy(() => import('../pages/exportacoes/ExportacaoBalancaPage.tsx'));
const ExportacaoTerminalPage = lazy(() => import('../pages/exportacoes/ExportacaoTerminalPage.tsx'));
// Exportações (issue 36): the accountant's files.
const ExportarXmlNfePage = lazy(() => import('../pages/exportacoes/ExportarXmlNfePage.tsx'));
const ArquivoFiscalPage = lazy(() => import('../pages/exportacoes/ArquivoFiscalPage.tsx'));
// Contábil (issue 37): the shop's accountants, the accountant's panel of client shops.
const ContadoresPage = lazy(() => import('../pages/contabil/ContadoresPage.tsx'));
const PEDIDO_VENDA = DOCUMENTS.find((d) => d.name === 'pedidoVenda');

export { ANTD_CSS_VAR_KEY };

export const FALLBACK_ROUTE = '/pages/dashboard';

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

/** The route tree: auth screens, then pages/* behind the session, one list and its forms per resource document. */
export function appRoutes() {
  return createRoutesFromElements(
    <Route
      element={
        <Suspense fallback={loading}>
          <Outlet />
        </Suspense>
      }
    >
      {authRoutes()}
      <Route path="/logout" element={<Navigate to="/auth/logout" replace />} />
      <Route path="/sistema-indisponivel" element={<UnavailablePage />} />
      <Route path="/pages/sistema-indisponivel" element={<UnavailablePage />} />
      <Route path="/pdv" element={<RequireAuth><PdvPage /></RequireAuth>} />
      <Route element={<RequireAuth><ShellLayout /></RequireAuth>}>
        <Route path="/pages/dashboard" element={<DashboardPage />} />
        <Route path="/pages/relatorios/exportacoes" element={<ExportsPage />} />
        <Route path="/pages/configuracoes/usuarios" element={<UsuariosPage />} />
        <Route path="/pages/configuracoes/usuarios/cadastrar" element={<UsuarioFormPage key="cadastrar" mode="cadastrar" />} />
        <Route path="/pages/configuracoes/usuarios/editar/:id" element={<UsuarioFormPage key="editar" mode="editar" />} />
        <Route path="/pages/configuracoes/usuarios/editarminhaconta" element={<MinhaContaPage />} />
        <Route path="/pages/configuracoes/gateway-boleto" element={<GatewayBoletoPage />} />
        <Route path="/pages/pagamentos/boletos" element={<BoletosPage />} />
        <Route path="/pages/pagamentos/extratos" element={<ExtratosPage />} />
        <Route path="/pages/nfe/emitir-nfe" element={<EmitirNfePage key="nova" />} />
        <Route path="/pages/nfe/emitir-nfe/editar/:id" element={<EmitirNfePage key="editar" />} />
        <Route path="/pages/vendas/nota-fiscal" element={<NotasProcessadasPage key="vendas" vendas />} />
        <Route path="/pages/vendas/nota-fiscal/cadastrar" element={<EmitirNfePage key="nova-vendas" />} />
        <Route path="/pages/vendas/nota-fiscal/editar/:id" element={<EmitirNfePage key="editar-vendas" />} />
        <Route path="/pages/nfe/notas-processadas" element={<NotasProcessadasPage />} />
        <Route path="/pages/nfe/documentos-transmissao" element={<DocumentosTransmissaoPage />} />
        <Route path="/pages/nfe/inutilizacoes" element={<InutilizacoesPage />} />
        <Route path="/pages/nfe/inutilizacoes/cadastrar" element={<InutilizacaoFormPage />} />
        <Route path="/pages/configuracoes/nfe" element={<ConfiguracaoNfePage />} />
        <Route path="/pages/fiscais/certificado-digital" element={<CertificadoDigitalPage />} />
        <Route path="/pages/fiscais/assistente" element={<AssistenteFiscalPage />} />
        <Route path="/pages/assinatura" element={<AssinaturaPage />} />
        <Route path="/pages/compras/entrada-nota-fiscal/importar-xml" element={<ImportarNotaPage />} />
        <Route path="/pages/nfe/manifestacoes" element={<ManifestacoesPage />} />
        <Route path="/pages/nfe/entrada" element={<EntradaNfePage />} />
        <Route path="/pages/exportacoes-fiscais/exportacao-para-balanca" element={<ExportacaoBalancaPage />} />
        <Route path="/pages/exportacoes-fiscais/exportacao-para-terminal" element={<ExportacaoTerminalPage />} />
        <Route path="/pages/nfe/exportar-xml-nfe" element={<ExportarXmlNfePage />} />
        <Route path="/pages/fiscais/gerar-arquivo-sped" element={<ArquivoFiscalPage key="sped" tipo="sped" />} />
        <Route path="/pages/fiscais/gerar-arquivo-sintegra" element={<ArquivoFiscalPage key="sintegra" tipo="sintegra" />} />
        <Route path="/pages/contabil/contadores" element={<ContadoresPage />} />
        {DOCUMENTS.flatMap((doc) => [
          <Route key={doc.route} path={`/${doc.route}`} element={<DocumentListPage key={doc.name} doc={doc} />} />,
          <Route key={`${doc.route}/cadastrar`} path={`/${doc.route}/cadastrar`} element={<DocumentFormPage key={`${doc.name}-cadastrar`} doc={doc} mode="cadastrar" />} />,
          <Route key={`${doc.route}/editar`} path={`/${doc.route}/editar/:id`} element={<DocumentFormPage key={`${doc.name}-editar`} doc={doc} mode="editar" />} />,
        ])}
        <Route path="/pages/estoque/alteracao-preco" element={<AlteracaoPrecoPage />} />
        <Route path="/pages/estoque/etiqueta/imprimir" element={<EtiquetaImprimirPage />} />
        <Route path="/pages/estoque/etiqueta/visualizar/:id" element={<EtiquetaVisualizarPage />} />
        <Route path="/pages/estoque/etiqueta/listar" element={<ResourceListPage key="etiqueta-listar" name="etiqueta" />} />
        {/* NFS-e > Serviços (SPEC 2.6): the services' list; its forms are the document's (pages/estoque/servicos/…, SPEC 2.9). */}
        <Route path="/pages/servico/servicos" element={<ResourceListPage key="servico-servicos" name="servico" />} />
        <Route path="/pages/estoque/importar-arquivo" element={<ImportarArquivoPage />} />
        {['estoque', 'estoque/menu', 'estoque/movimentacao-estoque', 'estoque/produtos-alterados', 'estoque/entrada-nota-fiscal'].map((p) => <Route key={p} path={`/pages/relatorios/${p}`} element={<RelatoriosEstoquePage />} />)}
        {['vendas', 'vendas/menu'].map((p) => <Route key={p} path={`/pages/relatorios/${p}`} element={<RelatoriosVendasPage />} />)}
        {['pessoas', 'pessoas/menu'].map((p) => <Route key={p} path={`/pages/relatorios/${p}`} element={<RelatoriosPessoasPage />} />)}
        {PEDIDO_VENDA && <Route path="/pages/vendas/pedido-vendas/servico" element={<><NotasServicoPage /><DocumentListPage key="pedidoVenda-servico" doc={PEDIDO_VENDA} baseWhere={{ servico: true }} title="Pedidos de serviço" newRoute="/pages/vendas/pedido-vendas/cadastrar/servico" /></>} />}
        {PEDIDO_VENDA && <Route path="/pages/vendas/pedido-vendas/cadastrar/:servico" element={<DocumentFormPage key="pedidoVenda-servico-cadastrar" doc={PEDIDO_VENDA} mode="cadastrar" initial={{ servico: true, naturezaOperacao: 'Prestação de serviço' }} />} />}
        {financeiroRoutes()}
        {financeiroExtrasRoutes()}
        <Route path="/pages/configuracoes/apikey" element={<ChavesApiPage />} />
        <Route path="/pages/configuracoes/webhook" element={<WebhooksPage />} />
        <Route path="/pages/configuracoes/integracoes" element={<IntegracoesPage />} />
        <Route path="/pages/configuracoes/importacao-de-dados" element={<ImportacaoDadosPage />} />
        <Route path="/pages/*" element={<PendingPage />} />
        <Route path="/administrador/configuracoes/notificacoes" element={<NotificacoesPage />} />
        <Route path="/administrador/configuracoes/usuarios" element={<UsuariosMarcaPage />} />
        {adminRoutes()}
        <Route path="/administrador/*" element={<PendingPage />} />
        {Object.entries(RESOURCES).flatMap(([name, doc]) => {
          const paths = resourcePaths(doc);
          const ModulePage = FINANCEIRO_LIST_PAGES[name] ?? PDV_LIST_PAGES[name];
          return [
            <Route key={paths.list} path={paths.list} element={ModulePage ? <ModulePage key={name} /> : <ResourceListPage key={name} name={name} />} />,
            ...paths.form.map((f) => <Route key={f.path} path={f.path} element={<ResourceFormPage key={`${name}-${f.mode}`} name={name} mode={f.mode} />} />),
          ];
        })}
      </Route>
      <Route path="*" element={<Navigate to={FALLBACK_ROUTE} replace />} />
    </Route>,
  );
}

let router: ReturnType<typeof createHashRouter> | null = null;
const getRouter = () => (router ??= createHashRouter(appRoutes()));

/** The brand configuration is loaded before anything renders (SPEC 1); failing that, the unavailable page. */
function Branded() {
  const { data: brand, error, isLoading } = useBrand();
  if (isLoading) return loading;
  if (error && !window.location.hash.includes('sistema-indisponivel')) window.location.hash = '#/pages/sistema-indisponivel';
  // Outside the shell (sign-in, sign-up, unavailable) antd writes the CSS of the few components drawn; the
  // shell brings antd's whole static stylesheet and stops that work (ShellLayout.tsx).
  return (
    <ConfigProvider locale={ptBR} theme={antdTheme(themeColor(brand))}>
      <AppFrame>
        <DialogHost />
        <BrandLook brand={brand} />
        <RouterProvider router={getRouter()} />
      </AppFrame>
    </ConfigProvider>
  );
}

/**
 * antd's <App> root (its element, class and base text style) without its message, modal and notification
 * hooks: the dialogs bring those when first used (dialogs.tsx) and the shell for its pages (ShellLayout.tsx).
 */
function AppFrame({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>{children}</div>;
}

export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, keepPreviousData: true }}>
      <Branded />
    </SWRConfig>
  );
}
