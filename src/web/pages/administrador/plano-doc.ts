import planoJson from '../../../../schemas/planos/plano.json';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';
import { getUser } from '../../api/session.ts';

/** schemas/planos/plano.json: the same document the API validates with (src/server/planos/routes.ts). */
export const PLANO_DOC = planoJson as unknown as ResourceDoc;

/** The brand's staff (isAvanco, master) manage plans and the brand (SPEC 2.8 administrator area). */
export const isBrandStaff = (): boolean => {
  const u = getUser();
  return !!(u?.isAvanco || u?.master);
};
