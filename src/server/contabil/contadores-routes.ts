import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { forbidden } from '../http/errors.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import { aceitarConvite, clientesDoContador, convidar, isContadorExterno, listarContadores, revogar, trocarConta, verConvite } from './contadores.ts';
import { painelDoContador } from './painel.ts';
import { definirAutXml } from './autxml.ts';
import { appUrl, exigir, TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const BOOL = { type: 'boolean' } as const;
const CONTADOR = objectOf({ id: INT, email: S, nome: TEXT_OR_NULL, crc: S, cpfCnpj: S, cpf: TEXT_OR_NULL, situacao: { type: 'string', enum: ['convidado', 'ativo', 'revogado'] }, expiraEm: TEXT_OR_NULL, aceitoEm: TEXT_OR_NULL, revogadoEm: TEXT_OR_NULL, createdAt: S, autXml: BOOL });
const ACESSO = objectOf({ id: INT, contadorId: INT, email: S, contador: S, evento: S, detalhe: TEXT_OR_NULL, createdAt: S });
const CONVITE_INVALIDO = answer('Convite inexistente ou inválido');
const CONVITE_USADO = answer('Convite já usado, revogado ou expirado');
const FEITO = (d: string, props: Record<string, unknown>) => exactAnswer(d, objectOf(props, Object.keys(props)));

/** /api/contabil (issue 37): the shop's accountants (invite, revoke, access log), the invitation link, the accountant's clients and panel. */
export default async function contadoresRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, mailer } = services;

  app.get('/api/contabil/contadores', { schema: { tags: TAGS, summary: 'Os contadores da conta (convidados, ativos, revogados) e o registro dos seus acessos (os 200 mais recentes)', response: { 200: answer('Contadores e acessos', objectOf({ contadores: arrayOf(CONTADOR), acessos: arrayOf(ACESSO) })) } } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'view');
    if (isContadorExterno(ctx)) throw forbidden('O contador vê as lojas clientes no seu painel.');
    return listarContadores(db, ctx);
  });
  app.post('/api/contabil/contadores', {
    schema: {
      tags: TAGS,
      summary: 'Convida um contador: grava o convite e, depois do commit, manda o link por e-mail',
      body: checkedByHandler(objectOf({ email: S, nome: S, crc: { type: 'string', description: 'UF-número (SP-123456/O-1)' }, cpfCnpj: S, cpf: { type: 'string', description: 'o CPF do contador (SPED 0100), se o documento acima for um CNPJ' } }, ['email', 'crc', 'cpfCnpj'])),
      response: { 200: answer('Convite gravado', objectOf({ id: INT, email: S, situacao: { type: 'string', enum: ['convidado'] } })) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'change');
    return convidar(db, mailer, await brands.forHost(req.headers.host), ctx, (req.body ?? {}) as Record<string, unknown>, appUrl(req));
  });
  app.post('/api/contabil/contadores/:id/revogar', { schema: { tags: TAGS, summary: 'Revoga o acesso de um contador (as sessões dele nesta conta terminam)', response: { 200: FEITO('Revogado', { revogado: BOOL }) } } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'change');
    await revogar(db, ctx, parseId((req.params as { id: string }).id));
    return { revogado: true };
  });
  app.post('/api/contabil/contadores/:id/autxml', {
    schema: {
      tags: TAGS,
      summary: 'Autoriza ou não o contador a obter os XML das NF-e (autXml: o CPF/CNPJ dele vai em cada nota emitida)',
      body: checkedByHandler(objectOf({ autXml: BOOL }, ['autXml'])),
      response: { 200: FEITO('Gravado', { id: INT, autXml: BOOL }) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'change');
    return definirAutXml(db, ctx, parseId((req.params as { id: string }).id), (req.body ?? {}) as Record<string, unknown>);
  });

  // The link of the invitation e-mail (public, like the recovery link): read, then accept.
  app.get('/api/contabil/convites/:token', { config: { public: true }, schema: { tags: TAGS, summary: 'Lê um convite pelo token do link (público): e-mail, nome, conta e se o contador já tem login', response: { 200: answer('Convite', objectOf({ email: S, nome: S, conta: S, possuiLogin: BOOL })), 404: CONVITE_INVALIDO, 410: CONVITE_USADO } } }, async (req) =>
    verConvite(db, (req.params as { token: string }).token),
  );
  app.post('/api/contabil/convites/:token/aceitar', {
    config: { public: true },
    schema: {
      tags: TAGS,
      summary: 'Aceita um convite (público, uma vez só): com a senha do login que o contador já tem, ou criando o login (nome, senha e confirmação)',
     
      body: checkedByHandler(objectOf({ senha: S, nome: S, confirmar: S }, ['senha'])),
      response: { 200: answer('Aceito', objectOf({ aceito: BOOL, email: S, conta: S, novoLogin: BOOL })), 404: CONVITE_INVALIDO, 410: CONVITE_USADO },
    },
  }, async (req) => aceitarConvite(db, (req.params as { token: string }).token, (req.body ?? {}) as Record<string, unknown>));

  // The accountant: his client accounts, the panel, and the switch between accounts.
  app.get('/api/contabil/clientes', { schema: { tags: TAGS, summary: 'As contas clientes do contador logado (a atual marcada)', response: { 200: answer('Contas', arrayOf(objectOf({ contaId: INT, userId: INT, contadorId: { type: ['integer', 'null'] }, nome: S, cpfCnpj: TEXT_OR_NULL, atual: BOOL }))) } } }, async (req) =>
    clientesDoContador(db, req.ctx!),
  );
  const quando = objectOf({ descricao: S, data: S });
  app.get('/api/contabil/painel', {
    schema: {
      tags: TAGS,
      summary: 'O painel do contador: por conta cliente, último fechamento, extrato por conciliar, último XML e SPED, validade do certificado, notas rejeitadas e em contingência',
      response: { 200: answer('Uma linha por conta', arrayOf(objectOf({ contaId: INT, nome: S, cpfCnpj: TEXT_OR_NULL, atual: BOOL, ultimoFechamento: TEXT_OR_NULL, extratoPendente: INT, ultimoXml: { ...quando, type: ['object', 'null'] }, ultimoSped: { ...quando, type: ['object', 'null'] }, certificadoValidade: TEXT_OR_NULL, notasRejeitadas: INT, notasContingencia: INT }))) },
    },
  }, async (req) => painelDoContador(db, req.ctx!));
  app.post('/api/contabil/trocarConta', {
    schema: {
      tags: TAGS,
      summary: 'O contador passa a trabalhar noutra conta cliente (a mesma sessão)',
      body: checkedByHandler(objectOf({ contaId: INT }, ['contaId'])),
      response: { 200: answer('Conta atual', objectOf({ contaId: INT, nome: S, filialId: { type: ['integer', 'null'] } })) },
    },
  }, async (req) => trocarConta(db, req.ctx!, (req.body as { contaId?: unknown } | undefined)?.contaId));
}
