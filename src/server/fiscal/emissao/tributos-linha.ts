import type { Icms, PisCofins } from '../../../../generated/fiscal/nfe-documento.ts';

/**
 * THE place where a line's taxes are decided for the issuing path (emitir-nfe, and later sales and purchasing).
 * This is a deliberately simple default so invoices can be issued end to end; the tax-rule engine of the fiscal
 * settings (perfil tributário, tributações estaduais/federais by UF and NCM) replaces this one function at merge:
 * keep the signature, return what the rules decide.
 *
 * Default: CFOP from the natureza by same / other UF / abroad; ICMS for the Simples Nacional (CRT 1, 2, 4) CSOSN 102
 * when the operation is a sale (the natureza generates finance), 400 otherwise; regime normal (CRT 3) CST 41;
 * PIS and COFINS CST 49 on outgoing notes and 99 on incoming ones, without rates.
 */
export interface LinhaParaTributar {
  produto: { id: number; ncm: string; origem: number; cest?: string | null };
  natureza: { tipo: number; cfopEstadual: string | null; cfopInterestadual: string | null; cfopExterior: string | null; geraFinanceiro: boolean; finalidade: number };
  emitente: { uf: string; crt: 1 | 2 | 3 | 4 };
  destinatario: { uf: string | null; exterior?: boolean; consumidorFinal: boolean; contribuinte: boolean };
  quantidade: string;
  valorUnitario: string;
  valorDesconto?: string;
}

export interface TributosLinha {
  cfop: string;
  icms: Icms;
  pis: PisCofins;
  cofins: PisCofins;
}

export class TributacaoError extends Error {
  constructor(message: string, public campo: string) {
    super(message);
  }
}

export function tributosDaLinha(l: LinhaParaTributar): TributosLinha {
  const n = l.natureza;
  const escopo = l.destinatario.exterior ? 'exterior' : !l.destinatario.uf || l.destinatario.uf === l.emitente.uf ? 'estadual' : 'interestadual';
  const cfop = escopo === 'exterior' ? n.cfopExterior : escopo === 'estadual' ? n.cfopEstadual : n.cfopInterestadual;
  const titulo = { exterior: 'exterior', estadual: 'dentro do estado', interestadual: 'fora do estado' }[escopo];
  if (!cfop) throw new TributacaoError(`A natureza de operação não tem CFOP ${titulo}: preencha-o em Configurações > Fiscal > Natureza de operação.`, 'naturezaId');
  const orig = Number.isInteger(l.produto.origem) ? l.produto.origem : 0;
  const simples = l.emitente.crt !== 3;
  const icms: Icms = simples ? { orig, CSOSN: n.geraFinanceiro ? '102' : '400' } : { orig, CST: '41' };
  const cst = n.tipo === 0 ? '99' : '49';
  return { cfop, icms, pis: { CST: cst }, cofins: { CST: cst } };
}
