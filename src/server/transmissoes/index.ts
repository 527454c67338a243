/** Documentos em transmissão: the shop's view of every fiscal document SEFAZ/ADN has not settled (issue 34). */
export { default as transmissoesRoutes, CHAVE_TRANSMISSOES } from './routes.ts';
export { agirSobreDocumento, listarDocumentosEmTransmissao } from './documentos.ts';
