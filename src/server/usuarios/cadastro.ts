import { decodeIndicante, shown, validateCadastro, type CadastroData } from '../../shared/cadastro.ts';
import { onlyDigits } from '../../shared/cpf-cnpj.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import { createCrmLead } from '../crm/crm-client.ts';
import type { Db } from '../db/db.ts';
import { HttpError, badRequest } from '../http/errors.ts';

/** Days of free trial a new account gets, unless the brand says otherwise (misc.diasTrial). */
export const TRIAL_DAYS = 30;
/** SPEC 2.4: Simples Nacional is the default regime (company regime 1). */
export const REGIME_PADRAO = 1;
const REGIMES = new Set([1, 2, 3, 4, 5]);

export interface CadastroBody extends CadastroData {
  emailconfirmar?: string;
  campo1?: string;
  campo2?: string;
  campo3?: string;
  campo4?: string;
  indicante?: string;
  idWhitelabel?: number;
  idConfigWhitelabel?: string;
  naoCadastrarCobranca?: boolean;
}

export interface CadastroResult {
  id: number;
  userId: number;
  contaId: number;
  filialId: number;
  indicante: string | null;
}

/**
 * POST Usuarios/cadastro: a free-trial account under the request's brand: the account, its first branch and
 * its administrator user, in one transaction. Validates exactly as the sign-up screen (SPEC 5.4).
 */
/** Who handed over the sign-up link (the access_token route parameter of #/cadastrar/{access_token}, SPEC 2.4). */
export interface CadastradoPor {
  tenantId: number;
  userId: number;
  email: string;
}

export async function cadastrar(db: Db, brand: BrandRow, body: CadastroBody, cadastradoPor: CadastradoPor | null = null): Promise<CadastroResult> {
  if (!body || typeof body !== 'object') throw badRequest('Dados do cadastro não informados.');
  if (brand.config?.cadastroHabilitado === false) throw new HttpError(403, 'O cadastro não está disponível para esta marca.');
  const misc = brand.config?.misc ?? {};
  const email = String(body.email ?? '').trim().toLowerCase();
  const data = { ...body, email };
  const errors = validateCadastro(data, misc, { screen: false });
  const regime = body.regime === undefined || body.regime === null || body.regime === '' ? REGIME_PADRAO : Number(body.regime);
  if (!REGIMES.has(regime)) errors.push({ campo: 'regime', chave: 'enum', mensagem: 'Campo inválido!' });
  if (errors.length) {
    throw badRequest(errors[0].mensagem, errors.map((e) => ({ path: `/${e.campo}`, campo: e.campo, chave: e.chave, mensagem: e.mensagem })));
  }
  const on = shown(misc);
  const nome = on.nome && body.nome ? String(body.nome).trim() : email.split('@')[0];
  const empresa = on.empresa && body.empresa ? String(body.empresa).trim() : nome;
  const cpfCnpj = on.cpfCnpj && body.cpfCnpj ? onlyDigits(String(body.cpfCnpj)) : null;
  const indicante = decodeIndicante(body.indicante);
  const cadastro = {
    campo1: body.campo1 ?? null,
    campo2: body.campo2 ?? null,
    campo3: body.campo3 ?? null,
    campo4: body.campo4 ?? null,
    uf: body.uf ?? null,
    idConfigWhitelabel: body.idConfigWhitelabel ?? brand.config?.idConfig ?? null,
    indicanteBruto: body.indicante ?? null,
    cadastradoPor,
    // When the sign-up screen sent the terms acceptance (its checkbox), when it was given.
    termosAceitosEm: body.termosUso === true ? new Date().toISOString() : null,
  };
  const senhaHash = await hashPassword(String(body.senha));
  const trialDays = Number(misc.diasTrial ?? TRIAL_DAYS);
  return db.transaction(async (q) => {
    const exists = await q.query('SELECT 1 FROM users WHERE brand_id = $1 AND lower(email) = $2', [brand.id, email]);
    if (exists.rows.length) throw new HttpError(409, 'Já existe um usuário cadastrado com este e-mail.');
    const conta = (
      await q.query<{ id: number }>(
        `INSERT INTO tenants (brand_id, nome, cpf_cnpj, trial, data_vencimento, cadastro, indicante, nao_cadastrar_cobranca)
         VALUES ($1, $2, $3, true, current_date + $4::integer, $5, $6, $7) RETURNING id`,
        [brand.id, empresa, cpfCnpj, trialDays, JSON.stringify(cadastro), indicante, body.naoCadastrarCobranca === true],
      )
    ).rows[0].id;
    const filial = (
      await q.query<{ id: number }>(
        `INSERT INTO branches (tenant_id, nome, apelido, cpf_cnpj, regime_tributario, uf) VALUES ($1, $2, 'Matriz', $3, $4, $5) RETURNING id`,
        [conta, empresa, cpfCnpj, regime, body.uf ?? null],
      )
    ).rows[0].id;
    const user = (
      await q.query<{ id: number }>(
        `INSERT INTO users (tenant_id, brand_id, email, nome, telefone, senha_hash, perfil_admin, primeiro_acesso, filial_selecionada_id)
         VALUES ($1, $2, $3, $4, $5, $6, true, true, $7) RETURNING id`,
        [conta, brand.id, email, nome, body.telefone ? onlyDigits(String(body.telefone)) : null, senhaHash, filial],
      )
    ).rows[0].id;
    await q.query('INSERT INTO user_branches (tenant_id, user_id, branch_id) VALUES ($1, $2, $3)', [conta, user, filial]);
    return { id: user, userId: user, contaId: conta, filialId: filial, indicante };
  });
}

/** After the answer: the CRM lead, when the brand has a stage id and a token (SPEC 1, 7.8). */
export function crmAfterSignUp(brand: BrandRow, body: CadastroBody, baseUrl: string, log: (m: string, e?: unknown) => void): Promise<boolean> | null {
  const crm = brand.config?.misc?.CRM ?? {};
  if (!crm.TOKEN || !crm.STAGE_ID) return null;
  return createCrmLead(
    { baseUrl: crm.URL ?? baseUrl, token: crm.TOKEN, stageId: crm.STAGE_ID },
    { nome: String(body.nome ?? body.email), empresa: body.empresa ?? null, email: String(body.email).toLowerCase(), telefone: body.telefone ?? null },
    log,
  );
}
