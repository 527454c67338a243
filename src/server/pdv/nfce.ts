import Decimal from 'decimal.js';
import type { Item, NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, type ErrorDetail } from '../http/errors.ts';
import { tenantKey } from '../storage/storage.ts';
import { assinadorDe, assinarXml, type Assinador } from '../fiscal/assinatura-xml.ts';
import type { CertificadoA1 } from '../fiscal/certificado.ts';
import { cpfValido, cnpjValido, gerarCodigoNumerico } from '../../shared/fiscal/chave.ts';
import { emitirNfce, FilaContingencia, ArmazemMemoria } from '../fiscal/contingencia.ts';
import { classificarResposta, consultarSefaz, transmitirXmlSefaz } from '../fiscal/transmissao/index.ts';
import { montarNfe } from '../fiscal/nfe.ts';
import { calcularNfe } from '../../shared/fiscal/nfe-calculo.ts';
import type { NfeMontada } from '../fiscal/nfe.ts';
import { abrirCertificado } from '../fiscal/emissao/certificados.ts';
import { comFuso, configuracaoNfe, emitenteDa } from '../fiscal/emissao/notas.ts';
import { identificacaoDoProduto, tributarLinha, TributacaoError } from '../../shared/fiscal/tributar-linha.ts';
import { carregarRegras } from '../fiscal-config/tributacao.ts';
import { emissaoIbsCbs, grupoIbsCbs, ibsCbsDaLinha, type EmissaoIbsCbs } from '../fiscal-config/ibscbs-emissao.ts';
import { criarClienteSefaz } from '../fiscal/sefaz-destino.ts';
import type { RetornoAutorizacao, SefazCliente } from '../fiscal/sefaz-cliente.ts';
import { lerQrCode, urlsNfce, infNFeSupl, montarQrCode } from '../fiscal/qrcode-nfce.ts';
import { destinatarioNfce, pagamentosNfce } from '../../shared/fiscal/nfce-pdv.ts';
import { FUSO_PADRAO, isoComFuso } from '../../shared/dates.ts';
import { documentoFiscal } from '../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'storage'>;

/** A failure the shop can fix (settings, product data): the sale stays posted and the cupom goes to cupom-erro. */
export class FalhaNfce extends Error {}

export interface LinhaVenda {
  produtoId: number;
  quantidade: string;
  precoUnitario: string;
  desconto: string;
}
export interface PagamentoVenda {
  formaPagamentoId: number;
  tPag: string;
  valor: string;
  bandeira?: string | null;
}

export interface ContextoNfce {
  tenantId: number;
  filialId: number;
  serie: number;
  cert: CertificadoA1;
  assinador: Assinador;
  csc: { id: string; codigo: string };
  ambiente: 1 | 2;
  uf: string;
}

/** Certificate, CSC and series of the branch (configurações NF-e); what is missing is a FalhaNfce. */
export async function contextoNfce(services: Servicos, q: Queryable, tenantId: number, filialId: number, serie: number): Promise<ContextoNfce> {
  const conf = await configuracaoNfe(q, tenantId, filialId);
  if (!conf.cscId || !conf.cscToken) throw new FalhaNfce('A filial não tem o CSC da NFC-e: informe o identificador e o código em Configurações > Fiscal > Configurações NF-e.');
  let cert: CertificadoA1;
  try {
    cert = await abrirCertificado(services, q, tenantId, filialId);
  } catch (e) {
    throw new FalhaNfce((e as Error).message);
  }
  const uf = (await q.query<Row>('SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2', [tenantId, filialId])).rows[0]?.uf;
  return { tenantId, filialId, serie, cert, assinador: assinadorDe(cert), csc: { id: conf.cscId, codigo: conf.cscToken }, ambiente: conf.ambiente, uf };
}

type Emitente = Awaited<ReturnType<typeof emitenteDa>>;
type Regras = Awaited<ReturnType<typeof carregarRegras>>;

/** What every NFC-e of the branch takes from its settings: the issuer and the natureza padrão (CFOPs, description). */
async function baseNfce(q: Queryable, c: Pick<ContextoNfce, 'tenantId' | 'filialId'>): Promise<{ emit: Emitente; nat: Row }> {
  const erros: ErrorDetail[] = [];
  const emit = await emitenteDa(q, c.tenantId, c.filialId, erros);
  if (erros.length) throw new FalhaNfce(erros.map((e) => e.mensagem).join(' '));
  const conf = await configuracaoNfe(q, c.tenantId, c.filialId);
  const nat = conf.naturezaPadraoId ? (await q.query<Row>('SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2', [c.tenantId, conf.naturezaPadraoId])).rows[0] : null;
  if (!nat) throw new FalhaNfce('A filial não tem natureza de operação padrão: escolha-a em Configurações > Fiscal > Configurações NF-e.');
  return { emit, nat };
}

/** The products of an NFC-e with what its items need (code, GTIN, NCM, origin, CEST, unit, perfil tributário), by id. */
async function produtosNfce(q: Queryable, tenantId: number, ids: number[]): Promise<Map<number, Row>> {
  const ps = await q.query<Row>(
    `SELECT p.id, p.codigo, p.gtin, p.descricao, p.ncm, p.origem, p.cest, p.perfil_tributario_id, u.sigla AS unidade FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id WHERE p.tenant_id = $1 AND p.id = ANY($2::int[])`,
    [tenantId, ids],
  );
  return new Map(ps.rows.map((p) => [Number(p.id), p]));
}

/** The tax rules of the products' perfis (every version: the sale's date picks one), as the NF-e path does. */
const regrasDe = (q: Queryable, tenantId: number, produtos: Iterable<Row>) =>
  carregarRegras(q, tenantId, [...new Set([...produtos].map((p) => p.perfil_tributario_id).filter((v) => v != null).map(Number))]);

/** IBS/CBS of the sale's NFC-e (issue 39): compulsory by the issuer's regime and the date, else null (2026 layout). */
const ibsCbsDe = (q: Queryable, tenantId: number, emit: Emitente, data: string, produtos: Iterable<Row>) =>
  emissaoIbsCbs(q, tenantId, { crt: emit.doc.crt, data, modelo: '65', perfilIds: [...new Set([...produtos].map((p) => p.perfil_tributario_id).filter((v) => v != null).map(Number))] });

/**
 * One NFC-e line: the product's identification and its CFOP, ICMS, PIS and COFINS groups by the tax rules
 * (tributarLinha, the same rule as every other note) for a consumer in person in the branch's UF. The same
 * function makes the online NFC-e's items and the offline catalogue's (GET /api/Pdv/catalogo `nfce.itens`),
 * so a note issued by the station without the server carries the groups the server would have written.
 */
function itemNfce(p: Row | undefined, l: LinhaVenda, i: number, t: { data: string; emit: Emitente; nat: Row; regras: Regras; ibs: EmissaoIbsCbs | null }): Item {
  if (!p) throw new FalhaNfce(`Item ${i + 1}: produto não encontrado.`);
  const ncm = String(p.ncm ?? '').replace(/\D/g, '');
  if (ncm.length !== 8) throw new FalhaNfce(`Item ${i + 1} (${p.descricao}): produto sem NCM; preencha o NCM no cadastro do produto.`);
  let tributos;
  let ibsCbs: Item['ibsCbs'];
  try {
    const produto = { id: Number(p.id), descricao: p.descricao, ncm, origem: Number(p.origem ?? 0), cest: p.cest, perfilTributarioId: p.perfil_tributario_id == null ? null : Number(p.perfil_tributario_id) };
    tributos = tributarLinha({
      data: t.data,
      produto,
      natureza: { cfopEstadual: t.nat.cfop_estadual, cfopInterestadual: t.nat.cfop_interestadual, cfopExterior: t.nat.cfop_exterior },
      emitente: { uf: t.emit.doc.endereco.uf, crt: t.emit.doc.crt },
      destinatario: { uf: t.emit.doc.endereco.uf, consumidorFinal: true, indIEDest: 9 },
      valor: new Decimal(l.quantidade).times(l.precoUnitario).toDecimalPlaces(2).minus(l.desconto || 0).toFixed(2),
      regras: t.regras,
      ibsCbs: ibsCbsDaLinha(t.ibs, produto),
    });
    ibsCbs = grupoIbsCbs(t.ibs, tributos, produto);
  } catch (e) {
    if (e instanceof TributacaoError) throw new FalhaNfce(e.message);
    throw e;
  }
  return {
    ...identificacaoDoProduto(p, ncm),
    cfop: tributos.cfop,
    unidade: String(p.unidade ?? 'UN').slice(0, 6),
    quantidade: new Decimal(l.quantidade).toFixed(4),
    valorUnitario: new Decimal(l.precoUnitario).toFixed(2),
    ...(new Decimal(l.desconto).gt(0) ? { valorDesconto: new Decimal(l.desconto).toFixed(2) } : {}),
    icms: tributos.icms,
    pis: tributos.pis,
    cofins: tributos.cofins,
    ...(ibsCbs ? { ibsCbs } : {}),
  } as Item;
}

/** The NFC-e without items, payments or consumer: issuer, natureza, consumer final in person (indPres 1). */
function cabecalhoNfce(c: Pick<ContextoNfce, 'serie' | 'ambiente'>, base: { emit: Emitente; nat: Row }, numero: number, emitidaEm: Date, ibs: EmissaoIbsCbs | null): NfeDocumento {
  return {
    modelo: 65,
    ...(ibs ? { reformaTributaria: true } : {}),
    ambiente: c.ambiente,
    ide: {
      serie: c.serie,
      numero,
      codigoNumerico: gerarCodigoNumerico(numero),
      naturezaOperacao: String(base.nat.descricao).slice(0, 60),
      dataEmissao: comFuso(emitidaEm, base.emit.filial.fuso_horario),
      tipoOperacao: 1,
      codigoMunicipioFatoGerador: base.emit.doc.endereco.codigoMunicipio,
      finalidade: 1,
      consumidorFinal: true,
      presenca: 1,
    },
    emitente: base.emit.doc,
    itens: [],
    transporte: { modalidadeFrete: 9 },
    pagamentos: [],
  } as unknown as NfeDocumento;
}

/**
 * The NFC-e (model 65) of a PDV sale: the branch as issuer, the natureza padrão of the branch's NF-e settings for
 * CFOP and taxes (itemNfce), consumer final in person (indPres 1), CPF/CNPJ of the consumer when given, the
 * payments with their card groups (pagamentosNfce, the same for the station's offline note).
 */
export async function documentoNfce(q: Queryable, c: Pick<ContextoNfce, 'tenantId' | 'filialId' | 'serie' | 'ambiente'>, venda: { numero: number; emitidaEm: Date; cpfCnpj?: string | null; itens: LinhaVenda[]; pagamentos: PagamentoVenda[] }): Promise<NfeDocumento> {
  const base = await baseNfce(q, c);
  const produtos = await produtosNfce(q, c.tenantId, [...new Set(venda.itens.map((i) => i.produtoId))]);
  const data = comFuso(venda.emitidaEm, base.emit.filial.fuso_horario).slice(0, 10);
  const t = { data, ...base, regras: await regrasDe(q, c.tenantId, produtos.values()), ibs: await ibsCbsDe(q, c.tenantId, base.emit, data, produtos.values()) };
  const itens = venda.itens.map((l, i) => itemNfce(produtos.get(l.produtoId), l, i, t));
  const doc = documentoFiscal(venda.cpfCnpj);
  if (doc && !(doc.length === 11 ? cpfValido(doc) : doc.length === 14 ? cnpjValido(doc) : false)) throw badRequest('CPF/CNPJ do consumidor inválido.', [{ path: '/cpfCnpj', campo: 'cpfCnpj', mensagem: 'CPF/CNPJ inválido' }]);
  const cabecalho = cabecalhoNfce(c, base, venda.numero, venda.emitidaEm, t.ibs);
  return {
    ...cabecalho,
    ...(doc ? { destinatario: destinatarioNfce(doc) } : {}),
    itens: itens as NfeDocumento['itens'],
    pagamentos: pagamentosNfce(venda.pagamentos),
  } as NfeDocumento;
}

/**
 * The `nfce` block of the offline catalogue (PDV-CONTRACT.md): the NFC-e header of the station's branch and,
 * per product, the item the online NFC-e would carry (itemNfce: CFOP, ICMS, PIS, COFINS by the tax rules of
 * today), with the QR Code URLs of the UF. A product the rules do not cover is left out (its online NFC-e
 * fails too: cupom-erro). Absent when the branch cannot issue (no natureza, issuer data missing): the station
 * then falls back to its simplified groups.
 */
export async function nfceDoCatalogo(q: Queryable, c: Pick<ContextoNfce, 'tenantId' | 'filialId' | 'serie' | 'ambiente'>, uf: string, produtoIds: number[]): Promise<{ documento: NfeDocumento; itens: Record<string, Item>; urlQrCode: string; urlChave: string } | undefined> {
  let base;
  try {
    base = await baseNfce(q, c);
  } catch (e) {
    if (e instanceof FalhaNfce) return undefined;
    throw e;
  }
  const produtos = await produtosNfce(q, c.tenantId, produtoIds);
  const agora = new Date();
  const data = comFuso(agora, base.emit.filial.fuso_horario).slice(0, 10);
  const t = { data, ...base, regras: await regrasDe(q, c.tenantId, produtos.values()), ibs: await ibsCbsDe(q, c.tenantId, base.emit, data, produtos.values()) };
  const itens: Record<string, Item> = {};
  for (const [id, p] of produtos) {
    try {
      itens[String(id)] = itemNfce(p, { produtoId: id, quantidade: '1', precoUnitario: '1.00', desconto: '0' }, 0, t);
    } catch (e) {
      if (!(e instanceof FalhaNfce)) throw e;
    }
  }
  const urls = urlsNfce(uf, c.ambiente);
  return { documento: cabecalhoNfce(c, base, 1, agora, t.ibs), itens, urlQrCode: urls.qrCode, urlChave: urls.urlChave };
}

export interface ResultadoNfce {
  /** 'denegada': SEFAZ denied the use (110/301/302/303); the number is spent there, kept with the key and protocol */
  situacao: 'autorizada' | 'contingencia' | 'erro' | 'denegada';
  motivo?: string;
  montada?: NfeMontada;
  protocolo?: string | null;
  dhRecbto?: string | null;
  xmlFinal?: string;
}

/** A SEFAZ client for the NFC-e; like every client it refuses to run while the caller holds a transaction open. */
async function cliente(c: ContextoNfce): Promise<SefazCliente> {
  try {
    return await criarClienteSefaz({ certificado: c.cert, uf: c.uf, modelo: 65, tpAmb: c.ambiente });
  } catch (e) {
    throw new FalhaNfce((e as Error).message);
  }
}

const dhRecbtoDe = (protNFe: string | undefined) => /<dhRecbto>([^<]+)</.exec(protNFe ?? '')?.[1] ?? null;

/** An authorised answer as the sale records it. */
const autorizadaNfce = (montada: NfeMontada, r: RetornoAutorizacao): ResultadoNfce => ({ situacao: 'autorizada', montada, protocolo: r.protocolo ?? null, dhRecbto: dhRecbtoDe(r.protNFe), xmlFinal: r.nfeProc });

/**
 * Issues the NFC-e online at SEFAZ; when SEFAZ cannot be reached, in offline contingency (tpEmis 9) per the
 * fiscal engine (emitirNfce), returned for printing and queued (the sale row is the queue). SEFAZ's judgement goes
 * through the pipeline's classify step: a duplicate (204/539) is adopted when SEFAZ holds this key authorised; a
 * rejection is an 'erro' with the SEFAZ code; a denial is 'denegada' (the number spent, kept with its protocol).
 */
export async function emitir(c: ContextoNfce, doc: NfeDocumento): Promise<ResultadoNfce> {
  const sefaz = await cliente(c);
  try {
    const fila = new FilaContingencia(new ArmazemMemoria());
    const r = await emitirNfce(doc, { cliente: sefaz, assinador: c.assinador, csc: c.csc, fila });
    if (r.situacao === 'contingencia') return { situacao: 'contingencia', motivo: r.motivo, montada: r.montada, xmlFinal: r.montada.xml };
    const d = await classificarResposta(() => cliente(c), r.montada, r.retorno);
    if (d.tipo === 'autorizada') return autorizadaNfce(r.montada, d.retorno);
    if (d.tipo === 'denegada') return { situacao: 'denegada', motivo: d.motivo, montada: r.montada, protocolo: d.retorno.protocolo ?? null, dhRecbto: dhRecbtoDe(d.retorno.protNFe), xmlFinal: r.montada.xml };
    // Refused, or a duplicate SEFAZ does not hold authorised under this key: the cupom's 'erro' with the code.
    return { situacao: 'erro', motivo: `${r.retorno.cStat} - ${r.retorno.xMotivo}`, montada: r.montada };
  } finally {
    sefaz.fechar();
  }
}

/**
 * The NFC-e of a sale left between its two transactions (a crash while SEFAZ answered): SEFAZ is consulted by the
 * key of the online document (rebuilt from the stored one: same number, key and signature), the pipeline's
 * consultation. Authorised there: that answer. Unknown there: the same document is issued again (emitir: online, or
 * offline contingency with the same number; a duplicate adopted). Unreachable: null, to try later. Never a new number.
 */
export async function resolverNfceTransmitindo(c: ContextoNfce, doc: NfeDocumento): Promise<ResultadoNfce | null> {
  const online = montarNfe({ ...doc, ide: { ...doc.ide, tipoEmissao: 1, contingencia: undefined } }, c.assinador, { csc: c.csc });
  const sefaz = await cliente(c);
  let consulta;
  try {
    consulta = await consultarSefaz(sefaz, online);
  } finally {
    sefaz.fechar();
  }
  if (consulta.situacao === 'autorizada') return autorizadaNfce(online, consulta.retorno);
  if (consulta.situacao === 'desconhecida') return null;
  const r = await emitir(c, doc);
  // A duplicate not adopted (SEFAZ holds this number, not authorised under this key yet): asked again later, never
  // given back to the series while SEFAZ may hold it.
  if (r.situacao === 'erro' && /^(204|539) /.test(r.motivo ?? '')) return null;
  return r;
}

/** Sends one contingency NFC-e (signed XML as issued) through the pipeline: authorised, still pending, denied, or rejected. */
export async function transmitirContingencia(c: ContextoNfce, xml: string): Promise<{ situacao: 'autorizada' | 'contingencia' | 'erro' | 'denegada'; motivo?: string; protocolo?: string | null; dhRecbto?: string | null; nfeProc?: string }> {
  const chave = /\sId="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
  const d = await transmitirXmlSefaz(() => cliente(c), { chave, xml });
  if (d.tipo === 'autorizada') return { situacao: 'autorizada', protocolo: d.retorno.protocolo ?? null, dhRecbto: dhRecbtoDe(d.retorno.protNFe), nfeProc: d.retorno.nfeProc };
  if (d.tipo === 'sem-resposta') return { situacao: 'contingencia', motivo: d.motivo };
  // Denied (110/301/302/303): SEFAZ spent the number, as on the online path; never an 'erro' to retransmit.
  if (d.tipo === 'denegada') return { situacao: 'denegada', motivo: d.motivo, protocolo: d.retorno.protocolo ?? null, dhRecbto: dhRecbtoDe(d.retorno.protNFe) };
  return { situacao: 'erro', motivo: d.motivo };
}

export async function guardarXml(services: Servicos, tenantId: number, chave: string, xml: string, sufixo: string): Promise<string> {
  const arquivo = tenantKey(tenantId, 'nfce', `${chave}-${sufixo}.xml`);
  await services.storage.put(arquivo, Buffer.from(xml, 'utf8'), { contentType: 'application/xml' });
  return arquivo;
}

/**
 * The offline NFC-e the browser built (tpEmis 9) checked against the sale it came with: same key parts (model
 * 65, series, number, tpEmis 9, issuer CNPJ), same items (code and quantity), same total and payments. Then
 * signed exactly as it came, so the DigestValue printed in the QR Code (digVal) still holds.
 */
export function conferirOffline(xml: string, esperado: { cnpj: string; serie: number; numero: number; total: string; itens: { codigo: string; quantidade: string }[]; pagos: string }): string[] {
  const erros: string[] = [];
  const campo = (nome: string, onde = xml) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(onde)?.[1];
  const id = /<infNFe[^>]*\sId="NFe(\d{44})"/.exec(xml)?.[1];
  if (!id) return ['o XML não tem infNFe com Id de 44 dígitos'];
  if (/<Signature[\s>]/.test(xml)) erros.push('o XML já vem assinado');
  if (campo('mod') !== '65' || id.slice(20, 22) !== '65') erros.push('o modelo não é 65 (NFC-e)');
  if (campo('tpEmis') !== '9' || id[34] !== '9') erros.push('o tipo de emissão não é 9 (contingência off-line)');
  if (Number(campo('serie')) !== esperado.serie || Number(id.slice(22, 25)) !== esperado.serie) erros.push(`a série não é ${esperado.serie}`);
  if (Number(campo('nNF')) !== esperado.numero || Number(id.slice(25, 34)) !== esperado.numero) erros.push(`o número não é ${esperado.numero}`);
  if (id.slice(6, 20) !== esperado.cnpj) erros.push('o CNPJ do emitente não é o da filial');
  if (!campo('dhCont') || !campo('xJust')) erros.push('falta dhCont/xJust da contingência');
  const vNF = campo('vNF');
  if (!vNF || !new Decimal(vNF).eq(esperado.total)) erros.push(`o total da nota (${vNF}) difere do total da venda (${esperado.total})`);
  const dets = [...xml.matchAll(/<det nItem="\d+">([\s\S]*?)<\/det>/g)].map((m) => m[1]);
  if (dets.length !== esperado.itens.length) erros.push(`a nota tem ${dets.length} itens e a venda ${esperado.itens.length}`);
  else {
    dets.forEach((d, i) => {
      const e = esperado.itens[i];
      if (campo('cProd', d) !== e.codigo || !new Decimal(campo('qCom', d) ?? 'NaN').eq(e.quantidade)) erros.push(`o item ${i + 1} difere da venda`);
    });
  }
  const pagos = [...xml.matchAll(/<vPag>([^<]+)<\/vPag>/g)].reduce((s, m) => s.plus(m[1]), new Decimal(0));
  if (!pagos.eq(esperado.pagos)) erros.push('os pagamentos da nota diferem dos da venda');
  return erros;
}

/** Signs the browser's infNFe unchanged and keeps (or, when absent, adds) its infNFeSupl with the offline QR Code. */
export function assinarOffline(c: ContextoNfce, xmlBruto: string): { xml: string; chave: string; qrCode: string; urlChave: string; digestValue: string } {
  const supl = /<infNFeSupl>[\s\S]*?<\/infNFeSupl>/.exec(xmlBruto)?.[0];
  const semSupl = xmlBruto.replace(/<infNFeSupl>[\s\S]*?<\/infNFeSupl>/, '').replace(/^<\?xml[^>]*\?>\s*/, '');
  const assinado = assinarXml(semSupl, 'infNFe', c.assinador);
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(assinado)![1];
  const chave = /\sId="NFe(\d{44})"/.exec(semSupl)![1];
  const urls = urlsNfce(c.uf, c.ambiente);
  let qrCode: string;
  if (supl) {
    qrCode = /<qrCode>(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?<\/qrCode>/.exec(supl)![1].replace(/&amp;/g, '&');
    const lido = lerQrCode(qrCode);
    if (lido.chave !== chave || !lido.offline || lido.digestValue !== digestValue) throw badRequest('NFC-e off-line: o QR Code impresso não confere com a nota (chave ou digVal).', [{ path: '/offline/xml', campo: 'xml', mensagem: 'QR Code não confere' }]);
  } else {
    const dhEmi = /<dhEmi>([^<]+)<\/dhEmi>/.exec(semSupl)![1];
    const vNF = /<vNF>([^<]+)<\/vNF>/.exec(semSupl)![1];
    qrCode = montarQrCode({ urlBase: urls.qrCode, chave, tpAmb: c.ambiente, csc: c.csc, offline: { dhEmi, vNF, digestValue } });
  }
  const xml = assinado.replace('</infNFe>', `</infNFe>${supl ?? infNFeSupl(qrCode, urls.urlChave)}`);
  return { xml, chave, qrCode, urlChave: urls.urlChave, digestValue };
}

/** The DANFCE (80 mm PDF) of a stored NFC-e: its document recomputed (same key) with QR Code and protocol. */
export async function danfcePdf(v: Row): Promise<Buffer> {
  const { gerarDanfce } = await import('../fiscal/danfe.ts');
  const calculo = calcularNfe(v.documento as NfeDocumento);
  return gerarDanfce({
    calculo,
    qrCode: v.qr_code,
    urlChave: v.url_consulta,
    // The authorisation time as the branch's wall clock with its offset (the DANFCE prints the clock, not UTC).
    ...(v.protocolo ? { protocolo: { nProt: v.protocolo, dhRecbto: isoComFuso(new Date(v.data_autorizacao ?? v.emitida_em), v.fuso_horario ?? FUSO_PADRAO) } } : {}),
  });
}
