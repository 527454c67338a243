import { transacaoAberta } from '../db/transacao-aberta.ts';
import https from 'node:https';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CertificadoA1 } from './certificado.ts';
import { envelopar, desenvelopar, soapAction, campo, elemento, elementos, type Servico } from './soap.ts';
import { ajudaRejeicao, cStatSucesso, cStatSemAjuda, type AjudaRejeicao } from './rejeicoes.ts';
import { montarEnviNFe, montarNfeProc, montarConsStatServ, montarConsSitNFe, montarConsReciNFe, montarProcEvento, montarProcInut } from './mensagens.ts';
import { codigoUf } from '../../shared/fiscal/ufs.ts';
import { validarMensagem, pacoteDoDocumento, type ErroValidacao } from './validacao-xsd.ts';
import { aoEsquecerEstado } from '../estado-do-processo.ts';
import { ID_NFE_RE } from '../../shared/fiscal/chave.ts';

interface DocumentoEndpoints {
  autorizadores: Record<string, { producao: Partial<Record<Servico, string>>; homologacao: Partial<Record<Servico, string>> }>;
  ufs: Record<string, { nfe: string; nfce: string; contingencia: 'SVC-AN' | 'SVC-RS' }>;
}

const ARQUIVO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/fiscal/sefaz-endpoints.json');
let endpoints: DocumentoEndpoints | undefined;

export type Destino = { tipo: 'sefaz'; contingenciaSvc?: boolean } | { tipo: 'local'; baseUrl: string; ca?: string | Buffer };

/**
 * Endpoint of a service for a UF/model/environment, from the data document; or the local SEFAZ.
 * `nacional` sends to the Ambiente Nacional (events with cOrgao 91: manifestação do destinatário); the
 * distribuição DF-e is always national. SVC exists only for the NF-e (model 55) and does not inutilise.
 */
export function urlServico(servico: Servico, uf: string, modelo: 55 | 65, tpAmb: 1 | 2, destino: Destino, opcoes: { nacional?: boolean } = {}): string {
  if (destino.tipo === 'local') return `${destino.baseUrl.replace(/\/$/, '')}/ws/${servico}`;
  endpoints ??= JSON.parse(readFileSync(ARQUIVO, 'utf8')) as DocumentoEndpoints;
  const conf = endpoints.ufs[uf];
  if (!conf) throw new Error(`UF sem autorizador cadastrado: ${uf}.`);
  const nacional = servico === 'NFeDistribuicaoDFe' || opcoes.nacional === true;
  if (!nacional && destino.contingenciaSvc) {
    if (modelo === 65) throw new Error('A NFC-e não tem contingência SVC: emita em contingência offline (tpEmis 9) e transmita quando a SEFAZ voltar.');
    if (servico === 'NFeInutilizacao4') throw new Error(`A ${conf.contingencia} não faz inutilização de numeração: inutilize no autorizador normal quando ele voltar.`);
  }
  const autorizador = nacional ? 'AN' : destino.contingenciaSvc ? conf.contingencia : modelo === 65 ? conf.nfce : conf.nfe;
  const url = endpoints.autorizadores[autorizador]?.[tpAmb === 1 ? 'producao' : 'homologacao']?.[servico];
  if (!url) throw new Error(`Endpoint ${servico} do autorizador ${autorizador} (${tpAmb === 1 ? 'produção' : 'homologação'}) não cadastrado em schemas/fiscal/sefaz-endpoints.json.`);
  return url;
}

/** The contingency authoriser of a UF for the NF-e: SVC-AN (tpEmis 6) or SVC-RS (tpEmis 7). */
export function autorizadorContingencia(uf: string): 'SVC-AN' | 'SVC-RS' {
  endpoints ??= JSON.parse(readFileSync(ARQUIVO, 'utf8')) as DocumentoEndpoints;
  const conf = endpoints.ufs[uf];
  if (!conf) throw new Error(`UF sem autorizador cadastrado: ${uf}.`);
  return conf.contingencia;
}

export class SefazIndisponivelError extends Error {
  /**
   * true when the request may have reached SEFAZ (the answer did not come in time): the document may be authorised
   * there, so its protocol must be consulted before issuing it again in contingency.
   */
  public tempoEsgotado: boolean;
  constructor(message: string, public causa?: unknown, opcoes: { tempoEsgotado?: boolean } = {}) {
    super(message);
    this.tempoEsgotado = opcoes.tempoEsgotado === true;
  }
}

/** Plain name of each web service, for messages. */
const NOME_SERVICO: Record<Servico, string> = {
  NFeAutorizacao4: 'autorização',
  NFeRetAutorizacao4: 'consulta de recibo de lote',
  NFeConsultaProtocolo4: 'consulta de protocolo',
  NFeStatusServico4: 'status do serviço',
  NFeInutilizacao4: 'inutilização',
  NFeRecepcaoEvento4: 'recepção de eventos',
  NFeDistribuicaoDFe: 'distribuição DF-e',
};

export class ConsumoIndevidoError extends Error {
  /** `servico`: the web service SEFAZ blocked (the others stay available); `documento`: CNPJ or CPF of the certificate */
  constructor(public ate: Date, public servico?: Servico, public documento?: string) {
    super(
      `A SEFAZ bloqueou o serviço de ${servico ? NOME_SERVICO[servico] ?? servico : 'consulta'} para ${documento && /^\d{11}$/.test(documento) ? 'este CPF' : 'este CNPJ'} por consumo indevido (656). ` +
        `Nova tentativa liberada às ${ate.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.`,
    );
  }
}

export interface Retorno {
  cStat: string;
  xMotivo: string;
  /** the returned message (retEnviNFe, retEnvEvento...) */
  xml: string;
  /** help for every failure */
  ajuda?: AjudaRejeicao;
}

export interface RetornoAutorizacao extends Retorno {
  /** set when the document was stopped before sending: schema errors with path and field */
  erros?: ErroValidacao[];
  chave?: string;
  protocolo?: string;
  protNFe?: string;
  /** NFe + protNFe, for storage (only when authorised) */
  nfeProc?: string;
}

export interface OpcoesCliente {
  certificado: Pick<CertificadoA1, 'privateKeyPem' | 'certPem' | 'cnpj'> & Partial<Pick<CertificadoA1, 'cpf'>>;
  uf: string;
  modelo: 55 | 65;
  tpAmb: 1 | 2;
  destino: Destino;
  timeoutMs?: number;
  /** how long a CNPJ waits on a web service after a 656 there (SEFAZ blocks for about an hour) */
  esperaConsumoIndevidoMs?: number;
  agora?: () => number;
  /** validate against the XSD before sending (default true): a schema error never costs a round trip */
  validarAntes?: boolean;
}

/**
 * Blocks after 'consumo indevido', shared by every client in the process. SEFAZ applies the 656 per web service
 * (a distribuição DF-e polled too often is blocked; authorisation of the same CNPJ goes on), so the key is the
 * certificate's CNPJ (or CPF) and the service's address, which names the service, the authoriser and the
 * environment: a block on the Ambiente Nacional's NFeDistribuicaoDFe never stops an NFC-e sale.
 */
const bloqueios = new Map<string, number>();
aoEsquecerEstado(() => bloqueios.clear());

/** Who SEFAZ counts the calls of: the CNPJ of the certificate, or the CPF; never an empty key (the certificate itself). */
function titularDoCertificado(c: OpcoesCliente['certificado']): string {
  if (c.cnpj) return c.cnpj;
  if (c.cpf) return c.cpf;
  return `cert:${createHash('sha256').update(c.certPem).digest('hex').slice(0, 32)}`;
}

const chaveBloqueio = (titular: string, url: URL) => `${titular}|${url.origin}${url.pathname}`;

/**
 * SOAP 1.2 over HTTPS with the A1 as client certificate. Parses cStat/xMotivo and the protocol, assembles nfeProc,
 * and stops calling for a CNPJ that SEFAZ has blocked for consumo indevido.
 */
/**
 * No call to SEFAZ while the calling context holds an open database transaction (a rollback or a crash after SEFAZ
 * answered would leave SEFAZ and the books disagreeing). On in the tests (VITEST) and with SEFAZ_GUARDA_TRANSACAO=1;
 * SEFAZ_GUARDA_TRANSACAO=0 turns it off. No path is exempt: every SEFAZ and ADN call runs after its commit.
 */
export function guardaSemTransacao(servico: string, destino = 'à SEFAZ'): void {
  const modo = process.env.SEFAZ_GUARDA_TRANSACAO ?? (process.env.VITEST ? '1' : '0');
  if (modo !== '1') return;
  const t = transacaoAberta();
  if (t) throw new Error(`Chamada ${destino} (${servico}) com uma transação do banco aberta: transmita depois do commit.`);
}

export class SefazCliente {
  private agente: https.Agent;
  constructor(private o: OpcoesCliente) {
    this.agente = new https.Agent({
      key: o.certificado.privateKeyPem,
      cert: o.certificado.certPem,
      ca: o.destino.tipo === 'local' ? o.destino.ca : undefined,
      keepAlive: true,
      maxSockets: 4,
    });
  }

  fechar() {
    this.agente.destroy();
  }

  /** The address this client sends a service to (the local SEFAZ or the authoriser's endpoint). */
  endereco(servico: Servico, nacional = false): string {
    return urlServico(servico, this.o.uf, this.o.modelo, this.o.tpAmb, this.o.destino, { nacional });
  }

  private agora() {
    return this.o.agora ? this.o.agora() : Date.now();
  }

  private async chamar(servico: Servico, xml: string, nacional = false): Promise<string> {
    guardaSemTransacao(servico);
    const titular = titularDoCertificado(this.o.certificado);
    const url = new URL(urlServico(servico, this.o.uf, this.o.modelo, this.o.tpAmb, this.o.destino, { nacional }));
    const chave = chaveBloqueio(titular, url);
    const ate = bloqueios.get(chave);
    if (ate && ate > this.agora()) throw new ConsumoIndevidoError(new Date(ate), servico, this.o.certificado.cnpj ?? this.o.certificado.cpf ?? undefined);
    if (ate) bloqueios.delete(chave);
    const corpo = envelopar(servico, xml);
    const resposta = await new Promise<string>((resolve, reject) => {
      const req = https.request(
        url,
        {
          method: 'POST',
          agent: this.agente,
          headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="${soapAction(servico)}"`, 'Content-Length': Buffer.byteLength(corpo) },
          timeout: this.o.timeoutMs ?? 30_000,
        },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c: Buffer) => partes.push(c));
          res.on('end', () => {
            const txt = Buffer.concat(partes).toString('utf8');
            if ((res.statusCode ?? 500) >= 500 && !/nfeResultMsg|nfeDistDFeInteresseResult/.test(txt)) {
              reject(new SefazIndisponivelError(`A SEFAZ respondeu HTTP ${res.statusCode}.`));
            } else if ((res.statusCode ?? 500) >= 400 && !/Envelope/.test(txt)) {
              reject(new SefazIndisponivelError(`A SEFAZ recusou a conexão (HTTP ${res.statusCode}): ${txt.slice(0, 200)}`));
            } else resolve(txt);
          });
        },
      );
      req.on('timeout', () => req.destroy(new SefazIndisponivelError('Tempo esgotado esperando a SEFAZ.', undefined, { tempoEsgotado: true })));
      req.on('error', (e) => reject(e instanceof SefazIndisponivelError ? e : new SefazIndisponivelError(`Sem comunicação com a SEFAZ: ${(e as Error).message}`, e)));
      req.end(corpo);
    });
    const ret = desenvelopar(resposta);
    if (campo(ret, 'cStat') === '656') bloqueios.set(chave, this.agora() + (this.o.esperaConsumoIndevidoMs ?? 3_600_000));
    return ret;
  }

  private retorno(xml: string, cStat = campo(xml, 'cStat') ?? '', xMotivo = campo(xml, 'xMotivo') ?? ''): Retorno {
    return { cStat, xMotivo, xml, ajuda: cStatSemAjuda(cStat) ? undefined : ajudaRejeicao(cStat, xMotivo) };
  }

  async statusServico(): Promise<Retorno> {
    return this.retorno(await this.chamar('NFeStatusServico4', montarConsStatServ(this.o.tpAmb, codigoUf(this.o.uf))));
  }

  /** Synchronous authorisation of one signed NFe (with infNFeSupl for the NFC-e). */
  async autorizar(nfeAssinada: string, idLote: string | number = Date.now()): Promise<RetornoAutorizacao> {
    if (this.o.validarAntes !== false) {
      // The reform groups only exist in PL_010.
      const v = await validarMensagem(nfeAssinada, pacoteDoDocumento(nfeAssinada));
      if (!v.valido) {
        const xMotivo = 'Rejeição: Falha no schema XML (validação local antes do envio)';
        return { cStat: '215', xMotivo, xml: '', erros: v.erros, ajuda: ajudaRejeicao('215', xMotivo), chave: ID_NFE_RE.exec(nfeAssinada)?.[1] };
      }
    }
    const ret = await this.chamar('NFeAutorizacao4', montarEnviNFe(idLote, [nfeAssinada]));
    const protNFe = elemento(ret, 'protNFe');
    if (!protNFe) return this.retorno(ret);
    const cStat = campo(protNFe, 'cStat') ?? '';
    const r: RetornoAutorizacao = { ...this.retorno(ret, cStat, campo(protNFe, 'xMotivo') ?? ''), chave: campo(protNFe, 'chNFe'), protocolo: campo(protNFe, 'nProt'), protNFe };
    if (cStat === '100' || cStat === '150') r.nfeProc = montarNfeProc(nfeAssinada, protNFe);
    return r;
  }

  /**
   * Asynchronous batch (indSinc 0, up to 50 NF-e): SEFAZ answers 103 with a receipt number (nRec) and the
   * protocols come later through NFeRetAutorizacao (consultarRecibo).
   */
  async enviarLote(nfesAssinadas: string[], idLote: string | number = Date.now()): Promise<Retorno & { nRec?: string; tMed?: number; erros?: ErroValidacao[] }> {
    if (nfesAssinadas.length < 1 || nfesAssinadas.length > 50) throw new Error('Um lote tem de 1 a 50 NF-e.');
    if (this.o.validarAntes !== false) {
      for (const nfe of nfesAssinadas) {
        const v = await validarMensagem(nfe, pacoteDoDocumento(nfe));
        if (!v.valido) {
          const xMotivo = `Rejeição: Falha no schema XML (validação local antes do envio) na NF-e ${ID_NFE_RE.exec(nfe)?.[1] ?? ''}`;
          return { cStat: '215', xMotivo, xml: '', erros: v.erros, ajuda: ajudaRejeicao('215', xMotivo) };
        }
      }
    }
    const ret = await this.chamar('NFeAutorizacao4', montarEnviNFe(idLote, nfesAssinadas, false));
    const tMed = campo(ret, 'tMed');
    return { ...this.retorno(ret), nRec: campo(ret, 'nRec'), tMed: tMed ? Number(tMed) : undefined };
  }

  /** NFeRetAutorizacao: 105 while the batch is being processed; 104 with one result per NF-e (nfeProc when authorised). */
  async consultarRecibo(nRec: string, nfesAssinadas: string[] = []): Promise<Retorno & { protocolos: RetornoAutorizacao[] }> {
    const ret = await this.chamar('NFeRetAutorizacao4', montarConsReciNFe(this.o.tpAmb, nRec));
    const porChave = new Map(nfesAssinadas.map((n) => [ID_NFE_RE.exec(n)?.[1] ?? '', n]));
    const protocolos = elementos(ret, 'protNFe').map((protNFe) => {
      const cStat = campo(protNFe, 'cStat') ?? '';
      const chave = campo(protNFe, 'chNFe');
      const r: RetornoAutorizacao = { ...this.retorno(protNFe, cStat, campo(protNFe, 'xMotivo') ?? ''), chave, protocolo: campo(protNFe, 'nProt'), protNFe };
      const nfe = chave ? porChave.get(chave) : undefined;
      if ((cStat === '100' || cStat === '150') && nfe) r.nfeProc = montarNfeProc(nfe, protNFe);
      return r;
    });
    return { ...this.retorno(ret), protocolos };
  }

  /**
   * Sends a batch asynchronously and asks for its receipt until processed (105 means wait), at most `tentativas`
   * times, waiting `intervaloMs` (default: the tMed SEFAZ suggests, in seconds) between queries.
   */
  async autorizarLote(nfesAssinadas: string[], o: { tentativas?: number; intervaloMs?: number; idLote?: string | number } = {}): Promise<Retorno & { nRec?: string; protocolos: RetornoAutorizacao[] }> {
    const env = await this.enviarLote(nfesAssinadas, o.idLote);
    if (env.cStat !== '103' || !env.nRec) return { ...env, protocolos: [] };
    let ultimo: Retorno & { protocolos: RetornoAutorizacao[] } = { ...env, protocolos: [] };
    for (let k = 0; k < (o.tentativas ?? 10); k++) {
      await new Promise((r) => setTimeout(r, o.intervaloMs ?? (env.tMed ?? 1) * 1000));
      ultimo = await this.consultarRecibo(env.nRec, nfesAssinadas);
      if (ultimo.cStat !== '105') break;
    }
    return { ...ultimo, nRec: env.nRec };
  }

  async consultar(chave: string): Promise<Retorno & { protNFe?: string; eventos: string[] }> {
    const ret = await this.chamar('NFeConsultaProtocolo4', montarConsSitNFe(this.o.tpAmb, chave));
    return { ...this.retorno(ret), protNFe: elemento(ret, 'protNFe'), eventos: elementos(ret, 'procEventoNFe') };
  }

  /** Sends an envEvento; each event comes back with its own cStat and, when registered, its procEventoNFe. */
  async enviarEventos(envEvento: string): Promise<Retorno & { eventos: (Retorno & { procEventoNFe?: string })[] }> {
    // Manifestação do destinatário (and any event addressed to cOrgao 91) goes to the Ambiente Nacional.
    const ret = await this.chamar('NFeRecepcaoEvento4', envEvento, /<(?:\w+:)?cOrgao>91</.test(envEvento));
    const enviados = elementos(envEvento, 'evento');
    const eventos = elementos(ret, 'retEvento').map((re, i) => {
      const r = this.retorno(re);
      return { ...r, procEventoNFe: cStatSucesso(r.cStat) && enviados[i] ? montarProcEvento(enviados[i], re) : undefined };
    });
    return { ...this.retorno(ret), eventos };
  }

  async inutilizar(inutNFe: string): Promise<Retorno & { procInutNFe?: string }> {
    const ret = await this.chamar('NFeInutilizacao4', inutNFe);
    const r = this.retorno(ret);
    return { ...r, procInutNFe: r.cStat === '102' ? montarProcInut(inutNFe, ret) : undefined };
  }

  async distribuicao(distDFeInt: string): Promise<Retorno & { ultNSU?: string; maxNSU?: string; documentos: { nsu: string; schema: string; xml: string }[] }> {
    const ret = await this.chamar('NFeDistribuicaoDFe', distDFeInt);
    const { gunzipSync } = await import('node:zlib');
    const documentos = [...ret.matchAll(/<docZip\s+NSU="(\d+)"\s+schema="([^"]+)">([^<]+)<\/docZip>/g)].map((m) => ({
      nsu: m[1],
      schema: m[2],
      xml: gunzipSync(Buffer.from(m[3], 'base64')).toString('utf8'),
    }));
    return { ...this.retorno(ret), ultNSU: campo(ret, 'ultNSU'), maxNSU: campo(ret, 'maxNSU'), documentos };
  }
}

/** Test/ops hook: forget 656 blocks (e.g. after the waiting time was confirmed with SEFAZ). */
export function limparBloqueiosConsumo() {
  bloqueios.clear();
}
