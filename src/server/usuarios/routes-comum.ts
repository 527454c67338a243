import { arrayOf, INT, INT_OR_NULL, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';

/** What the /api/Usuarios route files share: the tag and the answers' shapes. */
export const TAGS = ['Usuários'];
const S = { type: 'string' } as const;
const BOOL = { type: 'boolean' } as const;

/**
 * A user of the account as /api/Usuarios answers it: every column it carries, so Fastify serialises the answer
 * with it (exactAnswer) and nothing else of the row (the password hash, the accountant's login link) can leave.
 */
export const USUARIO = objectOf(
  { id: INT, nome: S, email: S, telefone: TEXT_OR_NULL, avatar: TEXT_OR_NULL, ativo: BOOL, perfilId: INT_OR_NULL, isContador: BOOL, perfilAdmin: BOOL, filialSelecionadaId: INT_OR_NULL, createdAt: S, filiais: arrayOf(INT) },
  ['id', 'nome', 'email', 'telefone', 'avatar', 'ativo', 'perfilId', 'isContador', 'perfilAdmin', 'filialSelecionadaId', 'createdAt', 'filiais'],
);

/** The selected branch as the shell reads it (with the account's contract and the branch's integrations). */
export const FILIAL_SELECIONADA = objectOf({ id: INT, apelido: TEXT_OR_NULL, nome: S, cpfCnpj: TEXT_OR_NULL, contratoId: INT_OR_NULL, trial: BOOL, bloqueada: BOOL, dataVencimento: TEXT_OR_NULL, ramoAtividade: { type: ['integer', 'string', 'null'] }, regimeTributario: INT_OR_NULL, uf: TEXT_OR_NULL, codigoMunicipio: TEXT_OR_NULL, fusoHorario: TEXT_OR_NULL, quantidadeDepositos: INT, integracoes: { type: 'array' }, integracaoSerasa: { type: ['object', 'null'] } });
