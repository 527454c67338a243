// The split runs on both sides (the form previews the parcelas the server will write): it lives in src/shared.
export { dividirEmParcelas, somar, somarMeses, type ParcelaPlano } from '../../shared/parcelamento.ts';
