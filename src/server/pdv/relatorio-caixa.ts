import { formatDateTime } from '../../shared/dates.ts';
import { formatBRL } from '../../shared/money.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { pdfParaBuffer, novoPdf } from '../pdf-buffer.ts';
import { contagensDoCaixa, esperadoDoCaixa, lerCaixa } from './caixas.ts';


type Row = Record<string, any>;
const MM = 72 / 25.4;
const TIPOS: Record<string, string> = { venda: 'Vendas', troco: 'Troco', sangria: 'Sangrias', suprimento: 'Suprimentos', estorno: 'Estornos' };

/**
 * The closing report of a caixa session: header (PDV, operator, times), the movements summed by kind and
 * payment method, sangrias and suprimentos with their reasons, and per method the expected, counted and the
 * difference. 80 mm (thermal roll, its height fits the content) or A4.
 */
export async function relatorioCaixaPdf(q: Queryable, ctx: Pick<RequestContext, 'tenantId' | 'userId' | 'branchId'>, id: number, formato: '80mm' | 'a4'): Promise<Buffer> {
  const c = await lerCaixa(q, ctx, id);
  const h = c.cabecalho as Row;
  const one = async (sql: string, p: unknown[]) => (await q.query<Row>(sql, p)).rows[0] ?? {};
  const filial = await one('SELECT nome, apelido, cpf_cnpj, fuso_horario FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, c.filial_id]);
  const pdv = await one('SELECT descricao FROM pdvs WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, h.pdvId]);
  const op = await one('SELECT nome FROM operadores_pdv WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, h.operadorId]);
  const resumo = (await q.query<Row>(
    `SELECT m.tipo, f.descricao, sum(m.valor)::text AS valor, count(*)::int AS n FROM pdv_caixa_movimentos m JOIN pdv_formas_pagamento f ON f.tenant_id = m.tenant_id AND f.id = m.forma_pagamento_id
      WHERE m.tenant_id = $1 AND m.caixa_id = $2 GROUP BY m.tipo, f.descricao ORDER BY m.tipo, f.descricao`,
    [ctx.tenantId, id],
  )).rows;
  const avulsos = (await q.query<Row>(`SELECT tipo, valor::text, motivo, created_at FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND caixa_id = $2 AND tipo IN ('sangria', 'suprimento') ORDER BY id`, [ctx.tenantId, id])).rows;
  const cupons = await one(`SELECT count(*) FILTER (WHERE situacao <> 'cancelada')::int AS n, count(*) FILTER (WHERE situacao = 'cancelada')::int AS canceladas, count(*) FILTER (WHERE situacao IN ('erro', 'contingencia'))::int AS pendentes FROM pdv_vendas WHERE tenant_id = $1 AND caixa_id = $2`, [ctx.tenantId, id]);
  const contagens = await contagensDoCaixa(q, ctx.tenantId, id);
  const linhas = contagens.length ? contagens : (await esperadoDoCaixa(q, ctx.tenantId, c)).map((e) => ({ descricao: e.descricao, esperado: e.valor, contado: null as string | null, diferenca: null as string | null }));

  const a4 = formato === 'a4';
  const largura = a4 ? 210 * MM : 80 * MM;
  const margem = (a4 ? 15 : 4) * MM;
  const altura = a4 ? 297 * MM : 260 + (resumo.length + avulsos.length * 2 + linhas.length * 2) * 12;
  const pdf = novoPdf({ size: [largura, altura], margin: margem, info: { Title: `Fechamento do caixa ${c.numero}` } });
  const W = largura - 2 * margem;
  const fs = a4 ? 10 : 7;
  const par = (a: string, b: string, negrito = false) => {
    const y = pdf.y;
    pdf.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(fs).text(a, margem, y, { width: W * 0.62 });
    const y2 = pdf.y;
    pdf.text(b, margem + W * 0.62, y, { width: W * 0.38, align: 'right' });
    pdf.y = Math.max(y2, pdf.y);
  };
  const titulo = (t: string) => {
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').fontSize(fs + 1).text(t, margem, pdf.y, { width: W });
    pdf.moveTo(margem, pdf.y + 1).lineTo(margem + W, pdf.y + 1).lineWidth(0.5).stroke();
    pdf.moveDown(0.3);
  };
  pdf.font('Helvetica-Bold').fontSize(fs + 3).text(filial.apelido ?? filial.nome ?? '', margem, margem, { width: W, align: 'center' });
  pdf.font('Helvetica').fontSize(fs).text(filial.cpf_cnpj ? `CNPJ ${filial.cpf_cnpj}` : '', { width: W, align: 'center' });
  pdf.font('Helvetica-Bold').fontSize(fs + 2).text(`Fechamento do caixa nº ${c.numero}`, { width: W, align: 'center' });
  pdf.moveDown(0.5);
  par('PDV', pdv.descricao ?? '');
  par('Operador', op.nome ?? '');
  par('Aberto em', formatDateTime(h.abertoEm ?? c.created_at, filial.fuso_horario));
  par('Fechado em', h.fechadoEm ? formatDateTime(h.fechadoEm, filial.fuso_horario) : 'Caixa aberto');
  par('Fundo de troco', formatBRL(h.valorAbertura ?? '0'));
  par('Cupons emitidos', String(cupons.n ?? 0));
  par('Cupons cancelados', String(cupons.canceladas ?? 0));
  if (cupons.pendentes) par('Cupons com NFC-e pendente', String(cupons.pendentes));
  titulo('Movimento');
  for (const r of resumo) par(`${TIPOS[r.tipo] ?? r.tipo} - ${r.descricao} (${r.n})`, formatBRL(r.valor));
  if (!resumo.length) par('Sem movimento', '');
  if (avulsos.length) {
    titulo('Sangrias e suprimentos');
    for (const m of avulsos) par(`${formatDateTime(m.created_at, filial.fuso_horario)} ${m.tipo === 'sangria' ? 'Sangria' : 'Suprimento'}: ${m.motivo ?? ''}`, formatBRL(m.valor));
  }
  titulo('Conferência');
  for (const l of linhas) {
    par(l.descricao, '', true);
    par('  Esperado', formatBRL(l.esperado));
    if (l.contado !== null) {
      par('  Contado', formatBRL(l.contado));
      par('  Diferença', formatBRL(l.diferenca));
    }
  }
  if (h.totalEsperado) {
    pdf.moveDown(0.3);
    par('Total esperado', formatBRL(h.totalEsperado), true);
    par('Total contado', formatBRL(h.totalContado), true);
    par('Diferença', formatBRL(h.diferenca), true);
  }
  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(fs).text('_______________________________', { width: W, align: 'center' });
  pdf.text('Assinatura do operador', { width: W, align: 'center' });
  return pdfParaBuffer(pdf);
}
