import Decimal from 'decimal.js';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { FUSO_PADRAO, formatDateTime } from '../../shared/dates.ts';
import { linhasEmitente } from '../../shared/fiscal/emitente-impresso.ts';
import { calcularNfe } from '../../shared/fiscal/nfe-calculo.ts';
import { totaisIbsCbs } from '../fiscal/danfe.ts';

type Row = Record<string, any>;

const brl = (v: Decimal.Value) => new Decimal(v).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const chaveFmt = (c: string) => c.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The DANFCE's lines (80 mm, 48 columns): what the HTML and the ESC/POS outputs both print. */
function linhas(v: Row): { texto: string; forte?: boolean; centro?: boolean }[] {
  const d = v.documento as NfeDocumento;
  const fuso = String(v.fuso_horario ?? FUSO_PADRAO);
  const out: { texto: string; forte?: boolean; centro?: boolean }[] = [];
  const L = 48;
  const par = (a: string, b: string) => out.push({ texto: a.slice(0, L - b.length - 1).padEnd(L - b.length) + b });
  const le = linhasEmitente(d.emitente);
  out.push({ texto: le.nome, forte: true, centro: true });
  for (const t of [le.documento, le.endereco, le.cidade, le.telefone]) if (t) out.push({ texto: t, centro: true });
  out.push({ texto: 'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', centro: true });
  if (d.ambiente === 2) out.push({ texto: 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', forte: true, centro: true });
  if (Number(v.tp_emis) === 9) out.push({ texto: 'EMITIDA EM CONTINGÊNCIA - Pendente de autorização', forte: true, centro: true });
  out.push({ texto: '-'.repeat(L) });
  d.itens.forEach((i, k) => {
    out.push({ texto: `${String(k + 1).padStart(3, '0')} ${i.codigo} ${i.descricao}` });
    const bruto = new Decimal(i.quantidade as string).times(i.valorUnitario as string).toDecimalPlaces(2);
    par(`    ${new Decimal(i.quantidade as string).toString().replace('.', ',')} ${i.unidade} x ${brl(i.valorUnitario as string)}`, brl(bruto));
    if (i.valorDesconto) par('    desconto', `-${brl(i.valorDesconto as string)}`);
  });
  out.push({ texto: '-'.repeat(L) });
  par('Qtd. total de itens', String(d.itens.length));
  par('Valor a pagar R$', brl(v.total));
  for (const p of d.pagamentos) par(`  tPag ${p.tPag}`, brl(p.valor as string));
  if (new Decimal(v.troco ?? 0).gt(0)) par('Troco R$', brl(v.troco));
  // IBS/CBS of the tax reform (LC 214/2025; IBSCBSTot), when the note carries the groups: as the PDF DANFCE prints them.
  const ibs = d.reformaTributaria && d.itens.some((i) => i.ibsCbs) ? totaisIbsCbs(calcularNfe(d)) : undefined;
  if (ibs) {
    out.push({ texto: '-'.repeat(L) });
    out.push({ texto: 'IBS E CBS (LC 214/2025)', forte: true, centro: true });
    par('Base de cálculo IBS/CBS R$', brl(ibs.vBC.toString()));
    par(`IBS R$ (UF ${brl(ibs.vIBSUF.toString())} + Mun. ${brl(ibs.vIBSMun.toString())})`, brl(ibs.vIBS.toString()));
    par('CBS R$', brl(ibs.vCBS.toString()));
  }
  out.push({ texto: '-'.repeat(L) });
  out.push({ texto: `NFC-e nº ${v.numero} Série ${v.serie} ${formatDateTime(v.emitida_em, fuso)}`, forte: true, centro: true });
  out.push({ texto: 'Consulte pela Chave de Acesso em', centro: true });
  out.push({ texto: String(v.url_consulta ?? ''), centro: true });
  out.push({ texto: chaveFmt(String(v.chave_acesso ?? '')), centro: true });
  out.push({ texto: v.cpf_cnpj ? `CONSUMIDOR CPF/CNPJ ${v.cpf_cnpj}` : 'CONSUMIDOR NÃO IDENTIFICADO', centro: true });
  if (v.protocolo) out.push({ texto: `Protocolo de autorização ${v.protocolo} ${formatDateTime(v.data_autorizacao, fuso)}`, centro: true });
  return out;
}

/** DANFCE as a page to print through the browser's dialog (80 mm), with the QR Code as a data image made by the browser. */
export function danfceHtml(v: Row): string {
  const corpo = linhas(v).map((l) => `<div class="${l.centro ? 'c' : ''}${l.forte ? ' b' : ''}">${esc(l.texto)}</div>`).join('\n');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>DANFCE ${esc(v.numero)}</title>
<style>@page{size:80mm auto;margin:2mm}body{width:76mm;font:11px/1.25 monospace;margin:0}.c{text-align:center}.b{font-weight:bold}pre{margin:0}</style></head>
<body>${corpo}<div class="c" data-qrcode="${esc(v.qr_code)}">${esc(v.qr_code)}</div></body></html>`;
}

/** DANFCE as raw ESC/POS for a thermal printer: text lines, QR Code by the printer's own command (GS ( k), paper cut. */
export function danfceEscPos(v: Row): Buffer {
  const ESC = 0x1b;
  const GS = 0x1d;
  const partes: Buffer[] = [Buffer.from([ESC, 0x40, ESC, 0x74, 0x10])];
  for (const l of linhas(v)) {
    partes.push(Buffer.from([ESC, 0x61, l.centro ? 1 : 0, ESC, 0x45, l.forte ? 1 : 0]));
    partes.push(Buffer.from(l.texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '') + '\n', 'latin1'));
  }
  const qr = Buffer.from(String(v.qr_code ?? ''), 'latin1');
  const n = qr.length + 3;
  partes.push(Buffer.from([ESC, 0x61, 1, GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0, GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, 5, GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31]));
  partes.push(Buffer.from([GS, 0x28, 0x6b, n & 0xff, n >> 8, 0x31, 0x50, 0x30]), qr, Buffer.from([GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30, 0x0a, 0x0a, 0x0a, GS, 0x56, 0x41, 0x10]));
  return Buffer.concat(partes);
}
