import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { lerDocumentosDoPeriodo, lerEmOrdem, rotulo, semDocumentos, type DocumentoPeriodo, type Periodo } from './documentos-periodo.ts';
import { lerNotaFiscal, type NotaFiscalXml } from './nfe-fiscal.ts';

type Row = Record<string, any>;
const digitos = (v: unknown) => String(v ?? '').replace(/\D/g, '');

export interface DocLido {
  d: DocumentoPeriodo;
  x: NotaFiscalXml;
}

/**
 * What the fiscal files (SPED, Sintegra) read of a branch's period: the branch, the documents with their stored XML
 * parsed, the entry items (our product per line), the stock at the inventory date, the products and the parties.
 * Everything missing or unusable is told to `falta` with the route where it is fixed.
 */
export async function lerDadosFiscais(services: AppServices, ctx: RequestContext, periodo: Periodo, inventario: string | null, falta: (mensagem: string, rota: string) => void) {
  const p = { periodo, inventario };
  const dados = await services.db.tenant(ctx, async (q) => {
    const filial = (await q.query<Row>(`SELECT * FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, p.periodo.filialId])).rows[0];
    const lidos = await lerDocumentosDoPeriodo(q, ctx, p.periodo);
    const itensEntrada = new Map<number, Row[]>();
    const ids = lidos.documentos.filter((d) => d.origem === 'entrada').map((d) => d.id);
    if (ids.length) {
      const r = await q.query<Row>(`SELECT documento_id, linha, dados FROM documento_itens WHERE tenant_id = $1 AND documento_id = ANY($2::int[]) ORDER BY documento_id, linha`, [ctx.tenantId, ids]);
      for (const i of r.rows) itensEntrada.set(Number(i.documento_id), [...(itensEntrada.get(Number(i.documento_id)) ?? []), i.dados]);
    }
    const estoque = p.inventario
      ? (
          await q.query<Row>(
            `SELECT m.produto_id, sum(m.quantidade)::text AS quantidade FROM movimentos_estoque m
              WHERE m.tenant_id = $1 AND m.filial_id = $2 AND (m.created_at AT TIME ZONE 'America/Sao_Paulo')::date <= $3::date GROUP BY m.produto_id HAVING sum(m.quantidade) > 0 ORDER BY m.produto_id`,
            [ctx.tenantId, p.periodo.filialId, p.inventario],
          )
        ).rows
      : [];
    return { filial, lidos, itensEntrada, estoque };
  });
  const { filial, lidos } = dados;
  const rotaFilial = `/pages/configuracoes/empresas/editar/${filial.id}`;
  if (!lidos.documentos.length && !p.inventario) throw badRequest(semDocumentos(p.periodo));
  if (digitos(filial.cpf_cnpj).length !== 14) falta(`A filial ${filial.nome} está sem CNPJ: informe-o no cadastro da empresa.`, rotaFilial);
  if (!digitos(filial.inscricao_estadual)) falta(`A filial ${filial.nome} está sem inscrição estadual: informe-a no cadastro da empresa.`, rotaFilial);
  for (const pe of lidos.pendencias) falta(pe.mensagem, pe.rota);

  // The stored XMLs (read outside any transaction).
  const docs: DocLido[] = [];
  await lerEmOrdem(services, ctx.tenantId, lidos.documentos.filter((d) => d.arquivo), (d) => d.arquivo, (d, xml) => {
    if (xml === null) {
      falta(`${rotulo(d)}: o XML não foi encontrado no armazenamento.`, d.rota);
      return;
    }
    try {
      docs.push({ d, x: lerNotaFiscal(xml) });
    } catch {
      falta(`${rotulo(d)}: o XML guardado não é uma NF-e legível.`, d.rota);
    }
  });

  // Products of the entries (C170) and of the inventory (H010): codes, units and NCM from the catalogue.
  const produtoIds = new Set<number>();
  for (const { d } of docs) if (d.origem === 'entrada') for (const i of dados.itensEntrada.get(d.id) ?? []) if (i.produtoId) produtoIds.add(Number(i.produtoId));
  for (const e of dados.estoque) produtoIds.add(Number(e.produto_id));
  const produtos = new Map<number, Row>();
  const pessoas = new Map<number, Row>();
  await services.db.tenant(ctx, async (q) => {
    if (produtoIds.size) {
      const r = await q.query<Row>(
        `SELECT p.id, p.codigo, p.descricao, p.ncm, p.tipo_produto, p.gtin, p.preco_custo::text AS preco_custo, p.cest, coalesce(u.sigla, 'UN') AS unidade, coalesce(u.descricao, u.sigla, 'Unidade') AS unidade_descricao
           FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id WHERE p.tenant_id = $1 AND p.id = ANY($2::int[])`,
        [ctx.tenantId, [...produtoIds]],
      );
      for (const x of r.rows) produtos.set(Number(x.id), x);
    }
    const pids = [...new Set(docs.map(({ d }) => d.participanteId).filter((x): x is number => !!x))];
    if (pids.length) for (const x of (await q.query<Row>(`SELECT id, tipo, nome, cpf_cnpj, inscricao_estadual FROM pessoas WHERE tenant_id = $1 AND id = ANY($2::int[])`, [ctx.tenantId, pids])).rows) pessoas.set(Number(x.id), x);
  });
  const rotaProduto = (id: number) => `/pages/estoque/produtos/editar/${id}`;
  for (const [id, pr] of produtos) if (!digitos(pr.ncm)) falta(`O produto ${pr.codigo} - ${pr.descricao} está sem NCM: informe-o no cadastro do produto.`, rotaProduto(id));
  // A supplier (a company) of an entry without an inscrição estadual: neither in its note nor in the catalogue.
  const vistos = new Set<number>();
  for (const { d, x } of docs) {
    if (digitos(x.emitente.ie)) continue;
    const pe = d.origem === 'entrada' && d.participanteId ? pessoas.get(d.participanteId) : undefined;
    if (!pe || vistos.has(Number(pe.id))) continue;
    vistos.add(Number(pe.id));
    if (digitos(pe.cpf_cnpj).length === 14 && !digitos(pe.inscricao_estadual) && !/^ISENTO$/i.test(String(pe.inscricao_estadual ?? '').trim()))
      falta(`O fornecedor ${pe.nome} (CNPJ ${digitos(pe.cpf_cnpj)}) está sem inscrição estadual: informe-a no cadastro do fornecedor.`, `/pages/compras/fornecedores/editar/${pe.id}`);
  }
  return { filial, lidos, docs, dados, produtos, pessoas, rotaFilial, rotaProduto };
}
