import { Button, Input, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { memo, useMemo, useState, useSyncExternalStore } from 'react';
import { dec } from '../../../shared/fiscal/decimal.ts';
import { formatBRL } from '../../../shared/money.ts';
import { BuscaSelect } from './BuscaSelect.tsx';
import { ImportacaoLinha, novaImportacao } from './ImportacaoLinha.tsx';
import { ImpostosLinha } from './ImpostosLinha.tsx';
import { LinhasNota, useLinha, valorSeguro, type Linha } from './linhas-nota.ts';

const brl = formatBRL;

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
    case 'ibscbs': {
      // IBS/CBS (issue 39): computed by the same tributarLinha as the server, when the group is compulsory
      const g = c.tributos.ibsCbs;
      if (!g) return <span data-testid={`ibscbs-linha-${n}`}>—</span>;
      return (
        <span data-testid={`ibscbs-linha-${n}`}>
          <div>IBS {brl(g.vIBS)}</div>
          <div>CBS {brl(g.vCBS)}</div>
          <div style={{ fontSize: 11, color: '#888' }}>CST {g.ibsCbs.CST} · {g.ibsCbs.cClassTrib}</div>
        </span>
      );
    }
    default:
      return null;
  }
});

type Campo = 'produto' | 'quantidade' | 'valorUnitario' | 'valorDesconto' | 'cfop' | 'icms' | 'st' | 'ipi' | 'difal' | 'ibscbs' | 'total' | 'acoes';

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
      col('ibscbs', 'IBS / CBS', 120, 'right'),
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
          scroll={{ x: 1460 }}
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
      <Table<{ chave: number }> size="small" virtual scroll={{ x: 1460, y: 520 }} pagination={false} rowKey="chave" dataSource={linhas} columns={columns} />
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
