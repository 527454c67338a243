import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { resolveSession } from '../auth/sessions.ts';
import { cadastrar, crmAfterSignUp, type CadastroBody } from './cadastro.ts';
import { query } from '../http/input-schemas.ts';
import { answer, checkedByHandler, exactAnswer, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;

/** Sign-up of a free-trial account (SPEC 5.4, 7.1 Usuarios/cadastro). */
export default async function cadastroRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;
  app.post('/api/Usuarios/cadastro', { schema: { tags: TAGS, summary: 'Cadastro de uma conta em teste grátis na marca do endereço (público): a conta, a primeira filial e o usuário administrador numa transação', querystring: query({ access_token: { type: 'string', description: 'a sessão de quem cadastra por outro (a administração da marca)' } }), body: checkedByHandler(objectOf({ nome: S, email: S, emailconfirmar: S, senha: S, telefone: S, empresa: S, cpfCnpj: S, regime: { type: ['integer', 'string', 'null'] }, confirmaSenha: S, termosUso: { type: 'boolean' }, uf: S, indicante: S, campo1: S, campo2: S, campo3: S, campo4: S, idWhitelabel: INT, idConfigWhitelabel: S, naoCadastrarCobranca: { type: 'boolean' } }, ['nome', 'email', 'senha'])), response: { 200: exactAnswer('A conta criada', objectOf({ id: INT, userId: INT, contaId: INT, filialId: INT, indicante: TEXT_OR_NULL }, ['id', 'userId', 'contaId', 'filialId', 'indicante'])), 403: answer('O cadastro não está disponível para esta marca'), 409: answer('E-mail já cadastrado nesta marca') } }, config: { public: true } }, async (req) => {
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
