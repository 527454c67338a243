import type { ResourceHooks } from '../resources/hooks.ts';
import { loadLookups } from '../catalog/documents.ts';
import { validarInscricaoEstadual } from '../../shared/inscricao-estadual.ts';
import { preenchido, Problemas } from './regras.ts';

/** País Brasil na tabela do BACEN (campo COD_PAIS do registro 0150). */
export const BRASIL = 1058;

let codigoUf: Map<string, number> | undefined;

/**
 * Participantes SPED (schemas/resources/participanteSped.json, registro 0150 da EFD ICMS/IPI): o IE pela regra
 * da UF (a mesma do cadastro de clientes), o município da UF informada, e um participante do exterior sem
 * CPF/CNPJ, IE nem município (o Guia Prático manda deixá-los em branco).
 */
const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const p = new Problemas();
    if (preenchido(data.inscricaoEstadual)) {
      const r = validarInscricaoEstadual(String(data.inscricaoEstadual), data.uf as string | null);
      if (r.ok) data.inscricaoEstadual = r.valor;
      else p.add('inscricaoEstadual', r.mensagem);
    }
    if (Number(data.codigoPais) !== BRASIL) {
      for (const [campo, nome] of [['cpfCnpj', 'CPF/CNPJ'], ['inscricaoEstadual', 'inscrição estadual'], ['codigoMunicipio', 'município']] as const) {
        if (preenchido(data[campo])) p.add(campo, `Participante do exterior não tem ${nome}: deixe o campo em branco.`);
      }
    }
    if (preenchido(data.codigoMunicipio) && preenchido(data.uf)) {
      codigoUf ??= new Map(loadLookups().get('uf')!.items.map((i) => [String(i.value), Number(i.codigo)]));
      if (Math.floor(Number(data.codigoMunicipio) / 100000) !== codigoUf.get(String(data.uf))) {
        p.add('codigoMunicipio', `O município informado não pertence à UF ${String(data.uf)}.`);
      }
    }
    p.throwIfAny();
  },
};
export default hooks;
