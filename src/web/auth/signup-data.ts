import regimes from '../../../schemas/lookups/regimeTributarioCadastro.json';
import { decodeIndicante, shown, type CadastroData, type CadastroError, type CadastroSwitches, validateCadastro } from '../../shared/cadastro.ts';
import { onlyDigits } from '../../shared/cpf-cnpj.ts';
import { sessionStore } from '../api/session.ts';

/** SPEC 2.4: the five regimes in the screen's order; Simples Nacional is the default. */
export const REGIMES = regimes.items.map((i) => ({ value: i.value, label: i.label }));
export const DEFAULT_REGIME = (regimes.items.find((i) => 'default' in i && i.default) ?? regimes.items[1]).value;

export const REFERRAL_PARAM = 'indicante';
export const REFERRAL_STORE_KEY = 'indicante';
export const EXTRA_FIELDS = ['campo1', 'campo2', 'campo3', 'campo4'] as const;

export interface SignUpForm extends CadastroData {
  nome: string;
  empresa: string;
  cpfCnpj: string;
  telefone: string;
  regime: number;
  email: string;
  senha: string;
  confirmaSenha: string;
  termosUso: boolean;
}

export const emptySignUp = (): SignUpForm => ({ nome: '', empresa: '', cpfCnpj: '', telefone: '', regime: DEFAULT_REGIME, email: '', senha: '', confirmaSenha: '', termosUso: false });

/** The query of the page: before the hash and inside it (#/cadastrar?indicante=…); the hash's wins. */
export function pageParams(loc: Pick<Location, 'search' | 'hash'>): URLSearchParams {
  const out = new URLSearchParams(loc.search);
  const at = loc.hash.indexOf('?');
  if (at >= 0) for (const [k, v] of new URLSearchParams(loc.hash.slice(at + 1))) out.set(k, v);
  return out;
}

export interface Referral {
  /** The raw base64 to send, only when it decodes. */
  raw?: string;
  /** A referral parameter came and is broken: warn that the sign-up is not counted as one. */
  invalid: boolean;
}

/** SPEC 5.4 referral link: base64 of JSON with indicante; stored so a detour to the login keeps it. */
export function readReferral(params: URLSearchParams, store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = sessionStore()): Referral {
  if (params.has(REFERRAL_PARAM)) {
    const raw = params.get(REFERRAL_PARAM) ?? '';
    if (decodeIndicante(raw)) {
      store.setItem(REFERRAL_STORE_KEY, raw);
      return { raw, invalid: false };
    }
    store.removeItem(REFERRAL_STORE_KEY);
    return { invalid: true };
  }
  const kept = store.getItem(REFERRAL_STORE_KEY);
  return kept && decodeIndicante(kept) ? { raw: kept, invalid: false } : { invalid: false };
}

/** Only the first applicable warning is shown (SPEC 5.4); the fields in error are marked. */
export function firstWarning(form: SignUpForm, switches: CadastroSwitches): { first: CadastroError | null; fields: Set<string> } {
  const errors = validateCadastro(form, switches);
  return { first: errors[0] ?? null, fields: new Set(errors.map((e) => e.campo)) };
}

export interface SignUpContext {
  switches: CadastroSwitches;
  params: URLSearchParams;
  referral: Referral;
  brand: { id?: number; idConfig?: string } | undefined;
  /** The cadastrar-erp variant: not registered in the billing system. */
  naoCadastrarCobranca: boolean;
}

/** The body of POST Usuarios/cadastro (SPEC 3 sign-up data): hidden fields are left out. */
export function signUpBody(form: SignUpForm, ctx: SignUpContext): Record<string, unknown> {
  const on = shown(ctx.switches);
  const body: Record<string, unknown> = {
    email: form.email,
    emailconfirmar: form.email,
    senha: form.senha,
    confirmaSenha: form.confirmaSenha,
    termosUso: form.termosUso,
  };
  if (on.nome) body.nome = form.nome.trim();
  if (on.empresa) body.empresa = form.empresa.trim();
  if (on.cpfCnpj) body.cpfCnpj = form.cpfCnpj.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (on.telefone) body.telefone = onlyDigits(form.telefone);
  if (on.regime) body.regime = form.regime;
  for (const k of EXTRA_FIELDS) {
    const v = ctx.params.get(k);
    if (v !== null) body[k] = v;
  }
  if (ctx.referral.raw) body.indicante = ctx.referral.raw;
  if (ctx.brand?.id !== undefined) body.idWhitelabel = ctx.brand.id;
  if (ctx.brand?.idConfig !== undefined) body.idConfigWhitelabel = ctx.brand.idConfig;
  if (ctx.naoCadastrarCobranca) body.naoCadastrarCobranca = true;
  return body;
}
