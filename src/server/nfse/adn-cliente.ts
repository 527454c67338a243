import https from 'node:https';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CertificadoA1 } from '../fiscal/certificado.ts';
import { aoEsquecerEstado } from '../estado-do-processo.ts';
import { guardaSemTransacao } from '../fiscal/sefaz-cliente.ts';

/**
 * Where NFS-e go, from the setting NFSE_DESTINO:
 * - `local` (the default): the local ADN, started inside this process on a loopback port the first time it is
 *   needed; homologação only; nothing leaves the machine. This module does not know the stand-in: app.ts registers
 *   its factory (registrarAdnLocal, from src/server/stand-ins/registrar.ts).
 * - `real`: the Sefin Nacional at NFSE_ADN_URL, or by environment https://sefin.nfse.gov.br/SefinNacional
 *   (produção) and https://sefin.producaorestrita.nfse.gov.br/SefinNacional (produção restrita / homologação),
 *   over TLS with the branch's A1 as the client certificate.
 */
export type DestinoNfse = 'local' | 'real';
type Ambiente = Record<string, string | undefined>;

export const URL_PRODUCAO = 'https://sefin.nfse.gov.br/SefinNacional';
export const URL_HOMOLOGACAO = 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional';

export function destinoNfseConfigurado(env: Ambiente = process.env): DestinoNfse {
  const v = (env.NFSE_DESTINO ?? '').trim().toLowerCase();
  if (v === '' || v === 'local') return 'local';
  if (v === 'real') return 'real';
  throw new Error(`NFSE_DESTINO='${env.NFSE_DESTINO}' não é válido: use 'local' (ADN local de homologação, o padrão) ou 'real' (a Sefin Nacional).`);
}

/** An error of the Sefin Nacional's answer (its API's `erros` list). */
export interface ErroAdn {
  Codigo: string;
  Descricao: string;
  Complemento?: string;
}

/**
 * What this module needs of a local ADN. The stand-in (src/server/stand-ins/adn-local.ts) widens this interface to its
 * own class by declaration merging, so tests reach the whole stand-in through adnLocal().
 */
export interface AdnLocalProcesso {
  iniciar(porta?: number, o?: { manterProcesso?: boolean }): Promise<string>;
  parar(): Promise<void>;
  readonly tls: { key: string; cert: string };
  lentidao: { ms: number; processa: boolean; rotas?: ('emitir' | 'evento')[] } | null;
}
type FabricaAdnLocal = (o: { arquivoEstado: string }) => AdnLocalProcesso;
let fabrica: FabricaAdnLocal | null = null;
/** Start-up (app.ts) and test support register the local ADN stand-in here; production code imports none. */
export function registrarAdnLocal(f: FabricaAdnLocal): void {
  fabrica = f;
}

let local: Promise<{ adn: AdnLocalProcesso; url: string }> | null = null;

/** The in-process local ADN (started once; state in DATA_DIR/adn-local/estado.json). */
export async function adnLocal(env: Ambiente = process.env): Promise<{ adn: AdnLocalProcesso; url: string }> {
  local ??= (async () => {
    const dataDir = path.resolve(env.DATA_DIR ?? './data');
    if (!fabrica) throw new Error('NFSE_DESTINO=local, mas nenhum ADN local foi registrado (registrarAdnLocal): defina NFSE_DESTINO=real.');
    const adn = fabrica({ arquivoEstado: path.join(dataDir, 'adn-local', 'estado.json') });
    const porta = Number(env.NFSE_LOCAL_PORTA ?? 0);
    if (!Number.isInteger(porta) || porta < 0 || porta > 65535) throw new Error(`NFSE_LOCAL_PORTA='${env.NFSE_LOCAL_PORTA}' não é uma porta válida.`);
    const url = await adn.iniciar(porta, { manterProcesso: false });
    // A stand-in delay on the issue (crash tests of a real server process, where no test code reaches the in-process
    // ADN): NFSE_LOCAL_LENTIDAO_MS holds each answer that long; NFSE_LOCAL_LENTIDAO_PROCESSA=1 authorises (and
    // records) the DPS first, so a kill in the window leaves it authorised at the ADN and unknown to the ERP.
    const lentidao = Number(env.NFSE_LOCAL_LENTIDAO_MS ?? 0);
    // NFSE_LOCAL_LENTIDAO_ROTAS (comma-separated: emitir, evento; default emitir) names what is slow.
    const rotas = (env.NFSE_LOCAL_LENTIDAO_ROTAS || 'emitir').split(',').map((x) => x.trim()).filter((x): x is 'emitir' | 'evento' => x === 'emitir' || x === 'evento');
    if (lentidao > 0) adn.lentidao = { ms: lentidao, processa: env.NFSE_LOCAL_LENTIDAO_PROCESSA === '1', rotas };
    return { adn, url };
  })();
  try {
    return await local;
  } catch (e) {
    local = null;
    throw e;
  }
}

export async function pararAdnLocal(): Promise<void> {
  const l = local;
  local = null;
  if (l) await (await l).adn.parar();
}
aoEsquecerEstado(pararAdnLocal);

/**
 * The Sefin Nacional did not answer. `naoEnviada`: the connection was never made (nothing reached it, so nothing can
 * have been authorised); otherwise (time out, 5xx, a broken answer) the DPS may be there: ask by its id before anything else.
 */
export class AdnIndisponivelError extends Error {
  constructor(message: string, public naoEnviada = false) {
    super(message);
  }
}

/** Error codes of the connection that mean the request never left this machine. */
const SEM_CONEXAO = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET_BEFORE']);

export type RespostaEmissao =
  | { autorizada: true; chave: string; idDps: string; nfseXml: string }
  | { autorizada: false; erros: ErroAdn[] };

export type RespostaEvento = { registrado: true; eventoXml: string } | { registrado: false; erros: ErroAdn[] };

/** The Sefin Nacional's REST API (JSON; XML gzipped and in base64), over mutual TLS with the branch's A1. */
export class AdnCliente {
  private agente: https.Agent;
  constructor(
    private baseUrl: string,
    certificado: Pick<CertificadoA1, 'privateKeyPem' | 'certPem'>,
    ca?: string,
    private timeoutMs = 30_000,
  ) {
    this.agente = new https.Agent({ key: certificado.privateKeyPem, cert: certificado.certPem, ...(ca ? { ca } : {}), keepAlive: false });
  }

  private pedir(metodo: 'GET' | 'POST', rota: string, corpo?: unknown): Promise<{ status: number; json: Record<string, any> }> {
    // Never with a database transaction open (issue 34): a crash or a rollback after the ADN said yes would leave the
    // national system and the books disagreeing. The same guard as the SEFAZ client, no exemption.
    guardaSemTransacao(`${metodo} ${rota.replace(/\/[^/]{20,}/g, '/…')}`, 'à Sefin Nacional (ADN)');
    const url = new URL(this.baseUrl.replace(/\/$/, '') + rota);
    const dados = corpo === undefined ? undefined : Buffer.from(JSON.stringify(corpo), 'utf8');
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        { method: metodo, agent: this.agente, headers: { Accept: 'application/json', ...(dados ? { 'Content-Type': 'application/json', 'Content-Length': dados.length } : {}) }, timeout: this.timeoutMs },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c: Buffer) => partes.push(c));
          res.on('end', () => {
            const texto = Buffer.concat(partes).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, json: texto ? JSON.parse(texto) : {} });
            } catch {
              reject(new AdnIndisponivelError(`a Sefin Nacional respondeu ${res.statusCode} sem JSON.`));
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new AdnIndisponivelError('tempo esgotado esperando a Sefin Nacional.')));
      req.on('error', (e) => reject(e instanceof AdnIndisponivelError ? e : new AdnIndisponivelError(`sem conexão com a Sefin Nacional (${(e as Error).message}).`, SEM_CONEXAO.has((e as NodeJS.ErrnoException).code ?? ''))));
      if (dados) req.write(dados);
      req.end();
    });
  }

  private static erros(j: Record<string, any>, status: number): ErroAdn[] {
    if (Array.isArray(j.erros) && j.erros.length) return j.erros.map((e: any) => ({ Codigo: String(e.Codigo ?? e.codigo ?? ''), Descricao: String(e.Descricao ?? e.descricao ?? ''), ...(e.Complemento ?? e.complemento ? { Complemento: String(e.Complemento ?? e.complemento) } : {}) }));
    if (j.erro) return [{ Codigo: String(j.erro.codigo ?? j.erro.Codigo ?? ''), Descricao: String(j.erro.descricao ?? j.erro.Descricao ?? '') }];
    return [{ Codigo: String(status), Descricao: `A Sefin Nacional respondeu ${status}.` }];
  }

  /** POST /nfse with the signed DPS. */
  async emitir(dpsAssinada: string): Promise<RespostaEmissao> {
    const { status, json } = await this.pedir('POST', '/nfse', { dpsXmlGZipB64: gzipSync(Buffer.from(dpsAssinada, 'utf8')).toString('base64') });
    if (status >= 500) throw new AdnIndisponivelError(`a Sefin Nacional respondeu ${status}.`);
    if ((status === 200 || status === 201) && json.nfseXmlGZipB64) {
      return { autorizada: true, chave: String(json.chaveAcesso), idDps: String(json.idDps ?? json.idDPS ?? ''), nfseXml: gunzipSync(Buffer.from(json.nfseXmlGZipB64, 'base64')).toString('utf8') };
    }
    return { autorizada: false, erros: AdnCliente.erros(json, status) };
  }

  /** GET /nfse/{chave}: the authorised NFS-e XML, or null when the national system does not know it. */
  async consultar(chave: string): Promise<string | null> {
    const { status, json } = await this.pedir('GET', `/nfse/${encodeURIComponent(chave)}`);
    if (status === 404) return null;
    if (status >= 500) throw new AdnIndisponivelError(`a Sefin Nacional respondeu ${status}.`);
    if (!json.nfseXmlGZipB64) throw new Error(AdnCliente.erros(json, status).map((e) => `${e.Codigo} ${e.Descricao}`).join('; '));
    return gunzipSync(Buffer.from(json.nfseXmlGZipB64, 'base64')).toString('utf8');
  }

  /**
   * GET /dps/{id}: the access key of the NFS-e the national system generated from this DPS, or null when it has none
   * (never received, or refused). What the recovery asks first for a DPS left 'transmitindo' by a crash.
   */
  async consultarDps(idDps: string): Promise<string | null> {
    const { status, json } = await this.pedir('GET', `/dps/${encodeURIComponent(idDps)}`);
    if (status === 404) return null;
    if (status >= 500) throw new AdnIndisponivelError(`a Sefin Nacional respondeu ${status}.`);
    const chave = String(json.chaveAcesso ?? '');
    if (status !== 200 || !/^\d{50}$/.test(chave)) throw new AdnIndisponivelError(`consulta da DPS ${idDps}: ${AdnCliente.erros(json, status).map((e) => `${e.Codigo} ${e.Descricao}`).join('; ')}`);
    return chave;
  }

  /** POST /nfse/{chave}/eventos with the signed pedido de registro de evento. */
  async evento(chave: string, pedidoAssinado: string): Promise<RespostaEvento> {
    const { status, json } = await this.pedir('POST', `/nfse/${encodeURIComponent(chave)}/eventos`, { pedidoRegistroEventoXmlGZipB64: gzipSync(Buffer.from(pedidoAssinado, 'utf8')).toString('base64') });
    if (status >= 500) throw new AdnIndisponivelError(`a Sefin Nacional respondeu ${status}.`);
    if ((status === 200 || status === 201) && json.eventoXmlGZipB64) return { registrado: true, eventoXml: gunzipSync(Buffer.from(json.eventoXmlGZipB64, 'base64')).toString('utf8') };
    return { registrado: false, erros: AdnCliente.erros(json, status) };
  }

  fechar(): void {
    this.agente.destroy();
  }
}

/**
 * A client for the destination of the setting. The local ADN answers homologação only: produção (tpAmb 1) with
 * NFSE_DESTINO=local is refused, so no note meant to have legal value is "authorised" by it.
 */
/** The setting checked before anything is numbered (no network): the local ADN refuses produção. */
export function conferirDestinoAdn(ambiente: 1 | 2, env: Ambiente = process.env): void {
  if (destinoNfseConfigurado(env) === 'local' && ambiente === 1) throw new Error('O ADN local só atende homologação (tpAmb 2). Para emitir NFS-e em produção, defina NFSE_DESTINO=real.');
}

export async function criarClienteAdn(certificado: Pick<CertificadoA1, 'privateKeyPem' | 'certPem'>, ambiente: 1 | 2, env: Ambiente = process.env): Promise<{ cliente: AdnCliente; local: AdnLocalProcesso | null }> {
  if (destinoNfseConfigurado(env) === 'real') {
    const url = env.NFSE_ADN_URL?.trim() || (ambiente === 1 ? URL_PRODUCAO : URL_HOMOLOGACAO);
    return { cliente: new AdnCliente(url, certificado), local: null };
  }
  if (ambiente === 1) throw new Error('O ADN local só atende homologação (tpAmb 2). Para emitir NFS-e em produção, defina NFSE_DESTINO=real.');
  const l = await adnLocal(env);
  return { cliente: new AdnCliente(l.url, certificado, l.adn.tls.cert), local: l.adn };
}
