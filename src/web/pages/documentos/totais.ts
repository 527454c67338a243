import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { calcularLinha, decimalOuNulo, parcelasDoPedido, precoDaLinha, totaisDoPedido, type ProdutoDoPedido } from '../../../shared/pedido-calculo.ts';
import type { ParcelaPlano } from '../../../shared/parcelamento.ts';
import type { Momento, Promocao } from '../../../shared/promocoes.ts';
import { api } from '../../api/client.ts';

/** A line as the items table edits it (ItemsTable's EditItem, read here by shape: the table imports this file). */
type EditItem = { key: number; [field: string]: unknown };

type Row = Record<string, unknown>;

/** '1.234,5' (pt-BR), '1234.5' or 'R$ 12,00' as the API's decimal ('1234.5'); anything else as typed. */
export function typedDecimal(v: string): string {
  const t = v.trim().replace(/^R\$\s*/, '');
  return t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
}

/** What the screen knows to price the lines: the products asked so far, the promotions that may apply, the shop's time. */
export interface Precos {
  produtos: Map<number, ProdutoDoPedido>;
  promocoes: Map<number, Promocao>;
  agora: Momento | null;
}
const VAZIO: Precos = { produtos: new Map(), promocoes: new Map(), agora: null };

/**
 * The prices of the products on the order's lines, asked from PedidosVenda/precos as products are picked (each
 * product once while the page lives); null endpoint = a document that is not priced on screen.
 */
export function usePrecos(endpoint: string | null, itens: EditItem[] | null): Precos {
  const [precos, setPrecos] = useState<Precos>(VAZIO);
  const ids = [...new Set((itens ?? []).map((it) => it.produtoId ?? it.servicoId).filter((v): v is number => typeof v === 'number'))].sort((a, b) => a - b);
  const faltam = ids.filter((id) => !precos.produtos.has(id)).join(',');
  useEffect(() => {
    if (!endpoint || !faltam) return;
    let vivo = true;
    api
      .get<{ agora: Momento; produtos: ProdutoDoPedido[]; promocoes: Promocao[] }>(`${endpoint}/precos`, { params: { produtoIds: faltam } })
      .then((r) => {
        if (!vivo) return;
        setPrecos((prev) => ({
          agora: r.data.agora,
          produtos: new Map([...prev.produtos, ...r.data.produtos.map((p) => [p.id, p] as const)]),
          promocoes: new Map([...prev.promocoes, ...r.data.promocoes.map((p) => [p.id, p] as const)]),
        }));
      })
      .catch(() => {
        // Without prices the lines show empty totals until saved; the server still prices them.
      });
    return () => {
      vivo = false;
    };
  }, [endpoint, faltam]);
  return precos;
}

/** One line as the screen shows it before saving: its price (the product's when none was typed), promotion and total. */
export interface LinhaNaTela {
  preco: string | null;
  promocao: string | null;
  valorTotal: string | null;
}

/** A document's totals as its card shows them: saved with the document, or worked out on the screen. */
export interface TotaisMostrados {
  totalProdutos: string;
  totalDesconto: string;
  frete: string;
  outrasDespesas: string;
  valorTotal: string;
  parcelas: ParcelaPlano[];
  completo?: boolean;
}

export interface TotaisNaTela extends TotaisMostrados {
  linhas: Map<number, LinhaNaTela>;
  /** Every line could be priced (else the totals leave out the lines still missing a product or quantity). */
  completo: boolean;
}

const hojeLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The order's lines and totals by the server's own functions (src/shared/pedido-calculo.ts). */
export function totaisNaTela(itens: EditItem[], cabecalho: Row, precos: Precos): TotaisNaTela {
  const linhas = new Map<number, LinhaNaTela>();
  let totalProdutos = new Decimal(0);
  let completo = true;
  const promocoes = [...precos.promocoes.values()];
  const agora = precos.agora ?? { data: hojeLocal(), hora: '12:00' };
  for (const it of itens) {
    const id = it.produtoId ?? it.servicoId;
    const produto = typeof id === 'number' ? precos.produtos.get(id) : undefined;
    const quantidade = decimalOuNulo(typedDecimal(String(it.quantidade ?? '')));
    const digitado = decimalOuNulo(typedDecimal(String(it.precoUnitario ?? '')));
    const preco = produto ? precoDaLinha(digitado, null, produto) : digitado;
    if (!produto || !quantidade || quantidade.lte(0) || !preco) {
      // A blank line (no product, no quantity) is not missing anything yet.
      if (typeof id === 'number' || quantidade) completo = false;
      linhas.set(it.key, { preco: preco ? preco.toFixed(2) : null, promocao: null, valorTotal: null });
      continue;
    }
    const c = calcularLinha({ produto, quantidade, preco, promocoes, agora, descontoPercentual: decimalOuNulo(typedDecimal(String(it.descontoPercentual ?? ''))), descontoValor: decimalOuNulo(typedDecimal(String(it.descontoValor ?? ''))) });
    linhas.set(it.key, { preco: c.precoUnitario, promocao: c.promocao?.descricao ?? null, valorTotal: c.valorTotal });
    totalProdutos = totalProdutos.plus(c.valorTotal);
  }
  const t = totaisDoPedido(totalProdutos, cabecalho);
  const informadas = Array.isArray(cabecalho.parcelas) && cabecalho.parcelas.length ? (cabecalho.parcelas as { vencimento: string; valor: string }[]) : null;
  const parcelas = informadas
    ? [...informadas].sort((a, b) => String(a.vencimento).localeCompare(String(b.vencimento))).map((p, i) => ({ numero: i + 1, vencimento: p.vencimento, valor: String(p.valor) }))
    : parcelasDoPedido(t.total, cabecalho.numeroParcelas, cabecalho.primeiroVencimento, agora.data);
  return {
    linhas,
    totalProdutos: t.totalProdutos,
    totalDesconto: t.totalDesconto,
    frete: (decimalOuNulo(cabecalho.frete) ?? new Decimal(0)).toFixed(2),
    outrasDespesas: (decimalOuNulo(cabecalho.outrasDespesas) ?? new Decimal(0)).toFixed(2),
    valorTotal: t.valorTotal,
    parcelas,
    completo,
  };
}
