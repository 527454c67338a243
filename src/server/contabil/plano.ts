import type { RequestContext } from '../auth/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';
import planoPadrao from './dados/plano-padrao.json' with { type: 'json' };
import type ExcelJSModule from 'exceljs';
import { lazyRequire } from '../lazy-require.ts';
import { escapeLike } from '../../shared/filter.ts';

const excelJs = lazyRequire<typeof ExcelJSModule>('exceljs');

/**
 * Plano de contas (issue 37 item 4): the account's chart is contas_contabeis_sped (Fiscal > Conta contábil SPED,
 * registro 0500), not a second copy; contábil offers the default chart for small companies to start from and maps
 * to its analytic accounts the financial categories, the money accounts (caixa, bancos), the payment methods (of
 * finance and of the PDV) and the customers and suppliers — one account per person (analytic), or one account for
 * all customers and one for all suppliers (synthetic, origem 'clientes'/'fornecedores', origemId 0).
 */

export const PLANO_MSG = {
  origemInvalida: 'Informe o que mapear: categoria, conta financeira, forma de pagamento, cliente/fornecedor ou o grupo de clientes/fornecedores.',
  origemNaoEncontrada: 'Cadastro a mapear não encontrado.',
  contaNaoEncontrada: 'Conta contábil não encontrada.',
} as const;

/** Each origin and the table its ids belong to (null: the synthetic group, origemId 0). */
const ORIGENS = {
  categoria: 'categorias_financeiras',
  conta_financeira: 'contas_financeiras',
  forma_pagamento: 'formas_pagamento_financeiro',
  forma_pagamento_pdv: 'pdv_formas_pagamento',
  pessoa: 'pessoas',
  clientes: null,
  fornecedores: null,
} as const;
export type Origem = keyof typeof ORIGENS;

/** The default chart, merged by code: the accounts the account lacks are created (parents linked by code); nothing is changed. */
export async function usarPlanoPadrao(db: Db, ctx: RequestContext): Promise<{ inseridas: number }> {
  return db.tenant(ctx, async (q) => ({ inseridas: await incluirPlanoPadrao(q, ctx.tenantId) }));
}

export async function incluirPlanoPadrao(q: Queryable, tenantId: number): Promise<number> {
  const existentes = new Map((await q.query<{ id: number; codigo: string }>('SELECT id, codigo FROM contas_contabeis_sped WHERE tenant_id = $1', [tenantId])).rows.map((r) => [r.codigo, Number(r.id)]));
  let inseridas = 0;
  for (const c of planoPadrao.contas) {
    if (existentes.has(c.codigo)) continue;
    const nivel = c.codigo.split('.').length;
    const pai = nivel > 1 ? existentes.get(c.codigo.split('.').slice(0, -1).join('.')) ?? null : null;
    const id = (
      await q.query<{ id: number }>(
        `INSERT INTO contas_contabeis_sped (tenant_id, codigo, nome, natureza, tipo, nivel, conta_superior_id, data_alteracao)
         VALUES ($1, $2, $3, $4, $5, $6, $7, (now() AT TIME ZONE 'America/Sao_Paulo')::date) RETURNING id`,
        [tenantId, c.codigo, c.nome, c.natureza, c.tipo, nivel, pai],
      )
    ).rows[0].id;
    existentes.set(c.codigo, Number(id));
    inseridas++;
  }
  return inseridas;
}

/** The chart's accounts, the categories and the money accounts, each with the analytic account it is mapped to. */
export async function lerMapeamentos(db: Db, ctx: RequestContext) {
  return db.tenant(
    ctx,
    async (q) => ({
      contas: (await q.query(`SELECT id, codigo, nome, tipo, natureza FROM contas_contabeis_sped WHERE tenant_id = $1 AND ativo ORDER BY string_to_array(codigo, '.')::text[]`, [ctx.tenantId])).rows,
      categorias: (
        await q.query(
          `SELECT c.id, c.descricao, c.tipo, m.conta_contabil_id AS "contaContabilId" FROM categorias_financeiras c
             LEFT JOIN contabil_mapeamentos m ON m.tenant_id = c.tenant_id AND m.origem = 'categoria' AND m.origem_id = c.id
            WHERE c.tenant_id = $1 AND c.ativo ORDER BY c.tipo, c.descricao`,
          [ctx.tenantId],
        )
      ).rows,
      contasFinanceiras: (
        await q.query(
          `SELECT c.id, c.descricao, m.conta_contabil_id AS "contaContabilId" FROM contas_financeiras c
             LEFT JOIN contabil_mapeamentos m ON m.tenant_id = c.tenant_id AND m.origem = 'conta_financeira' AND m.origem_id = c.id
            WHERE c.tenant_id = $1 ORDER BY c.descricao`,
          [ctx.tenantId],
        )
      ).rows,
      // The payment methods of finance (orders, bills) and of the PDV, each with its origin.
      formasPagamento: (
        await q.query(
          `SELECT 'forma_pagamento' AS origem, f.id, f.descricao, m.conta_contabil_id AS "contaContabilId" FROM formas_pagamento_financeiro f
             LEFT JOIN contabil_mapeamentos m ON m.tenant_id = f.tenant_id AND m.origem = 'forma_pagamento' AND m.origem_id = f.id
            WHERE f.tenant_id = $1 AND f.ativo
           UNION ALL
           SELECT 'forma_pagamento_pdv', f.id, f.descricao || ' (PDV)', m.conta_contabil_id FROM pdv_formas_pagamento f
             LEFT JOIN contabil_mapeamentos m ON m.tenant_id = f.tenant_id AND m.origem = 'forma_pagamento_pdv' AND m.origem_id = f.id
            WHERE f.tenant_id = $1 AND f.ativo
           ORDER BY 3`,
          [ctx.tenantId],
        )
      ).rows,
      // Customers and suppliers: the synthetic account of each group, and the people with an analytic account of their own.
      grupos: (
        await q.query(
          `SELECT g.origem, m.conta_contabil_id AS "contaContabilId" FROM (VALUES ('clientes'), ('fornecedores')) g(origem)
             LEFT JOIN contabil_mapeamentos m ON m.tenant_id = $1 AND m.origem = g.origem AND m.origem_id = 0 ORDER BY 1`,
          [ctx.tenantId],
        )
      ).rows,
      pessoas: (
        await q.query(
          `SELECT p.id, p.nome AS descricao, m.conta_contabil_id AS "contaContabilId" FROM contabil_mapeamentos m JOIN pessoas p ON p.tenant_id = m.tenant_id AND p.id = m.origem_id
            WHERE m.tenant_id = $1 AND m.origem = 'pessoa' ORDER BY p.nome`,
          [ctx.tenantId],
        )
      ).rows,
    }),
    { readOnly: true },
  );
}

/**
 * Customers (tipo 0) or suppliers (tipo 1) whose name or CPF/CNPJ holds the text, for giving one an account of his own:
 * read here so the accountant, who does not see the shop's registers, can map them too.
 */
export async function buscarPessoas(db: Db, ctx: RequestContext, query: Record<string, unknown>) {
  const tipo = query.tipo === '1' || query.tipo === 1 ? 1 : 0;
  const texto = typeof query.busca === 'string' ? query.busca.trim().slice(0, 60) : '';
  return db.tenant(
    ctx,
    async (q) =>
      (
        await q.query<{ id: number; nome: string }>(
          `SELECT id, nome FROM pessoas WHERE tenant_id = $1 AND tipo = $2 AND ($3 = '' OR nome ILIKE '%' || $4 || '%' OR cpf_cnpj LIKE '%' || $4 || '%') ORDER BY nome LIMIT 20`,
          [ctx.tenantId, tipo, texto, escapeLike(texto)],
        )
      ).rows,
    { readOnly: true },
  );
}

/**
 * Maps a category, money account, payment method, person or the customers'/suppliers' group to an analytic account
 * (null removes the mapping). A synthetic account is refused.
 */
export async function mapear(db: Db, ctx: RequestContext, body: Record<string, unknown>) {
  const origem = body.origem as Origem;
  if (!(typeof origem === 'string' && Object.hasOwn(ORIGENS, origem))) throw badRequest(PLANO_MSG.origemInvalida, [{ path: '/origem', campo: 'origem', mensagem: 'Campo inválido!' }]);
  const tabela = ORIGENS[origem];
  const origemId = tabela === null ? 0 : Number(body.origemId);
  const contaId = body.contaContabilId === null || body.contaContabilId === undefined ? null : Number(body.contaContabilId);
  return db.tenant(ctx, async (q) => {
    const alvo = tabela === null ? true : Number.isSafeInteger(origemId) ? (await q.query(`SELECT 1 FROM ${tabela} WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, origemId])).rows[0] : undefined;
    if (!alvo) throw notFound(PLANO_MSG.origemNaoEncontrada);
    if (contaId === null) {
      await q.query('DELETE FROM contabil_mapeamentos WHERE tenant_id = $1 AND origem = $2 AND origem_id = $3', [ctx.tenantId, origem, origemId]);
      return { origem, origemId, contaContabilId: null };
    }
    const conta = Number.isSafeInteger(contaId) ? (await q.query<{ codigo: string; nome: string; tipo: string }>('SELECT codigo, nome, tipo FROM contas_contabeis_sped WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, contaId])).rows[0] : undefined;
    if (!conta) throw badRequest(PLANO_MSG.contaNaoEncontrada, [{ path: '/contaContabilId', campo: 'contaContabilId', mensagem: PLANO_MSG.contaNaoEncontrada }]);
    if (conta.tipo !== 'A') {
      const m = `A conta ${conta.codigo} - ${conta.nome} é sintética: escolha uma conta analítica, que recebe lançamentos.`;
      throw badRequest(m, [{ path: '/contaContabilId', campo: 'contaContabilId', mensagem: m }]);
    }
    await q.query(
      `INSERT INTO contabil_mapeamentos (tenant_id, origem, origem_id, conta_contabil_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, origem, origem_id) DO UPDATE SET conta_contabil_id = EXCLUDED.conta_contabil_id, updated_at = now()`,
      [ctx.tenantId, origem, origemId, contaId],
    );
    return { origem, origemId, contaContabilId: contaId };
  });
}

/**
 * The mapped account code of each category (a subcategory without its own falls back to its parent's), money account,
 * payment method and person, and of the customers' and suppliers' groups.
 */
export async function contasMapeadas(q: Queryable, tenantId: number) {
  const r = await q.query<{ origem: Origem; origem_id: number; codigo: string }>(
    `SELECT m.origem, m.origem_id, c.codigo FROM contabil_mapeamentos m JOIN contas_contabeis_sped c ON c.tenant_id = m.tenant_id AND c.id = m.conta_contabil_id WHERE m.tenant_id = $1`,
    [tenantId],
  );
  const por = new Map<Origem, Map<number, string>>(Object.keys(ORIGENS).map((o) => [o as Origem, new Map()]));
  for (const x of r.rows) por.get(x.origem)?.set(Number(x.origem_id), x.codigo);
  const categorias = por.get('categoria')!;
  const de = (origem: Origem, id: number | null | undefined): string | null => (id == null ? null : por.get(origem)!.get(Number(id)) ?? null);
  const pais = new Map((await q.query<{ id: number; pai: number | null }>('SELECT id, categoria_pai_id AS pai FROM categorias_financeiras WHERE tenant_id = $1', [tenantId])).rows.map((c) => [Number(c.id), c.pai == null ? null : Number(c.pai)]));
  const daCategoria = (id: number | null): string | null => {
    for (let atual = id, n = 0; atual != null && n < 10; atual = pais.get(atual) ?? null, n++) {
      const c = categorias.get(atual);
      if (c) return c;
    }
    return null;
  };
  return {
    daCategoria,
    daConta: (id: number) => de('conta_financeira', id),
    daForma: (id: number | null | undefined) => de('forma_pagamento', id),
    daFormaPdv: (id: number | null | undefined) => de('forma_pagamento_pdv', id),
    /** A person's own account, else the group's (clientes/fornecedores), else null (the journal uses the default chart's). */
    daPessoa: (id: number | null | undefined, grupo: 'clientes' | 'fornecedores') => de('pessoa', id) ?? de(grupo, 0),
    doGrupo: (grupo: 'clientes' | 'fornecedores') => de(grupo, 0),
  };
}

const NATUREZAS = new Set(['01', '02', '03', '04', '05', '09']);

/**
 * Import of the firm's own chart (CSV: código;nome;natureza;tipo, comma or semicolon, optional header; or XLSX, the
 * same four columns A-D of the first sheet, sent base64 with formato 'xlsx', each row its line number): every line
 * checked first — the code against the mask (digits per level, e.g. 9.9.99.999), natureza of the 0500 register, tipo
 * A/S, the parent (the code one level up) present in the chart or the file and synthetic, no repeated code — and on
 * any problem nothing is written (400 listing each line). Accounts already in the chart (same code) are kept.
 */
export async function importarPlano(db: Db, ctx: RequestContext, body: Record<string, unknown>): Promise<{ inseridas: number; existentes: number }> {
  const texto = body.formato === 'xlsx' ? await xlsxComoTexto(body.conteudo) : typeof body.conteudo === 'string' ? body.conteudo.replace(/^\ufeff/, '') : '';
  const mascara = typeof body.mascara === 'string' && body.mascara.trim() ? body.mascara.trim() : '9.9.9.99';
  if (!/^9+(\.9+)*$/.test(mascara)) throw badRequest('Máscara inválida: use 9 para cada dígito e ponto entre os níveis, como 9.9.99.999.', [{ path: '/mascara', campo: 'mascara', mensagem: 'Campo inválido!' }]);
  const niveis = mascara.split('.').map((s) => s.length);
  const linhas = texto.split(/\r?\n/).map((l) => l.trim());
  if (!linhas.some(Boolean)) throw badRequest('Envie o arquivo do plano de contas (CSV: código;nome;natureza;tipo).', [{ path: '/conteudo', campo: 'conteudo', mensagem: 'Campo obrigatório!' }]);
  const erros: { campo: string; mensagem: string }[] = [];
  const novas: { codigo: string; nome: string; natureza: string; tipo: string; nivel: number; linha: number }[] = [];
  linhas.forEach((l, i) => {
    if (!l) return;
    const cols = l.split(l.includes(';') ? ';' : ',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (i === 0 && /c[oó]digo/i.test(cols[0])) return;
    const [codigo = '', nome = '', natureza = '', tipo = ''] = cols;
    const n = i + 1;
    const partes = codigo.split('.');
    if (!/^\d+(\.\d+)*$/.test(codigo) || partes.length > niveis.length || partes.some((p, k) => p.length !== niveis[k])) erros.push({ campo: `linha ${n}`, mensagem: `Linha ${n}: o código "${codigo}" não segue a máscara ${mascara}.` });
    if (!nome) erros.push({ campo: `linha ${n}`, mensagem: `Linha ${n}: informe o nome da conta.` });
    if (!NATUREZAS.has(natureza.padStart(2, '0'))) erros.push({ campo: `linha ${n}`, mensagem: `Linha ${n}: natureza "${natureza}" inválida (01 ativo, 02 passivo, 03 patrimônio líquido, 04 resultado, 05 compensação, 09 outras).` });
    if (!['A', 'S'].includes(tipo.toUpperCase())) erros.push({ campo: `linha ${n}`, mensagem: `Linha ${n}: tipo "${tipo}" inválido (A analítica, S sintética).` });
    if (novas.some((x) => x.codigo === codigo)) erros.push({ campo: `linha ${n}`, mensagem: `Linha ${n}: o código ${codigo} aparece mais de uma vez no arquivo.` });
    novas.push({ codigo, nome: nome.slice(0, 200), natureza: natureza.padStart(2, '0'), tipo: tipo.toUpperCase(), nivel: partes.length, linha: n });
  });
  return db.tenant(ctx, async (q) => {
    const existentes = new Map((await q.query<{ id: number; codigo: string; tipo: string }>('SELECT id, codigo, tipo FROM contas_contabeis_sped WHERE tenant_id = $1', [ctx.tenantId])).rows.map((r) => [r.codigo, r]));
    const doArquivo = new Map(novas.map((x) => [x.codigo, x]));
    for (const x of novas) {
      if (x.nivel === 1) continue;
      const pai = x.codigo.split('.').slice(0, -1).join('.');
      const tipoPai = doArquivo.get(pai)?.tipo ?? existentes.get(pai)?.tipo;
      if (!tipoPai) erros.push({ campo: `linha ${x.linha}`, mensagem: `Linha ${x.linha}: a conta superior ${pai} de ${x.codigo} não está no plano nem no arquivo.` });
      else if (tipoPai !== 'S') erros.push({ campo: `linha ${x.linha}`, mensagem: `Linha ${x.linha}: a conta superior ${pai} é analítica; só uma conta sintética recebe contas abaixo dela.` });
    }
    if (erros.length) throw badRequest(erros.length === 1 ? erros[0].mensagem : `O arquivo tem ${erros.length} problemas: ${erros[0].mensagem}`, erros.slice(0, 200));
    let inseridas = 0;
    const ids = new Map([...existentes].map(([c, r]) => [c, Number(r.id)]));
    for (const x of [...novas].sort((a, b) => a.nivel - b.nivel)) {
      if (ids.has(x.codigo)) continue;
      const pai = x.nivel > 1 ? ids.get(x.codigo.split('.').slice(0, -1).join('.')) ?? null : null;
      const id = (
        await q.query<{ id: number }>(
          `INSERT INTO contas_contabeis_sped (tenant_id, codigo, nome, natureza, tipo, nivel, conta_superior_id, data_alteracao) VALUES ($1, $2, $3, $4, $5, $6, $7, (now() AT TIME ZONE 'America/Sao_Paulo')::date) RETURNING id`,
          [ctx.tenantId, x.codigo, x.nome, x.natureza, x.tipo, x.nivel, pai],
        )
      ).rows[0].id;
      ids.set(x.codigo, Number(id));
      inseridas++;
    }
    return { inseridas, existentes: novas.length - inseridas };
  });
}

/** The first sheet of an XLSX (base64) as the CSV lines the import reads, row n on line n (columns A-D, text as shown). */
async function xlsxComoTexto(conteudo: unknown): Promise<string> {
  const invalido = () => badRequest('Arquivo XLSX inválido ou corrompido.', [{ path: '/conteudo', campo: 'conteudo', mensagem: 'Arquivo inválido' }]);
  if (typeof conteudo !== 'string' || !conteudo) throw invalido();
  const wb = new (excelJs().Workbook)();
  try {
    await wb.xlsx.load(Buffer.from(conteudo, 'base64') as any);
  } catch {
    throw invalido();
  }
  const linhas: string[] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: false }, (row, n) => {
    const cel = (i: number) => {
      const v = row.getCell(i).value;
      const t = v === null || v === undefined ? '' : typeof v === 'object' && 'result' in (v as object) ? String((v as { result: unknown }).result) : typeof v === 'object' && 'richText' in (v as object) ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('') : String(v);
      return t.replace(/[;\r\n]/g, ' ').trim();
    };
    linhas[n - 1] = [1, 2, 3, 4].map(cel).join(';');
  });
  return Array.from(linhas, (l) => l ?? '').join('\n');
}
