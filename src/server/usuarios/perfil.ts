import { forbidden } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { grantAboveOwn, keyRaisedAboveOwn } from '../auth/grants.ts';

/** Access profiles (schemas/resources/perfil.json): a profile's levels never go above what its editor holds. */
const hooks: ResourceHooks = {
  validate(ctx, data, current) {
    if (!('permissoes' in data)) return;
    const key = keyRaisedAboveOwn(ctx, data.permissoes, current?.permissoes);
    if (key) throw forbidden(grantAboveOwn(key));
  },
};
export default hooks;
