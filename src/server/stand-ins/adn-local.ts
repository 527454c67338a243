import { createPrivateKey, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { certificadoServidorLocal, GravadorEstado, lerEstado, ServidorTls } from './servidor-tls.ts';
import { validarXsd } from '../fiscal/validacao-xsd.ts';
import { assinarXml, verificarAssinatura, type Assinador } from '../fiscal/assinatura-xml.ts';
import { documentoDoCertificado } from '../fiscal/certificado.ts';
import { g, t, tx } from '../../shared/fiscal/xml-writer.ts';
import { NS_NFSE, VERSAO_NFSE, chaveNfse, chaveNfseValida, dataHoraBrasil, esquemaDps } from '../nfse/dps.ts';
import { descricaoServicoNacional } from '../nfse/servicos-nacionais.ts';
import type { ErroAdn } from '../nfse/adn-cliente.ts';
import Decimal from 'decimal.js';
import { aliquotasIbsCbsVigentes } from '../../shared/fiscal/ibscbs.ts';
import { tabelasDasAutoridades } from './tabelas-ibscbs.ts';

/**
 * The Sefin Nacional / ADN of the NFS-e national standard for homologação and tests: the same REST protocol
 * (JSON over HTTPS with the client's certificate; the DPS gzipped + base64 in `dpsXmlGZipB64`), the checks the
 * national system makes before it numbers a note (decompression, XSD of layout 1.00, signature, certificate of
 * the prestador, environment, duplicated DPS, the national service code, the ISS rate), answers in its shape
 * (`erros: [{ Codigo, Descricao, Complemento }]`) and state: NFS-e numbered per issuer, events.
 *
 * Error codes: E1226 and E2406 are the national system's own (seen in its answers); the others follow its
 * numbering style and are this simulator's table (ERROS below).
 */

const VER_APLIC = 'ADN-LOCAL-1.0';
const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const ERROS = {
  E1226: 'Estrutura descompactada mal formada.',
  E1235: 'Falha no esquema XML da DPS.',
  E0714: 'Assinatura digital da DPS inválida.',
  E0715: 'O certificado digital usado na conexão não é do prestador (CNPJ base diferente).',
  E0002: 'Ambiente de homologação (produção restrita): o ambiente da DPS (tpAmb) deve ser 2.',
  E0008: 'A data e hora de emissão da DPS não pode ser posterior à data e hora de processamento.',
  E0014: 'Conjunto de Série e Número da DPS já existente para o prestador.',
  E0160: 'Prestador não cadastrado no Cadastro Nacional de Contribuintes (CNC) do município emissor.',
  E0310: 'Código de tributação nacional (cTribNac) inexistente na lista nacional de serviços.',
  E0625: 'Alíquota do ISSQN (pAliq) fora da faixa permitida: mínima de 2,00% e máxima de 5,00% (LC 116/2003, arts. 8 e 8-A).',
  E2406: 'A chave de acesso consultada deve conter 50 números.',
  E2404: 'NFS-e não encontrada para a chave de acesso informada.',
  E1805: 'Pedido de registro de evento inválido: estrutura, esquema ou assinatura.',
  E1830: 'NFS-e já cancelada.',
  E1833: 'O autor do evento não é o emitente da NFS-e.',
} as const;
export type CodigoErro = keyof typeof ERROS;

export type { ErroAdn };

declare module '../nfse/adn-cliente.ts' {
  /** The local ADN registered in adn-cliente is this class (tests reach its whole surface through adnLocal()). */
  interface AdnLocalProcesso extends AdnLocal {}
}

/** What the CNC (cadastro nacional de contribuintes) knows of a prestador: the NFS-e's emit comes from here. */
export interface Contribuinte {
  cnpj: string;
  nome: string;
  fantasia?: string;
  inscricaoMunicipal?: string;
  endereco: { logradouro: string; numero: string; bairro: string; codigoMunicipio: string; uf: string; cep: string };
}

interface NotaAdn {
  chave: string;
  idDps: string;
  cnpj: string;
  numero: number;
  nfse: string;
  situacao: 'autorizada' | 'cancelada';
  eventos: string[];
}

interface Estado {
  versao: 1;
  notas: NotaAdn[];
  seq: [string, number][];
  nDFSe: number;
  contribuintes: Contribuinte[];
}

export interface OpcoesAdnLocal {
  arquivoEstado?: string;
  agora?: () => number;
  /** minutes of tolerance for a dhEmi in the future (E0008) */
  toleranciaFuturoMin?: number;
}

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
type Obj = Record<string, any>;


let municipios: Map<string, { nome: string; uf: string }> | null = null;
function nomeMunicipio(codigo: string): string {
  municipios ??= new Map(
    (JSON.parse(readFileSync(path.join(RAIZ, 'schemas/lookups/municipio.json'), 'utf8')).items as { value: number; label: string; uf: string }[]).map((m) => [String(m.value), { nome: m.label, uf: m.uf }]),
  );
  const m = municipios.get(codigo);
  return m ? `${m.nome} - ${m.uf}` : codigo;
}

const erro = (codigo: CodigoErro, complemento?: string): ErroAdn => ({ Codigo: codigo, Descricao: ERROS[codigo], ...(complemento ? { Complemento: complemento.slice(0, 2000) } : {}) });

export class AdnLocal {
  private servidor?: ServidorTls;
  private notas = new Map<string, NotaAdn>();
  private porDps = new Map<string, string>();
  private seq = new Map<string, number>();
  private nDFSe = 0;
  private contribuintes = new Map<string, Contribuinte>();
  private readonly gravador = new GravadorEstado();
  readonly tls = certificadoServidorLocal('ADN local de homologacao', '02');
  /** the NFS-e are signed by the national system with its own key */
  private readonly assinador: Assinador = {
    certBase64: this.tls.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''),
    chavePrivada: createPrivateKey(this.tls.key),
  };
  /** requests received per route (tests) */
  readonly chamadas = new Map<string, number>();
  /**
   * A slow national system (tests): each issue (POST /nfse) is held `ms`; with `processa` the DPS is authorised and
   * recorded first and only the answer waits, so the caller may die with the note authorised here and unknown to it.
   * `rotas` names what is slow: 'emitir' (the default) and/or 'evento' (the cancellation, e101101, the same way).
   */
  lentidao: { ms: number; processa: boolean; rotas?: ('emitir' | 'evento')[] } | null = null;

  constructor(private op: OpcoesAdnLocal = {}) {}

  /**
   * How far the national system's clock runs behind this machine's (tests of a refusal: a DPS issued "now" here is in
   * the ADN's future, refused E0008 by its own rule).
   */
  relogioAtrasadoMs = 0;

  private agora() {
    return (this.op.agora ? this.op.agora() : Date.now()) - this.relogioAtrasadoMs;
  }

  get url(): string {
    const porta = this.servidor?.porta;
    if (!porta) throw new Error('ADN local não iniciado.');
    return `https://127.0.0.1:${porta}/SefinNacional`;
  }

  /** The CNC: a prestador must be registered (by its municipality) before it issues. */
  cadastrarContribuinte(c: Contribuinte): void {
    const atual = this.contribuintes.get(c.cnpj);
    if (atual && JSON.stringify(atual) === JSON.stringify(c)) return;
    this.contribuintes.set(c.cnpj, c);
    void this.gravarEstado();
  }

  async carregarEstado(): Promise<void> {
    const e = await lerEstado<Estado>(this.op.arquivoEstado);
    if (!e) return;
    this.notas = new Map(e.notas.map((n) => [n.chave, n]));
    this.porDps = new Map(e.notas.map((n) => [n.idDps, n.chave]));
    this.seq = new Map(e.seq);
    this.nDFSe = e.nDFSe;
    this.contribuintes = new Map(e.contribuintes.map((c) => [c.cnpj, c]));
  }

  private async gravarEstado(): Promise<void> {
    const arq = this.op.arquivoEstado;
    if (!arq) return;
    const texto = JSON.stringify({ versao: 1, notas: [...this.notas.values()], seq: [...this.seq], nDFSe: this.nDFSe, contribuintes: [...this.contribuintes.values()] } satisfies Estado);
    await this.gravador.gravar(arq, texto);
  }

  async iniciar(porta = 0, o: { manterProcesso?: boolean } = {}): Promise<string> {
    await this.carregarEstado();
    this.servidor = new ServidorTls(
      { key: this.tls.key, cert: this.tls.cert },
      async (p) => {
        const [status, corpo] = await this.atender(p.metodo, p.url, p.corpo, p.certificado);
        return { status, tipo: 'application/json; charset=utf-8', corpo: JSON.stringify(corpo) };
      },
      (e) => ({ status: 500, tipo: 'application/json; charset=utf-8', corpo: JSON.stringify({ erro: { codigo: 'E9999', descricao: String(e.message) } }) }),
    );
    await this.servidor.iniciar(porta, o.manterProcesso !== false);
    return this.url;
  }

  async parar(): Promise<void> {
    await this.servidor?.parar();
  }

  private base(): Obj {
    return { tipoAmbiente: 2, versaoAplicativo: VER_APLIC, dataHoraProcessamento: dataHoraBrasil(new Date(this.agora())) };
  }

  private async atender(metodo: string, url: string, corpo: string, cert: { raw?: Buffer } | null): Promise<[number, Obj]> {
    if (!cert?.raw) return [403, { ...this.base(), erro: { codigo: 'E0003', descricao: 'Certificado digital do cliente obrigatório (TLS mútuo).' } }];
    let titular: string | null = null;
    try {
      titular = documentoDoCertificado(cert.raw).cnpj;
    } catch {
      titular = null;
    }
    const rota = url.replace(/\?.*$/, '').replace(/^\/SefinNacional/, '');
    let m: RegExpExecArray | null;
    const conta = (nome: string) => this.chamadas.set(nome, (this.chamadas.get(nome) ?? 0) + 1);
    if (metodo === 'POST' && rota === '/nfse') {
      conta('emitir');
      const lento = this.lentidao && (this.lentidao.rotas ?? ['emitir']).includes('emitir') ? this.lentidao : null;
      if (!lento) return this.emitir(corpo, titular);
      const espera = () => new Promise<void>((r) => setTimeout(r, lento.ms).unref?.());
      if (lento.processa) {
        const resposta = await this.emitir(corpo, titular);
        await espera();
        return resposta;
      }
      await espera();
      return this.emitir(corpo, titular);
    }
    if (metodo === 'GET' && (m = /^\/nfse\/([^/]+)$/.exec(rota))) {
      conta('consultar');
      const chave = decodeURIComponent(m[1]);
      if (!/^\d{50}$/.test(chave)) return [400, { ...this.base(), erro: { codigo: 'E2406', descricao: ERROS.E2406 } }];
      const n = this.notas.get(chave);
      if (!n) return [404, { ...this.base(), erro: { codigo: 'E2404', descricao: ERROS.E2404 } }];
      return [200, { ...this.base(), chaveAcesso: n.chave, nfseXmlGZipB64: gzipSync(n.nfse).toString('base64') }];
    }
    if (metodo === 'GET' && (m = /^\/dps\/([^/]+)$/.exec(rota))) {
      conta('consultarDps');
      const chave = this.porDps.get(decodeURIComponent(m[1]));
      if (!chave) return [404, { ...this.base(), erro: { codigo: 'E2404', descricao: 'DPS não encontrada.' } }];
      return [200, { ...this.base(), idDps: m[1], chaveAcesso: chave }];
    }
    if (metodo === 'POST' && (m = /^\/nfse\/([^/]+)\/eventos$/.exec(rota))) {
      conta('evento');
      const lento = this.lentidao && (this.lentidao.rotas ?? ['emitir']).includes('evento') ? this.lentidao : null;
      if (!lento) return this.evento(decodeURIComponent(m[1]), corpo, titular);
      const espera = () => new Promise<void>((r) => setTimeout(r, lento.ms).unref?.());
      if (lento.processa) {
        const resposta = await this.evento(decodeURIComponent(m[1]), corpo, titular);
        await espera();
        return resposta;
      }
      await espera();
      return this.evento(decodeURIComponent(m[1]), corpo, titular);
    }
    return [404, { ...this.base(), erro: { codigo: 'E0404', descricao: `Recurso não encontrado: ${metodo} ${url}` } }];
  }

  private descompactar(corpo: string, campo: string): string | null {
    try {
      const j = JSON.parse(corpo) as Obj;
      if (typeof j[campo] !== 'string') return null;
      return gunzipSync(Buffer.from(j[campo], 'base64')).toString('utf8');
    } catch {
      return null;
    }
  }

  private falha(erros: ErroAdn[], idDps?: string): [number, Obj] {
    return [400, { ...this.base(), ...(idDps ? { idDPS: idDps } : {}), erros }];
  }

  private async emitir(corpo: string, titular: string | null): Promise<[number, Obj]> {
    const dps = this.descompactar(corpo, 'dpsXmlGZipB64');
    if (!dps || !/<(?:\w+:)?DPS[\s>]/.test(dps)) return this.falha([erro('E1226')]);
    // The DPS's versao picks the layout (1.01: with the IBSCBS group); the NFS-e is issued in the same version.
    const versaoDps = /<(?:\w+:)?DPS\b[^>]*\bversao="([^"]+)"/.exec(dps)?.[1] ?? VERSAO_NFSE;
    const esquema = esquemaDps(versaoDps);
    const xsd = await validarXsd(dps, esquema.arquivo, esquema.pacote);
    if (!xsd.valido) return this.falha([erro('E1235', xsd.erros.map((e) => `${e.caminho}: ${e.mensagem}`).join(' | '))]);
    const inf = (parser.parse(dps) as Obj).DPS.infDPS as Obj;
    const idDps = String(inf['@_Id']);
    if (!/<(?:\w+:)?Signature[\s>]/.test(dps)) return this.falha([erro('E0714', 'A DPS não está assinada.')], idDps);
    const a = verificarAssinatura(dps);
    if (!a.valida || a.referencia !== `#${idDps}`) return this.falha([erro('E0714', a.motivo ?? 'A assinatura não se refere a infDPS.')], idDps);
    const prest = inf.prest as Obj;
    const cnpj = String(prest.CNPJ ?? '');
    const erros: ErroAdn[] = [];
    if (!titular || titular.slice(0, 8) !== cnpj.slice(0, 8)) erros.push(erro('E0715', `Certificado: ${titular ?? 'sem CNPJ'}; prestador: ${cnpj}.`));
    if (String(inf.tpAmb) !== '2') erros.push(erro('E0002'));
    const dh = Date.parse(String(inf.dhEmi));
    if (dh > this.agora() + (this.op.toleranciaFuturoMin ?? 5) * 60_000) erros.push(erro('E0008', `dhEmi ${inf.dhEmi}.`));
    if (this.porDps.has(idDps)) erros.push(erro('E0014', `Série ${inf.serie}, número ${inf.nDPS}: NFS-e ${this.porDps.get(idDps)}.`));
    const contrib = this.contribuintes.get(cnpj);
    if (!contrib) erros.push(erro('E0160', `CNPJ ${cnpj}.`));
    const cServ = (inf.serv as Obj).cServ as Obj;
    const cTrib = String(cServ.cTribNac);
    const xTribNac = descricaoServicoNacional(cTrib);
    if (!xTribNac) erros.push(erro('E0310', `cTribNac ${cTrib}.`));
    const tribMun = ((inf.valores as Obj).trib as Obj).tribMun as Obj;
    if (tribMun.pAliq !== undefined && (Number(tribMun.pAliq) < 2 || Number(tribMun.pAliq) > 5)) erros.push(erro('E0625', `pAliq ${tribMun.pAliq}.`));
    if (erros.length) return this.falha(erros, idDps);

    const numero = (this.seq.get(cnpj) ?? 0) + 1;
    this.seq.set(cnpj, numero);
    this.nDFSe++;
    const agora = new Date(this.agora());
    const aamm = dataHoraBrasil(agora).slice(2, 7).replace('-', '');
    const cLocEmi = String(inf.cLocEmi);
    const chave = chaveNfse({ municipio: cLocEmi, ambGer: 2, documento: cnpj, numero, aamm, codigo: String(randomInt(1, 999_999_999)) });
    const locPrest = String((inf.serv as Obj).locPrest?.cLocPrestacao ?? cLocEmi);
    const vServ = String((inf.valores as Obj).vServPrest.vServ);
    const vDesc = String((inf.valores as Obj).vDescCondIncond?.vDescIncond ?? '0');
    const bc = Math.round((Number(vServ) - Number(vDesc)) * 100);
    const pAliq = tribMun.pAliq !== undefined ? String(tribMun.pAliq) : null;
    const iss = pAliq ? Math.round((bc * Number(pAliq)) / 100) : null;
    const retido = String(tribMun.tpRetISSQN) !== '1' && iss ? iss : 0;
    const reais = (c: number) => (c === 0 ? '0' : (c / 100).toFixed(2));
    const e = contrib!.endereco;
    // Inside the NFSe the DPS inherits the namespace: its own (now superfluous) declaration goes, as C14N drops it.
    const semDeclaracao = dps.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '').replace(/^<DPS xmlns="[^"]+"/, '<DPS');
    const infNfse = g(
      'infNFSe',
      [
        tx('xLocEmi', nomeMunicipio(cLocEmi)),
        tx('xLocPrestacao', nomeMunicipio(locPrest)),
        t('nNFSe', numero),
        t('cLocIncid', locPrest),
        tx('xLocIncid', nomeMunicipio(locPrest)),
        tx('xTribNac', xTribNac!.slice(0, 600)),
        t('verAplic', VER_APLIC),
        t('ambGer', 2),
        t('tpEmis', 1),
        t('procEmi', 1),
        t('cStat', 100),
        t('dhProc', dataHoraBrasil(agora)),
        t('nDFSe', this.nDFSe),
        g('emit', [
          t('CNPJ', cnpj),
          tx('IM', contrib!.inscricaoMunicipal),
          tx('xNome', contrib!.nome),
          tx('xFant', contrib!.fantasia),
          g('enderNac', [tx('xLgr', e.logradouro), tx('nro', e.numero), tx('xBairro', e.bairro), t('cMun', e.codigoMunicipio), t('UF', e.uf), t('CEP', e.cep)]),
        ]),
        g('valores', [t('vBC', reais(bc)), pAliq ? t('pAliqAplic', pAliq) : '', iss !== null ? t('vISSQN', reais(iss)) : '', t('vTotalRet', reais(retido)), t('vLiq', reais(bc - retido))]),
        ibsCbsGerado(inf, { vServ, vDesc, vIssqn: ((iss ?? 0) / 100).toFixed(2), vLiq: ((bc - retido) / 100).toFixed(2), cLocIncid: locPrest, xLocIncid: nomeMunicipio(locPrest) }) ?? '',
        '<DPS_PLACEHOLDER/>',
      ],
      { Id: `NFS${chave}` },
    ).replace('<DPS_PLACEHOLDER/>', semDeclaracao);
    const nfse = assinarXml(`<?xml version="1.0" encoding="UTF-8"?>${g('NFSe', [infNfse], { xmlns: NS_NFSE, versao: esquema.pacote === 'NFSE_V101' ? versaoDps : VERSAO_NFSE })}`, 'infNFSe', this.assinador);
    this.notas.set(chave, { chave, idDps, cnpj, numero, nfse, situacao: 'autorizada', eventos: [] });
    this.porDps.set(idDps, chave);
    await this.gravarEstado();
    return [201, { ...this.base(), idDps, chaveAcesso: chave, nfseXmlGZipB64: gzipSync(nfse).toString('base64'), alertas: [] }];
  }

  private async evento(chave: string, corpo: string, titular: string | null): Promise<[number, Obj]> {
    if (!chaveNfseValida(chave)) return this.falha([erro('E2406')]);
    const nota = this.notas.get(chave);
    if (!nota) return [404, { ...this.base(), erro: { codigo: 'E2404', descricao: ERROS.E2404 } }];
    const ped = this.descompactar(corpo, 'pedidoRegistroEventoXmlGZipB64');
    if (!ped) return this.falha([erro('E1226')]);
    const xsd = await validarXsd(ped, 'pedRegEvento_v1.00.xsd', 'NFSE_V1');
    if (!xsd.valido) return this.falha([erro('E1805', xsd.erros.map((e) => `${e.caminho}: ${e.mensagem}`).join(' | '))]);
    const a = verificarAssinatura(ped);
    if (!a.valida) return this.falha([erro('E1805', a.motivo)]);
    const inf = (parser.parse(ped) as Obj).pedRegEvento.infPedReg as Obj;
    if (String(inf.chNFSe) !== chave) return this.falha([erro('E1805', 'chNFSe difere da chave do endereço.')]);
    const autor = String(inf.CNPJAutor ?? '');
    if (autor !== nota.cnpj || !titular || titular.slice(0, 8) !== nota.cnpj.slice(0, 8)) return this.falha([erro('E1833')]);
    if (!inf.e101101) return this.falha([erro('E1805', 'Este ADN local registra apenas o cancelamento (e101101).')]);
    if (nota.situacao === 'cancelada') return this.falha([erro('E1830')]);
    const agora = new Date(this.agora());
    this.nDFSe++;
    const semDeclaracao = ped.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '').replace(/^<pedRegEvento xmlns="[^"]+"/, '<pedRegEvento');
    const id = `EVT${chave}101101${'001'}`;
    const infEvento = g('infEvento', [t('verAplic', VER_APLIC), t('ambGer', 2), t('nSeqEvento', 1), t('dhProc', dataHoraBrasil(agora)), t('nDFe', this.nDFSe), '<PED_PLACEHOLDER/>'], { Id: id }).replace('<PED_PLACEHOLDER/>', semDeclaracao);
    const evento = assinarXml(`<?xml version="1.0" encoding="UTF-8"?>${g('evento', [infEvento], { xmlns: NS_NFSE, versao: VERSAO_NFSE })}`, 'infEvento', this.assinador);
    nota.situacao = 'cancelada';
    nota.eventos.push(evento);
    await this.gravarEstado();
    return [201, { ...this.base(), eventoXmlGZipB64: gzipSync(evento).toString('base64') }];
  }
}

/**
 * The IBSCBS group the national system generates in the NFS-e (layout 1.01, TCRTCIBSCBS) from the DPS's declarative
 * group: localidade de incidência, base (vServ − desconto incondicionado − ISSQN), the rates of the competência's year
 * with the cClassTrib's reductions (pAliqEfet = p × (1 − pRed)), the values and totals; vTotNF = vLiq in 2026 and
 * vLiq + IBS + CBS from 2027 (the IBS and the CBS are "por fora"). Null when the DPS has no group, or the rates of the
 * year are not in the tables (2027's CBS until published).
 */
export function ibsCbsGerado(inf: Record<string, any>, o: { vServ: string; vDesc: string; vIssqn: string; vLiq: string; cLocIncid: string; xLocIncid: string }): string | null {
  const grupo = inf.IBSCBS as Record<string, any> | undefined;
  if (!grupo) return null;
  const gIbsCbs = grupo.valores?.trib?.gIBSCBS as Record<string, any> | undefined;
  const tab = tabelasDasAutoridades();
  const competencia = String(inf.dCompet);
  const aliq = aliquotasIbsCbsVigentes(tab, competencia);
  if (!aliq || aliq.pCBS == null || aliq.pIBSUF == null || aliq.pIBSMun == null) return null;
  const classe = tab.cClassTrib.find((c) => c.value === String(gIbsCbs?.cClassTrib ?? ''));
  const redIbs = new Decimal(classe?.pRedIBS ?? 0);
  const redCbs = new Decimal(classe?.pRedCBS ?? 0);
  const d2 = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const efetiva = (p: string, red: Decimal) => new Decimal(p).times(new Decimal(1).minus(red.div(100)));
  const vBC = new Decimal(o.vServ).minus(o.vDesc).minus(o.vIssqn);
  const pUF = efetiva(aliq.pIBSUF, redIbs);
  const pMun = efetiva(aliq.pIBSMun, redIbs);
  const pCbs = efetiva(aliq.pCBS, redCbs);
  const valor = (p: Decimal) => vBC.times(p).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const vUF = valor(pUF);
  const vMun = valor(pMun);
  const vCbs = valor(pCbs);
  const vIbs = vUF.plus(vMun);
  const porFora = competencia >= '2027-01-01';
  const vTotNF = porFora ? new Decimal(o.vLiq).plus(vIbs).plus(vCbs) : new Decimal(o.vLiq);
  return g('IBSCBS', [
    t('cLocalidadeIncid', o.cLocIncid),
    tx('xLocalidadeIncid', o.xLocIncid),
    g('valores', [
      t('vBC', d2(vBC)),
      g('uf', [t('pIBSUF', d2(aliq.pIBSUF)), redIbs.isZero() ? '' : t('pRedAliqUF', d2(redIbs)), t('pAliqEfetUF', d2(pUF))]),
      g('mun', [t('pIBSMun', d2(aliq.pIBSMun)), redIbs.isZero() ? '' : t('pRedAliqMun', d2(redIbs)), t('pAliqEfetMun', d2(pMun))]),
      g('fed', [t('pCBS', d2(aliq.pCBS)), redCbs.isZero() ? '' : t('pRedAliqCBS', d2(redCbs)), t('pAliqEfetCBS', d2(pCbs))]),
    ]),
    g('totCIBS', [
      t('vTotNF', d2(vTotNF)),
      g('gIBS', [t('vIBSTot', d2(vIbs)), g('gIBSUFTot', [t('vIBSUF', d2(vUF))]), g('gIBSMunTot', [t('vIBSMun', d2(vMun))])]),
      g('gCBS', [t('vCBS', d2(vCbs))]),
    ]),
  ]);
}
