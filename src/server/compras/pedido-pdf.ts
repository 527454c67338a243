import Decimal from 'decimal.js';
import { formatDate } from '../../shared/dates.ts';
import { maskCpfCnpj } from '../../shared/cpf-cnpj.ts';
import { formatBRL, formatQuantity } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { pdfParaBuffer, novoPdf } from '../pdf-buffer.ts';


type Row = Record<string, any>;

export interface PedidoImpresso {
  numero: number;
  estado: string;
  emissao: string;
  filial: { nome: string; cnpj: string };
  fornecedor: { nome: string; cnpj: string | null; email: string | null };
  dataPrevista: string | null;
  condicaoPagamento: string | null;
  observacao: string | null;
  itens: { codigo: string | null; descricao: string; unidade: string | null; quantidade: string; valorUnitario: string | null; total: string; dataPrevista: string | null }[];
  total: string;
}

/** The order with its branch, supplier and products, as printed and e-mailed. */
export async function lerPedidoImpresso(q: Queryable, tenantId: number, filialId: number, id: number): Promise<PedidoImpresso> {
  const d = await q.query<Row>(
    `SELECT d.numero, d.estado, d.created_at, d.cabecalho, b.nome AS filial, b.cpf_cnpj AS filial_cnpj, p.nome AS fornecedor, p.cpf_cnpj, p.email
       FROM documentos d JOIN branches b ON b.tenant_id = d.tenant_id AND b.id = d.filial_id
       LEFT JOIN pessoas p ON p.tenant_id = d.tenant_id AND p.id = (d.cabecalho ->> 'fornecedorId')::integer
      WHERE d.tenant_id = $1 AND d.tipo = 'pedidoCompra' AND d.filial_id = $2 AND d.id = $3`,
    [tenantId, filialId, id],
  );
  const r = d.rows[0];
  if (!r) throw notFound('Pedido de compra não encontrado.');
  const it = await q.query<Row>(
    `SELECT i.dados, p.codigo, p.descricao, u.sigla FROM documento_itens i
       LEFT JOIN produtos p ON p.tenant_id = i.tenant_id AND p.id = (i.dados ->> 'produtoId')::integer
       LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id
      WHERE i.tenant_id = $1 AND i.documento_id = $2 ORDER BY i.linha`,
    [tenantId, id],
  );
  let total = new Decimal(0);
  const itens = it.rows.map((x) => {
    const vu = x.dados.valorUnitario ? String(x.dados.valorUnitario) : null;
    const t = vu ? new Decimal(vu).times(String(x.dados.quantidade)).toDecimalPlaces(2) : new Decimal(0);
    total = total.plus(t);
    return { codigo: x.codigo, descricao: x.descricao ?? `Produto ${x.dados.produtoId}`, unidade: x.sigla, quantidade: String(x.dados.quantidade), valorUnitario: vu, total: t.toFixed(2), dataPrevista: x.dados.dataPrevista ?? null };
  });
  const c = r.cabecalho as Row;
  return {
    numero: Number(r.numero),
    estado: r.estado,
    emissao: new Date(r.created_at).toISOString().slice(0, 10),
    filial: { nome: r.filial, cnpj: r.filial_cnpj },
    fornecedor: { nome: r.fornecedor ?? '', cnpj: r.cpf_cnpj, email: r.email },
    dataPrevista: c.dataPrevista ?? null,
    condicaoPagamento: c.condicaoPagamento ?? null,
    observacao: c.observacao ?? null,
    itens,
    total: total.toFixed(2),
  };
}

const qtd = formatQuantity;

/** The purchase order on A4: who buys, from whom, each product with quantity, price and expected date, the total. */
export async function pedidoPdf(p: PedidoImpresso): Promise<Buffer> {
  const d = novoPdf({ size: 'A4', margin: 40, info: { Title: `Pedido de compra ${p.numero}`, Producer: 'Retaguarda' } });
  d.font('Helvetica-Bold').fontSize(16).text(`Pedido de compra nº ${p.numero}`);
  d.font('Helvetica').fontSize(10).moveDown(0.3).text(`Emissão: ${formatDate(p.emissao)}${p.dataPrevista ? `    Entrega prevista: ${formatDate(p.dataPrevista)}` : ''}`);
  d.moveDown(0.6).font('Helvetica-Bold').text('Comprador').font('Helvetica').text(`${p.filial.nome} — CNPJ ${maskCpfCnpj(p.filial.cnpj)}`);
  d.moveDown(0.4).font('Helvetica-Bold').text('Fornecedor').font('Helvetica').text(`${p.fornecedor.nome}${p.fornecedor.cnpj ? ` — CNPJ/CPF ${maskCpfCnpj(p.fornecedor.cnpj)}` : ''}`);
  if (p.condicaoPagamento) d.moveDown(0.4).text(`Condição de pagamento: ${p.condicaoPagamento}`);
  d.moveDown(0.8);
  const cols = [40, 100, 300, 345, 405, 470];
  const header = ['Código', 'Produto', 'Un.', 'Quantidade', 'Valor unit.', 'Total'];
  const linha = (vals: string[], bold = false) => {
    const y = d.y;
    d.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    vals.forEach((v, i) => d.text(v, cols[i], y, { width: (cols[i + 1] ?? 555) - cols[i] - 4, align: i >= 3 ? 'right' : 'left', lineBreak: i === 1 }));
    d.x = 40;
    d.y = Math.max(d.y, y + 12) + 2;
    if (d.y > 780) d.addPage();
  };
  linha(header, true);
  d.moveTo(40, d.y).lineTo(555, d.y).stroke();
  d.y += 3;
  for (const it of p.itens) linha([it.codigo ?? '', it.descricao + (it.dataPrevista ? ` (entrega ${formatDate(it.dataPrevista)})` : ''), it.unidade ?? '', qtd(it.quantidade), it.valorUnitario ? formatBRL(it.valorUnitario) : '', formatBRL(it.total)]);
  d.moveTo(40, d.y).lineTo(555, d.y).stroke();
  d.y += 4;
  linha(['', '', '', '', 'Total', formatBRL(p.total)], true);
  if (p.observacao) d.moveDown(1).font('Helvetica').fontSize(9).text(`Observação: ${p.observacao}`, 40);
  return pdfParaBuffer(d);
}
