import Decimal from 'decimal.js';
import { BoletoInvalido } from '../erros.ts';

/**
 * Pix static BR Code (Manual de Padrões para Iniciação do Pix, on EMV QRCPS-MPM): a chain of
 * ID(2) + length(2) + value fields, ending with field 63 holding the CRC16/CCITT-FALSE of everything
 * before it (including "6304").
 */
const GUI_PIX = 'br.gov.bcb.pix';

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor. */
export function crc16(texto: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function campo(id: string, valor: string): string {
  const n = Buffer.byteLength(valor, 'utf8');
  if (n > 99) throw new BoletoInvalido(`Campo ${id} do BR Code passa de 99 caracteres.`, 'pix');
  return id + String(n).padStart(2, '0') + valor;
}

/** Names and cities travel best without accents: many payer apps render only ASCII. */
const semAcentos = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '').trim();

export type TipoChave = 'cpf' | 'cnpj' | 'email' | 'telefone' | 'aleatoria';

function digitosOk(num: string, pesosDv1: number[], pesosDv2: number[]): boolean {
  const dv = (base: string, pesos: number[]) => {
    const r = pesos.reduce((s, p, i) => s + p * Number(base[i]), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  if (/^(\d)\1+$/.test(num)) return false;
  const n = pesosDv1.length;
  return dv(num.slice(0, n), pesosDv1) === Number(num[n]) && dv(num.slice(0, n + 1), pesosDv2) === Number(num[n + 1]);
}

/** Kind of a Pix key, or null when it is none: CPF/CNPJ with valid check digits, e-mail, +55 phone, random (EVP) key. */
export function tipoChavePix(chave: string): TipoChave | null {
  if (/^\d{11}$/.test(chave) && digitosOk(chave, [10, 9, 8, 7, 6, 5, 4, 3, 2], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])) return 'cpf';
  if (/^\d{14}$/.test(chave) && digitosOk(chave, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) return 'cnpj';
  if (/^\+[1-9]\d{10,13}$/.test(chave)) return 'telefone';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(chave)) return 'aleatoria';
  if (chave.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(chave)) return 'email';
  return null;
}

export interface PixEstatico {
  chave: string;
  /** Reais with up to two decimals; omitted or null lets the payer type the amount. */
  valor?: string | number | null;
  nome: string;
  cidade: string;
  /** Up to 25 letters and digits; "***" (none) by default. */
  txid?: string;
  /** Message shown to the payer (field 26-02). */
  descricao?: string;
}

export function montarPixEstatico(p: PixEstatico): string {
  const chave = (p.chave ?? '').trim();
  if (!tipoChavePix(chave)) {
    throw new BoletoInvalido(`Chave Pix inválida: "${chave}". Use CPF, CNPJ, e-mail, celular no formato +55DDNÚMERO ou chave aleatória.`, 'chavePix');
  }
  const nome = semAcentos(p.nome ?? '').slice(0, 25);
  const cidade = semAcentos(p.cidade ?? '').slice(0, 15);
  if (!nome) throw new BoletoInvalido('Informe o nome do beneficiário do Pix.', 'nome');
  if (!cidade) throw new BoletoInvalido('Informe a cidade do beneficiário do Pix.', 'cidade');
  const txid = p.txid?.trim() || '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new BoletoInvalido('O identificador (txid) do Pix deve ter até 25 letras ou números.', 'txid');
  }
  let valor = '';
  if (p.valor !== undefined && p.valor !== null && p.valor !== '') {
    const texto = String(p.valor).trim().replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(texto)) throw new BoletoInvalido('Valor do Pix inválido: use até duas casas decimais.', 'valor');
    const d = new Decimal(texto);
    if (d.isZero()) valor = '';
    else if (d.greaterThan('9999999999.99')) throw new BoletoInvalido('Valor do Pix acima do permitido no BR Code.', 'valor');
    else valor = d.toFixed(2);
  }
  const descricao = p.descricao ? semAcentos(p.descricao) : '';
  const conta = campo('00', GUI_PIX) + campo('01', chave) + (descricao ? campo('02', descricao) : '');
  if (conta.length > 99) throw new BoletoInvalido('Chave e descrição do Pix juntas passam do tamanho permitido; encurte a descrição.', 'descricao');
  const semCrc =
    campo('00', '01') +
    campo('26', conta) +
    campo('52', '0000') +
    campo('53', '986') +
    (valor ? campo('54', valor) : '') +
    campo('58', 'BR') +
    campo('59', nome) +
    campo('60', cidade) +
    campo('62', campo('05', txid)) +
    '6304';
  return semCrc + crc16(semCrc);
}

export interface PixLido {
  chave: string | null;
  url: string | null;
  valor: string | null;
  nome: string;
  cidade: string;
  txid: string | null;
  descricao: string | null;
  iniciacao: 'estatico' | 'dinamico' | null;
}

function lerCampos(texto: string, onde: string): Map<string, string> {
  const campos = new Map<string, string>();
  let i = 0;
  while (i < texto.length) {
    const id = texto.slice(i, i + 2);
    const n = Number(texto.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(texto.slice(i + 2, i + 4)) || i + 4 + n > texto.length) {
      throw new BoletoInvalido(`Código Pix malformado${onde ? ` ${onde}` : ""} (posição ${i + 1}).`, 'pix');
    }
    if (campos.has(id)) throw new BoletoInvalido(`Código Pix com o campo ${id} repetido ${onde}.`, 'pix');
    campos.set(id, texto.slice(i + 4, i + 4 + n));
    i += 4 + n;
  }
  return campos;
}

/** Parses and validates a 'copia e cola' string: CRC, mandatory fields, Pix GUI, currency and country. */
export function lerPix(codigo: string): PixLido {
  const texto = (codigo ?? '').trim();
  if (!/^000201/.test(texto)) throw new BoletoInvalido('Código Pix inválido: deve começar com 000201.', 'pix');
  const fim = texto.lastIndexOf('6304');
  if (fim < 0 || fim !== texto.length - 8) throw new BoletoInvalido('Código Pix sem o CRC (campo 63) no final.', 'pix');
  const informado = texto.slice(-4).toUpperCase();
  const calculado = crc16(texto.slice(0, -4));
  if (informado !== calculado) {
    throw new BoletoInvalido(`CRC do código Pix não confere (informado ${informado}, calculado ${calculado}). O código foi copiado incompleto ou alterado.`, 'pix');
  }
  const campos = lerCampos(texto.slice(0, -8), '');
  const faltam = ['26', '52', '53', '58', '59', '60'].filter((id) => !campos.has(id));
  if (faltam.length) throw new BoletoInvalido(`Código Pix sem os campos obrigatórios ${faltam.join(', ')}.`, 'pix');
  const conta = lerCampos(campos.get('26')!, 'no campo 26');
  if (conta.get('00')?.toLowerCase() !== GUI_PIX) throw new BoletoInvalido('O código não é um Pix (identificador br.gov.bcb.pix ausente).', 'pix');
  if (!conta.has('01') && !conta.has('25')) throw new BoletoInvalido('Código Pix sem chave nem URL.', 'pix');
  if (campos.get('53') !== '986') throw new BoletoInvalido('Código Pix em moeda diferente do real (986).', 'pix');
  if (campos.get('58') !== 'BR') throw new BoletoInvalido('Código Pix com país diferente de BR.', 'pix');
  const valor = campos.get('54') ?? null;
  if (valor !== null && !/^\d+(\.\d{1,2})?$/.test(valor)) throw new BoletoInvalido(`Valor do código Pix inválido: "${valor}".`, 'pix');
  const adicionais = campos.has('62') ? lerCampos(campos.get('62')!, 'no campo 62') : new Map<string, string>();
  const txid = adicionais.get('05') ?? null;
  const ini = campos.get('01');
  return {
    chave: conta.get('01') ?? null,
    url: conta.get('25') ?? null,
    valor: valor === null ? null : new Decimal(valor).toFixed(2),
    nome: campos.get('59')!,
    cidade: campos.get('60')!,
    txid: txid === '***' ? null : txid,
    descricao: conta.get('02') ?? null,
    iniciacao: ini === '11' ? 'estatico' : ini === '12' ? 'dinamico' : null,
  };
}

/**
 * The BR Code of a dynamic charge (BACEN Manual de Padrões para Iniciação do Pix): point of initiation 12, the
 * payload location (field 26-25, without "https://") instead of the key, no amount (the payload carries it),
 * txid "***".
 */
export function montarPixDinamico(p: { location: string; nome: string; cidade: string }): string {
  const url = p.location.replace(/^https?:\/\//, '');
  const conta = campo('00', GUI_PIX) + campo('25', url);
  const semCrc =
    campo('00', '01') + campo('01', '12') + campo('26', conta) + campo('52', '0000') + campo('53', '986') + campo('58', 'BR') +
    campo('59', semAcentos(p.nome).slice(0, 25) || 'RECEBEDOR') + campo('60', semAcentos(p.cidade).slice(0, 15) || 'BRASILIA') + campo('62', campo('05', '***')) + '6304';
  return semCrc + crc16(semCrc);
}
