import { formatDate, formatDateTime } from '../../shared/dates.ts';
import { formatBRL, formatDecimal, formatQuantity } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { pdfParaBuffer, novoPdf } from '../pdf-buffer.ts';


type Row = Record<string, any>;
const MM = 72 / 25.4;
const qtd = (v: unknown) => formatQuantity(v ?? 0);

/** The order as the API answers it (header fields, itens, estado) plus the names it points at. */
export async function pedidoPdf(q: Queryable, tenantId: number, pedido: Row, estadoLabel: string): Promise<Buffer> {
  const one = async (sql: string, params: unknown[]) => (await q.query<Row>(sql, params)).rows[0] ?? {};
  const filial = await one('SELECT nome, cpf_cnpj, fuso_horario FROM branches WHERE tenant_id = $1 AND id = $2', [tenantId, pedido.filialId]);
  const cliente = await one('SELECT nome, cpf_cnpj, email, telefone, logradouro, numero, bairro, uf, cep FROM pessoas WHERE tenant_id = $1 AND id = $2', [tenantId, pedido.clienteId]);
  const vendedor = pedido.vendedorId ? await one('SELECT nome FROM vendedores WHERE tenant_id = $1 AND id = $2', [tenantId, pedido.vendedorId]) : {};
  const transp = pedido.transportadorId ? await one('SELECT nome FROM pessoas WHERE tenant_id = $1 AND id = $2', [tenantId, pedido.transportadorId]) : {};
  const forma = pedido.formaPagamentoId ? await one('SELECT descricao FROM formas_pagamento_financeiro WHERE tenant_id = $1 AND id = $2', [tenantId, pedido.formaPagamentoId]) : {};
  const ids = (pedido.itens as Row[]).map((i) => i.produtoId ?? i.servicoId);
  const prods = new Map((await q.query<Row>('SELECT id, codigo, descricao FROM produtos WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenantId, ids])).rows.map((p) => [Number(p.id), p]));
  const lotes = new Map((await q.query<Row>('SELECT id, numero FROM lotes WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenantId, (pedido.itens as Row[]).map((i) => i.loteId ?? 0)])).rows.map((l) => [Number(l.id), l.numero]));

  const pdf = novoPdf({ size: 'A4', margin: 12 * MM, info: { Title: `Pedido de venda ${pedido.numero}`, Author: filial.nome ?? '' } });
  const W = pdf.page.width - 24 * MM;
  const X = 12 * MM;
  pdf.font('Helvetica-Bold').fontSize(14).text(filial.nome ?? '', X, 12 * MM);
  pdf.font('Helvetica').fontSize(9).text(filial.cpf_cnpj ? `CNPJ/CPF ${filial.cpf_cnpj}` : '');
  pdf.font('Helvetica-Bold').fontSize(13).text(`Pedido de venda nº ${pedido.numero}`, X, 12 * MM, { width: W, align: 'right' });
  pdf.font('Helvetica').fontSize(9).text(`${estadoLabel} · emitido em ${formatDateTime(pedido.createdAt, filial.fuso_horario)}`, { width: W, align: 'right' });
  pdf.moveDown(1.5);
  const linha = (rotulo: string, valor: string) => {
    pdf.font('Helvetica-Bold').text(`${rotulo}: `, { continued: true }).font('Helvetica').text(valor || '—');
  };
  pdf.x = X;
  linha('Cliente', `${cliente.nome ?? ''}${cliente.cpf_cnpj ? ` (${cliente.cpf_cnpj})` : ''}`);
  linha('Endereço', pedido.enderecoEntrega || [cliente.logradouro, cliente.numero, cliente.bairro, cliente.uf, cliente.cep].filter(Boolean).join(', '));
  linha('Vendedor', vendedor.nome ?? '');
  linha('Transportador', transp.nome ?? '');
  linha('Forma de pagamento', forma.descricao ?? '');
  pdf.moveDown();

  const cols = [
    { t: '#', w: 8 * MM, a: 'right' as const },
    { t: 'Código', w: 20 * MM, a: 'left' as const },
    { t: 'Descrição', w: W - 118 * MM, a: 'left' as const },
    { t: 'Qtd.', w: 18 * MM, a: 'right' as const },
    { t: 'Preço', w: 22 * MM, a: 'right' as const },
    { t: 'Desc./promo', w: 24 * MM, a: 'right' as const },
    { t: 'Total', w: 26 * MM, a: 'right' as const },
  ];
  const row = (vals: string[], bold = false) => {
    if (pdf.y > pdf.page.height - 40 * MM) pdf.addPage();
    const y = pdf.y;
    let x = X;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let h = 0;
    vals.forEach((v, i) => {
      pdf.text(v, x + 1, y, { width: cols[i].w - 2, align: cols[i].a });
      h = Math.max(h, pdf.y - y);
      x += cols[i].w;
    });
    pdf.y = y + h + 2;
    pdf.moveTo(X, pdf.y - 1).lineTo(X + W, pdf.y - 1).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
  };
  row(cols.map((c) => c.t), true);
  (pedido.itens as Row[]).forEach((it, i) => {
    const p = prods.get(Number(it.produtoId ?? it.servicoId)) ?? {};
    const desc = Number(it.descontoPromocao ?? 0) + Number(it.descontoValor ?? 0);
    const extra = [it.loteId ? `Lote ${lotes.get(it.loteId) ?? it.loteId}` : '', it.promocao ? `Promoção: ${it.promocao}` : '', it.descontoPercentual ? `Desconto ${formatDecimal(it.descontoPercentual)}%` : ''].filter(Boolean).join(' · ');
    row([String(i + 1), p.codigo ?? '', `${p.descricao ?? ''}${extra ? `\n${extra}` : ''}`, qtd(it.quantidade), formatBRL(it.precoUnitario), desc ? formatBRL(desc) : '', formatBRL(it.valorTotal)]);
  });
  pdf.moveDown();
  const total = (rotulo: string, v: unknown, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9).text(`${rotulo}: ${formatBRL(String(v ?? 0))}`, X, pdf.y, { width: W, align: 'right' });
  };
  total('Total dos itens', pedido.totalProdutos);
  if (Number(pedido.totalDesconto ?? 0)) total('Desconto', pedido.totalDesconto);
  if (Number(pedido.frete ?? 0)) total('Frete', pedido.frete);
  if (Number(pedido.outrasDespesas ?? 0)) total('Outras despesas', pedido.outrasDespesas);
  total('Total do pedido', pedido.valorTotal, true);
  const parcelas = (pedido.planoParcelas as Row[] | null) ?? [];
  if (parcelas.length) {
    pdf.moveDown().font('Helvetica-Bold').fontSize(9).text('Parcelas', X);
    pdf.font('Helvetica').text(parcelas.map((p) => `${p.numero}ª ${formatDate(p.vencimento)} ${formatBRL(p.valor)}`).join('   '), X, pdf.y, { width: W });
  }
  if (pedido.observacao) pdf.moveDown().font('Helvetica-Bold').text('Observações', X).font('Helvetica').text(pedido.observacao, X, pdf.y, { width: W });
  return pdfParaBuffer(pdf);
}
