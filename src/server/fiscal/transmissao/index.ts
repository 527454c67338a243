// The transmission pipeline of fiscal documents (NF-e, NFC-e, NFS-e): send → classify → record, one place.
export { classificarAdn, classificarEvento, classificarSefaz, CSTAT_EVENTO, type EspecieEvento, type RespostaEvento, semRespostaSefaz, ADN_DPS_DUPLICADA, CSTAT_AUTORIZADA, CSTAT_DENEGADA, CSTAT_DUPLICIDADE, CSTAT_NAO_JULGADA, type Desfecho, type RetornoDps, type TipoDesfecho } from './classificar.ts';
export { enviarEClassificar, transmitir, type Consulta, type Etapas } from './pipeline.ts';
export { classificarResposta, consultarEventoSefaz, consultarSefaz, etapasEvento, etapasInutilizacao, etapasSefaz, type EventoAssinado, transmitirXmlSefaz, type XmlAssinado } from './sefaz.ts';
export { recuperarPendentes, type CtxRecuperacao, type Pendentes } from './recuperacao.ts';
export { consultarAposTempoEsgotado, type SituacaoAposTempoEsgotado } from './consulta.ts';
