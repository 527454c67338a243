import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { montarNfe, type NfeMontada } from './nfe.ts';
import type { Assinador } from './assinatura-xml.ts';
import type { Csc } from './qrcode-nfce.ts';
import { SefazIndisponivelError, ConsumoIndevidoError, autorizadorContingencia, type SefazCliente, type RetornoAutorizacao, type Retorno } from './sefaz-cliente.ts';
import { classificarEvento, classificarSefaz, type Desfecho } from './transmissao/classificar.ts';
import { consultarAposTempoEsgotado } from './transmissao/consulta.ts';
import { enviarEClassificar } from './transmissao/pipeline.ts';
import { etapasSefaz } from './transmissao/sefaz.ts';
import type { AjudaRejeicao } from './rejeicoes.ts';
import { montarEventoEpec, envelopeEventos } from './mensagens.ts';
import { campo } from './soap.ts';

/** Answers where SEFAZ did not judge the document (paralysed 108/109, consumo indevido 656): the pipeline's classification. */
const naoJulgada = (r: RetornoAutorizacao) => classificarSefaz(r).tipo === 'sem-resposta';

// The consultation by the key after a time-out lives with the transmission pipeline (one below this file); kept
// reachable from here for the emitters that import it with the contingency engine.
export { consultarAposTempoEsgotado, type SituacaoAposTempoEsgotado } from './transmissao/consulta.ts';

/** A document issued offline (NFC-e tpEmis 9) waiting for SEFAZ. */
export interface ItemFila {
  chave: string;
  xml: string;
  criadoEm: string;
  tentativas: number;
  situacao: 'pendente' | 'rejeitada';
  ultimoErro?: string;
  cStat?: string;
  ajuda?: AjudaRejeicao;
}

/** Where the queue lives. Offline notes are legal documents already handed to the consumer: never memory only in production. */
export interface ArmazemFila {
  salvar(item: ItemFila): Promise<void>;
  listar(): Promise<ItemFila[]>;
  remover(chave: string): Promise<void>;
}

export class ArmazemMemoria implements ArmazemFila {
  private itens = new Map<string, ItemFila>();
  async salvar(i: ItemFila) {
    this.itens.set(i.chave, { ...i });
  }
  async listar() {
    return [...this.itens.values()].sort((a, b) => a.criadoEm.localeCompare(b.criadoEm));
  }
  async remover(chave: string) {
    this.itens.delete(chave);
  }
}

/** One JSON file per document in a folder (the embedded mode's DATA_DIR). */
export class ArmazemArquivos implements ArmazemFila {
  constructor(private dir: string) {}
  async salvar(i: ItemFila) {
    await mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `${i.chave}.json.tmp`);
    await writeFile(tmp, JSON.stringify(i));
    const { rename } = await import('node:fs/promises');
    await rename(tmp, path.join(this.dir, `${i.chave}.json`));
  }
  async listar() {
    const nomes = await readdir(this.dir).catch(() => [] as string[]);
    const itens = await Promise.all(nomes.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(this.dir, n), 'utf8')) as ItemFila));
    return itens.sort((a, b) => a.criadoEm.localeCompare(b.criadoEm));
  }
  async remover(chave: string) {
    await rm(path.join(this.dir, `${chave}.json`), { force: true });
  }
}

export interface ResultadoTransmissao {
  autorizadas: { chave: string; nfeProc: string }[];
  rejeitadas: ItemFila[];
  pendentes: number;
}

export class FilaContingencia {
  constructor(private armazem: ArmazemFila, private aoAutorizar?: (chave: string, nfeProc: string) => Promise<void>) {}

  async enfileirar(m: NfeMontada): Promise<void> {
    await this.armazem.salvar({ chave: m.chave, xml: m.xml, criadoEm: new Date().toISOString(), tentativas: 0, situacao: 'pendente' });
  }

  listar() {
    return this.armazem.listar();
  }

  /**
   * Sends every pending document in issue order; stops at the first communication failure (SEFAZ is still down),
   * and also when the authorisation is still blocked by consumo indevido (656) or paralysed (108/109): the
   * document was not judged, so it stays pending instead of being marked rejected.
   */
  async transmitir(cliente: SefazCliente): Promise<ResultadoTransmissao> {
    const res: ResultadoTransmissao = { autorizadas: [], rejeitadas: [], pendentes: 0 };
    const itens = (await this.armazem.listar()).filter((i) => i.situacao === 'pendente');
    for (let k = 0; k < itens.length; k++) {
      const item = itens[k];
      // The transmission pipeline: send → classify (a duplicate settled by the consultation of this key).
      // Any failure to get an answer leaves the queue as it is (the document stays pending).
      const d = await enviarEClassificar(etapasSefaz(cliente, { chave: item.chave, xml: item.xml })).catch((e): Desfecho<RetornoAutorizacao> => ({ tipo: 'sem-resposta', motivo: (e as Error).message }));
      if (d.tipo === 'sem-resposta') {
        await this.armazem.salvar({ ...item, tentativas: item.tentativas + 1, ultimoErro: d.motivo });
        res.pendentes = itens.length - k;
        return res;
      }
      if (d.tipo === 'autorizada') {
        const nfeProc = d.retorno.nfeProc!;
        await this.aoAutorizar?.(item.chave, nfeProc);
        await this.armazem.remover(item.chave);
        res.autorizadas.push({ chave: item.chave, nfeProc });
      } else {
        const r = d.retorno;
        const rej: ItemFila = { ...item, tentativas: item.tentativas + 1, situacao: 'rejeitada', cStat: r.cStat, ultimoErro: r.xMotivo, ajuda: r.ajuda };
        await this.armazem.salvar(rej);
        res.rejeitadas.push(rej);
      }
    }
    return res;
  }
}

export type ResultadoEmissao =
  | { situacao: 'autorizada'; montada: NfeMontada; retorno: RetornoAutorizacao }
  | { situacao: 'rejeitada'; montada: NfeMontada; retorno: RetornoAutorizacao }
  | { situacao: 'contingencia'; montada: NfeMontada; motivo: string };

function agoraComFuso(ms = Date.now()): string {
  return new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19) + '-03:00';
}

/** dhCont of a note entering contingency at `desdeMs`: never after its dhEmi (rejection 558), so an earlier dhEmi is kept. */
function dhContingencia(dhEmi: string, desdeMs = Date.now()): string {
  return Date.parse(dhEmi) < desdeMs ? dhEmi : agoraComFuso(desdeMs);
}

/**
 * NFC-e: try SEFAZ; when it cannot be reached (or answers 108/109), issue the same sale offline with tpEmis 9
 * (new key, QR Code with digVal), queue it for later transmission, and hand it back to be printed now.
 *
 * Consumo indevido (656) on the authorisation service, answered now or still in force from an earlier answer
 * (ConsumoIndevidoError, thrown before anything is sent), goes the same way. The MOC (anexo I, NFC-e: "Emissão
 * em contingência off-line") allows tpEmis 9 whenever the NFC-e cannot be authorised in real time; a 656 is
 * exactly that: SEFAZ refuses to look at the document for about an hour, without judging it, and the consumer
 * cannot wait an hour at the till. The online key was not authorised (the batch was refused as a whole, no
 * protNFe), so issuing the same number offline does not double-issue; the queue transmits it once the block is
 * over (FilaContingencia.transmitir keeps it pending while the 656 lasts), within the MOC's deadline.
 */
export async function emitirNfce(
  doc: NfeDocumento,
  o: { cliente: SefazCliente; assinador: Assinador; csc: Csc; fila: FilaContingencia; justificativa?: string },
): Promise<ResultadoEmissao> {
  const online = montarNfe({ ...doc, ide: { ...doc.ide, tipoEmissao: 1, contingencia: undefined } }, o.assinador, { csc: o.csc });
  let motivo: string;
  try {
    const r = await o.cliente.autorizar(online.xml);
    if (!naoJulgada(r)) return { situacao: r.nfeProc ? 'autorizada' : 'rejeitada', montada: online, retorno: r };
    motivo = `${r.cStat} - ${r.xMotivo}`;
  } catch (e) {
    if (!(e instanceof SefazIndisponivelError) && !(e instanceof ConsumoIndevidoError)) throw e;
    motivo = e.message;
    if (e instanceof SefazIndisponivelError && e.tempoEsgotado) {
      const c = await consultarAposTempoEsgotado(o.cliente, online);
      if (c.situacao === 'autorizada') return { situacao: 'autorizada', montada: online, retorno: c.retorno };
      motivo = `${motivo} (${c.motivo})`;
    }
  }
  const offline = montarNfe(
    {
      ...doc,
      ide: {
        ...doc.ide,
        tipoEmissao: 9,
        // The online attempt may have taken seconds after dhEmi.
        contingencia: { dataHora: dhContingencia(doc.ide.dataEmissao), justificativa: o.justificativa ?? 'SEFAZ indisponivel para autorizacao on-line da NFC-e' },
      },
    },
    o.assinador,
    { csc: o.csc },
  );
  await o.fila.enfileirar(offline);
  return { situacao: 'contingencia', montada: offline, motivo };
}

export interface OpcoesEmissorNfe {
  /** client of the UF's normal authoriser */
  normal: SefazCliente;
  /** client of the contingency authoriser (destino with contingenciaSvc: true, or a local SEFAZ acting as SVC) */
  svc: SefazCliente;
  assinador: Assinador;
  /** UF of the issuer: chooses SVC-AN (tpEmis 6) or SVC-RS (tpEmis 7) from schemas/fiscal/sefaz-endpoints.json */
  uf: string;
  /** xJust (15 to 256 characters) */
  justificativa?: string;
  /**
   * client of the Ambiente Nacional for the EPEC (evento 110140): when the SVC is down too, the NF-e is issued with
   * tpEmis 4, the EPEC registered there, and the NF-e itself queued for the normal authoriser (transmitirEpec)
   */
  epec?: SefazCliente;
  /**
   * last resort when nothing answers (nor the EPEC): FS-DA, the NF-e with tpEmis 5 whose DANFE is printed on the
   * security form, queued like the EPEC ones for the normal authoriser
   */
  fsda?: boolean;
  /** while in contingency, how long before asking the normal authoriser's status again (default 5 minutes) */
  verificarRetornoMs?: number;
  agora?: () => number;
}

export interface ContingenciaSvc {
  autorizador: 'SVC-AN' | 'SVC-RS';
  tpEmis: 6 | 7;
  /** dhCont: when the contingency began */
  desde: string;
  motivo: string;
}

export type ResultadoEmissaoNfe =
  | {
      situacao: 'autorizada' | 'rejeitada';
      montada: NfeMontada;
      retorno: RetornoAutorizacao;
      contingencia?: ContingenciaSvc;
      /**
       * the normal-emission key sent before the switch whose fate is unknown (timeout, and the consultation failed
       * too): conferirPendentes() asks again once the normal authoriser is back; if it was authorised, one of the two
       * must be cancelled
       */
      chaveAConferir?: string;
    }
  /**
   * EPEC registered at the Ambiente Nacional (136): the DANFE may be printed with the EPEC protocol and the goods
   * leave; the NF-e (tpEmis 4, unchanged) must still be authorised by the normal authoriser (transmitirEpec)
   */
  | { situacao: 'epec'; montada: NfeMontada; procEventoNFe: string; protocolo: string; motivo: string }
  /** the Ambiente Nacional refused the EPEC */
  | { situacao: 'epec-rejeitado'; montada: NfeMontada; retorno: Retorno; motivo: string }
  /** FS-DA (tpEmis 5): print the DANFE on the security form; the NF-e waits for the normal authoriser (transmitirEpec) */
  | { situacao: 'fs-da'; montada: NfeMontada; motivo: string }
  /** neither the normal authoriser nor the SVC (nor the EPEC) answered: nothing was authorised, try again later */
  | { situacao: 'indisponivel'; motivo: string };

const falhaDeServico = (r: RetornoAutorizacao) => r.cStat === '108' || r.cStat === '109';

/**
 * NF-e (model 55) with automatic switch to the SVC: when the normal authoriser cannot be reached or answers
 * 108/109, the same sale is issued again with tpEmis 6 (SVC-AN) or 7 (SVC-RS), dhCont and xJust (new key, same
 * number: it was not authorised) and sent to the SVC. The emitter stays in contingency, sending straight to the
 * SVC, until the normal authoriser's status service answers 107 again (asked at most every verificarRetornoMs).
 */
export class EmissorNfe {
  private contingencia: (ContingenciaSvc & { ms: number }) | null = null;
  private proximaVerificacao = 0;
  private pendentes = new Map<string, NfeMontada>();
  private pendentesEpec = new Map<string, NfeMontada>();

  constructor(private o: OpcoesEmissorNfe) {}

  private agora() {
    return this.o.agora ? this.o.agora() : Date.now();
  }

  /** The contingency in force, if any. */
  get emContingencia(): ContingenciaSvc | null {
    if (!this.contingencia) return null;
    const { ms: _ms, ...c } = this.contingencia;
    return c;
  }

  private async normalVoltou(): Promise<boolean> {
    if (this.agora() < this.proximaVerificacao) return false;
    this.proximaVerificacao = this.agora() + (this.o.verificarRetornoMs ?? 300_000);
    try {
      return (await this.o.normal.statusServico()).cStat === '107';
    } catch (e) {
      if (e instanceof SefazIndisponivelError || e instanceof ConsumoIndevidoError) return false;
      throw e;
    }
  }

  /** Keys sent in normal emission whose answer never came and could not be consulted (see chaveAConferir). */
  get chavesAConferir(): string[] {
    return [...this.pendentes.keys()];
  }

  /**
   * Asks the normal authoriser about each pending key. Returns those it had authorised (with their nfeProc): the
   * same sale was also authorised in contingency, so one of them must be cancelled. Keys still unknown stay pending.
   */
  async conferirPendentes(): Promise<{ autorizadas: { chave: string; nfeProc: string }[]; ausentes: string[] }> {
    const res = { autorizadas: [] as { chave: string; nfeProc: string }[], ausentes: [] as string[] };
    for (const [chave, m] of this.pendentes) {
      const c = await consultarAposTempoEsgotado(this.o.normal, m);
      if (c.situacao === 'desconhecida') continue;
      this.pendentes.delete(chave);
      if (c.situacao === 'autorizada') res.autorizadas.push({ chave, nfeProc: c.retorno.nfeProc! });
      else res.ausentes.push(chave);
    }
    return res;
  }

  async emitir(doc: NfeDocumento): Promise<ResultadoEmissaoNfe> {
    if (doc.modelo !== 55) throw new Error('A contingência SVC é só da NF-e (modelo 55); a NFC-e usa a contingência off-line (emitirNfce).');
    if (this.contingencia && (await this.normalVoltou())) this.contingencia = null;
    let chaveAConferir: string | undefined;
    if (!this.contingencia) {
      const normal = montarNfe({ ...doc, ide: { ...doc.ide, tipoEmissao: 1, contingencia: undefined } }, this.o.assinador);
      let motivo: string;
      try {
        const r = await this.o.normal.autorizar(normal.xml);
        if (!falhaDeServico(r)) return { situacao: r.nfeProc ? 'autorizada' : 'rejeitada', montada: normal, retorno: r };
        motivo = `${r.cStat} - ${r.xMotivo}`;
      } catch (e) {
        // A 656 still in force: nothing was sent. The SVC is for an authoriser that is down, not for one that
        // refuses this CNPJ for a while, so the NF-e waits (the goods may leave with the NF-e issued later).
        if (e instanceof ConsumoIndevidoError) return { situacao: 'indisponivel', motivo: e.message };
        if (!(e instanceof SefazIndisponivelError)) throw e;
        motivo = e.message;
        if (e.tempoEsgotado) {
          // The answer did not come, but the NF-e may be authorised: consult before issuing it again (MOC 4.01, contingência).
          const c = await consultarAposTempoEsgotado(this.o.normal, normal);
          if (c.situacao === 'autorizada') return { situacao: 'autorizada', montada: normal, retorno: c.retorno };
          if (c.situacao === 'desconhecida') {
            this.pendentes.set(normal.chave, normal);
            chaveAConferir = normal.chave;
          }
          motivo = `${motivo} (${c.motivo})`;
        }
      }
      const autorizador = autorizadorContingencia(this.o.uf);
      const ms = this.agora();
      this.contingencia = { autorizador, tpEmis: autorizador === 'SVC-AN' ? 6 : 7, desde: agoraComFuso(ms), motivo, ms };
      this.proximaVerificacao = ms + (this.o.verificarRetornoMs ?? 300_000);
    }
    const c = this.contingencia;
    // A sale dated before the switch carries its own time.
    const dhCont = dhContingencia(doc.ide.dataEmissao, c.ms);
    // xJust: Latin-1 text without line breaks (layout TString), 15 to 256 characters.
    const justificativa = (this.o.justificativa ?? `Autorizador normal da NF-e indisponivel (${c.motivo})`)
      .replace(/[^ -\u00ff]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 256).padEnd(15, '.');
    const svc = montarNfe({ ...doc, ide: { ...doc.ide, tipoEmissao: c.tpEmis, contingencia: { dataHora: dhCont, justificativa } } }, this.o.assinador);
    let motivoSvc: string;
    try {
      const r = await this.o.svc.autorizar(svc.xml);
      if (!falhaDeServico(r)) return { situacao: r.nfeProc ? 'autorizada' : 'rejeitada', montada: svc, retorno: r, contingencia: this.emContingencia!, chaveAConferir };
      motivoSvc = `${c.motivo}; ${c.autorizador}: ${r.cStat} - ${r.xMotivo}`;
    } catch (e) {
      if (!(e instanceof SefazIndisponivelError) && !(e instanceof ConsumoIndevidoError)) throw e;
      motivoSvc = `${c.motivo}; ${c.autorizador}: ${e.message}`;
    }
    if (this.o.epec) {
      const r = await this.emitirEpec(doc, motivoSvc, justificativa, dhCont);
      if (r.situacao !== 'indisponivel' || !this.o.fsda) return r;
      motivoSvc = r.motivo;
    }
    if (!this.o.fsda) return { situacao: 'indisponivel', motivo: motivoSvc };
    const m = montarNfe({ ...doc, ide: { ...doc.ide, tipoEmissao: 5, contingencia: { dataHora: dhCont, justificativa } } }, this.o.assinador);
    this.pendentesEpec.set(m.chave, m);
    return { situacao: 'fs-da', montada: m, motivo: motivoSvc };
  }

  /**
   * EPEC: the NF-e with tpEmis 4 (new key, same number), its event 110140 to the Ambiente Nacional; once
   * registered (136) the NF-e waits for the normal authoriser in the EPEC queue.
   */
  private async emitirEpec(doc: NfeDocumento, motivo: string, justificativa: string, dhCont: string): Promise<ResultadoEmissaoNfe> {
    const m = montarNfe({ ...doc, ide: { ...doc.ide, tipoEmissao: 4, contingencia: { dataHora: dhCont, justificativa } } }, this.o.assinador);
    const evento = montarEventoEpec(m.calculo, agoraComFuso(this.agora()), this.o.assinador);
    try {
      const r = await this.o.epec!.enviarEventos(envelopeEventos(Date.now(), [evento]));
      const e = r.eventos[0];
      // The pipeline's classification of an event: registered (136 for an EPEC) or not judged (108/109/656: SEFAZ down).
      const d = e ? classificarEvento('evento', { cStat: e.cStat, xMotivo: e.xMotivo, proc: e.procEventoNFe, protocolo: null }) : null;
      if (d?.tipo === 'sem-resposta') return { situacao: 'indisponivel', motivo: `${motivo}; EPEC: ${d.motivo}` };
      if (d?.tipo === 'autorizada' && e.procEventoNFe) {
        this.pendentesEpec.set(m.chave, m);
        return { situacao: 'epec', montada: m, procEventoNFe: e.procEventoNFe, protocolo: campo(e.xml, 'nProt') ?? '', motivo };
      }
      return { situacao: 'epec-rejeitado', montada: m, retorno: e ?? r, motivo };
    } catch (err) {
      if (!(err instanceof SefazIndisponivelError) && !(err instanceof ConsumoIndevidoError)) throw err;
      return { situacao: 'indisponivel', motivo: `${motivo}; EPEC: ${err.message}` };
    }
  }

  /** NF-e issued under EPEC (tpEmis 4) or FS-DA (tpEmis 5) still waiting for the normal authoriser. */
  get pendentesDeEpec(): string[] {
    return [...this.pendentesEpec.keys()];
  }

  /**
   * Sends every NF-e issued under EPEC or FS-DA, unchanged (tpEmis 4 or 5), to the normal authoriser; stops at the first
   * communication failure. A rejected one stays listed with its answer: it must be corrected and sent again
   * within 168 hours.
   */
  async transmitirEpec(): Promise<{ autorizadas: { chave: string; nfeProc: string }[]; rejeitadas: { chave: string; retorno: RetornoAutorizacao }[]; pendentes: number }> {
    const res = { autorizadas: [] as { chave: string; nfeProc: string }[], rejeitadas: [] as { chave: string; retorno: RetornoAutorizacao }[], pendentes: 0 };
    for (const [chave, m] of this.pendentesEpec) {
      // The transmission pipeline, with the key the EPEC registered: a duplicate (an earlier send whose answer was
      // lost) adopted from the consultation of this key, never another key.
      const d = await enviarEClassificar(etapasSefaz(this.o.normal, m));
      if (d.tipo === 'sem-resposta') {
        res.pendentes = this.pendentesEpec.size;
        return res;
      }
      if (d.tipo === 'autorizada') {
        this.pendentesEpec.delete(chave);
        res.autorizadas.push({ chave, nfeProc: d.retorno.nfeProc! });
      } else res.rejeitadas.push({ chave, retorno: d.retorno });
    }
    res.pendentes = this.pendentesEpec.size;
    return res;
  }
}
