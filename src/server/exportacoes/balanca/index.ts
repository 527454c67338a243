/**
 * exportacoes-fiscais/exportacao-para-balanca (issue 36 item 5): the load of the shop's scales (Toledo MGV5/6/7,
 * Filizola, Urano, Urano URF32) from the layout documents in schemas/balancas, and the branch's label layout the
 * sales order reads scale labels back with. The module's one public face.
 */
export { default } from './routes.ts';
export { configuracaoEtiqueta, opcoesDaConfiguracao, type ConfiguracaoEtiqueta } from './routes.ts';
export { gerarCarga, produtosDaBalanca, registrosDaCarga, problemasDaCarga, zipDaCarga, CargaRecusada, type ProdutoBalanca } from './carga.ts';
export { layoutsBalanca, escreverLinha, somaHex, type LayoutBalanca } from './layout.ts';
