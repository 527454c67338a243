import type { Readable } from 'node:stream';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

type Row = Record<string, any>;

/**
 * The fiscal documents of a branch in a period, as every export of this module reads them: the NF-e the shop
 * issued (notas_fiscais), the NFC-e of the PDV (pdv_vendas), their events and the inutilizações, and the entry
 * notes received (documentos 'entradaNota' with the supplier's XML). Each carries the route where it is fixed.
 */
export interface Periodo {
  filialId: number;
  /** yyyy-MM-dd, both inclusive, in the branch's day (America/Sao_Paulo). */
  inicio: string;
  fim: string;
}

export interface DocumentoPeriodo {
  origem: 'nfe' | 'nfce' | 'entrada';
  id: number;
  modelo: '55' | '65';
  serie: number;
  numero: number;
  chave: string;
  /** autorizada, cancelada, denegada (issued) or efetivada (an entry). */
  situacao: string;
  data: string;
  total: string;
  /** Storage key of the nfeProc; null when the document has none (a pendência). */
  arquivo: string | null;
  rota: string;
  participanteId: number | null;
}

export interface ArquivoAnexo {
  tipo: 'cancelamento' | 'cce' | 'substituicao' | 'inutilizacao';
  nome: string;
  arquivo: string;
  chave: string | null;
  rota: string;
}

export interface Pendencia {
  mensagem: string;
  rota: string;
}

export interface DocumentosDoPeriodo {
  documentos: DocumentoPeriodo[];
  anexos: ArquivoAnexo[];
  pendencias: Pendencia[];
}

const TZ = 'America/Sao_Paulo';
const DATA = /^\d{4}-\d{2}-\d{2}$/;

export const dataBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The branch the user has selected: every export is of one branch. */
export function filialDe(ctx: Pick<RequestContext, 'branchId'>): number {
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de exportar.', [{ path: '/filialId', campo: 'filialId', mensagem: 'Campo Obrigatório!' }]);
  return ctx.branchId;
}

/** Reads {inicio, fim} (yyyy-MM-dd) or {mes: 'yyyy-MM'}; a 400 in Portuguese names the bad field. */
export function lerDatas(where: unknown): Omit<Periodo, 'filialId'> {
  const w = (where && typeof where === 'object' ? where : {}) as Row;
  let inicio: string;
  let fim: string;
  if (typeof w.mes === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(w.mes)) {
    inicio = `${w.mes}-01`;
    const [a, m] = w.mes.split('-').map(Number);
    fim = `${w.mes}-${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
  } else {
    if (typeof w.inicio !== 'string' || !DATA.test(w.inicio) || Number.isNaN(Date.parse(w.inicio))) throw badRequest('Data inicial: Campo Obrigatório!', [{ path: '/inicio', campo: 'inicio', mensagem: 'Campo Obrigatório!' }]);
    if (typeof w.fim !== 'string' || !DATA.test(w.fim) || Number.isNaN(Date.parse(w.fim))) throw badRequest('Data final: Campo Obrigatório!', [{ path: '/fim', campo: 'fim', mensagem: 'Campo Obrigatório!' }]);
    inicio = w.inicio;
    fim = w.fim;
  }
  if (fim < inicio) throw badRequest('A data final deve ser igual ou posterior à data inicial.', [{ path: '/fim', campo: 'fim', mensagem: 'Campo inválido!' }]);
  if (Date.parse(fim) - Date.parse(inicio) > 366 * 86_400_000) throw badRequest('O período não pode passar de um ano.', [{ path: '/fim', campo: 'fim', mensagem: 'Campo inválido!' }]);
  return { inicio, fim };
}

const noDia = (col: string) => `(${col} AT TIME ZONE '${TZ}')::date BETWEEN $3::date AND $4::date`;

/** Everything of the period, in one short transaction (the files are read afterwards, outside it). */
export async function lerDocumentosDoPeriodo(q: Queryable, ctx: Pick<RequestContext, 'tenantId'>, p: Periodo): Promise<DocumentosDoPeriodo> {
  const args = [ctx.tenantId, p.filialId, p.inicio, p.fim];
  const documentos: DocumentoPeriodo[] = [];
  const anexos: ArquivoAnexo[] = [];
  const pendencias: Pendencia[] = [];
  const nfe = await q.query<Row>(
    `SELECT id, modelo, serie, numero, chave, status, to_char(data_emissao AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, total::text AS total, arquivo_xml, cliente_id
       FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND status IN ('autorizada', 'cancelada', 'denegada') AND chave IS NOT NULL AND ${noDia('data_emissao')}
      ORDER BY modelo, serie, numero`,
    args,
  );
  for (const r of nfe.rows) {
    const modelo = String(r.modelo) as '55' | '65';
    documentos.push({ origem: 'nfe', id: Number(r.id), modelo, serie: Number(r.serie), numero: Number(r.numero), chave: r.chave, situacao: r.status, data: r.data, total: r.total, arquivo: r.arquivo_xml, rota: '/pages/nfe/notas-processadas', participanteId: r.cliente_id ? Number(r.cliente_id) : null });
  }
  const ev = await q.query<Row>(
    `SELECT e.tipo, e.sequencia, e.arquivo_xml, n.chave FROM notas_fiscais_eventos e JOIN notas_fiscais n ON n.tenant_id = e.tenant_id AND n.id = e.nota_id
      WHERE e.tenant_id = $1 AND n.filial_id = $2 AND e.tipo IN ('cancelamento', 'cce') AND e.arquivo_xml IS NOT NULL AND ${noDia('n.data_emissao')}
      ORDER BY e.id`,
    args,
  );
  for (const r of ev.rows) anexos.push({ tipo: r.tipo, nome: `${r.chave}-${r.tipo === 'cce' ? `cce-${r.sequencia ?? 1}` : 'cancelamento'}.xml`, arquivo: r.arquivo_xml, chave: r.chave, rota: '/pages/nfe/notas-processadas' });
  const nfce = await q.query<Row>(
    `SELECT id, serie, numero, chave_acesso, situacao, to_char(emitida_em AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, total::text AS total, xml_arquivo, evento_cancelamento_arquivo
       FROM pdv_vendas WHERE tenant_id = $1 AND filial_id = $2 AND situacao IN ('autorizada', 'cancelada') AND numero IS NOT NULL AND chave_acesso IS NOT NULL AND protocolo IS NOT NULL AND ${noDia('emitida_em')}
      ORDER BY serie, numero`,
    args,
  );
  for (const r of nfce.rows) {
    documentos.push({ origem: 'nfce', id: Number(r.id), modelo: '65', serie: Number(r.serie), numero: Number(r.numero), chave: r.chave_acesso, situacao: r.situacao, data: r.data, total: r.total, arquivo: r.xml_arquivo, rota: '/pages/vendas/cupom-fiscal', participanteId: null });
    // The NFC-e cancelled at the PDV: its procEventoNFe (kept since issue 36; older cancellations have none stored).
    if (r.situacao === 'cancelada') {
      if (r.evento_cancelamento_arquivo) anexos.push({ tipo: 'cancelamento', nome: `${r.chave_acesso}-cancelamento.xml`, arquivo: r.evento_cancelamento_arquivo, chave: r.chave_acesso, rota: '/pages/vendas/cupom-fiscal' });
      else pendencias.push({ mensagem: `A NFC-e ${r.numero}/${r.serie} (chave ${r.chave_acesso}) foi cancelada, mas o XML do evento de cancelamento não está guardado: consulte-o na SEFAZ.`, rota: '/pages/vendas/cupom-fiscal' });
    }
  }
  const subs = await q.query<Row>(
    `SELECT s.chave_acesso, s.xml_arquivo, s.evento_arquivo FROM pdv_nfce_substituidas s JOIN pdv_vendas v ON v.tenant_id = s.tenant_id AND v.id = s.venda_id
      WHERE s.tenant_id = $1 AND v.filial_id = $2 AND (s.xml_arquivo IS NOT NULL OR s.evento_arquivo IS NOT NULL) AND ${noDia('v.emitida_em')} ORDER BY s.id`,
    args,
  );
  for (const r of subs.rows) {
    if (r.xml_arquivo) anexos.push({ tipo: 'substituicao', nome: `${r.chave_acesso}-substituida.xml`, arquivo: r.xml_arquivo, chave: r.chave_acesso, rota: '/pages/vendas/cupom-fiscal' });
    // its cancellation by substitution (evento 110112), as SEFAZ registered it
    if (r.evento_arquivo) anexos.push({ tipo: 'cancelamento', nome: `${r.chave_acesso}-cancelamento-substituicao.xml`, arquivo: r.evento_arquivo, chave: r.chave_acesso, rota: '/pages/vendas/cupom-fiscal' });
  }
  const inut = await q.query<Row>(
    `SELECT id, modelo, serie, numero_inicial, numero_final, arquivo_xml FROM inutilizacoes
      WHERE tenant_id = $1 AND filial_id = $2 AND protocolo IS NOT NULL AND ${noDia('created_at')} ORDER BY id`,
    args,
  );
  for (const r of inut.rows) {
    const rota = '/pages/nfe/inutilizacoes';
    if (r.arquivo_xml) anexos.push({ tipo: 'inutilizacao', nome: `inutilizacao-${r.modelo}-${r.serie}-${r.numero_inicial}-${r.numero_final}.xml`, arquivo: r.arquivo_xml, chave: null, rota });
    else pendencias.push({ mensagem: `A inutilização dos números ${r.numero_inicial} a ${r.numero_final} (série ${r.serie}) não tem o XML guardado.`, rota });
  }
  const ent = await q.query<Row>(
    `SELECT id, numero, cabecalho ->> 'chaveAcesso' AS chave, cabecalho ->> 'numeroNota' AS numero_nota, cabecalho ->> 'serie' AS serie,
            cabecalho ->> 'dataEntrada' AS data, coalesce(cabecalho ->> 'valorTotal', '0') AS total, cabecalho ->> 'xmlArquivo' AS arquivo, (cabecalho ->> 'fornecedorId')::int AS fornecedor_id
       FROM documentos WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'entradaNota' AND estado = 'efetivada'
        AND (cabecalho ->> 'dataEntrada')::date BETWEEN $3::date AND $4::date ORDER BY (cabecalho ->> 'dataEntrada'), id`,
    args,
  );
  for (const r of ent.rows) {
    const rota = `/pages/compras/entrada-nota-fiscal/editar/${r.id}`;
    if (!r.chave) {
      pendencias.push({ mensagem: `A entrada nº ${r.numero} (nota ${r.numero_nota ?? 'sem número'}) não tem chave de acesso: informe a chave ou importe o XML da nota.`, rota });
      continue;
    }
    documentos.push({ origem: 'entrada', id: Number(r.id), modelo: (r.chave.slice(20, 22) === '65' ? '65' : '55'), serie: Number(r.serie ?? r.chave.slice(22, 25)), numero: Number(r.numero_nota ?? r.chave.slice(25, 34)), chave: r.chave, situacao: 'efetivada', data: r.data, total: r.total, arquivo: r.arquivo, rota, participanteId: r.fornecedor_id });
  }
  for (const d of documentos) {
    if (!d.arquivo) pendencias.push({ mensagem: `${rotulo(d)} não tem o XML guardado.`, rota: d.rota });
  }
  return { documentos, anexos, pendencias };
}

export const rotulo = (d: Pick<DocumentoPeriodo, 'origem' | 'numero' | 'serie' | 'chave'>) =>
  `${d.origem === 'entrada' ? 'A NF-e de entrada' : d.origem === 'nfce' ? 'A NFC-e' : 'A NF-e'} ${d.numero}/${d.serie} (chave ${d.chave})`;

/** A stored file; null when the storage does not hold it. */
export async function abrirArquivo(services: Pick<AppServices, 'db' | 'storage'>, tenantId: number, chave: string): Promise<Readable | null> {
  return services.storage.get(chave);
}

export async function lerTexto(services: Pick<AppServices, 'db' | 'storage'>, tenantId: number, chave: string): Promise<string | null> {
  const s = await abrirArquivo(services, tenantId, chave);
  if (!s) return null;
  const partes: Buffer[] = [];
  for await (const c of s) partes.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(partes).toString('utf8');
}

/** The mensagem when the period has nothing to export (no empty file is offered). */
export const semDocumentos = (p: Periodo) => `Nenhum documento fiscal encontrado nesta filial de ${dataBr(p.inicio)} a ${dataBr(p.fim)}: não há arquivo a gerar.`;

/**
 * Reads the files of many documents a window at a time (`janela` in flight), handing them to `usar` in the
 * documents' order: the storage's latency overlaps, memory holds one window.
 */
export async function lerEmOrdem<T>(
  services: Pick<AppServices, 'db' | 'storage'>,
  tenantId: number,
  itens: T[],
  arquivo: (item: T) => string | null,
  usar: (item: T, texto: string | null) => Promise<void> | void,
  janela = 32,
): Promise<void> {
  for (let i = 0; i < itens.length; i += janela) {
    const parte = itens.slice(i, i + janela);
    const textos = await Promise.all(parte.map((it) => {
      const a = arquivo(it);
      return a ? lerTexto(services, tenantId, a) : Promise.resolve(null);
    }));
    for (let j = 0; j < parte.length; j++) await usar(parte[j], textos[j]);
  }
}
