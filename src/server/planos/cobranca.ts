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
 * modules (SPEC 7.1). A brand's real provider implements this; the local provider (src/server/stand-ins/cobranca-local.ts) serves the demo and
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
