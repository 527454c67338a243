import { createWriteStream } from 'node:fs';
import archiver from 'archiver';
import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { serverAllows } from '../auth/access.ts';
import type { ReportSource } from '../relatorios/sources.ts';
import { column } from '../relatorios/columns.ts';
import { danfeDaNota } from '../fiscal/emissao/notas.ts';
import { pacoteDoDocumento, validarMensagem } from '../fiscal/validacao-xsd.ts';
import { abrirArquivo, dataBr, filialDe, lerDatas, lerDocumentosDoPeriodo, lerEmOrdem, rotulo, type DocumentoPeriodo, type Pendencia } from './documentos-periodo.ts';
import { lerNotaFiscal } from './nfe-fiscal.ts';

type Row = Record<string, unknown>;

export const XML_PERIODO = 'ExportacaoXmlNfe';
const PASTA = { nfe: 'emitidas/nfe', nfce: 'emitidas/nfce', entrada: 'entradas' } as const;
const PASTA_ANEXO = { cancelamento: 'eventos', cce: 'eventos', substituicao: 'eventos/substituicao', inutilizacao: 'inutilizacoes' } as const;
const SITUACAO: Record<string, string> = { autorizada: 'Autorizada', cancelada: 'Cancelada', denegada: 'Denegada', efetivada: 'Recebida' };

/** Where a document's nfeProc goes inside the ZIP. */
export const nomeNoZip = (d: Pick<DocumentoPeriodo, 'origem' | 'chave'>) => `${PASTA[d.origem]}/${d.chave}-procNFe.xml`;

export interface LinhaArquivo {
  arquivo: string;
  tipo: string;
  modelo: string;
  serie: number | null;
  numero: number | null;
  chave: string | null;
  situacao: string;
  data: string | null;
  valor: Decimal | null;
}

/**
 * The XML of a branch's period as a ZIP (issue 36 item 1), written by the export queue (relatorios): every
 * authorised NF-e and NFC-e (nfeProc), their events, the inutilizações, the entry notes received, optionally the
 * DANFE of each NF-e, and resumo.xlsx whose sheets count and add up exactly the files put in the ZIP. The ZIP is
 * streamed to the scratch file by archiver, one entry at a time (memory stays flat however long the month).
 */
export const FONTE_XML_PERIODO: ReportSource = {
  name: XML_PERIODO,
  title: 'XML de NF-e e NFC-e',
  allowed: (ctx) => serverAllows(ctx, 'app.exportarXml', 'view'),
  negado: 'Você não tem permissão para exportar os XML das notas fiscais.',
  parametros: (where) => {
    const w = (where && typeof where === 'object' ? where : {}) as Row;
    return { ...lerDatas(where), danfe: w.danfe === true };
  },
  // The documents of the period as a table (the list the ZIP holds); the queue offers this source as a ZIP.
  columns: () => [column('modelo', 'Modelo', 'text'), column('serie', 'Série', 'integer'), column('numero', 'Número', 'integer'), column('chave', 'Chave de acesso', 'text', 3), column('situacao', 'Situação', 'text'), column('total', 'Valor', 'money')],
  async chunk(q, ctx, p, after) {
    if (after) return { rows: [], after };
    const lidos = await lerDocumentosDoPeriodo(q, ctx, { filialId: filialDe(ctx), inicio: String(p.inicio), fim: String(p.fim) });
    return { rows: lidos.documentos.map((d) => ({ modelo: d.modelo, serie: d.serie, numero: d.numero, chave: d.chave, situacao: SITUACAO[d.situacao] ?? d.situacao, total: d.total })), after: true };
  },
  arquivo: {
    tipos: ['zip'],
    escrever: escreverZip,
  },
};

async function escreverZip(file: string, ctx: RequestContext, parametros: Row, services: AppServices, progresso: (feitos: number, total: number) => Promise<void>): Promise<number> {
  const periodo = { filialId: filialDe(ctx), inicio: String(parametros.inicio), fim: String(parametros.fim) };
  const lidos = await services.db.tenant(ctx, (q) => lerDocumentosDoPeriodo(q, ctx, periodo));
  const total = lidos.documentos.length + lidos.anexos.length;
  const pendencias: Pendencia[] = [...lidos.pendencias];
  const linhas: LinhaArquivo[] = [];
  const porCfop = new Map<string, { tipo: string; modelo: string; serie: number; cfop: string; situacao: string; itens: number; valor: Decimal }>();

  const zip = archiver('zip', { zlib: { level: 1 } });
  const saida = createWriteStream(file);
  const fechado = new Promise<void>((resolve, reject) => {
    saida.on('close', resolve);
    saida.on('error', reject);
    zip.on('error', reject);
  });
  zip.pipe(saida);
  // A bounded queue: archiver holds at most EM_FILA entries not yet compressed; reading waits for it to drain.
  const EM_FILA = 64;
  let pendentes = 0;
  let drenou: (() => void) | null = null;
  zip.on('entry', () => {
    pendentes--;
    if (drenou && pendentes <= EM_FILA / 2) {
      const d = drenou;
      drenou = null;
      d();
    }
  });
  const adicionar = async (conteudo: Buffer | string, nome: string) => {
    pendentes++;
    zip.append(conteudo, { name: nome, date: new Date() });
    if (pendentes > EM_FILA) await new Promise<void>((ok) => (drenou = ok));
  };

  let feitos = 0;
  await lerEmOrdem(services, ctx.tenantId, lidos.documentos, (d) => d.arquivo, async (d, xml) => {
    feitos++;
    if (feitos % 500 === 0) await progresso(feitos, total);
    if (!d.arquivo) return;
    if (xml === null) {
      pendencias.push({ mensagem: `${rotulo(d)}: o XML não foi encontrado no armazenamento.`, rota: d.rota });
      return;
    }
    const nome = nomeNoZip(d);
    let valor: Decimal;
    try {
      const nota = lerNotaFiscal(xml);
      valor = new Decimal(nota.total.vNF);
      const tipo = d.origem === 'entrada' ? 'Entrada' : 'Saída';
      for (const i of nota.itens) {
        const k = [tipo, d.modelo, d.serie, i.cfop, d.situacao].join('|');
        const c = porCfop.get(k) ?? { tipo, modelo: d.modelo, serie: d.serie, cfop: i.cfop, situacao: SITUACAO[d.situacao] ?? d.situacao, itens: 0, valor: new Decimal(0) };
        c.itens++;
        c.valor = c.valor.plus(i.vProd).minus(i.vDesc).plus(i.vFrete).plus(i.vSeg).plus(i.vOutro).plus(i.vICMSST).plus(i.vIPI).plus(i.vII);
        porCfop.set(k, c);
      }
    } catch {
      pendencias.push({ mensagem: `${rotulo(d)}: o XML guardado não é uma NF-e legível.`, rota: d.rota });
      return;
    }
    await adicionar(xml, nome);
    linhas.push({ arquivo: nome, tipo: d.origem === 'entrada' ? 'Entrada' : 'Saída', modelo: d.modelo, serie: d.serie, numero: d.numero, chave: d.chave, situacao: SITUACAO[d.situacao] ?? d.situacao, data: d.data, valor });
    if (parametros.danfe === true && d.origem === 'nfe' && d.modelo === '55') {
      const danfe = await services.db
        .tenant(ctx, (q) => danfeDaNota(services, q, { tenantId: ctx.tenantId, userId: ctx.userId, branchId: periodo.filialId }, d.id))
        .catch(() => null);
      if (danfe) {
        const nomePdf = `danfe/${d.chave}.pdf`;
        await adicionar(danfe.pdf, nomePdf);
        linhas.push({ arquivo: nomePdf, tipo: 'DANFE', modelo: d.modelo, serie: d.serie, numero: d.numero, chave: d.chave, situacao: SITUACAO[d.situacao] ?? d.situacao, data: d.data, valor: null });
      } else pendencias.push({ mensagem: `${rotulo(d)}: não foi possível gerar o DANFE.`, rota: d.rota });
    }
  });
  for (const a of lidos.anexos) {
    feitos++;
    if (feitos % 500 === 0) await progresso(feitos, total);
    const s = await abrirArquivo(services, ctx.tenantId, a.arquivo);
    if (!s) {
      pendencias.push({ mensagem: `O XML ${a.nome} não foi encontrado no armazenamento.`, rota: a.rota });
      continue;
    }
    const partes: Buffer[] = [];
    for await (const c of s) partes.push(c as Buffer);
    const conteudo = Buffer.concat(partes);
    const nome = `${PASTA_ANEXO[a.tipo]}/${a.nome}`;
    // Events (procEventoNFe: cancelamento, CC-e, cancelamento por substituição) checked against their XSD before
    // they are offered; one that fails stays out of the ZIP, listed with the reason.
    if (a.tipo === 'cancelamento' || a.tipo === 'cce') {
      const texto = conteudo.toString('utf8');
      const v = await validarMensagem(texto, pacoteDoDocumento(texto)).catch((e: Error) => ({ valido: false, erros: [{ caminho: '', mensagem: e.message }] }));
      if (!v.valido) {
        pendencias.push({ mensagem: `O XML ${a.nome} não passou na validação do schema da SEFAZ: ${v.erros[0]?.mensagem ?? 'erro desconhecido'}`, rota: a.rota });
        continue;
      }
    }
    await adicionar(conteudo, nome);
    const tipo = { cancelamento: 'Evento de cancelamento', cce: 'Carta de correção', substituicao: 'NFC-e substituída', inutilizacao: 'Inutilização' }[a.tipo];
    linhas.push({ arquivo: nome, tipo, modelo: a.chave ? a.chave.slice(20, 22) : '', serie: a.chave ? Number(a.chave.slice(22, 25)) : null, numero: a.chave ? Number(a.chave.slice(25, 34)) : null, chave: a.chave, situacao: '', data: null, valor: null });
  }
  await adicionar(await planilhaResumo(periodo, linhas, [...porCfop.values()], pendencias), 'resumo.xlsx');
  await zip.finalize();
  await fechado;
  await progresso(total, total);
  return linhas.length;
}

/** resumo.xlsx: counts and totals per model, série and situação, per CFOP, the list of files, the pendências. */
export async function planilhaResumo(
  periodo: { inicio: string; fim: string },
  linhas: LinhaArquivo[],
  cfops: { tipo: string; modelo: string; serie: number; cfop: string; situacao: string; itens: number; valor: Decimal }[],
  pendencias: Pendencia[],
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const moeda = '"R$" #,##0.00';
  const resumo = wb.addWorksheet('Resumo');
  resumo.addRow([`XML de ${dataBr(periodo.inicio)} a ${dataBr(periodo.fim)}`]);
  resumo.addRow(['Tipo', 'Modelo', 'Série', 'Situação', 'Quantidade', 'Valor total']);
  const grupos = new Map<string, { tipo: string; modelo: string; serie: number; situacao: string; n: number; valor: Decimal }>();
  for (const l of linhas) {
    if (!l.valor) continue;
    const k = [l.tipo, l.modelo, l.serie, l.situacao].join('|');
    const g = grupos.get(k) ?? { tipo: l.tipo, modelo: l.modelo, serie: l.serie ?? 0, situacao: l.situacao, n: 0, valor: new Decimal(0) };
    g.n++;
    g.valor = g.valor.plus(l.valor);
    grupos.set(k, g);
  }
  for (const g of grupos.values()) resumo.addRow([g.tipo, g.modelo, g.serie, g.situacao, g.n, Number(g.valor.toFixed(2))]).getCell(6).numFmt = moeda;
  const cf = wb.addWorksheet('Por CFOP');
  cf.addRow(['Tipo', 'Modelo', 'Série', 'CFOP', 'Situação', 'Itens', 'Valor dos itens']);
  for (const c of [...cfops].sort((a, b) => a.cfop.localeCompare(b.cfop))) cf.addRow([c.tipo, c.modelo, c.serie, c.cfop, c.situacao, c.itens, Number(c.valor.toFixed(2))]).getCell(7).numFmt = moeda;
  const arq = wb.addWorksheet('Arquivos');
  arq.addRow(['Arquivo', 'Tipo', 'Modelo', 'Série', 'Número', 'Chave de acesso', 'Situação', 'Data', 'Valor']);
  for (const l of linhas) {
    const r = arq.addRow([l.arquivo, l.tipo, l.modelo, l.serie, l.numero, l.chave, l.situacao, l.data ? dataBr(l.data) : null, l.valor ? Number(l.valor.toFixed(2)) : null]);
    r.getCell(9).numFmt = moeda;
  }
  const pend = wb.addWorksheet('Pendências');
  pend.addRow(['Pendência', 'Onde corrigir']);
  for (const p of pendencias) pend.addRow([p.mensagem, p.rota]);
  for (const ws of [resumo, cf, arq, pend]) ws.columns.forEach((c) => (c.width = 18));
  arq.getColumn(1).width = 70;
  arq.getColumn(6).width = 48;
  pend.getColumn(1).width = 90;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
