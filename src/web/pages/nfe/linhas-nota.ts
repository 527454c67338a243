import { useSyncExternalStore } from 'react';
import { validarAjustes, type AjustesTributacao } from '../../../shared/fiscal/ajustes-tributacao.ts';
import { dec, sum, ZERO } from '../../../shared/fiscal/decimal.ts';
import { tributarLinhaNoContexto, valorDaLinha, type ContextoTributacao, type ProdutoTributavel, type TributosLinha } from '../../../shared/fiscal/tributar-linha.ts';
import { decimalDigitado } from '../../../shared/money.ts';
import { lookupItems } from '../../catalog/registry.ts';
import type { ImportacaoTela } from './ImportacaoLinha.tsx';

// The lines of emitir-nfe and their taxes, outside React: the store the items table, the tax editor of a line and the
// page's totals and payments subscribe to (one module, so the table and the editor do not import each other).

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

/**
 * The line taxed by the note's rules (the server's tributarLinha) with the adjustments given — the line's own, none
 * (null: what the rules alone give) or the ones being edited; undefined while the product's rules are not here.
 */
export function tributarNaBase(l: Linha, base: BaseTributaria | null, ajustes: AjustesTributacao | null | undefined) {
  const produto = l.produtoId && base ? base.produtos.get(l.produtoId) : undefined;
  if (!base || !produto) return undefined;
  return tributarLinhaNoContexto({ ...base.cabecalho, regras: base.regras }, produto, {
    quantidade: decimalDigitado(l.quantidade),
    valorUnitario: decimalDigitado(l.valorUnitario),
    valorDesconto: decimalDigitado(l.valorDesconto),
    valorFrete: l.valorFrete,
    valorOutros: l.valorOutros,
    ajustes,
    // own import: the DI's II, despesas aduaneiras and IOF, as the draft sends them (paraApi), so the IBS/CBS base is the server's
    ...(l.importacao ? { importacao: { vII: digitado(l.importacao.valorII), vDespAdu: digitado(l.importacao.valorDespesasAduaneiras), vIOF: digitado(l.importacao.valorIof) } } : {}),
  });
}

const digitado = (v: string) => (v.trim() === '' ? null : decimalDigitado(v));

/** One line with its taxes recomputed (only this line: the caller keeps every other line's object as it was). */
export function calcularLinha(l: Linha, base: BaseTributaria | null): Linha {
  const calculo = tributarNaBase(l, base, l.ajustes);
  if (!calculo) return l.calculo ? { ...l, calculo: undefined } : l;
  return { ...l, calculo };
}

export const valorSeguro = (l: Linha) => {
  try {
    return dec(valorDaLinha({ quantidade: decimalDigitado(l.quantidade), valorUnitario: decimalDigitado(l.valorUnitario), valorDesconto: decimalDigitado(l.valorDesconto), valorFrete: l.valorFrete, valorOutros: l.valorOutros }));
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
  // IBS (UF + municipal) and CBS of the lines that carry the group (issue 39); null when no line does
  const comIbs = linhas.filter((l) => l.calculo?.tributos?.ibsCbs);
  const ibsCbs = comIbs.length ? { ibs: t((x) => x.ibsCbs?.vIBS), cbs: t((x) => x.ibsCbs?.vCBS) } : null;
  // vNF as the server computes it (rule 610): goods − discount + ST + FCP-ST + freight + other + IPI
  return { produtos, icms, st, ipi, difal, ibsCbs, nota: produtos.plus(st).plus(ipi) };
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
