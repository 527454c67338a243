import type { ResourceHooks } from '../resources/hooks.ts';
import { preenchido, Problemas } from './regras.ts';

/**
 * Plano de contas do SPED (schemas/resources/contaContabilSped.json, registro 0500): a conta de nível 1 não tem
 * superior; a conta superior, quando informada, é sintética, do nível logo acima e da mesma natureza; uma conta
 * com contas abaixo dela continua sintética. Que a conta de nível maior que 1 nomeie a superior é regra do JSON Schema
 * do documento (if/then), checada antes deste hook na API e no formulário.
 */
const hooks: ResourceHooks = {
  async beforeWrite(q, ctx, data, current) {
    const p = new Problemas();
    const nivel = Number(data.nivel);
    if (nivel === 1 && preenchido(data.contaSuperiorId)) p.add('contaSuperiorId', 'Uma conta de nível 1 não tem conta superior.');
    if (nivel > 1 && preenchido(data.contaSuperiorId)) {
      const r = await q.query<{ tipo: string; nivel: number; natureza: string; codigo: string }>(
        'SELECT tipo, nivel, natureza, codigo FROM contas_contabeis_sped WHERE tenant_id = $1 AND id = $2',
        [ctx.tenantId, data.contaSuperiorId],
      );
      const sup = r.rows[0];
      if (!sup) p.add('contaSuperiorId', 'Conta superior não encontrada.');
      else {
        if (sup.tipo !== 'S') p.add('contaSuperiorId', `A conta superior ${sup.codigo} é analítica: só uma conta sintética recebe contas abaixo dela.`);
        if (Number(sup.nivel) !== nivel - 1) p.add('nivel', `A conta superior ${sup.codigo} é de nível ${sup.nivel}: esta conta deve ser de nível ${Number(sup.nivel) + 1}.`);
        if (sup.natureza !== data.natureza) p.add('natureza', `A natureza deve ser a da conta superior ${sup.codigo}.`);
      }
    }
    if (current && data.tipo === 'A' && current.tipo === 'S') {
      const filhas = await q.query('SELECT 1 FROM contas_contabeis_sped WHERE tenant_id = $1 AND conta_superior_id = $2 LIMIT 1', [ctx.tenantId, current.id]);
      if (filhas.rows.length) p.add('tipo', 'Esta conta tem contas abaixo dela e continua sintética.');
    }
    p.throwIfAny();
  },
};
export default hooks;
