import Decimal from 'decimal.js';
import type ExcelJSModule from 'exceljs';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { lazyRequire } from '../lazy-require.ts';
import type { ResourceDef, ResourceRegistry } from '../resources/registry.ts';
import type { FieldSwitches, ResourceService } from '../resources/crud.ts';
import { lerPlanilha } from './importacao-arquivo.ts';
import { CAMPOS_FINANCEIRO, conferirFinanceiro, desfazerFinanceiro, ehFinanceiro, EXEMPLO_FINANCEIRO, importarFinanceiro, type TipoFinanceiro } from './importacao-financeiro.ts';
import { movimentar } from '../estoque/movimentos.ts';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import { QUANTITY_RE } from '../../shared/money.ts';

const excelJs = lazyRequire<typeof ExcelJSModule>('exceljs');

type Row = Record<string, any>;

/**
 * Importação de dados (issue 40 item 4): registers exported by another ERP (Bling, Tiny, Omie) come in as CSV or
 * XLSX; each column is mapped to a field of the resource document (guessed from the column names those ERPs
 * write, or the mapping last confirmed for a file with the same header); every row is checked by the same
 * ResourceService.validate (the resource's JSON Schema, rules and brand switches) the API and the forms use,
 * and created by ResourceService.create (hooks and webhook events included), in one transaction.
 */
export type TipoImportacao = 'clientes' | 'fornecedores' | 'transportadores' | 'produtos' | TipoFinanceiro;

interface Campo {
  campo: string;
  titulo: string;
  /** Column names other ERPs export for it (compared without accents, case, spaces or punctuation). */
  sinonimos: string[];
}

const PESSOA: Campo[] = [
  { campo: 'nome', titulo: 'Nome / Razão social', sinonimos: ['nome', 'razao social', 'nome razao social', 'razao social nome', 'cliente', 'fornecedor', 'transportador', 'nome do cliente', 'nome do fornecedor'] },
  { campo: 'fantasia', titulo: 'Nome fantasia', sinonimos: ['fantasia', 'nome fantasia'] },
  { campo: 'cpfCnpj', titulo: 'CPF/CNPJ', sinonimos: ['cpf cnpj', 'cnpj cpf', 'cpf', 'cnpj', 'cpf ou cnpj', 'cnpj ou cpf', 'documento'] },
  { campo: 'inscricaoEstadual', titulo: 'Inscrição estadual', sinonimos: ['inscricao estadual', 'ie', 'ie rg', 'insc estadual'] },
  { campo: 'email', titulo: 'E-mail', sinonimos: ['email', 'e mail', 'email principal'] },
  { campo: 'telefone', titulo: 'Telefone', sinonimos: ['telefone', 'fone', 'telefone 1', 'telefone principal'] },
  { campo: 'celular', titulo: 'Celular', sinonimos: ['celular', 'telefone celular'] },
  { campo: 'cep', titulo: 'CEP', sinonimos: ['cep'] },
  { campo: 'logradouro', titulo: 'Logradouro', sinonimos: ['logradouro', 'endereco', 'rua'] },
  { campo: 'numero', titulo: 'Número', sinonimos: ['numero', 'nro', 'num'] },
  { campo: 'complemento', titulo: 'Complemento', sinonimos: ['complemento'] },
  { campo: 'bairro', titulo: 'Bairro', sinonimos: ['bairro'] },
  { campo: 'uf', titulo: 'UF', sinonimos: ['uf', 'estado'] },
  { campo: 'codigoMunicipio', titulo: 'Código IBGE do município', sinonimos: ['codigo ibge', 'codigo do municipio', 'cod municipio', 'ibge', 'codigo ibge do municipio'] },
  { campo: 'observacao', titulo: 'Observações', sinonimos: ['observacoes', 'observacao', 'obs'] },
];

/**
 * Each kind: the resource document its rows become (its schema validates them) — or, for open receivables and
 * payables, Financeiro's lançamentos (`permissao`: the permission key checked instead of the resource's).
 */
export const CAMPOS: Record<TipoImportacao, { recurso: string | null; permissao?: string; titulo: string; campos: Campo[] }> = {
  clientes: {
    recurso: 'cliente',
    titulo: 'Clientes',
    campos: [
      ...PESSOA,
      { campo: 'dataNascimento', titulo: 'Data de nascimento', sinonimos: ['data de nascimento', 'nascimento', 'data nascimento'] },
      { campo: 'limiteCredito', titulo: 'Limite de crédito', sinonimos: ['limite de credito', 'limite credito'] },
    ],
  },
  fornecedores: { recurso: 'fornecedor', titulo: 'Fornecedores', campos: PESSOA },
  transportadores: {
    recurso: 'transportador',
    titulo: 'Transportadores',
    campos: [...PESSOA, { campo: 'placaVeiculo', titulo: 'Placa do veículo', sinonimos: ['placa', 'placa do veiculo'] }, { campo: 'rntc', titulo: 'RNTC', sinonimos: ['rntc', 'antt'] }],
  },
  produtos: {
    recurso: 'produto',
    titulo: 'Produtos',
    campos: [
      { campo: 'codigo', titulo: 'Código', sinonimos: ['codigo', 'codigo sku', 'sku', 'codigo do produto', 'cod produto', 'referencia'] },
      { campo: 'descricao', titulo: 'Descrição', sinonimos: ['descricao', 'descricao do produto', 'nome', 'nome do produto', 'produto'] },
      { campo: 'gtin', titulo: 'GTIN/EAN', sinonimos: ['gtin ean', 'gtin', 'ean', 'codigo de barras', 'codigo ean gtin', 'codigo ean', 'ean gtin'] },
      { campo: 'unidade', titulo: 'Unidade', sinonimos: ['unidade', 'un', 'unid', 'unidade de medida'] },
      { campo: 'ncm', titulo: 'NCM', sinonimos: ['ncm', 'classificacao fiscal', 'codigo ncm'] },
      { campo: 'cest', titulo: 'CEST', sinonimos: ['cest'] },
      { campo: 'origem', titulo: 'Origem', sinonimos: ['origem', 'origem da mercadoria'] },
      { campo: 'precoCusto', titulo: 'Preço de custo', sinonimos: ['preco de custo', 'custo', 'preco custo', 'valor de custo'] },
      { campo: 'precoVenda', titulo: 'Preço de venda', sinonimos: ['preco de venda', 'preco', 'valor unitario', 'preco venda', 'valor de venda'] },
      { campo: 'estoqueMinimo', titulo: 'Estoque mínimo', sinonimos: ['estoque minimo', 'estoque min'] },
      // Not a field of the product: the opening balance, posted in the branch's default depósito (one AJUSTE movement per product).
      { campo: 'estoqueInicial', titulo: 'Estoque inicial', sinonimos: ['estoque', 'saldo', 'estoque atual', 'saldo em estoque', 'quantidade em estoque', 'saldo atual'] },
      { campo: 'observacao', titulo: 'Observações', sinonimos: ['observacoes', 'observacao', 'obs'] },
    ],
  },
  contasReceber: { recurso: null, permissao: 'app.lancamento', titulo: 'Contas a receber em aberto', campos: CAMPOS_FINANCEIRO('contasReceber') },
  contasPagar: { recurso: null, permissao: 'app.lancamento', titulo: 'Contas a pagar em aberto', campos: CAMPOS_FINANCEIRO('contasPagar') },
};

/** The resource document of a kind (null for receivables and payables, which Financeiro posts). */
const recursoDe = (c: { registry: ResourceRegistry }, tipo: TipoImportacao): ResourceDef => c.registry.get(CAMPOS[tipo].recurso!);

export const ehTipo = (t: unknown): t is TipoImportacao => typeof t === 'string' && Object.hasOwn(CAMPOS, t);
const tipoDe = (t: unknown): TipoImportacao => {
  if (!ehTipo(t)) throw badRequest('Tipo de importação inválido: use clientes, fornecedores, transportadores, produtos, contasReceber ou contasPagar.', [{ campo: 'tipo', mensagem: 'Campo inválido!' }]);
  return t;
};

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The guessed mapping: each field to the first column whose name is the field's title or one of its synonyms. */
export function adivinharMapeamento(tipo: TipoImportacao, cabecalho: string[]): Record<string, number> {
  const cols = cabecalho.map(normalizar);
  const out: Record<string, number> = {};
  const usadas = new Set<number>();
  for (const c of CAMPOS[tipo].campos) {
    const nomes = [normalizar(c.titulo), ...c.sinonimos];
    const i = cols.findIndex((col, j) => !usadas.has(j) && nomes.includes(col));
    if (i >= 0) {
      out[c.campo] = i;
      usadas.add(i);
    }
  }
  return out;
}

/** The key that makes a row "the same record" across files: CPF/CNPJ for people, código (or GTIN) for products. */
const chaveDe = (tipo: TipoImportacao) => (tipo === 'produtos' ? 'codigo' : 'cpfCnpj');

const SO_DIGITOS = new Set(['cpfCnpj', 'phone', 'cep', 'ncm', 'cest', 'gtin']);
const DECIMAIS: Record<string, number> = { money: 2, percent: 4, quantity: 4 };

/** A spreadsheet text as the value the resource document expects (the API's shape), or the text itself when it is not one. */
function converter(def: ResourceDef, campo: string, texto: string): unknown {
  const t = texto.trim();
  if (t === '') return null;
  const f = def.fields.get(campo);
  const fmt = f?.schema.format as string | undefined;
  if (campo === 'inscricaoEstadual') return /^isent/i.test(t) ? 'ISENTO' : t.replace(/\D/g, '');
  if (campo === 'uf') return t.toUpperCase();
  if (campo === 'gtin' && /^sem gtin$/i.test(t)) return null;
  if (fmt && (SO_DIGITOS.has(fmt) || ['cpf', 'cnpj'].includes(fmt))) return t.replace(/\D/g, '');
  if (fmt && fmt in DECIMAIS) {
    // '1.234,56' (Brazilian) or '1234.56'; 'R$' and spaces dropped. Trailing zeros past the scale are dropped too.
    let s = t.replace(/R\$|\s|%/g, '');
    if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
    try {
      const d = new Decimal(s);
      return d.decimalPlaces() <= DECIMAIS[fmt] ? d.toFixed(fmt === 'money' ? 2 : Math.max(d.decimalPlaces(), 0)) : t;
    } catch {
      return t;
    }
  }
  if (fmt === 'date') {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
    return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : t;
  }
  const tipo = f?.schema.type;
  const tipos = Array.isArray(tipo) ? tipo : [tipo];
  if (tipos.includes('integer')) return /^-?\d+$/.test(t) ? Number(t) : /^\d+\s*-/.test(t) ? Number(t.split('-')[0]) : t;
  if (tipos.includes('boolean')) return /^(1|s|sim|true|a|ativo|verdadeiro)$/i.test(t) ? true : /^(0|n|nao|não|false|i|inativo|falso)$/i.test(t) ? false : t;
  return t;
}

export interface LinhaPrevia {
  linha: number;
  situacao: 'valida' | 'existente' | 'erro';
  chave: string | null;
  dados: Row;
  erros: string[];
  /** produtos: the opening balance read from the mapped column (a quantity string), if any. */
  estoque?: string;
}

interface Contexto {
  q: Queryable;
  ctx: RequestContext;
  registry: ResourceRegistry;
  resources: ResourceService;
  switches?: FieldSwitches;
}

/** Reads the mapping the client sent: field -> column index, each index within the header. */
function validarMapeamento(tipo: TipoImportacao, cabecalho: string[], m: unknown): Record<string, number> {
  if (!m || typeof m !== 'object' || Array.isArray(m)) throw badRequest('Mapeamento: informe a coluna de cada campo.', [{ campo: 'mapeamento', mensagem: 'Campo Obrigatório!' }]);
  const conhecidos = new Set(CAMPOS[tipo].campos.map((c) => c.campo));
  const out: Record<string, number> = {};
  for (const [campo, col] of Object.entries(m as Row)) {
    if (!conhecidos.has(campo)) throw badRequest(`Mapeamento: campo desconhecido (${campo.slice(0, 60)}).`, [{ campo: 'mapeamento', mensagem: 'Campo desconhecido' }]);
    if (col === null || col === undefined || col === '') continue;
    if (typeof col !== 'number' || !Number.isInteger(col) || col < 0 || col >= cabecalho.length) throw badRequest(`Mapeamento: coluna inválida para ${campo}.`, [{ campo: 'mapeamento', mensagem: 'Coluna inválida' }]);
    out[campo] = col;
  }
  return out;
}

/**
 * Checks every row: the mapped values converted and validated by the resource's schema (its Portuguese messages),
 * the unit's sigla resolved, the key repeated inside the file (an error on the later rows) or already registered
 * (existente: skipped on import, so uploading the same file again imports nothing twice).
 */
export async function conferirLinhas(c: Contexto, tipo: TipoImportacao, linhas: string[][], mapeamento: Record<string, number>): Promise<LinhaPrevia[]> {
  if (ehFinanceiro(tipo)) return conferirFinanceiro(c.q, c.ctx, tipo, linhas, mapeamento);
  const def = recursoDe(c, tipo);
  const chave = chaveDe(tipo);
  const unidades = new Map<string, number>();
  if (tipo === 'produtos' && mapeamento.unidade !== undefined) {
    const r = await c.q.query<{ id: number; sigla: string }>('SELECT id, sigla FROM unidades WHERE tenant_id = $1', [c.ctx.tenantId]);
    for (const u of r.rows) unidades.set(u.sigla.toUpperCase(), Number(u.id));
  }
  const saida: LinhaPrevia[] = [];
  const vistas = new Map<string, number>();
  const gtins = new Map<string, number>();
  for (let i = 0; i < linhas.length; i++) {
    const l = linhas[i];
    const numero = i + 2; // the spreadsheet's own row number (1 is the header)
    const dados: Row = {};
    const erros: string[] = [];
    let estoque: string | undefined;
    for (const [campo, col] of Object.entries(mapeamento)) {
      const texto = l[col] ?? '';
      if (campo === 'estoqueInicial') {
        let t = texto.trim();
        if (!t) continue;
        if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
        if (!QUANTITY_RE.test(t) || t.startsWith('-')) erros.push(`Estoque inicial: quantidade inválida (${texto.trim().slice(0, 20)}); use um número não negativo com até 4 casas decimais.`);
        else if (!new Decimal(t).isZero()) estoque = new Decimal(t).toFixed(4);
        continue;
      }
      if (campo === 'unidade') {
        const s = texto.trim().toUpperCase();
        if (!s) continue;
        const id = unidades.get(s);
        if (id === undefined) erros.push(`Unidade: '${texto.trim().slice(0, 10)}' não está cadastrada.`);
        else dados.unidadeId = id;
        continue;
      }
      const v = converter(def, campo, texto);
      if (v !== null) dados[campo] = v;
    }
    let validado: Row | null = null;
    try {
      validado = c.resources.validate(def, dados, c.switches);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const lista = (Array.isArray(e.details) ? e.details : []) as { campo: string; mensagem: string }[];
      const titulo = (campo: string) => (campo === 'unidadeId' ? 'Unidade' : ((def.doc.schema.properties[campo]?.title as string) ?? campo));
      if (lista.length) erros.push(...lista.map((x) => `${titulo(x.campo)}: ${x.mensagem}`));
      else erros.push(e.message);
    }
    const k = dados[chave] !== undefined && dados[chave] !== null ? String(dados[chave]) : null;
    if (k) {
      const antes = vistas.get(k);
      if (antes !== undefined) erros.push(`${chave === 'codigo' ? 'Código' : 'CPF/CNPJ'} ${k} repetido no arquivo (já na linha ${antes}).`);
      else vistas.set(k, numero);
    }
    if (tipo === 'produtos' && dados.gtin) {
      const antes = gtins.get(dados.gtin);
      if (antes !== undefined) erros.push(`GTIN/EAN ${dados.gtin} repetido no arquivo (já na linha ${antes}).`);
      else gtins.set(dados.gtin, numero);
    }
    // A valid row keeps the record as validate() leaves it (trimmed, rule-hidden fields emptied): what createMany writes.
    saida.push({ linha: numero, situacao: erros.length ? 'erro' : 'valida', chave: k, dados: validado && !erros.length ? validado : dados, erros, ...(estoque ? { estoque } : {}) });
  }
  // Against the database: the same key is the same record (skipped); a product's GTIN on another code is an error.
  const chaves = saida.filter((s) => s.chave).map((s) => s.chave!);
  if (chaves.length) {
    const col = def.fields.get(chave)!.column;
    const escopo = def.scope.map((s, j) => ` AND ${s.column} = $${j + 3}`).join('');
    const r = await c.q.query<{ k: string }>(`SELECT ${col} AS k FROM ${def.table} WHERE tenant_id = $1 AND ${col} = ANY($2::text[])${escopo}`, [c.ctx.tenantId, chaves, ...def.scope.map((s) => s.value)]);
    const existentes = new Set(r.rows.map((x) => x.k));
    for (const s of saida) if (s.chave && existentes.has(s.chave) && s.situacao === 'valida') s.situacao = 'existente';
  }
  if (tipo === 'produtos') {
    const comGtin = saida.filter((s) => s.situacao === 'valida' && s.dados.gtin);
    if (comGtin.length) {
      const r = await c.q.query<{ gtin: string; codigo: string | null }>('SELECT gtin, codigo FROM produtos WHERE tenant_id = $1 AND gtin = ANY($2::text[])', [c.ctx.tenantId, comGtin.map((s) => s.dados.gtin)]);
      const usados = new Map(r.rows.map((x) => [x.gtin, x.codigo]));
      for (const s of comGtin) {
        if (!usados.has(s.dados.gtin)) continue;
        s.situacao = 'erro';
        s.erros.push(`GTIN/EAN ${s.dados.gtin} já cadastrado em outro produto${usados.get(s.dados.gtin) ? ` (código ${usados.get(s.dados.gtin)})` : ''}.`);
      }
    }
  }
  return saida;
}

const resumo = (linhas: LinhaPrevia[]) => ({
  validas: linhas.filter((l) => l.situacao === 'valida').length,
  existentes: linhas.filter((l) => l.situacao === 'existente').length,
  comErro: linhas.filter((l) => l.situacao === 'erro').length,
});

const publica = (r: Row) => ({
  id: r.id,
  tipo: r.tipo,
  nomeArquivo: r.nome_arquivo,
  cabecalho: r.cabecalho,
  total: r.total,
  mapeamento: r.mapeamento,
  modo: r.modo,
  situacao: r.situacao,
  importadas: r.importadas,
  ignoradas: r.ignoradas,
  comErro: r.com_erro,
  erro: r.erro,
  criadaEm: r.created_at,
  concluidaEm: r.concluida_em,
});

/**
 * Upload: reads the file, keeps its rows, and answers the header, the first rows and the mapping — the one last
 * confirmed for a file of this kind with the same header (modeloSalvo), otherwise the guessed one.
 */
export async function receberArquivo(q: Queryable, ctx: RequestContext, body: Row): Promise<Row> {
  const tipo = tipoDe(body?.tipo);
  if (typeof body.conteudo !== 'string' || !body.conteudo) throw badRequest('Envie o conteúdo do arquivo.', [{ campo: 'conteudo', mensagem: 'Campo Obrigatório!' }]);
  const nome = typeof body.nomeArquivo === 'string' && body.nomeArquivo.trim() ? body.nomeArquivo.trim().slice(0, 200) : `importacao.${body.formato ?? 'csv'}`;
  const formato = String(body.formato ?? nome.split('.').pop() ?? 'csv').toLowerCase();
  const p = await lerPlanilha(formato, body.conteudo);
  const salvo = await q.query<{ mapeamento: Record<string, number> }>(
    `SELECT mapeamento FROM importacoes WHERE tenant_id = $1 AND tipo = $2 AND cabecalho = $3::text[] AND mapeamento IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    [ctx.tenantId, tipo, p.cabecalho],
  );
  const r = await q.query<Row>(
    `INSERT INTO importacoes (tenant_id, tipo, nome_arquivo, cabecalho, linhas, total, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [ctx.tenantId, tipo, nome, p.cabecalho, JSON.stringify(p.linhas), p.linhas.length, ctx.userId],
  );
  return {
    ...publica(r.rows[0]),
    mapeamento: salvo.rows[0]?.mapeamento ?? adivinharMapeamento(tipo, p.cabecalho),
    modeloSalvo: !!salvo.rows[0],
    campos: CAMPOS[tipo].campos.map(({ campo, titulo }) => ({ campo, titulo, obrigatorio: ehFinanceiro(tipo) ? ['cpfCnpj', 'vencimento', 'valor'].includes(campo) : campo === 'nome' || campo === 'descricao' })),
    amostra: p.linhas.slice(0, 5),
  };
}

async function carregar(q: Queryable, ctx: RequestContext, id: number, forUpdate = false): Promise<Row> {
  const r = await q.query<Row>(`SELECT * FROM importacoes WHERE tenant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [ctx.tenantId, id]);
  if (!r.rows[0]) throw notFound('Importação não encontrada.');
  return r.rows[0];
}

/** How many preview rows go back: every row with an error (up to 1000) and the first 200 of the rest. */
const PREVIA_LINHAS = 200;
const PREVIA_ERROS = 1000;

/** The preview of a mapping: counts and rows with their Portuguese errors; nothing is written but the mapping. */
export async function previa(c: Contexto, id: number, mapeamentoBruto: unknown): Promise<Row> {
  const imp = await carregar(c.q, c.ctx, id, true);
  if (imp.situacao !== 'analisada' && imp.situacao !== 'falhou') throw badRequest('Esta importação já foi feita: envie o arquivo de novo para outra prévia.');
  const tipo = imp.tipo as TipoImportacao;
  const mapeamento = validarMapeamento(tipo, imp.cabecalho, mapeamentoBruto);
  const linhas = await conferirLinhas(c, tipo, imp.linhas, mapeamento);
  const n = resumo(linhas);
  await c.q.query('UPDATE importacoes SET mapeamento = $3, com_erro = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2', [c.ctx.tenantId, id, JSON.stringify(mapeamento), n.comErro]);
  const erros = linhas.filter((l) => l.situacao === 'erro').slice(0, PREVIA_ERROS);
  const outras = linhas.filter((l) => l.situacao !== 'erro').slice(0, PREVIA_LINHAS);
  return { id, total: linhas.length, ...n, linhas: [...erros, ...outras].sort((a, b) => a.linha - b.linha) };
}

/** Marks the import as running (the job does the work); refuses an all-or-nothing import with errors at once. */
export async function iniciarImportacao(c: Contexto, id: number, body: Row): Promise<Row> {
  const imp = await carregar(c.q, c.ctx, id, true);
  if (imp.situacao !== 'analisada' && imp.situacao !== 'falhou') throw badRequest('Esta importação já foi feita ou está em andamento.');
  const modo = body?.modo === 'validas' ? 'validas' : 'tudo';
  const tipo = imp.tipo as TipoImportacao;
  const mapeamento = validarMapeamento(tipo, imp.cabecalho, body?.mapeamento ?? imp.mapeamento);
  if (!Object.keys(mapeamento).length) throw badRequest('Mapeamento: associe ao menos uma coluna a um campo.', [{ campo: 'mapeamento', mensagem: 'Campo Obrigatório!' }]);
  // All or nothing: refused at once when the file has bad rows. A preview of this very mapping that found none spares
  // the second pass over every row (the job checks them all again in its transaction, and fails whole if one turned bad).
  const canonico = (m: Record<string, number>) => JSON.stringify(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
  const previaLimpa = imp.com_erro === 0 && !!imp.mapeamento && canonico(imp.mapeamento) === canonico(mapeamento);
  if (modo === 'tudo' && !previaLimpa) {
    const linhas = await conferirLinhas(c, tipo, imp.linhas, mapeamento);
    const ruins = linhas.filter((l) => l.situacao === 'erro');
    if (ruins.length) {
      throw badRequest(
        `${ruins.length} linha(s) com erro: corrija a planilha ou escolha importar só as linhas válidas. ${ruins
          .slice(0, 5)
          .map((l) => `Linha ${l.linha}: ${l.erros.join('; ')}`)
          .join(' ')}`,
      );
    }
  }
  const r = await c.q.query<Row>(
    `UPDATE importacoes SET situacao = 'importando', modo = $3, mapeamento = $4, erro = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [c.ctx.tenantId, id, modo, JSON.stringify(mapeamento)],
  );
  return publica(r.rows[0]);
}

/**
 * The import itself, in the caller's one transaction: the valid rows created by ResourceService.createMany;
 * a row already registered is skipped (idempotent). 'tudo': any failure rolls the whole file back; 'validas':
 * a row the database refuses is rolled back alone (a savepoint) and reported. `aoProgredir` after every chunk.
 */
/** Rows per multi-row INSERT of an import (and per statement of its undo). */
const LOTE = 1000;

export async function importar(c: Contexto, id: number, aoProgredir?: (feitas: number, total: number) => void): Promise<Row> {
  const imp = await carregar(c.q, c.ctx, id, true);
  if (imp.situacao !== 'importando') return publica(imp);
  const tipo = imp.tipo as TipoImportacao;
  const linhas = await conferirLinhas(c, tipo, imp.linhas, imp.mapeamento);
  const criados: { linha: number; id: number }[] = [];
  const erros: { linha: number; erros: string[] }[] = linhas.filter((l) => l.situacao === 'erro').map((l) => ({ linha: l.linha, erros: l.erros }));
  if (imp.modo === 'tudo' && erros.length) throw badRequest(`${erros.length} linha(s) com erro: nada foi importado.`);
  // Set-based: the valid rows in chunks of LOTE, each chunk one multi-row INSERT (ResourceService.createMany: the
  // same columns and events as create, without reading each row back). 'validas': a chunk the database refuses is
  // rolled back to its savepoint and retried row by row, so only the refused rows are left out and reported.
  const validas = linhas.filter((l) => l.situacao === 'valida');
  // Receivables and payables: posted by Financeiro in one set-based call (all or nothing: every row was checked above).
  if (ehFinanceiro(tipo)) {
    criados.push(...(await importarFinanceiro(c.q, c.ctx, tipo, id, linhas)));
    validas.length = 0;
  }
  const def = ehFinanceiro(tipo) ? null! : recursoDe(c, tipo);
  for (let i = 0; i < validas.length; i += LOTE) {
    const parte = validas.slice(i, i + LOTE);
    if (imp.modo === 'tudo') {
      try {
        const ids = await c.resources.createMany(c.q, def, c.ctx, parte.map((l) => l.dados), c.switches);
        parte.forEach((l, k) => criados.push({ linha: l.linha, id: ids[k] }));
      } catch (e) {
        if (e instanceof HttpError) throw new HttpError(e.statusCode, `${parte.length > 1 ? `Linhas ${parte[0].linha} a ${parte[parte.length - 1].linha}` : `Linha ${parte[0].linha}`}: ${e.message} Nada foi importado.`);
        throw e;
      }
    } else {
      await c.q.query('SAVEPOINT importacao_lote');
      try {
        const ids = await c.resources.createMany(c.q, def, c.ctx, parte.map((l) => l.dados), c.switches);
        await c.q.query('RELEASE SAVEPOINT importacao_lote');
        parte.forEach((l, k) => criados.push({ linha: l.linha, id: ids[k] }));
      } catch (e) {
        await c.q.query('ROLLBACK TO SAVEPOINT importacao_lote');
        if (!(e instanceof HttpError)) throw e;
        for (const l of parte) {
          await c.q.query('SAVEPOINT importacao_linha');
          try {
            const row = await c.resources.create(c.q, def, c.ctx, l.dados, c.switches);
            await c.q.query('RELEASE SAVEPOINT importacao_linha');
            criados.push({ linha: l.linha, id: Number(row.id) });
          } catch (e2) {
            await c.q.query('ROLLBACK TO SAVEPOINT importacao_linha');
            if (!(e2 instanceof HttpError)) throw e2;
            erros.push({ linha: l.linha, erros: [e2.message] });
          }
        }
      }
    }
    aoProgredir?.(Math.min(i + LOTE, validas.length), validas.length);
  }
  criados.sort((a, b) => a.linha - b.linha);
  // Opening stock: one AJUSTE movement per imported product into the branch's default depósito, in this transaction.
  let estoqueLancado = 0;
  if (tipo === 'produtos') {
    const porLinha = new Map(linhas.map((l) => [l.linha, l]));
    const comSaldo = criados.filter((c) => porLinha.get(c.linha)?.estoque);
    if (comSaldo.length) {
      const dep = await c.q.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao LIMIT 1', [c.ctx.tenantId, c.ctx.branchId]);
      if (!dep.rows[0]) throw badRequest('Estoque inicial: a filial não tem um depósito padrão. Cadastre um em Estoques > Depósitos ou deixe a coluna de estoque sem mapear.');
      const linhasMov = comSaldo.map((x) => {
        const l = porLinha.get(x.linha)!;
        return { produtoId: x.id, depositoId: Number(dep.rows[0].id), quantidade: l.estoque!, custoUnitario: l.dados.precoCusto ?? null, tipo: TipoMovimentacao.AJUSTE, origemLinha: x.linha };
      });
      for (let i = 0; i < linhasMov.length; i += 1000) await movimentar(c.q, { tenantId: c.ctx.tenantId, userId: c.ctx.userId }, linhasMov.slice(i, i + 1000), { tipo: 'importacao', id });
      estoqueLancado = linhasMov.length;
    }
  }
  aoProgredir?.(linhas.length, linhas.length);
  const ignoradas = linhas.filter((l) => l.situacao === 'existente').map((l) => ({ linha: l.linha, chave: l.chave }));
  const r = await c.q.query<Row>(
    `UPDATE importacoes SET situacao = 'concluida', importadas = $3, ignoradas = $4, com_erro = $5, resultado = $6, concluida_em = now(), updated_at = now()
      WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [c.ctx.tenantId, id, criados.length, ignoradas.length, erros.length, JSON.stringify({ criados, ignoradas, erros, estoqueLancado })],
  );
  return publica(r.rows[0]);
}

/** A failed job (its transaction rolled back, nothing imported): 'falhou' with the reason; the user may fix the mapping and start again. */
export async function registrarFalha(q: Queryable, ctx: RequestContext, id: number, erro: string): Promise<void> {
  await q.query(`UPDATE importacoes SET situacao = 'falhou', erro = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND situacao = 'importando'`, [ctx.tenantId, id, erro.slice(0, 2000)]);
}

/** The report: counts, every error and skipped row, the records made (id and row). */
export async function consultar(q: Queryable, ctx: RequestContext, id: number): Promise<Row> {
  const imp = await carregar(q, ctx, id);
  return { ...publica(imp), resultado: imp.resultado };
}

export async function listar(q: Queryable, ctx: RequestContext): Promise<Row[]> {
  const r = await q.query<Row>(
    `SELECT id, tipo, nome_arquivo, cabecalho, total, mapeamento, modo, situacao, importadas, ignoradas, com_erro, erro, created_at, concluida_em
       FROM importacoes WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    [ctx.tenantId],
  );
  return r.rows.map(publica);
}

/**
 * Undo: deletes the records the import made through ResourceService.removeMany, in one transaction;
 * if any is already used elsewhere (a sale of an imported client) nothing is deleted and the answer says which.
 */
export async function desfazer(c: Contexto, id: number): Promise<Row> {
  const imp = await carregar(c.q, c.ctx, id, true);
  if (imp.situacao !== 'concluida') throw badRequest('Só uma importação concluída pode ser desfeita.');
  const tipo = imp.tipo as TipoImportacao;
  if (ehFinanceiro(tipo)) {
    await desfazerFinanceiro(c.q, c.ctx, (imp.resultado?.criados ?? []) as { linha: number; id: number }[]);
    const r = await c.q.query<Row>(`UPDATE importacoes SET situacao = 'desfeita', updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`, [c.ctx.tenantId, id]);
    return publica(r.rows[0]);
  }
  const def = recursoDe(c, tipo);
  if (imp.resultado?.estoqueLancado) {
    throw new HttpError(409, 'Não é possível desfazer: a importação lançou o estoque inicial dos produtos, e o razão de estoque não se apaga. Inative os produtos ou acerte o estoque pela tela de acerto.');
  }
  const criados = ((imp.resultado?.criados ?? []) as { linha: number; id: number }[]).slice().reverse();
  // Set-based first (one DELETE per 1,000 records); when the database refuses (a record in use), back to the
  // savepoint and row by row, only to name the first record in use.
  await c.q.query('SAVEPOINT importacao_desfazer');
  try {
    await c.resources.removeMany(c.q, def, c.ctx, criados.map((x) => x.id), LOTE);
    await c.q.query('RELEASE SAVEPOINT importacao_desfazer');
    criados.length = 0;
  } catch (e) {
    await c.q.query('ROLLBACK TO SAVEPOINT importacao_desfazer');
    if (!(e instanceof HttpError)) throw e;
  }
  for (const x of criados) {
    try {
      await c.resources.remove(c.q, def, c.ctx, x.id);
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 404) continue; // deleted by hand since: nothing to undo
      if (e instanceof HttpError) throw new HttpError(409, `Não é possível desfazer: o registro da linha ${x.linha} (código ${x.id}) já está em uso. Nada foi excluído.`);
      throw e;
    }
  }
  const r = await c.q.query<Row>(`UPDATE importacoes SET situacao = 'desfeita', updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`, [c.ctx.tenantId, id]);
  return publica(r.rows[0]);
}

/** The model spreadsheet of a kind: its columns (the titles the mapping recognises) and one example row. */
export async function planilhaModelo(tipo: TipoImportacao): Promise<Buffer> {
  const exemplos: Record<TipoImportacao, Record<string, string>> = {
    clientes: { nome: 'Maria Aparecida da Silva', cpfCnpj: '529.982.247-25', email: 'maria@exemplo.com.br', telefone: '(11) 3456-7890', cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', uf: 'SP', codigoMunicipio: '3550308', dataNascimento: '17/05/1985', limiteCredito: '1.500,00' },
    fornecedores: { nome: 'Distribuidora Exemplo Ltda', fantasia: 'Distribuidora Exemplo', cpfCnpj: '11.222.333/0001-81', inscricaoEstadual: 'ISENTO', email: 'vendas@exemplo.com.br', uf: 'SP', codigoMunicipio: '3550308' },
    transportadores: { nome: 'Transportes Exemplo Ltda', cpfCnpj: '11.444.777/0001-61', uf: 'SP', placaVeiculo: 'ABC1D23', rntc: '12345678' },
    produtos: { codigo: 'CAF-500', descricao: 'Café torrado e moído 500 g', gtin: '7891000315507', unidade: 'UN', ncm: '0901.21.00', origem: '0', precoCusto: '12,50', precoVenda: '19,90', estoqueMinimo: '10', estoqueInicial: '24' },
    contasReceber: EXEMPLO_FINANCEIRO,
    contasPagar: { ...EXEMPLO_FINANCEIRO, cpfCnpj: '11.222.333/0001-81', nome: 'Distribuidora Exemplo Ltda', descricao: 'Compra de mercadorias' },
  };
  const wb = new (excelJs().Workbook)();
  const ws = wb.addWorksheet(CAMPOS[tipo].titulo);
  const campos = CAMPOS[tipo].campos;
  ws.addRow(campos.map((c) => c.titulo)).font = { bold: true };
  ws.addRow(campos.map((c) => exemplos[tipo][c.campo] ?? ''));
  ws.columns.forEach((col) => (col.width = 22));
  // Every cell as text: CPF/CNPJ, GTIN and CEP keep their leading zeros when the shop fills the model in.
  ws.columns.forEach((col) => (col.numFmt = '@'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
