import { loadLookups } from '../catalog/documents.ts';
import { badRequest, type ErrorDetail } from '../http/errors.ts';
import { validarInscricaoEstadual } from '../../shared/inscricao-estadual.ts';

type Row = Record<string, unknown>;

/** Portuguese 400s of the fiscal settings, each naming its field; every problem reported at once. */
export class Problemas {
  private readonly list: ErrorDetail[] = [];
  add(campo: string, mensagem: string): void {
    this.list.push({ path: `/${campo}`, campo, mensagem });
  }
  throwIfAny(): void {
    if (this.list.length) throw badRequest(this.list.map((p) => p.mensagem).join(' '), this.list);
  }
}

export const preenchido = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const num = (v: unknown) => Number(v);
export const fmtPct = (v: unknown) => `${String(v).replace('.', ',')}%`;
export const dataBr = (v: unknown) => String(v instanceof Date ? v.toISOString() : v).slice(0, 10).split('-').reverse().join('/');
export const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** A percentage between min and max (inclusive). */
export function faixa(p: Problemas, data: Row, campo: string, titulo: string, max: number, min = 0): void {
  const v = data[campo];
  if (!preenchido(v)) return;
  if (num(v) < min || num(v) > max) p.add(campo, `${titulo}: ${fmtPct(v)} está fora da faixa permitida (de ${fmtPct(min)} a ${fmtPct(max)}).`);
}

let aliquotas: Set<number> | undefined;
/** An ICMS rate must be one of the list of SPEC 3.2 (lookup aliquotaIcms). */
export function aliquotaDaLista(p: Problemas, data: Row, campo: string, titulo: string): void {
  const v = data[campo];
  if (!preenchido(v)) return;
  aliquotas ??= new Set(loadLookups().get('aliquotaIcms')!.items.map((i) => Number(i.value)));
  if (!aliquotas.has(num(v))) {
    p.add(campo, `${titulo}: ${fmtPct(v)} não é uma alíquota de ICMS (use ${[...aliquotas].map((a) => fmtPct(a)).join(', ')}).`);
  }
}

let cfops: Set<string> | undefined;
export function cfopExiste(codigo: string): boolean {
  cfops ??= new Set(loadLookups().get('cfop')!.items.map((i) => String(i.value)));
  return cfops.has(codigo);
}

const hojeSaoPaulo = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

/**
 * A rule version already in force is history: notes issued under it must keep finding it as it was. Its tax
 * fields change only on the day it was entered (a typo); a change of law is a new version with a later start.
 */
export function versaoEmVigorInalterada(data: Row, current: Row | undefined, campos: string[]): void {
  if (!current) return;
  const hoje = hojeSaoPaulo();
  const inicio = iso(current.vigenciaInicio);
  const criada = new Date(new Date(String(current.createdAt)).getTime() - 3 * 3600_000).toISOString().slice(0, 10);
  if (inicio > hoje || criada === hoje) return;
  const mudou = campos.filter((c) => c in data && String(data[c] ?? '') !== String(current[c] ?? '') && !(preenchido(data[c]) && preenchido(current[c]) && Number(data[c]) === Number(current[c])));
  if (!mudou.length) return;
  const msg = `Esta versão da regra vigora desde ${dataBr(inicio)} e não muda: uma mudança de lei é uma nova versão (cadastre outra tributação com a data em que a mudança começa).`;
  throw badRequest(msg, mudou.map((c) => ({ path: `/${c}`, campo: c, mensagem: msg })));
}

/** The IE of a cadastro (empresa, participante SPED), when given: checked by the UF's rule and normalised in place. */
export function conferirInscricaoEstadual(data: Record<string, unknown>, p: Problemas): void {
  if (!preenchido(data.inscricaoEstadual)) return;
  const r = validarInscricaoEstadual(String(data.inscricaoEstadual), data.uf as string | null);
  if (r.ok) data.inscricaoEstadual = r.valor;
  else p.add('inscricaoEstadual', r.mensagem);
}
