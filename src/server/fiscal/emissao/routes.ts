import { avisoIbsCbs } from '../../fiscal-config/ibscbs-emissao.ts';
import { emitenteDaFilial } from '../../fiscal-config/tributacao.ts';
import { isoComFuso } from '../../../shared/dates.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import type { PeriodicKind } from '../../jobs/index.ts';
import { serverAllows } from '../../auth/access.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { LevelName } from '../../../shared/permissions.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { JSON_TEXT, query } from '../../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer, INT, objectOf, TEXT_OR_NULL } from '../../http/route-schema.ts';
import { parseId } from '../../resources/crud.ts';
import { condicoesDaFilial, filtroDaConsulta } from '../../resources/filter-sql.ts';
import { alertarVencimentos, certificadoAtivo, gravarCertificado, resumo } from './certificados.ts';
import {
  configuracaoNfe,
  contextoTributacao,
  danfeDaNota,
  eventosDaNota,
  excluirRascunho,
  lerNota,
  notaOut,
  salvarRascunho,
  transmitirNotaFiscal,
  ultimoNumero,
  validarNotaFiscal,
  xmlDaNota,
  type CtxEmissao,
} from './notas.ts';
import { cancelarNotaFiscal, cartaCorrecao, consultarNotaFiscal, inutilizacaoOut, inutilizarNumeros } from './eventos.ts';
import { documentoFiscal } from '../../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;

export const CHAVES_NFE = {
  emitir: 'app.nfe',
  notas: 'app.permissao.nota',
  inutilizacao: 'app.inutilizacao',
  configuracao: 'app.configuracaotnfe',
  certificado: 'app.certificado',
  /** Vendas > Nota fiscal (SPEC 2.9): the notes of sales, read and issued with the sales key */
  vendas: 'app.saida',
} as const;

function exigir(req: FastifyRequest, chave: string, nivel: LevelName, acao: string): CtxEmissao & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, chave, nivel)) throw forbidden(`Você não tem permissão para ${acao}.`);
  return ctx as CtxEmissao & RequestContext;
}

/** Reading notes: the issuing screen, the processed-notes screen or Vendas > Nota fiscal. */
function leitor(req: FastifyRequest): CtxEmissao & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, CHAVES_NFE.notas, 'view') && !serverAllows(ctx, CHAVES_NFE.emitir, 'view') && !serverAllows(ctx, CHAVES_NFE.vendas, 'view')) throw forbidden('Você não tem permissão para consultar notas fiscais.');
  return ctx as CtxEmissao & RequestContext;
}

/** Issuing: emitir-nfe (app.nfe) or Vendas > Nota fiscal cadastrar/editar (app.saida). */
function emissor(req: FastifyRequest, acao: string): CtxEmissao & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, CHAVES_NFE.emitir, 'change') && !serverAllows(ctx, CHAVES_NFE.vendas, 'change')) throw forbidden(`Você não tem permissão para ${acao}.`);
  return ctx as CtxEmissao & RequestContext;
}

const idDe = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
const nfe = { config: { module: 'nfe' } };
const fiscal = { config: { module: 'fiscal' } };

// What each call says about itself in /api/openapi.json (route-schema.ts); bodies are checked by the handlers.
const tags = ['NF-e'];
const obj = { type: 'object', additionalProperties: true };
const nota = objectOf({ id: INT, modelo: INT, serie: { type: ['integer', 'null'] }, numero: { type: ['integer', 'null'] }, status: { enum: ['rascunho', 'transmitindo', 'rejeitada', 'autorizada', 'cancelada', 'denegada', 'contingencia'] }, tipoEmissao: { ...INT, description: '1 normal; 6/7 SVC-AN/SVC-RS; 4 EPEC' }, contingencia: obj, chave: TEXT_OR_NULL, protocolo: TEXT_OR_NULL, destinatarioNome: TEXT_OR_NULL, total: { type: 'string' }, dataEmissao: TEXT_OR_NULL, rejeicao: obj, dados: obj });
const resultado = objectOf({ nota, autorizada: { type: 'boolean' }, rejeicao: objectOf({ cStat: { type: 'string' }, xMotivo: { type: 'string' }, ajuda: obj, erros: { type: 'array', items: obj } }) });
const justificativa = { type: 'string', minLength: 15, maxLength: 255 };
/** The answers beside the call's own: the note's state does not allow it, SEFAZ down. */
const sefaz = { 409: answer('Situação da nota não permite'), 503: answer('SEFAZ indisponível (nada foi numerado)') };
const filtroQuery = query({ filter: { ...JSON_TEXT, description: 'filtro LoopBack em JSON: where com status, numero, serie, chave, destinatarioNome, pedidoId, origem, tipoNf, dataEmissao {gte, lte}; limit; skip' }, where: { ...JSON_TEXT, description: 'só o where, sem filter' } });
/** The route's options with its description: summary, the JSON answered and other schema parts (body, querystring, response). */
const op = <T extends object>(options: T, summary: string, resposta: Record<string, unknown> = obj, extra: Record<string, unknown> = {}) => ({ ...options, schema: { tags, summary, response: { 200: answer('OK', resposta), ...sefaz }, ...extra } });
const arquivo = (descricao: string, tipo: string) => ({ response: { 200: fileAnswer(descricao, tipo), ...sefaz } });

/** The fields the notes' list filters by (an unknown one is a 400, as in the generic API). */
const FILTRO_NOTAS = ['status', 'numero', 'pedidoId', 'origem', 'serie', 'chave', 'destinatarioNome', 'tipoNf', 'dataEmissao'];

function filtroNotas(req: FastifyRequest, ctx: CtxEmissao) {
  const f = filtroDaConsulta(req.query, FILTRO_NOTAS);
  const where = f.where;
  const { conds, params, add } = condicoesDaFilial(ctx.tenantId, ctx.branchId!);
  if (where.status != null) {
    const lista = Array.isArray(where.status?.inq) ? where.status.inq : [where.status];
    add('status = ANY(?::text[])', lista.map(String));
  }
  if (where.numero != null && /^\d+$/.test(String(where.numero))) add('numero = ?', Number(where.numero));
  if (where.pedidoId != null && /^\d+$/.test(String(where.pedidoId))) add('pedido_id = ?', Number(where.pedidoId));
  // Vendas > Nota fiscal: the notes of sales orders only
  if (where.origem === 'vendas') conds.push('pedido_id IS NOT NULL');
  if (where.serie != null && /^\d+$/.test(String(where.serie))) add('serie = ?', Number(where.serie));
  if (typeof where.chave === 'string' && where.chave) add('chave = ?', documentoFiscal(where.chave));
  if (typeof where.destinatarioNome === 'string' && where.destinatarioNome) add('destinatario_nome ILIKE ?', `%${where.destinatarioNome.replace(/[%_\\]/g, '\\$&')}%`);
  // tpNF by the note's natureza: 0 lists the NF-e of entry (pages/nfe/entrada), 1 the outgoing ones.
  if (where.tipoNf === 0 || where.tipoNf === 1) add(`(SELECT n.tipo FROM naturezas_operacao n WHERE n.tenant_id = notas_fiscais.tenant_id AND n.id = notas_fiscais.natureza_id) = ?`, where.tipoNf);
  const data = where.dataEmissao ?? {};
  if (typeof data.gte === 'string') add('COALESCE(data_emissao, created_at) >= ?::timestamptz', data.gte);
  if (typeof data.lte === 'string') add('COALESCE(data_emissao, created_at) <= ?::timestamptz', data.lte);
  const limit = Math.min(Math.max(Number(f.limit) || 50, 1), 500);
  const skip = Math.max(Number(f.skip) || 0, 0);
  return { where: conds.join(' AND '), params, limit, skip };
}

function anexo(reply: FastifyReply, tipo: string, nome: string, corpo: Buffer) {
  return reply.header('Content-Type', tipo).header('Content-Disposition', `attachment; filename="${nome}"`).send(corpo);
}

/**
 * Whether the Lei 12.741/2012 line can be printed: the IBPT table of the branch's UF is loaded (and until when it
 * holds). Without it the DANFE/DANFCE print no approximate taxes, and the settings screen says so.
 */
async function tabelaIbptDaFilial(q: Queryable, tenantId: number, filialId: number): Promise<{ uf: string | null; carregada: boolean; vigenteAte: string | null }> {
  const uf = ((await q.query<{ uf: string | null }>('SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2', [tenantId, filialId])).rows[0]?.uf ?? null);
  if (!uf) return { uf: null, carregada: false, vigenteAte: null };
  const t = (await q.query<{ n: number; ate: string | null }>(`SELECT count(*)::int AS n, to_char(max(vigencia_fim), 'DD/MM/YYYY') AS ate FROM ibpt_tributos WHERE uf = $1`, [uf])).rows[0];
  return { uf, carregada: Number(t.n) > 0, vigenteAte: Number(t.n) > 0 ? t.ate : null };
}

/** The IBS/CBS warning of the branch's regime (see avisoIbsCbs), on today's date in the shop's time zone. */
async function avisoIbsCbsDaFilial(q: Queryable, tenantId: number, filialId: number) {
  const e = await emitenteDaFilial(q, tenantId, filialId);
  return e ? avisoIbsCbs(q, e.crt, isoComFuso(new Date()).slice(0, 10)) : null;
}

/** NF-e issuing path: settings of the branch, certificate, notes and their events, inutilizações. */
export default async function emissaoRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  // --- configuracoes/nfe
  const configOut = async (ctx: CtxEmissao) =>
    db.tenant(ctx, async (q) => {
      if (!ctx.branchId) throw badRequest('Selecione uma filial.');
      const c = await configuracaoNfe(q, ctx.tenantId, ctx.branchId);
      const { cscToken, ...resto } = c;
      return {
        ...resto,
        cscTokenDefinido: !!cscToken,
        proximoNumeroNfe: (await ultimoNumero(q, ctx.tenantId, ctx.branchId, 'nfe', c.serieNfe)) + 1,
        proximoNumeroNfce: (await ultimoNumero(q, ctx.tenantId, ctx.branchId, 'nfce', c.serieNfce)) + 1,
        tributosAproximados: await tabelaIbptDaFilial(q, ctx.tenantId, ctx.branchId),
        ibsCbs: await avisoIbsCbsDaFilial(q, ctx.tenantId, ctx.branchId),
      };
    });
  app.get('/api/ConfiguracoesNfe', op(fiscal, 'Configurações de NF-e da filial (séries, próximos números, ambiente, CSC sem o token, tabela IBPT, aviso IBS/CBS)'), async (req) => configOut(exigir(req, CHAVES_NFE.configuracao, 'view', 'consultar as configurações de NF-e')));
  app.put('/api/ConfiguracoesNfe', op(fiscal, 'Altera as configurações de NF-e da filial; o próximo número só avança', obj, { body: checkedByHandler(objectOf({ serieNfe: INT, serieNfce: INT, proximoNumeroNfe: INT, proximoNumeroNfce: INT, ambiente: { enum: [1, 2] }, cscId: TEXT_OR_NULL, cscToken: TEXT_OR_NULL, contingencia: { enum: ['svc', 'epec', 'nenhuma'] }, naturezaPadraoId: { type: ['integer', 'null'] }, emailCopia: TEXT_OR_NULL })) }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.configuracao, 'change', 'alterar as configurações de NF-e');
    if (!ctx.branchId) throw badRequest('Selecione uma filial.');
    const b = (req.body ?? {}) as Row;
    const erros: { campo: string; mensagem: string }[] = [];
    const int = (campo: string, nome: string, min: number, max: number) => {
      const v = b[campo];
      if (v === undefined) return undefined;
      if (!Number.isInteger(v) || v < min || v > max) erros.push({ campo, mensagem: `${nome}: informe um número de ${min} a ${max}.` });
      return v as number;
    };
    const serieNfe = int('serieNfe', 'Série da NF-e', 0, 999);
    const serieNfce = int('serieNfce', 'Série da NFC-e', 0, 999);
    const proxNfe = int('proximoNumeroNfe', 'Próximo número da NF-e', 1, 999_999_999);
    const proxNfce = int('proximoNumeroNfce', 'Próximo número da NFC-e', 1, 999_999_999);
    if (b.ambiente !== undefined && b.ambiente !== 1 && b.ambiente !== 2) erros.push({ campo: 'ambiente', mensagem: 'Ambiente: 1 (produção) ou 2 (homologação).' });
    if (b.cscId != null && (typeof b.cscId !== 'string' || !/^\d{1,6}$/.test(b.cscId))) erros.push({ campo: 'cscId', mensagem: 'Identificador do CSC: até 6 dígitos.' });
    if (b.cscToken != null && b.cscToken !== '' && (typeof b.cscToken !== 'string' || b.cscToken.length < 16 || b.cscToken.length > 36)) erros.push({ campo: 'cscToken', mensagem: 'CSC: de 16 a 36 caracteres.' });
    if (b.contingencia !== undefined && !['svc', 'epec', 'nenhuma'].includes(b.contingencia)) erros.push({ campo: 'contingencia', mensagem: 'Contingência: svc, epec ou nenhuma.' });
    if (b.emailCopia != null && b.emailCopia !== '' && (typeof b.emailCopia !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.emailCopia))) erros.push({ campo: 'emailCopia', mensagem: 'E-mail para cópias: endereço inválido.' });
    if (b.naturezaPadraoId != null && !Number.isInteger(b.naturezaPadraoId)) erros.push({ campo: 'naturezaPadraoId', mensagem: 'Natureza padrão: cadastro inválido.' });
    if (erros.length) throw badRequest(`Dados inválidos: ${erros.map((e) => e.mensagem).join(' ')}`, erros);
    await db.tenant(ctx, async (q) => {
      if (b.naturezaPadraoId != null) {
        const n = await q.query(`SELECT 1 FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, b.naturezaPadraoId]);
        if (!n.rows.length) throw badRequest('Natureza padrão: cadastro não encontrado.', [{ campo: 'naturezaPadraoId', mensagem: 'Não encontrado' }]);
      }
      const atual = await configuracaoNfe(q, ctx.tenantId, ctx.branchId!);
      const novo = {
        ...atual,
        ...(serieNfe !== undefined ? { serieNfe } : {}),
        ...(serieNfce !== undefined ? { serieNfce } : {}),
        ...(b.ambiente !== undefined ? { ambiente: b.ambiente } : {}),
        ...(b.cscId !== undefined ? { cscId: b.cscId || null } : {}),
        ...(b.cscToken ? { cscToken: b.cscToken } : {}),
        ...(b.contingencia !== undefined ? { contingencia: b.contingencia } : {}),
        ...(b.naturezaPadraoId !== undefined ? { naturezaPadraoId: b.naturezaPadraoId } : {}),
        ...(b.emailCopia !== undefined ? { emailCopia: b.emailCopia || null } : {}),
      };
      await q.query(
        `INSERT INTO configuracoes_nfe (tenant_id, filial_id, serie_nfe, serie_nfce, ambiente, csc_id, csc_token, contingencia, natureza_padrao_id, email_copia)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (tenant_id, filial_id) DO UPDATE SET serie_nfe = $3, serie_nfce = $4, ambiente = $5, csc_id = $6, csc_token = $7, contingencia = $8, natureza_padrao_id = $9, email_copia = $10, updated_at = now()`,
        [ctx.tenantId, ctx.branchId, novo.serieNfe, novo.serieNfce, novo.ambiente, novo.cscId, novo.cscToken, novo.contingencia, novo.naturezaPadraoId, novo.emailCopia],
      );
      // The next number only moves forward (an issued number never comes back), through the same table as the
      // administrator's sequencia-filial screen.
      for (const [tipo, serie, prox, campo] of [['nfe', novo.serieNfe, proxNfe, 'proximoNumeroNfe'], ['nfce', novo.serieNfce, proxNfce, 'proximoNumeroNfce']] as const) {
        if (prox === undefined) continue;
        const ultimo = await ultimoNumero(q, ctx.tenantId, ctx.branchId!, tipo, serie);
        if (prox === ultimo + 1) continue;
        if (prox <= ultimo) throw badRequest(`Próximo número: a série ${serie} já usou até ${ultimo}; o número só avança (use ${ultimo + 1} ou mais).`, [{ campo, mensagem: 'O número só avança' }]);
        await q.query(
          `INSERT INTO sequencias_filial (tenant_id, filial_id, tipo, serie, ultimo_numero) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (tenant_id, filial_id, tipo, serie) DO UPDATE SET ultimo_numero = $5, updated_at = now()`,
          [ctx.tenantId, ctx.branchId, tipo, serie, prox - 1],
        );
      }
    });
    return configOut(ctx);
  });

  // --- fiscais/certificado-digital
  app.get('/api/CertificadosDigitais/atual', op(fiscal, 'Certificado A1 ativo da filial: titular, CNPJ, validade (nunca o arquivo ou a senha)'), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.certificado, 'view', 'consultar o certificado digital');
    if (!ctx.branchId) throw badRequest('Selecione uma filial.');
    const row = await db.tenant(ctx, (q) => certificadoAtivo(q, ctx.tenantId, ctx.branchId!));
    return { certificado: row ? resumo(row) : null };
  });
  app.post('/api/CertificadosDigitais', op({ ...fiscal, bodyLimit: 2 * 1024 * 1024 }, 'Envia o certificado A1 (arquivo .pfx em base64 e senha); guardado cifrado', obj, { body: checkedByHandler(objectOf({ arquivo: { type: 'string', description: 'base64 do .pfx/.p12' }, senha: { type: 'string' } }, ['arquivo', 'senha'])) }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.certificado, 'change', 'enviar o certificado digital');
    if (!ctx.branchId) throw badRequest('Selecione uma filial.');
    const b = (req.body ?? {}) as Row;
    if (typeof b.arquivo !== 'string' || !b.arquivo) throw badRequest('Arquivo: envie o certificado A1 (.pfx ou .p12).', [{ campo: 'arquivo', mensagem: 'Campo Obrigatório!' }]);
    const pfx = Buffer.from(b.arquivo.replace(/^data:[^,]*,/, ''), 'base64');
    if (pfx.length > 1024 * 1024) throw badRequest('Arquivo: um certificado A1 tem poucos KB; este passa de 1 MB.', [{ campo: 'arquivo', mensagem: 'Arquivo grande demais' }]);
    const out = await db.tenant(ctx, (q) => gravarCertificado(services, q, ctx, ctx.branchId!, pfx, typeof b.senha === 'string' ? b.senha : ''));
    void alertarVencimentos(services).catch(() => {});
    return { certificado: out };
  });

  // --- NotasFiscais
  app.get('/api/NotasFiscais', op(nfe, 'Notas da filial, da mais nova para a mais antiga (limit até 500)', { type: 'array', items: nota }, { querystring: filtroQuery }), async (req) => {
    const ctx = leitor(req);
    const f = filtroNotas(req, ctx);
    const r = await db.tenant(ctx, (q) => q.query(`SELECT * FROM notas_fiscais WHERE ${f.where} ORDER BY id DESC LIMIT ${f.limit} OFFSET ${f.skip}`, f.params));
    return r.rows.map(notaOut);
  });
  app.get('/api/NotasFiscais/count', op(nfe, 'Quantas notas o filtro encontra', objectOf({ count: INT }), { querystring: filtroQuery }), async (req) => {
    const ctx = leitor(req);
    const f = filtroNotas(req, ctx);
    const r = await db.tenant(ctx, (q) => q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notas_fiscais WHERE ${f.where}`, f.params));
    return { count: r.rows[0].n };
  });
  app.get('/api/NotasFiscais/:id', op(nfe, 'Uma nota', nota), async (req) => {
    const ctx = leitor(req);
    return db.tenant(ctx, async (q) => notaOut(await lerNota(q, ctx, idDe(req))));
  });
  app.get('/api/NotasFiscais/:id/eventos', op(nfe, 'Histórico da nota na SEFAZ', { type: 'array', items: obj }), async (req) => {
    const ctx = leitor(req);
    return db.tenant(ctx, (q) => eventosDaNota(q, ctx, idDe(req)));
  });
  app.post('/api/NotasFiscais', op(nfe, 'Salva um rascunho (sem número): natureza, destinatário, itens, transporte, pagamentos, informações adicionais', nota, { body: checkedByHandler(obj) }), async (req) => {
    const ctx = emissor(req, 'emitir NF-e');
    return notaOut(await db.tenant(ctx, (q) => salvarRascunho(q, ctx, req.body)));
  });
  // The live taxes of emitir-nfe: the rules the screen runs through tributarLinha (the server recomputes on save).
  app.post('/api/NotasFiscais/contexto-tributacao', op(nfe, 'Regras de tributação da nota para o cálculo ao vivo da tela (emitente, destinatário, natureza, produtos e tributações vigentes dos seus perfis)', obj, { body: checkedByHandler(objectOf({ naturezaId: INT, clienteId: INT, produtoIds: { type: 'array', items: INT, maxItems: 1000 }, importacao: { type: 'boolean' } }, ['naturezaId', 'clienteId', 'produtoIds'])) }), async (req) => {
    const ctx = emissor(req, 'emitir NF-e');
    const b = (req.body ?? {}) as Row;
    const inteiro = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
    const erros = [
      ...(inteiro(b.naturezaId) ? [] : [{ campo: 'naturezaId', mensagem: 'Informe a natureza de operação.' }]),
      ...(inteiro(b.clienteId) ? [] : [{ campo: 'clienteId', mensagem: 'Informe o destinatário.' }]),
      ...(Array.isArray(b.produtoIds) && b.produtoIds.length <= 1000 && b.produtoIds.every(inteiro) ? [] : [{ campo: 'produtoIds', mensagem: 'Informe os produtos (até 1000 códigos).' }]),
    ];
    if (erros.length) throw badRequest(erros.map((e) => e.mensagem).join(' '), erros);
    return db.tenant(ctx, (q) => contextoTributacao(q, ctx, { naturezaId: b.naturezaId, clienteId: b.clienteId, produtoIds: b.produtoIds, importacao: b.importacao === true }));
  });
  app.put('/api/NotasFiscais/:id', op(nfe, 'Altera um rascunho ou uma nota rejeitada', nota, { body: checkedByHandler(obj) }), async (req) => {
    const ctx = emissor(req, 'emitir NF-e');
    return notaOut(await db.tenant(ctx, (q) => salvarRascunho(q, ctx, req.body, idDe(req))));
  });
  app.delete('/api/NotasFiscais/:id', op(nfe, 'Exclui um rascunho nunca enviado', objectOf({ count: INT })), async (req) => {
    const ctx = emissor(req, 'excluir rascunhos de NF-e');
    await db.tenant(ctx, (q) => excluirRascunho(q, ctx, idDe(req)));
    return { count: 1 };
  });
  app.post('/api/NotasFiscais/:id/validar', op(nfe, 'Monta, assina e valida contra o XSD oficial (erros por campo)'), async (req) => {
    const ctx = emissor(req, 'emitir NF-e');
    return db.tenant(ctx, (q) => validarNotaFiscal(services, q, ctx, idDe(req)));
  });
  app.post('/api/NotasFiscais/:id/transmitir', op(nfe, 'Numera (série da filial, sem buracos) e transmite sem transação aberta; autorizada, lança estoque e contas a receber (uma vez só); rejeitada, o número volta à série', resultado), async (req) => {
    const ctx = emissor(req, 'emitir NF-e');
    const id = idDe(req);
    await db.tenant(ctx, (q) => lerNota(q, ctx, id));
    return transmitirNotaFiscal(services, ctx, id);
  });
  app.post('/api/NotasFiscais/:id/cancelar', op(nfe, 'Cancela (até 24 h depois da autorização; justificativa de 15 a 255 caracteres) e estorna estoque e financeiro', resultado, { body: checkedByHandler(objectOf({ justificativa }, ['justificativa'])) }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.notas, 'change', 'cancelar notas fiscais');
    return cancelarNotaFiscal(services, ctx, idDe(req), (req.body as Row | undefined)?.justificativa);
  });
  app.post('/api/NotasFiscais/:id/carta-correcao', op(nfe, 'Carta de correção (sequência 1 a 20; texto de 15 a 1000 caracteres)', obj, { body: checkedByHandler(objectOf({ correcao: { type: 'string', minLength: 15, maxLength: 1000 } }, ['correcao'])) }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.notas, 'change', 'enviar carta de correção');
    return cartaCorrecao(services, ctx, idDe(req), (req.body as Row | undefined)?.correcao);
  });
  app.post('/api/NotasFiscais/:id/consultar', op(nfe, 'Consulta a situação da nota na SEFAZ'), async (req) => {
    const ctx = leitor(req);
    return consultarNotaFiscal(services, ctx, idDe(req));
  });
  app.get('/api/NotasFiscais/:id/xml', op(nfe, 'XML autorizado (nfeProc)', obj, arquivo('XML', 'application/xml')), async (req, reply) => {
    const ctx = leitor(req);
    const { nome, xml } = await db.tenant(ctx, (q) => xmlDaNota(services, q, ctx, idDe(req)));
    return anexo(reply, 'application/xml; charset=utf-8', nome, xml);
  });
  app.get('/api/NotasFiscais/:id/danfe', op(nfe, 'DANFE em PDF (prévia sem protocolo para um rascunho)', obj, arquivo('PDF', 'application/pdf')), async (req, reply) => {
    const ctx = leitor(req);
    const { nome, pdf } = await db.tenant(ctx, (q) => danfeDaNota(services, q, ctx, idDe(req)));
    return anexo(reply, 'application/pdf', nome, pdf);
  });
  app.post('/api/NotasFiscais/:id/enviar-email', op(nfe, 'Envia XML e DANFE por e-mail ao destinatário (e à cópia da configuração)', objectOf({ enviados: { type: 'array', items: { type: 'string' } } }), { body: checkedByHandler(objectOf({ email: { type: 'string', description: 'sem ele, o e-mail do cadastro do destinatário' } })) }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.notas, 'change', 'enviar notas fiscais por e-mail');
    const id = idDe(req);
    const b = (req.body ?? {}) as Row;
    const { nota, xml, pdf, para, copia } = await db.tenant(ctx, async (q) => {
      const n = await lerNota(q, ctx, id);
      if (n.status !== 'autorizada' && n.status !== 'cancelada') throw badRequest('Só uma nota autorizada pode ser enviada por e-mail.');
      const cli = n.cliente_id ? (await q.query(`SELECT email FROM pessoas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, n.cliente_id])).rows[0] : null;
      const para = typeof b.email === 'string' && b.email.trim() ? b.email.trim() : cli?.email;
      if (!para || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(para)) throw badRequest('E-mail: o destinatário não tem e-mail no cadastro; informe um endereço.', [{ campo: 'email', mensagem: 'E-mail inválido' }]);
      const conf = await configuracaoNfe(q, ctx.tenantId, Number(n.filial_id));
      return { nota: n, xml: (await xmlDaNota(services, q, ctx, id)).xml, pdf: (await danfeDaNota(services, q, ctx, id)).pdf, para, copia: conf.emailCopia };
    });
    const assunto = `NF-e ${nota.numero} série ${nota.serie}${nota.status === 'cancelada' ? ' (cancelada)' : ''}`;
    const texto = `Segue a NF-e ${nota.numero}, série ${nota.serie}, chave de acesso ${nota.chave}: o XML autorizado e o DANFE em anexo.`;
    const anexos = [
      { filename: `${nota.chave}-procNFe.xml`, content: xml, contentType: 'application/xml' },
      { filename: `${nota.chave}.pdf`, content: pdf, contentType: 'application/pdf' },
    ];
    for (const to of [para, ...(copia ? [copia] : [])]) await services.mailer.send({ to, subject: assunto, text: texto, attachments: anexos });
    return { enviados: copia ? [para, copia] : [para] };
  });

  // --- Inutilizacoes
  app.get('/api/Inutilizacoes', op(nfe, 'Inutilizações da filial (as 500 mais novas)', { type: 'array', items: obj }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.inutilizacao, 'view', 'consultar inutilizações');
    const r = await db.tenant(ctx, (q) => q.query(`SELECT * FROM inutilizacoes WHERE tenant_id = $1 AND filial_id = $2 ORDER BY id DESC LIMIT 500`, [ctx.tenantId, ctx.branchId]));
    return r.rows.map(inutilizacaoOut);
  });
  app.post('/api/Inutilizacoes', op(nfe, 'Inutiliza uma faixa de números de uma série', obj, { body: checkedByHandler(objectOf({ serie: INT, numeroInicial: INT, numeroFinal: INT, justificativa }, ['serie', 'numeroInicial', 'numeroFinal', 'justificativa'])) }), async (req) => {
    const ctx = exigir(req, CHAVES_NFE.inutilizacao, 'change', 'inutilizar números de NF-e');
    return inutilizarNumeros(services, ctx, (req.body ?? {}) as Row);
  });
}

/** Certificates about to expire: checked every hour (each threshold warned once), a periodic job. */
export const jobsCertificados = (services: AppServices): PeriodicKind[] => [
  {
    tipo: 'nfe.alertarVencimentoCertificados',
    aCadaMs: 3600_000,
    executar: async () => {
      await alertarVencimentos(services);
    },
  },
];
