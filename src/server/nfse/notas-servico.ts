import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';
import type { Documento } from '../documents/lifecycle.ts';
import { proximoNumero } from '../documents/numeracao.ts';
import { assinadorDe, assinarXml } from '../fiscal/assinatura-xml.ts';
import { abrirCertificado } from '../fiscal/emissao/certificados.ts';
import { validarXsd } from '../fiscal/validacao-xsd.ts';
import { emissaoIbsCbs } from '../fiscal-config/ibscbs-emissao.ts';
import { crtDoRegime } from '../fiscal-config/tributacao.ts';
import { validarClassificacaoIbsCbs } from '../../shared/fiscal/ibscbs.ts';
import { C_IND_OP } from '../../../generated/lookups.ts';
import { badRequest, conflict, notFound, type ErrorDetail } from '../http/errors.ts';
import { paraBuffer } from '../fiscal/emissao/certificados.ts';
import { conferirDestinoAdn } from './adn-cliente.ts';
import { gerarDanfse } from './danfse.ts';
import { CINDOP_SERVICOS_GERAL, calcularValores, dataHoraBrasil, esquemaDps, montarDps, regimeDps, type DpsEntrada, type IbsCbsDps, type MotivoCancelamento } from './dps.ts';
import type { CertificadoA1 } from '../fiscal/certificado.ts';
import { novoTokenEnvio, PRAZO_ENVIO_MS } from './estado-nfse.ts';

type Row = Record<string, any>;
export interface CtxNfse {
  tenantId: number;
  userId: number;
  branchId: number | null;
}
type Servicos = Pick<AppServices, 'db' | 'storage'>;

/** Series of the DPS of a branch (numbers in sequencias_filial, tipo 'dps', gap-free). */
export const SERIE_DPS = 1;
/** ISS rates the law allows (LC 116/2003 art. 8, II and art. 8-A): 2% to 5%. */
export const ALIQUOTA_ISS_MINIMA = new Decimal(2);
export const ALIQUOTA_ISS_MAXIMA = new Decimal(5);

/**
 * The postings of a business document get a transaction, not the app's services; the file storage the NFS-e
 * needs (certificate, authorised XML) is handed here once by the module's routes plugin.
 */
export type ServicosNfse = Pick<AppServices, 'db' | 'storage'> & Partial<Pick<AppServices, 'realtime' | 'documents' | 'registry' | 'eventos'>>;
let servicosModulo: ServicosNfse | null = null;
export function configurarNfse(s: ServicosNfse): void {
  servicosModulo = s;
}
export function servicosNfse(): ServicosNfse {
  if (!servicosModulo) throw new Error('Módulo NFS-e não configurado (configurarNfse).');
  return servicosModulo;
}

const so = (v: unknown) => String(v ?? '').replace(/\D/g, '');
const money = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** The ISS rate rule shared by the service product and the issue: empty, or from 2,00% to 5,00%. */
export function conferirAliquotaIss(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  let d: Decimal;
  try {
    d = new Decimal(String(v).replace(',', '.'));
  } catch {
    return 'Alíquota do ISS inválida: informe um número de 2,00 a 5,00 (%).';
  }
  if (d.lt(ALIQUOTA_ISS_MINIMA) || d.gt(ALIQUOTA_ISS_MAXIMA)) return `Alíquota do ISS de ${d.toFixed(2).replace('.', ',')}% fora da faixa da lei: informe de 2,00% a 5,00% (LC 116/2003).`;
  return null;
}

/**
 * transmitindo: signed DPS kept, on its way to the Sefin Nacional (after faturar's commit, or the recovery's resend);
 * autorizada / rejeitada: its answer, recorded once; cancelando: the signed e101101 kept, on its way; cancelada: the
 * event registered.
 */
export type SituacaoNfse = 'transmitindo' | 'autorizada' | 'rejeitada' | 'cancelando' | 'cancelada';

export function notaServicoOut(r: Row) {
  return {
    id: Number(r.id),
    filialId: Number(r.filial_id),
    pedidoId: r.pedido_id === null ? null : Number(r.pedido_id),
    clienteId: r.cliente_id === null ? null : Number(r.cliente_id),
    tomador: r.tomador ?? null,
    serieDps: r.serie_dps,
    numeroDps: Number(r.numero_dps),
    idDps: r.id_dps,
    chave: r.chave ?? null,
    numero: r.numero_nfse == null ? null : Number(r.numero_nfse),
    situacao: r.situacao as SituacaoNfse,
    rejeicao: (r.rejeicao as { codigo: string; descricao: string }[] | null) ?? null,
    ambiente: Number(r.ambiente),
    codigoTributacaoNacional: r.codigo_tributacao_nacional,
    descricao: r.descricao,
    valorServico: money(r.valor_servico),
    aliquotaIss: r.aliquota_iss === null ? null : money(r.aliquota_iss),
    valorIss: r.valor_iss === null ? null : money(r.valor_iss),
    issRetido: r.iss_retido === true,
    valorLiquido: money(r.valor_liquido),
    dataEmissao: new Date(r.data_emissao).toISOString(),
    dataAutorizacao: r.data_autorizacao == null ? null : new Date(r.data_autorizacao).toISOString(),
  };
}

/** What an issue takes: the tomador (a cliente), the service lines and the unconditional discount. */
export interface PedidoNfse {
  pedidoId: number | null;
  clienteId: number | null;
  linhas: { servicoId: number; valor: string; descricao?: string | null }[];
  desconto?: string | null;
  observacao?: string | null;
  /** the order's natureza de operação: its cIndOp is the DPS's when the services name none */
  naturezaId?: number | null;
}

/** The service lines of a sales order (servicoId, or a produtoId of a service), with their value after discounts. */
export function pedidoParaNfse(pedido: Documento): PedidoNfse {
  return {
    pedidoId: pedido.id,
    clienteId: (pedido.cabecalho.clienteId as number | null) ?? null,
    linhas: pedido.itens
      .filter((it) => typeof it.servicoId === 'number' || typeof it.produtoId === 'number')
      .map((it) => ({ servicoId: Number(it.servicoId ?? it.produtoId), valor: String(it.valorTotal ?? '0'), descricao: (it.descricao as string | null) ?? null })),
    desconto: (pedido.cabecalho.totalDesconto as string | null) ?? null,
    observacao: (pedido.cabecalho.observacao as string | null) ?? null,
    naturezaId: (pedido.cabecalho.naturezaId as number | null) ?? null,
  };
}

async function filialDe(q: Queryable, ctx: CtxNfse, erros: ErrorDetail[]): Promise<Row> {
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de emitir NFS-e.');
  const r = await q.query(`SELECT to_jsonb(b) AS b FROM branches b WHERE b.tenant_id = $1 AND b.id = $2`, [ctx.tenantId, ctx.branchId]);
  if (!r.rows.length) throw notFound('Filial não encontrada.');
  const b = r.rows[0].b as Row;
  const falta = (campo: string, texto: string) => erros.push({ campo: `prestador.${campo}`, mensagem: `Filial: ${texto} (Configurações > Empresas).` });
  if (so(b.cpf_cnpj).length !== 14) falta('cnpj', 'informe o CNPJ');
  if (!b.codigo_municipio) falta('codigoMunicipio', 'informe o município (código IBGE)');
  if (!(b.logradouro ?? b.endereco) || !b.numero || !b.bairro || !b.uf || so(b.cep).length !== 8) falta('endereco', 'complete o endereço (logradouro, número, bairro, CEP e UF)');
  return b;
}

/**
 * The DPS's declarative IBSCBS group (layout 1.01) when it is compulsory for the branch's regime on the date
 * (lookup obrigatoriedadeIbsCbs, column vigenciaInicioNfse): the classification (CST, cClassTrib) of the services'
 * perfil tributário; the national system computes the values. A service without a classified perfil, a cClassTrib
 * not allowed on the NFS-e or out of vigência, or services with different classifications (one DPS has one group)
 * are added to the errors, naming the service.
 */
async function ibsCbsDaDps(q: Queryable, ctx: CtxNfse, filial: Row, p: PedidoNfse, porId: Map<number, Row>, data: string, erros: ErrorDetail[]): Promise<IbsCbsDps | undefined> {
  const servicos = [...new Set(p.linhas.map((l) => l.servicoId))].map((id) => porId.get(id)).filter((s): s is Row => !!s && !!s.servico);
  if (!servicos.length) return undefined;
  const perfilIds = [...new Set(servicos.map((s) => s.perfil_tributario_id).filter((v) => v != null).map(Number))];
  const e = await emissaoIbsCbs(q, ctx.tenantId, { crt: crtDoRegime(filial.regime_tributario), data, modelo: 'NFSe', perfilIds });
  if (!e) return undefined;
  const desde = (e.regra.vigenciaInicioNfse ?? e.regra.vigenciaInicio).split('-').reverse().join('/');
  const classes = new Map<string, IbsCbsDps>();
  let cIndOpNatureza: string | null = null;
  if (p.naturezaId != null) {
    const n = await q.query(`SELECT c_ind_op FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, p.naturezaId]);
    cIndOpNatureza = (n.rows[0]?.c_ind_op as string | null) ?? null;
  }
  for (const s of servicos) {
    const perfil = s.perfil_tributario_id == null ? undefined : e.perfis.get(Number(s.perfil_tributario_id));
    const c = perfil?.classificacao;
    if (!c) {
      erros.push({ campo: 'servicoId', mensagem: `Serviço ${s.descricao}: ${perfil ? `o perfil tributário "${perfil.nome}"` : 'o serviço não tem perfil tributário e'} não tem a classificação do IBS/CBS (CST e cClassTrib), obrigatória na NFS-e do ${e.regra.label} desde ${desde}: informe-a no perfil tributário do serviço (aba Fiscal).` });
      continue;
    }
    const problemas = validarClassificacaoIbsCbs(e.tabelas, c, { data, modelo: 'NFSe' });
    for (const pr of problemas) erros.push({ campo: 'servicoId', mensagem: `Serviço ${s.descricao} (perfil "${perfil.nome}"): ${pr.mensagem}` });
    const cIndOp = (s.c_ind_op as string | null) ?? cIndOpNatureza ?? CINDOP_SERVICOS_GERAL;
    if (!C_IND_OP.find((i) => i.value === cIndOp)?.nfse) {
      erros.push({ campo: 'servicoId', mensagem: `Serviço ${s.descricao}: o indicador da operação (cIndOp) ${cIndOp} não pode ser usado na NFS-e (Anexo VII, coluna indNFSe): escolha outro no serviço ou na natureza de operação.` });
      continue;
    }
    if (!problemas.length) classes.set(`${c.cst}|${c.cClassTrib}|${cIndOp}`, { cst: c.cst, cClassTrib: c.cClassTrib, cIndOp });
  }
  if (classes.size > 1) erros.push({ campo: 'itens', mensagem: 'Uma NFS-e tem uma só classificação do IBS/CBS: separe os serviços com CST, cClassTrib ou indicador da operação (cIndOp) diferentes em pedidos distintos.' });
  return [...classes.values()][0];
}

/** What transaction 1 left for the transmission: the note 'transmitindo' with its DPS id and the certificate it was signed with. */
export interface NfsePreparada {
  notaId: number;
  idDps: string;
  numeroDps: number;
  pedidoId: number | null;
  cert: CertificadoA1;
  /** the claim to send this DPS, taken in transaction 1 (estado-nfse.ts): the send after the commit holds it */
  tokenEnvio: string;
}

/**
 * Transaction 1 of an NFS-e, in the caller's transaction (faturar's, after its receivables): checks everything the
 * user can fix (one 400 listing it all, in Portuguese, before the series moves), takes the branch's next DPS number,
 * builds, signs and validates the DPS against DPS_v1.00.xsd (DPS_v1.01.xsd when it carries IBSCBS), and keeps it as a note 'transmitindo' with its fixed
 * identity (the DPS id, the signed XML in dps_xml). Nothing is sent here: the Sefin Nacional is called after the
 * commit (transmissao.ts), with no transaction open.
 */
export async function prepararNfse(services: Pick<AppServices, 'storage'>, q: Queryable, ctx: CtxNfse, p: PedidoNfse, agora = new Date()): Promise<NfsePreparada> {
  const erros: ErrorDetail[] = [];
  const filial = await filialDe(q, ctx, erros);
  if (!p.linhas.length) throw badRequest('O pedido não tem serviços: inclua ao menos um serviço para emitir a NFS-e.', [{ campo: 'itens', mensagem: 'Sem serviços' }]);
  const ids = [...new Set(p.linhas.map((l) => l.servicoId))];
  const prod = await q.query(
    `SELECT id, descricao, observacao, servico, perfil_tributario_id, codigo_tributacao_nacional, c_ind_op, municipio_incidencia, aliquota_iss::text AS aliquota_iss, retencao_iss FROM produtos WHERE tenant_id = $1 AND id = ANY($2::integer[])`,
    [ctx.tenantId, ids],
  );
  const porId = new Map(prod.rows.map((r) => [Number(r.id), r]));
  p.linhas.forEach((l, i) => {
    const s = porId.get(l.servicoId);
    const path = `/itens/${i}/servicoId`;
    if (!s) return erros.push({ path, campo: 'servicoId', linha: i + 1, mensagem: `Linha ${i + 1}: serviço não encontrado.` });
    if (!s.servico) return erros.push({ path, campo: 'servicoId', linha: i + 1, mensagem: `Linha ${i + 1}: ${s.descricao} é uma mercadoria; a NFS-e só leva serviços (a mercadoria vai na NF-e).` });
    if (!s.codigo_tributacao_nacional) erros.push({ path, campo: 'codigoTributacaoNacional', linha: i + 1, mensagem: `Serviço ${s.descricao}: informe o código de tributação nacional (Estoque > Serviços).` });
    const a = conferirAliquotaIss(s.aliquota_iss);
    if (a) erros.push({ path, campo: 'aliquotaIss', linha: i + 1, mensagem: `Serviço ${s.descricao}: ${a}` });
  });
  const servs = p.linhas.map((l) => porId.get(l.servicoId)).filter((s): s is Row => !!s);
  const chaveTrib = (s: Row) => `${s.codigo_tributacao_nacional}|${s.aliquota_iss ?? ''}|${s.retencao_iss ?? 1}|${s.municipio_incidencia ?? ''}`;
  if (servs.length > 1 && new Set(servs.map(chaveTrib)).size > 1) {
    erros.push({ campo: 'itens', mensagem: 'Uma NFS-e tem um só código de tributação nacional, alíquota e retenção de ISS: separe os serviços com tributação diferente em pedidos distintos.' });
  }
  let cliente: Row | null = null;
  if (p.clienteId) {
    const c = await q.query(`SELECT id, nome, cpf_cnpj, email, telefone, cep, logradouro, numero, complemento, bairro, codigo_municipio FROM pessoas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, p.clienteId]);
    cliente = c.rows[0] ?? null;
    if (!cliente) erros.push({ campo: 'clienteId', mensagem: 'Tomador: cliente não encontrado.' });
    else if (cliente.cpf_cnpj && ![11, 14].includes(so(cliente.cpf_cnpj).length)) erros.push({ campo: 'clienteId', mensagem: `Tomador ${cliente.nome}: CPF/CNPJ inválido.` });
  }
  const ibsCbs = await ibsCbsDaDps(q, ctx, filial, p, porId, dataHoraBrasil(agora).slice(0, 10), erros);
  if (erros.length) throw badRequest(`Não é possível emitir a NFS-e: ${erros.map((e) => e.mensagem.replace(/\.$/, '')).join('; ')}.`, erros);

  const s0 = servs[0];
  const valor = p.linhas.reduce((t, l) => t.plus(l.valor || 0), new Decimal(0));
  const desconto = new Decimal(p.desconto || 0);
  if (valor.minus(desconto).lte(0)) throw badRequest('O valor dos serviços deve ser maior que zero para emitir a NFS-e.', [{ campo: 'valorTotal', mensagem: 'Valor zero' }]);
  const descricao = [
    ...p.linhas.map((l) => {
      const s = porId.get(l.servicoId)!;
      return [l.descricao || s.descricao, s.observacao].filter(Boolean).join(' - ');
    }),
    p.observacao ?? '',
  ].filter(Boolean).join('; ').slice(0, 2000);
  const conf = await q.query(`SELECT ambiente FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2`, [ctx.tenantId, ctx.branchId]);
  const ambiente = (Number(conf.rows[0]?.ambiente ?? 2) === 1 ? 1 : 2) as 1 | 2;
  const municipio = String(filial.codigo_municipio);
  const endCli = cliente && cliente.logradouro && cliente.numero && cliente.bairro && cliente.codigo_municipio && so(cliente.cep).length === 8
    ? { codigoMunicipio: String(cliente.codigo_municipio), cep: so(cliente.cep), logradouro: cliente.logradouro, numero: cliente.numero, complemento: cliente.complemento || undefined, bairro: cliente.bairro }
    : undefined;
  const retencao = (Number(s0.retencao_iss ?? 1) || 1) as 1 | 2 | 3;
  const aliquota = s0.aliquota_iss === null ? undefined : new Decimal(s0.aliquota_iss).toFixed(2);
  const dhEmi = dataHoraBrasil(new Date(agora.getTime() - 60_000));

  try {
    conferirDestinoAdn(ambiente);
  } catch (e) {
    throw badRequest((e as Error).message, [{ campo: 'ambiente', mensagem: (e as Error).message }]);
  }
  const cert = await abrirCertificado(services, q, ctx.tenantId, ctx.branchId!, agora.getTime());
  const numero = await proximoNumero(q, ctx.tenantId, ctx.branchId!, 'dps', SERIE_DPS);
  const entrada: DpsEntrada = {
    ambiente,
    dhEmi,
    serie: String(SERIE_DPS),
    numero,
    competencia: dhEmi.slice(0, 10),
    municipioEmissor: municipio,
    prestador: {
      cnpj: so(filial.cpf_cnpj),
      inscricaoMunicipal: filial.inscricao_municipal || undefined,
      telefone: so(filial.telefone).length >= 6 ? so(filial.telefone) : undefined,
      email: filial.email || undefined,
      regime: regimeDps(filial.regime_tributario, filial.regime_tributario_municipal),
    },
    tomador: cliente
      ? { ...(so(cliente.cpf_cnpj).length === 14 ? { cnpj: so(cliente.cpf_cnpj) } : so(cliente.cpf_cnpj).length === 11 ? { cpf: so(cliente.cpf_cnpj) } : {}), nome: cliente.nome, endereco: endCli, telefone: cliente.telefone || undefined, email: cliente.email || undefined }
      : undefined,
    servico: { municipioPrestacao: String(s0.municipio_incidencia ?? municipio), codigoTributacaoNacional: s0.codigo_tributacao_nacional, descricao },
    valores: { servico: money(valor), descontoIncondicionado: desconto.gt(0) ? money(desconto) : undefined, aliquota, retencao },
    ibsCbs,
  };
  const { xml, id } = montarDps(entrada);
  const assinada = assinarXml(xml, 'infDPS', assinadorDe(cert));
  const esquema = esquemaDps(ibsCbs ? '1.01' : '1.00');
  const xsd = await validarXsd(assinada, esquema.arquivo, esquema.pacote);
  if (!xsd.valido) throw badRequest(`A DPS não passou no esquema ${esquema.arquivo}: ${xsd.erros.map((e) => e.mensagem).join('; ')}`, xsd.erros.map((e) => ({ campo: e.caminho, mensagem: e.mensagem })));

  const v = calcularValores(entrada.valores);
  // The DPS is claimed by its creator's send in this very transaction: no other sender (this server's recovery or
  // another server's) takes it before the send after the commit.
  const tokenEnvio = novoTokenEnvio();
  const r = await q.query(
    `INSERT INTO notas_servico (tenant_id, filial_id, pedido_id, cliente_id, serie_dps, numero_dps, id_dps, situacao, ambiente, codigo_tributacao_nacional, descricao, tomador,
                                valor_servico, aliquota_iss, valor_iss, iss_retido, valor_liquido, data_emissao, dps_xml, usuario_id, envio_token, envio_ate)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'transmitindo', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, now() + ($21::int * interval '1 millisecond')) RETURNING id`,
    [
      ctx.tenantId, ctx.branchId, p.pedidoId, cliente?.id ?? null, String(SERIE_DPS), numero, id, ambiente, s0.codigo_tributacao_nacional, descricao, cliente?.nome ?? null,
      v.vServ, v.pAliq, v.vISSQN, retencao !== 1, v.vLiq, new Date(Date.parse(dhEmi)), assinada, ctx.userId, tokenEnvio, PRAZO_ENVIO_MS,
    ],
  );
  return { notaId: Number(r.rows[0].id), idDps: id, numeroDps: numero, pedidoId: p.pedidoId, cert, tokenEnvio };
}

export async function lerNotaServico(q: Queryable, ctx: CtxNfse, id: number, travar = false): Promise<Row> {
  const r = await q.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND id = $2${travar ? ' FOR UPDATE' : ''}`, [ctx.tenantId, id]);
  if (!r.rows.length) throw notFound('NFS-e não encontrada.');
  return r.rows[0];
}

export const MOTIVOS_CANCELAMENTO: Record<MotivoCancelamento, string> = { 1: 'Erro na emissão', 2: 'Serviço não prestado', 9: 'Outros' };

export async function xmlDaNotaServico(services: Servicos, q: Queryable, ctx: CtxNfse, id: number): Promise<{ nome: string; xml: Buffer }> {
  const nota = await lerNotaServico(q, ctx, id);
  if (!nota.arquivo_xml) throw conflict(nota.situacao === 'rejeitada' ? 'Esta NFS-e foi rejeitada pela Sefin Nacional: não há nota para baixar.' : 'Esta NFS-e ainda está sendo transmitida à Sefin Nacional: aguarde a autorização.');
  const s = await services.storage.get(nota.arquivo_xml);
  if (!s) throw notFound('O XML desta NFS-e não foi encontrado no armazenamento.');
  return { nome: `NFSe-${nota.chave}.xml`, xml: await paraBuffer(s) };
}

export async function danfseDaNotaServico(services: Servicos, q: Queryable, ctx: CtxNfse, id: number): Promise<{ nome: string; pdf: Buffer }> {
  const { xml } = await xmlDaNotaServico(services, q, ctx, id);
  const nota = await lerNotaServico(q, ctx, id);
  const pdf = await gerarDanfse(xml.toString('utf8'), { cancelada: nota.situacao === 'cancelada' });
  return { nome: `DANFSe-${nota.numero_nfse}.pdf`, pdf };
}
