import Decimal from 'decimal.js';
import axios from 'axios';
import { api, SYSTEM_HEADER, SYSTEM_ID } from '../../api/client.ts';
import { getToken } from '../../api/session.ts';
import { toApiError } from '../../api/errors.ts';
import type { NfeDocumento, Item } from '../../../../generated/fiscal/nfe-documento.ts';
import { gerarCodigoNumerico } from '../../../shared/fiscal/chave.ts';
import { montarNfceOffline, type NfceOffline } from '../../../shared/fiscal/nfce-offline.ts';
import { destinatarioNfce, pagamentosNfce } from '../../../shared/fiscal/nfce-pdv.ts';
import { gravar, gravarCatalogo, ler, lerCatalogo, restantesNumeracao, type BlocoNumeracao } from './db.ts';
import type { ResultadoEnvio, VendaFila } from './fila.ts';
import nfceUrls from '../../../../schemas/fiscal/nfce-urls.json';
import type { Caixa, Catalogo, Limites, Operador, VendaEnvio, VendaResposta } from './tipos.ts';

/** No answer at all (network down, server stopped, request blocked) or a 5xx/gateway error: worth retrying. */
export function semServidor(err: unknown): boolean {
  const e = err as { response?: { status?: number }; code?: string };
  if (!e?.response) return true;
  const s = e.response.status ?? 0;
  return s >= 500 || s === 0 || s === 408;
}

export const mensagemErro = (err: unknown) => toApiError(err).message;

/** The catalogue: fetched (only what changed since the cached version) and kept in IndexedDB; the cache when offline. */
export async function carregarCatalogo(pdvId: number): Promise<{ catalogo: Catalogo; doCache: boolean }> {
  const cache = await lerCatalogo(pdvId).catch(() => undefined);
  try {
    const { data } = await api.get<Catalogo>('Pdv/catalogo', { params: { pdvId, ...(cache ? { desde: cache.versao } : {}) }, timeout: 30_000 });
    let c = data;
    if (cache) {
      const porId = new Map(cache.produtos.map((p) => [p.id, p]));
      for (const p of data.produtos) porId.set(p.id, p);
      c = { ...data, produtos: [...porId.values()].filter((p) => p.ativo !== false), nfce: data.nfce ? { ...data.nfce, itens: { ...(cache.nfce?.itens ?? {}), ...data.nfce.itens } } : cache.nfce };
    }
    await gravarCatalogo(pdvId, c).catch(() => undefined);
    return { catalogo: c, doCache: false };
  } catch (err) {
    if (cache && semServidor(err)) return { catalogo: cache, doCache: true };
    throw err;
  }
}

/** Keeps a block of NFC-e numbers reserved for offline sales (topped up when fewer than `minimo` remain). */
export async function garantirNumeracao(pdvId: number, minimo = 20, quantidade = 50): Promise<number> {
  const restam = await restantesNumeracao(pdvId);
  if (restam >= minimo) return restam;
  try {
    const { data } = await api.post<{ serie: number; de: number; ate: number }>('Pdv/numeracao/reservar', { pdvId, quantidade });
    const atual = await ler<BlocoNumeracao>('numeracao', pdvId);
    // A new block replaces a used-up one; numbers left in the old block are simply not used (the server inutiliza them).
    const bloco: BlocoNumeracao = atual && atual.proximo <= atual.ate && atual.serie === data.serie && atual.ate + 1 === data.de ? { ...atual, ate: data.ate } : { serie: data.serie, proximo: data.de, ate: data.ate };
    await gravar('numeracao', pdvId, bloco);
    return bloco.ate - bloco.proximo + 1;
  } catch {
    return restam;
  }
}

export async function entrarOperador(pdvId: number, codigo: string, pin: string) {
  // Not through the app's client: its 401 ends the session, and here a 401 only means a wrong PIN.
  const { data } = await axios.post<{ operador: Operador; limites: Limites }>('/api/Pdv/operadores/entrar', { pdvId, codigo, pin }, { headers: { 'Content-Type': 'application/json', [SYSTEM_HEADER]: SYSTEM_ID, Authorization: getToken() ?? '' } });
  return data;
}

export async function caixaAberto(pdvId: number): Promise<Caixa | null> {
  try {
    const { data } = await api.get<Caixa>('Pdv/caixas/aberto', { params: { pdvId } });
    return data;
  } catch (err) {
    if ((err as { response?: { status?: number } }).response?.status === 404) return null;
    throw err;
  }
}

export async function abrirCaixa(pdvId: number, operadorId: number, valorAbertura: string) {
  const { data } = await api.post<Caixa>('Pdv/caixas', { pdvId, operadorId, valorAbertura });
  return data;
}

export async function movimentoCaixa(caixaId: number, tipo: 'sangria' | 'suprimento', valor: string, motivo: string) {
  await api.post(`Pdv/caixas/${caixaId}/${tipo}`, { valor, motivo });
}

export interface ResultadoFechamento {
  id: number;
  esperado: { formaPagamentoId: number | null; descricao?: string; valor: string }[];
  contado: { formaPagamentoId: number | null; valor: string }[];
  diferencas: { formaPagamentoId: number | null; descricao?: string; valor: string }[];
}

export async function fecharCaixa(caixaId: number, contado: { formaPagamentoId: number | null; valor: string }[], vendasAbertas = 0) {
  const { data } = await api.post<ResultadoFechamento>(`Pdv/caixas/${caixaId}/fechar`, { contado, vendasAbertas });
  return data;
}

/** A new NFC-e for a registered sale whose NFC-e failed (cupom-erro's retry, from the selling screen). */
export async function retransmitirCupom(vendaId: number): Promise<VendaResposta> {
  const { data } = await api.post<VendaResposta>(`Pdv/cupons/${vendaId}/retransmitir`, {}, { timeout: 20_000 });
  return data;
}

/** One queued sale to the server, its key as the Idempotency-Key header. */
export async function enviarVenda(v: VendaFila): Promise<ResultadoEnvio> {
  try {
    const { data } = await api.post<VendaResposta>('Pdv/vendas', v.envio, { headers: { 'Idempotency-Key': v.chave }, timeout: 20_000 });
    return { tipo: 'ok', resposta: data };
  } catch (err) {
    if (semServidor(err)) return { tipo: 'rede', mensagem: mensagemErro(err) };
    return { tipo: 'recusada', mensagem: mensagemErro(err) };
  }
}

/** ISO 8601 with the local offset, as the NF-e wants it (2026-11-26T01:02:03-03:00). */
export function dataHoraComFuso(d = new Date()): string {
  const p = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}${off >= 0 ? '+' : '-'}${p(off / 60)}:${p(off % 60)}`;
}

export const JUSTIFICATIVA_OFFLINE = 'Sem comunicação com o servidor no momento da venda';

/**
 * The NFC-e of a sale made without the server: tpEmis 9, a number of the reserved block, the document the
 * catalogue describes (its `nfce` block: the header and, per product, the item with the CFOP, ICMS, PIS and
 * COFINS groups the server's online NFC-e writes), consumer and payments as the server writes them
 * (src/shared/fiscal/nfce-pdv.ts), built and hashed by src/shared/fiscal exactly as the server will sign it.
 */
export function nfceOffline(c: Catalogo, envio: VendaEnvio, numero: { serie: number; numero: number }, dhEmi: string): NfceOffline {
  if (!c.csc) throw new Error('Catálogo sem o CSC da NFC-e: a venda off-line não pode ser emitida.');
  const nfce = c.nfce ?? nfceDoEmitente(c);
  const base = nfce.documento;
  const itens = envio.itens.map((i) => {
    const t = nfce.itens[String(i.produtoId)];
    if (!t) throw new Error(`Produto ${i.produtoId} sem tributação no catálogo.`);
    const d = new Decimal(i.desconto);
    return { ...t, quantidade: new Decimal(i.quantidade).toFixed(4), valorUnitario: i.precoUnitario, ...(d.gt(0) ? { valorDesconto: d.toFixed(2) } : {}) } as Item;
  });
  const cpfCnpj = envio.cpfCnpj?.replace(/\D/g, '');
  const doc: NfeDocumento = {
    ...base,
    ide: { ...base.ide, serie: numero.serie, numero: numero.numero, codigoNumerico: gerarCodigoNumerico(numero.numero), dataEmissao: dhEmi, tipoEmissao: 9, contingencia: { dataHora: dhEmi, justificativa: JUSTIFICATIVA_OFFLINE } },
    ...(cpfCnpj ? { destinatario: destinatarioNfce(cpfCnpj) } : {}),
    itens: itens as NfeDocumento['itens'],
    pagamentos: pagamentosNfce(envio.pagamentos),
  };
  return montarNfceOffline(doc, { id: c.csc.id, codigo: c.csc.token }, { qrCode: nfce.urlQrCode, urlChave: nfce.urlChave });
}

/**
 * When the catalogue has no `nfce` block (PDV-CONTRACT.md, Changes 01:00), the document comes from its
 * `emitente` and products: natureza "Venda", CFOP 5102, Simples Nacional CSOSN 102 (regime normal: CST 41) and
 * PIS/COFINS 49. The server checks the offline note against the sale (key parts, items, totals, payments).
 */
export function nfceDoEmitente(c: Catalogo): NonNullable<Catalogo['nfce']> {
  const e = (c.emitente ?? {}) as Record<string, any>;
  if (!e.cnpj || !e.endereco?.uf) throw new Error('Catálogo sem o emitente da NFC-e: a venda off-line não pode ser emitida.');
  const ambiente = (Number(e.ambiente) === 1 ? 1 : 2) as 1 | 2;
  const crt = [1, 2, 3].includes(Number(e.crt)) ? Number(e.crt) : 1;
  const end = e.endereco;
  const documento = {
    modelo: 65,
    ambiente,
    ide: { serie: c.pdv.serieNfce ?? 1, numero: 1, naturezaOperacao: 'Venda', dataEmissao: '', tipoOperacao: 1, codigoMunicipioFatoGerador: String(end.codigoMunicipio ?? ''), finalidade: 1, consumidorFinal: true, presenca: 1 },
    emitente: {
      cnpj: String(e.cnpj), razaoSocial: String(e.razaoSocial ?? e.nome ?? ''), ...(e.nomeFantasia ? { nomeFantasia: String(e.nomeFantasia) } : {}), ie: String(e.ie ?? ''), crt,
      endereco: { logradouro: String(end.logradouro ?? ''), numero: String(end.numero ?? 'S/N'), bairro: String(end.bairro ?? ''), codigoMunicipio: String(end.codigoMunicipio ?? ''), municipio: String(end.municipio ?? ''), uf: end.uf, cep: String(end.cep ?? '').replace(/\D/g, '') },
    },
    itens: [],
    transporte: { modalidadeFrete: 9 },
    pagamentos: [],
  } as unknown as NfeDocumento;
  const itens: Record<string, Item> = {};
  for (const p of c.produtos) {
    const gtin = p.gtin && /^\d{8}$|^\d{12,14}$/.test(p.gtin) ? p.gtin : undefined;
    const orig = Number(p.origem ?? 0);
    itens[String(p.id)] = {
      codigo: String(p.codigo).slice(0, 60), ...(gtin ? { gtin } : {}), descricao: p.descricao.slice(0, 120), ncm: String(p.ncm ?? '').replace(/\D/g, ''),
      ...(p.cest && /^\d{7}$/.test(p.cest) ? { cest: p.cest } : {}), cfop: '5102', unidade: p.unidade.slice(0, 6), quantidade: '1', valorUnitario: p.precoVenda,
      icms: (crt === 3 ? { orig, CST: '41' } : { orig, CSOSN: '102' }) as Item['icms'], pis: { CST: '49' } as Item['pis'], cofins: { CST: '49' } as Item['cofins'],
    } as Item;
  }
  const urls = (nfceUrls as { ufs: Record<string, { producao: { qrCode: string; urlChave: string }; homologacao: { qrCode: string; urlChave: string } }> }).ufs[end.uf];
  if (!urls) throw new Error(`Sem URL de consulta da NFC-e para a UF ${end.uf}.`);
  const u = ambiente === 1 ? urls.producao : urls.homologacao;
  return { documento, itens, urlQrCode: u.qrCode, urlChave: u.urlChave };
}
