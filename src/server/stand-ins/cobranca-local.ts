import { randomUUID } from 'node:crypto';
import { badRequest } from '../http/errors.ts';
import type { BillingProvider, Cartao, Cobranca, ResultadoCobranca } from '../planos/cobranca.ts';

const bandeira = (n: string) => (/^4/.test(n) ? 'Visa' : /^(5[1-5]|2[2-7])/.test(n) ? 'Mastercard' : /^3[47]/.test(n) ? 'American Express' : /^(636368|438935|504175|451416|636297|5067|4576|4011)/.test(n) ? 'Elo' : 'Outra');

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
