import { randomBytes } from 'node:crypto';
import { SENHA_MIN } from '../../shared/cadastro.ts';
import type { Contador } from '../../shared/contabil.ts';
import { isCpf, isCpfCnpj, onlyDigits } from '../../shared/cpf-cnpj.ts';
import type { RequestContext } from '../auth/context.ts';
import { hashPassword, verifyUserPassword } from '../auth/passwords.ts';
import { forgetSessions, hashToken } from '../auth/sessions.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import type { Db, Queryable } from '../db/db.ts';
import { AGORA, maquina, transitar } from '../documents/estados.ts';
import type { Mailer } from '../email/mailer.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';

/** An invitation lives seven days and works once (the recovery link of SPEC 2.3 lives one hour: an accountant answers slower). */
export const CONVITE_TTL_SECONDS = 7 * 24 * 3600;

export const MSG = {
  emailInvalido: 'Informe um e-mail válido.',
  crcObrigatorio: 'Informe o CRC do contador (ex.: SP-123456/O-5).',
  crcInvalido: 'CRC inválido: use a UF, o número e a categoria, como SP-123456/O-5.',
  documentoInvalido: 'CPF/CNPJ do escritório contábil inválido.',
  emailDeUsuario: 'Este e-mail já é de um usuário desta conta. Convide o contador por um e-mail que não seja de um usuário da conta.',
  jaTemAcesso: 'Este contador já tem acesso a esta conta.',
  emailDeOutroUsuario: 'Este e-mail já é usado por um usuário que não é contador. Peça ao contador outro e-mail para o convite.',
  cpfInvalido: 'CPF do contador inválido.',
  conviteInvalido: 'Convite não encontrado. Verifique o link recebido por e-mail.',
  conviteUsado: 'Este convite já foi utilizado, expirou ou foi cancelado. Peça à loja um novo convite.',
  senhaIncorreta: 'Senha incorreta. Informe a senha com que você já entra no sistema.',
  senhaCurta: `Mínimo ${SENHA_MIN} caracteres!`,
  senhasDiferentes: 'Os valores não conferem!',
  nomeObrigatorio: 'Informe o seu nome.',
  somenteLoja: 'Somente a loja pode convidar ou revogar o acesso de contadores.',
  somenteContador: 'Somente o contador pode trocar de conta.',
  contaNaoEncontrada: 'Conta não encontrada entre os clientes deste contador.',
  contadorNaoEncontrado: 'Contador não encontrado.',
  jaRevogado: 'O acesso deste contador já foi revogado.',
  semAcesso: 'O acesso deste contador foi revogado por todas as contas que o convidaram.',
} as const;

/** The CRC as the councils print it: UF, number, and optionally the category (O originário, S secundário, T transferido, P provisório). */
const CRC_RE = /^[A-Z]{2}-?\d{3,7}(\/[OSTP](-\d)?)?$/;

const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 120;

const COLS = `id, email, nome, crc, cpf_cnpj AS "cpfCnpj", coalesce(cpf_contador, CASE WHEN length(cpf_cnpj) = 11 THEN cpf_cnpj END) AS cpf, situacao, expira_em AS "expiraEm", aceito_em AS "aceitoEm", revogado_em AS "revogadoEm", created_at AS "createdAt", aut_xml AS "autXml"`;

/** The accountant, an outside party: neither the administrator profile nor white-label support. */
export const isContadorExterno = (ctx: RequestContext) => ctx.isContador && !ctx.perfilAdmin && !ctx.suporteWhiteLabel;

function exigirLoja(ctx: RequestContext) {
  if (isContadorExterno(ctx)) throw forbidden(MSG.somenteLoja);
}

export async function registrarAcesso(q: Queryable, tenantId: number, contadorId: number, evento: string, detalhe?: string) {
  await q.query('INSERT INTO contabil_acessos (tenant_id, contador_id, evento, detalhe) VALUES ($1, $2, $3, $4)', [tenantId, contadorId, evento, detalhe ?? null]);
}

export async function listarContadores(db: Db, ctx: RequestContext) {
  return db.tenant(ctx, async (q) => {
    const contadores = (await q.query<Contador>(`SELECT ${COLS} FROM contabil_contadores WHERE tenant_id = $1 ORDER BY (situacao = 'revogado'), created_at DESC`, [ctx.tenantId])).rows;
    const acessos = (
      await q.query(
        `SELECT a.id, a.contador_id AS "contadorId", c.email, coalesce(c.nome, c.email) AS contador, a.evento, a.detalhe, a.created_at AS "createdAt"
           FROM contabil_acessos a JOIN contabil_contadores c ON c.tenant_id = a.tenant_id AND c.id = a.contador_id
          WHERE a.tenant_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT 200`,
        [ctx.tenantId],
      )
    ).rows;
    return { contadores, acessos };
  });
}

/** The shop invites its accountant: validated first, nothing written on bad input; the e-mail leaves after the commit. */
export async function convidar(db: Db, mailer: Mailer, brand: BrandRow, ctx: RequestContext, body: Record<string, unknown>, appUrl: string) {
  exigirLoja(ctx);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const nome = typeof body.nome === 'string' && body.nome.trim() ? body.nome.trim().slice(0, 120) : null;
  const crc = typeof body.crc === 'string' ? body.crc.trim().toUpperCase() : '';
  const doc = typeof body.cpfCnpj === 'string' ? onlyDigits(body.cpfCnpj) : '';
  const erros = [];
  if (!isEmail(email)) erros.push({ path: '/email', campo: 'email', mensagem: MSG.emailInvalido });
  if (!crc) erros.push({ path: '/crc', campo: 'crc', mensagem: MSG.crcObrigatorio });
  else if (!CRC_RE.test(crc)) erros.push({ path: '/crc', campo: 'crc', mensagem: MSG.crcInvalido });
  if (!isCpfCnpj(doc)) erros.push({ path: '/cpfCnpj', campo: 'cpfCnpj', mensagem: MSG.documentoInvalido });
  // The accountant's own CPF (SPED 0100): optional; when the document above is a CPF, it is that one.
  const cpfDigitado = typeof body.cpf === 'string' ? onlyDigits(body.cpf) : '';
  if (cpfDigitado && !isCpf(cpfDigitado)) erros.push({ path: '/cpf', campo: 'cpf', mensagem: MSG.cpfInvalido });
  const cpf = cpfDigitado || (doc.length === 11 ? doc : null);
  if (erros.length) throw badRequest(erros[0].mensagem, erros);

  const token = randomBytes(32).toString('base64url');
  const conta = await db.tenant(ctx, async (q) => {
    const staff = await q.query('SELECT 1 FROM users WHERE tenant_id = $1 AND lower(email) = $2 AND NOT is_contador', [ctx.tenantId, email]);
    if (staff.rows.length) throw badRequest(MSG.emailDeUsuario, [{ path: '/email', campo: 'email', mensagem: MSG.emailDeUsuario }]);
    const atual = (await q.query<{ id: number; situacao: string }>(`SELECT id, situacao FROM contabil_contadores WHERE tenant_id = $1 AND lower(email) = $2 AND situacao <> 'revogado' FOR UPDATE`, [ctx.tenantId, email])).rows[0];
    if (atual?.situacao === 'ativo') throw badRequest(MSG.jaTemAcesso, [{ path: '/email', campo: 'email', mensagem: MSG.jaTemAcesso }]);
    let id: number;
    if (atual) {
      // A pending invitation is sent again with a new link; the old link stops working.
      await q.query(
        `UPDATE contabil_contadores SET nome = $3, crc = $4, cpf_cnpj = $5, token_hash = $6, expira_em = now() + make_interval(secs => $7), convidado_por = $8, cpf_contador = $9, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
        [ctx.tenantId, atual.id, nome, crc, doc, hashToken(token), CONVITE_TTL_SECONDS, ctx.userId, cpf],
      );
      id = atual.id;
    } else {
      id = (
        await q.query<{ id: number }>(
          `INSERT INTO contabil_contadores (tenant_id, email, nome, crc, cpf_cnpj, token_hash, expira_em, convidado_por, cpf_contador)
           VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7), $8, $9) RETURNING id`,
          [ctx.tenantId, email, nome, crc, doc, hashToken(token), CONVITE_TTL_SECONDS, ctx.userId, cpf],
        )
      ).rows[0].id;
    }
    await registrarAcesso(q, ctx.tenantId, id, 'convite', `Convite enviado para ${email} por ${ctx.nome}`);
    const t = (await q.query<{ nome: string }>('SELECT nome FROM tenants WHERE id = $1', [ctx.tenantId])).rows[0];
    return { id, nomeConta: t?.nome ?? '' };
  });
  const link = `${appUrl.replace(/\/+$/, '')}/#/auth/convite-contador/${token}`;
  const title = brand.config?.title ?? brand.nome;
  await mailer.send({
    to: email,
    subject: `${title}: ${conta.nomeConta} convida você como contador`,
    text: `Olá${nome ? `, ${nome}` : ''}.\n\n${conta.nomeConta} convidou você para acessar a conta no ${title} como contador (CRC ${crc}).\nPara aceitar, abra o link abaixo (válido por 7 dias e por um único uso):\n\n${link}\n\nSe você já entra no ${title} como contador, use a mesma senha: todas as lojas clientes ficam no mesmo login.\n`,
    html: `<p>Olá${nome ? `, ${escapeHtml(nome)}` : ''}.</p><p>${escapeHtml(conta.nomeConta)} convidou você para acessar a conta no ${escapeHtml(title)} como contador (CRC ${escapeHtml(crc)}).</p><p><a href="${link}">Aceitar o convite</a> (válido por 7 dias e por um único uso).</p>`,
  });
  return { id: conta.id, email, situacao: 'convidado' as const };
}

interface ConviteRow {
  tenant_id: number;
  id: number;
  email: string;
  nome: string | null;
  situacao: string;
  expirado: boolean;
  conta: string;
  brand_id: number;
}

async function lerConvite(q: Queryable, token: unknown, lock = false): Promise<ConviteRow> {
  if (typeof token !== 'string' || !token || token.length > 200) throw notFound(MSG.conviteInvalido);
  const r = await q.query<ConviteRow>(
    `SELECT c.tenant_id, c.id, c.email, c.nome, c.situacao, c.expira_em <= now() AS expirado, t.nome AS conta, t.brand_id
       FROM contabil_contadores c JOIN tenants t ON t.id = c.tenant_id WHERE c.token_hash = $1 ${lock ? 'FOR UPDATE OF c' : ''}`,
    [hashToken(token)],
  );
  const row = r.rows[0];
  if (!row) throw notFound(MSG.conviteInvalido);
  if (row.situacao !== 'convidado' || row.expirado) throw new HttpError(410, MSG.conviteUsado);
  return row;
}

interface LoginRow {
  tenant_id: number;
  id: number;
  nome: string;
  senha_hash: string;
  is_contador: boolean;
  ativo: boolean;
}

const loginDe = async (q: Queryable, brandId: number, email: string) =>
  (await q.query<LoginRow>('SELECT tenant_id, id, nome, senha_hash, is_contador, ativo FROM users WHERE brand_id = $1 AND lower(email) = lower($2) AND contador_login_user_id IS NULL', [brandId, email])).rows[0];

/** GET of an invitation by its link: what the acceptance screen shows (the account, the e-mail, whether a login exists). */
export async function verConvite(db: Db, token: unknown) {
  const c = await lerConvite(db, token);
  const login = await loginDe(db, c.brand_id, c.email);
  if (login && !login.is_contador) throw badRequest(MSG.emailDeOutroUsuario);
  return { email: c.email, nome: login?.nome ?? c.nome ?? '', conta: c.conta, possuiLogin: !!login };
}

/**
 * Acceptance: reuses the accountant's login (his password proves it is him) or creates it in the inviting account;
 * in any other account a vínculo user row points at the login. Single use: the row leaves 'convidado' in the same
 * transaction, so a second use of the link is a 410.
 */
export async function aceitarConvite(db: Db, token: unknown, body: Record<string, unknown>) {
  const senha = typeof body.senha === 'string' ? body.senha : '';
  const nomeInformado = typeof body.nome === 'string' ? body.nome.trim().slice(0, 120) : '';
  const previo = await lerConvite(db, token);
  const loginPrevio = await loginDe(db, previo.brand_id, previo.email);
  if (loginPrevio && !loginPrevio.is_contador) throw badRequest(MSG.emailDeOutroUsuario);
  if (loginPrevio) {
    if (!loginPrevio.ativo || !(await verifyUserPassword(senha, loginPrevio.senha_hash))) throw badRequest(MSG.senhaIncorreta, [{ path: '/senha', campo: 'senha', mensagem: MSG.senhaIncorreta }]);
  } else {
    if (!nomeInformado && !previo.nome) throw badRequest(MSG.nomeObrigatorio, [{ path: '/nome', campo: 'nome', mensagem: MSG.nomeObrigatorio }]);
    if (senha.length < SENHA_MIN) throw badRequest(MSG.senhaCurta, [{ path: '/senha', campo: 'senha', mensagem: MSG.senhaCurta }]);
    if (body.confirmar !== senha) throw badRequest(MSG.senhasDiferentes, [{ path: '/confirmar', campo: 'confirmar', mensagem: MSG.senhasDiferentes }]);
  }
  const hash = loginPrevio ? null : await hashPassword(senha);
  return db.transaction(async (q) => {
    const c = await lerConvite(q, token, true);
    let login = await loginDe(q, c.brand_id, c.email);
    const nome = login?.nome ?? (nomeInformado || c.nome || c.email);
    if (!login) {
      const id = (
        await q.query<{ id: number }>(
          `INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash, is_contador) VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
          [c.tenant_id, c.brand_id, c.email, nome, hash],
        )
      ).rows[0].id;
      login = { tenant_id: c.tenant_id, id, nome, senha_hash: hash!, is_contador: true, ativo: true };
    }
    let userId: number;
    if (login.tenant_id === c.tenant_id) userId = login.id;
    else {
      const vinculo = (await q.query<{ id: number }>('SELECT id FROM users WHERE tenant_id = $1 AND contador_login_tenant_id = $2 AND contador_login_user_id = $3', [c.tenant_id, login.tenant_id, login.id])).rows[0];
      if (vinculo) {
        userId = vinculo.id;
        await q.query('UPDATE users SET ativo = true, nome = $3 WHERE tenant_id = $1 AND id = $2', [c.tenant_id, userId, nome]);
      } else {
        // No usable password ('!' is no bcrypt hash): this row is entered only by switching from the login.
        userId = (
          await q.query<{ id: number }>(
            `INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash, is_contador, contador_login_tenant_id, contador_login_user_id) VALUES ($1, $2, $3, $4, '!', true, $5, $6) RETURNING id`,
            [c.tenant_id, c.brand_id, c.email, nome, login.tenant_id, login.id],
          )
        ).rows[0].id;
      }
    }
    // convidado → ativo (schemas/lifecycles/contabilContador.json), the login written with the state.
    await transitar(q, { tenantId: c.tenant_id, userId }, maquina('contabilContador'), c.id, 'aceitar', undefined, {
      colunas: { aceito_em: AGORA, user_id: userId, login_tenant_id: login.tenant_id, login_user_id: login.id, nome: c.nome ?? nome },
    });
    await registrarAcesso(q, c.tenant_id, c.id, 'aceite', `${nome} aceitou o convite`);
    return { aceito: true, email: c.email, conta: c.conta, novoLogin: !loginPrevio };
  });
}

/** The shop ends the accountant's access: the vínculo row is disabled and his open sessions in this account end. */
export async function revogar(db: Db, ctx: RequestContext, id: number) {
  exigirLoja(ctx);
  await db.tenant(ctx, async (q) => {
    // 'Contador não encontrado.' / 'O acesso deste contador já foi revogado.': the machine's (contabilContador.json).
    const { registro: c } = await transitar(q, ctx, maquina('contabilContador'), id, 'revogar', undefined, { colunas: { revogado_em: AGORA } });
    // A vínculo row is switched off; the login itself (when it lives in this account) stays, barred here by resolveSession.
    if (c.user_id && c.login_tenant_id !== ctx.tenantId) await q.query('UPDATE users SET ativo = false WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, c.user_id]);
    await registrarAcesso(q, ctx.tenantId, id, 'revogacao', `Acesso revogado por ${ctx.nome}`);
  });
  const c = (await db.query<{ user_id: number | null }>('SELECT user_id FROM contabil_contadores WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id])).rows[0];
  if (c?.user_id) await db.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2', [ctx.tenantId, c.user_id]);
  forgetSessions();
}

/** The login (tenant, user) behind a session's user: itself, or the login a vínculo row points at. */
async function loginDaSessao(db: Queryable, tenantId: number, userId: number) {
  const u = (await db.query<{ lt: number | null; lu: number | null }>('SELECT contador_login_tenant_id AS lt, contador_login_user_id AS lu FROM users WHERE tenant_id = $1 AND id = $2', [tenantId, userId])).rows[0];
  return u?.lu ? { tenantId: u.lt!, userId: u.lu } : { tenantId, userId };
}

export interface ContaCliente {
  contaId: number;
  userId: number;
  contadorId: number | null;
  nome: string;
  cpfCnpj: string | null;
}

/**
 * The client accounts of an accountant's login: every account whose invitation he accepted and that did not revoke
 * it, plus the login's own account when he is an accountant there without an invitation (a user made by the shop).
 */
export async function contasDoContador(db: Queryable, login: { tenantId: number; userId: number }): Promise<ContaCliente[]> {
  const r = await db.query<ContaCliente>(
    `SELECT c.tenant_id AS "contaId", c.user_id AS "userId", c.id AS "contadorId", t.nome, t.cpf_cnpj AS "cpfCnpj"
       FROM contabil_contadores c JOIN tenants t ON t.id = c.tenant_id
       JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id AND u.ativo
      WHERE c.login_tenant_id = $1 AND c.login_user_id = $2 AND c.situacao = 'ativo'
     UNION ALL
     SELECT t.id, u.id, NULL, t.nome, t.cpf_cnpj FROM users u JOIN tenants t ON t.id = u.tenant_id
      WHERE u.tenant_id = $1 AND u.id = $2 AND u.ativo AND u.is_contador
        AND NOT EXISTS (SELECT 1 FROM contabil_contadores c WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id)
     ORDER BY 4`,
    [login.tenantId, login.userId],
  );
  return r.rows;
}

/** GET of the accountant's clients (the switcher). */
export async function clientesDoContador(db: Db, ctx: RequestContext) {
  if (!ctx.isContador) throw forbidden(MSG.somenteContador);
  const login = await loginDaSessao(db, ctx.tenantId, ctx.userId);
  return (await contasDoContador(db, login)).map((c) => ({ ...c, atual: c.contaId === ctx.tenantId }));
}

/** The branch a session in an account starts on: the user's selected one, else the account's first active branch. */
async function filialInicial(q: Queryable, tenantId: number, userId: number): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `SELECT b.id FROM branches b LEFT JOIN users u ON u.tenant_id = b.tenant_id AND u.id = $2
      WHERE b.tenant_id = $1 AND b.ativo ORDER BY (b.id = u.filial_selecionada_id) DESC NULLS LAST, b.id LIMIT 1`,
    [tenantId, userId],
  );
  return r.rows[0]?.id ?? null;
}

/**
 * The branch switch of SPEC 2.7 extended to accounts: the session moves to the accountant's user row in the chosen
 * client account (RLS then sees only that account), on one of its branches; logged for the shop.
 */
export async function trocarConta(db: Db, ctx: RequestContext, contaIdRaw: unknown) {
  if (!ctx.isContador) throw forbidden(MSG.somenteContador);
  const contaId = Number(contaIdRaw);
  if (!Number.isSafeInteger(contaId) || contaId <= 0) throw badRequest(MSG.contaNaoEncontrada);
  const login = await loginDaSessao(db, ctx.tenantId, ctx.userId);
  const alvo = (await contasDoContador(db, login)).find((c) => c.contaId === contaId);
  if (!alvo) throw notFound(MSG.contaNaoEncontrada);
  const branchId = await db.transaction(async (q) => {
    // The accountant works on every branch of a client: the branch switch inside the account lists them all.
    await q.query(
      `INSERT INTO user_branches (tenant_id, user_id, branch_id) SELECT tenant_id, $2, id FROM branches WHERE tenant_id = $1 AND ativo ON CONFLICT DO NOTHING`,
      [contaId, alvo.userId],
    );
    const b = await filialInicial(q, contaId, alvo.userId);
    await q.query('UPDATE sessions SET tenant_id = $2, user_id = $3, branch_id = $4 WHERE token_hash = $1', [hashToken(ctx.token), contaId, alvo.userId, b]);
    if (alvo.contadorId) await registrarAcesso(q, contaId, alvo.contadorId, 'acesso', `${ctx.nome} entrou na conta`);
    return b;
  });
  forgetSessions();
  return { contaId, nome: alvo.nome, filialId: branchId };
}

/**
 * At sign-in: where an accountant's session starts. His own account unless it revoked him; then the first client
 * that still grants access; none left is a refusal. Each landing in a client account is logged for the shop.
 */
export async function destinoDoLogin(db: Db, tenantId: number, userId: number, branchId: number | null): Promise<{ tenantId: number; userId: number; branchId: number | null }> {
  const contas = await contasDoContador(db, { tenantId, userId });
  const revogadoAqui = (await db.query('SELECT 1 FROM contabil_contadores WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId])).rows.length > 0 && !contas.some((c) => c.contaId === tenantId);
  if (!revogadoAqui) {
    const aqui = contas.find((c) => c.contaId === tenantId);
    if (aqui?.contadorId) await registrarAcesso(db, tenantId, aqui.contadorId, 'login', 'Entrada no sistema');
    return { tenantId, userId, branchId };
  }
  const primeira = contas[0];
  if (!primeira) throw new HttpError(401, MSG.semAcesso);
  await db.query(`INSERT INTO user_branches (tenant_id, user_id, branch_id) SELECT tenant_id, $2, id FROM branches WHERE tenant_id = $1 AND ativo ON CONFLICT DO NOTHING`, [primeira.contaId, primeira.userId]);
  const b = await filialInicial(db, primeira.contaId, primeira.userId);
  if (primeira.contadorId) await registrarAcesso(db, primeira.contaId, primeira.contadorId, 'login', 'Entrada no sistema');
  return { tenantId: primeira.contaId, userId: primeira.userId, branchId: b };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
