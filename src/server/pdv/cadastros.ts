import { badRequest } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';

type Row = Record<string, unknown>;

/** tPag codes of card payments (NFC-e grupo card): only these carry card brands. */
export const TPAG_CARTAO = new Set(['03', '04', '17', '18']);

/**
 * Formas de pagamento do PDV and PDVs (schemas/resources/formaPagamentoPdv.json, pdv.json): the checks across
 * fields and records that the JSON Schema alone cannot say.
 */
const hooks: ResourceHooks = {
  async validate(_ctx, data, current) {
    const r = { ...(current ?? {}), ...data } as Row;
    if ('tPag' in r && Array.isArray(r.bandeiras) && r.bandeiras.length && !TPAG_CARTAO.has(String(r.tPag))) {
      throw badRequest('Bandeiras: só uma forma de pagamento com cartão (crédito, débito) aceita bandeiras.', [{ path: '/bandeiras', campo: 'bandeiras', mensagem: 'Só para cartões' }]);
    }
    if ('tPag' in r && r.tef === true && !TPAG_CARTAO.has(String(r.tPag)) && r.tPag !== '17') {
      throw badRequest('TEF: só uma forma de pagamento com cartão ou PIX usa TEF.', [{ path: '/tef', campo: 'tef', mensagem: 'Só para cartões' }]);
    }
  },
  async beforeWrite(q, ctx, data, current) {
    // A PDV's depósito must belong to the PDV's filial: the sale moves stock of the branch that issues the NFC-e.
    const r = { ...(current ?? {}), ...data } as Row;
    if (r.depositoId == null || r.filialId == null) return;
    const d = await q.query<{ filial_id: number }>('SELECT filial_id FROM depositos WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, r.depositoId]);
    if (!d.rows.length) throw badRequest('Depósito: cadastro não encontrado.', [{ path: '/depositoId', campo: 'depositoId', mensagem: 'Registro não encontrado' }]);
    if (Number(d.rows[0].filial_id) !== Number(r.filialId)) throw badRequest('Depósito: escolha um depósito da filial do PDV.', [{ path: '/depositoId', campo: 'depositoId', mensagem: 'De outra filial' }]);
    const f = await q.query('SELECT 1 FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, r.filialId]);
    if (!f.rows.length) throw badRequest('Filial: cadastro não encontrado.', [{ path: '/filialId', campo: 'filialId', mensagem: 'Registro não encontrado' }]);
  },
};
export default hooks;
