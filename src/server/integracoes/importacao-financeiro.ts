import Decimal from 'decimal.js';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { cancelarLancamento, criarLancamentosEmLote, DESPESA, LIMITE_LOTE, RECEITA } from '../financeiro/index.ts';
import { HttpError } from '../http/errors.ts';
import { MONEY_RE } from '../../shared/money.ts';

type Row = Record<string, any>;

/**
 * Open receivables and payables (contas a receber / a pagar em aberto) brought from another ERP: each row becomes a
 * one-parcela lançamento of the customer or supplier found by CPF/CNPJ, posted through Financeiro's public face
 * (criarLancamentosEmLote, set-based) with origem 'importacao'; the undo cancels them (cancelarLancamento) while
 * nothing settles or points at them. The column names are those Bling, Tiny and Omie write in their exports.
 */
export type TipoFinanceiro = 'contasReceber' | 'contasPagar';
export const ehFinanceiro = (t: string): t is TipoFinanceiro => t === 'contasReceber' || t === 'contasPagar';

const PESSOA_SINONIMOS = ['cliente', 'fornecedor', 'nome do cliente', 'nome do fornecedor', 'contato', 'nome do contato', 'cliente fornecedor', 'nome', 'razao social'];
const CPF_SINONIMOS = ['cpf cnpj', 'cnpj cpf', 'cpf', 'cnpj', 'cpf cnpj do cliente', 'cpf cnpj do fornecedor', 'cnpj cpf do cliente', 'cnpj cpf do fornecedor', 'cpf cnpj do contato', 'documento do cliente', 'documento do fornecedor'];

export const CAMPOS_FINANCEIRO = (tipo: TipoFinanceiro) => [
  { campo: 'cpfCnpj', titulo: tipo === 'contasReceber' ? 'CPF/CNPJ do cliente' : 'CPF/CNPJ do fornecedor', sinonimos: CPF_SINONIMOS },
  { campo: 'nome', titulo: tipo === 'contasReceber' ? 'Cliente' : 'Fornecedor', sinonimos: PESSOA_SINONIMOS },
  { campo: 'documento', titulo: 'Número do documento', sinonimos: ['numero do documento', 'numero documento', 'n documento', 'no documento', 'n do documento', 'documento', 'numero', 'nota fiscal', 'numero da nota'] },
  { campo: 'descricao', titulo: 'Histórico', sinonimos: ['historico', 'descricao', 'observacao', 'observacoes', 'obs'] },
  { campo: 'dataEmissao', titulo: 'Data de emissão', sinonimos: ['data de emissao', 'data emissao', 'emissao', 'data de competencia', 'competencia', 'data de registro'] },
  { campo: 'vencimento', titulo: 'Vencimento', sinonimos: ['vencimento', 'data de vencimento', 'data vencimento', 'vencto', 'data do vencimento'] },
  { campo: 'valor', titulo: 'Valor', sinonimos: ['valor', 'valor do documento', 'valor original', 'valor da conta', 'valor r', 'valor em aberto', 'saldo', 'saldo em aberto', 'valor a receber', 'valor a pagar'] },
];

export const EXEMPLO_FINANCEIRO: Record<string, string> = { cpfCnpj: '529.982.247-25', nome: 'Maria Aparecida da Silva', documento: 'NF 1234/1', descricao: 'Venda a prazo', dataEmissao: '01/11/2026', vencimento: '15/12/2026', valor: '1.234,56' };

export interface LinhaFinanceira {
  linha: number;
  situacao: 'valida' | 'existente' | 'erro';
  chave: string | null;
  dados: Row;
  erros: string[];
}

/** dd/MM/yyyy (or yyyy-mm-dd, as an XLSX date cell reads) to an ISO date; null when it is not a real day of 2000–2100. */
export function dataBr(t: string): string | null {
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const iso = m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : (m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t)) ? t : null;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso || iso < '2000-01-01' || iso > '2100-12-31') return null;
  return iso;
}

/** '1.234,56', '1234,56', 'R$ 1.234,56' or '1234.56' to '1234.56'; null when it is not an amount with up to 2 decimals. */
export function valorBr(t: string): string | null {
  let s = t.replace(/R\$|\s/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!MONEY_RE.test(s)) return null;
  return new Decimal(s).toFixed(2);
}

const hoje = () => new Date().toISOString().slice(0, 10);

/**
 * Checks every row: the person by CPF/CNPJ among the account's customers (receber) or suppliers (pagar), dates, the
 * amount with comma decimals; the same document of the same person and due date twice in the file is an error, and one
 * already open in Financeiro (same person, document, due date and amount, not cancelled) is skipped (existente).
 */
export async function conferirFinanceiro(q: Queryable, ctx: RequestContext, tipo: TipoFinanceiro, linhas: string[][], mapeamento: Record<string, number>): Promise<LinhaFinanceira[]> {
  const pessoaTipo = tipo === 'contasReceber' ? 0 : 1;
  const quem = tipo === 'contasReceber' ? 'cliente' : 'fornecedor';
  const cel = (l: string[], campo: string) => (mapeamento[campo] === undefined ? '' : (l[mapeamento[campo]] ?? '').trim());
  const docs = [...new Set(linhas.map((l) => cel(l, 'cpfCnpj').replace(/\D/g, '')).filter(Boolean))];
  const pessoas = new Map<string, number>();
  if (docs.length) {
    const r = await q.query<{ id: number; doc: string }>(`SELECT id, cpf_cnpj AS doc FROM pessoas WHERE tenant_id = $1 AND tipo = $2 AND cpf_cnpj = ANY($3::text[])`, [ctx.tenantId, pessoaTipo, docs]);
    for (const p of r.rows) if (!pessoas.has(p.doc)) pessoas.set(p.doc, Number(p.id));
  }
  const saida: LinhaFinanceira[] = [];
  const vistas = new Map<string, number>();
  /** The same account payable/receivable: person, document, due date and amount. */
  const mesmaConta = new Map<LinhaFinanceira, string>();
  for (let i = 0; i < linhas.length; i++) {
    const l = linhas[i];
    const numero = i + 2;
    const erros: string[] = [];
    const doc = cel(l, 'cpfCnpj').replace(/\D/g, '');
    let pessoaId: number | null = null;
    if (!doc) erros.push(`CPF/CNPJ do ${quem}: campo obrigatório.`);
    else if (doc.length !== 11 && doc.length !== 14) erros.push(`CPF/CNPJ do ${quem}: ${cel(l, 'cpfCnpj').slice(0, 20)} não é um CPF nem um CNPJ.`);
    else if (!pessoas.has(doc)) erros.push(`CPF/CNPJ ${doc}: ${quem} não cadastrado. Cadastre-o ou importe os ${quem === 'cliente' ? 'clientes' : 'fornecedores'} antes.`);
    else pessoaId = pessoas.get(doc)!;
    const vTexto = cel(l, 'vencimento');
    const vencimento = vTexto ? dataBr(vTexto) : null;
    if (!vTexto) erros.push('Vencimento: campo obrigatório.');
    else if (!vencimento) erros.push(`Vencimento: data inválida (${vTexto.slice(0, 20)}); use dd/mm/aaaa.`);
    const eTexto = cel(l, 'dataEmissao');
    const emissao = eTexto ? dataBr(eTexto) : null;
    if (eTexto && !emissao) erros.push(`Data de emissão: data inválida (${eTexto.slice(0, 20)}); use dd/mm/aaaa.`);
    const valTexto = cel(l, 'valor');
    const valor = valTexto ? valorBr(valTexto) : null;
    if (!valTexto) erros.push('Valor: campo obrigatório.');
    else if (!valor) erros.push(`Valor: valor inválido (${valTexto.slice(0, 20)}); use por exemplo 1.234,56.`);
    else if (new Decimal(valor).lte(0)) erros.push('Valor: deve ser maior que zero.');
    const documento = cel(l, 'documento').slice(0, 60) || null;
    const nome = cel(l, 'nome');
    let descricao = cel(l, 'descricao') || [documento ? `Documento ${documento}` : tipo === 'contasReceber' ? 'Conta a receber importada' : 'Conta a pagar importada', nome].filter(Boolean).join(' – ');
    if (descricao.length > 200) descricao = descricao.slice(0, 200);
    if (descricao.length < 2) erros.push('Histórico: informe de 2 a 200 caracteres.');
    const k = pessoaId && vencimento && valor ? `${pessoaId}|${documento ?? ''}|${vencimento}|${valor}` : null;
    if (k) {
      const antes = vistas.get(k);
      if (antes !== undefined) erros.push(`Conta repetida no arquivo (mesmo ${quem}, documento, vencimento e valor da linha ${antes}).`);
      else vistas.set(k, numero);
    }
    const dataEmissao = emissao ?? (vencimento && vencimento < hoje() ? vencimento : hoje());
    const linha: LinhaFinanceira = { linha: numero, situacao: erros.length ? 'erro' : 'valida', chave: doc || null, dados: { nome: nome || null, pessoaId, documento, descricao, dataEmissao, vencimento, valor }, erros };
    if (k) mesmaConta.set(linha, k);
    saida.push(linha);
  }
  // Already open in Financeiro: skipped, so the same file twice posts nothing twice.
  const validas = saida.filter((s) => s.situacao === 'valida');
  if (validas.length) {
    const r = await q.query<{ k: string }>(
      `SELECT DISTINCT l.pessoa_id || '|' || coalesce(l.documento, '') || '|' || p.vencimento::text || '|' || p.valor::numeric(15,2)::text AS k
         FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id
        WHERE l.tenant_id = $1 AND l.tipo = $2 AND NOT l.cancelado AND NOT p.cancelada AND l.pessoa_id = ANY($3::integer[])`,
      [ctx.tenantId, tipo === 'contasReceber' ? RECEITA : DESPESA, [...new Set(validas.map((v) => v.dados.pessoaId))]],
    );
    const existentes = new Set(r.rows.map((x) => x.k));
    for (const s of validas) if (existentes.has(mesmaConta.get(s)!)) s.situacao = 'existente';
  }
  return saida;
}

/** Posts the valid rows through Financeiro (criarLancamentosEmLote, in the caller's transaction); returns {linha, id}. */
export async function importarFinanceiro(q: Queryable, ctx: RequestContext, tipo: TipoFinanceiro, importacaoId: number, linhas: LinhaFinanceira[]): Promise<{ linha: number; id: number }[]> {
  const validas = linhas.filter((l) => l.situacao === 'valida');
  const criados: { linha: number; id: number }[] = [];
  for (let i = 0; i < validas.length; i += LIMITE_LOTE) {
    const parte = validas.slice(i, i + LIMITE_LOTE);
    const feitos = await criarLancamentosEmLote(
      q,
      ctx,
      parte.map((l) => ({
        tipo: tipo === 'contasReceber' ? RECEITA : DESPESA,
        descricao: l.dados.descricao,
        documento: l.dados.documento,
        dataEmissao: l.dados.dataEmissao,
        valorTotal: l.dados.valor,
        primeiroVencimento: l.dados.vencimento,
        pessoaId: l.dados.pessoaId,
        origemTipo: 'importacao',
        origemId: importacaoId,
      })),
    );
    parte.forEach((l, k) => criados.push({ linha: l.linha, id: feitos[k].id }));
  }
  return criados;
}

/**
 * Undo: every lançamento the import posted is cancelled through Financeiro, unless one is settled (a baixa) or pointed
 * at (a boleto, a Pix charge…: any foreign key to its parcelas, read from the catalogue): then nothing changes (409).
 */
export async function desfazerFinanceiro(q: Queryable, ctx: RequestContext, criados: { linha: number; id: number }[]): Promise<void> {
  if (!criados.length) return;
  const ids = criados.map((c) => c.id);
  const linhaDe = new Map(criados.map((c) => [c.id, c.linha]));
  const baixadas = await q.query<{ id: number }>(`SELECT DISTINCT lancamento_id AS id FROM parcelas WHERE tenant_id = $1 AND lancamento_id = ANY($2::integer[]) AND valor_baixado <> 0 ORDER BY 1 LIMIT 1`, [ctx.tenantId, ids]);
  if (baixadas.rows[0]) throw new HttpError(409, `Não é possível desfazer: a conta da linha ${linhaDe.get(Number(baixadas.rows[0].id))} já tem baixa. Estorne a baixa antes. Nada foi cancelado.`);
  const fks = await q.query<{ tabela: string; coluna: string }>(
    `SELECT c.conrelid::regclass::text AS tabela, a.attname AS coluna
       FROM pg_constraint c JOIN LATERAL unnest(c.conkey) AS k(attnum) ON true JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
      WHERE c.contype = 'f' AND c.confrelid = 'parcelas'::regclass AND a.attname <> 'tenant_id' AND c.conrelid <> 'parcelas'::regclass`,
  );
  for (const f of fks.rows) {
    const r = await q.query<{ id: number }>(
      `SELECT p.lancamento_id AS id FROM ${f.tabela} x JOIN parcelas p ON p.tenant_id = x.tenant_id AND p.id = x."${f.coluna}" WHERE x.tenant_id = $1 AND p.lancamento_id = ANY($2::integer[]) LIMIT 1`,
      [ctx.tenantId, ids],
    );
    if (r.rows[0]) throw new HttpError(409, `Não é possível desfazer: a conta da linha ${linhaDe.get(Number(r.rows[0].id))} já está em uso (${f.tabela}). Nada foi cancelado.`);
  }
  for (const id of ids) {
    const l = await q.query<{ cancelado: boolean }>('SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
    if (!l.rows[0] || l.rows[0].cancelado) continue; // cancelled by hand since: nothing to undo
    await cancelarLancamento(q, ctx, id);
  }
}
