import path from 'node:path';
import { SefazCliente, type Destino, type OpcoesCliente } from './sefaz-cliente.ts';
import { aoEsquecerEstado } from '../estado-do-processo.ts';
import type { Servico } from './soap.ts';

/**
 * Where the SEFAZ client talks to, from the setting SEFAZ_DESTINO:
 * - `local` (the default): the local SEFAZ, started inside this process on a loopback port the first time a client is
 *   created, homologação only. The demo and development use it; nothing leaves the machine. This module does not know
 *   the stand-in: app.ts registers its factory (registrarSefazLocal, from src/server/stand-ins/registrar.ts).
 * - `real`: the authorisers' real endpoints of schemas/fiscal/sefaz-endpoints.json (produção or homologação, by tpAmb).
 */
export type DestinoConfigurado = 'local' | 'real';

type Ambiente = Record<string, string | undefined>;

export function destinoConfigurado(env: Ambiente = process.env): DestinoConfigurado {
  const v = (env.SEFAZ_DESTINO ?? '').trim().toLowerCase();
  if (v === '' || v === 'local') return 'local';
  if (v === 'real') return 'real';
  throw new Error(`SEFAZ_DESTINO='${env.SEFAZ_DESTINO}' não é válido: use 'local' (SEFAZ local de homologação, o padrão) ou 'real' (os autorizadores da SEFAZ).`);
}

export interface OpcoesDestino {
  env?: Ambiente;
  /** where the local SEFAZ keeps its state (authorised, cancelled and inutilised numbers): DATA_DIR/sefaz-local */
  dataDir?: string;
}

/**
 * What this module needs of a local SEFAZ. The stand-in (src/server/stand-ins/sefaz-local.ts) widens this interface to
 * its own class by declaration merging, so tests and operations reach the whole stand-in through sefazLocalEmExecucao.
 */
export interface SefazLocalProcesso {
  iniciar(porta?: number, o?: { manterProcesso?: boolean }): Promise<string>;
  parar(): Promise<void>;
  readonly tls: { key: string; cert: string };
  lentidao: { ms: number; servicos?: Servico[]; processa: boolean } | null;
}
/** Options a local SEFAZ is created with (its state file; an SVC's role and the normal authoriser it shares with; the AN). */
export interface OpcoesSefazLocalProcesso {
  arquivoEstado?: string;
  svc?: 'SVC-AN' | 'SVC-RS';
  repassarPara?: SefazLocalProcesso;
  ambienteNacional?: SefazLocalProcesso;
}
type FabricaSefazLocal = (o: OpcoesSefazLocalProcesso) => SefazLocalProcesso;
let fabrica: FabricaSefazLocal | null = null;
/** Start-up (app.ts) and test support register the local SEFAZ stand-in here; production code imports none. */
export function registrarSefazLocal(f: FabricaSefazLocal): void {
  fabrica = f;
}
function novaSefazLocal(o: OpcoesSefazLocalProcesso): SefazLocalProcesso {
  if (!fabrica) throw new Error('SEFAZ_DESTINO=local, mas nenhuma SEFAZ local foi registrada (registrarSefazLocal): defina SEFAZ_DESTINO=real.');
  return fabrica(o);
}

let local: Promise<{ sefaz: SefazLocalProcesso; destino: Destino }> | null = null;
/** Options of the normal local SEFAZ: the Ambiente Nacional it checks EPECs against is attached when started. */
let opcoesNormal: OpcoesSefazLocalProcesso | null = null;
/** The local stand-ins of the contingency authorisers (SVC-AN, SVC-RS) and of the Ambiente Nacional (EPEC). */
const extras = new Map<PapelContingencia, Promise<{ sefaz: SefazLocalProcesso; destino: Destino }>>();
export type PapelContingencia = 'SVC-AN' | 'SVC-RS' | 'AN';

/**
 * The destination the setting selects. For `local` the local SEFAZ is started once per process on 127.0.0.1
 * (port SEFAZ_LOCAL_PORTA, default a free one), its state kept in DATA_DIR/sefaz-local/estado.json, and its listening
 * socket does not keep the process alive.
 */
export async function destinoSefaz(o: OpcoesDestino = {}): Promise<Destino> {
  const env = o.env ?? process.env;
  if (destinoConfigurado(env) === 'real') return { tipo: 'sefaz' };
  local ??= (async () => {
    const dataDir = path.resolve(o.dataDir ?? env.DATA_DIR ?? './data');
    opcoesNormal = { arquivoEstado: path.join(dataDir, 'sefaz-local', 'estado.json') };
    const sefaz = novaSefazLocal(opcoesNormal);
    const porta = Number(env.SEFAZ_LOCAL_PORTA ?? 0);
    if (!Number.isInteger(porta) || porta < 0 || porta > 65535) throw new Error(`SEFAZ_LOCAL_PORTA='${env.SEFAZ_LOCAL_PORTA}' não é uma porta válida.`);
    const baseUrl = await sefaz.iniciar(porta, { manterProcesso: false });
    // A stand-in delay on the authorisation (crash tests of a real server process, where no test code reaches the
    // in-process SEFAZ): SEFAZ_LOCAL_LENTIDAO_MS holds each answer that long; SEFAZ_LOCAL_LENTIDAO_PROCESSA=1 processes
    // (and records) the note first, so a kill in the window leaves it authorised at SEFAZ and unknown to the ERP;
    // SEFAZ_LOCAL_LENTIDAO_SERVICOS (comma-separated, default NFeAutorizacao4) names the slow web services.
    const lentidao = Number(env.SEFAZ_LOCAL_LENTIDAO_MS ?? 0);
    // SEFAZ_LOCAL_LENTIDAO_SERVICOS (comma-separated, default NFeAutorizacao4) names the services held (events: NFeRecepcaoEvento4).
    const servicosLentos = (env.SEFAZ_LOCAL_LENTIDAO_SERVICOS || 'NFeAutorizacao4').split(',').map((x) => x.trim()).filter(Boolean) as Servico[];
    if (lentidao > 0) sefaz.lentidao = { ms: lentidao, servicos: servicosLentos, processa: env.SEFAZ_LOCAL_LENTIDAO_PROCESSA === '1' };
    return { sefaz, destino: { tipo: 'local', baseUrl, ca: sefaz.tls.cert } };
  })();
  try {
    return (await local).destino;
  } catch (e) {
    local = null;
    throw e;
  }
}

/** The local SEFAZ this process started, if any (tests and operations); `papel` names a contingency stand-in. */
export async function sefazLocalEmExecucao(papel?: PapelContingencia): Promise<SefazLocalProcesso | null> {
  if (papel) {
    const e = extras.get(papel);
    return e ? (await e).sefaz : null;
  }
  return local ? (await local).sefaz : null;
}

/**
 * Where the contingency goes: the SVC of the UF (SVC-AN or SVC-RS) or the Ambiente Nacional (EPEC). For `real` the
 * endpoints of schemas/fiscal/sefaz-endpoints.json (the EPEC, cOrgao 91, is routed to the AN by the client itself);
 * for `local` a second local SEFAZ acting as that authoriser, started on first use: an SVC shares what it authorises
 * with the normal local SEFAZ, and the normal one checks NF-e with tpEmis 4 against the local AN's EPECs.
 */
export async function destinoContingencia(papel: PapelContingencia, o: OpcoesDestino = {}): Promise<Destino> {
  const env = o.env ?? process.env;
  if (destinoConfigurado(env) === 'real') return { tipo: 'sefaz', contingenciaSvc: papel !== 'AN' };
  await destinoSefaz(o);
  const normal = (await local!).sefaz;
  let e = extras.get(papel);
  if (!e) {
    e = (async () => {
      const dataDir = path.resolve(o.dataDir ?? env.DATA_DIR ?? './data');
      const arquivoEstado = path.join(dataDir, 'sefaz-local', `${papel.toLowerCase()}.json`);
      const sefaz = novaSefazLocal(papel === 'AN' ? { arquivoEstado } : { arquivoEstado, svc: papel, repassarPara: normal });
      const baseUrl = await sefaz.iniciar(0, { manterProcesso: false });
      if (papel === 'AN' && opcoesNormal) opcoesNormal.ambienteNacional = sefaz;
      return { sefaz, destino: { tipo: 'local' as const, baseUrl, ca: sefaz.tls.cert } };
    })();
    extras.set(papel, e);
  }
  try {
    return (await e).destino;
  } catch (err) {
    extras.delete(papel);
    throw err;
  }
}

/** A client of a contingency authoriser (see destinoContingencia); produção with the local SEFAZ is refused as usual. */
export async function criarClienteContingencia(papel: PapelContingencia, o: Omit<OpcoesCliente, 'destino'>, opcoes: OpcoesDestino = {}): Promise<SefazCliente> {
  const env = opcoes.env ?? process.env;
  if (destinoConfigurado(env) === 'local' && o.tpAmb === 1) {
    throw new Error('A SEFAZ local só atende homologação (tpAmb 2). Para emitir em produção, defina SEFAZ_DESTINO=real.');
  }
  return new SefazCliente({ ...o, destino: await destinoContingencia(papel, opcoes) });
}

/** Stops the in-process local SEFAZ (server shutdown, tests). */
export async function pararSefazLocal(): Promise<void> {
  const l = local;
  local = null;
  opcoesNormal = null;
  const outros = [...extras.values()];
  extras.clear();
  for (const e of outros) await (await e.catch(() => null))?.sefaz.parar();
  if (l) await (await l).sefaz.parar();
}
aoEsquecerEstado(pararSefazLocal);

/**
 * A SEFAZ client for the destination of the setting. The local SEFAZ answers homologação only: a client for
 * produção (tpAmb 1) with SEFAZ_DESTINO=local is refused, so a note meant to have legal value is never "authorised"
 * by it.
 */
export async function criarClienteSefaz(o: Omit<OpcoesCliente, 'destino'>, opcoes: OpcoesDestino = {}): Promise<SefazCliente> {
  const env = opcoes.env ?? process.env;
  if (destinoConfigurado(env) === 'local' && o.tpAmb === 1) {
    throw new Error('A SEFAZ local só atende homologação (tpAmb 2). Para emitir em produção, defina SEFAZ_DESTINO=real.');
  }
  return new SefazCliente({ ...o, destino: await destinoSefaz(opcoes) });
}
