import { Button, Input, Table, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { memo, useMemo } from 'react';
import { dec, sum, ZERO } from '../../../shared/fiscal/decimal.ts';
import { tributarLinhaNoContexto, valorDaLinha, type ContextoTributacao, type ProdutoTributavel, type TributosLinha } from '../../../shared/fiscal/tributar-linha.ts';
import { BuscaSelect } from './BuscaSelect.tsx';

export interface Linha {
  chave: number;
  produtoId: number | null;
  descricao?: string;
  quantidade: string;
  valorUnitario: string;
  valorDesconto: string;
  /** an order's freight and other costs spread over its lines (kept as they come) */
  valorFrete?: string;
  valorOutros?: string;
  /** the line's taxes by the rules (tributarLinha, the server's own function), or what the rules miss */
  calculo?: { tributos: TributosLinha; erro?: undefined } | { tributos?: undefined; erro: string };
}

/** What the screen knows to tax lines: the note's header as the server reads it, products cached one by one, the rules of their perfis. */
export interface BaseTributaria {
  cabecalho: Omit<ContextoTributacao, 'produtos' | 'regras'>;
  produtos: Map<number, ProdutoTributavel>;
  regras: ContextoTributacao['regras'];
}

/** Typed decimals: '1,5' and '1.5' alike; anything else stays as typed (the line then shows it invalid). */
const normal = (s: string | undefined) => (s ?? '').trim().replace(',', '.');

/** One line with its taxes recomputed (only this line: the caller keeps every other line's object as it was). */
export function calcularLinha(l: Linha, base: BaseTributaria | null): Linha {
  const produto = l.produtoId && base ? base.produtos.get(l.produtoId) : undefined;
  if (!base || !produto) return l.calculo ? { ...l, calculo: undefined } : l;
  const calculo = tributarLinhaNoContexto({ ...base.cabecalho, regras: base.regras }, produto, {
    quantidade: normal(l.quantidade),
    valorUnitario: normal(l.valorUnitario),
    valorDesconto: normal(l.valorDesconto),
    valorFrete: l.valorFrete,
    valorOutros: l.valorOutros,
  });
  return { ...l, calculo };
}

const brl = (v: string | number) => Number(v).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
const valorSeguro = (l: Linha) => {
  try {
    return dec(valorDaLinha({ quantidade: normal(l.quantidade), valorUnitario: normal(l.valorUnitario), valorDesconto: normal(l.valorDesconto), valorFrete: l.valorFrete, valorOutros: l.valorOutros }));
  } catch {
    return ZERO;
  }
};

/** The note's totals from its lines: goods (net of discounts, with freight and other costs), ICMS, ST, IPI, DIFAL and vNF. */
export function totaisDasLinhas(linhas: Linha[]) {
  const t = (f: (x: TributosLinha) => string | undefined) => sum(linhas.map((l) => (l.calculo?.tributos ? dec(f(l.calculo.tributos) ?? '0') : ZERO)));
  const produtos = sum(linhas.map(valorSeguro));
  const icms = t((x) => x.tributacao.icms.vICMS);
  const st = t((x) => x.tributacao.icms.vICMSST).plus(t((x) => x.tributacao.icms.vFCPST));
  const ipi = t((x) => x.tributacao.ipi?.vIPI);
  const difal = t((x) => x.tributacao.difal?.vICMSUFDest).plus(t((x) => x.tributacao.difal?.vFCPUFDest));
  // vNF as the server computes it (rule 610): goods − discount + ST + FCP-ST + freight + other + IPI
  return { produtos, icms, st, ipi, difal, nota: produtos.plus(st).plus(ipi) };
}

type SetLinha = (chave: number, p: Partial<Linha>) => void;

const Imposto = memo(function Imposto({ l, n, campo }: { l: Linha; n: number; campo: 'icms' | 'st' | 'ipi' | 'difal' | 'cfop' }) {
  const c = l.calculo;
  if (!c) return <span data-testid={`${campo}-linha-${n}`}>—</span>;
  if (!c.tributos) {
    return campo === 'cfop' ? (
      <Tooltip title={c.erro}>
        <Typography.Text type="danger" data-testid={`erro-tributos-linha-${n}`} ellipsis style={{ maxWidth: 90 }}>
          Sem regra
        </Typography.Text>
      </Tooltip>
    ) : (
      <span data-testid={`${campo}-linha-${n}`}>—</span>
    );
  }
  const t = c.tributos.tributacao;
  const pct = (p?: string) => (p ? <div style={{ fontSize: 11, color: '#888' }}>{p.replace('.', ',')}%</div> : null);
  switch (campo) {
    case 'cfop':
      return <span data-testid={`cfop-linha-${n}`}>{t.cfop} <span style={{ color: '#888' }}>{t.icms.CST ?? t.icms.CSOSN}</span></span>;
    case 'icms':
      return <span data-testid={`icms-linha-${n}`}>{brl(t.icms.vICMS)}{pct(t.icms.pICMS)}</span>;
    case 'st':
      return <span data-testid={`st-linha-${n}`}>{brl(dec(t.icms.vICMSST).plus(dec(t.icms.vFCPST)).toFixed(2))}{pct(t.icms.pICMSST)}</span>;
    case 'ipi':
      return <span data-testid={`ipi-linha-${n}`}>{brl(t.ipi?.vIPI ?? '0')}{pct(t.ipi?.pIPI)}</span>;
    case 'difal':
      return <span data-testid={`difal-linha-${n}`}>{brl(t.difal ? dec(t.difal.vICMSUFDest).plus(dec(t.difal.vFCPUFDest)).toFixed(2) : '0')}</span>;
  }
});

/** Each cell draws again only when its own line changed: typing in one line of 100 re-renders that row alone. */
const soEstaLinha = (a: Linha, b: Linha) => a !== b;

/**
 * The items of emitir-nfe: an antd virtual table (only the visible rows exist in the page), one object per line
 * so a keystroke recomputes and re-renders that line only; taxes from the same function the server issues with.
 */
export function ItensNfe({ linhas, setLinha, remover, editavel }: { linhas: Linha[]; setLinha: SetLinha; remover: (chave: number) => void; editavel: boolean }) {
  const columns = useMemo<ColumnType<Linha>[]>(
    () =>
      [
        {
          key: 'produto', title: 'Produto', width: 300,
          render: (_: unknown, l: Linha, i: number) => (
            <BuscaSelect ariaLabel={`Produto da linha ${i + 1}`} endpoint="Produtos" campo="descricao" rotulo={(p) => `${p.codigo ? `${p.codigo} - ` : ''}${p.descricao}`} value={l.produtoId} inicial={l.produtoId ? { value: l.produtoId, label: l.descricao ?? String(l.produtoId) } : null} onChange={(v, x) => setLinha(l.chave, { produtoId: v, descricao: x?.descricao, ...(x?.precoVenda != null ? { valorUnitario: String(x.precoVenda) } : {}) })} style={{ width: 280 }} />
          ),
        },
        { key: 'quantidade', title: 'Quantidade', width: 100, render: (_: unknown, l: Linha, i: number) => <Input aria-label={`Quantidade da linha ${i + 1}`} inputMode="decimal" value={l.quantidade} onChange={(e) => setLinha(l.chave, { quantidade: e.target.value })} /> },
        { key: 'valorUnitario', title: 'Valor unitário', width: 110, render: (_: unknown, l: Linha, i: number) => <Input aria-label={`Valor unitário da linha ${i + 1}`} inputMode="decimal" value={l.valorUnitario} onChange={(e) => setLinha(l.chave, { valorUnitario: e.target.value })} /> },
        { key: 'desconto', title: 'Desconto', width: 90, render: (_: unknown, l: Linha, i: number) => <Input aria-label={`Desconto da linha ${i + 1}`} inputMode="decimal" value={l.valorDesconto} onChange={(e) => setLinha(l.chave, { valorDesconto: e.target.value })} /> },
        { key: 'cfop', title: 'CFOP / CST', width: 100, render: (_: unknown, l: Linha, i: number) => <Imposto l={l} n={i + 1} campo="cfop" /> },
        { key: 'icms', title: 'ICMS', width: 100, align: 'right' as const, render: (_: unknown, l: Linha, i: number) => <Imposto l={l} n={i + 1} campo="icms" /> },
        { key: 'st', title: 'ICMS-ST', width: 100, align: 'right' as const, render: (_: unknown, l: Linha, i: number) => <Imposto l={l} n={i + 1} campo="st" /> },
        { key: 'ipi', title: 'IPI', width: 90, align: 'right' as const, render: (_: unknown, l: Linha, i: number) => <Imposto l={l} n={i + 1} campo="ipi" /> },
        { key: 'difal', title: 'DIFAL', width: 90, align: 'right' as const, render: (_: unknown, l: Linha, i: number) => <Imposto l={l} n={i + 1} campo="difal" /> },
        { key: 'total', title: 'Total', width: 110, align: 'right' as const, render: (_: unknown, l: Linha, i: number) => <span data-testid={`total-linha-${i + 1}`}>{brl(valorSeguro(l).toFixed(2))}</span> },
        { key: 'acoes', title: '', width: 90, render: (_: unknown, l: Linha) => (editavel ? <Button type="link" danger onClick={() => remover(l.chave)}>Remover</Button> : null) },
      ].map((c) => ({ ...c, shouldCellUpdate: soEstaLinha })),
    [setLinha, remover, editavel],
  );
  return <Table<Linha> size="small" virtual scroll={{ x: 1280, y: 520 }} pagination={false} rowKey="chave" dataSource={linhas} columns={columns} data-testid="itens-nfe" />;
}
