import type { ResourceHooks } from '../resources/hooks.ts';
import { badRequest } from '../http/errors.ts';
import { conferirInscricaoEstadual, Problemas } from './regras.ts';

/**
 * Empresas (schemas/resources/empresa.json, table branches): the IE by its UF's rule, and neither the branch in
 * use nor the last active one is deactivated. DELETE /api/Empresas/{id} (routes.ts) refuses one with documents.
 */
const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const p = new Problemas();
    conferirInscricaoEstadual(data, p);
    p.throwIfAny();
  },

  async beforeWrite(q, ctx, data, current) {
    if (!current || data.ativo !== false || current.ativo === false) return;
    if (Number(current.id) === ctx.branchId) {
      throw badRequest('A filial em uso não pode ser desativada: troque de filial (menu do usuário) antes de desativá-la.', [{ path: '/ativo', campo: 'ativo', mensagem: 'Filial em uso.' }]);
    }
    const outras = await q.query('SELECT 1 FROM branches WHERE tenant_id = $1 AND ativo AND id <> $2 LIMIT 1', [ctx.tenantId, current.id]);
    if (!outras.rows.length) throw badRequest('A única filial ativa da conta não pode ser desativada.', [{ path: '/ativo', campo: 'ativo', mensagem: 'Única filial ativa.' }]);
  },
};
export default hooks;
