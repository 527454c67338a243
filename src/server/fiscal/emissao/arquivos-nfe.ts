// What is read from an NF-e: its authorised XML, the DANFE (or a draft's preview), the XSD check and its event list.
import type { Queryable } from '../../db/db.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assinadorDe } from '../assinatura-xml.ts';
import { gerarDanfe } from '../danfe.ts';
import { calcularNfe } from '../../../shared/fiscal/nfe-calculo.ts';
import { montarNfe } from '../nfe.ts';
import { pacoteDoDocumento, validarMensagem } from '../validacao-xsd.ts';
import { abrirCertificado, paraBuffer } from './certificados.ts';
import { type CtxEmissao, type Servicos, comFuso, configuracaoNfe, iso, lerNota, rascunhoDe, ultimoNumero, validarDados } from './dados-nota.ts';
import { montarDocumento } from './montagem.ts';

// Cancelamento, carta de correção, consulta and inutilização: eventos.ts (the outbox, SEFAZ called after the commit).

export async function eventosDaNota(q: Queryable, ctx: CtxEmissao, notaId: number) {
  await lerNota(q, ctx, notaId);
  const r = await q.query(`SELECT id, tipo, sequencia, texto, cstat, motivo, protocolo, created_at FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [ctx.tenantId, notaId]);
  return r.rows.map((e) => ({ id: Number(e.id), tipo: e.tipo, sequencia: e.sequencia, texto: e.texto, cStat: e.cstat, xMotivo: e.motivo, protocolo: e.protocolo, data: iso(e.created_at) }));
}

export async function xmlDaNota(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number): Promise<{ nome: string; xml: Buffer }> {
  const nota = await lerNota(q, ctx, notaId);
  if (!nota.arquivo_xml || !['autorizada', 'cancelada', 'contingencia', 'denegada'].includes(nota.status)) throw conflict('Esta nota ainda não foi autorizada: não há XML autorizado.');
  const s = await services.storage.get(nota.arquivo_xml);
  if (!s) throw notFound('O XML desta nota não foi encontrado no armazenamento.');
  return { nome: `${nota.chave}-procNFe.xml`, xml: await paraBuffer(s) };
}

/** DANFE of an authorised note (with its protocol) or a preview of a draft (provisional number, no protocol). */
export async function danfeDaNota(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number): Promise<{ nome: string; pdf: Buffer }> {
  const nota = await lerNota(q, ctx, notaId);
  if (nota.status === 'transmitindo') throw conflict('Esta nota está sendo transmitida à SEFAZ: o DANFE sai quando ela for autorizada.');
  if (nota.status === 'rejeitada' && nota.dados?.numeroMantido) {
    throw conflict(`A SEFAZ recusou a EPEC desta nota: ela não vale como documento fiscal e o DANFE não pode ser impresso. Transmita de novo quando a SEFAZ voltar, ou inutilize o número ${nota.numero}.`);
  }
  if (nota.dados?.documento) {
    const calculo = calcularNfe(nota.dados.documento);
    const fuso = (await q.query<{ f: string }>('SELECT fuso_horario AS f FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, nota.filial_id])).rows[0]?.f;
    const dh = nota.data_autorizacao ? comFuso(new Date(nota.data_autorizacao), fuso) : undefined;
    const pdf = await gerarDanfe({ calculo, protocolo: nota.protocolo ? { nProt: nota.protocolo, dhRecbto: dh! } : undefined });
    return { nome: `${nota.chave}.pdf`, pdf };
  }
  const dados = validarDados(rascunhoDe(nota.dados));
  const conf = await configuracaoNfe(q, ctx.tenantId, Number(nota.filial_id));
  const m = await montarDocumento(q, { ...ctx, branchId: Number(nota.filial_id) }, dados, (await ultimoNumero(q, ctx.tenantId, Number(nota.filial_id), 'nfe', conf.serieNfe)) + 1);
  return { nome: `previa-nota-${notaId}.pdf`, pdf: await gerarDanfe({ calculo: calcularNfe(m.doc) }) };
}

/** Validate: the draft built and checked against the official XSD (unsigned build, signature placeholder not needed). */
export async function validarNotaFiscal(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number) {
  const nota = await lerNota(q, ctx, notaId);
  const dados = validarDados(rascunhoDe(nota.dados));
  const filialId = Number(nota.filial_id);
  const conf = await configuracaoNfe(q, ctx.tenantId, filialId);
  const m = await montarDocumento(q, { ...ctx, branchId: filialId }, dados, (await ultimoNumero(q, ctx.tenantId, filialId, 'nfe', conf.serieNfe)) + 1);
  const cert = await abrirCertificado(services, q, ctx.tenantId, filialId);
  const montada = montarNfe(m.doc, assinadorDe(cert));
  const v = await validarMensagem(montada.xml, pacoteDoDocumento(montada.xml));
  return { valido: v.valido, erros: v.erros.map((e) => ({ caminho: e.caminho, mensagem: e.mensagem })), total: montada.calculo.totais.vNF.toFixed(2) };
}
