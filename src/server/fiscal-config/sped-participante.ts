import type { ResourceHooks } from '../resources/hooks.ts';
import { conferirInscricaoEstadual, Problemas } from './regras.ts';

/**
 * Participantes SPED (schemas/resources/participanteSped.json, registro 0150 da EFD ICMS/IPI): o IE pela regra
 * da UF (a mesma do cadastro de clientes), gravado sem pontuação; um participante do Brasil (país 1058) exige
 * CPF/CNPJ, UF e município (regra do documento, na API e no formulário). No JSON Schema do documento (if/then com a
 * mensagem de cada regra, os mesmos na API e no formulário): o município é da UF; o participante do exterior não tem
 * CPF/CNPJ, IE, UF nem município, só o código do país.
 */
const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const p = new Problemas();
    conferirInscricaoEstadual(data, p);
    p.throwIfAny();
  },
};
export default hooks;
