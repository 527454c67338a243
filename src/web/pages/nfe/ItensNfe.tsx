import { Button, Input, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { memo, useMemo, useState, useSyncExternalStore } from 'react';
import { validarAjustes, type AjustesTributacao } from '../../../shared/fiscal/ajustes-tributacao.ts';
import { dec, sum, ZERO } from '../../../shared/fiscal/decimal.ts';
import { tributarLinhaNoContexto, valorDaLinha, type ContextoTributacao, type ProdutoTributavel, type TributosLinha } from '../../../shared/fiscal/tributar-linha.ts';
import { formatBRL } from '../../../shared/money.ts';
import { lookupItems } from '../../schemas/registry.ts';
import { BuscaSelect } from './BuscaSelect.tsx';
import { ImportacaoLinha, novaImportacao, type ImportacaoTela } from './ImportacaoLinha.tsx';
import { ImpostosLinha } from './ImpostosLinha.tsx';

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
  /** own import: the line's DIs and II group, as typed */
  importacao?: ImportacaoTela;
  /** what the user changed in the line's taxes ("Impostos" of the line): put over the rule, kept with the draft */
  ajustes?: AjustesTributacao;
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
    ajustes: l.ajustes,
  });
  return { ...l, calculo };
}

const brl = formatBRL;
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

/**
 * The note's lines outside React state: each row subscribes to its own line, the totals and the payments to the
 * totals, the page to the set of products only. A keystroke replaces one line object, recomputes its taxes and
 * wakes that row and the totals — the page, the header and the other 99 rows do not render again.
 */
export class LinhasNota {
  private linhas: Linha[] = [];
  private porChave = new Map<number, Linha>();
  private base: BaseTributaria | null = null;
  private ouvintes = new Set<() => void>();
  private ouvintesLinha = new Map<number, Set<() => void>>();
  private totaisCache: { de: Linha[]; t: ReturnType<typeof totaisDasLinhas> } | null = null;
  private chavesCache: { de: Linha[]; v: { chave: number }[] } | null = null;

  todas = () => this.linhas;
  linha = (chave: number) => this.porChave.get(chave);
  /** Rows of the table: one stable object per line key (changes only when lines come or go). */
  chaves = () => {
    if (this.chavesCache?.de !== this.linhas) {
      const antes = this.chavesCache?.v ?? [];
      const iguais = antes.length === this.linhas.length && antes.every((c, i) => c.chave === this.linhas[i].chave);
      this.chavesCache = { de: this.linhas, v: iguais ? antes : this.linhas.map((l) => ({ chave: l.chave })) };
    }
    return this.chavesCache.v;
  };
  totais = () => {
    if (this.totaisCache?.de !== this.linhas) this.totaisCache = { de: this.linhas, t: totaisDasLinhas(this.linhas) };
    return this.totaisCache.t;
  };
  /** The products of the lines, as a key ('1,5,9'): the page asks the rules of new ones. */
  produtos = () => [...new Set(this.linhas.map((l) => l.produtoId).filter((v): v is number => !!v))].join(',');

  ouvir = (f: () => void) => {
    this.ouvintes.add(f);
    return () => void this.ouvintes.delete(f);
  };
  ouvirLinha = (chave: number, f: () => void) => {
    const s = this.ouvintesLinha.get(chave) ?? new Set();
    this.ouvintesLinha.set(chave, s);
    s.add(f);
    return () => void s.delete(f);
  };

  /** Every line replaced (a draft loaded, a line added or removed), taxed with the current rules. */
  definir(linhas: Linha[]) {
    this.linhas = linhas.map((l) => calcularLinha(l, this.base));
    this.porChave = new Map(this.linhas.map((l) => [l.chave, l]));
    for (const s of this.ouvintesLinha.values()) for (const f of s) f();
    for (const f of this.ouvintes) f();
  }
  /** New rules (header changed, products arrived): every line taxed again. */
  definirBase(base: BaseTributaria | null) {
    this.base = base;
    this.definir(this.linhas);
  }
  baseAtual = () => this.base;
  /** One line typed in: only it is recomputed, only its row and the totals are told. */
  alterar(chave: number, p: Partial<Linha>) {
    const i = this.linhas.findIndex((l) => l.chave === chave);
    if (i < 0) return;
    const nova = calcularLinha({ ...this.linhas[i], ...p }, this.base);
    this.linhas = this.linhas.slice();
    this.linhas[i] = nova;
    this.porChave.set(chave, nova);
    for (const f of this.ouvintesLinha.get(chave) ?? []) f();
    for (const f of this.ouvintes) f();
  }
  remover(chave: number) {
    this.definir(this.linhas.filter((l) => l.chave !== chave));
  }
}

/**
 * Before saving: the lines' tax adjustments judged again by the server's rules (validarAjustes) in the note's current
 * context — a header changed after an adjustment (another UF, another natureza) may make it one the law forbids.
 * Fields named as the server names them (itens/<i>/ajustes/<campo>, i among the lines with a product).
 */
export function errosDosAjustes(store: LinhasNota): { campo: string; mensagem: string }[] {
  const base = store.baseAtual();
  if (!base) return [];
  const cfops = lookupItems('cfop');
  const tabela = cfops ? new Set(cfops.map((i) => String(i.value))) : null;
  return store
    .todas()
    .filter((l) => l.produtoId)
    .flatMap((l, i) => {
      const produto = l.ajustes ? base.produtos.get(l.produtoId!) : undefined;
      if (!produto) return [];
      return validarAjustes(l.ajustes, { ...base.cabecalho, produto, regras: base.regras }, tabela ? (c) => tabela.has(c) : undefined).map((e) => ({ campo: `itens/${i}/ajustes/${e.campo}`, mensagem: `Item ${i + 1}: ${e.mensagem}` }));
    });
}

/** The line of a row, re-rendering when that line (and only it) changes. */
export function useLinha(store: LinhasNota, chave: number): Linha | undefined {
  return useSyncExternalStore(
    (f) => store.ouvirLinha(chave, f),
    () => store.linha(chave),
  );
}

/** The note's totals, re-rendering when a line changes. */
export function useTotais(store: LinhasNota) {
  return useSyncExternalStore(store.ouvir, store.totais);
}

const Imposto = memo(function Imposto({ l, n, campo }: { l: Linha; n: number; campo: Campo }) {
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
      return (
        <span data-testid={`cfop-linha-${n}`}>
          {t.cfop} <span style={{ color: '#888' }}>{t.icms.CST ?? t.icms.CSOSN}</span>
          {l.ajustes ? (
            <Tag color="orange" data-testid={`ajustado-linha-${n}`} style={{ marginLeft: 4, marginInlineEnd: 0 }}>
              ajustado
            </Tag>
          ) : null}
        </span>
      );
    case 'icms':
      return <span data-testid={`icms-linha-${n}`}>{brl(t.icms.vICMS)}{pct(t.icms.pICMS)}</span>;
    case 'st':
      return <span data-testid={`st-linha-${n}`}>{brl(dec(t.icms.vICMSST).plus(dec(t.icms.vFCPST)).toFixed(2))}{pct(t.icms.pICMSST)}</span>;
    case 'ipi':
      return <span data-testid={`ipi-linha-${n}`}>{brl(t.ipi?.vIPI ?? '0')}{pct(t.ipi?.pIPI)}</span>;
    case 'difal':
      return <span data-testid={`difal-linha-${n}`}>{brl(t.difal ? dec(t.difal.vICMSUFDest).plus(dec(t.difal.vFCPUFDest)).toFixed(2) : '0')}</span>;
    default:
      return null;
  }
});

type Campo = 'produto' | 'quantidade' | 'valorUnitario' | 'valorDesconto' | 'cfop' | 'icms' | 'st' | 'ipi' | 'difal' | 'total' | 'acoes';

/** The actions of a line ("Impostos", "Remover"): they depend only on the line having a product, so a keystroke does not draw them again. */
const Acoes = memo(function Acoes({ store, chave, n, abrir }: { store: LinhasNota; chave: number; n: number; abrir: (e: { chave: number; n: number }) => void }) {
  const temProduto = useSyncExternalStore(
    (f) => store.ouvirLinha(chave, f),
    () => !!store.linha(chave)?.produtoId,
  );
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Button type="link" size="small" aria-label={`Impostos da linha ${n}`} disabled={!temProduto} onClick={() => abrir({ chave, n })}>
        Impostos
      </Button>
      <Button type="link" size="small" danger onClick={() => store.remover(chave)}>
        Remover
      </Button>
    </span>
  );
});

const rotuloProduto = (p: Record<string, any>) => `${p.codigo ? `${p.codigo} - ` : ''}${p.descricao}`;
const LARGURA_PRODUTO = { width: 280 };

/** The product of a line: drawn again only when the product changes, not on every keystroke of its quantity or price. */
const ProdutoDaLinha = memo(function ProdutoDaLinha({ store, chave, n }: { store: LinhasNota; chave: number; n: number }) {
  // a primitive (product and its name) so a keystroke elsewhere in the line keeps it equal and does not re-render
  const chaveProduto = useSyncExternalStore(
    (f) => store.ouvirLinha(chave, f),
    () => {
      const l = store.linha(chave);
      return l?.produtoId ? `${l.produtoId}|${l.descricao ?? ''}` : '';
    },
  );
  const produtoId = chaveProduto ? Number(chaveProduto.slice(0, chaveProduto.indexOf('|'))) : null;
  const descricao = chaveProduto.slice(chaveProduto.indexOf('|') + 1);
  const inicial = useMemo(() => (produtoId ? { value: produtoId, label: descricao || String(produtoId) } : null), [produtoId, descricao]);
  return (
    <BuscaSelect
      ariaLabel={`Produto da linha ${n}`}
      endpoint="Produtos"
      campo="descricao"
      rotulo={rotuloProduto}
      value={produtoId}
      inicial={inicial}
      onChange={(v, x) => store.alterar(chave, { produtoId: v, descricao: x?.descricao, ...(x?.precoVenda != null ? { valorUnitario: String(x.precoVenda) } : {}) })}
      style={LARGURA_PRODUTO}
    />
  );
});

/** One cell of a line, subscribed to that line only. */
const Celula = memo(function Celula({ store, chave, n, campo, editavel, abrir }: { store: LinhasNota; chave: number; n: number; campo: Campo; editavel: boolean; abrir: (e: { chave: number; n: number }) => void }) {
  if (campo === 'acoes') return editavel ? <Acoes store={store} chave={chave} n={n} abrir={abrir} /> : null;
  if (campo === 'produto') return <ProdutoDaLinha store={store} chave={chave} n={n} />;
  return <CelulaDaLinha store={store} chave={chave} n={n} campo={campo} />;
});

const CelulaDaLinha = memo(function CelulaDaLinha({ store, chave, n, campo }: { store: LinhasNota; chave: number; n: number; campo: Campo }) {
  const l = useLinha(store, chave);
  if (!l) return null;
  const set = (p: Partial<Linha>) => store.alterar(chave, p);
  switch (campo) {
    case 'quantidade':
      return <Input aria-label={`Quantidade da linha ${n}`} inputMode="decimal" value={l.quantidade} onChange={(e) => set({ quantidade: e.target.value })} />;
    case 'valorUnitario':
      return <Input aria-label={`Valor unitário da linha ${n}`} inputMode="decimal" value={l.valorUnitario} onChange={(e) => set({ valorUnitario: e.target.value })} />;
    case 'valorDesconto':
      return <Input aria-label={`Desconto da linha ${n}`} inputMode="decimal" value={l.valorDesconto} onChange={(e) => set({ valorDesconto: e.target.value })} />;
    case 'total':
      return <span data-testid={`total-linha-${n}`}>{brl(valorSeguro(l).toFixed(2))}</span>;
    default:
      return <Imposto l={l} n={n} campo={campo} />;
  }
});

/**
 * The items of emitir-nfe: an antd virtual table (only the visible rows exist in the page) whose rows are the
 * lines' keys; each cell subscribes to its line, so a keystroke recomputes and re-renders that line only. Taxes
 * come from the same function the server issues with.
 */
export const ItensNfe = memo(function ItensNfe({ store, editavel, importacao = false }: { store: LinhasNota; editavel: boolean; importacao?: boolean }) {
  const linhas = useSyncExternalStore(store.ouvir, store.chaves);
  // the line whose "Impostos" are open (one editor for the table)
  const [editando, setEditando] = useState<{ chave: number; n: number } | null>(null);
  const columns = useMemo<ColumnType<{ chave: number }>[]>(() => {
    const col = (campo: Campo, title: string, width: number, align?: 'right') => ({
      key: campo,
      title,
      width,
      ...(align ? { align } : {}),
      render: (_: unknown, r: { chave: number }, i: number) => <Celula store={store} chave={r.chave} n={i + 1} campo={campo} editavel={editavel} abrir={setEditando} />,
    });
    return [
      col('produto', 'Produto', 300),
      col('quantidade', 'Quantidade', 100),
      col('valorUnitario', 'Valor unitário', 110),
      col('valorDesconto', 'Desconto', 90),
      col('cfop', 'CFOP / CST', 100),
      col('icms', 'ICMS', 100, 'right'),
      col('st', 'ICMS-ST', 100, 'right'),
      col('ipi', 'IPI', 90, 'right'),
      col('difal', 'DIFAL', 90, 'right'),
      col('total', importacao ? 'Valor aduaneiro' : 'Total', 110, 'right'),
      col('acoes', '', 150),
    ];
  }, [store, editavel, importacao]);
  const editor = editando ? <ImpostosLinha store={store} chave={editando.chave} n={editando.n} onFechar={() => setEditando(null)} /> : null;
  // An own import (few lines, each with its DIs under it): a plain table with every line's DI editor open.
  if (importacao) {
    return (
      <>
        <Table<{ chave: number }>
          size="small"
          scroll={{ x: 1340 }}
          pagination={false}
          rowKey="chave"
          dataSource={linhas}
          columns={columns}
          expandable={{ showExpandColumn: false, expandedRowKeys: linhas.map((l) => l.chave), expandedRowRender: (r, i) => <ImportacaoDaLinha store={store} chave={r.chave} n={i + 1} /> }}
        />
        {editor}
      </>
    );
  }
  return (
    <>
      <Table<{ chave: number }> size="small" virtual scroll={{ x: 1340, y: 520 }} pagination={false} rowKey="chave" dataSource={linhas} columns={columns} />
      {editor}
    </>
  );
});

/** The DI(s) and II group of one imported line, subscribed to that line. */
const ImportacaoDaLinha = memo(function ImportacaoDaLinha({ store, chave, n }: { store: LinhasNota; chave: number; n: number }) {
  const l = useLinha(store, chave);
  if (!l) return null;
  return <ImportacaoLinha linha={n} valor={l.importacao ?? novaImportacao()} onChange={(t) => store.alterar(chave, { importacao: t })} />;
});
