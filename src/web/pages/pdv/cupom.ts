import Decimal from 'decimal.js';
import type { Linha, PagamentoLinha } from './venda.ts';
import { bruto, descontoLinha, totalLinha } from './venda.ts';
import type { Catalogo } from './tipos.ts';
import { linhasEmitente } from '../../../shared/fiscal/emitente-impresso.ts';
import { calcularNfe } from '../../../shared/fiscal/nfe-calculo.ts';
import type { Item, NfeDocumento } from '../../../../generated/fiscal/nfe-documento.ts';

/** Everything the DANFCE of one sale shows, online (from the server's answer) or offline (built here). */
export interface Cupom {
  emitente: { nome: string; cnpj?: string; ie?: string; endereco?: string };
  numero: number;
  serie: number;
  emitidaEm: string;
  chaveAcesso: string;
  qrCode: string;
  urlConsulta: string;
  situacao: 'autorizada' | 'contingencia' | 'erro' | 'offline';
  protocolo?: string;
  cpfCnpj?: string;
  itens: { codigo: string; descricao: string; quantidade: string; unidade: string; precoUnitario: string; total: string; desconto: string }[];
  totalBruto: string;
  descontos: string;
  total: string;
  pagamentos: { descricao: string; valor: string }[];
  troco: string;
  /** IBS/CBS totals (IBSCBSTot) when the NFC-e carries the tax-reform groups (issue 39) */
  ibsCbs?: { vBC: string; vIBSUF: string; vIBSMun: string; vIBS: string; vCBS: string };
}

/**
 * The IBS/CBS block of the DANFCE from the catalogue's NFC-e items (the groups the server's NFC-e writes, rates of
 * the perfil's classification) over the sale's lines, totalled by the same engine (calcularNfe) the server and the
 * offline NFC-e use. Undefined when the catalogue's NFC-e carries no group (not compulsory for the issuer yet).
 */
export function ibsCbsDoCupom(c: Pick<Catalogo, 'nfce'>, linhas: { produtoId: number; quantidade: string; precoUnitario: string; desconto: string }[]): Cupom['ibsCbs'] {
  const nfce = c.nfce;
  if (!nfce?.documento.reformaTributaria || !linhas.length) return undefined;
  const itens = linhas.map((l) => {
    const t = nfce.itens[String(l.produtoId)];
    const d = new Decimal(l.desconto || 0);
    return t ? ({ ...t, quantidade: new Decimal(l.quantidade).toFixed(4), valorUnitario: new Decimal(l.precoUnitario).toFixed(2), ...(d.gt(0) ? { valorDesconto: d.toFixed(2) } : {}) } as Item) : null;
  });
  if (itens.some((i) => !i || !i.ibsCbs)) return undefined;
  try {
    const n = calcularNfe({ ...nfce.documento, itens: itens as NfeDocumento['itens'], pagamentos: [{ tPag: '90', valor: '0.00' }] } as NfeDocumento);
    const s = n.totais;
    return { vBC: s.vBCIBSCBS.toFixed(2), vIBSUF: s.vIBSUF.toFixed(2), vIBSMun: s.vIBSMun.toFixed(2), vIBS: s.vIBSUF.plus(s.vIBSMun).toFixed(2), vCBS: s.vCBS.toFixed(2) };
  } catch {
    return undefined;
  }
}

export function itensDoCupom(linhas: Linha[]): Pick<Cupom, 'itens' | 'totalBruto' | 'descontos' | 'total'> {
  const itens = linhas.map((l) => ({
    codigo: l.produto.codigo, descricao: l.produto.descricao, quantidade: l.quantidade, unidade: l.produto.unidade,
    precoUnitario: new Decimal(l.precoUnitario).toFixed(2), total: totalLinha(l).toFixed(2), desconto: descontoLinha(l).toFixed(2),
  }));
  const tb = linhas.reduce((s, l) => s.plus(bruto(l)), new Decimal(0));
  const td = linhas.reduce((s, l) => s.plus(descontoLinha(l)), new Decimal(0));
  return { itens, totalBruto: tb.toFixed(2), descontos: td.toFixed(2), total: tb.minus(td).toFixed(2) };
}

export const pagamentosDoCupom = (p: PagamentoLinha[]) => p.map((x) => ({ descricao: x.forma.descricao, valor: new Decimal(x.valor).toFixed(2) }));

export const chaveFormatada = (c: string | null | undefined) => (c ?? '').replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * ESC/POS bytes of the DANFCE for a thermal printer (48 columns at 80 mm, 32 at 58 mm): text in CP-850-safe
 * ASCII, the QR Code with the printer's own QR command (GS ( k), then a cut.
 */
export function escPos(c: Cupom, colunas = 48): Uint8Array {
  const out: number[] = [];
  const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '?');
  const txt = (s: string) => { for (const ch of ascii(s)) out.push(ch.charCodeAt(0)); out.push(0x0a); };
  const cmd = (...b: number[]) => out.push(...b);
  const dupla = (e: string, d: string) => txt(`${e}${' '.repeat(Math.max(1, colunas - e.length - d.length))}${d}`.slice(0, Math.max(colunas, e.length + d.length + 1)));
  const linha = () => txt('-'.repeat(colunas));
  cmd(0x1b, 0x40); // init
  cmd(0x1b, 0x61, 1); // centre
  txt(c.emitente.nome);
  if (c.emitente.cnpj) txt(`CNPJ ${c.emitente.cnpj}${c.emitente.ie ? ` IE ${c.emitente.ie}` : ''}`);
  if (c.emitente.endereco) txt(c.emitente.endereco);
  txt('Documento Auxiliar da Nota Fiscal de Consumidor Eletronica');
  if (c.situacao === 'offline' || c.situacao === 'contingencia') txt('EMITIDA EM CONTINGENCIA - Pendente de autorizacao');
  cmd(0x1b, 0x61, 0);
  linha();
  for (const i of c.itens) {
    txt(`${i.codigo} ${i.descricao}`.slice(0, colunas));
    dupla(`  ${i.quantidade} ${i.unidade} x ${i.precoUnitario}`, i.total);
  }
  linha();
  dupla('Qtde. total de itens', String(c.itens.length));
  dupla('Valor total R$', c.totalBruto);
  if (new Decimal(c.descontos).gt(0)) dupla('Descontos R$', c.descontos);
  dupla('Valor a Pagar R$', c.total);
  for (const p of c.pagamentos) dupla(p.descricao, p.valor);
  if (new Decimal(c.troco).gt(0)) dupla('Troco R$', c.troco);
  if (c.ibsCbs) {
    linha();
    cmd(0x1b, 0x61, 1);
    txt('IBS E CBS (LC 214/2025)');
    cmd(0x1b, 0x61, 0);
    const br = (v: string) => v.replace('.', ',');
    dupla('Base de calculo IBS/CBS R$', br(c.ibsCbs.vBC));
    dupla(`IBS R$ (UF ${br(c.ibsCbs.vIBSUF)} + Mun. ${br(c.ibsCbs.vIBSMun)})`, br(c.ibsCbs.vIBS));
    dupla('CBS R$', br(c.ibsCbs.vCBS));
  }
  linha();
  cmd(0x1b, 0x61, 1);
  txt(`NFC-e n. ${c.numero} Serie ${c.serie} ${c.emitidaEm}`);
  txt('Consulte pela Chave de Acesso em');
  txt(c.urlConsulta);
  txt(chaveFormatada(c.chaveAcesso));
  txt(c.cpfCnpj ? `CONSUMIDOR CPF/CNPJ ${c.cpfCnpj}` : 'CONSUMIDOR NAO IDENTIFICADO');
  if (c.protocolo) txt(`Protocolo de autorizacao ${c.protocolo}`);
  const qr = [...new TextEncoder().encode(c.qrCode)];
  const n = qr.length + 3;
  cmd(0x1d, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0x00); // model 2
  cmd(0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x43, 5); // module size
  cmd(0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x30); // error correction L
  cmd(0x1d, 0x28, 0x6b, n & 0xff, n >> 8, 0x31, 0x50, 0x30, ...qr); // store
  cmd(0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30); // print
  cmd(0x0a, 0x0a, 0x0a);
  cmd(0x1d, 0x56, 0x42, 0); // cut
  return new Uint8Array(out);
}

export function baixarEscPos(c: Cupom, colunas = 48): void {
  const blob = new Blob([escPos(c, colunas) as BlobPart], { type: 'application/octet-stream' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `danfce-${c.serie}-${c.numero}.bin`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/**
 * The DANFCE's issuer from the catalogue: the razão social (the branch's nickname is not the issuer), CNPJ formatted,
 * the address in words with CEP and phone formatted (never the IBGE code), as the server's DANFCE prints it.
 */
export function emitenteDe(c: Pick<Catalogo, 'emitente' | 'nfce'>): Cupom['emitente'] {
  const e = (c.emitente ?? {}) as Record<string, unknown>;
  const doc = c.nfce?.documento.emitente as Record<string, unknown> | undefined;
  const fonte = typeof e.endereco === 'object' && e.endereco ? e : doc ?? e;
  const endereco = typeof e.endereco === 'string' ? { logradouro: e.endereco } : (fonte.endereco as Record<string, unknown> | undefined);
  const l = linhasEmitente({ razaoSocial: e.razaoSocial ?? doc?.razaoSocial, nome: e.nome, cnpj: e.cnpj ?? doc?.cnpj, cpf: e.cpf ?? doc?.cpf, endereco });
  const cnpj = l.documento ? l.documento.replace(/^(CNPJ|CPF): /, '') : undefined;
  const ie = (e.ie as string | undefined) ?? (doc?.ie as string | undefined);
  return { nome: l.nome, cnpj: cnpj || undefined, ie: ie || undefined, endereco: [l.endereco, l.cidade, l.telefone].filter(Boolean).join(' - ') || undefined };
}
