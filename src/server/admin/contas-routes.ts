import type { FastifyInstance, FastifyRequest } from 'fastify';
import { estadoPlano } from '../../shared/assinatura.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { createSession } from '../auth/sessions.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import { descreverReferencias, referenciasA } from '../db/referencias.ts';

/** A support session inside a customer account lasts 4 hours. */
export const SUPORTE_TTL = 4 * 3600;

const staff = (req: FastifyRequest): RequestContext => {
  const ctx = req.ctx!;
  if (!ctx.isAvanco && !ctx.master) throw forbidden('Somente a administração da marca (master) pode acessar esta área.');
  return ctx;
};
const avanco = (req: FastifyRequest): RequestContext => {
  const ctx = req.ctx!;
  // SPEC 6: delete products and delete branch are isAvanco's.
  if (!ctx.isAvanco) throw forbidden('Somente a administração geral (isAvanco) pode excluir produtos ou filiais.');
  return ctx;
};

type Conta = { id: number; nome: string; brand_id: number };

const TAGS = ['Administração'];
const S = { type: 'string' } as const;
const DATA_HORA = { type: 'string', description: 'dd/MM/aaaa HH:mm (São Paulo)' } as const;
const TAREFA = answer('A tarefa enfileirada (acompanhe em /api/Admin/tarefas)', objectOf({ tarefaId: INT, status: { type: 'string', enum: ['PROCESSANDO'] } }));
const EM_USO = answer('Há documentos que usam os registros (details.referencias), ou a única filial da conta');
const CONFIRMACAO = { type: 'string', description: 'o texto que a tela pede para digitar' } as const;

/**
 * The brand's customer accounts for its staff (SPEC 2.5 'Acessar conta cliente', 2.8 delete actions): list,
 * open one for support (audited: who, when, which account), and the two delete actions of isAvanco, which
 * need the typed confirmation, run as a background task, and are refused while documents reference the rows.
 */
export default async function contasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  const contaDe = async (ctx: RequestContext, raw: unknown): Promise<Conta> => {
    const id = parseId(raw);
    const c = (await db.query<Conta>('SELECT id, nome, brand_id FROM tenants WHERE id = $1', [id])).rows[0];
    if (!c || (!ctx.isAvanco && c.brand_id !== ctx.brandId)) throw notFound('Conta não encontrada.');
    return c;
  };

  app.get('/api/Admin/contas', withQuery({ busca: TEXT }, [], { schema: { tags: TAGS, summary: 'As contas clientes da marca (até 200, pelo nome ou CPF/CNPJ) com as filiais ativas e o estado do plano (administração da marca)', response: { 200: answer('Contas', arrayOf(objectOf({ id: INT, nome: S, cpfCnpj: TEXT_OR_NULL, trial: { type: 'boolean' }, bloqueada: { type: 'boolean' }, dataVencimento: { type: ['string', 'null'], format: 'date' }, filiais: arrayOf(objectOf({ id: INT, nome: S, apelido: TEXT_OR_NULL, cpfCnpj: S })), estado: S }))) } } }), async (req) => {
    const ctx = staff(req);
    const busca = String((req.query as Record<string, unknown>).busca ?? '').trim();
    const r = await db.query<{ id: number; nome: string; cpfCnpj: string | null; trial: boolean; bloqueada: boolean; dataVencimento: string | null; filiais: { id: number; nome: string; apelido: string | null; cpfCnpj: string }[] }>(
      `SELECT t.id, t.nome, t.cpf_cnpj AS "cpfCnpj", t.trial, t.bloqueada, to_char(t.data_vencimento, 'YYYY-MM-DD') AS "dataVencimento",
              coalesce((SELECT jsonb_agg(jsonb_build_object('id', b.id, 'nome', b.nome, 'apelido', b.apelido, 'cpfCnpj', b.cpf_cnpj) ORDER BY b.id) FROM branches b WHERE b.tenant_id = t.id AND b.ativo), '[]') AS filiais
         FROM tenants t WHERE t.brand_id = $1 AND ($2 = '' OR f_unaccent(t.nome) ILIKE '%' || f_unaccent($2) || '%' OR t.cpf_cnpj LIKE '%' || $2 || '%')
        ORDER BY t.nome LIMIT 200`,
      [ctx.brandId, busca],
    );
    return r.rows.map((c) => ({ ...c, estado: estadoPlano(c) }));
  });

  /** Opens a customer account as its first administrator, for support; the access is written down first. */
  app.post('/api/Admin/acessar-conta', { schema: { tags: TAGS, summary: 'Entra numa conta cliente como o seu primeiro administrador, para suporte (sessão de 4 horas; o acesso fica registrado antes)', body: checkedByHandler(objectOf({ contaId: INT }, ['contaId'])), response: { 200: exactAnswer('A sessão de suporte', objectOf({ id: { type: 'string', description: 'o token da sessão' }, ttl: INT, userId: INT, conta: objectOf({ id: INT, nome: S }, ['id', 'nome']), usuario: S }, ['id', 'ttl', 'userId', 'conta', 'usuario'])), 404: answer('Conta não encontrada (ou de outra marca)'), 409: answer('A conta não tem um administrador ativo') } } }, async (req) => {
    const ctx = staff(req);
    const conta = await contaDe(ctx, (req.body as Record<string, unknown> | null)?.contaId);
    const alvo = (
      await db.query<{ id: number; filial_selecionada_id: number | null; nome: string }>(
        `SELECT id, filial_selecionada_id, nome FROM users WHERE tenant_id = $1 AND ativo AND perfil_admin ORDER BY id LIMIT 1`,
        [conta.id],
      )
    ).rows[0];
    if (!alvo) throw new HttpError(409, 'A conta não tem um administrador ativo para o acesso de suporte.');
    const branch = alvo.filial_selecionada_id ?? (await db.query<{ id: number }>('SELECT id FROM branches WHERE tenant_id = $1 AND ativo ORDER BY id LIMIT 1', [conta.id])).rows[0]?.id ?? null;
    // The access is written down before the session exists: no support session without its audit row.
    await db.query(`INSERT INTO acessos_suporte (brand_id, admin_tenant_id, admin_user_id, admin_email, conta_id, usuario_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
      conta.brand_id,
      ctx.tenantId,
      ctx.userId,
      ctx.email,
      conta.id,
      alvo.id,
    ]);
    const session = await createSession(db, conta.id, alvo.id, branch, SUPORTE_TTL);
    return { id: session.id, ttl: session.ttl, userId: alvo.id, conta: { id: conta.id, nome: conta.nome }, usuario: alvo.nome };
  });

  /** The audit of support accesses of the brand (who, when, which account). */
  app.get('/api/Admin/acessos-suporte', { schema: { tags: TAGS, summary: 'O registro dos acessos de suporte da marca (quem, quando, qual conta), os 200 mais recentes', response: { 200: exactAnswer('Acessos', arrayOf(objectOf({ id: INT, adminEmail: TEXT_OR_NULL, conta: S, contaId: INT, data: DATA_HORA }, ['id', 'adminEmail', 'conta', 'contaId', 'data']))) } } }, async (req) => {
    const ctx = staff(req);
    return (
      await db.query(
        `SELECT a.id, a.admin_email AS "adminEmail", t.nome AS conta, a.conta_id AS "contaId", to_char(a.created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') AS data
           FROM acessos_suporte a JOIN tenants t ON t.id = a.conta_id WHERE a.brand_id = $1 ORDER BY a.id DESC LIMIT 200`,
        [ctx.brandId],
      )
    ).rows;
  });

  const tarefa = async (ctx: RequestContext, conta: Conta, tipo: 'excluirProdutos' | 'excluirFilial', alvo: number | null, descricao: string, work: () => Promise<string>) => {
    const id = (
      await db.query<{ id: number }>(`INSERT INTO admin_tarefas (brand_id, tipo, conta_id, alvo_id, descricao, solicitado_por) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
        conta.brand_id,
        tipo,
        conta.id,
        alvo,
        descricao,
        ctx.email,
      ])
    ).rows[0].id;
    services.background.add(
      work().then(
        (mensagem) => db.query(`UPDATE admin_tarefas SET status = 'FINALIZADO', mensagem = $2, finished_at = now() WHERE id = $1`, [id, mensagem]),
        (e: unknown) => db.query(`UPDATE admin_tarefas SET status = 'ERRO', mensagem = $2, finished_at = now() WHERE id = $1`, [id, e instanceof Error ? e.message : String(e)]),
      ),
    );
    return { tarefaId: id, status: 'PROCESSANDO' };
  };

  const confirmar = (body: Record<string, unknown>, esperado: string) => {
    if (typeof body.confirmacao !== 'string' || body.confirmacao.trim() !== esperado) {
      throw badRequest(`Para confirmar, digite exatamente: ${esperado}`, [{ path: '/confirmacao', campo: 'confirmacao', mensagem: 'Confirmação não confere.' }]);
    }
  };

  /** Deletes every product (and service) of an account; refused while any document points at one. */
  app.post('/api/Admin/excluir-produtos', { schema: { tags: TAGS, summary: 'Exclui todos os produtos (e serviços) de uma conta numa tarefa em segundo plano; recusado enquanto um documento usar algum (administração geral)', body: checkedByHandler(objectOf({ contaId: INT, confirmacao: { ...CONFIRMACAO, description: 'EXCLUIR PRODUTOS <nome da conta>' } }, ['contaId', 'confirmacao'])), response: { 200: TAREFA, 404: answer('Conta não encontrada'), 409: EM_USO } } }, async (req) => {
    const ctx = avanco(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const conta = await contaDe(ctx, body.contaId);
    confirmar(body, `EXCLUIR PRODUTOS ${conta.nome}`);
    const refs = await referenciasA(db, 'produtos', conta.id);
    if (refs.length) throw new HttpError(409, `Não é possível excluir os produtos de ${conta.nome}: há documentos que os usam: ${descreverReferencias(refs)}.`, { referencias: refs });
    return tarefa(ctx, conta, 'excluirProdutos', null, `Excluir os produtos de ${conta.nome}`, () =>
      db.transaction(async (q) => {
        // Checked again inside the transaction: a document may have arrived meanwhile.
        const again = await referenciasA(q, 'produtos', conta.id);
        if (again.length) throw new Error(`Há documentos que usam os produtos: ${descreverReferencias(again)}.`);
        const n = (await q.query('DELETE FROM produtos WHERE tenant_id = $1', [conta.id])).rowCount;
        return `${n} produto(s) excluído(s).`;
      }),
    );
  });

  /** Deletes one branch of an account (never its last one); refused while any document points at it. */
  app.post('/api/Admin/excluir-filial', { schema: { tags: TAGS, summary: 'Exclui uma filial de uma conta (nunca a única) numa tarefa em segundo plano; recusado enquanto um documento a usar (administração geral)', body: checkedByHandler(objectOf({ contaId: INT, filialId: INT, confirmacao: { ...CONFIRMACAO, description: 'o CNPJ da filial' } }, ['contaId', 'filialId', 'confirmacao'])), response: { 200: TAREFA, 404: answer('Conta ou filial não encontrada'), 409: EM_USO } } }, async (req) => {
    const ctx = avanco(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const conta = await contaDe(ctx, body.contaId);
    const filialId = parseId(body.filialId);
    const filial = (await db.query<{ id: number; nome: string; apelido: string | null; cpf_cnpj: string }>('SELECT id, nome, apelido, cpf_cnpj FROM branches WHERE tenant_id = $1 AND id = $2', [conta.id, filialId])).rows[0];
    if (!filial) throw notFound('Filial não encontrada.');
    confirmar(body, filial.cpf_cnpj);
    const outras = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM branches WHERE tenant_id = $1 AND id <> $2', [conta.id, filialId])).rows[0].n;
    if (!outras) throw new HttpError(409, 'A única filial da conta não pode ser excluída.');
    const ignorar = ['users.filial_selecionada_id'];
    const refs = await referenciasA(db, 'branches', conta.id, filialId, ignorar);
    if (refs.length) throw new HttpError(409, `Não é possível excluir a filial ${filial.apelido ?? filial.nome}: há documentos que a usam: ${descreverReferencias(refs)}.`, { referencias: refs });
    return tarefa(ctx, conta, 'excluirFilial', filialId, `Excluir a filial ${filial.apelido ?? filial.nome} de ${conta.nome}`, () =>
      db.transaction(async (q) => {
        const again = await referenciasA(q, 'branches', conta.id, filialId, ignorar);
        if (again.length) throw new Error(`Há documentos que usam a filial: ${descreverReferencias(again)}.`);
        const outra = (await q.query<{ id: number }>('SELECT id FROM branches WHERE tenant_id = $1 AND id <> $2 ORDER BY id LIMIT 1', [conta.id, filialId])).rows[0].id;
        await q.query('UPDATE users SET filial_selecionada_id = $3 WHERE tenant_id = $1 AND filial_selecionada_id = $2', [conta.id, filialId, outra]);
        await q.query('UPDATE sessions SET branch_id = $3 WHERE tenant_id = $1 AND branch_id = $2', [conta.id, filialId, outra]);
        await q.query('DELETE FROM branches WHERE tenant_id = $1 AND id = $2', [conta.id, filialId]);
        return `Filial ${filial.apelido ?? filial.nome} excluída.`;
      }),
    );
  });

  app.get('/api/Admin/tarefas', { schema: { tags: TAGS, summary: 'As tarefas de exclusão (as 100 mais recentes) com a situação e a mensagem final (administração geral)', response: { 200: answer('Tarefas', arrayOf(objectOf({ id: INT, tipo: { type: 'string', enum: ['excluirProdutos', 'excluirFilial'] }, descricao: S, status: { type: 'string', enum: ['PROCESSANDO', 'FINALIZADO', 'ERRO'] }, mensagem: TEXT_OR_NULL, solicitadoPor: TEXT_OR_NULL, data: DATA_HORA }))) } } }, async (req) => {
    const ctx = avanco(req);
    return (
      await db.query(
        `SELECT a.id, a.tipo, a.descricao, a.status, a.mensagem, a.solicitado_por AS "solicitadoPor", to_char(a.created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') AS data
           FROM admin_tarefas a WHERE ($1 OR a.brand_id = $2) ORDER BY a.id DESC LIMIT 100`,
        [ctx.isAvanco, ctx.brandId],
      )
    ).rows;
  });
}
