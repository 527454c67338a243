import { randomUUID } from 'node:crypto';
import { badRequest } from '../http/errors.ts';

export type MeioPagamento = 'boleto' | 'cartao';

export interface Cobranca {
  tenantId: number;
  descricao: string;
  /** Decimal string, 2 places. */
  valor: string;
  meio: MeioPagamento;
}

export interface ResultadoCobranca {
  idExterno: string;
  situacao: 'paga' | 'pendente' | 'recusada';
}

export interface Cartao {
  numero: string;
  nome: string;
  /** 'MM/AA' */
  validade: string;
  cvv: string;
}

/**
 * The billing system behind Usuarios/efetivarPlano, migrarPlano, alterarPagamentoParaCartao and the add-on
 * modules (SPEC 7.1). A brand's real provider implements this; the local provider below serves the demo and
 * the tests. The card itself never reaches our database: the provider keeps it and we keep its last digits.
 */
export interface BillingProvider {
  readonly nome: string;
  cobrar(c: Cobranca): Promise<ResultadoCobranca>;
  registrarCartao(tenantId: number, cartao: Cartao): Promise<{ final: string; bandeira: string }>;
}

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

const bandeira = (n: string) => (/^4/.test(n) ? 'Visa' : /^(5[1-5]|2[2-7])/.test(n) ? 'Mastercard' : /^3[47]/.test(n) ? 'American Express' : /^(636368|438935|504175|451416|636297|5067|4576|4011)/.test(n) ? 'Elo' : 'Outra');

/** Checks a card as any provider would before accepting it; Portuguese messages per field. */
export function validarCartao(body: unknown, today = new Date()): Cartao {
  const b = (body ?? {}) as Record<string, unknown>;
  const numero = typeof b.numero === 'string' ? b.numero.replace(/[\s.-]/g, '') : '';
  const nome = typeof b.nome === 'string' ? b.nome.trim() : '';
  const validade = typeof b.validade === 'string' ? b.validade.trim() : '';
  const cvv = typeof b.cvv === 'string' ? b.cvv.trim() : '';
  const errors: { path: string; campo: string; mensagem: string }[] = [];
  if (!/^\d{13,19}$/.test(numero) || !luhn(numero)) errors.push({ path: '/numero', campo: 'numero', mensagem: 'Número de cartão inválido.' });
  if (nome.length < 2) errors.push({ path: '/nome', campo: 'nome', mensagem: 'Campo obrigatório!' });
  const v = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(validade);
  if (!v) errors.push({ path: '/validade', campo: 'validade', mensagem: 'Informe a validade no formato MM/AA.' });
  else {
    const fim = new Date(Date.UTC(2000 + Number(v[2]), Number(v[1]), 1));
    if (fim.getTime() <= Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) errors.push({ path: '/validade', campo: 'validade', mensagem: 'Cartão vencido.' });
  }
  if (!/^\d{3,4}$/.test(cvv)) errors.push({ path: '/cvv', campo: 'cvv', mensagem: 'Código de segurança inválido.' });
  if (errors.length) throw badRequest(`Dados do cartão inválidos: ${errors.map((e) => e.mensagem).join(' ')}`, errors);
  return { numero, nome, validade, cvv };
}

/**
 * Local provider: charges settle at once ('paga'), so a demo account that chooses a plan is using it a second
 * later. A card whose number ends in 0002 is declined, so the refusal path can be tried (as with a real
 * provider's test cards).
 */
export class LocalBillingProvider implements BillingProvider {
  readonly nome = 'local';
  async cobrar(_c: Cobranca): Promise<ResultadoCobranca> {
    return { idExterno: `local-${randomUUID()}`, situacao: 'paga' };
  }
  async registrarCartao(_tenantId: number, cartao: Cartao) {
    if (cartao.numero.endsWith('0002')) throw badRequest('Cartão recusado pela operadora. Use outro cartão.', [{ path: '/numero', campo: 'numero', mensagem: 'Cartão recusado pela operadora.' }]);
    return { final: cartao.numero.slice(-4), bandeira: bandeira(cartao.numero) };
  }
}

let provider: BillingProvider = new LocalBillingProvider();

export const billingProvider = (): BillingProvider => provider;
/** For a deployment with a real billing system (and tests that simulate one). */
export function setBillingProvider(p: BillingProvider): void {
  provider = p;
}
