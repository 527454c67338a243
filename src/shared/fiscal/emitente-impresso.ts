/**
 * The issuer block of every printed fiscal document (DANFE, DANFCE on the server, the PDV's browser DANFCE and its
 * ESC/POS text): the razão social (never the branch's nickname), the CNPJ/CPF, CEP and phone formatted as people
 * read them, and the address in words (the IBGE municipality code is a field of the XML, never printed).
 */

import { maskCpfCnpj } from '../cpf-cnpj.ts';

const digitos = (v: unknown) => String(v ?? '').replace(/\D/g, '');
/** A CPF/CNPJ as the layout writes it: digits and, in an alphanumeric CNPJ (NT Conjunta 2025.001), upper-case letters. */
const documento = (v: unknown) => String(v ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

/** 11222333000181 → 11.222.333/0001-81, 12ABC34501DE35 → 12.ABC.345/01DE-35; an 11-digit CPF → 529.982.247-25; anything else as given. */
export function formatarCpfCnpj(v: unknown): string {
  const d = documento(v);
  return d.length === 14 || /^\d{11}$/.test(d) ? maskCpfCnpj(d) : String(v ?? '');
}

/** 01310100 → 01310-100. */
export function formatarCep(v: unknown): string {
  const d = digitos(v);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** 1131234567 → (11) 3123-4567; 11987654321 → (11) 98765-4321; 0800… and short numbers as digits. */
export function formatarTelefone(v: unknown): string {
  const d = digitos(v);
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11 && !d.startsWith('0')) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return d;
}

export interface EnderecoImpresso {
  logradouro?: unknown;
  numero?: unknown;
  complemento?: unknown;
  bairro?: unknown;
  municipio?: unknown;
  uf?: unknown;
  cep?: unknown;
  telefone?: unknown;
}

export interface EmitenteImpresso {
  razaoSocial?: unknown;
  nome?: unknown;
  cnpj?: unknown;
  cpf?: unknown;
  ie?: unknown;
  endereco?: EnderecoImpresso | null;
}

const texto = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The issuer's lines as printed: [razão social, 'CNPJ: … IE: …', 'street, number - complement - district',
 * 'municipality/UF - CEP …', 'Fone: …'] (empty parts left out). The name is the razão social (xNome), falling back to
 * the record's `nome` only when a document has none; a nickname (xFant, the branch's apelido) is never the issuer.
 */
export function linhasEmitente(e: EmitenteImpresso): { nome: string; documento: string; endereco: string; cidade: string; telefone: string } {
  const en = e.endereco ?? {};
  const doc = formatarCpfCnpj(e.cnpj ?? e.cpf);
  const ie = texto(e.ie);
  const rua = [texto(en.logradouro), texto(en.numero)].filter(Boolean).join(', ');
  const endereco = [rua, texto(en.complemento), texto(en.bairro)].filter(Boolean).join(' - ');
  const municipio = texto(en.municipio);
  // A municipality written as a bare IBGE code (7 digits) is not a name people read: left out.
  const cidadeNome = /^\d{7}$/.test(municipio) ? '' : municipio;
  const cidade = [[cidadeNome, texto(en.uf)].filter(Boolean).join('/'), digitos(en.cep) ? `CEP ${formatarCep(en.cep)}` : ''].filter(Boolean).join(' - ');
  const fone = digitos(en.telefone);
  return {
    nome: texto(e.razaoSocial) || texto(e.nome),
    documento: [doc ? `${documento(e.cnpj).length === 14 || !e.cpf ? 'CNPJ' : 'CPF'}: ${doc}` : '', ie ? `IE: ${ie}` : ''].filter(Boolean).join('  '),
    endereco,
    cidade,
    telefone: fone ? `Fone: ${formatarTelefone(fone)}` : '',
  };
}
