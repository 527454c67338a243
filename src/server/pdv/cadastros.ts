import { badRequest } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { TPAG_CARTAO } from '../../shared/fiscal/nfce-pdv.ts';

export { TPAG_CARTAO };

type Row = Record<string, unknown>;


/**
 * Formas de pagamento do PDV and PDVs (schemas/resources/formaPagamentoPdv.json, pdv.json): what depends on other
 * fields and records, which the JSON Schema alone cannot say.
 */
const hooks: ResourceHooks = {
  async beforeWrite(q, ctx, data, current) {
    // Formas de pagamento: card brands belong to the methods with the NFC-e's card group (cards, PIX); on any other
    // tPag they are cleared, so a cash payment never carries them.
    if ('tPag' in data) {
      if (!TPAG_CARTAO.has(String(data.tPag)) && Array.isArray(data.bandeiras) && data.bandeiras.length) data.bandeiras = null;
      return;
    }
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
