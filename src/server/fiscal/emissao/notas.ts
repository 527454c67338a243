import Decimal from 'decimal.js';
import { autXmlDaConta, exigirPeriodoAberto } from '../../contabil/index.ts';
import type { ValidateFunction } from 'ajv';
import type { NfeDocumento, Item, Pagamento, Transporte } from '../../../../generated/fiscal/nfe-documento.ts';
import { TipoMovimentacao } from '../../../../generated/lookups.ts';
import { NOTA_FISCAL_SCHEMA, type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import { fieldErrors } from '../../../shared/messages.ts';
import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import { proximoNumero } from '../../documentos/numeracao.ts';
import { movimentar } from '../../estoque/movimentos.ts';
import { criarLancamento, RECEITA, DESPESA } from '../../financeiro/index.ts';
import { badRequest, conflict, HttpError, notFound, type ErrorDetail } from '../../http/errors.ts';
import { createAjv } from '../../resources/registry.ts';
import { loadLookups } from '../../catalog/documents.ts';
import { tenantKey } from '../../storage/storage.ts';
import { assinadorDe } from '../assinatura.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { cnpjValido, cpfValido, gerarCodigoNumerico } from '../chave.ts';
import { gerarDanfe } from '../danfe.ts';
import { CalculoError, calcularNfe } from '../nfe-calculo.ts';
import { montarNfe } from '../nfe.ts';
import { ajudaRejeicao, type AjudaRejeicao } from '../rejeicoes.ts';
import { criarClienteSefaz } from '../sefaz-destino.ts';
import { SefazIndisponivelError, ConsumoIndevidoError, type SefazCliente } from '../sefaz-cliente.ts';
import { pacoteDoDocumento, validarMensagem } from '../validacao-xsd.ts';
import { abrirCertificado, alertarVencimentos, paraBuffer } from './certificados.ts';
import { ieConfere, mensagemIeInvalida } from '../../../shared/inscricao-estadual.ts';
import { carregarRegras } from '../../fiscal-config/tributacao.service.ts';
import { emissaoIbsCbs, grupoIbsCbs, ibsCbsDaLinha } from '../../fiscal-config/ibscbs-emissao.ts';
import { observacoesAplicaveis, type ObservacaoNota } from '../../../shared/fiscal/tributacao.ts';
import { alertarContingencia, autorizarNfe, type AutorizacaoNfe } from './contingencia-nfe.ts';
import { classificarResposta, classificarSefaz, transmitirXmlSefaz } from '../transmissao/index.ts';
import { ajustesLimpos, validarAjustes, type AjustesTributacao, type ContextoAjuste } from '../../../shared/fiscal/ajustes-tributacao.ts';
import { cfopExiste } from '../../fiscal-config/regras.ts';
import { identificacaoDoProduto, tributarLinha, TributacaoError, valorDaLinha, type ContextoTributacao, type ProdutoTributavel } from '../../../shared/fiscal/tributar-linha.ts';
import { calcularImportacao, MUNICIPIO_EXTERIOR } from '../../../shared/fiscal/importacao.ts';
import { nomePais } from '../../../shared/fiscal/paises.ts';
import type { ImportacaoItem } from '../../../shared/fiscal/nota-fiscal.ts';
import { FUSO_PADRAO, isoComFuso } from '../../../shared/dates.ts';
import { emitirEvento } from '../../integracoes/index.ts';

type Row = Record<string, any>;
export interface CtxEmissao {
  tenantId: number;
  userId: number;
  branchId: number | null;
}
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

/** The legal window to cancel an authorised NF-e (Ajuste SINIEF 07/05: 24 hours). */
export const PRAZO_CANCELAMENTO_MS = 24 * 3600_000;

let validador: ValidateFunction | null = null;
const validar = () => (validador ??= createAjv().compile(NOTA_FISCAL_SCHEMA));

function titulo(path: string): string {
  const partes = path.split('/').filter(Boolean);
  let s: any = NOTA_FISCAL_SCHEMA;
  const nomes: string[] = [];
  for (const p of partes) {
    if (/^\d+$/.test(p)) {
      nomes.push(`linha ${Number(p) + 1}`);
      s = s?.items;
    } else {
      s = s?.properties?.[p];
      nomes.push(s?.title ?? p);
    }
  }
  return nomes.join(', ') || 'Nota';
}

/** The draft checked by the same JSON Schema as the screen; 400 naming each field. */
export function validarDados(body: unknown): DadosNotaFiscal {
  const v = validar();
  const d = structuredClone(body ?? {});
  if (!v(d)) {
    const erros = fieldErrors(v.errors).map((e) => ({ ...e, mensagem: e.mensagem }));
    throw badRequest(`Dados inválidos: ${erros.map((e) => `${titulo(e.path)}: ${e.mensagem}`).join('; ')}`, erros);
  }
  const dados = d as DadosNotaFiscal;
  // a line's tax adjustments kept only with what was given ('7,6' read as 7.6)
  dados.itens = dados.itens.map(({ ajustes, ...i }) => {
    const a = ajustesLimpos(ajustes);
    return a ? { ...i, ajustes: a } : i;
  });
  return dados;
}

/** A line's tax adjustments the law forbids (validarAjustes, the screen's own rules, and the official CFOP table), each naming the line's field. */
function errosDosAjustes(i: number, ajustes: AjustesTributacao | null | undefined, c: ContextoAjuste): ErrorDetail[] {
  return validarAjustes(ajustes, c, cfopExiste).map((e) => ({ campo: `itens/${i}/ajustes/${e.campo}`, linha: i + 1, mensagem: `Item ${i + 1}: ${e.mensagem}` }));
}

/**
 * On save: a draft whose lines carry tax adjustments is checked against the note's context (issuer regime, UFs,
 * natureza's direction, the products' rules) before anything is written; a forbidden one is a 400 that changes nothing.
 */
async function conferirAjustes(q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal): Promise<void> {
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

function filialDe(ctx: CtxEmissao): number {
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de emitir notas.');
  return ctx.branchId;
}

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** The draft of a note's `dados`, without what the issue keeps beside it (the built document, the kept number). */
export function rascunhoDe(dados: Row | null | undefined): Row {
  const { documento: _d, numeroMantido: _n, statusAnterior: _s, origem: _o, ...resto } = dados ?? {};
  return resto;
}

export function notaOut(r: Row) {
  return {
    id: Number(r.id),
    modelo: Number(r.modelo),
    serie: r.serie == null ? null : Number(r.serie),
    numero: r.numero == null ? null : Number(r.numero),
    status: r.status as string,
    naturezaId: r.natureza_id == null ? null : Number(r.natureza_id),
    clienteId: r.cliente_id == null ? null : Number(r.cliente_id),
    destinatarioNome: r.destinatario_nome ?? null,
    total: new Decimal(r.total ?? 0).toFixed(2),
    chave: r.chave ?? null,
    protocolo: r.protocolo ?? null,
    ambiente: r.ambiente == null ? null : Number(r.ambiente),
    dataEmissao: iso(r.data_emissao),
    dataAutorizacao: iso(r.data_autorizacao),
    rejeicao: r.rejeicao ?? null,
    sequenciaCce: Number(r.sequencia_cce ?? 0),
    pedidoId: r.pedido_id == null ? null : Number(r.pedido_id),
    tipoEmissao: Number(r.tipo_emissao ?? 1),
    contingencia: r.contingencia ?? null,
    dados: rascunhoDe(r.dados),
    numeroMantido: r.dados?.numeroMantido === true,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

// ---------------------------------------------------------------- settings

export interface ConfiguracaoNfe {
  serieNfe: number;
  serieNfce: number;
  ambiente: 1 | 2;
  cscId: string | null;
  cscToken: string | null;
  contingencia: string;
  naturezaPadraoId: number | null;
  emailCopia: string | null;
}

export async function configuracaoNfe(q: Queryable, tenantId: number, filialId: number): Promise<ConfiguracaoNfe> {
  const r = await q.query(`SELECT * FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2`, [tenantId, filialId]);
  const c = r.rows[0];
  return {
    serieNfe: c ? Number(c.serie_nfe) : 1,
    serieNfce: c ? Number(c.serie_nfce) : 1,
    ambiente: c ? (Number(c.ambiente) as 1 | 2) : 2,
    cscId: c?.csc_id ?? null,
    cscToken: c?.csc_token ?? null,
    contingencia: c?.contingencia ?? 'svc',
    naturezaPadraoId: c?.natureza_padrao_id == null ? null : Number(c.natureza_padrao_id),
    emailCopia: c?.email_copia ?? null,
  };
}

/** The last number used of a series (0 when none), from sequencias_filial. */
export async function ultimoNumero(q: Queryable, tenantId: number, filialId: number, tipo: 'nfe' | 'nfce', serie: number): Promise<number> {
  const r = await q.query<{ n: string }>(`SELECT ultimo_numero::text AS n FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $3 AND serie = $4`, [tenantId, filialId, tipo, serie]);
  return r.rows[0] ? Number(r.rows[0].n) : 0;
}

// ---------------------------------------------------------------- building the document

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
  const cnpj = so(b.cpf_cnpj);
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
  const doc = exterior ? '' : String(cli.cpf_cnpj ?? '').replace(/\D/g, '');
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
        const d = String(tr.cpf_cnpj ?? '').replace(/\D/g, '');
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

const brl = (d: Decimal) => `R$ ${d.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const hoje = (d: Date) => comFuso(d).slice(0, 10);
/** dhEmi in Brasília time (UTC-3). */
/** The instant as the branch's wall clock with its offset (dhEmi, dhEvento…): America/Sao_Paulo unless told. */
export function comFuso(d: Date, fuso: string = FUSO_PADRAO): string {
  return isoComFuso(d, fuso);
}

// ---------------------------------------------------------------- drafts

export async function lerNota(q: Queryable, ctx: CtxEmissao, id: number, travar = false): Promise<Row> {
  const r = await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2${travar ? ' FOR UPDATE' : ''}`, [ctx.tenantId, id]);
  if (!r.rows.length) throw notFound('Nota fiscal não encontrada.');
  return r.rows[0];
}

async function nomeCliente(q: Queryable, tenantId: number, id: number): Promise<string> {
  const r = await q.query(`SELECT nome FROM pessoas WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  if (!r.rows.length) throw badRequest('Destinatário: cadastro não encontrado.', [{ campo: 'clienteId', mensagem: 'Não encontrado' }]);
  return r.rows[0].nome;
}

async function totalRascunho(q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal): Promise<string> {
  // An import's total depends on the tax rules (IPI, PIS/COFINS-importação, ICMS por dentro): built as it will be sent,
  // when the draft is complete enough; else the goods' sum until the user completes it.
  if (dados.itens.some((i) => i.importacao)) {
    try {
      const m = await montarDocumento(q, ctx, dados, 1);
      return new Decimal(calcularNfe({ ...m.doc, pagamentos: [{ tPag: '90', valor: '0.00' }] }).totais.vNF.toString()).toFixed(2);
    } catch (e) {
      if (!(e instanceof HttpError) && !(e instanceof CalculoError)) throw e;
    }
  }
  return dados.itens.reduce((s, i) => s.plus(new Decimal(i.quantidade).times(i.valorUnitario).toDecimalPlaces(2)).minus(i.valorDesconto ?? 0).plus(i.valorFrete ?? 0).plus(i.valorOutros ?? 0), new Decimal(0)).toFixed(2);
}

/** Saves a draft (new when id is not given). A draft has no number; only rascunho and rejeitada may change. */
export async function salvarRascunho(q: Queryable, ctx: CtxEmissao, body: unknown, id?: number): Promise<Row> {
  const filialId = filialDe(ctx);
  const dados = validarDados(body);
  const nome = await nomeCliente(q, ctx.tenantId, dados.clienteId);
  const nat = await q.query(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, dados.naturezaId]);
  if (!nat.rows.length) throw badRequest('Natureza de operação: cadastro não encontrado.', [{ campo: 'naturezaId', mensagem: 'Não encontrado' }]);
  await conferirAjustes(q, ctx, dados);
  const total = await totalRascunho(q, ctx, dados);
  const pedidoId = dados.pedidoId ?? null;
  if (pedidoId !== null) await pedidoSemNota(q, ctx, filialId, pedidoId);
  if (id === undefined) {
    const r = await q.query(
      `INSERT INTO notas_fiscais (tenant_id, filial_id, modelo, natureza_id, cliente_id, destinatario_nome, dados, total, usuario_id, pedido_id) VALUES ($1, $2, 55, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [ctx.tenantId, filialId, dados.naturezaId, dados.clienteId, nome, JSON.stringify(dados), total, ctx.userId, pedidoId],
    );
    return r.rows[0];
  }
  const atual = await lerNota(q, ctx, id, true);
  if (atual.status !== 'rascunho' && atual.status !== 'rejeitada') throw conflict(`Esta nota está ${atual.status}: só um rascunho ou uma nota rejeitada pode ser alterada.`);
  const r = await q.query(
    // A number kept after a refused EPEC stays the note's through edits.
    `UPDATE notas_fiscais SET natureza_id = $3, cliente_id = $4, destinatario_nome = $5, dados = $6::jsonb || jsonb_strip_nulls(jsonb_build_object('numeroMantido', dados->'numeroMantido')), total = $7, pedido_id = $8, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [ctx.tenantId, id, dados.naturezaId, dados.clienteId, nome, JSON.stringify(dados), total, pedidoId],
  );
  return r.rows[0];
}

/** A note may invoice a sales order that is faturado and has no authorised note yet (its postings are the order's). */
async function pedidoSemNota(q: Queryable, ctx: CtxEmissao, filialId: number, pedidoId: number): Promise<void> {
  const p = (await q.query(`SELECT numero, estado FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoVenda' AND filial_id = $2 AND id = $3`, [ctx.tenantId, filialId, pedidoId])).rows[0];
  if (!p) throw badRequest('Pedido de venda: não encontrado nesta filial.', [{ campo: 'pedidoId', mensagem: 'Não encontrado' }]);
  if (p.estado !== 'faturado') throw badRequest(`Pedido de venda nº ${p.numero}: fature o pedido; com uma natureza que emite NF-e, a nota sai no faturamento.`, [{ campo: 'pedidoId', mensagem: 'Pedido não faturado' }]);
  const n = await q.query(`SELECT numero FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2 AND status = 'autorizada' LIMIT 1`, [ctx.tenantId, pedidoId]);
  if (n.rows.length) throw badRequest(`Pedido de venda nº ${p.numero}: já tem a NF-e ${n.rows[0].numero} autorizada.`, [{ campo: 'pedidoId', mensagem: 'Pedido com NF-e' }]);
}

export async function excluirRascunho(q: Queryable, ctx: CtxEmissao, id: number): Promise<void> {
  const n = await lerNota(q, ctx, id, true);
  if (n.status !== 'rascunho' && n.status !== 'rejeitada') throw conflict('Só um rascunho ou uma nota rejeitada pode ser excluída; uma nota autorizada se cancela.');
  const ev = await q.query(`SELECT 1 FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 LIMIT 1`, [ctx.tenantId, id]);
  if (ev.rows.length) throw conflict('Esta nota já foi enviada à SEFAZ (há histórico de rejeição): corrija e transmita de novo em vez de excluí-la.');
  await q.query(`DELETE FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
}

// ---------------------------------------------------------------- SEFAZ

async function clienteSefaz(cert: CertificadoA1, uf: string, tpAmb: 1 | 2): Promise<SefazCliente> {
  try {
    return await criarClienteSefaz({ certificado: cert, uf, modelo: 55, tpAmb });
  } catch (e) {
    throw badRequest((e as Error).message, [{ campo: 'ambiente', mensagem: (e as Error).message }]);
  }
}

/** Result of a transmission: the note as recorded, and on rejection the SEFAZ code with its help text. */
export interface ResultadoTransmissao {
  nota: ReturnType<typeof notaOut>;
  autorizada: boolean;
  rejeicao?: {
    cStat: string;
    xMotivo: string;
    ajuda: AjudaRejeicao;
    erros?: { caminho: string; mensagem: string }[];
    /** the EPEC (contingency of the NF-e) was refused: the note keeps its number, is not valid and must not be printed */
    epec?: { motivo: string; serie: number; numero: number };
  };
}

/** SEFAZ did not authorise (the pipeline's 'rejeitada' or 'denegada'): thrown out of transaction 2 to roll it back. */
class Rejeitada extends Error {
  constructor(public rejeicao: NonNullable<ResultadoTransmissao['rejeicao']>, public ambiente: number, public numero: number | null = null, public denegada: { protocolo: string | null } | null = null) {
    super(rejeicao.xMotivo);
  }
}

/**
 * The NF-e's send: the branch's authoriser, or its contingency (autorizarNfe), with no transaction open; a duplicate
 * answer (204/539) to the normal authoriser settled by the pipeline (adopted when SEFAZ holds this key authorised).
 */
async function enviarNfe(p: Preparada): Promise<AutorizacaoNfe> {
  const uf = p.m.doc.emitente.endereco.uf;
  const aut = await autorizarNfe(p.m.doc, p.cert, uf, p.conf.contingencia);
  if (aut.contingencia || aut.epecRejeitado) return aut;
  const d = await classificarResposta(() => clienteSefaz(p.cert, uf, p.m.doc.ambiente), aut.montada, aut.retorno);
  return d.tipo === 'autorizada' ? { ...aut, retorno: d.retorno } : aut;
}

/**
 * THE issuing service (emitir-nfe, the assistant, purchasing's returns call it with a draft they saved), in two
 * short transactions with SEFAZ called between them, so no row lock, pool connection or (on PGlite) the single
 * connection waits on the authoriser:
 * - tx1 locks the note, checks everything the user can fix with a provisional number, takes the series' number
 *   (sequencias_filial: a number given back earlier first, else the next; gap-free under concurrency), builds and
 *   signs the NF-e and keeps it on the note as 'transmitindo' (number, key, document, signed XML in the storage);
 * - SEFAZ (or the branch's contingency) with no transaction open;
 * - tx2 records the answer: authorised, it stores the nfeProc and posts the stock movements and receivables the
 *   natureza asks for; rejected (or SEFAZ unavailable), the number goes back to the series and the note is rejected
 *   with the SEFAZ code and its help text (or back to what it was). tx2 acts only on a note still 'transmitindo'
 *   with that number, so running it twice does nothing the second time. A crash between the two leaves the note
 *   'transmitindo': resolverTransmitindo (the periodic job) consults SEFAZ by its key and finishes it.
 * A document that posts its own postings first (a sales order's faturar, a return to the supplier) prepares its note in
 * its own transaction instead (prepararNotaDoPedido, prepararNotaDeOrigem) and sends it with transmitirNotaDoPedido.
 */
export interface OpcoesTransmissao {
  /** false: the natureza's stock movement is not posted (the caller posts the stock itself) */
  movimentarEstoque?: boolean;
}

export async function transmitirNotaFiscal(services: Servicos, ctx: CtxEmissao, notaId: number, agora = new Date(), opcoes: OpcoesTransmissao = {}): Promise<ResultadoTransmissao> {
  try {
    const p = await reservarTransmissao(services, ctx, notaId, agora);
    // SEFAZ, outside any transaction.
    const t1 = performance.now();
    let aut: AutorizacaoNfe;
    try {
      aut = await enviarNfe(p);
    } catch (e) {
      await services.db.tenant(ctx, (q) => desfazerReserva(q, ctx, notaId, p.numero));
      throw e;
    }
    if (medidasEmissao.ativo) medidasEmissao.registros.push({ montagem: p.montagemMs, transmissao: performance.now() - t1 });
    // tx2: the answer recorded, postings made (once).
    return await services.db.tenant(ctx, async (q) => {
      const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
      if (!nota || nota.status !== 'transmitindo' || Number(nota.numero) !== p.numero) return { nota: notaOut(nota), autorizada: nota?.status === 'autorizada' || nota?.status === 'contingencia' };
      return registrarNaTransacao(services, q, ctx, { ...p, nota }, aut, agora, { lancar: true });
    });
  } catch (e) {
    if (!(e instanceof Rejeitada)) throw e;
    // A note sent from the note screens posts its own postings only when authorised: nothing to compensate.
    const r = await services.db.tenant(ctx, async (q) => (await rejeitarNaTransacao(services, q, ctx, notaId, e, e.numero, { compensar: false })) ?? lerNota(q, ctx, notaId));
    return { nota: notaOut(r), autorizada: false, rejeicao: e.rejeicao };
  } finally {
    void alertarVencimentos(services).catch(() => {});
  }
}

/** tx1 on its own: the note numbered, signed and kept as 'transmitindo' (committed); what a crash right after leaves. */
export async function reservarTransmissao(services: Servicos, ctx: CtxEmissao, notaId: number, agora = new Date()): Promise<Preparada> {
  return services.db.tenant(ctx, async (q) => {
    const prep = await prepararNaTransacao(services, q, ctx, notaId, agora, { lancar: true, validarXsd: false });
    await reservarNaTransacao(services, q, ctx, prep);
    return prep;
  });
}

/** Time of the steps of each issue (npm run bench:vendas turns it on): build + sign + XSD, and the SEFAZ round-trip. */
export const medidasEmissao = { ativo: false, registros: [] as { montagem: number; transmissao: number }[] };

interface OpcoesAutorizacao extends OpcoesTransmissao {
  /** post the stock movements and receivables the natureza asks for (false: the caller's document already did) */
  lancar: boolean;
  /** check the signed XML against the official XSD before sending (a 400 listing the errors) */
  validarXsd: boolean;
}

/** What tx1 prepared: the locked note, its number, the built document (signed in `montada`) and the certificate. */
export interface Preparada {
  nota: Row;
  numero: number;
  m: NotaMontada;
  cert: CertificadoA1;
  conf: ConfiguracaoNfe;
  montagemMs: number;
}

/**
 * Locks the note, checks what the user can fix with a provisional number (a 400 before the series moves), takes the
 * series' number and builds the NF-e (optionally XSD-validated).
 */
async function prepararNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number, agora: Date, opcoes: OpcoesAutorizacao): Promise<Preparada> {
  const nota = await lerNota(q, ctx, notaId, true);
  if (nota.status !== 'rascunho' && nota.status !== 'rejeitada') throw conflict(nota.status === 'transmitindo' ? 'Esta nota está sendo transmitida à SEFAZ: aguarde a resposta (Notas processadas mostra a situação).' : `Esta nota já está ${nota.status}.`);
  const filialId = Number(nota.filial_id);
  if (filialId !== ctx.branchId) throw badRequest('Esta nota é de outra filial: troque para a filial dela para transmiti-la.');
  // A note tied to an order, sent from the note screens (a rejected faturar's note, an 'Emitir NF-e' draft): only
  // while the order is faturado without an authorised note (its postings are the order's).
  if (opcoes.lancar && nota.pedido_id != null) await pedidoSemNota(q, ctx, filialId, Number(nota.pedido_id));
  const dados = validarDados(rascunhoDe(nota.dados));
  const conf = await configuracaoNfe(q, ctx.tenantId, filialId);
  // Everything the user can fix is checked with a provisional number before the series moves.
  await montarDocumento(q, ctx, dados, (await ultimoNumero(q, ctx.tenantId, filialId, 'nfe', conf.serieNfe)) + 1, agora);
  const cert = await abrirCertificado(services, q, ctx.tenantId, filialId, agora.getTime());
  const t0 = performance.now();
  // A note that kept its number after a refused EPEC is sent again with that number and series.
  const mantido = nota.status === 'rejeitada' && nota.dados?.numeroMantido === true && nota.numero != null;
  const numero = mantido ? Number(nota.numero) : await reservarNumeroNfe(q, ctx.tenantId, filialId, conf.serieNfe);
  const m = await montarDocumento(q, ctx, dados, numero, agora, mantido ? Number(nota.serie) : undefined);
  if (opcoes.validarXsd) {
    const xml = montarNfe(m.doc, assinadorDe(cert)).xml;
    const v = await validarMensagem(xml, pacoteDoDocumento(xml)); // PL_010 when it carries the IBS/CBS groups
    if (!v.valido) throw badRequest(`A NF-e não passou na validação do leiaute (XSD): ${v.erros.map((e) => `${e.caminho}: ${e.mensagem}`).join('; ')}`, v.erros.map((e) => ({ campo: e.caminho, mensagem: e.mensagem })));
  }
  return { nota, numero, m, cert, conf, montagemMs: performance.now() - t0 };
}

/** tx1's record: the note numbered and signed, 'transmitindo', its signed XML in the storage (what the job resends). */
async function reservarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, p: Preparada): Promise<void> {
  const montada = montarNfe(p.m.doc, assinadorDe(p.cert));
  const arquivo = tenantKey(ctx.tenantId, 'nfe', `${montada.chave}-nfe.xml`);
  await services.storage.put(arquivo, Buffer.from(montada.xml, 'utf8'), { contentType: 'application/xml' });
  await q.query(
    `UPDATE notas_fiscais SET status = 'transmitindo', serie = $3, numero = $4, chave = $5, ambiente = $6, data_emissao = $7, arquivo_xml = $8,
            dados = dados || jsonb_build_object('documento', $9::jsonb, 'statusAnterior', status), updated_at = now()
      WHERE tenant_id = $1 AND id = $2`,
    [ctx.tenantId, p.nota.id, p.m.serie, p.numero, montada.chave, p.m.doc.ambiente, p.m.doc.ide.dataEmissao, arquivo, JSON.stringify(p.m.doc)],
  );
}

/**
 * The next number of an NF-e series: the lowest one given back (a note SEFAZ did not authorise while a later number
 * was already out) first, else the series' next. The series row stays locked until the caller commits.
 */
export async function reservarNumeroNfe(q: Queryable, tenantId: number, filialId: number, serie: number, tipo: 'nfe' | 'nfce' = 'nfe'): Promise<number> {
  const r = await q.query<{ d: number[] }>(`SELECT devolvidos AS d FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $4 AND serie = $3 FOR UPDATE`, [tenantId, filialId, serie, tipo]);
  const devolvidos = (r.rows[0]?.d ?? []).map(Number).sort((a, b) => a - b);
  if (devolvidos.length) {
    await q.query(`UPDATE sequencias_filial SET devolvidos = $4::int[], updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $5 AND serie = $3`, [tenantId, filialId, serie, devolvidos.slice(1), tipo]);
    return devolvidos[0];
  }
  return proximoNumero(q, tenantId, filialId, tipo, serie);
}

/**
 * Gives a number back to its series: the series steps back when it was its last (and over any given-back numbers
 * now at its end), otherwise the number waits in `devolvidos` to be the next one handed out.
 */
export async function devolverNumeroNfe(q: Queryable, tenantId: number, filialId: number, serie: number, numero: number, tipo: 'nfe' | 'nfce' = 'nfe'): Promise<void> {
  const r = await q.query<{ u: string; d: number[] }>(`SELECT ultimo_numero::text AS u, devolvidos AS d FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $4 AND serie = $3 FOR UPDATE`, [tenantId, filialId, serie, tipo]);
  if (!r.rows.length) return;
  let ultimo = Number(r.rows[0].u);
  const devolvidos = new Set([...(r.rows[0].d ?? []).map(Number), numero]);
  while (devolvidos.has(ultimo)) devolvidos.delete(ultimo--);
  await q.query(`UPDATE sequencias_filial SET ultimo_numero = $4, devolvidos = $5::int[], updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $6 AND serie = $3`, [tenantId, filialId, serie, ultimo, [...devolvidos].sort((a, b) => a - b), tipo]);
}

/** A note still 'transmitindo' with that number keeps it (and its key) as a rejected note: not valid, not printable. */
async function manterNumero(q: Queryable, ctx: CtxEmissao, notaId: number, numero: number | null): Promise<void> {
  await q.query(
    `UPDATE notas_fiscais SET arquivo_xml = NULL, dados = (dados - 'statusAnterior') || jsonb_build_object('numeroMantido', true), updated_at = now()
      WHERE tenant_id = $1 AND id = $2 AND status = 'transmitindo' AND numero = $3`,
    [ctx.tenantId, notaId, numero],
  );
}

/** A note still 'transmitindo' with that number gives it back and returns to what it was (nothing numbered). */
async function desfazerReserva(q: Queryable, ctx: CtxEmissao, notaId: number, numero: number | null): Promise<void> {
  const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
  if (!nota || nota.status !== 'transmitindo' || (numero != null && Number(nota.numero) !== numero)) return;
  if (nota.dados?.numeroMantido) {
    // A number kept after a refused EPEC stays the note's (only an inutilização frees it).
    await q.query(`UPDATE notas_fiscais SET status = 'rejeitada', arquivo_xml = NULL, dados = dados - 'statusAnterior', updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId]);
    return;
  }
  await devolverNumeroNfe(q, ctx.tenantId, Number(nota.filial_id), Number(nota.serie), Number(nota.numero));
  const anterior = nota.dados?.statusAnterior === 'rejeitada' ? 'rejeitada' : 'rascunho';
  await q.query(
    `UPDATE notas_fiscais SET status = $3, serie = NULL, numero = NULL, chave = NULL, data_emissao = NULL, arquivo_xml = NULL, dados = dados - 'documento' - 'statusAnterior', updated_at = now()
      WHERE tenant_id = $1 AND id = $2`,
    [ctx.tenantId, notaId, anterior],
  );
}

/** Records SEFAZ's answer on the note (throws Rejeitada when not authorised) and posts what the natureza asks. */
async function registrarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, p: Pick<Preparada, 'nota' | 'numero' | 'm'>, aut: AutorizacaoNfe, agora: Date, opcoes: Omit<OpcoesAutorizacao, 'validarXsd'>): Promise<ResultadoTransmissao> {
  const { nota, numero, m } = p;
  const notaId = Number(nota.id);
  const { montada, retorno: ret, contingencia } = aut;
  // The pipeline's classify step (an EPEC registered counts as issued: the NF-e follows when SEFAZ is back).
  const d = contingencia?.pendente ? null : classificarSefaz(ret);
  if (d && d.tipo !== 'autorizada') {
    throw new Rejeitada(
      {
        cStat: ret.cStat,
        xMotivo: ret.xMotivo,
        ajuda: ret.ajuda ?? ajudaRejeicao(ret.cStat, ret.xMotivo),
        ...(ret.erros?.length ? { erros: ret.erros.map((e) => ({ caminho: e.caminho, mensagem: e.mensagem })) } : {}),
        ...(aut.epecRejeitado ? { epec: { motivo: aut.epecRejeitado.motivo, serie: m.serie, numero } } : {}),
      },
      m.doc.ambiente,
      numero,
      d.tipo === 'denegada' ? { protocolo: ret.protocolo ?? null } : null,
    );
  }
  const arquivo = tenantKey(ctx.tenantId, 'nfe', `${montada.chave}-${ret.nfeProc ? 'procNFe' : 'nfe'}.xml`);
  await services.storage.put(arquivo, Buffer.from(ret.nfeProc ?? montada.xml, 'utf8'), { contentType: 'application/xml' });
  const vNF = montada.calculo.totais.vNF.toFixed(2);
  const dhRecbto = /<dhRecbto>([^<]+)</.exec(ret.protNFe ?? '')?.[1];
  const r = await q.query(
    `UPDATE notas_fiscais SET status = $13, serie = $3, numero = $4, chave = $5, protocolo = $6, ambiente = $7, data_emissao = $8, data_autorizacao = $9,
            arquivo_xml = $10, total = $11, rejeicao = NULL, dados = (dados - 'statusAnterior') || jsonb_build_object('documento', $12::jsonb), tipo_emissao = $14, contingencia = $15, updated_at = now()
      WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [ctx.tenantId, notaId, m.serie, numero, montada.chave, ret.protocolo, m.doc.ambiente, agora, contingencia?.pendente ? null : dhRecbto ? new Date(dhRecbto) : agora, arquivo, vNF, JSON.stringify(m.doc),
      contingencia?.pendente ? 'contingencia' : 'autorizada', contingencia?.tpEmis ?? 1, contingencia ? JSON.stringify(contingencia) : null],
  );
  await q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, protocolo, arquivo_xml, usuario_id) VALUES ($1, $2, 'autorizacao', $3, $4, $5, $6, $7)`, [ctx.tenantId, notaId, ret.cStat, ret.xMotivo, ret.protocolo, arquivo, ctx.userId]);
  // A note of a sales order posts nothing: the order's faturamento wrote the stock movements and receivables. Nor does
  // a note of another origin (a return to the supplier posted its movements in transaction 1): its origin records it.
  const origem = origemDaNota(nota);
  const lancamentoId = opcoes.lancar && nota.pedido_id == null && !origem ? await lancar(q, ctx, r.rows[0], m, vNF, opcoes.movimentarEstoque !== false) : null;
  if (origem?.aoAutorizar) await origem.aoAutorizar(q, ctx, r.rows[0]);
  if (nota.pedido_id != null) {
    await q.query(`UPDATE documentos SET cabecalho = cabecalho || jsonb_build_object('nfeId', $3::int, 'nfeNumero', $4::int, 'nfeChave', $5::text) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.pedido_id, notaId, numero, montada.chave]);
  }
  if (lancamentoId) await q.query(`UPDATE notas_fiscais SET lancamento_id = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId, lancamentoId]);
  if (contingencia) await alertarContingencia(services, q, ctx.tenantId, r.rows[0], contingencia);
  if (!contingencia?.pendente) await emitirEvento(q, ctx.tenantId, 'notaFiscal.autorizada', { ...notaOut(r.rows[0]), dados: undefined, documento: Number(nota.modelo) === 65 ? 'NFC-e' : 'NF-e' });
  return { nota: notaOut({ ...r.rows[0], lancamento_id: lancamentoId }), autorizada: true };
}

/**
 * Notes left 'transmitindo' by a crash between tx1 and tx2 (older than `idadeMs`): SEFAZ is consulted by the note's
 * key; authorised there, the authorisation is recorded and posted as tx2 would; unknown there (217), the same signed
 * XML (same number and key) is sent again and its answer recorded; SEFAZ still unreachable, the note waits for the
 * next run. Never numbers again.
 */
export async function resolverTransmitindo(services: Servicos, idadeMs = 120_000, alvo?: { tenantId: number; id: number }): Promise<{ resolvidas: number[]; aguardando: number }> {
  // `alvo`: one note only (the shop's "Consultar na SEFAZ" on Documentos em transmissão), whatever its age.
  const r = await services.db.query<Row>(
    `SELECT tenant_id, id, filial_id, usuario_id FROM notas_fiscais WHERE status = 'transmitindo' AND updated_at < now() - ($1::int * interval '1 millisecond') ${alvo ? 'AND tenant_id = $2 AND id = $3' : ''} ORDER BY id`,
    alvo ? [idadeMs, alvo.tenantId, alvo.id] : [idadeMs],
  );
  const res = { resolvidas: [] as number[], aguardando: 0 };
  for (const n of r.rows) {
    const ctx: CtxEmissao = { tenantId: Number(n.tenant_id), branchId: Number(n.filial_id), userId: Number(n.usuario_id) };
    try {
      const ok = await resolverUma(services, ctx, Number(n.id));
      if (ok) res.resolvidas.push(Number(n.id));
      else res.aguardando++;
    } catch {
      res.aguardando++;
    }
  }
  return res;
}

/**
 * The compensation of a note's origin (a sales order's faturamento) when SEFAZ refused its note, run in the
 * transaction that records the rejection. The sales module registers it (it sits above this one).
 */
export type CompensarPedido = (services: Servicos, q: Queryable, ctx: CtxEmissao, pedidoId: number) => Promise<void>;
let compensarPedido: CompensarPedido | null = null;
export function registrarCompensacaoDoPedido(fn: CompensarPedido): void {
  compensarPedido = fn;
}

/**
 * The business document a note was issued for, other than a sales order (`dados.origem.tipo`, set by
 * prepararNotaDeOrigem): it posted in transaction 1, so the note posts nothing itself; on authorisation it records
 * the link (in transaction 2, or in the recovery's), on rejection it runs its declared compensation. Modules above
 * register theirs (a return to the supplier: compras).
 */
export interface OrigemNota {
  aoAutorizar?: (q: Queryable, ctx: CtxEmissao, nota: Row) => Promise<void>;
  compensar: (services: Servicos, q: Queryable, ctx: CtxEmissao, nota: Row) => Promise<void>;
}
const origens = new Map<string, OrigemNota>();
export function registrarOrigemDaNota(tipo: string, o: OrigemNota): void {
  origens.set(tipo, o);
}
function origemDaNota(nota: Row): OrigemNota | null {
  const tipo = nota.dados?.origem?.tipo;
  if (typeof tipo !== 'string') return null;
  const o = origens.get(tipo);
  if (!o) throw new Error(`Nota ${nota.id}: a origem '${tipo}' não foi registrada`);
  return o;
}

/**
 * A rejection recorded once (the note still 'transmitindo' with that number, else nothing): the number goes back to
 * the series (SEFAZ never authorised it; a refused EPEC keeps it), the note is 'rejeitada' with the code and its
 * help, and (`compensar`, the default) a note tied to a sales order runs the order's compensating transition, a note
 * of another origin its own, in the same transaction. A denial (110/301/302/303) is recorded the same way except that
 * SEFAZ spent the number: the note is 'denegada' with its protocol and keeps its number and key.
 */
async function rejeitarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number, e: Rejeitada, numero: number | null, opcoes: { compensar: boolean } = { compensar: true }): Promise<Row | null> {
  const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
  if (!nota || nota.status !== 'transmitindo' || (numero != null && Number(nota.numero) !== numero)) return null;
  if (e.denegada) {
    await q.query(`UPDATE notas_fiscais SET protocolo = $3, dados = dados - 'statusAnterior', updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId, e.denegada.protocolo]);
  } else if (e.rejeicao.epec) await manterNumero(q, ctx, notaId, numero);
  else await desfazerReserva(q, ctx, notaId, numero);
  const tipo = e.denegada ? 'denegacao' : 'rejeicao';
  await q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, usuario_id) VALUES ($1, $2, $3, $4, $5, $6)`, [ctx.tenantId, notaId, tipo, e.rejeicao.cStat, e.rejeicao.xMotivo, ctx.userId]);
  const r = await q.query(`UPDATE notas_fiscais SET status = $5, rejeicao = $3, ambiente = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`, [ctx.tenantId, notaId, JSON.stringify(e.rejeicao), e.ambiente, e.denegada ? 'denegada' : 'rejeitada']);
  await emitirEvento(q, ctx.tenantId, 'notaFiscal.rejeitada', { ...notaOut(r.rows[0]), dados: undefined, documento: Number(nota.modelo) === 65 ? 'NFC-e' : 'NF-e' });
  if (!opcoes.compensar) return r.rows[0];
  if (nota.pedido_id != null) {
    if (!compensarPedido) throw new Error('rejeitarNaTransacao: a compensação do pedido de venda não foi registrada');
    await compensarPedido(services, q, ctx, Number(nota.pedido_id));
  }
  await origemDaNota(nota)?.compensar(services, q, ctx, nota);
  return r.rows[0];
}

async function resolverUma(services: Servicos, ctx: CtxEmissao, notaId: number): Promise<boolean> {
  const lida = await services.db.tenant(ctx, async (q) => {
    const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
    if (!nota || nota.status !== 'transmitindo') return null;
    const cert = await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id));
    const uf = (await q.query(`SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.filial_id])).rows[0]?.uf;
    return { nota, cert, uf };
  });
  if (!lida) return true;
  const { nota, cert, uf } = lida;
  const s = await services.storage.get(nota.arquivo_xml);
  if (!s) return false;
  const xml = (await paraBuffer(s)).toString('utf8');
  const doc = nota.dados.documento as NfeDocumento;
  const montada = { chave: nota.chave as string, xml, calculo: calcularNfe(doc) } as unknown as AutorizacaoNfe['montada'];
  // The pipeline: asked by the key first; unknown at SEFAZ, the same signed XML (same number, same key) again, never a
  // new key for this number; a duplicate (another sender of this very key got there first) adopted from the consultation.
  const d = await transmitirXmlSefaz(() => clienteSefaz(cert, uf, Number(nota.ambiente) as 1 | 2), montada, { consultarAntes: true });
  if (d.tipo === 'sem-resposta') return false;
  const retorno = d.retorno;
  const numero = Number(nota.numero);
  try {
    await services.db.tenant(ctx, async (q) => {
      const atual = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
      if (!atual || atual.status !== 'transmitindo' || Number(atual.numero) !== numero) return;
      const natureza = (await q.query(`SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, atual.natureza_id])).rows[0];
      const cliente = (await q.query(`SELECT * FROM pessoas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, atual.cliente_id])).rows[0];
      const m = { doc, natureza, cliente, produtos: new Map(), serie: Number(atual.serie) } as NotaMontada;
      await registrarNaTransacao(services, q, ctx, { nota: atual, numero, m }, { montada, retorno }, new Date(atual.data_emissao), { lancar: true });
    });
  } catch (e) {
    if (!(e instanceof Rejeitada)) throw e;
    await services.db.tenant(ctx, (q) => rejeitarNaTransacao(services, q, ctx, notaId, e, numero));
  }
  avisarPedido(services, ctx, notaId);
  return true;
}

/** The order's screen learns by the realtime socket that its note settled (authorised or rejected). */
function avisarPedido(services: Servicos, ctx: CtxEmissao, notaId: number): void {
  void services.db
    .tenant(ctx, async (q) => (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0])
    .then((n) => {
      // To the user who faturou (the note's user): the order's number, the note's state and, refused, the code and help.
      if (n?.pedido_id != null) services.realtime?.toUser(ctx.tenantId, Number(n.usuario_id ?? ctx.userId), 'pedido-nfe', { pedidoId: Number(n.pedido_id), nota: { id: Number(n.id), status: n.status, numero: n.numero == null ? null : Number(n.numero), rejeicao: n.rejeicao ?? null } });
    })
    .catch(() => {});
}

/**
 * Transaction 1 of a sales order's NF-e (faturar's own transaction, after its stock, receivables and sales lines):
 * the note is saved tied to the order, numbered, built, signed, validated against the XSD and kept 'transmitindo'
 * with its key fixed (cNF in the stored document, signed XML in the storage). Nothing is sent here and the note
 * posts nothing itself. What the user can fix (cliente, products, tax rules, XSD) is a 400 that rolls faturar back.
 * The caller hands the result to transmitirNotaDoPedido once its transaction committed.
 */
export async function prepararNotaDoPedido(services: Servicos, q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal, origem: { pedidoId: number }, agora = new Date()): Promise<Preparada> {
  // Saved without the order (it is not faturado yet inside this transaction), then tied to it.
  const rascunho = await salvarRascunho(q, ctx, { ...dados, pedidoId: null });
  await q.query(`UPDATE notas_fiscais SET pedido_id = $3, dados = dados || jsonb_build_object('pedidoId', $3::int) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, rascunho.id, origem.pedidoId]);
  const p = await prepararNaTransacao(services, q, ctx, Number(rascunho.id), agora, { lancar: false, validarXsd: true });
  await reservarNaTransacao(services, q, ctx, p);
  return p;
}

/**
 * Transaction 1 of a note issued for another business document (a return to the supplier), in that document's
 * transaction after its postings: the saved draft marked with its origin (what transaction 2 and the recovery read),
 * numbered, built, signed, XSD-validated and kept 'transmitindo' with its key. Sent by transmitirNotaDoPedido.
 */
export async function prepararNotaDeOrigem(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number, origem: { tipo: string } & Row, agora = new Date()): Promise<Preparada> {
  origemDaNota({ id: notaId, dados: { origem } });
  await q.query(`UPDATE notas_fiscais SET dados = dados || jsonb_build_object('origem', $3::jsonb) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId, JSON.stringify(origem)]);
  const p = await prepararNaTransacao(services, q, ctx, notaId, agora, { lancar: false, validarXsd: true });
  await reservarNaTransacao(services, q, ctx, p);
  return p;
}

/**
 * After faturar committed, with no transaction open: the order's prepared note goes to SEFAZ (or the branch's
 * contingency) and transaction 2 records the answer once:
 * - authorised (or EPEC): the note 'autorizada' ('contingencia'), tied to the order; nothing posted again;
 * - rejected: the rejection recorded and the order's compensating transition (postings reversed, order back, the
 *   number back to the series), then a 400 with the SEFAZ code and its help text;
 * - SEFAZ unreachable with no contingency (503) or a problem before any answer: as before this pipeline, nothing
 *   stays numbered: the order is compensated, the unsent draft removed, and the error is the answer.
 * A crash anywhere leaves the note 'transmitindo' for resolverTransmitindo (consulted by its key).
 */
export async function transmitirNotaDoPedido(services: Servicos, ctx: CtxEmissao, p: Preparada): Promise<ResultadoTransmissao> {
  const notaId = Number(p.nota.id);
  try {
    let aut: AutorizacaoNfe;
    try {
      aut = await enviarNfe(p);
    } catch (e) {
      // Only an answer autorizarNfe classified (503 SEFAZ and contingency unreachable, 400 a setting to fix) gives the
      // number back; anything else may have reached SEFAZ: the note stays 'transmitindo' for the recovery by key.
      if (!(e instanceof HttpError)) {
        console.warn(`NF-e ${p.numero} do pedido ${p.nota.pedido_id}: transmissão interrompida (${(e as Error).message}); a recuperação consulta a SEFAZ pela chave.`);
        return { nota: notaOut({ ...p.nota, status: 'transmitindo' }), autorizada: false };
      }
      await services.db.tenant(ctx, async (q) => {
        const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
        if (!nota || nota.status !== 'transmitindo' || Number(nota.numero) !== p.numero) return;
        await desfazerReserva(q, ctx, notaId, p.numero);
        const ev = await q.query(`SELECT 1 FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 LIMIT 1`, [ctx.tenantId, notaId]);
        if (!ev.rows.length) await q.query(`DELETE FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 AND status = 'rascunho'`, [ctx.tenantId, notaId]);
        const origem = origemDaNota(nota);
        if (origem) await origem.compensar(services, q, ctx, nota);
        else {
          if (!compensarPedido) throw new Error('transmitirNotaDoPedido: a compensação do pedido de venda não foi registrada');
          await compensarPedido(services, q, ctx, Number(nota.pedido_id));
        }
      });
      throw e;
    }
    try {
      return await services.db.tenant(ctx, async (q) => {
        const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
        if (!nota || nota.status !== 'transmitindo' || Number(nota.numero) !== p.numero) return { nota: notaOut(nota), autorizada: nota?.status === 'autorizada' || nota?.status === 'contingencia' };
        return registrarNaTransacao(services, q, ctx, { ...p, nota }, aut, new Date(nota.data_emissao ?? Date.now()), { lancar: false });
      });
    } catch (e) {
      if (!(e instanceof Rejeitada)) {
        // SEFAZ answered but the answer could not be recorded (the database failed): the recovery asks SEFAZ again.
        console.warn(`NF-e ${p.numero} do pedido ${p.nota.pedido_id}: resposta da SEFAZ não gravada (${(e as Error).message}); a recuperação consulta a SEFAZ pela chave.`);
        return { nota: notaOut({ ...p.nota, status: 'transmitindo' }), autorizada: false };
      }
      await services.db.tenant(ctx, (q) => rejeitarNaTransacao(services, q, ctx, notaId, e, p.numero));
      const { cStat, xMotivo, ajuda } = e.rejeicao;
      throw badRequest(`A SEFAZ rejeitou a NF-e: ${cStat} - ${xMotivo}. ${ajuda.comoCorrigir}`, [{ campo: 'nfe', mensagem: `${cStat} - ${xMotivo}`, cStat }]);
    }
  } finally {
    avisarPedido(services, ctx, notaId);
    void alertarVencimentos(services).catch(() => {});
  }
}

const ORIGEM = 'notaFiscal';

/** Stock and receivables of an authorised note, as its natureza asks (in the authorisation's transaction). */
async function lancar(q: Queryable, ctx: CtxEmissao, nota: Row, m: NotaMontada, vNF: string, estoque = true): Promise<number | null> {
  const nat = m.natureza;
  const entrada = Number(nat.tipo) === 0;
  if (nat.movimenta_estoque && estoque) {
    const dep = await q.query(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND ativo ORDER BY padrao DESC, id LIMIT 1`, [ctx.tenantId, nota.filial_id]);
    if (!dep.rows.length) throw badRequest('A filial não tem depósito ativo para movimentar o estoque desta natureza de operação.');
    const dados = nota.dados as DadosNotaFiscal;
    const tipo = nat.tipo_movimentacao == null ? (entrada ? TipoMovimentacao.COMPRA : TipoMovimentacao.VENDA) : Number(nat.tipo_movimentacao);
    await movimentar(
      q,
      { tenantId: ctx.tenantId, userId: ctx.userId },
      dados.itens.map((i, k) => ({ produtoId: i.produtoId, depositoId: Number(dep.rows[0].id), quantidade: (entrada ? '' : '-') + new Decimal(i.quantidade).toFixed(4), tipo, origemLinha: k + 1 })),
      { tipo: ORIGEM, id: Number(nota.id) },
    );
  }
  if (!nat.gera_financeiro) return null;
  const dados = nota.dados as DadosNotaFiscal;
  const emissao = hoje(new Date(nota.data_emissao));
  const parcelas = dados.pagamentos.filter((p) => p.tPag !== '90' && new Decimal(p.valor).gt(0)).map((p) => ({ vencimento: (p.vencimento ?? emissao).slice(0, 10), valor: new Decimal(p.valor).toFixed(2) }));
  if (!parcelas.length) return null;
  const l = await criarLancamento(q, ctx, {
    tipo: entrada ? DESPESA : RECEITA,
    descricao: `NF-e ${nota.numero}/${nota.serie} - ${String(m.cliente.nome).slice(0, 150)}`,
    pessoaId: Number(m.cliente.id),
    documento: `NF-e ${nota.numero}`,
    dataEmissao: emissao,
    valorTotal: vNF,
    parcelas,
    origemTipo: ORIGEM,
    origemId: Number(nota.id),
  });
  return l.id;
}

// ---------------------------------------------------------------- events

// Cancelamento, carta de correção, consulta and inutilização: eventos.ts (the outbox, SEFAZ called after the commit).

export async function eventosDaNota(q: Queryable, ctx: CtxEmissao, notaId: number) {
  await lerNota(q, ctx, notaId);
  const r = await q.query(`SELECT id, tipo, sequencia, texto, cstat, motivo, protocolo, created_at FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [ctx.tenantId, notaId]);
  return r.rows.map((e) => ({ id: Number(e.id), tipo: e.tipo, sequencia: e.sequencia, texto: e.texto, cStat: e.cstat, xMotivo: e.motivo, protocolo: e.protocolo, data: iso(e.created_at) }));
}

// ---------------------------------------------------------------- files

export async function xmlDaNota(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number): Promise<{ nome: string; xml: Buffer }> {
  const nota = await lerNota(q, ctx, notaId);
  if (!nota.arquivo_xml || !['autorizada', 'cancelada', 'contingencia', 'denegada'].includes(nota.status)) throw conflict('Esta nota ainda não foi autorizada: não há XML autorizado.');
  const s = await services.storage.get(nota.arquivo_xml);
  if (!s) throw notFound('O XML desta nota não foi encontrado no armazenamento.');
  return { nome: `${nota.chave}-procNFe.xml`, xml: await paraBuffer(s) };
}

/** DANFE of an authorised note (with its protocol) or a preview of a draft (provisional number, no protocol). */
export async function danfeDaNota(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number): Promise<{ nome: string; pdf: Buffer }> {
  const nota = await lerNota(q, ctx, notaId);
  if (nota.status === 'transmitindo') throw conflict('Esta nota está sendo transmitida à SEFAZ: o DANFE sai quando ela for autorizada.');
  if (nota.status === 'rejeitada' && nota.dados?.numeroMantido) {
    throw conflict(`A SEFAZ recusou a EPEC desta nota: ela não vale como documento fiscal e o DANFE não pode ser impresso. Transmita de novo quando a SEFAZ voltar, ou inutilize o número ${nota.numero}.`);
  }
  if (nota.dados?.documento) {
    const calculo = calcularNfe(nota.dados.documento);
    const fuso = (await q.query<{ f: string }>('SELECT fuso_horario AS f FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, nota.filial_id])).rows[0]?.f;
    const dh = nota.data_autorizacao ? comFuso(new Date(nota.data_autorizacao), fuso) : undefined;
    const pdf = await gerarDanfe({ calculo, protocolo: nota.protocolo ? { nProt: nota.protocolo, dhRecbto: dh! } : undefined });
    return { nome: `${nota.chave}.pdf`, pdf };
  }
  const dados = validarDados(rascunhoDe(nota.dados));
  const conf = await configuracaoNfe(q, ctx.tenantId, Number(nota.filial_id));
  const m = await montarDocumento(q, { ...ctx, branchId: Number(nota.filial_id) }, dados, (await ultimoNumero(q, ctx.tenantId, Number(nota.filial_id), 'nfe', conf.serieNfe)) + 1);
  return { nome: `previa-nota-${notaId}.pdf`, pdf: await gerarDanfe({ calculo: calcularNfe(m.doc) }) };
}

/** Validate: the draft built and checked against the official XSD (unsigned build, signature placeholder not needed). */
export async function validarNotaFiscal(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number) {
  const nota = await lerNota(q, ctx, notaId);
  const dados = validarDados(rascunhoDe(nota.dados));
  const filialId = Number(nota.filial_id);
  const conf = await configuracaoNfe(q, ctx.tenantId, filialId);
  const m = await montarDocumento(q, { ...ctx, branchId: filialId }, dados, (await ultimoNumero(q, ctx.tenantId, filialId, 'nfe', conf.serieNfe)) + 1);
  const cert = await abrirCertificado(services, q, ctx.tenantId, filialId);
  const montada = montarNfe(m.doc, assinadorDe(cert));
  const v = await validarMensagem(montada.xml, pacoteDoDocumento(montada.xml));
  return { valido: v.valido, erros: v.erros.map((e) => ({ caminho: e.caminho, mensagem: e.mensagem })), total: montada.calculo.totais.vNF.toFixed(2) };
}
