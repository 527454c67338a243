import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { enfileirarRelatorio } from '../relatorios/routes.ts';
import { tenantKey } from '../storage/interface.ts';
import { PERIODO_MSG, exigirCompetencia, type Mes } from './competencia.ts';
import { diarioDoMes, impostosDoMes } from './lancamentos-contabeis.ts';
import { escreverDiario, leiauteDe } from './leiautes.ts';
import { lerExportacao } from './exportacao.ts';

export type { Mes };

/**
 * Closing the month (issue 37 item 3): the checklist of a branch's month and the files attached to the closing.
 * What the fiscal exports know (the XML of the period and what is missing, the SPED validation, the files) is read
 * through their public face — the HTTP API of exportações, called in-process with the caller's own session, and the
 * report queue's source `ExportacaoXmlNfe` — never copied here.
 */

/** The export queue's source of the period's XML ZIP (exportações registers it under this name). */
const FONTE_XML = 'ExportacaoXmlNfe';

export interface ItemChecklist {
  chave: 'notas' | 'pdv' | 'conciliacao' | 'inventario' | 'xml' | 'sped';
  titulo: string;
  ok: boolean;
  /** A blocking item keeps the month open until it is resolved; the others are the accountant's call. */
  bloqueia: boolean;
  detalhe: string;
  /** Where it is fixed (a screen route). */
  rota: string | null;
}

export interface Checklist {
  filialId: number;
  filial: string;
  competencia: string;
  itens: ItemChecklist[];
  podeFechar: boolean;
}


const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** The branch and month asked for, checked (the branch belongs to the session's account). */
export async function lerMes(q: Queryable, ctx: RequestContext, body: Record<string, unknown>): Promise<Mes> {
  const competencia = exigirCompetencia(body.competencia);
  const filialId = Number(body.filialId ?? ctx.branchId);
  const filial = (
    await q.query<{ nome: string }>('SELECT coalesce(apelido, nome) AS nome FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, Number.isSafeInteger(filialId) ? filialId : 0])
  ).rows[0];
  if (!filial) throw notFound(PERIODO_MSG.filialNaoEncontrada);
  const fim = (await q.query<{ fim: string }>(`SELECT to_char(($1::date + interval '1 month' - interval '1 day')::date, 'YYYY-MM-DD') AS fim`, [competencia])).rows[0].fim;
  return {
    filialId,
    filial: filial.nome,
    inicio: competencia,
    fim,
    rotulo: `${competencia.slice(5, 7)}/${competencia.slice(0, 4)}`,
    mes: competencia.slice(0, 7),
  };
}

/** The items the database answers: fiscal notes and NFC-e still pending, bank lines not reconciled, February's inventory. */
async function itensDoBanco(q: Queryable, ctx: RequestContext, m: Mes): Promise<ItemChecklist[]> {
  const fuso = `coalesce((SELECT fuso_horario FROM branches WHERE tenant_id = $1 AND id = $2), 'America/Sao_Paulo')`;
  const notas = (
    await q.query<{
      rejeitadas: number;
      transmitindo: number;
      contingencia: number;
    }>(
      `SELECT count(*) FILTER (WHERE status = 'rejeitada')::int AS rejeitadas, count(*) FILTER (WHERE status = 'transmitindo')::int AS transmitindo,
              count(*) FILTER (WHERE status = 'contingencia')::int AS contingencia
         FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND status IN ('rejeitada', 'transmitindo', 'contingencia')
          AND (coalesce(data_emissao, updated_at) AT TIME ZONE ${fuso})::date BETWEEN $3 AND $4`,
      [ctx.tenantId, m.filialId, m.inicio, m.fim],
    )
  ).rows[0];
  const pendNotas = [
    notas.rejeitadas ? plural(notas.rejeitadas, 'rejeitada', 'rejeitadas') : '',
    notas.transmitindo ? plural(notas.transmitindo, 'transmitindo', 'transmitindo') : '',
    notas.contingencia ? plural(notas.contingencia, 'em contingência', 'em contingência') : '',
  ].filter(Boolean);
  const pdv = (
    await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pdv_vendas WHERE tenant_id = $1 AND filial_id = $2 AND situacao IN ('pendente', 'erro', 'contingencia')
          AND (emitida_em AT TIME ZONE ${fuso})::date BETWEEN $3 AND $4`,
      [ctx.tenantId, m.filialId, m.inicio, m.fim],
    )
  ).rows[0].n;
  const ofx = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM transacoes_ofx WHERE tenant_id = $1 AND status = 0 AND data BETWEEN $2 AND $3`, [ctx.tenantId, m.inicio, m.fim])).rows[0].n;
  const itens: ItemChecklist[] = [
    {
      chave: 'notas',
      titulo: 'NF-e autorizadas (nenhuma rejeitada, transmitindo ou em contingência)',
      ok: pendNotas.length === 0,
      bloqueia: true,
      detalhe: pendNotas.length ? `NF-e do mês: ${pendNotas.join(', ')}.` : 'Todas as NF-e do mês estão resolvidas.',
      rota: 'pages/nfe/notas-processadas',
    },
    {
      chave: 'pdv',
      titulo: 'NFC-e do PDV transmitidas (contingências resolvidas)',
      ok: pdv === 0,
      bloqueia: true,
      detalhe: pdv ? `${plural(pdv, 'cupom', 'cupons')} do PDV pendente(s), com erro ou em contingência.` : 'Todos os cupons do mês foram autorizados.',
      rota: 'pages/vendas/cupom-erro',
    },
    {
      chave: 'conciliacao',
      titulo: 'Conciliação bancária',
      ok: ofx === 0,
      bloqueia: false,
      detalhe: ofx ? `${plural(ofx, 'lançamento do extrato não conciliado', 'lançamentos do extrato não conciliados')}.` : 'Nenhum lançamento de extrato pendente no mês.',
      rota: 'pages/financeiro/conciliacao-ofx',
    },
  ];
  if (m.mes.endsWith('-02')) {
    const dia = `${Number(m.mes.slice(0, 4)) - 1}-12-31`;
    const inv = (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM inventarios_sped WHERE tenant_id = $1 AND filial_id = $2 AND data_inventario = $3', [ctx.tenantId, m.filialId, dia]))
      .rows[0].n;
    itens.push({
      chave: 'inventario',
      titulo: `Inventário de estoque em 31/12/${dia.slice(0, 4)} (SPED de fevereiro)`,
      ok: inv > 0,
      bloqueia: false,
      detalhe: inv ? `${plural(inv, 'item inventariado', 'itens inventariados')}.` : 'Nenhum inventário registrado em 31/12: o bloco H do SPED de fevereiro ficará sem itens.',
      rota: 'pages/fiscais/inventario-sped',
    });
  }
  return itens;
}

/** Calls an exportações route in-process as the same session, for the branch being closed. */
async function exportacoes(app: FastifyInstance, authorization: string | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const r = await app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: authorization ? { authorization } : {},
  });
  return r;
}

/** The items exportações answers: the period's XML (what is missing) and the SPED validation. */
async function itensDasExportacoes(app: FastifyInstance, ctx: RequestContext, authorization: string | undefined, m: Mes): Promise<ItemChecklist[]> {
  const xml = (ok: boolean, detalhe: string, rota: string | null): ItemChecklist => ({ chave: 'xml', titulo: 'XML do período completos', ok, bloqueia: false, detalhe, rota });
  const sped = (ok: boolean, detalhe: string, rota: string | null): ItemChecklist => ({ chave: 'sped', titulo: 'SPED validado', ok, bloqueia: false, detalhe, rota });
  if (m.filialId !== ctx.branchId) {
    const detalhe = `Entre na filial ${m.filial} (menu do usuário, trocar filial) para conferir os XML e o SPED dela.`;
    return [xml(false, detalhe, null), sped(false, detalhe, null)];
  }
  const primeiras = (p: { mensagem: string }[]) =>
    p
      .slice(0, 3)
      .map((x) => x.mensagem)
      .join(' ');
  const previa = await exportacoes(app, authorization, 'GET', `/api/Exportacoes/xml/previa?inicio=${m.inicio}&fim=${m.fim}`);
  let itemXml: ItemChecklist;
  if (previa.statusCode === 200) {
    const p = previa.json() as { documentos: number; pendencias: { mensagem: string; rota: string }[] };
    const detalhe = p.pendencias.length ? `${plural(p.pendencias.length, 'pendência', 'pendências')}: ${primeiras(p.pendencias)}` : `${plural(p.documentos, 'documento', 'documentos')} com XML no período.`;
    itemXml = xml(p.pendencias.length === 0, detalhe, p.pendencias[0]?.rota ?? 'pages/nfe/exportar-xml-nfe');
  } else itemXml = xml(false, mensagemDe(previa), 'pages/nfe/exportar-xml-nfe');
  const validacao = await exportacoes(app, authorization, 'POST', '/api/Exportacoes/sped/validar', { mes: m.mes });
  let itemSped: ItemChecklist;
  if (validacao.statusCode === 200) {
    const v = validacao.json() as { valido: boolean; problemas: { mensagem: string; rota: string }[] };
    const detalhe = v.valido ? 'O arquivo SPED EFD ICMS/IPI do mês passou pelo validador.' : `${plural(v.problemas.length, 'problema', 'problemas')}: ${primeiras(v.problemas)}`;
    itemSped = sped(v.valido, detalhe, v.problemas[0]?.rota ?? 'pages/fiscais/gerar-arquivo-sped');
  } else itemSped = sped(false, mensagemDe(validacao), 'pages/fiscais/gerar-arquivo-sped');
  return [itemXml, itemSped];
}

function mensagemDe(r: { statusCode: number; json: () => unknown }): string {
  try {
    const m = (r.json() as { error?: { message?: string } }).error?.message;
    if (m) return m;
  } catch {
    // not JSON
  }
  return `Não foi possível conferir agora (${r.statusCode}).`;
}

export async function checklistDoMes(app: FastifyInstance, services: AppServices, ctx: RequestContext, authorization: string | undefined, body: Record<string, unknown>): Promise<Checklist> {
  const { m, itens } = await services.db.tenant(
    ctx,
    async (q) => {
      const m = await lerMes(q, ctx, body);
      return { m, itens: await itensDoBanco(q, ctx, m) };
    },
    { readOnly: true },
  );
  itens.push(...(await itensDasExportacoes(app, ctx, authorization, m)));
  return {
    filialId: m.filialId,
    filial: m.filial,
    competencia: m.rotulo,
    itens,
    podeFechar: itens.every((i) => i.ok || !i.bloqueia),
  };
}

/**
 * The month's files, after the closing committed: the XML ZIP queued on the export queue (as the closing user, for
 * the closed branch), the SPED and the Sintegra files (each only when its validator passes) kept in the storage; each attached to the
 * closing, with why when it could not be made.
 */
export async function gerarArquivosDoFechamento(app: FastifyInstance, services: AppServices, ctx: RequestContext, authorization: string | undefined, periodoId: number, m: Mes) {
  const anexos: {
    tipo: string;
    nome: string;
    situacao: 'gerado' | 'enfileirado' | 'vazio' | 'erro';
    relatorioId?: number;
    arquivo?: string;
    detalhe?: string;
  }[] = [];
  const dataBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const previa = m.filialId === ctx.branchId ? await exportacoes(app, authorization, 'GET', `/api/Exportacoes/xml/previa?inicio=${m.inicio}&fim=${m.fim}`) : null;
  const vazio = previa?.statusCode === 200 && (previa.json() as { documentos: number; inutilizacoes: number }).documentos + (previa.json() as { inutilizacoes: number }).inutilizacoes === 0;
  if (vazio)
    anexos.push({
      tipo: 'xml',
      nome: `XML ${m.rotulo} (ZIP)`,
      situacao: 'vazio',
      detalhe: 'Nenhum documento fiscal no mês.',
    });
  else
    try {
      const job = await enfileirarRelatorio(
        services,
        { ...ctx, branchId: m.filialId },
        {
          recurso: FONTE_XML,
          tipo: 'zip',
          filter: { where: { inicio: m.inicio, fim: m.fim } },
          descricao: `XML de NF-e de ${dataBr(m.inicio)} a ${dataBr(m.fim)} (fechamento ${m.rotulo})`,
        },
      );
      services.jobs?.kick();
      anexos.push({
        tipo: 'xml',
        nome: `XML ${m.rotulo} (ZIP)`,
        situacao: 'enfileirado',
        relatorioId: Number(job.id),
      });
    } catch (e) {
      anexos.push({
        tipo: 'xml',
        nome: `XML ${m.rotulo} (ZIP)`,
        situacao: 'erro',
        detalhe: (e as Error).message,
      });
    }
  // The SPED and the Sintegra of the closed branch, each made by exportações (its validator decides) and kept.
  for (const [tipo, rotulo, url] of [['sped', 'SPED', '/api/Exportacoes/sped/arquivo'], ['sintegra', 'Sintegra', '/api/Exportacoes/sintegra/arquivo']] as const) {
    if (m.filialId !== ctx.branchId) {
      anexos.push({ tipo, nome: `${rotulo} ${m.rotulo}`, situacao: 'erro', detalhe: `Gere o ${rotulo} da filial ${m.filial} entrando nela.` });
      continue;
    }
    const r = await exportacoes(app, authorization, 'POST', url, { mes: m.mes });
    if (r.statusCode === 200) {
      const nome = /filename="([^"]+)"/.exec(String(r.headers['content-disposition'] ?? ''))?.[1] ?? `${rotulo}-${m.mes}.txt`;
      const arquivo = tenantKey(ctx.tenantId, 'contabil', `fechamento-${periodoId}-${nome.replace(/[^\w.-]/g, '_')}`);
      await services.storage.put(arquivo, r.rawPayload, { contentType: 'text/plain; charset=iso-8859-1' });
      anexos.push({ tipo, nome, situacao: 'gerado', arquivo });
    } else anexos.push({ tipo, nome: `${rotulo} ${m.rotulo}`, situacao: 'erro', detalhe: mensagemDe(r) });
  }
  // The month's journal entries (generic CSV layout), when the mapping covers every movement.
  const impostos = await impostosDoMes(services, ctx, m);
  const diario = await services.db.tenant(ctx, (q) => diarioDoMes(q, ctx, m, impostos), { readOnly: true });
  if (!diario.valido) anexos.push({ tipo: 'lancamentos', nome: `Lançamentos contábeis ${m.rotulo}`, situacao: 'erro', detalhe: diario.pendencias.map((p) => p.mensagem).join(' ') });
  else if (!diario.lancamentos.length) anexos.push({ tipo: 'lancamentos', nome: `Lançamentos contábeis ${m.rotulo}`, situacao: 'vazio', detalhe: 'Nenhum movimento financeiro no mês.' });
  else {
    const nome = `lancamentos-contabeis-${m.mes}.csv`;
    const arquivo = tenantKey(ctx.tenantId, 'contabil', `fechamento-${periodoId}-${nome}`);
    await services.storage.put(arquivo, escreverDiario(diario), { contentType: 'text/csv; charset=utf-8' });
    anexos.push({ tipo: 'lancamentos', nome, situacao: 'gerado', arquivo });
    // And in the layout the accountant chose for this account (e.g. Domínio with the company code), when not the generic one.
    const { leiaute: id, parametros, cnpj, usuario } = await services.db.tenant(
      ctx,
      async (q) => ({
        ...(await lerExportacao(q, ctx)),
        cnpj: ((await q.query<{ c: string | null }>('SELECT cpf_cnpj AS c FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, m.filialId])).rows[0]?.c ?? '').replace(/\D/g, ''),
        usuario: (await q.query<{ n: string }>('SELECT nome AS n FROM users WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId])).rows[0]?.n ?? '',
      }),
      { readOnly: true },
    );
    if (id !== 'generico') {
      const rotulo = `Lançamentos contábeis ${m.rotulo} (${id})`;
      try {
        const leiaute = leiauteDe(id);
        const conteudo = escreverDiario(diario, leiaute, { cnpj, usuario, parametros });
        const nomeLeiaute = `lancamentos-contabeis-${m.mes}-${id}.${leiaute.extensao}`;
        const arq = tenantKey(ctx.tenantId, 'contabil', `fechamento-${periodoId}-${nomeLeiaute}`);
        await services.storage.put(arq, conteudo, { contentType: leiaute.codificacao === 'latin1' ? 'text/plain; charset=iso-8859-1' : 'text/csv; charset=utf-8' });
        anexos.push({ tipo: 'lancamentos', nome: nomeLeiaute, situacao: 'gerado', arquivo: arq });
      } catch (e) {
        // a layout no longer listed, a missing company code, an account code that does not fit: why, on the closing
        if (!(e instanceof HttpError)) throw e;
        anexos.push({ tipo: 'lancamentos', nome: rotulo, situacao: 'erro', detalhe: e.message });
      }
    }
  }
  await services.db.tenant(ctx, async (q) => {
    for (const a of anexos) {
      await q.query(`INSERT INTO contabil_periodos_arquivos (tenant_id, periodo_id, tipo, nome, situacao, relatorio_id, arquivo, detalhe) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        ctx.tenantId,
        periodoId,
        a.tipo,
        a.nome,
        a.situacao,
        a.relatorioId ?? null,
        a.arquivo ?? null,
        a.detalhe?.slice(0, 500) ?? null,
      ]);
    }
  });
  return anexos;
}

/** The files of a closing, the queued ones with the export queue's current state. */
export async function arquivosDoPeriodo(q: Queryable, ctx: RequestContext, periodoId: number) {
  return (
    await q.query(
      `SELECT a.id, a.tipo, a.nome, CASE WHEN a.relatorio_id IS NULL THEN a.situacao WHEN r.status = 1 THEN 'gerado' WHEN r.status IN (2, 3) OR r.id IS NULL THEN 'erro' ELSE 'enfileirado' END AS situacao,
              a.relatorio_id AS "relatorioId", coalesce(a.detalhe, r.erro->>'message') AS detalhe
         FROM contabil_periodos_arquivos a LEFT JOIN relatorios r ON r.tenant_id = a.tenant_id AND r.id = a.relatorio_id
        WHERE a.tenant_id = $1 AND a.periodo_id = $2 ORDER BY a.id`,
      [ctx.tenantId, periodoId],
    )
  ).rows;
}

/** A file kept by the closing (the SPED), as a download. */
export async function arquivoDoFechamento(services: AppServices, ctx: RequestContext, periodoId: number, arquivoId: number) {
  const a = await services.db.tenant(
    ctx,
    async (q) =>
      (
        await q.query<{ nome: string; arquivo: string | null }>('SELECT nome, arquivo FROM contabil_periodos_arquivos WHERE tenant_id = $1 AND periodo_id = $2 AND id = $3', [
          ctx.tenantId,
          periodoId,
          arquivoId,
        ])
      ).rows[0],
    { readOnly: true },
  );
  if (!a?.arquivo) throw notFound('Arquivo não encontrado.');
  const s = await services.storage.get(a.arquivo);
  if (!s) throw notFound('Arquivo não encontrado no armazenamento.');
  return { nome: a.nome, stream: s };
}
