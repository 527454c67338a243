import type { ResourceHooks } from '../resources/hooks.ts';
import { cfopExiste, Problemas } from './regras.ts';

/** The account's CFOPs (schemas/resources/cfop.json): only codes of the official table. */
const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const p = new Problemas();
    if (!cfopExiste(String(data.cfop ?? ''))) p.add('cfop', `CFOP ${String(data.cfop ?? '')} não existe na tabela oficial.`);
    p.throwIfAny();
  },
};
export default hooks;
