// The NF-e (model 55) of the issuing screens, sales orders and returns: its public face. The code is split by
// responsibility (issue 34):
// - dados-nota.ts: the note's data (draft schema, output, settings, reading);
// - montagem.ts: build (the NfeDocumento from a draft: issuer, recipient, tax rules, totals);
// - rascunhos.ts: drafts (save, delete);
// - numeracao-nfe.ts: the series' numbers (reserve, give back, keep);
// - transmissao-nfe.ts: transmit (transaction 1, the send through the pipeline of fiscal/transmissao, the recovery);
// - registro-nfe.ts: transaction 2 (the answer recorded once, rejection and denial with their compensations);
// - lancamentos-nfe.ts: postings (stock and receivables of an authorised note of its own);
// - arquivos-nfe.ts: XML, DANFE, validation and the event list; eventos.ts: the events' outbox.
export { PRAZO_CANCELAMENTO_MS, comFuso, configuracaoNfe, lerNota, notaOut, rascunhoDe, ultimoNumero, validarDados, type ConfiguracaoNfe, type CtxEmissao } from './dados-nota.ts';
export { contextoTributacao, emitenteDa, montarDocumento, type Emitente, type NotaMontada } from './montagem.ts';
export { excluirRascunho, salvarRascunho } from './rascunhos.ts';
export { devolverNumeroNfe, reservarNumeroNfe } from './numeracao-nfe.ts';
export { registrarCompensacaoDoPedido, registrarOrigemDaNota, type CompensarPedido, type OpcoesTransmissao, type OrigemNota, type Preparada, type ResultadoTransmissao } from './registro-nfe.ts';
export { medidasEmissao, prepararNotaDeOrigem, prepararNotaDoPedido, reservarTransmissao, resolverTransmitindo, transmitirNotaDoPedido, transmitirNotaFiscal } from './transmissao-nfe.ts';
export { danfeDaNota, eventosDaNota, validarNotaFiscal, xmlDaNota } from './arquivos-nfe.ts';
