import archiver from 'archiver';
import Decimal from 'decimal.js';
import { PassThrough, type Readable } from 'node:stream';
import { formatBRL } from '../../../shared/money.ts';
import type { Queryable } from '../../db/db.ts';
import { escreverArquivo, ForaDoLayout, layoutsBalanca, maximoDoCampo, type LayoutBalanca, type Registro, type TipoRegistro } from './layout.ts';

/** A product flagged for the scale, as the load needs it (decimals as strings). */
export interface ProdutoBalanca {
  id: number;
  descricao: string;
  plu: number | null;
  venda: 'peso' | 'unidade';
  preco: string | null;
  validadeDias: number | null;
  departamento: number | null;
  categoria: string | null;
  tara: string | null;
  texto: string | null;
  nutri: {
    porcao: string | null;
    valorEnergetico: string | null;
    carboidratos: string | null;
    acucaresTotais: string | null;
    acucaresAdicionados: string | null;
    proteinas: string | null;
    gordurasTotais: string | null;
    gordurasSaturadas: string | null;
    gordurasTrans: string | null;
    fibras: string | null;
    sodio: string | null;
  };
}

/** A problem that stops the load, naming the product (and where to fix it). */
export interface ProblemaBalanca {
  produtoId: number;
  produto: string;
  mensagem: string;
  link: string;
}

export class CargaRecusada extends Error {
  constructor(public problemas: ProblemaBalanca[]) {
    super(problemas.map((p) => p.mensagem).join(' '));
  }
}

/** The account's active products flagged for the scale, by PLU (those without one first: they are the problem). */
export async function produtosDaBalanca(q: Queryable, tenantId: number): Promise<ProdutoBalanca[]> {
  const r = await q.query<Record<string, any>>(
    `SELECT p.id, p.descricao, p.balanca_plu, p.balanca_venda, p.preco_venda::text AS preco_venda, p.balanca_validade_dias, p.balanca_departamento, c.descricao AS categoria,
            p.balanca_tara::text AS balanca_tara, p.balanca_texto, p.nutri_porcao::text AS nutri_porcao, p.nutri_valor_energetico::text AS nutri_valor_energetico,
            p.nutri_carboidratos::text AS nutri_carboidratos, p.nutri_acucares_totais::text AS nutri_acucares_totais, p.nutri_acucares_adicionados::text AS nutri_acucares_adicionados,
            p.nutri_proteinas::text AS nutri_proteinas, p.nutri_gorduras_totais::text AS nutri_gorduras_totais, p.nutri_gorduras_saturadas::text AS nutri_gorduras_saturadas,
            p.nutri_gorduras_trans::text AS nutri_gorduras_trans, p.nutri_fibras::text AS nutri_fibras, p.nutri_sodio::text AS nutri_sodio
       FROM produtos p LEFT JOIN categorias_produto c ON c.tenant_id = p.tenant_id AND c.id = p.categoria_id
      WHERE p.tenant_id = $1 AND p.balanca AND p.ativo AND NOT p.servico
      ORDER BY p.balanca_plu NULLS FIRST, p.id`,
    [tenantId],
  );
  return r.rows.map((p) => ({
    id: Number(p.id),
    descricao: p.descricao,
    plu: p.balanca_plu === null ? null : Number(p.balanca_plu),
    venda: p.balanca_venda === 'unidade' ? 'unidade' : 'peso',
    preco: p.preco_venda,
    validadeDias: p.balanca_validade_dias === null ? null : Number(p.balanca_validade_dias),
    departamento: p.balanca_departamento === null ? null : Number(p.balanca_departamento),
    categoria: p.categoria ?? null,
    tara: p.balanca_tara,
    texto: p.balanca_texto,
    nutri: {
      porcao: p.nutri_porcao,
      valorEnergetico: p.nutri_valor_energetico,
      carboidratos: p.nutri_carboidratos,
      acucaresTotais: p.nutri_acucares_totais,
      acucaresAdicionados: p.nutri_acucares_adicionados,
      proteinas: p.nutri_proteinas,
      gordurasTotais: p.nutri_gorduras_totais,
      gordurasSaturadas: p.nutri_gorduras_saturadas,
      gordurasTrans: p.nutri_gorduras_trans,
      fibras: p.nutri_fibras,
      sodio: p.nutri_sodio,
    },
  }));
}

// A portion size (g or ml) is a measure, not money: a plain number compares it.
const temNutri = (p: ProdutoBalanca) => !!p.nutri.porcao && Number(p.nutri.porcao) > 0;
const temTexto = (p: ProdutoBalanca) => (p.texto ?? '').trim().length > 2;
const zero = (v: string | null) => v ?? '0';

/**
 * RDC 429/2020 (Anexo XV) high-content front label, solids: per 100 g, added sugars >= 15 g, saturated fat
 * >= 6 g, sodium >= 600 mg. The scale prints the magnifier from these three flags.
 */
function alto(valorPorcao: string | null, porcao: string, limite: number): number {
  if (!valorPorcao) return 0;
  return new Decimal(valorPorcao).times(100).div(porcao).gte(limite) ? 1 : 0;
}

/** The record sets every layout reads its lines from (one set per kind of record). */
export function registrosDaCarga(produtos: ProdutoBalanca[]): Record<TipoRegistro, Registro[]> {
  const taras = [...new Set(produtos.filter((p) => p.tara && new Decimal(p.tara).gt(0)).map((p) => new Decimal(p.tara!).toFixed(3)))].sort((a, b) => new Decimal(a).cmp(b));
  const codigoTara = new Map(taras.map((t, i) => [t, i + 1]));
  const departamentos = new Map<number, string>();
  for (const p of produtos) if (p.departamento && !departamentos.has(p.departamento)) departamentos.set(p.departamento, p.categoria ?? `Departamento ${p.departamento}`);
  const itens: Registro[] = produtos.map((p, i) => ({
    plu: p.plu,
    venda: p.venda,
    descricao: p.descricao,
    preco: p.preco,
    validadeDias: p.validadeDias ?? 0,
    departamento: p.departamento ?? 0,
    departamentoDescricao: p.departamento ? departamentos.get(p.departamento) : '',
    codigoTexto: temTexto(p) ? p.plu : 0,
    codigoNutricional: temNutri(p) ? p.plu : 0,
    imprimeValidade: p.validadeDias ? 1 : 0,
    imprimeEmbalagem: 1,
    codigoTara: p.tara && new Decimal(p.tara).gt(0) ? codigoTara.get(new Decimal(p.tara).toFixed(3)) : 0,
    tara: p.tara ?? '0',
    sequencia: i + 1,
    vazio: '',
    produto: p.descricao,
  }));
  const nutricionais: Registro[] = produtos.filter(temNutri).map((p) => {
    const n = p.nutri;
    return {
      codigo: p.plu,
      plu: p.plu,
      descricao: p.descricao,
      produto: p.descricao,
      porcao: n.porcao,
      porcoesEmbalagem: 0,
      valorEnergetico: zero(n.valorEnergetico),
      carboidratos: zero(n.carboidratos),
      acucaresTotais: zero(n.acucaresTotais),
      acucaresAdicionados: zero(n.acucaresAdicionados),
      proteinas: zero(n.proteinas),
      gordurasTotais: zero(n.gordurasTotais),
      gordurasSaturadas: zero(n.gordurasSaturadas),
      gordurasTrans: zero(n.gordurasTrans),
      fibras: zero(n.fibras),
      sodio: zero(n.sodio),
      altoAcucar: alto(n.acucaresAdicionados, n.porcao!, 15),
      altoGordura: alto(n.gordurasSaturadas, n.porcao!, 6),
      altoSodio: alto(n.sodio, n.porcao!, 600),
    };
  });
  return {
    itens,
    departamentos: [...departamentos].sort((a, b) => a[0] - b[0]).map(([codigo, descricao]) => ({ codigo, descricao })),
    textos: produtos.filter(temTexto).map((p) => ({ codigo: p.plu, plu: p.plu, observacao: '', texto: p.texto!.trim(), produto: p.descricao })),
    nutricionais,
    taras: taras.map((t, i) => ({ codigo: i + 1, valor: t, descricao: `Tara ${t.replace('.', ',')} kg` })),
  };
}

const linkProduto = (id: number) => `/pages/estoque/produtos/editar/${id}`;

/** What stops a product going to this scale: no PLU, no price, a price or PLU wider than the layout's field. */
export function problemasDaCarga(layout: LayoutBalanca, produtos: ProdutoBalanca[]): ProblemaBalanca[] {
  const itens = layout.arquivos.find((a) => a.registros === 'itens')!;
  const campoPreco = itens.campos.find((c) => c.campo === 'preco')!;
  const campoPlu = itens.campos.find((c) => c.campo === 'plu')!;
  const maxPreco = maximoDoCampo(campoPreco);
  const maxPlu = maximoDoCampo(campoPlu);
  const out: ProblemaBalanca[] = [];
  for (const p of produtos) {
    const nome = `O produto "${p.descricao}"`;
    const add = (mensagem: string) => out.push({ produtoId: p.id, produto: p.descricao, mensagem, link: linkProduto(p.id) });
    if (p.plu === null) add(`${nome} está marcado para a balança sem código PLU.`);
    else if (maxPlu.lt(p.plu)) add(`${nome} tem o PLU ${p.plu}, maior do que a ${layout.titulo} aceita (até ${maxPlu.toFixed(0)}).`);
    const preco = p.preco === null ? null : new Decimal(p.preco);
    if (preco === null || preco.lte(0)) add(`${nome} está sem preço de venda.`);
    else if (preco.gt(maxPreco)) add(`${nome} custa ${formatBRL(p.preco)}, acima do que a ${layout.titulo} aceita (até ${formatBRL(maxPreco.toFixed(2))}).`);
  }
  return out;
}

export interface ArquivoGerado {
  nome: string;
  conteudo: Buffer;
  linhas: number;
}

/** Every file of the load for one scale model (files with no lines are left out), or the products that stop it. */
export function gerarCarga(layout: LayoutBalanca, produtos: ProdutoBalanca[]): ArquivoGerado[] {
  if (!produtos.length) throw new CargaRecusada([{ produtoId: 0, produto: '', mensagem: 'Nenhum produto ativo está marcado para a balança. Marque-os no cadastro do produto, aba Balança.', link: '/pages/estoque/produtos' }]);
  const problemas = problemasDaCarga(layout, produtos);
  if (problemas.length) throw new CargaRecusada(problemas);
  const registros = registrosDaCarga(produtos);
  const out: ArquivoGerado[] = [];
  for (const arquivo of layout.arquivos) {
    const rs = registros[arquivo.registros];
    if (!rs.length) continue;
    try {
      out.push({ nome: arquivo.nome, conteudo: escreverArquivo(layout, arquivo, rs), linhas: rs.length });
    } catch (e) {
      if (!(e instanceof ForaDoLayout)) throw e;
      // Which record: find it again (rare path; the writer stops at the first).
      const culpado = rs.find((r) => {
        try {
          escreverArquivo(layout, arquivo, [r]);
          return false;
        } catch {
          return true;
        }
      });
      const produto = String(culpado?.produto ?? culpado?.descricao ?? '');
      const p = produtos.find((x) => x.descricao === produto);
      throw new CargaRecusada([{ produtoId: p?.id ?? 0, produto, mensagem: `O produto "${produto}": ${e.campo} ${e.valor} não cabe no arquivo ${arquivo.nome} da ${layout.titulo} (${e.tamanho} posições).`, link: p ? linkProduto(p.id) : '/pages/estoque/produtos' }]);
    }
  }
  return out;
}

/** The load as one ZIP, streamed (archiver): the files of gerarCarga, in layout order. */
export function zipDaCarga(arquivos: ArquivoGerado[]): Readable {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const saida = new PassThrough();
  zip.on('error', (e) => saida.destroy(e));
  zip.pipe(saida);
  for (const a of arquivos) zip.append(a.conteudo, { name: a.nome, date: new Date() });
  void zip.finalize();
  return saida;
}

export function layoutDoModelo(modelo: string): LayoutBalanca | undefined {
  return layoutsBalanca().get(modelo);
}
