import { formatBRL } from '../../../shared/money.ts';

/**
 * The price-check terminals' protocol (Gertec TC 506 / Busca Preço G2, "SC501"; the same on Tanca's), ASCII in
 * ISO-8859-1 over TCP, port 6500 by convention:
 *
 *   server, on connect:      #ok
 *   terminal identifies:     #tc506|4.0\0          (model|firmware; NUL-terminated)
 *   terminal asks a price:   #7891000315507\0
 *   server answers:          #<name, up to 80>|<price, up to 20>      or  #nfound
 *   keep-alive:              #live? ⇄ #live
 *
 * The terminal ends its frames with NUL (some firmwares send `#live` bare); the server sends its frames without
 * one. A name shows in 4 lines of 20 columns, so 80 characters; '#' and '|' would break the frame and become
 * spaces.
 */

export const OK = '#ok';
export const NAO_ENCONTRADO = '#nfound';
export const VIVO = '#live';
export const VIVO_PERGUNTA = '#live?';
export const LARGURA_NOME = 80;
export const LARGURA_PRECO = 20;

/** Identification frames the terminals send on connecting (model names). */
const IDENTIFICACAO = /^#(tc\d{3}[a-z]?|bpg\d?[a-z]?)(\|.*)?$/i;

export type Mensagem = { tipo: 'identificacao'; modelo: string; versao: string | null } | { tipo: 'vivo' } | { tipo: 'vivoPergunta' } | { tipo: 'codigo'; codigo: string } | { tipo: 'outro'; texto: string };

/** What one frame from a terminal means. */
export function interpretar(frame: string): Mensagem {
  const f = frame.trim();
  const id = IDENTIFICACAO.exec(f);
  if (id) return { tipo: 'identificacao', modelo: id[1].toLowerCase(), versao: id[2] ? id[2].slice(1) : null };
  if (f.toLowerCase() === VIVO) return { tipo: 'vivo' };
  if (f.toLowerCase() === VIVO_PERGUNTA) return { tipo: 'vivoPergunta' };
  const c = /^#([0-9A-Za-z.\-]{1,40})$/.exec(f);
  if (c) return { tipo: 'codigo', codigo: c[1] };
  return { tipo: 'outro', texto: f };
}

/**
 * Frames out of the bytes received so far: NUL, CR or LF end a frame, and a '#' starts the next one (a bare
 * `#live` followed by a query). Returns the complete frames and what is left waiting for its end. A remainder
 * that already is a whole frame (a client that sends no terminator) is taken when `fimDoPacote` says the
 * packet ended there.
 */
export function separarFrames(acumulado: string, fimDoPacote: boolean): { frames: string[]; resto: string } {
  const partes = acumulado.split(/[\0\r\n]/);
  let resto = partes.pop() ?? '';
  const frames: string[] = [];
  const quebrar = (s: string) => {
    for (const p of s.split(/(?=#)/)) if (p.trim()) frames.push(p.trim());
  };
  for (const p of partes) quebrar(p);
  if (fimDoPacote && resto.startsWith('#')) {
    quebrar(resto);
    resto = '';
  }
  return { frames, resto };
}

const limpar = (s: string, largura: number) =>
  s
    .replace(/[#|\0\r\n]/g, ' ')
    .replace(/[^\x20-\xff]/g, '?')
    .trim()
    .slice(0, largura);

/** The answer to a price query: `#<name>|<price>` ('R$ 12,90'). */
export function respostaPreco(nome: string, preco: string): string {
  return `#${limpar(nome, LARGURA_NOME)}|${limpar(formatBRL(preco), LARGURA_PRECO)}`;
}

/** A frame as the bytes that go on the wire (ISO-8859-1, no terminator). */
export const bytes = (frame: string) => Buffer.from(frame, 'latin1');
