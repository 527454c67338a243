import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { resolveSession } from '../auth/sessions.ts';
import { cadastrar, crmAfterSignUp, type CadastroBody } from './cadastro.ts';

/** Sign-up of a free-trial account (SPEC 5.4, 7.1 Usuarios/cadastro). */
export default async function cadastroRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;
  app.post('/api/Usuarios/cadastro', { config: { public: true } }, async (req) => {
    const brand = await brands.forHost(req.headers.host);
    const body = req.body as CadastroBody;
    // #/cadastrar/{access_token}: a signed-in user of this brand handed the link over; the account records who.
    // A token that does not resolve (expired, another brand) is not an error: the sign-up goes on unattributed.
    const raw = (req.query as Record<string, unknown>).access_token;
    const by = typeof raw === 'string' && raw ? await resolveSession(db, raw) : null;
    const result = await cadastrar(db, brand, body, by && by.brandId === brand.id ? { tenantId: by.tenantId, userId: by.userId, email: by.email } : null);
    const lead = crmAfterSignUp(brand, body, services.crmBaseUrl, (m, e) => req.log.warn({ err: e }, m));
    if (lead) services.background.add(lead);
    return result;
  });
}
