import { gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { certificadoServidorLocal, GravadorEstado, lerEstado, ServidorTls } from './servidor-tls.ts';
import { desenvelopar, envelopeResposta, campo, elementos, type Servico } from '../fiscal/soap.ts';
import { validarXsd, schemaParaRaiz, pacoteDoDocumento } from '../fiscal/validacao-xsd.ts';
import { verificarAssinatura } from '../fiscal/assinatura-xml.ts';
import { validarChave, modulo11, cnpjValido, cpfValido, ID_NFE_RE } from '../../shared/fiscal/chave.ts';
import { D, dec, sum, type Dec } from '../../shared/fiscal/decimal.ts';
import { g, t } from '../../shared/fiscal/xml-writer.ts';
import { NS_NFE } from '../../shared/fiscal/nfe-xml.ts';
import { idEvento, montarNfeProc } from '../fiscal/mensagens.ts';
import { documentoDoCertificado } from '../fiscal/certificado.ts';
import { assinarXml, type Assinador } from '../fiscal/assinatura-xml.ts';
import { createPrivateKey } from 'node:crypto';
import { aliquotasIbsCbsVigentes } from '../../shared/fiscal/ibscbs.ts';
import { tabelasDasAutoridades } from './tabelas-ibscbs.ts';

/**
 * A SEFAZ for homologation and tests: the same SOAP services over TLS with client certificates, the XSD and
 * signature checks, a handful of real rejection rules with their real cStat codes and texts, and state
 * (authorised, cancelled, inutilised numbers, events, distribution NSU).
 */

interface NotaRegistrada {
  chave: string;
  cnpj: string;
  destDoc?: string;
  modelo: string;
  serie: number;
  numero: number;
  nProt: string;
  protNFe: string;
  nfe: string;
  situacao: 'autorizada' | 'cancelada';
  dhEmi: string;
  eventos: { tipo: string; seq: number; proc: string }[];
  /** the full procNFe was made available to the recipient (after its ciência or confirmação), as a new NSU */
  completaPublicada?: boolean;
}

export interface OpcoesSefazLocal {
  tpAmb?: 1 | 2;
  /** UF served, as cUF */
  cUF?: string;
  /** minutes of tolerance for a future dhEmi (703) */
  toleranciaFuturoMin?: number;
  /** days an NF-e may be late (228) */
  atrasoMaximoDias?: number;
  /** after an empty distribution answer, a CNPJ must wait this long or gets 656 */
  esperaDistribuicaoMs?: number;
  agora?: () => number;
  /**
   * the Ambiente Nacional whose EPEC (110140) this authoriser checks NF-e with tpEmis 4 against (as the AN shares
   * them with the UFs); without it, the EPEC registered at this same instance
   */
  ambienteNacional?: SefazLocal;
  /**
   * JSON file that keeps the state (authorised, cancelled and inutilised numbers, events, EPEC, batches, NSU)
   * across restarts; written after every change, before the answer leaves. Without it the state lives in memory.
   */
  arquivoEstado?: string;
  /**
   * certificate authorities (PEM) the transmitter's certificate must chain to, as SEFAZ accepts only ICP-Brasil;
   * without it any client certificate is taken (the tests' self-signed A1)
   */
  autoridades?: string[];
  /** asynchronous batches (indSinc 0) answer 105 "em processamento" for this long after the receipt */
  processamentoLoteMs?: number;
  /** act as the contingency authoriser (SVC-AN takes tpEmis 6, SVC-RS tpEmis 7) instead of the UF's normal one */
  svc?: 'SVC-AN' | 'SVC-RS';
  /**
   * as an SVC: the UF's normal authoriser that receives what this one authorises (the real SVC shares its
   * authorisations with the UF, so events and consultations go on there once it is back)
   */
  repassarPara?: SefazLocal;
}

const VER_APLIC = 'SEFAZ-LOCAL-1.0';

interface EstadoGravado {
  versao: 1;
  notas: NotaRegistrada[];
  inutilizados: string[];
  seqProt: number;
  seqRecibo: number;
  lotes: [string, { prots: string[]; prontoEm: number; dono: string }][];
  epecs: [string, { ie: string; dhEmi: string; destDoc: string; vNF: string; vICMS: string; vST: string; nProt: string }][];
  nsu: { nsu: number; destDoc: string; xml: string; schema: string }[];
  ultimaVazia: [string, number][];
}

const esperar = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());


const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, isArray: (n) => n === 'det' || n === 'detPag' });

type Obj = Record<string, unknown>;
const o = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const s = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

declare module '../fiscal/sefaz-destino.ts' {
  /** The local SEFAZ registered in sefaz-destino is this class (tests reach its whole surface through sefazLocalEmExecucao). */
  interface SefazLocalProcesso extends SefazLocal {}
}

export class SefazLocal {
  private servidor?: ServidorTls;
  private notas = new Map<string, NotaRegistrada>();
  private porNumero = new Map<string, string>();
  private inutilizados = new Set<string>();
  private seqProt = 0;
  private seqRecibo = 0;
  /** asynchronous batches by receipt number */
  private lotes = new Map<string, { prots: string[]; prontoEm: number; dono: string }>();
  /** EPEC registered here (acting as the Ambiente Nacional), by access key */
  readonly epecs = new Map<string, { ie: string; dhEmi: string; destDoc: string; vNF: string; vICMS: string; vST: string; nProt: string }>();
  private nsu: { nsu: number; destDoc: string; xml: string; schema: string }[] = [];
  private ultimaVazia = new Map<string, number>();
  private readonly gravador = new GravadorEstado();
  /** number of SOAP requests received, per service (tests use it to prove the client backs off) */
  readonly chamadas = new Map<Servico, number>();
  indisponivel = false;
  /** the authorisation service answers 108 or 109 (paralysed) instead of judging the document (tests of contingency) */
  paralisado: '108' | '109' | null = null;
  /**
   * A slow SEFAZ: requests to these services (all when `servicos` is absent) wait `ms` before the answer. With
   * `processa` the request is processed first (the document is authorised) and only the answer is late, as when a
   * client times out on a busy authoriser; without it the request is dropped after the wait.
   */
  lentidao: { ms: number; servicos?: Servico[]; processa: boolean } | null = null;
  /**
   * A SEFAZ that holds requests: those to these services (all when `servicos` is absent) wait, before being
   * processed, until `ate` settles (tests hold a transmission while they look at the server, then release it).
   */
  retencao: { ate: Promise<unknown>; servicos?: Servico[] } | null = null;
  /** requests held by `retencao` right now */
  retidas = 0;
  /** NF-e numbers (nNF) the authorisation rejects, with the code and text to answer (tests of a rejection in a race) */
  readonly rejeitarNumeros = new Map<number, [string, string]>();
  /** the EPEC (110140) is rejected with this code and text instead of registered (tests of a refused contingency) */
  rejeitarEpec: [string, string] | null = null;
  /** requests refused while `indisponivel` (tests use it to see whether a client still knocks) */
  recusadasIndisponivel = 0;
  readonly tls = certificadoServidorLocal('SEFAZ local de homologacao', '01');
  /** the answers to events are signed with the server's own key (infEvento Id "ID" + nProt), as SEFAZ does */
  private readonly assinadorProprio: Assinador = {
    certBase64: this.tls.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''),
    chavePrivada: createPrivateKey(this.tls.key),
  };

  constructor(private op: OpcoesSefazLocal = {}) {}

  private agora() {
    return this.op.agora ? this.op.agora() : Date.now();
  }

  private dh(ms = this.agora()): string {
    return new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19) + '-03:00';
  }

  private novoProtocolo(cUF: string): string {
    this.seqProt++;
    const aa = new Date(this.agora()).getUTCFullYear().toString().slice(2);
    return `1${cUF}${aa}${String(this.seqProt).padStart(10, '0')}`;
  }

  get url(): string {
    const porta = this.servidor?.porta;
    if (!porta) throw new Error('SEFAZ local não iniciada.');
    return `https://127.0.0.1:${porta}`;
  }

  /** Reads the state file, if there is one (called by iniciar). */
  async carregarEstado(): Promise<void> {
    const e = await lerEstado<EstadoGravado>(this.op.arquivoEstado);
    if (!e) return;
    this.notas = new Map(e.notas.map((n) => [n.chave, n]));
    this.porNumero = new Map(e.notas.map((n) => [`${n.cnpj}|${n.modelo}|${n.serie}|${n.numero}`, n.chave]));
    this.inutilizados = new Set(e.inutilizados);
    this.seqProt = e.seqProt;
    this.seqRecibo = e.seqRecibo;
    this.lotes = new Map(e.lotes);
    this.epecs.clear();
    for (const [k, v] of e.epecs) this.epecs.set(k, v);
    this.nsu = e.nsu;
    this.ultimaVazia = new Map(e.ultimaVazia);
  }

  private async gravarEstado(): Promise<void> {
    const arq = this.op.arquivoEstado;
    if (!arq) return;
    const e: EstadoGravado = {
      versao: 1, notas: [...this.notas.values()], inutilizados: [...this.inutilizados], seqProt: this.seqProt, seqRecibo: this.seqRecibo,
      lotes: [...this.lotes], epecs: [...this.epecs], nsu: this.nsu, ultimaVazia: [...this.ultimaVazia],
    };
    const texto = JSON.stringify(e);
    await this.gravador.gravar(arq, texto);
  }

  /** A note authorised by the SVC, shared with this (the UF's normal) authoriser. */
  /** What this SEFAZ holds of a note (for the tests that check an event's effect): authorised, cancelled or unknown. */
  situacaoDa(chave: string): NotaRegistrada['situacao'] | undefined {
    return this.notas.get(chave)?.situacao;
  }

  async receberDeContingencia(n: NotaRegistrada): Promise<void> {
    this.notas.set(n.chave, { ...n, eventos: [...n.eventos] });
    this.porNumero.set(`${n.cnpj}|${n.modelo}|${n.serie}|${n.numero}`, n.chave);
    await this.gravarEstado();
  }

  /** Listens on 127.0.0.1 (`porta` 0: a free one). `manterProcesso: false` lets the process end while it listens (in-process use by the server). */
  async iniciar(porta = 0, o: { manterProcesso?: boolean } = {}): Promise<string> {
    await this.carregarEstado();
    this.servidor = new ServidorTls(
      { key: this.tls.key, cert: this.tls.cert, ca: this.op.autoridades },
      async (p) => {
        const [status, corpo] = await this.atender(p.url, p.corpo, p.certificado, p.confiavel);
        return { status, tipo: 'application/soap+xml; charset=utf-8', corpo };
      },
      (e) => ({ status: 500, tipo: 'text/plain; charset=utf-8', corpo: String(e.message) }),
    );
    await this.servidor.iniciar(porta, o.manterProcesso !== false);
    return this.url;
  }

  async parar(): Promise<void> {
    await this.servidor?.parar();
  }

  private async atender(url: string, corpo: string, cert: { raw?: Buffer; valid_to?: string; valid_from?: string } | null, confiavel = false): Promise<[number, string]> {
    if (this.indisponivel) {
      this.recusadasIndisponivel++;
      return [503, 'Serviço indisponível'];
    }
    if (!cert?.raw) return [403, 'Certificado digital do cliente obrigatório (TLS mútuo).'];
    const servico = /\/ws\/(\w+)/.exec(url)?.[1] as Servico | undefined;
    if (!servico) return [404, 'Serviço desconhecido'];
    // The transmitter's certificate: in force (281) and, when authorities are configured, from one of them (283).
    const agora = this.agora();
    const falhaCert: [string, string] | null =
      (cert.valid_to && Date.parse(cert.valid_to) < agora) || (cert.valid_from && Date.parse(cert.valid_from) > agora)
        ? ['281', 'Rejeição: Certificado Transmissor Data Validade']
        : this.op.autoridades && !confiavel ? ['283', 'Rejeição: Certificado Transmissor - erro Cadeia de Certificação'] : null;
    if (falhaCert) {
      if (servico === 'NFeAutorizacao4') return [200, envelopeResposta(servico, this.retEnvi(falhaCert[0], falhaCert[1]))];
      return [403, falhaCert[1]];
    }
    this.chamadas.set(servico, (this.chamadas.get(servico) ?? 0) + 1);
    if (this.paralisado && (servico === 'NFeAutorizacao4' || servico === 'NFeStatusServico4')) {
      const [cStat, xMotivo] = this.paralisado === '108' ? ['108', 'Serviço Paralisado Momentaneamente (curto prazo)'] : ['109', 'Serviço Paralisado sem Previsão'];
      return [200, envelopeResposta(servico, servico === 'NFeAutorizacao4' ? this.retEnvi(cStat, xMotivo) : this.retStatus('', cStat, xMotivo))];
    }
    let msg: string;
    try {
      msg = desenvelopar(corpo);
    } catch {
      return [400, 'Envelope SOAP inválido'];
    }
    const retida = this.retencao && (!this.retencao.servicos || this.retencao.servicos.includes(servico)) ? this.retencao : null;
    if (retida) {
      this.retidas++;
      await retida.ate.catch(() => undefined);
      this.retidas--;
    }
    const lento = this.lentidao && (!this.lentidao.servicos || this.lentidao.servicos.includes(servico)) ? this.lentidao : null;
    if (lento && !lento.processa) {
      await esperar(lento.ms);
      return [503, 'Serviço indisponível (tempo esgotado)'];
    }
    let titular: { cnpj: string | null; cpf: string | null } = { cnpj: null, cpf: null };
    try {
      titular = documentoDoCertificado(cert.raw);
    } catch {
      // unreadable certificate: no CNPJ to compare, rule 213 rejects
    }
    const r = await this.processar(servico, msg, titular);
    if (servico !== 'NFeStatusServico4' && servico !== 'NFeConsultaProtocolo4' && servico !== 'NFeRetAutorizacao4') await this.gravarEstado();
    if (lento) await esperar(lento.ms);
    return [200, envelopeResposta(servico, r)];
  }

  private async processar(servico: Servico, msg: string, titular: { cnpj: string | null; cpf: string | null }): Promise<string> {
    switch (servico) {
      case 'NFeStatusServico4':
        return this.retStatus(msg);
      case 'NFeAutorizacao4':
        return this.autorizar(msg, titular);
      case 'NFeRetAutorizacao4':
        return this.retAutorizacao(msg, titular);
      case 'NFeConsultaProtocolo4':
        return this.consultar(msg);
      case 'NFeRecepcaoEvento4':
        return this.eventos(msg);
      case 'NFeInutilizacao4':
        return this.inutilizar(msg);
      case 'NFeDistribuicaoDFe':
        return this.distribuir(msg, titular);
      default:
        return this.retStatus(msg, '999', 'Rejeição: Erro não catalogado (serviço não implementado na SEFAZ local)');
    }
  }

  private tpAmb() {
    return this.op.tpAmb ?? 2;
  }
  private cUF() {
    return this.op.cUF ?? '35';
  }

  private retStatus(_msg: string, cStat = '107', xMotivo = 'Serviço em Operação'): string {
    return g('retConsStatServ', [t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cStat', cStat), t('xMotivo', xMotivo), t('cUF', this.cUF()), t('dhRecbto', this.dh()), t('tMed', 1)], { xmlns: NS_NFE, versao: '4.00' });
  }

  private retEnvi(cStat: string, xMotivo: string, prot?: string): string {
    return g('retEnviNFe', [
      t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cStat', cStat), t('xMotivo', xMotivo.slice(0, 255)), t('cUF', this.cUF()), t('dhRecbto', this.dh()), prot,
    ], { xmlns: NS_NFE, versao: '4.00' });
  }

  /**
   * The protocol of one NF-e. An authorisation (with nProt) is signed with the server's own key over infProt
   * (Id "ID" + nProt), as SEFAZ signs it; a rejection carries no protocol number and goes unsigned. The namespace is
   * declared on protNFe itself so the signed infProt canonicalises the same inside retEnviNFe, retConsSitNFe and
   * nfeProc.
   */
  private protNFe(chave: string, cStat: string, xMotivo: string, digVal?: string, nProt?: string): string {
    const p = g('protNFe', [
      g('infProt', [
        t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('chNFe', chave), t('dhRecbto', this.dh()), t('nProt', nProt), t('digVal', digVal),
        t('cStat', cStat), t('xMotivo', xMotivo.slice(0, 255)),
      ], nProt ? { Id: `ID${nProt}` } : undefined),
    ], { xmlns: NS_NFE, versao: '4.00' });
    return nProt ? assinarXml(p, 'infProt', this.assinadorProprio) : p;
  }

  private async autorizar(msg: string, titular: { cnpj: string | null; cpf: string | null }): Promise<string> {
    // The package follows the documents, as the client does: a batch with the reform groups (IBS/CBS) is PL_010.
    const xsd = await validarXsd(msg, 'enviNFe_v4.00.xsd', pacoteDoDocumento(msg));
    if (!xsd.valido) {
      const e = xsd.erros[0];
      return this.retEnvi('225', `Rejeição: Falha no Schema XML do lote de NFe [${e.caminho}: ${e.mensagem}]`);
    }
    const nfes = elementos(msg, 'NFe');
    if (campo(msg, 'indSinc') === '1') {
      if (nfes.length > 1) return this.retEnvi('452', 'Rejeição: Solicitada resposta síncrona para Lote com mais de uma NF-e (indSinc=1)');
      return this.retEnvi('104', 'Lote processado', this.autorizarUma(nfes[0], titular));
    }
    // Asynchronous (indSinc 0): a receipt now, the protocols through NFeRetAutorizacao.
    this.seqRecibo++;
    const nRec = `${this.cUF()}${String(this.seqRecibo).padStart(13, '0')}`;
    this.lotes.set(nRec, { prots: nfes.map((n) => this.autorizarUma(n, titular)), prontoEm: this.agora() + (this.op.processamentoLoteMs ?? 0), dono: titular.cnpj ?? titular.cpf ?? '' });
    return g('retEnviNFe', [
      t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cStat', '103'), t('xMotivo', 'Lote recebido com sucesso'), t('cUF', this.cUF()), t('dhRecbto', this.dh()),
      g('infRec', [t('nRec', nRec), t('tMed', 1)]),
    ], { xmlns: NS_NFE, versao: '4.00' });
  }

  /** NFeRetAutorizacao: the protocols of an asynchronous batch, 105 while it is still being processed. */
  private async retAutorizacao(msg: string, titular: { cnpj: string | null; cpf: string | null }): Promise<string> {
    const nRec = campo(msg, 'nRec') ?? '';
    const ret = (cStat: string, xMotivo: string, prots: string[] = []) =>
      g('retConsReciNFe', [
        t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('nRec', /^\d{15}$/.test(nRec) ? nRec : '0'.repeat(15)), t('cStat', cStat), t('xMotivo', xMotivo),
        t('cUF', this.cUF()), t('dhRecbto', this.dh()), ...prots,
      ], { xmlns: NS_NFE, versao: '4.00' });
    const xsd = await validarXsd(msg, 'consReciNFe_v4.00.xsd');
    if (!xsd.valido) return ret('215', `Rejeição: Falha no schema XML [${xsd.erros[0].caminho}: ${xsd.erros[0].mensagem}]`.slice(0, 255));
    const lote = this.lotes.get(nRec);
    if (!lote) return ret('106', 'Lote não localizado');
    // Only the transmitter of the batch may read it.
    if (lote.dono !== (titular.cnpj ?? titular.cpf ?? '')) return ret('223', 'Rejeição: CNPJ do transmissor do lote difere do CNPJ do transmissor da consulta');
    if (this.agora() < lote.prontoEm) return ret('105', 'Lote em processamento');
    return ret('104', 'Lote processado', lote.prots);
  }

  /** One NF-e of a batch: its protNFe, authorised (100) or rejected with the real code. */
  private autorizarUma(nfe: string, titular: { cnpj: string | null; cpf: string | null }): string {
    const chave = ID_NFE_RE.exec(nfe)?.[1] ?? '';
    const rejeitar = (cStat: string, xMotivo: string) => this.protNFe(chave, cStat, xMotivo);
    const r = this.regrasNfe(nfe, chave, titular) ?? this.regrasEpec(nfe, chave);
    if (r) return rejeitar(r[0], r[1]);

    const ide = o(o(o(parser.parse(nfe)).NFe).infNFe);
    const id = o(ide.ide);
    const emit = o(ide.emit);
    const cnpj = s(emit.CNPJ) || s(emit.CPF);
    const chaveNumero = `${cnpj}|${s(id.mod)}|${Number(s(id.serie))}|${Number(s(id.nNF))}`;
    if (this.inutilizados.has(chaveNumero)) return rejeitar('206', 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ');
    const forcada = this.rejeitarNumeros.get(Number(s(id.nNF)));
    if (forcada) return rejeitar(forcada[0], forcada[1]);
    const existente = this.porNumero.get(chaveNumero);
    if (existente) {
      const n = this.notas.get(existente)!;
      if (existente === chave) return rejeitar('204', `Rejeição: Duplicidade de NF-e [nRec:${n.nProt}]`);
      return rejeitar('539', `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe: ${existente}][nRec:${n.nProt}]`);
    }
    const nProt = this.novoProtocolo(chave.slice(0, 2));
    const digVal = campo(nfe, 'DigestValue');
    const prot = this.protNFe(chave, '100', 'Autorizado o uso da NF-e', digVal, nProt);
    const dest = o(ide.dest);
    this.notas.set(chave, {
      chave, cnpj, destDoc: s(dest.CNPJ) || s(dest.CPF) || undefined, modelo: s(id.mod), serie: Number(s(id.serie)), numero: Number(s(id.nNF)), nProt,
      protNFe: prot, nfe, situacao: 'autorizada', dhEmi: s(id.dhEmi), eventos: [],
    });
    this.porNumero.set(chaveNumero, chave);
    if (this.op.repassarPara) void this.op.repassarPara.receberDeContingencia(this.notas.get(chave)!);
    const destDoc = s(dest.CNPJ) || s(dest.CPF);
    // The recipient gets the summary (resNFe) first; the full NF-e only after it manifests (ciência or confirmação).
    if (destDoc) this.publicar(destDoc, this.resNFe(this.notas.get(chave)!), 'resNFe_v1.01.xsd');
    return prot;
  }

  /** Rules with the real codes and texts, in the order SEFAZ applies them. Returns [cStat, xMotivo] or null. */
  private regrasNfe(nfe: string, chave: string, titular: { cnpj: string | null; cpf: string | null }): [string, string] | null {
    const doc = o(o(o(parser.parse(nfe)).NFe).infNFe);
    const ide = o(doc.ide);
    if (s(ide.tpAmb) !== String(this.tpAmb())) return ['252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'];
    const ass = verificarAssinatura(nfe);
    if (!ass.valida) return ['297', 'Rejeição: Assinatura difere do calculado'];
    if (ass.referencia !== `#NFe${chave}`) return ['298', 'Rejeição: Assinatura difere do padrão do Sistema'];
    const emit = o(doc.emit);
    const cnpj = s(emit.CNPJ);
    const doc14 = (cnpj || s(emit.CPF)).padStart(14, '0');
    const aamm = s(ide.dhEmi).slice(2, 4) + s(ide.dhEmi).slice(5, 7);
    const composta = `${s(ide.cUF)}${aamm}${doc14}${s(ide.mod)}${s(ide.serie).padStart(3, '0')}${s(ide.nNF).padStart(9, '0')}${s(ide.tpEmis)}${s(ide.cNF)}`;
    if (String(modulo11(composta)) !== s(ide.cDV)) return ['253', 'Rejeição: Digito Verificador da chave de acesso composta inválida'];
    if (`${composta}${s(ide.cDV)}` !== chave) return ['502', 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes'];
    if (cnpj && !cnpjValido(cnpj)) return ['207', 'Rejeição: CNPJ do emitente inválido'];
    // The transmitter's certificate must belong to the issuer (same CNPJ base, the first 8 digits).
    if (cnpj ? titular.cnpj?.slice(0, 8) !== cnpj.slice(0, 8) : titular.cpf !== s(emit.CPF)) {
      return ['213', 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital'];
    }
    const r = this.regrasContingencia(ide);
    if (r) return r;
    const dhEmi = Date.parse(s(ide.dhEmi));
    const agora = this.agora();
    if (dhEmi > agora + (this.op.toleranciaFuturoMin ?? 5) * 60_000) return ['703', 'Rejeição: Data-Hora de Emissão posterior ao horário de recebimento'];
    if (dhEmi < agora - (this.op.atrasoMaximoDias ?? 30) * 86_400_000) return ['228', 'Rejeição: Data de Emissão muito atrasada'];
    if (s(ide.mod) === '65' && s(ide.tpEmis) === '1' && dhEmi < agora - 5 * 60_000) return ['704', 'Rejeição: NFC-e com Data-Hora de emissão atrasada'];
    const dest = o(doc.dest);
    if (dest.CNPJ !== undefined && !cnpjValido(s(dest.CNPJ))) return ['208', 'Rejeição: CNPJ do destinatário inválido'];
    if (dest.CPF !== undefined && !cpfValido(s(dest.CPF))) return ['237', 'Rejeição: CPF do destinatário inválido'];
    return regrasIbsCbs(doc) ?? this.regrasTotais(doc);
  }

  /** NF-e with tpEmis 4 needs its EPEC (468), with the same IE, dhEmi, recipient and values (467). */
  private regrasEpec(nfe: string, chave: string): [string, string] | null {
    const doc = o(o(o(parser.parse(nfe)).NFe).infNFe);
    if (s(o(doc.ide).tpEmis) !== '4') return null;
    const epec = (this.op.ambienteNacional ?? this).epecs.get(chave);
    if (!epec) return ['468', 'Rejeição: NF-e com Tipo Emissão = 4, sem EPEC correspondente'];
    const dest = o(doc.dest);
    const tot = o(o(doc.total).ICMSTot);
    const iguais =
      epec.ie === s(o(doc.emit).IE) && epec.dhEmi === s(o(doc.ide).dhEmi) && epec.destDoc === (s(dest.CNPJ) || s(dest.CPF) || s(dest.idEstrangeiro)) &&
      epec.vNF === s(tot.vNF) && epec.vICMS === s(tot.vICMS) && epec.vST === s(tot.vST);
    return iguais ? null : ['467', 'Rejeição: Dados da NF-e divergentes do EPEC'];
  }

  /** tpEmis, dhCont and xJust (rules B22-30, B28-10/20/30 of the MOC); the SVC takes only its own tpEmis. */
  private regrasContingencia(ide: Obj): [string, string] | null {
    const tpEmis = s(ide.tpEmis);
    const temCont = s(ide.dhCont) !== '' || s(ide.xJust) !== '';
    if (!this.op.svc && (tpEmis === '6' || tpEmis === '7')) return ['570', 'Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC'];
    if (this.op.svc && tpEmis !== (this.op.svc === 'SVC-AN' ? '6' : '7')) return ['570', 'Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC'];
    if (tpEmis === '1' && temCont) return ['556', 'Rejeição: Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal'];
    if (tpEmis !== '1' && (s(ide.dhCont) === '' || s(ide.xJust) === '')) return ['557', 'Rejeição: A Justificativa de entrada em contingência deve ser informada'];
    if (tpEmis !== '1' && Date.parse(s(ide.dhCont)) > Date.parse(s(ide.dhEmi))) return ['558', 'Rejeição: Data de entrada em contingência posterior a data de emissão'];
    return null;
  }

  private regrasTotais(doc: Obj): [string, string] | null {
    const dets = (doc.det as Obj[]) ?? [];
    const tot = o(o(doc.total).ICMSTot);
    const campoItem = (d: Obj, grupo: 'ICMS', nome: string): Dec => {
      const icms = o(o(o(d.imposto)[grupo]));
      const inner = o(Object.values(icms)[0]);
      return dec(s(inner[nome]) || undefined);
    };
    // Service items (ISSQN) are summed in ISSQNtot.vServ, not in ICMSTot.vProd.
    const prods = dets.filter((d) => o(d.imposto).ISSQN === undefined).map((d) => o(d.prod)).filter((p) => s(p.indTot) !== '0');
    const soma = (f: (d: Obj) => Dec) => sum(dets.map(f));
    const difere = (a: Dec, b: unknown) => !a.equals(dec(s(b) || '0'));
    if (difere(sum(prods.map((p) => dec(s(p.vProd)))), tot.vProd)) return ['564', 'Rejeição: Total do Produto / Serviço difere do somatório dos itens'];
    if (difere(soma((d) => campoItem(d, 'ICMS', 'vBC')), tot.vBC)) return ['531', 'Rejeição: Total da BC ICMS difere do somatório dos itens'];
    if (difere(soma((d) => campoItem(d, 'ICMS', 'vICMS')), tot.vICMS)) return ['532', 'Rejeição: Total do ICMS difere do somatório dos itens'];
    if (difere(soma((d) => campoItem(d, 'ICMS', 'vBCST')), tot.vBCST)) return ['533', 'Rejeição: Total da BC ICMS-ST difere do somatório dos itens'];
    if (difere(soma((d) => campoItem(d, 'ICMS', 'vICMSST')), tot.vST)) return ['534', 'Rejeição: Total do ICMS-ST difere do somatório dos itens'];
    const v = (n: string) => dec(s(tot[n]) || '0');
    const vServ = dec(s(o(o(doc.total).ISSQNtot).vServ) || '0');
    // Exception 1 of rule 610: in faturamento direto of new vehicles (tpOp 2) the ST is not in vNF.
    const direto = dets.some((d) => s(o(o(d.prod).veicProd).tpOp) === '2');
    const vNF = v('vProd').minus(v('vDesc')).minus(soma((d) => (s(o(Object.values(o(o(d.imposto).ICMS))[0]).indDeduzDeson) === '1' ? campoItem(d, 'ICMS', 'vICMSDeson') : new D(0))))
      .plus(direto ? new D(0) : v('vST').plus(v('vFCPST'))).plus(v('vFrete')).plus(v('vSeg')).plus(v('vOutro')).plus(v('vII')).plus(v('vIPI')).plus(v('vIPIDevol'))
      .plus(vServ);
    if (difere(vNF, tot.vNF)) return ['610', 'Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF.'];
    return null;
  }

  private consultar(msg: string): string {
    const chave = campo(msg, 'chNFe') ?? '';
    const n = this.notas.get(chave);
    const base = (cStat: string, xMotivo: string, extra: string[] = []) =>
      g('retConsSitNFe', [t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cStat', cStat), t('xMotivo', xMotivo), t('cUF', this.cUF()), t('dhRecbto', this.dh()), t('chNFe', chave), ...extra], { xmlns: NS_NFE, versao: '4.00' });
    if (!validarChave(chave).valida) return base('236', 'Rejeição: Chave de Acesso com dígito verificador inválido');
    if (!n) return base('217', 'Rejeição: NF-e não consta na base de dados da SEFAZ');
    const eventos = n.eventos.map((e) => e.proc.replace(/^<procEventoNFe xmlns="[^"]+"/, '<procEventoNFe'));
    if (n.situacao === 'cancelada') return base('101', 'Cancelamento de NF-e homologado', [n.protNFe, ...eventos]);
    return base('100', 'Autorizado o uso da NF-e', [n.protNFe, ...eventos]);
  }

  private async eventos(msg: string): Promise<string> {
    const idLote = campo(msg, 'idLote') ?? '0';
    const tp = campo(msg, 'tpEvento');
    const arquivo = schemaParaRaiz('envEvento', tp);
    const lote = (cStat: string, xMotivo: string, rets: string[] = []) =>
      g('retEnvEvento', [t('idLote', idLote), t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cOrgao', this.cUF()), t('cStat', cStat), t('xMotivo', xMotivo), ...rets], { xmlns: NS_NFE, versao: '1.00' });
    if (!arquivo) return lote('491', 'Rejeição: O tpEvento informado inválido');
    const xsd = await validarXsd(msg, arquivo);
    if (!xsd.valido) return lote('215', `Rejeição: Falha no schema XML [${xsd.erros[0].caminho}: ${xsd.erros[0].mensagem}]`.slice(0, 255));
    const rets = elementos(msg, 'evento').map((ev) => this.umEvento(ev));
    return lote('128', 'Lote de Evento Processado', rets);
  }

  private umEvento(ev: string): string {
    const inf = o(o(o(parser.parse(ev)).evento).infEvento);
    const chave = s(inf.chNFe);
    const tipo = s(inf.tpEvento);
    const seq = Number(s(inf.nSeqEvento));
    const autor = s(inf.CNPJ) || s(inf.CPF);
    const det = o(inf.detEvento);
    const ret = (cStat: string, xMotivo: string, nProt?: string) => {
      const r = g('retEvento', [
        g('infEvento', [
          t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cOrgao', s(inf.cOrgao)), t('cStat', cStat), t('xMotivo', xMotivo), t('chNFe', chave), t('tpEvento', tipo),
          t('xEvento', tipo === '110140' ? 'EPEC - Evento Previo de Emissao em Contingencia' : s(det.descEvento)), t('nSeqEvento', seq), tipo === '110140' ? t('cOrgaoAutor', s(det.cOrgaoAutor)) : '', t('dhRegEvento', this.dh()), t('nProt', nProt),
        ], nProt ? { Id: `ID${nProt}` } : undefined),
      ], { xmlns: NS_NFE, versao: '1.00' });
      return nProt ? assinarXml(r, 'infEvento', this.assinadorProprio) : r;
    };
    if (!verificarAssinatura(ev).valida) return ret('297', 'Rejeição: Assinatura difere do calculado');
    const id = /<infEvento[^>]*\sId="([^"]+)"/.exec(ev)?.[1];
    if (id !== idEvento(tipo, chave, seq)) return ret('572', 'Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (“ID” + tpEvento + chNFe + nSeqEvento)');
    if (!validarChave(chave).valida) return ret('236', 'Rejeição: Chave de Acesso com dígito verificador inválido');
    if (tipo === '110140') {
      // EPEC (at the Ambiente Nacional): the NF-e does not exist yet; registered and shared with the authoriser.
      if (autor.padStart(14, '0') !== chave.slice(6, 20)) return ret('574', 'Rejeição: O autor do evento diverge do emissor da NF-e');
      if (this.epecs.has(chave)) return ret('573', 'Rejeição: Duplicidade de Evento');
      if (this.rejeitarEpec) return ret(this.rejeitarEpec[0], this.rejeitarEpec[1]);
      const dest = o(det.dest);
      const nProt = this.novoProtocolo(chave.slice(0, 2));
      this.epecs.set(chave, {
        ie: s(det.IE), dhEmi: s(det.dhEmi), destDoc: s(dest.CNPJ) || s(dest.CPF) || s(dest.idEstrangeiro), vNF: s(dest.vNF), vICMS: s(dest.vICMS), vST: s(dest.vST), nProt,
      });
      return ret('136', 'Evento registrado, mas não vinculado a NF-e', nProt);
    }
    const n = this.notas.get(chave);
    if (!n) return ret('494', 'Rejeição: Chave de Acesso inexistente');
    if (n.eventos.some((e) => e.tipo === tipo && e.seq === seq)) return ret('573', 'Rejeição: Duplicidade de Evento');
    const cancelamento = tipo === '110111' || tipo === '110112';
    if (cancelamento || tipo === '110110') {
      if (autor !== n.cnpj) return ret('574', 'Rejeição: O autor do evento diverge do emissor da NF-e');
      if (n.situacao === 'cancelada') return ret('580', 'Rejeição: O evento exige uma NF-e autorizada');
      if (cancelamento && s(det.nProt) !== n.nProt) return ret('222', 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado');
      if (tipo === '110112') {
        // Cancelamento por substituição (NT 2018.004, rules P31 and 5P31): the replacing NFC-e must be another
        // authorised note of the same issuer.
        const ref = s(det.chNFeRef);
        if (!validarChave(ref).valida) return ret('910', 'Rejeição: Chave de Acesso NF-e Substituta inválida (Dígito)');
        if (ref === chave || ref.slice(6, 20) !== chave.slice(6, 20)) return ret('911', 'Rejeição: Chave de Acesso NF-e Substituta incorreta (CNPJ/CPF)');
        const substituta = this.notas.get(ref);
        if (!substituta) return ret('912', 'Rejeição: NF-e Substituta inexistente');
        if (substituta.situacao !== 'autorizada') return ret('913', 'Rejeição: NF-e Substituta não autorizada');
      }
    } else if (autor !== n.destDoc) {
      return ret('575', 'Rejeição: O autor do evento diverge do destinatário da NF-e');
    }
    const nProt = this.novoProtocolo(chave.slice(0, 2));
    const r = ret('135', 'Evento registrado e vinculado a NF-e', nProt);
    const proc = `<procEventoNFe xmlns="${NS_NFE}" versao="1.00">${ev}${r}</procEventoNFe>`;
    n.eventos.push({ tipo, seq, proc });
    if (cancelamento) {
      n.situacao = 'cancelada';
      // The recipient learns of the cancellation through its distribution (resEvento).
      if (n.destDoc) this.publicar(n.destDoc, this.resEvento(n, inf, nProt), 'resEvento_v1.01.xsd');
    }
    if ((tipo === '210210' || tipo === '210200') && !n.completaPublicada && n.situacao === 'autorizada') {
      n.completaPublicada = true;
      this.publicar(autor, montarNfeProc(n.nfe, n.protNFe), 'procNFe_v4.00.xsd');
    }
    return r;
  }

  private async inutilizar(msg: string): Promise<string> {
    const inf = o(o(o(parser.parse(msg)).inutNFe).infInut);
    // A homologated inutilização (with nProt) is signed over infInut (Id "ID" + nProt) with the server's own key.
    const ret = (cStat: string, xMotivo: string, nProt?: string) => {
      const r = g('retInutNFe', [
        g('infInut', [
          t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cStat', cStat), t('xMotivo', xMotivo), t('cUF', s(inf.cUF) || this.cUF()), t('ano', s(inf.ano)), t('CNPJ', s(inf.CNPJ)),
          t('mod', s(inf.mod)), t('serie', s(inf.serie)), t('nNFIni', s(inf.nNFIni)), t('nNFFin', s(inf.nNFFin)), t('dhRecbto', this.dh()), t('nProt', nProt),
        ], nProt ? { Id: `ID${nProt}` } : undefined),
      ], { xmlns: NS_NFE, versao: '4.00' });
      return nProt ? assinarXml(r, 'infInut', this.assinadorProprio) : r;
    };
    const xsd = await validarXsd(msg, 'inutNFe_v4.00.xsd');
    if (!xsd.valido) return ret('215', `Rejeição: Falha no schema XML [${xsd.erros[0].caminho}: ${xsd.erros[0].mensagem}]`.slice(0, 255));
    if (!verificarAssinatura(msg).valida) return ret('297', 'Rejeição: Assinatura difere do calculado');
    const ini = Number(s(inf.nNFIni));
    const fim = Number(s(inf.nNFFin));
    if (ini > fim) return ret('224', 'Rejeição: A faixa inicial é maior que a faixa final');
    const base = `${s(inf.CNPJ)}|${s(inf.mod)}|${Number(s(inf.serie))}`;
    for (let n = ini; n <= fim; n++) if (this.porNumero.has(`${base}|${n}`)) return ret('241', 'Rejeição: Um número da faixa já foi utilizado');
    for (let n = ini; n <= fim; n++) if (this.inutilizados.has(`${base}|${n}`)) return ret('256', 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ');
    for (let n = ini; n <= fim; n++) this.inutilizados.add(`${base}|${n}`);
    return ret('102', 'Inutilização de número homologado', this.novoProtocolo(s(inf.cUF)));
  }

  /** resNFe (layout 1.01): the summary the Ambiente Nacional distributes to the recipient before its manifestação. */
  private resNFe(n: NotaRegistrada): string {
    const inf = o(o(o(parser.parse(n.nfe)).NFe).infNFe);
    const emit = o(inf.emit);
    const tot = o(o(inf.total).ICMSTot);
    return g('resNFe', [
      t('chNFe', n.chave), s(emit.CNPJ) ? t('CNPJ', s(emit.CNPJ)) : t('CPF', s(emit.CPF)), t('xNome', s(emit.xNome)), t('IE', s(emit.IE)), t('dhEmi', n.dhEmi),
      t('tpNF', s(o(inf.ide).tpNF) || '1'), t('vNF', s(tot.vNF)), t('digVal', campo(n.nfe, 'DigestValue')), t('dhRecbto', campo(n.protNFe, 'dhRecbto')), t('nProt', n.nProt),
      t('cSitNFe', n.situacao === 'cancelada' ? 3 : 1),
    ], { xmlns: NS_NFE, versao: '1.01' });
  }

  /** resEvento (layout 1.01): an event of someone else on a note of interest to the recipient (the issuer's cancellation). */
  private resEvento(n: NotaRegistrada, inf: Obj, nProt: string): string {
    const autor = s(inf.CNPJ) || s(inf.CPF);
    return g('resEvento', [
      t('cOrgao', s(inf.cOrgao)), autor.length === 14 ? t('CNPJ', autor) : t('CPF', autor), t('chNFe', n.chave), t('dhEvento', s(inf.dhEvento)), t('tpEvento', s(inf.tpEvento)),
      t('nSeqEvento', s(inf.nSeqEvento)), t('xEvento', s(o(inf.detEvento).descEvento)), t('dhRecbto', this.dh()), t('nProt', nProt),
    ], { xmlns: NS_NFE, versao: '1.01' });
  }

  private publicar(destDoc: string, xml: string, schema: string) {
    // NSUs are numbered per interested CNPJ/CPF, as the Ambiente Nacional numbers them.
    this.nsu.push({ nsu: this.maxNsu(destDoc) + 1, destDoc, xml, schema });
  }

  private maxNsu(destDoc: string): number {
    let m = 0;
    for (const d of this.nsu) if (d.destDoc === destDoc && d.nsu > m) m = d.nsu;
    return m;
  }

  /**
   * NFeDistribuicaoDFe (NT 2014.002): distNSU gives the documents after ultNSU (at most 50), consNSU one document,
   * consChNFe the NF-e of an access key (the full procNFe once the recipient manifested, the resNFe before). Only the
   * certificate's CNPJ base may ask (593); after an answer with nothing new (137) the same CNPJ must wait an hour or
   * gets 656.
   */
  private async distribuir(msg: string, titular: { cnpj: string | null; cpf: string | null }): Promise<string> {
    const doc = campo(msg, 'CNPJ') ?? campo(msg, 'CPF') ?? '';
    const ult = Number(campo(msg, 'ultNSU') ?? '0');
    const p15 = (n: number) => String(n).padStart(15, '0');
    const ret = (cStat: string, xMotivo: string, ultNSU: number, docs: typeof this.nsu = []) =>
      g('retDistDFeInt', [
        t('tpAmb', this.tpAmb()), t('verAplic', VER_APLIC), t('cStat', cStat), t('xMotivo', xMotivo), t('dhResp', this.dh()), t('ultNSU', p15(ultNSU)), t('maxNSU', p15(this.maxNsu(doc))),
        docs.length ? `<loteDistDFeInt>${docs.map((d) => `<docZip NSU="${p15(d.nsu)}" schema="${d.schema}">${gzipSync(d.xml).toString('base64')}</docZip>`).join('')}</loteDistDFeInt>` : '',
      ], { xmlns: NS_NFE, versao: '1.01' });
    const xsd = await validarXsd(msg, 'distDFeInt_v1.01.xsd');
    if (!xsd.valido) return ret('215', `Rejeição: Falha no schema XML [${xsd.erros[0].caminho}: ${xsd.erros[0].mensagem}]`.slice(0, 255), ult);
    if (campo(msg, 'tpAmb') !== String(this.tpAmb())) return ret('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento', ult);
    const base = doc.length === 14 ? titular.cnpj?.slice(0, 8) === doc.slice(0, 8) : titular.cpf === doc;
    if (!base) return ret('593', 'Rejeição: CNPJ-Base consultado difere do CNPJ-Base do Certificado Digital', ult);
    const chNFe = campo(msg, 'chNFe');
    if (chNFe) {
      const n = this.notas.get(chNFe);
      if (!n || n.destDoc !== doc) return ret('640', 'Rejeição: CNPJ/CPF do interessado não possui permissão para consultar esta NF-e', ult);
      if (n.situacao === 'cancelada') return ret('653', 'Rejeição: NF-e cancelada, arquivo indisponível para download', ult);
      const completa = n.completaPublicada === true;
      const xml = completa ? montarNfeProc(n.nfe, n.protNFe) : this.resNFe(n);
      const publicado = this.nsu.find((d) => d.destDoc === doc && d.schema === (completa ? 'procNFe_v4.00.xsd' : 'resNFe_v1.01.xsd') && d.xml.includes(chNFe));
      return ret('138', 'Documento localizado para o Destinatário', ult, [{ nsu: publicado?.nsu ?? 0, destDoc: doc, xml, schema: completa ? 'procNFe_v4.00.xsd' : 'resNFe_v1.01.xsd' }]);
    }
    const nsu = campo(msg, 'NSU');
    if (nsu) {
      const d = this.nsu.find((x) => x.nsu === Number(nsu) && x.destDoc === doc);
      return d ? ret('138', 'Documento localizado para o Destinatário', ult, [d]) : ret('137', 'Nenhum documento localizado para o Destinatário', ult);
    }
    const vazia = this.ultimaVazia.get(doc);
    if (vazia !== undefined && this.agora() - vazia < (this.op.esperaDistribuicaoMs ?? 3_600_000)) {
      return ret('656', 'Rejeição: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitações subsequentes. Tente após 1 hora)', ult);
    }
    const docs = this.nsu.filter((d) => d.destDoc === doc && d.nsu > ult).slice(0, 50);
    if (!docs.length) {
      this.ultimaVazia.set(doc, this.agora());
      return ret('137', 'Nenhum documento localizado para o Destinatário', Math.max(ult, this.maxNsu(doc)));
    }
    this.ultimaVazia.delete(doc);
    return ret('138', 'Documento localizado para o Destinatário', docs[docs.length - 1].nsu, docs);
  }
}

/**
 * The IBS/CBS rules of NT 2025.002-RTC v1.51 that are in production (UB12-10, the missing group, is "implementação
 * futura" and is not applied), with their codes and texts: per item the CST (UB13-10) and cClassTrib (UB14-10) exist,
 * the CST prefixes the cClassTrib (UB14-20), the cClassTrib may be used on the model (UB14-25), the rates are those
 * of the year of dhEmi (UB18-10, UB37-10, UB56-10/20; zero with gTribRegular; not applied to devolução, finNFe 4, nor
 * to notas de crédito 03/04/06; a rate the tables do not hold yet, the CBS of 2027, is not checked) and the values
 * are vBC × rate (the effective one under gRed) − vDif − vDevTrib within 0,01 (UB35-10, UB54-10, UB67-10), vIBS the
 * sum of UF and municipal (UB54a-10); then the totals IBSCBSTot (W34-10/20, W35-10, W41-10, W46-10, W47-10, W56-10).
 */
export function regrasIbsCbs(doc: Obj): [string, string] | null {
  const tab = tabelasDasAutoridades();
  const ide = o(doc.ide);
  const modelo = s(ide.mod);
  const semAliquota = s(ide.finNFe) === '4' || ['03', '04', '06'].includes(s(ide.tpNFCredito));
  const aliq = aliquotasIbsCbsVigentes(tab, s(ide.dhEmi).slice(0, 10));
  const dets = (doc.det as Obj[]) ?? [];
  const tol = new D('0.01');
  const vDe = (x: unknown) => dec(s(x) || '0');
  const itens: Obj[] = [];
  for (const d of dets) {
    const grupo = o(d.imposto).IBSCBS;
    if (grupo === undefined) continue;
    const g0 = o(grupo);
    const n = s(d['@_nItem']);
    const item = ` [nItem: ${n}]`;
    const cst = tab.cst.find((c) => c.value === s(g0.CST));
    if (!cst) return ['1020', `Rejeição: CST do IBS/CBS informado inexistente${item}`];
    const classe = tab.cClassTrib.find((c) => c.value === s(g0.cClassTrib));
    if (!classe) return ['1023', `Rejeição: Classificação Tributária do IBS/CBS informada inexistente${item}`];
    if (classe.cst !== cst.value) return ['1024', `Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado${item}`];
    if (!classe.modelos.includes(modelo)) return ['1025', `Rejeição: cClassTrib do IBS/CBS não permitido neste modelo de DFe${item}`];
    const gi = g0.gIBSCBS === undefined ? null : o(g0.gIBSCBS);
    if (!gi) continue;
    itens.push(gi);
    const uf = o(gi.gIBSUF);
    const mun = o(gi.gIBSMun);
    const cbs = o(gi.gCBS);
    if (!semAliquota && aliq) {
      const regular = classe.gTribRegular;
      const esperado = (p: string | null) => (regular ? new D(0) : p == null ? null : dec(p));
      const difere = (p: string | null, informado: unknown) => { const e = esperado(p); return e !== null && !e.equals(vDe(informado)); };
      if (difere(aliq.pIBSUF, uf.pIBSUF)) return ['1026', `Rejeição: Alíquota do IBS da UF inválida${item}`];
      if (difere(aliq.pIBSMun, mun.pIBSMun)) return ['1036', `Rejeição: Alíquota do IBS do Município inválida${item}`];
      if (difere(aliq.pCBS, cbs.pCBS)) return ['1037', `Rejeição: Alíquota da CBS inválida${item}`];
    }
    const vBC = vDe(gi.vBC);
    const calculado = (t: Obj, p: unknown) => {
      const efetiva = t.gRed !== undefined ? vDe(o(t.gRed).pAliqEfet) : vDe(p);
      return vBC.times(efetiva).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP).minus(vDe(o(t.gDif).vDif)).minus(vDe(o(t.gDevTrib).vDevTrib));
    };
    const fora = (t: Obj, p: unknown, v: unknown) => calculado(t, p).minus(vDe(v)).abs().greaterThan(tol);
    if (fora(uf, uf.pIBSUF, uf.vIBSUF)) return ['1041', `Rejeição: Valor do IBS da UF difere do calculado${item}`];
    if (fora(mun, mun.pIBSMun, mun.vIBSMun)) return ['1052', `Rejeição: Valor do IBS Municipal difere do calculado${item}`];
    if (gi.gIBSCredPres === undefined && !vDe(uf.vIBSUF).plus(vDe(mun.vIBSMun)).equals(vDe(gi.vIBS))) return ['1150', `Rejeição: Valor do IBS do Item (vIBS) difere do calculado${item}`];
    if (fora(cbs, cbs.pCBS, cbs.vCBS)) return ['1069', `Rejeição: Valor da CBS difere do calculado${item}`];
  }
  const comGrupo = dets.some((d) => o(d.imposto).IBSCBS !== undefined);
  const total = o(doc.total).IBSCBSTot;
  if (total !== undefined && !comGrupo) return ['1118', 'Rejeição: Total de IBS e CBS informado indevidamente'];
  if (total === undefined) return comGrupo ? ['1119', 'Rejeição: Total de IBS e CBS não informado'] : null;
  const tot = o(total);
  const soma = (f: (gi: Obj) => unknown) => sum(itens.map((gi) => vDe(f(gi))));
  const gIBS = o(tot.gIBS);
  if (!soma((gi) => gi.vBC).equals(vDe(tot.vBCIBSCBS))) return ['1076', 'Rejeição: Total da BC do IBS e da CBS difere da soma dos itens'];
  if (!soma((gi) => o(gi.gIBSUF).vIBSUF).equals(vDe(o(gIBS.gIBSUF).vIBSUF))) return ['1080', 'Rejeição: Total de IBS UF difere da soma dos itens'];
  if (!soma((gi) => o(gi.gIBSMun).vIBSMun).equals(vDe(o(gIBS.gIBSMun).vIBSMun))) return ['1084', 'Rejeição: Total de IBS Municipal difere da soma dos itens'];
  if (!soma((gi) => gi.vIBS).equals(vDe(gIBS.vIBS))) return ['1085', 'Rejeição: Total do IBS difere da soma do vIBS dos itens'];
  if (!soma((gi) => o(gi.gCBS).vCBS).equals(vDe(o(tot.gCBS).vCBS))) return ['1091', 'Rejeição: Total de CBS difere da soma dos itens'];
  return null;
}
