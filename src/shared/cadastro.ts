import { isCpfCnpj, onlyDigits } from './cpf-cnpj.ts';

/** SPEC 9 and 5.1–5.4 constants. */
export const EMAIL_MAX = 50;
export const SENHA_MIN = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Which sign-up fields the brand shows (misc.exibir…TelaCadastro); CPF/CNPJ hidden by default, the rest shown. */
export interface CadastroSwitches {
  exibirCpfCnpjTelaCadastro?: boolean;
  exibirNomeUsuarioTelaCadastro?: boolean;
  exibirNomeEmpresaTelaCadastro?: boolean;
  exibirTelefoneTelaCadastro?: boolean;
  exibirRegimeTelaCadastro?: boolean;
}

export interface CadastroData {
  email?: string;
  nome?: string;
  empresa?: string;
  telefone?: string;
  cpfCnpj?: string;
  regime?: number | string | null;
  senha?: string;
  confirmaSenha?: string;
  termosUso?: boolean;
  uf?: string;
}

export interface CadastroError {
  campo: string;
  chave: string;
  mensagem: string;
}

export const CADASTRO_MESSAGES = {
  emailObrigatorio: 'O E-mail é obrigatório!',
  emailConfirmar: 'Confirme o E-mail!',
  emailInvalido: 'E-mail inválido!',
  emailMax: `Máximo ${EMAIL_MAX} caracteres!`,
  senhaObrigatoria: 'Campo Obrigatório!',
  senhaMin: `Mínimo ${SENHA_MIN} caracteres!`,
  matchOther: 'Os valores não conferem!',
  termosUso: 'Você precisa aceitar os termos de uso e política de privacidade!',
  documentoObrigatorio: 'Campo Obrigatório!',
  documentoInvalido: 'Documento inválido',
  nome: 'Informe o nome!',
  empresa: 'O nome da empresa é obrigatório!',
  telefone: 'O telefone é obrigatório!',
  regime: 'Campo Obrigatório!',
} as const;

export const shown = (s: CadastroSwitches) => ({
  cpfCnpj: s.exibirCpfCnpjTelaCadastro === true,
  nome: s.exibirNomeUsuarioTelaCadastro !== false,
  empresa: s.exibirNomeEmpresaTelaCadastro !== false,
  telefone: s.exibirTelefoneTelaCadastro !== false,
  regime: s.exibirRegimeTelaCadastro !== false,
});

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/**
 * SPEC 5.4, the same on the sign-up screen and on the server; in the order the screen shows warnings.
 * The terms checkbox is the screen's own rule: the call's body (SPEC 3 sign-up data) does not carry it, so
 * the server validates with `screen: false` and records the acceptance when the screen sends it.
 */
export function validateCadastro(d: CadastroData, switches: CadastroSwitches, { screen = true }: { screen?: boolean } = {}): CadastroError[] {
  const out: CadastroError[] = [];
  const on = shown(switches);
  const err = (campo: string, chave: string, mensagem: string) => out.push({ campo, chave, mensagem });
  if (on.nome && blank(d.nome)) err('nome', 'required', CADASTRO_MESSAGES.nome);
  if (on.empresa && blank(d.empresa)) err('empresa', 'required', CADASTRO_MESSAGES.empresa);
  if (on.cpfCnpj) {
    if (blank(d.cpfCnpj)) err('cpfCnpj', 'required', CADASTRO_MESSAGES.documentoObrigatorio);
    else if (!isCpfCnpj(String(d.cpfCnpj))) err('cpfCnpj', 'documentoInvalido', CADASTRO_MESSAGES.documentoInvalido);
  }
  if (on.telefone) {
    const digits = onlyDigits(String(d.telefone ?? ''));
    if (!digits) err('telefone', 'required', CADASTRO_MESSAGES.telefone);
    else if (digits.length < 10 || digits.length > 11) err('telefone', 'mask', 'Campo inválido!');
  }
  if (on.regime && blank(d.regime)) err('regime', 'required', CADASTRO_MESSAGES.regime);
  const email = String(d.email ?? '');
  if (blank(email)) err('email', 'required', CADASTRO_MESSAGES.emailObrigatorio);
  else if (email.length > EMAIL_MAX) err('email', 'maxlength', CADASTRO_MESSAGES.emailMax);
  else if (!EMAIL_RE.test(email)) err('email', 'email', CADASTRO_MESSAGES.emailInvalido);
  const senha = String(d.senha ?? '');
  if (!senha) err('senha', 'required', CADASTRO_MESSAGES.senhaObrigatoria);
  else if (senha.length < SENHA_MIN) err('senha', 'minlength', CADASTRO_MESSAGES.senhaMin);
  if (blank(d.confirmaSenha)) err('confirmaSenha', 'required', CADASTRO_MESSAGES.senhaObrigatoria);
  else if (d.confirmaSenha !== senha) err('confirmaSenha', 'matchOther', CADASTRO_MESSAGES.matchOther);
  if (screen && d.termosUso !== true) err('termosUso', 'required', CADASTRO_MESSAGES.termosUso);
  return out;
}

/** The referral payload: base64 of JSON with an `indicante` field (SPEC 3, 5.4); null when broken. */
export function decodeIndicante(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const text = typeof atob === 'function' ? decodeURIComponent(escape(atob(raw))) : Buffer.from(raw, 'base64').toString('utf8');
    const v = JSON.parse(text);
    return v && typeof v.indicante === 'string' && v.indicante.trim() ? v.indicante.trim() : v && typeof v.indicante === 'number' ? String(v.indicante) : null;
  } catch {
    return null;
  }
}
