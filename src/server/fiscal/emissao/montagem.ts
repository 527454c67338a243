// Build: an NF-e draft turned into the engine's NfeDocumento (issuer, recipient, tax rules of each line, totals).
import Decimal from 'decimal.js';
import { autXmlDaConta } from '../../contabil/index.ts';
import type { NfeDocumento, Item, Pagamento, Transporte } from '../../../../generated/fiscal/nfe-documento.ts';
import { type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, notFound, type ErrorDetail } from '../../http/errors.ts';
import { loadLookups } from '../../catalog/documents.ts';
import { cnpjValido, cpfValido, gerarCodigoNumerico } from '../../../shared/fiscal/chave.ts';
import { CalculoError, calcularNfe } from '../../../shared/fiscal/nfe-calculo.ts';
import { ieConfere, mensagemIeInvalida } from '../../../shared/inscricao-estadual.ts';
import { carregarRegras } from '../../fiscal-config/tributacao.ts';
import { emissaoIbsCbs, grupoIbsCbs, ibsCbsDaLinha } from '../../fiscal-config/ibscbs-emissao.ts';
import { observacoesAplicaveis, type ObservacaoNota } from '../../../shared/fiscal/tributacao.ts';
import { validarAjustes, type AjustesTributacao, type ContextoAjuste } from '../../../shared/fiscal/ajustes-tributacao.ts';
import { cfopExiste } from '../../fiscal-config/regras.ts';
import { identificacaoDoProduto, tributarLinha, TributacaoError, valorDaLinha, type ContextoTributacao, type ProdutoTributavel } from '../../../shared/fiscal/tributar-linha.ts';
import { calcularImportacao, MUNICIPIO_EXTERIOR } from '../../../shared/fiscal/importacao.ts';
import { nomePais } from '../../../shared/fiscal/paises.ts';
import type { ImportacaoItem } from '../../../shared/fiscal/nota-fiscal.ts';
import { type CtxEmissao, brl, comFuso, configuracaoNfe, filialDe, hoje } from './dados-nota.ts';
import { documentoFiscal } from '../../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;

/** A line's tax adjustments the law forbids (validarAjustes, the screen's own rules, and the official CFOP table), each naming the line's field. */
function errosDosAjustes(i: number, ajustes: AjustesTributacao | null | undefined, c: ContextoAjuste): ErrorDetail[] {
  return validarAjustes(ajustes, c, cfopExiste).map((e) => ({ campo: `itens/${i}/ajustes/${e.campo}`, linha: i + 1, mensagem: `Item ${i + 1}: ${e.mensagem}` }));
}

/**
 * On save: a draft whose lines carry tax adjustments is checked against the note's context (issuer regime, UFs,
 * natureza's direction, the products' rules) before anything is written; a forbidden one is a 400 that changes nothing.
 */
export async function conferirAjustes(q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal): Promise<void> {
  const comAjuste = dados.itens.map((l, i) => ({ l, i })).filter(({ l }) => l.ajustes);
  if (!comAjuste.length) return;
  const c = await contextoTributacao(q, ctx, { naturezaId: dados.naturezaId, clienteId: dados.clienteId, produtoIds: comAjuste.map(({ l }) => l.produtoId) });
  const produtos = new Map(c.produtos.map((p) => [p.id, p]));
  const erros: ErrorDetail[] = [];
  for (const { l, i } of comAjuste) {
    const produto = produtos.get(l.produtoId);
    if (produto) erros.push(...errosDosAjustes(i, l.ajustes, { ...c, produto }));
  }
  if (erros.length) throw badRequest(`Impostos ajustados que a legislação não permite: ${erros.map((e) => e.mensagem).join(' ')}`, erros);
}

export interface Emitente {
  doc: NfeDocumento['emitente'];
  filial: Row;
}

const REGIME_CRT = (() => {
  const items = loadLookups().get('regimeTributario')?.items ?? [];
  return new Map(items.map((i: any) => [Number(i.value), Number(i.regimeDocumento ?? 3)]));
})();

export async function emitenteDa(q: Queryable, tenantId: number, filialId: number, erros: ErrorDetail[]): Promise<Emitente> {
  const r = await q.query(
    `SELECT to_jsonb(b) AS b, m.nome AS municipio FROM branches b LEFT JOIN municipio m ON m.codigo_ibge = b.codigo_municipio WHERE b.tenant_id = $1 AND b.id = $2`,
    [tenantId, filialId],
  );
  if (!r.rows.length) throw notFound('Filial não encontrada.');
  const b = r.rows[0].b as Row;
  const so = (v: unknown) => String(v ?? '').replace(/\D/g, '');
  const falta = (campo: string, o: string) => erros.push({ campo: `emitente.${campo}`, mensagem: `Filial: ${o} (Configurações > Empresas).` });
  const cnpj = documentoFiscal(b.cpf_cnpj);
  if (cnpj.length !== 14) falta('cnpj', 'informe o CNPJ');
  const ie = so(b.inscricao_estadual);
  if (!ie) falta('inscricaoEstadual', 'informe a inscrição estadual');
  const logradouro = b.logradouro ?? b.endereco;
  if (!logradouro || !b.numero || !b.bairro || !b.codigo_municipio || !b.uf) falta('endereco', 'complete o endereço (logradouro, número, bairro, UF e município)');
  const crt = (REGIME_CRT.get(Number(b.regime_tributario)) ?? 3) as 1 | 2 | 3 | 4;
  return {
    filial: b,
    doc: {
      cnpj,
      razaoSocial: String(b.razao_social ?? b.nome ?? '').slice(0, 60),
      nomeFantasia: b.nome_fantasia ?? b.apelido ?? undefined,
      endereco: {
        logradouro: String(logradouro ?? ''),
        numero: String(b.numero ?? ''),
        complemento: b.complemento || undefined,
        bairro: String(b.bairro ?? ''),
        codigoMunicipio: String(b.codigo_municipio ?? ''),
        municipio: String(r.rows[0].municipio ?? ''),
        uf: b.uf,
        cep: so(b.cep) || undefined,
        telefone: so(b.telefone) || undefined,
      },
      ie,
      crt,
    },
  };
}

export interface NotaMontada {
  doc: NfeDocumento;
  natureza: Row;
  cliente: Row;
  produtos: Map<number, Row>;
  serie: number;
}

/**
 * Turns a draft into the engine's NfeDocumento for a number, collecting every problem the user can fix (product
 * without NCM, cliente without address or with an invalid IE, incomplete issuer, totals) into one 400.
 */
export async function montarDocumento(q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal, numero: number, agora = new Date(), serieDaNota?: number): Promise<NotaMontada> {
  const filialId = filialDe(ctx);
  const erros: ErrorDetail[] = [];
  const conf = await configuracaoNfe(q, ctx.tenantId, filialId);
  const emit = await emitenteDa(q, ctx.tenantId, filialId, erros);
  const nat = (await q.query(`SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, dados.naturezaId])).rows[0];
  if (!nat) throw badRequest('Natureza de operação: cadastro não encontrado.', [{ campo: 'naturezaId', mensagem: 'Não encontrado' }]);
  if (!nat.ativo) erros.push({ campo: 'naturezaId', mensagem: `Natureza de operação "${nat.descricao}" está inativa.` });
  const cli = (await q.query(`SELECT p.*, m.nome AS municipio FROM pessoas p LEFT JOIN municipio m ON m.codigo_ibge = p.codigo_municipio WHERE p.tenant_id = $1 AND p.id = $2`, [ctx.tenantId, dados.clienteId])).rows[0];
  if (!cli) throw badRequest('Destinatário: cadastro não encontrado.', [{ campo: 'clienteId', mensagem: 'Não encontrado' }]);
  // Own import: the foreign supplier is the recipient, with no CPF/CNPJ, IE or Brazilian municipality (idEstrangeiro, EX).
  const exterior = dados.importacao ?? null;
  const pais = exterior ? nomePais(exterior.codigoPais) : undefined;
  if (exterior && (!pais || pais === 'BRASIL')) erros.push({ campo: 'importacao/codigoPais', mensagem: `País do fornecedor: o código ${exterior.codigoPais} não é de um país estrangeiro da tabela do BACEN.` });
  const doc = exterior ? '' : documentoFiscal(cli.cpf_cnpj);
  if (!exterior && (doc.length === 14 ? !cnpjValido(doc) : doc.length === 11 ? !cpfValido(doc) : true)) erros.push({ campo: 'clienteId', mensagem: `Destinatário ${cli.nome}: CPF/CNPJ ausente ou inválido; corrija o cadastro do cliente.` });
  if (exterior ? !cli.logradouro : !cli.logradouro || !cli.numero || !cli.bairro || !cli.codigo_municipio || !cli.uf) erros.push({ campo: 'clienteId', mensagem: exterior ? `Fornecedor estrangeiro ${cli.nome}: informe ao menos o logradouro do endereço no exterior no cadastro.` : `Destinatário ${cli.nome}: cadastro sem endereço completo (logradouro, número, bairro, UF e município); complete o cadastro do cliente.` });
  const { ieDest, contribuinte, consumidorFinal, indIEDest } = destinatarioTributario(cli, nat, !!exterior);
  if (contribuinte && cli.uf && !ieConfere(ieDest, cli.uf)) erros.push({ campo: 'clienteId', mensagem: `Destinatário ${cli.nome}: ${mensagemIeInvalida(cli.uf)}` });

  const ids = [...new Set(dados.itens.map((i) => i.produtoId))];
  const ps = await q.query(`SELECT p.id, p.codigo, p.gtin, p.descricao, p.ncm, p.origem, p.cest, p.perfil_tributario_id, u.sigla AS unidade FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id WHERE p.tenant_id = $1 AND p.id = ANY($2::int[])`, [ctx.tenantId, ids]);
  const produtos = new Map(ps.rows.map((p) => [Number(p.id), p]));
  // The tax rules (tributações estaduais/federais of the products' perfis), every version: the note's date picks one.
  const perfis = [...new Set(ps.rows.map((p) => p.perfil_tributario_id).filter((v) => v != null).map(Number))];
  const regras = await carregarRegras(q, ctx.tenantId, perfis);
  const dataNota = hoje(agora);
  // IBS/CBS (issue 39): compulsory by the issuer's regime and the note's date (data); null keeps the 2026 layout.
  const ibs = await emissaoIbsCbs(q, ctx.tenantId, { crt: emit.doc.crt, data: dataNota, modelo: '55', perfilIds: perfis });
  const itens: Item[] = [];
  dados.itens.forEach((l, i) => {
    const p = produtos.get(l.produtoId);
    const onde = `Item ${i + 1}`;
    if (!p) return void erros.push({ campo: `itens/${i}/produtoId`, linha: i + 1, mensagem: `${onde}: produto não encontrado.` });
    const ncm = String(p.ncm ?? '').replace(/\D/g, '');
    if (ncm.length !== 8) return void erros.push({ campo: `itens/${i}/produtoId`, linha: i + 1, mensagem: `${onde} (${p.descricao}): produto sem NCM; preencha o NCM (8 dígitos) no cadastro do produto.` });
    if (new Decimal(l.quantidade).lte(0)) return void erros.push({ campo: `itens/${i}/quantidade`, linha: i + 1, mensagem: `${onde}: quantidade deve ser maior que zero.` });
    let t;
    let ibsCbs: Item['ibsCbs'];
    try {
      const linha = {
        data: dataNota,
        produto: produtoTributavel(p, ncm),
        natureza: naturezaTributaria(nat),
        emitente: { uf: emit.doc.endereco.uf, crt: emit.doc.crt },
        destinatario: { uf: exterior ? 'EX' : (cli.uf ?? null), exterior: !!exterior, consumidorFinal, indIEDest },
        valor: valorDaLinha(l),
        regras,
        ...(l.itemComSt !== undefined ? { itemComSt: l.itemComSt } : {}),
        ajustes: l.ajustes,
        ibsCbs: ibsCbsDaLinha(ibs, produtoTributavel(p, ncm)),
        // an imported line's IBS/CBS base is customs value + II + despesas + IOF, as on the screen (linhas-nota.ts)
        ...(l.importacao ? { importacao: { vII: l.importacao.valorII, vDespAdu: l.importacao.valorDespesasAduaneiras, vIOF: l.importacao.valorIof } } : {}),
      };
      const ea = errosDosAjustes(i, l.ajustes, linha);
      if (ea.length) return void erros.push(...ea);
      t = tributarLinha(linha);
      ibsCbs = grupoIbsCbs(ibs, t, linha.produto);
    } catch (e) {
      if (e instanceof TributacaoError) return void erros.push({ campo: e.campo === 'produtoId' ? `itens/${i}/produtoId` : (e.campo ?? 'itens'), linha: i + 1, mensagem: `${onde}: ${e.message}` });
      throw e;
    }
    const bruto = new Decimal(l.quantidade).times(l.valorUnitario);
    const importada = t.cfop.startsWith('3');
    if (importada && !l.importacao) return void erros.push({ campo: `itens/${i}/importacao`, linha: i + 1, mensagem: `${onde} (${p.descricao}): CFOP ${t.cfop} é de importação; informe a declaração de importação (DI), o imposto de importação, as despesas aduaneiras e o IOF.` });
    if (!importada && l.importacao) return void erros.push({ campo: `itens/${i}/importacao`, linha: i + 1, mensagem: `${onde}: a declaração de importação só cabe numa nota de importação (CFOP 3xxx); a natureza deu o CFOP ${t.cfop}.` });
    if (importada && !exterior) return void erros.push({ campo: 'importacao/codigoPais', linha: i + 1, mensagem: `${onde}: numa importação informe o país (e a identificação) do fornecedor estrangeiro.` });
    if (importada && l.valorOutros && new Decimal(l.valorOutros).gt(0)) return void erros.push({ campo: `itens/${i}/valorOutros`, linha: i + 1, mensagem: `${onde}: numa importação as outras despesas são calculadas (PIS, COFINS, despesas aduaneiras, IOF e ICMS); informe os gastos do desembaraço em Despesas aduaneiras.` });
    const imp = importada ? importacaoDaLinha(l.importacao!, t, bruto.toDecimalPlaces(2).minus(l.valorDesconto ?? 0).plus(l.valorFrete ?? 0).toFixed(2)) : null;
    if (l.valorDesconto && new Decimal(l.valorDesconto).gte(bruto.toDecimalPlaces(2))) erros.push({ campo: `itens/${i}/valorDesconto`, linha: i + 1, mensagem: `${onde}: o desconto não pode ser igual ou maior que o valor do item.` });
    itens.push({
      ...identificacaoDoProduto(p, ncm),
      cfop: t.cfop,
      unidade: String(p.unidade ?? 'UN').slice(0, 6),
      quantidade: new Decimal(l.quantidade).toFixed(4),
      valorUnitario: new Decimal(l.valorUnitario).toFixed(2),
      ...(l.valorDesconto && new Decimal(l.valorDesconto).gt(0) ? { valorDesconto: new Decimal(l.valorDesconto).toFixed(2) } : {}),
      ...(l.valorFrete && new Decimal(l.valorFrete).gt(0) ? { valorFrete: new Decimal(l.valorFrete).toFixed(2) } : {}),
      ...(l.valorOutros && new Decimal(l.valorOutros).gt(0) ? { valorOutros: new Decimal(l.valorOutros).toFixed(2) } : {}),
      ...(imp ?? {}),
      icms: t.icms,
      ...(t.ipi ? { ipi: t.ipi } : {}),
      pis: t.pis,
      cofins: t.cofins,
      ...(t.difal ? { difal: t.difal } : {}),
      ...(ibsCbs ? { ibsCbs } : {}),
    });
  });

  let transporte: Transporte = { modalidadeFrete: 9 };
  if (dados.transporte) {
    transporte = { modalidadeFrete: dados.transporte.modalidade };
    if (dados.transporte.transportadorId) {
      const tr = (await q.query(`SELECT p.*, m.nome AS municipio FROM pessoas p LEFT JOIN municipio m ON m.codigo_ibge = p.codigo_municipio WHERE p.tenant_id = $1 AND p.id = $2`, [ctx.tenantId, dados.transporte.transportadorId])).rows[0];
      if (!tr) erros.push({ campo: 'transporte/transportadorId', mensagem: 'Transportador: cadastro não encontrado.' });
      else {
        const d = documentoFiscal(tr.cpf_cnpj);
        transporte.transportadora = {
          ...(d.length === 14 ? { cnpj: d } : d.length === 11 ? { cpf: d } : {}),
          nome: String(tr.nome).slice(0, 60),
          ...(tr.logradouro ? { endereco: `${tr.logradouro}, ${tr.numero ?? 's/n'}`.slice(0, 60) } : {}),
          ...(tr.municipio ? { municipio: tr.municipio } : {}),
          ...(tr.uf ? { uf: tr.uf } : {}),
        };
      }
    }
    const volumes = (dados.transporte.volumes ?? []).filter((v) => v.quantidade || v.especie || v.pesoBruto || v.pesoLiquido);
    if (volumes.length) transporte.volumes = volumes.map((v) => ({ ...v, especie: v.especie || undefined }));
  }
  if (erros.length) throw badRequest(`Corrija antes de transmitir: ${erros.map((e) => e.mensagem).join(' ')}`, erros);

  const pagamentos: Pagamento[] = dados.pagamentos.map((p) => ({ tPag: p.tPag as Pagamento['tPag'], valor: new Decimal(p.valor).toFixed(2), ...(p.tPag === '90' ? {} : { indPag: p.vencimento && p.vencimento.slice(0, 10) > hoje(agora) ? 1 : 0 }) }));
  const dups = dados.pagamentos.filter((p) => p.vencimento && new Decimal(p.valor).gt(0)).map((p, i) => ({ numero: String(i + 1).padStart(3, '0'), vencimento: p.vencimento!.slice(0, 10), valor: new Decimal(p.valor).toFixed(2) }));
  const serie = serieDaNota ?? conf.serieNfe;
  const docNfe: NfeDocumento = {
    modelo: 55,
    ambiente: conf.ambiente,
    ide: {
      serie,
      numero,
      codigoNumerico: gerarCodigoNumerico(numero),
      naturezaOperacao: String(nat.descricao).slice(0, 60),
      dataEmissao: comFuso(agora, emit.filial.fuso_horario),
      tipoOperacao: Number(nat.tipo) === 0 ? 0 : 1,
      codigoMunicipioFatoGerador: emit.doc.endereco.codigoMunicipio,
      finalidade: (dados.finalidade ?? Number(nat.finalidade)) as 1 | 2 | 3 | 4,
      consumidorFinal,
      presenca: Number(nat.indicador_presenca ?? 0) as 0,
      ...(dados.referencias?.length ? { referencias: dados.referencias.map((chaveNFe) => ({ chaveNFe })) } : {}),
    },
    emitente: emit.doc,
    destinatario: exterior ? destinatarioExterior(cli, exterior, pais ?? '') : {
      ...(doc.length === 14 ? { cnpj: doc } : { cpf: doc }),
      nome: String(cli.nome).slice(0, 60),
      endereco: {
        logradouro: cli.logradouro,
        numero: String(cli.numero),
        complemento: cli.complemento || undefined,
        bairro: cli.bairro,
        codigoMunicipio: String(cli.codigo_municipio),
        municipio: cli.municipio ?? '',
        uf: cli.uf,
        cep: String(cli.cep ?? '').replace(/\D/g, '') || undefined,
      },
      indicadorIE: contribuinte ? 1 : 9,
      ...(contribuinte ? { ie: ieDest } : {}),
      ...(cli.email ? { email: String(cli.email).slice(0, 60) } : {}),
    },
    itens: itens as NfeDocumento['itens'],
    ...(ibs ? { reformaTributaria: true } : {}),
    transporte,
    ...(dups.length ? { cobranca: { numeroFatura: String(numero), duplicatas: dups } } : {}),
    pagamentos: pagamentos as NfeDocumento['pagamentos'],
    ...(await infAdic(q, ctx.tenantId, dados.informacoesAdicionais, String(cli.uf ?? ''), perfis)),
    ...(await autXmlDaConta(q, ctx.tenantId).then((l) => (l.length ? { autorizadosXml: l } : {}))),
  };
  let vNF: Decimal;
  try {
    vNF = new Decimal(calcularNfe({ ...docNfe, pagamentos: [{ tPag: '90', valor: '0.00' }] }).totais.vNF.toString());
  } catch (e) {
    if (e instanceof CalculoError) throw badRequest(`Corrija antes de transmitir: ${e.message}`, [{ campo: e.caminho ?? 'nota', mensagem: e.message }]);
    throw e;
  }
  const pago = dados.pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
  const semPagamento = dados.pagamentos.every((p) => p.tPag === '90');
  if (!semPagamento && !pago.eq(vNF)) {
    throw badRequest(`Pagamentos: a soma dos pagamentos (${brl(pago)}) difere do total da nota (${brl(vNF)}).`, [{ campo: 'pagamentos', mensagem: 'Soma difere do total da nota' }]);
  }
  return { doc: docNfe, natureza: nat, cliente: cli, produtos, serie };
}

/** The recipient as the tax rules see it: contributor (a valid-looking IE, not ISENTO), final consumer, indIEDest. */
function destinatarioTributario(cli: Row, nat: Row, exterior = false) {
  // A foreign supplier (own import) has no IE and is not a final consumer.
  const ieDest = exterior ? '' : String(cli.inscricao_estadual ?? '').replace(/\W/g, '').toUpperCase();
  const contribuinte = ieDest !== '' && ieDest !== 'ISENTO';
  const consumidorFinal = nat.consumidor_final === true || (!contribuinte && !exterior);
  const indIEDest: 1 | 9 = contribuinte ? 1 : 9;
  return { ieDest, contribuinte, consumidorFinal, indIEDest };
}
const naturezaTributaria = (nat: Row) => ({ tipo: (Number(nat.tipo) === 0 ? 0 : 1) as 0 | 1, cfopEstadual: nat.cfop_estadual ?? null, cfopInterestadual: nat.cfop_interestadual ?? null, cfopExterior: nat.cfop_exterior ?? null });
const produtoTributavel = (p: Row, ncm: string): ProdutoTributavel => ({
  id: Number(p.id),
  descricao: p.descricao,
  ncm,
  origem: Number(p.origem ?? 0),
  cest: p.cest ?? null,
  perfilTributarioId: p.perfil_tributario_id == null ? null : Number(p.perfil_tributario_id),
});

/**
 * POST /api/NotasFiscais/contexto-tributacao: what the emitir-nfe screen needs to run tributarLinha itself while the
 * user types — the note's date, the issuer (branch UF and CRT), the recipient and the natureza exactly as
 * montarDocumento reads them, the products asked for (this account's only: another account's id is simply not
 * there) and every version of the rules of their perfis. The server recomputes everything on save and transmit.
 */
export async function contextoTributacao(q: Queryable, ctx: CtxEmissao, corpo: { naturezaId: number; clienteId: number; produtoIds: number[]; importacao?: boolean }, agora = new Date()): Promise<ContextoTributacao> {
  const filialId = filialDe(ctx);
  const emit = await emitenteDa(q, ctx.tenantId, filialId, []);
  const nat = (await q.query(`SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, corpo.naturezaId])).rows[0];
  if (!nat) throw notFound('Natureza de operação não encontrada.');
  const cli = (await q.query(`SELECT id, uf, inscricao_estadual FROM pessoas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, corpo.clienteId])).rows[0];
  if (!cli) throw notFound('Destinatário não encontrado.');
  // An own import (the screen says so): the recipient is the foreign supplier, UF EX.
  const exterior = corpo.importacao === true;
  const { consumidorFinal, indIEDest } = destinatarioTributario(cli, nat, exterior);
  const ids = [...new Set(corpo.produtoIds)];
  const ps = ids.length ? (await q.query(`SELECT id, descricao, ncm, origem, cest, perfil_tributario_id FROM produtos WHERE tenant_id = $1 AND id = ANY($2::int[])`, [ctx.tenantId, ids])).rows : [];
  const perfis = [...new Set(ps.map((p) => p.perfil_tributario_id).filter((v) => v != null).map(Number))];
  // IBS/CBS (issue 39): the screen computes the groups with the same tables the note will, when they are compulsory.
  const ibs = await emissaoIbsCbs(q, ctx.tenantId, { crt: emit.doc.crt, data: hoje(agora), modelo: '55', perfilIds: perfis });
  const classes = ibs ? new Set([...ibs.perfis.values()].map((p) => p.classificacao?.cClassTrib).filter(Boolean)) : null;
  return {
    ...(ibs
      ? {
          ibsCbs: {
            modelo: '55' as const,
            tabelas: { cst: ibs.tabelas.cst, aliquotas: ibs.tabelas.aliquotas, cClassTrib: ibs.tabelas.cClassTrib.filter((c) => classes!.has(c.value)), obrigatoriedade: ibs.tabelas.obrigatoriedade },
            classificacoes: Object.fromEntries([...ibs.perfis].map(([id, p]) => [String(id), p.classificacao])),
          },
        }
      : {}),
    data: hoje(agora),
    emitente: { uf: emit.doc.endereco.uf, crt: emit.doc.crt },
    destinatario: { uf: exterior ? 'EX' : (cli.uf ?? null), ...(exterior ? { exterior } : {}), consumidorFinal, indIEDest },
    natureza: naturezaTributaria(nat),
    produtos: ps.map((p) => produtoTributavel(p, String(p.ncm ?? '').replace(/\D/g, ''))),
    regras: await carregarRegras(q, ctx.tenantId, perfis),
  };
}

/**
 * The groups of an imported line: DI(s) with adições, the II group (its base is the customs value) and vOutro, what
 * the importer pays beyond the customs value, II and IPI (importacao.ts), from the rates the tax rules gave the line.
 */
function importacaoDaLinha(imp: ImportacaoItem, t: ReturnType<typeof tributarLinha>, valorAduaneiro: string): Pick<Item, 'declaracoesImportacao' | 'impostoImportacao' | 'valorOutros'> {
  const advalorem = (pc: { CST: string; aliquota?: string }) => (['01', '02'].includes(pc.CST) || Number(pc.CST) >= 49 ? pc.aliquota : undefined);
  const cod = t.icms.CST ?? t.icms.CSOSN ?? '';
  const proprio = t.icms.CSOSN ? cod === '900' : ['00', '10', '20', '51', '70', '90'].includes(cod);
  const c = calcularImportacao({
    valorAduaneiro,
    vII: imp.valorII,
    vDespAdu: imp.valorDespesasAduaneiras,
    vIOF: imp.valorIof,
    pIPI: t.ipi && ['00', '49', '50', '99'].includes(t.ipi.CST) ? t.ipi.pIPI : undefined,
    pPIS: advalorem(t.pis),
    pCOFINS: advalorem(t.cofins),
    pICMS: proprio ? t.icms.pICMS : undefined,
    pFCP: proprio ? t.icms.pFCP : undefined,
    pRedBC: proprio ? t.icms.pRedBC : undefined,
  });
  const v2 = (v: string | undefined) => new Decimal(v ?? 0).toFixed(2);
  return {
    declaracoesImportacao: imp.declaracoes.map((d) => ({
      numero: d.numero,
      data: d.data,
      localDesembaraco: d.localDesembaraco,
      ufDesembaraco: d.ufDesembaraco as NonNullable<Item['declaracoesImportacao']>[number]['ufDesembaraco'],
      dataDesembaraco: d.dataDesembaraco,
      viaTransporte: d.viaTransporte,
      ...(d.valorAFRMM !== undefined ? { valorAFRMM: v2(d.valorAFRMM) } : {}),
      intermediacao: d.intermediacao,
      ...(d.cnpjAdquirente ? { cnpjAdquirente: d.cnpjAdquirente } : {}),
      ...(d.ufTerceiro ? { ufTerceiro: d.ufTerceiro as NonNullable<Item['declaracoesImportacao']>[number]['ufDesembaraco'] } : {}),
      codigoExportador: d.codigoExportador,
      adicoes: d.adicoes.map((a) => ({ numero: a.numero, sequencial: a.sequencial, codigoFabricante: a.codigoFabricante, ...(a.desconto ? { desconto: v2(a.desconto) } : {}), ...(a.drawback ? { drawback: a.drawback } : {}) })) as NonNullable<Item['declaracoesImportacao']>[number]['adicoes'],
    })),
    impostoImportacao: { vBC: c.valorAduaneiro.toFixed(2), vDespAdu: c.vDespAdu.toFixed(2), vII: c.vII.toFixed(2), vIOF: c.vIOF.toFixed(2) },
    ...(c.vOutro.gt(0) ? { valorOutros: c.vOutro.toFixed(2) } : {}),
  };
}

/** dest of an own import: the foreign supplier (idEstrangeiro, UF EX, município 9999999 EXTERIOR, the BACEN country). */
function destinatarioExterior(cli: Row, exterior: NonNullable<DadosNotaFiscal['importacao']>, pais: string): NonNullable<NfeDocumento['destinatario']> {
  const texto = (v: unknown, padrao: string) => (String(v ?? '').trim().length >= 2 ? String(v).trim().slice(0, 60) : padrao);
  return {
    idEstrangeiro: exterior.idEstrangeiro ?? '',
    nome: String(cli.nome).slice(0, 60),
    endereco: {
      logradouro: texto(cli.logradouro, 'EXTERIOR'),
      numero: String(cli.numero ?? '').trim().slice(0, 60) || 'S/N',
      ...(cli.complemento ? { complemento: String(cli.complemento).slice(0, 60) } : {}),
      bairro: texto(cli.bairro, 'EXTERIOR'),
      ...MUNICIPIO_EXTERIOR,
      codigoPais: exterior.codigoPais.padStart(4, '0'),
      pais,
    },
    indicadorIE: 9,
    ...(cli.email ? { email: String(cli.email).slice(0, 60) } : {}),
  };
}

/** infAdic: the observações of the fiscal settings that apply to this note (by UF and perfil), then the user's text. */
async function infAdic(q: Queryable, tenantId: number, texto: string | null | undefined, ufDestino: string, perfis: number[]): Promise<Pick<NfeDocumento, 'informacoesAdicionais'>> {
  const r = await q.query(`SELECT id, descricao, texto, fisco, uf_destino, perfil_tributario_id, ativo FROM observacoes_nota WHERE tenant_id = $1 AND ativo`, [tenantId]);
  const obs: ObservacaoNota[] = r.rows.map((o) => ({ id: Number(o.id), descricao: o.descricao, texto: o.texto, fisco: o.fisco, ufDestino: o.uf_destino, perfilTributarioId: o.perfil_tributario_id == null ? null : Number(o.perfil_tributario_id), ativo: o.ativo }));
  const a = observacoesAplicaveis(obs, { ufDestino, perfis });
  const limpo = (s: string) => s.replace(/\s+/g, ' ').trim();
  const cpl = [...a.infCpl, ...(texto ? [texto] : [])].map(limpo).filter(Boolean).join(' ').slice(0, 5000);
  const fis = a.infAdFis.map(limpo).filter(Boolean).join(' ').slice(0, 2000);
  if (!cpl && !fis) return {};
  return { informacoesAdicionais: { ...(fis ? { fisco: fis } : {}), ...(cpl ? { contribuinte: cpl } : {}) } };
}
