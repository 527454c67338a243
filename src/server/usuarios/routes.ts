import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import cadastroRoutes from './cadastro-routes.ts';
import filiaisRoutes from './filiais-routes.ts';
import senhaRoutes from './senha-routes.ts';
import sessaoRoutes from './sessao-routes.ts';
import usuariosCrudRoutes from './usuarios-crud-routes.ts';

export { LOGIN_FAILED, TOO_MANY_ATTEMPTS, publicUser } from './sessao-routes.ts';

/** /api/Usuarios, one file per concern: sign-in and session, sign-up, passwords, branches, the user records. */
export default async function usuariosRoutes(app: FastifyInstance, opts: { services: AppServices }) {
  await app.register(sessaoRoutes, opts);
  await app.register(cadastroRoutes, opts);
  await app.register(senhaRoutes, opts);
  await app.register(filiaisRoutes, opts);
  await app.register(usuariosCrudRoutes, opts);
}
