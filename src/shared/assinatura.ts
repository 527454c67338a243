/**
 * Subscription state of an account (SPEC 4 'Plan state'), the same on server and web: trial and not blocked
 * = trial; trial and blocked = trial expired; not trial and blocked = delinquent. A trial whose due date has
 * passed counts as blocked: nobody has to flip the flag the night it ends.
 */
export type EstadoPlano = 'trial' | 'trialExpirado' | 'inadimplente' | 'ativo';

export type MotivoDesligado = 'marca' | 'plano';

/** A catalogue module with what this account may use of it. */
export interface ModuloConta {
  id: string;
  titulo: string;
  ativo: boolean;
  motivo: MotivoDesligado | null;
  adicional: boolean;
  valorAdicional: string | null;
}

/** The account's plan state and what it may use (GET /api/Assinatura). */
export interface SituacaoConta<M extends ModuloConta = ModuloConta> {
  estado: EstadoPlano;
  diasRestantes: number | null;
  dataVencimento: string | null;
  planoId: number | null;
  planoNome: string | null;
  meioPagamento: 'boleto' | 'cartao';
  cartaoFinal: string | null;
  modulos: M[];
}

export interface ContaPlano {
  trial?: boolean | null;
  bloqueada?: boolean | null;
  /** 'yyyy-MM-dd' (or an ISO timestamp); the last day the account may use the system. */
  dataVencimento?: string | Date | null;
}

const DAY_MS = 86_400_000;

const isoDay = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());

/** Whole days from today until the due date (0 on the day itself, negative once past); null without a date. */
export function diasRestantes(conta: ContaPlano | null | undefined, today = new Date()): number | null {
  const v = conta?.dataVencimento;
  if (!v) return null;
  const s = typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  return Math.round((Date.UTC(+m[1], +m[2] - 1, +m[3]) - isoDay(today)) / DAY_MS);
}

export function estadoPlano(conta: ContaPlano | null | undefined, today = new Date()): EstadoPlano {
  if (!conta) return 'ativo';
  const dias = diasRestantes(conta, today);
  const bloqueada = !!conta.bloqueada || (!!conta.trial && dias !== null && dias < 0);
  if (conta.trial) return bloqueada ? 'trialExpirado' : 'trial';
  return bloqueada ? 'inadimplente' : 'ativo';
}

/** A blocked account reads but does not write until it pays. */
export const somenteLeitura = (estado: EstadoPlano): boolean => estado === 'trialExpirado' || estado === 'inadimplente';

export const MENSAGENS_PLANO = {
  trial: (dias: number | null) =>
    dias === null ? 'Você está no período de teste.' : dias === 0 ? 'Seu período de teste termina hoje.' : `Você está no período de teste: ${dias === 1 ? 'falta 1 dia' : `faltam ${dias} dias`}.`,
  trialExpirado: 'Seu período de teste terminou. O sistema está disponível somente para consulta até a contratação de um plano.',
  inadimplente: 'Há um pagamento da assinatura em aberto. O sistema está disponível somente para consulta até a regularização.',
  bloqueioEscrita: {
    trialExpirado: 'Seu período de teste terminou: contrate um plano em Assinatura > Planos para voltar a registrar dados.',
    inadimplente: 'Assinatura com pagamento em aberto: regularize o pagamento em Assinatura > Planos para voltar a registrar dados.',
  },
  moduloDesligado: (titulo: string) => `O módulo ${titulo} está desativado para esta conta.`,
  moduloForaDoPlano: (titulo: string) => `O módulo ${titulo} não faz parte do seu plano. Contrate-o em Assinatura > Módulos adicionais.`,
} as const;
