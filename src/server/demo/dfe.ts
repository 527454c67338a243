import type { Item } from '../../../generated/fiscal/nfe-documento.ts';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';
import { destinoConfigurado } from '../fiscal/index.ts';
import { emitirNotaDeTerceiro, type ParteTerceiro } from './dfe-terceiros.ts';
import { filiaisMarcadas } from './filiais-marcadas.ts';
import { documentoFiscal } from '../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;

/**
 * The demo's notes waiting for manifestação: the Matriz is flagged at seed time, and the server's start-up job
 * (garantirDfeDemo, from src/server/demo/notas.ts) has three demo suppliers issue NF-e against its CNPJ through the
 * real authorisation service of the local SEFAZ, each signing with its own demonstration certificate; the first
 * "Consultar SEFAZ" then brings their summaries. (Seeding cannot do it: the local SEFAZ lives in each server
 * process, and its notes must be recent.)
 */
export async function seedDfe(q: Queryable, tenantId: number): Promise<void> {
  // NF-e de entrada issued by the shop (pages/nfe/entrada): a customer's return, a rural producer's goods.
  for (const [descricao, finalidade, est, inter, mov] of [
    ['Devolução de venda', 4, '1202', '2202', TipoMovimentacao.DEVOLUCAO_CLIENTE],
    ['Compra de produtor rural', 1, '1102', '2102', TipoMovimentacao.ENTRADA_PRODUTOR_RURAL],
  ] as const) {
    await q.query(
      `INSERT INTO naturezas_operacao (tenant_id, descricao, tipo, finalidade, cfop_estadual, cfop_interestadual, cfop_exterior, movimenta_estoque, tipo_movimentacao, gera_financeiro, consumidor_final, indicador_presenca)
       VALUES ($1, $2, 0, $3, $4, $5, NULL, true, $6, false, false, 0)`,
      [tenantId, descricao, finalidade, est, inter, mov],
    );
  }
  await q.query(
    `INSERT INTO dfe_controle (tenant_id, filial_id, cnpj, demo_pendente) SELECT tenant_id, id, cpf_cnpj, true FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`,
    [tenantId],
  );
}

/**
 * The demo suppliers' notes to issue against the branch (read in the caller's transaction); the caller issues them
 * (emitirNotaDeTerceiro, a call to the local SEFAZ) after its commit, with no transaction open.
 */
export async function notasDemo(q: Queryable, tenantId: number, filial: { cnpj: string; nome: string; uf: string }): Promise<Parameters<typeof emitirNotaDeTerceiro>[0][]> {
  const mun = async (codigo: unknown) => String((await q.query(`SELECT nome FROM municipio WHERE codigo_ibge = $1`, [codigo])).rows[0]?.nome ?? 'Municipio');
  const parte = async (r: Row): Promise<ParteTerceiro> => ({ cnpj: String(r.cpf_cnpj), nome: String(r.nome), uf: String(r.uf ?? 'SP'), codigoMunicipio: String(r.codigo_municipio ?? '3550308'), municipio: await mun(r.codigo_municipio ?? 3550308), cep: r.cep ? String(r.cep).replace(/\D/g, '') : undefined });
  const dest = (await q.query<Row>(`SELECT nome, cpf_cnpj, uf, codigo_municipio, cep FROM branches WHERE tenant_id = $1 AND cpf_cnpj = $2`, [tenantId, filial.cnpj])).rows[0];
  const destinatario = await parte({ ...dest, cpf_cnpj: filial.cnpj });
  const fornecedor = async (nome: string) => (await q.query<Row>(`SELECT nome, cpf_cnpj, uf, codigo_municipio, cep FROM pessoas WHERE tenant_id = $1 AND tipo = 1 AND nome = $2`, [tenantId, nome])).rows[0];
  const produto = async (descricao: string) => (await q.query<Row>(`SELECT gtin, ncm FROM produtos WHERE tenant_id = $1 AND descricao = $2`, [tenantId, descricao])).rows[0];
  const pis = { CST: '01', aliquota: '1.65' } as const;
  const cofins = { CST: '01', aliquota: '7.60' } as const;
  const linha = async (descricao: string, codigo: string, texto: string, qtd: string, valor: string, cfop: string): Promise<Item> => {
    const p = await produto(descricao);
    return { codigo, ...(p?.gtin ? { gtin: String(p.gtin) } : {}), descricao: texto, ncm: String(p?.ncm ?? '22029900'), cfop, unidade: 'UN', quantidade: qtd, valorUnitario: valor, icms: { orig: 0, CST: '00', pICMS: '18' }, pis, cofins } as Item;
  };
  const base = Number(String(Date.now()).slice(-6));
  const notas: [string, Item[], number][] = [
    ['Laticínios Serra Azul Ltda', [await linha('Leite integral UHT 1 L', 'SA-LEITE1L', 'LEITE INTEGRAL UHT SERRA AZUL 1L', '60', '4.15', '5102'), await linha('Manteiga com sal 200 g', 'SA-MANT200', 'MANTEIGA C/ SAL SERRA AZUL 200G', '20', '9.70', '5102')], 2],
    ['Bebidas Rio Claro Ltda', [await linha('Néctar de laranja 1 L', 'RC-NL1', 'NECTAR LARANJA RIO CLARO 1L', '24', '4.45', '5102')], 1],
    ['Limpeza Total Distribuidora Ltda', [await linha('Detergente líquido 500 ml', 'LT-DET500', 'DETERGENTE LIQUIDO NEUTRO 500ML', '48', '1.60', '5102')], 1],
  ];
  const out: Parameters<typeof emitirNotaDeTerceiro>[0][] = [];
  for (const [i, [nome, itens, dups]] of notas.entries()) {
    const f = await fornecedor(nome);
    if (!f) continue;
    const emitente = await parte(f);
    const interestadual = emitente.uf !== destinatario.uf;
    out.push({ emitente, destinatario, numero: base + i, itens: itens.map((it) => ({ ...it, cfop: interestadual ? '6102' : it.cfop })) as Item[], duplicatas: dups });
  }
  return out;
}

/** Issues the demo suppliers' notes (no transaction open: each is a call to the local SEFAZ). */
export async function colocarNotasDemo(notas: Parameters<typeof emitirNotaDeTerceiro>[0][]): Promise<void> {
  for (const n of notas) await emitirNotaDeTerceiro(n);
}

/**
 * Start-up job (src/server/demo/notas.ts; test servers call it themselves): every branch flagged demo_pendente has the
 * demo suppliers issue their notes against it at the local SEFAZ (nothing with SEFAZ_DESTINO=real). The mark is taken
 * off under the row's lock, so several servers starting together issue them once; it is put back when the issue
 * fails, for the next start. Answers how many branches got their notes.
 */
export async function garantirDfeDemo(services: Pick<AppServices, 'db'>, tenantId?: number): Promise<number> {
  if (destinoConfigurado() !== 'local') return 0;
  let n = 0;
  for (const { tenantId: conta, filialId } of await filiaisMarcadas(services.db, 'dfe_controle', 'demo_pendente', tenantId)) {
    const ctx = { tenantId: conta };
    const marca = (pendente: boolean) => (q: Queryable) =>
      q.query(`UPDATE dfe_controle SET demo_pendente = $3 WHERE tenant_id = $1 AND filial_id = $2 AND demo_pendente = $4 RETURNING filial_id`, [ctx.tenantId, filialId, pendente, !pendente]);
    const notas = await services.db.tenant(ctx, async (q) => {
      if (!(await marca(false)(q)).rows.length) return null;
      const b = (await q.query<Row>(`SELECT cpf_cnpj, uf, coalesce(apelido, nome) AS nome FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, filialId])).rows[0];
      const cnpj = documentoFiscal(b?.cpf_cnpj);
      if (cnpj.length !== 14 || !b.uf) return [];
      return notasDemo(q, ctx.tenantId, { cnpj, nome: String(b.nome), uf: String(b.uf) });
    });
    if (!notas) continue;
    try {
      await colocarNotasDemo(notas);
    } catch (e) {
      await services.db.tenant(ctx, marca(true));
      throw e;
    }
    n++;
  }
  return n;
}
