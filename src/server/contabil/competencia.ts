import { badRequest } from '../http/errors.ts';

/** The month of a closing (issue 37 item 3): how it is read and the messages about it. */
export const PERIODO_MSG = {
  competenciaInvalida: 'Informe o mês no formato MM/AAAA.',
  mesNaoEncerrado: 'Só é possível fechar um mês já encerrado.',
  filialNaoEncontrada: 'Filial não encontrada.',
  somenteContador: 'Somente o contador pode reabrir um mês fechado.',
  motivoObrigatorio: 'Informe o motivo da reabertura.',
  naoEncontrado: 'Período não encontrado.',
  jaReaberto: 'Este período já foi reaberto.',
} as const;

/** 'MM/AAAA' or 'AAAA-MM' to the first day of the month (ISO), or null. */
export function lerCompetencia(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{2})\/(\d{4})$/.exec(v.trim()) ?? /^(\d{4})-(\d{2})(?:-01)?$/.exec(v.trim());
  if (!m) return null;
  const [ano, mes] = v.includes('/') ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])];
  if (mes < 1 || mes > 12 || ano < 2000 || ano > 2100) return null;
  return `${ano}-${String(mes).padStart(2, '0')}-01`;
}

/** The month asked for (first day, ISO), or a 400 naming the field `competencia`: the one check the checklist, the closing and the journal share. */
export function exigirCompetencia(v: unknown): string {
  const competencia = lerCompetencia(v);
  if (!competencia) throw badRequest(PERIODO_MSG.competenciaInvalida, [{ path: '/competencia', campo: 'competencia', mensagem: PERIODO_MSG.competenciaInvalida }]);
  return competencia;
}

export interface Mes {
  filialId: number;
  filial: string;
  /** first day, ISO */
  inicio: string;
  /** last day, ISO */
  fim: string;
  /** MM/AAAA */
  rotulo: string;
  /** AAAA-MM */
  mes: string;
}
