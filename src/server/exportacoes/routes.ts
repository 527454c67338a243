import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { serverAllows } from '../auth/access.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { enfileirarRelatorio } from '../relatorios/routes.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import type { ReportWorker } from '../relatorios/worker.ts';
import { abrirArquivo, dataBr, filialDe, lerDatas, lerDocumentosDoPeriodo, rotulo, semDocumentos, type Pendencia } from './documentos-periodo.ts';
import { FONTE_XML_PERIODO, XML_PERIODO } from './xml-periodo.ts';
import { gerarSped, lerParametrosSped, type ParametrosSped } from './sped-efd.ts';
import { gerarSintegra, lerParametrosSintegra } from './sintegra.ts';
import { HttpError } from '../http/errors.ts';
import type { FastifyReply } from 'fastify';
import { contadorDaConta } from '../contabil/index.ts';
import { arquivoDoLink, guardarArquivoFiscal, JOB_EMAIL, jobEnvioEmail, listarEnvios, pedirEnvio, RECURSO_SINTEGRA, RECURSO_SPED } from './envio-email.ts';

type Row = Record<string, unknown>;

const exigir = (ctx: RequestContext, chave: string, negado: string) => {
  if (!serverAllows(ctx, chave, 'view')) throw forbidden(negado);
};

/**
 * Exportações (SPEC 2.6, issue 36): the accountant's files of a branch's period. The XML ZIP goes through the
 * export queue (relatorios); the SPED and Sintegra files are generated and checked by the validator on request.
 */
export default async function exportacoesRoutes(app: FastifyInstance, { services, worker }: { services: AppServices; worker: ReportWorker | null }) {
  const { db } = services;
  registerReportSources([FONTE_XML_PERIODO]);
  // The month's files to the accountant: sent by a job (retried with backoff when the SMTP server fails).
  services.jobs?.register(JOB_EMAIL, jobEnvioEmail(services), { maxTentativas: 5, esperaBaseMs: 60_000 });

  /**
   * What the period holds and what is missing (each pendência with the route where it is fixed). `conferirArquivos`:
   * also look each file up in the storage (the screen's preview); queuing the ZIP skips it — the job reads every
   * file anyway and lists the missing ones in resumo.xlsx — instead of opening 10,000 files twice.
   */
  const previa = async (ctx: RequestContext, where: unknown, conferirArquivos = true) => {
    const periodo = { filialId: filialDe(ctx), ...lerDatas(where) };
    const lidos = await db.tenant(ctx, (q) => lerDocumentosDoPeriodo(q, ctx, periodo));
    const pendencias: Pendencia[] = [...lidos.pendencias];
    // A file the database names but the storage no longer has: listed before the job is queued. Looked up a window
    // at a time (the storage's latency overlaps), not one after another.
    const comArquivo = conferirArquivos ? lidos.documentos.filter((d) => d.arquivo) : [];
    for (let i = 0; i < comArquivo.length; i += 32) {
      const janela = comArquivo.slice(i, i + 32);
      const achados = await Promise.all(janela.map(async (d) => {
        const s = await abrirArquivo(services, ctx.tenantId, d.arquivo!);
        s?.destroy();
        return !!s;
      }));
      janela.forEach((d, j) => {
        if (!achados[j]) pendencias.push({ mensagem: `${rotulo(d)}: o XML não foi encontrado no armazenamento.`, rota: d.rota });
      });
    }
    const conta = (f: (d: (typeof lidos.documentos)[number]) => boolean) => lidos.documentos.filter(f).length;
    return {
      periodo,
      nfe: conta((d) => d.origem !== 'entrada' && d.modelo === '55'),
      nfce: conta((d) => d.origem !== 'entrada' && d.modelo === '65'),
      entradas: conta((d) => d.origem === 'entrada'),
      eventos: lidos.anexos.filter((a) => a.tipo !== 'inutilizacao').length,
      inutilizacoes: lidos.anexos.filter((a) => a.tipo === 'inutilizacao').length,
      documentos: lidos.documentos.length,
      pendencias,
    };
  };

  app.get('/api/Exportacoes/xml/previa', { schema: { summary: 'Prévia da exportação de XML do período: quantos documentos e inutilizações e as pendências' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarXml', FONTE_XML_PERIODO.negado);
    return previa(ctx, req.query);
  });

  app.post('/api/Exportacoes/xml', { schema: { summary: 'Enfileira o ZIP dos XML de NF-e do período (com DANFE, se pedido) na fila de relatórios' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarXml', FONTE_XML_PERIODO.negado);
    const body = (req.body ?? {}) as Row;
    const p = await previa(ctx, body, false);
    if (p.documentos === 0 && p.inutilizacoes === 0) throw badRequest(semDocumentos(p.periodo));
    const job = await enfileirarRelatorio(services, ctx, {
      recurso: XML_PERIODO,
      tipo: 'zip',
      filter: { where: { inicio: p.periodo.inicio, fim: p.periodo.fim, danfe: body.danfe === true } },
      descricao: `XML de NF-e de ${dataBr(p.periodo.inicio)} a ${dataBr(p.periodo.fim)}`,
    });
    worker?.enfileirado();
    return { ...job, pendencias: p.pendencias };
  });

  const NEGADO_SPED = 'Você não tem permissão para gerar o arquivo SPED.';
  /** Generates and checks the EFD: the problems (each with its route) and whether the file may be downloaded. */
  app.post('/api/Exportacoes/sped/validar', { schema: { summary: 'Gera e confere a EFD do período: os problemas (cada um com a sua tela) e se o arquivo pode ser baixado' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarSped', NEGADO_SPED);
    const r = await gerarSped(services, ctx, await comContador(ctx, lerParametrosSped(req.body, ctx)));
    return { nome: r.nome, codVer: r.codVer, linhas: r.linhas, valido: r.valido, problemas: r.problemas };
  });
  /** The EFD file itself, only when the validator found nothing (a 422 with the problems otherwise). */
  app.post('/api/Exportacoes/sped/arquivo', { schema: { summary: 'O arquivo da EFD, só quando a conferência não achou problema (422 com os problemas senão)' } }, async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarSped', NEGADO_SPED);
    const p = await comContador(ctx, lerParametrosSped(req.body, ctx));
    const r = await gerarSped(services, ctx, p);
    if (r.valido) await guardarArquivoFiscal(services, ctx, { recurso: RECURSO_SPED, nome: r.nome, inicio: p.periodo.inicio, fim: p.periodo.fim, conteudo: latin1(r.texto) });
    return enviarTexto(reply, r);
  });

  const NEGADO_SINTEGRA = 'Você não tem permissão para gerar o arquivo Sintegra.';
  app.post('/api/Exportacoes/sintegra/validar', { schema: { summary: 'Gera e confere o arquivo Sintegra do período: os problemas e se pode ser baixado' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarSintegra', NEGADO_SINTEGRA);
    const r = await gerarSintegra(services, ctx, lerParametrosSintegra(req.body, ctx));
    return { nome: r.nome, linhas: r.linhas, valido: r.valido, problemas: r.problemas };
  });
  app.post('/api/Exportacoes/sintegra/arquivo', { schema: { summary: 'O arquivo Sintegra, só quando a conferência não achou problema' } }, async (req, reply) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarSintegra', NEGADO_SINTEGRA);
    const p = lerParametrosSintegra(req.body, ctx);
    const r = await gerarSintegra(services, ctx, p);
    if (r.valido) await guardarArquivoFiscal(services, ctx, { recurso: RECURSO_SINTEGRA, nome: r.nome, inicio: p.periodo.inicio, fim: p.periodo.fim, conteudo: latin1(r.texto) });
    return enviarTexto(reply, r);
  });

  /** The accountant registered in Contábil (the e-mail and SPED 0100 the screens offer before anything is typed). */
  app.get('/api/Exportacoes/contador', { schema: { summary: 'O contador cadastrado no Contábil (e-mail e dados do registro 0100 do SPED)' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarXml', FONTE_XML_PERIODO.negado);
    return (await db.tenant(ctx, (q) => contadorDaConta(q, ctx.tenantId), { readOnly: true })) ?? {};
  });
  /** The month's ZIP (and its SPED/Sintegra) e-mailed to the accountant by a job; the list of the last e-mails. */
  app.post('/api/Exportacoes/email', { schema: { summary: 'Envia ao contador, por um job, o ZIP do mês (e o SPED/Sintegra)' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarXml', FONTE_XML_PERIODO.negado);
    return pedirEnvio(services, ctx, (req.body ?? {}) as Row, process.env.PUBLIC_URL ?? `${req.protocol}://${req.headers.host}`);
  });
  app.get('/api/Exportacoes/envios', { schema: { summary: 'Os últimos envios ao contador por e-mail' } }, async (req) => {
    const ctx = req.ctx!;
    exigir(ctx, 'app.exportarXml', FONTE_XML_PERIODO.negado);
    return listarEnvios(services, ctx);
  });
  /** The e-mail's download link (public, token in the address; files too large to attach). */
  app.get('/api/Exportacoes/envios/:token/:n', { schema: { summary: 'Baixa um arquivo de um envio ao contador pelo link do e-mail (público, token no endereço)' }, config: { public: true } }, async (req, reply) => {
    const { token, n } = req.params as { token: string; n: string };
    const a = await arquivoDoLink(services, token, /^\d{1,3}$/.test(n) ? Number(n) : -1);
    reply.header('content-type', a.contentType);
    reply.header('content-disposition', `attachment; filename="${a.nome}"`);
    return reply.send(a.corpo);
  });

  /**
   * SPED record 0100: the accountant registered in Contábil, each field typed on the screen taking precedence
   * (the screen may still type another accountant, or fill what the registration lacks, like the phone).
   */
  const comContador = async (ctx: RequestContext, p: ParametrosSped): Promise<ParametrosSped> => {
    const c = await db.tenant(ctx, (q) => contadorDaConta(q, ctx.tenantId), { readOnly: true });
    if (!c) return p;
    const doc = c.cpfCnpj.replace(/\D/g, '');
    const t = p.contabilista;
    return {
      ...p,
      contabilista: {
        nome: t.nome || (c.nome ?? '').slice(0, 100),
        cpf: t.cpf || c.cpf || (doc.length === 11 ? doc : ''),
        cnpj: t.cnpj || (doc.length === 14 ? doc : ''),
        crc: t.crc || c.crc.slice(0, 15),
        email: t.email || c.email,
        fone: t.fone,
      },
    };
  };
}

const latin1 = (texto: string) => Buffer.from(texto.replace(/[^\x00-\xff]/g, '?'), 'latin1');

/** A fiscal text file (ISO-8859-1, CRLF) as a download, or a 422 listing why it is not offered. */
export function enviarTexto(reply: FastifyReply, r: { nome: string; texto: string; valido: boolean; problemas: { mensagem: string; rota: string }[] }) {
  if (!r.valido) throw new HttpError(422, `O arquivo tem ${r.problemas.length} problema(s): corrija-os antes de gerar o arquivo.`, { problemas: r.problemas.slice(0, 200) });
  reply.header('content-type', 'text/plain; charset=iso-8859-1');
  reply.header('content-disposition', `attachment; filename="${r.nome}"`);
  return reply.send(latin1(r.texto));
}
