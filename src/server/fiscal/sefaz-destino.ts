import path from 'node:path';
import { SefazLocal } from '../stand-ins/sefaz-local.ts';
import { SefazCliente, type Destino, type OpcoesCliente } from './sefaz-cliente.ts';

/**
 * Where the SEFAZ client talks to, from the setting SEFAZ_DESTINO:
 * - `local` (the default): the local SEFAZ (src/server/stand-ins/sefaz-local.ts), started inside this process on a loopback port the first
 *   time a client is created, homologação only. The demo and development use it; nothing leaves the machine.
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

let local: Promise<{ sefaz: SefazLocal; destino: Destino }> | null = null;

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
    const sefaz = new SefazLocal({ arquivoEstado: path.join(dataDir, 'sefaz-local', 'estado.json') });
    const porta = Number(env.SEFAZ_LOCAL_PORTA ?? 0);
    if (!Number.isInteger(porta) || porta < 0 || porta > 65535) throw new Error(`SEFAZ_LOCAL_PORTA='${env.SEFAZ_LOCAL_PORTA}' não é uma porta válida.`);
    const baseUrl = await sefaz.iniciar(porta, { manterProcesso: false });
    return { sefaz, destino: { tipo: 'local', baseUrl, ca: sefaz.tls.cert } };
  })();
  try {
    return (await local).destino;
  } catch (e) {
    local = null;
    throw e;
  }
}

/** The local SEFAZ this process started, if any (tests and operations). */
export async function sefazLocalEmExecucao(): Promise<SefazLocal | null> {
  return local ? (await local).sefaz : null;
}

/** Stops the in-process local SEFAZ (server shutdown, tests). */
export async function pararSefazLocal(): Promise<void> {
  const l = local;
  local = null;
  if (l) await (await l).sefaz.parar();
}

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
