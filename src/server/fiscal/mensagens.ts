import { g, t, tx } from '../../shared/fiscal/xml-writer.ts';
import { assinarXml, type Assinador } from './assinatura-xml.ts';
import { NS_NFE } from '../../shared/fiscal/nfe-xml.ts';
import { validarChave } from '../../shared/fiscal/chave.ts';
import type { NfeCalculada } from '../../shared/fiscal/nfe-calculo.ts';
import { fmt2 } from '../../shared/fiscal/decimal.ts';

/**
 * Events, inutilização and the query messages of the NF-e web services (layout 4.00, events 1.00), built in XSD
 * order and signed where the layout asks for a signature.
 */

export const TIPOS_EVENTO = {
  CANCELAMENTO: '110111',
  CANCELAMENTO_SUBSTITUICAO: '110112',
  CARTA_CORRECAO: '110110',
  CONFIRMACAO: '210200',
  CIENCIA: '210210',
  DESCONHECIMENTO: '210220',
  NAO_REALIZADA: '210240',
} as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[keyof typeof TIPOS_EVENTO];

const DESCRICAO: Record<TipoEvento, string> = {
  '110111': 'Cancelamento',
  '110112': 'Cancelamento por substituicao',
  '110110': 'Carta de Correcao',
  '210200': 'Confirmacao da Operacao',
  '210210': 'Ciencia da Operacao',
  '210220': 'Desconhecimento da Operacao',
  '210240': 'Operacao nao Realizada',
};

/** The CC-e's fixed conditions of use, as the XSD enumerates them (ASCII form). */
export const CONDICAO_USO_CCE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

export class MensagemError extends Error {
  constructor(public campo: string, message: string) {
    super(message);
  }
}

export interface DadosEvento {
  tipo: TipoEvento;
  chNFe: string;
  tpAmb: 1 | 2;
  /** CNPJ (or CPF) of the author: the issuer for cancel/CC-e, the recipient for manifestação */
  cnpj?: string;
  cpf?: string;
  /** dhEvento with offset */
  dataHora: string;
  sequencia?: number;
  /** cancelamento (and por substituição): authorisation protocol */
  protocolo?: string;
  /** cancelamento por substituição (NFC-e, NT 2018.004): the key of the contingency NFC-e that replaces this one */
  chNFeRef?: string;
  /** cancelamento por substituição: the issuing application's version */
  verAplic?: string;
  /** cancelamento and 210240: reason, 15 to 255 characters */
  justificativa?: string;
  /** CC-e: the correction, 15 to 1000 characters */
  correcao?: string;
}

function exigirTamanho(campo: string, v: string | undefined, min: number, max: number) {
  const s = (v ?? '').trim();
  if (s.length < min || s.length > max) throw new MensagemError(campo, `${campo} deve ter entre ${min} e ${max} caracteres (tem ${s.length}).`);
}

export function idEvento(tipo: string, chNFe: string, seq: number): string {
  return `ID${tipo}${chNFe}${String(seq).padStart(2, '0')}`;
}

/** One signed <evento> (namespace declared on it, so it can be moved into envEvento or procEventoNFe as is). */
export function montarEvento(d: DadosEvento, assinador: Assinador): string {
  const v = validarChave(d.chNFe);
  if (!v.valida) throw new MensagemError('chNFe', v.motivo);
  const seq = d.sequencia ?? 1;
  if (seq < 1 || seq > 20) throw new MensagemError('nSeqEvento', 'O número de sequência do evento vai de 1 a 20.');
  const manifestacao = d.tipo.startsWith('2102');
  let det: string[];
  switch (d.tipo) {
    case '110111':
      if (!d.protocolo || !/^\d{15}$/.test(d.protocolo)) throw new MensagemError('nProt', 'Informe o protocolo de autorização (15 dígitos) da nota a cancelar.');
      exigirTamanho('xJust', d.justificativa, 15, 255);
      det = [t('nProt', d.protocolo), tx('xJust', d.justificativa)];
      break;
    case '110112': {
      if (!d.protocolo || !/^\d{15}$/.test(d.protocolo)) throw new MensagemError('nProt', 'Informe o protocolo de autorização (15 dígitos) da nota a cancelar.');
      exigirTamanho('xJust', d.justificativa, 15, 255);
      const ref = validarChave(d.chNFeRef ?? '');
      if (!ref.valida) throw new MensagemError('chNFeRef', `Chave da NFC-e substituta: ${ref.motivo}`);
      if (d.chNFeRef === d.chNFe) throw new MensagemError('chNFeRef', 'A NFC-e substituta deve ser outra nota, não a cancelada.');
      det = [t('cOrgaoAutor', d.chNFe.slice(0, 2)), t('tpAutor', 1), tx('verAplic', d.verAplic ?? 'Retaguarda 0.1'), t('nProt', d.protocolo), tx('xJust', d.justificativa), t('chNFeRef', d.chNFeRef)];
      break;
    }
    case '110110':
      exigirTamanho('xCorrecao', d.correcao, 15, 1000);
      det = [tx('xCorrecao', d.correcao), t('xCondUso', CONDICAO_USO_CCE)];
      break;
    case '210240':
      exigirTamanho('xJust', d.justificativa, 15, 255);
      det = [tx('xJust', d.justificativa)];
      break;
    default:
      det = [];
  }
  const infEvento = g('infEvento', [
    // Manifestação goes to the Ambiente Nacional (91); the others to the UF in the key.
    t('cOrgao', manifestacao ? '91' : d.chNFe.slice(0, 2)), t('tpAmb', d.tpAmb), d.cnpj ? t('CNPJ', d.cnpj) : t('CPF', d.cpf),
    t('chNFe', d.chNFe), t('dhEvento', d.dataHora), t('tpEvento', d.tipo), t('nSeqEvento', seq), t('verEvento', '1.00'),
    g('detEvento', [t('descEvento', DESCRICAO[d.tipo]), ...det], { versao: '1.00' }),
  ], { Id: idEvento(d.tipo, d.chNFe, seq) });
  return assinarXml(`<evento xmlns="${NS_NFE}" versao="1.00">${infEvento}</evento>`, 'infEvento', assinador);
}

/**
 * EPEC (evento 110140, Evento Prévio de Emissão em Contingência) of an NF-e issued with tpEmis 4: sent to the
 * Ambiente Nacional (cOrgao 91) with the data the authoriser later compares with the NF-e itself (IE, dhEmi,
 * recipient, vNF, vICMS, vST; rejection 467 when they differ).
 */
export function montarEventoEpec(n: NfeCalculada, dataHora: string, assinador: Assinador, o: { sequencia?: number; verAplic?: string } = {}): string {
  const d = n.doc;
  if (d.modelo !== 55) throw new MensagemError('mod', 'O EPEC desta versão é o da NF-e (modelo 55); a NFC-e usa a contingência off-line (tpEmis 9).');
  if (n.tpEmis !== 4) throw new MensagemError('tpEmis', 'O EPEC é da NF-e emitida em contingência EPEC (tpEmis 4).');
  if (!/^\d{2,14}$/.test(d.emitente.ie)) throw new MensagemError('IE', 'O EPEC exige a inscrição estadual do emitente (não aceita ISENTO).');
  const dest = d.destinatario;
  if (!dest || !(dest.cnpj || dest.cpf || dest.idEstrangeiro !== undefined)) {
    throw new MensagemError('dest', 'O EPEC exige o destinatário da NF-e (CNPJ, CPF ou identificação do estrangeiro).');
  }
  const seq = o.sequencia ?? 1;
  const chave = n.chave;
  const cnpj = d.emitente.cnpj;
  const ufDest = dest.endereco?.uf ?? d.emitente.endereco.uf;
  const ieDest = (dest.indicadorIE ?? (dest.ie ? 1 : 9)) === 1 ? dest.ie : undefined;
  const infEvento = g('infEvento', [
    t('cOrgao', '91'), t('tpAmb', d.ambiente), cnpj ? t('CNPJ', cnpj) : t('CPF', d.emitente.cpf), t('chNFe', chave), t('dhEvento', dataHora),
    t('tpEvento', '110140'), t('nSeqEvento', seq), t('verEvento', '1.00'),
    g('detEvento', [
      t('descEvento', 'EPEC'), t('cOrgaoAutor', n.cUF), t('tpAutor', 1), tx('verAplic', o.verAplic ?? d.ide.versaoAplicativo ?? 'Retaguarda 0.1'),
      t('dhEmi', d.ide.dataEmissao), t('tpNF', d.ide.tipoOperacao ?? 1), t('IE', d.emitente.ie),
      g('dest', [
        t('UF', ufDest), dest.cnpj ? t('CNPJ', dest.cnpj) : dest.cpf ? t('CPF', dest.cpf) : `<idEstrangeiro>${dest.idEstrangeiro ?? ''}</idEstrangeiro>`,
        t('IE', ieDest), t('vNF', fmt2(n.totais.vNF)), t('vICMS', fmt2(n.totais.vICMS)), t('vST', fmt2(n.totais.vST)),
      ]),
    ], { versao: '1.00' }),
  ], { Id: idEvento('110140', chave, seq) });
  return assinarXml(`<evento xmlns="${NS_NFE}" versao="1.00">${infEvento}</evento>`, 'infEvento', assinador);
}

/** envEvento with up to 20 signed events of the same type. */
export function envelopeEventos(idLote: string | number, eventos: string[]): string {
  if (eventos.length < 1 || eventos.length > 20) throw new MensagemError('evento', 'Um lote leva de 1 a 20 eventos.');
  return `<envEvento xmlns="${NS_NFE}" versao="1.00">${t('idLote', String(idLote))}${eventos.join('')}</envEvento>`;
}

export interface DadosInutilizacao {
  tpAmb: 1 | 2;
  cUF: string;
  /** two-digit year */
  ano: string;
  cnpj: string;
  modelo: 55 | 65;
  serie: number;
  inicio: number;
  fim: number;
  justificativa: string;
}

export function idInutilizacao(d: Omit<DadosInutilizacao, 'tpAmb' | 'justificativa'>): string {
  return `ID${d.cUF}${d.ano}${d.cnpj}${d.modelo}${String(d.serie).padStart(3, '0')}${String(d.inicio).padStart(9, '0')}${String(d.fim).padStart(9, '0')}`;
}

export function montarInutilizacao(d: DadosInutilizacao, assinador: Assinador): string {
  if (d.inicio > d.fim) throw new MensagemError('nNFIni', 'A faixa inicial é maior que a faixa final.');
  exigirTamanho('xJust', d.justificativa, 15, 255);
  const inf = g('infInut', [
    t('tpAmb', d.tpAmb), t('xServ', 'INUTILIZAR'), t('cUF', d.cUF), t('ano', d.ano), t('CNPJ', d.cnpj), t('mod', d.modelo), t('serie', d.serie),
    t('nNFIni', d.inicio), t('nNFFin', d.fim), tx('xJust', d.justificativa),
  ], { Id: idInutilizacao(d) });
  return assinarXml(`<inutNFe xmlns="${NS_NFE}" versao="4.00">${inf}</inutNFe>`, 'infInut', assinador);
}

export function montarConsStatServ(tpAmb: 1 | 2, cUF: string): string {
  return `<consStatServ xmlns="${NS_NFE}" versao="4.00">${t('tpAmb', tpAmb)}${t('cUF', cUF)}${t('xServ', 'STATUS')}</consStatServ>`;
}

export function montarConsSitNFe(tpAmb: 1 | 2, chNFe: string): string {
  return `<consSitNFe xmlns="${NS_NFE}" versao="4.00">${t('tpAmb', tpAmb)}${t('xServ', 'CONSULTAR')}${t('chNFe', chNFe)}</consSitNFe>`;
}

/** consReciNFe: asks for the result of an asynchronous batch (indSinc 0) by its receipt number. */
export function montarConsReciNFe(tpAmb: 1 | 2, nRec: string): string {
  return `<consReciNFe xmlns="${NS_NFE}" versao="4.00">${t('tpAmb', tpAmb)}${t('nRec', nRec)}</consReciNFe>`;
}

export type ConsultaDistribuicao = { ultNSU: string } | { nsu: string } | { chNFe: string };

export function montarDistDFeInt(tpAmb: 1 | 2, cUFAutor: string, documento: { cnpj?: string; cpf?: string }, c: ConsultaDistribuicao): string {
  const nsu = (s: string) => s.padStart(15, '0');
  const consulta =
    'ultNSU' in c ? g('distNSU', [t('ultNSU', nsu(c.ultNSU))]) : 'nsu' in c ? g('consNSU', [t('NSU', nsu(c.nsu))]) : g('consChNFe', [t('chNFe', c.chNFe)]);
  return `<distDFeInt xmlns="${NS_NFE}" versao="1.01">${t('tpAmb', tpAmb)}${t('cUFAutor', cUFAutor)}${documento.cnpj ? t('CNPJ', documento.cnpj) : t('CPF', documento.cpf)}${consulta}</distDFeInt>`;
}

/** enviNFe: synchronous authorisation of one document (indSinc 1), as small shops send. */
export function montarEnviNFe(idLote: string | number, nfes: string[], sincrono = true): string {
  return `<enviNFe xmlns="${NS_NFE}" versao="4.00">${t('idLote', String(idLote))}${t('indSinc', sincrono ? 1 : 0)}${nfes.join('')}</enviNFe>`;
}

/** nfeProc: NFe + protNFe, the form kept for five years and given to the recipient. */
export function montarNfeProc(nfe: string, protNFe: string): string {
  const prot = protNFe.replace(/^<protNFe(?![^>]*xmlns=)/, `<protNFe xmlns="${NS_NFE}"`);
  return `<nfeProc xmlns="${NS_NFE}" versao="4.00">${nfe}${prot}</nfeProc>`;
}

export function montarProcEvento(evento: string, retEvento: string): string {
  return `<procEventoNFe xmlns="${NS_NFE}" versao="1.00">${evento}${retEvento}</procEventoNFe>`;
}

export function montarProcInut(inut: string, retInut: string): string {
  // The official XSD names this root ProcInutNFe (capital P).
  return `<ProcInutNFe xmlns="${NS_NFE}" versao="4.00">${inut}${retInut}</ProcInutNFe>`;
}
