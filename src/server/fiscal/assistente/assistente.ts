import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest } from '../../http/errors.ts';
import { certificadoAtivo, resumo } from '../emissao/certificados.ts';
import { configuracaoNfe, notaOut, salvarRascunho, transmitirNotaFiscal, ultimoNumero, type CtxEmissao } from '../emissao/notas.ts';
import { documentoFiscal } from '../../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;

/** Written in the test note's additional information: how the assistant finds it again when resumed. */
export const MARCA_NOTA_TESTE = 'Nota de teste emitida pelo Assistente fiscal (homologação, sem valor fiscal).';

const NATUREZA_TESTE = 'Outra saída - teste de emissão (homologação)';

/**
 * What the assistant needs to resume: each step's data as already saved (the branch's regime, the certificate, the
 * series and next numbers, the CSC, the last test note) and which steps are done.
 */
export async function situacaoAssistente(services: Pick<AppServices, 'storage'>, q: Queryable, ctx: CtxEmissao) {
  if (!ctx.branchId) throw badRequest('Selecione uma filial.');
  const filialId = ctx.branchId;
  const b = (await q.query(`SELECT * FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, filialId])).rows[0] as Row;
  const cert = await certificadoAtivo(q, ctx.tenantId, filialId);
  const temConfig = (await q.query(`SELECT 1 FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2`, [ctx.tenantId, filialId])).rows.length > 0;
  const c = await configuracaoNfe(q, ctx.tenantId, filialId);
  const nota = (
    await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND dados->>'informacoesAdicionais' = $3 ORDER BY id DESC LIMIT 1`, [ctx.tenantId, filialId, MARCA_NOTA_TESTE])
  ).rows[0];
  const sugestao = await sugestaoTeste(q, ctx.tenantId, b.uf);
  const certificado = cert ? resumo(cert) : null;
  const enderecoCompleto = !!((b.logradouro ?? b.endereco) && b.numero && b.bairro && b.codigo_municipio && b.uf);
  return {
    empresa: {
      id: Number(b.id),
      nome: b.razao_social ?? b.nome,
      apelido: b.apelido ?? null,
      cnpj: documentoFiscal(b.cpf_cnpj),
      inscricaoEstadual: b.inscricao_estadual ?? null,
      uf: b.uf ?? null,
      regimeTributario: b.regime_tributario == null ? null : Number(b.regime_tributario),
      enderecoCompleto,
    },
    certificado,
    configuracao: {
      serieNfe: c.serieNfe,
      serieNfce: c.serieNfce,
      proximoNumeroNfe: (await ultimoNumero(q, ctx.tenantId, filialId, 'nfe', c.serieNfe)) + 1,
      proximoNumeroNfce: (await ultimoNumero(q, ctx.tenantId, filialId, 'nfce', c.serieNfce)) + 1,
      ambiente: c.ambiente,
      cscId: c.cscId,
      cscTokenDefinido: !!c.cscToken,
    },
    notaTeste: nota ? notaOut(nota) : null,
    sugestao,
    passos: {
      regime: b.regime_tributario != null && !!b.inscricao_estadual && enderecoCompleto,
      certificado: !!certificado && !certificado.vencido,
      series: temConfig,
      csc: !!c.cscId && !!c.cscToken,
      notaTeste: nota?.status === 'autorizada',
    },
  };
}

/** A cliente with a complete address (same UF first) and a product with NCM and price: the test note's contents. */
async function sugestaoTeste(q: Queryable, tenantId: number, uf: string | null) {
  const cli = (
    await q.query(
      `SELECT id, nome FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND logradouro IS NOT NULL AND numero IS NOT NULL AND bairro IS NOT NULL AND codigo_municipio IS NOT NULL AND uf IS NOT NULL
          AND length(regexp_replace(coalesce(cpf_cnpj, ''), '\\D', '', 'g')) IN (11, 14)
        ORDER BY (uf = $2) DESC, id LIMIT 1`,
      [tenantId, uf],
    )
  ).rows[0];
  const prod = (
    await q.query(`SELECT id, descricao, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND ativo AND length(regexp_replace(coalesce(ncm, ''), '\\D', '', 'g')) = 8 AND preco_venda > 0 ORDER BY id LIMIT 1`, [tenantId])
  ).rows[0];
  return {
    cliente: cli ? { id: Number(cli.id), nome: cli.nome as string } : null,
    produto: prod ? { id: Number(prod.id), descricao: prod.descricao as string, preco: prod.preco as string } : null,
  };
}

/** The outgoing natureza that neither moves stock nor creates receivables (created once when the account has none). */
async function naturezaTeste(q: Queryable, tenantId: number): Promise<number> {
  const r = await q.query(
    `SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND ativo AND tipo = 1 AND finalidade = 1 AND NOT movimenta_estoque AND NOT gera_financeiro ORDER BY (descricao = $2) DESC, id LIMIT 1`,
    [tenantId, NATUREZA_TESTE],
  );
  if (r.rows.length) return Number(r.rows[0].id);
  const ins = await q.query(
    `INSERT INTO naturezas_operacao (tenant_id, descricao, tipo, finalidade, cfop_estadual, cfop_interestadual, movimenta_estoque, gera_financeiro, consumidor_final, indicador_presenca)
     VALUES ($1, $2, 1, 1, '5949', '6949', false, false, false, 0) RETURNING id`,
    [tenantId, NATUREZA_TESTE],
  );
  return Number(ins.rows[0].id);
}

/**
 * The first test invoice: a one-line note in homologação to a cliente of the account, under a natureza that moves
 * neither stock nor money, through THE issuing service (numbered, signed, sent to SEFAZ). Refused in produção.
 */
export async function emitirNotaTeste(services: Pick<AppServices, 'db' | 'storage' | 'realtime'>, ctx: CtxEmissao, body: Row) {
  if (!ctx.branchId) throw badRequest('Selecione uma filial.');
  const id = await services.db.tenant(ctx, async (q) => {
    const c = await configuracaoNfe(q, ctx.tenantId, ctx.branchId!);
    if (c.ambiente !== 2) throw badRequest('A nota de teste é emitida só em homologação: mude o ambiente para homologação nas configurações de NF-e antes do teste.', [{ campo: 'ambiente', mensagem: 'Ambiente de produção' }]);
    const uf = (await q.query(`SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, ctx.branchId])).rows[0]?.uf ?? null;
    const s = await sugestaoTeste(q, ctx.tenantId, uf);
    const clienteId = Number.isInteger(body.clienteId) ? Number(body.clienteId) : s.cliente?.id;
    if (!clienteId) throw badRequest('Cadastre um cliente com CPF/CNPJ e endereço completo para ser o destinatário da nota de teste.', [{ campo: 'clienteId', mensagem: 'Sem cliente' }]);
    let produto = s.produto;
    if (Number.isInteger(body.produtoId)) {
      const p = (await q.query(`SELECT id, descricao, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, body.produtoId])).rows[0];
      if (!p) throw badRequest('Produto: cadastro não encontrado.', [{ campo: 'produtoId', mensagem: 'Não encontrado' }]);
      produto = { id: Number(p.id), descricao: p.descricao, preco: p.preco };
    }
    if (!produto) throw badRequest('Cadastre um produto com NCM e preço de venda para o item da nota de teste.', [{ campo: 'produtoId', mensagem: 'Sem produto' }]);
    const naturezaId = await naturezaTeste(q, ctx.tenantId);
    const preco = Number(produto.preco) > 0 ? produto.preco : '1.00';
    const nota = await salvarRascunho(q, ctx, {
      naturezaId,
      clienteId,
      itens: [{ produtoId: produto.id, quantidade: '1', valorUnitario: Number(preco).toFixed(2) }],
      pagamentos: [{ tPag: '90', valor: '0.00' }],
      informacoesAdicionais: MARCA_NOTA_TESTE,
    });
    return Number(nota.id);
  });
  return transmitirNotaFiscal(services, ctx, id);
}
