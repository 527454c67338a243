/**
 * The finance module's public face: what other modules (vendas, compras, fiscal, PDV, boletos, dashboard, openapi,
 * demo seed) may call. Postings run inside the caller's transaction. app.ts registers the routes and jobs from
 * their own files (routes.ts, extras-routes.ts, recorrente-routes.ts).
 */
export {
  baixarParcelas, baixarParcelasEmLote, cancelarLancamento, criarLancamento, criarLancamentosEmLote, DESPESA, estornarBaixa, LIMITE_LOTE, RECEITA, registrarEmissorDeEventosDoFinanceiro, saldosContas, transferir,
  type ItemBaixa, type ItemBaixaLote, type NovaBaixa, type NovoLancamento, type NovoLancamentoSimples, type NovaTransferencia,
} from './lancamentos.ts';
export { extratoConta, fluxoCaixa } from './relatorios.ts';
export { conciliar, importarOfx, sugerir } from './ofx/conciliacao.ts';
export { criarRecorrencia, FREQUENCIA } from './recorrente.ts';
