import type { FastifyRequest } from 'fastify';
import type { LevelName } from '../../shared/permissions.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { answer, arrayOf, INT, MONEY, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { beneficiarioDaFilial, lerConfiguracao, type ConfiguracaoBoleto } from './configuracao.ts';

/** What the boletos route files share: the permission check, the branch's boleto configuration, the body readers and the answers' shapes. */
export const TAGS = ['Boletos'];

export const SEM_CONFIGURACAO = 'A filial selecionada não tem configuração de boleto ativa. Cadastre-a em Configurações > Pagamento > Gateway de boleto.';

export async function contexto(q: Queryable, ctx: RequestContext, paraAtualizar = false): Promise<{ cfg: ConfiguracaoBoleto; beneficiario: { nome: string; documento: string } }> {
  const cfg = await lerConfiguracao(q, ctx, paraAtualizar);
  const beneficiario = await beneficiarioDaFilial(q, ctx);
  if (!cfg || !beneficiario) throw badRequest(SEM_CONFIGURACAO);
  return { cfg, beneficiario };
}

export const idDe = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0 || n >= 2 ** 31) throw badRequest('Boleto: informe um número de boleto válido.', [{ campo: 'id', path: '/id', mensagem: 'Campo inválido!' }]);
  return n;
};
export const objeto = (body: unknown): Record<string, any> => {
  if (body == null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  return body as Record<string, any>;
};
export const textoRetorno = (body: unknown): { conteudo: string; nome: string | null; contaId: number | null } => {
  const b = typeof body === 'string' ? { conteudo: body } : objeto(body);
  let conteudo = b.conteudo;
  if (typeof b.base64 === 'string') conteudo = Buffer.from(b.base64, 'base64').toString('latin1');
  if (typeof conteudo !== 'string' || !conteudo.trim()) throw badRequest('Envie o arquivo de retorno do banco.', [{ campo: 'conteudo', path: '/conteudo', mensagem: 'Campo Obrigatório!' }]);
  if (b.contaId != null && (!Number.isInteger(b.contaId) || b.contaId <= 0)) throw badRequest('Conta: escolha a conta financeira.', [{ campo: 'contaId', path: '/contaId', mensagem: 'Campo inválido!' }]);
  return { conteudo, nome: typeof b.nome === 'string' ? b.nome.slice(0, 200) : null, contaId: b.contaId ?? null };
};

/** The session allowed to consult (view) or issue (change) boletos. */
export const exigir = (req: FastifyRequest, nivel: LevelName): RequestContext => {
  const ctx = req.ctx;
  if (!ctx || !serverAllows(ctx, 'app.boleto', nivel)) throw forbidden(`Você não tem permissão para ${nivel === 'view' ? 'consultar' : 'emitir'} boletos.`);
  return ctx;
};

const S = { type: 'string' } as const;
const DATA_OU_NULL = { type: ['string', 'null'], format: 'date' } as const;
/** A boleto as the grid reads it (status 'vencido' derived: an open boleto past its due date). */
export const BOLETO = objectOf({
  id: INT, numero: INT, nossoNumero: TEXT_OR_NULL, numeroDocumento: TEXT_OR_NULL, parcela: TEXT_OR_NULL, valor: MONEY, vencimento: { type: 'string', format: 'date' }, emissao: { type: 'string', format: 'date' },
  pagadorNome: S, pagadorDocumento: S, banco: S, estado: { type: 'string', enum: ['pendente', 'registrado', 'pago', 'cancelado', 'rejeitado', 'baixado'] }, status: { type: 'string', enum: ['pendente', 'registrado', 'pago', 'cancelado', 'vencido', 'rejeitado', 'baixado'] },
  remessaPendente: TEXT_OR_NULL, valorPago: TEXT_OR_NULL, dataPagamento: DATA_OU_NULL, tarifa: TEXT_OR_NULL, motivo: TEXT_OR_NULL, desconto: TEXT_OR_NULL, dataDesconto: DATA_OU_NULL, parcelaId: INT, lancamentoId: INT,
});
export const EMITIDOS = objectOf({ boletos: arrayOf(BOLETO), mensagem: S });
export const BOLETOS_EMITIDOS = answer('Boletos emitidos', EMITIDOS);
export const SEM_CONFIGURACAO_400 = answer('Dados inválidos, ou a filial sem configuração de boleto ativa (mensagem em português)');
