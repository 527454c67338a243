import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import { descreverReferencias, referenciasA } from '../db/referencias.ts';
import { calcularTributacao, TributacaoError, type EntradaTributacao } from '../../shared/fiscal/tributacao.ts';
import { carregarRegras, emitenteDaFilial } from './tributacao.ts';
import { IbsCbsError, tributarIbsCbs, type IbsCbsTributado, type ModeloDfe } from '../../shared/fiscal/ibscbs.ts';
import { tabelasDeSugestao, tabelasIbsCbsDoProduto } from './perfil-tributario.ts';
import { sugerirIbsCbs } from '../../shared/fiscal/ibscbs-sugestao.ts';
import { createHash } from 'node:crypto';
import { readImage } from '../brands/admin-routes.ts';
import { tenantKey } from '../storage/storage.ts';

/**
 * Fiscal settings that are more than generic CRUD (issue 17): deleting a branch (refused while documents use
 * it) and the tax simulation of the perfil tributário screen. Registered before the generic resource routes,
 * so DELETE /api/Empresas/{id} is this one (the document leaves "delete" out of its verbs).
 */
const UFS = new Set(['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO', 'EX']);
const hoje = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

export default async function fiscalConfigRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  app.delete('/api/Empresas/:id', { schema: { summary: 'Exclui uma filial (empresa) da conta' } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.filial', 'full')) throw forbidden('Você não tem permissão para excluir empresas.');
    const id = parseId((req.params as { id: string }).id);
    const filial = (await db.tenant(ctx, (q) => q.query<{ id: number; nome: string; apelido: string | null }>('SELECT id, nome, apelido FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]))).rows[0];
    if (!filial) throw notFound();
    const nome = filial.apelido ?? filial.nome;
    if (id === ctx.branchId) throw new HttpError(409, `A filial ${nome} está em uso nesta sessão: troque de filial antes de excluí-la.`);
    // The reference check reads every branch's rows (some tables show only the selected branch's through
    // row-level security), so it runs as the owner, filtered by the account as every query here.
    const ignorar = ['users.filial_selecionada_id'];
    return db.transaction(async (q) => {
      await q.query('SELECT 1 FROM branches WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id]);
      const outras = (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM branches WHERE tenant_id = $1 AND id <> $2', [ctx.tenantId, id])).rows[0].n;
      if (!outras) throw new HttpError(409, 'A única filial da conta não pode ser excluída.');
      const refs = await referenciasA(q, 'branches', ctx.tenantId, id, ignorar);
      if (refs.length) {
        throw new HttpError(409, `Não é possível excluir a filial ${nome}: há documentos que a usam: ${descreverReferencias(refs)}. Desative-a em vez de excluir.`, { referencias: refs });
      }
      const outra = (await q.query<{ id: number }>('SELECT id FROM branches WHERE tenant_id = $1 AND id <> $2 ORDER BY ativo DESC, id LIMIT 1', [ctx.tenantId, id])).rows[0].id;
      await q.query('UPDATE users SET filial_selecionada_id = $3 WHERE tenant_id = $1 AND filial_selecionada_id = $2', [ctx.tenantId, id, outra]);
      await q.query('UPDATE sessions SET branch_id = $3 WHERE tenant_id = $1 AND branch_id = $2', [ctx.tenantId, id, outra]);
      const r = await q.query('DELETE FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
      return { count: r.rowCount ?? 0 };
    });
  });

  /**
   * The branch's logo for the DANFE (PNG or JPEG up to 512 KB, a data URL in `arquivo`): kept in the file
   * storage under the account, named by its content; the row points at it. The DANFE reads it with logoDaFilial.
   */
  const filialDe = async (req: FastifyRequest, level: 'view' | 'change') => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.filial', level)) throw forbidden(`Você não tem permissão para ${level === 'view' ? 'consultar' : 'alterar'} empresas.`);
    const id = parseId((req.params as { id: string }).id);
    const row = (await db.tenant(ctx, (q) => q.query<{ logo_chave: string | null }>('SELECT logo_chave FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]))).rows[0];
    if (!row) throw notFound();
    return { ctx, id, chave: row.logo_chave };
  };

  app.put('/api/Empresas/:id/logo', { schema: { summary: 'Grava o logo da filial impresso no DANFE (PNG ou JPEG em base64)' } }, async (req) => {
    const { ctx, id, chave: anterior } = await filialDe(req, 'change');
    const { mime, bytes } = readImage((req.body as { arquivo?: unknown } | null)?.arquivo);
    if (mime === 'image/svg+xml') throw badRequest('O logo do DANFE deve ser PNG ou JPEG.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Formato de imagem não aceito.' }]);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const chave = tenantKey(ctx.tenantId, 'empresas', `${id}-logo-${sha.slice(0, 16)}.${mime === 'image/png' ? 'png' : 'jpg'}`);
    await services.storage.put(chave, bytes, { contentType: mime });
    await db.tenant(ctx, (q) => q.query('UPDATE branches SET logo_chave = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, chave]));
    if (anterior && anterior !== chave) await services.storage.delete(anterior).catch(() => {});
    return { mime, tamanho: bytes.length };
  });

  app.get('/api/Empresas/:id/logo', { schema: { summary: 'O logo da filial impresso no DANFE' } }, async (req, reply) => {
    const { chave } = await filialDe(req, 'view');
    const body = chave ? await services.storage.get(chave) : null;
    if (!body) throw notFound('A empresa não tem logo.');
    reply.header('content-type', chave!.endsWith('.png') ? 'image/png' : 'image/jpeg');
    reply.header('cache-control', 'private, no-cache');
    return reply.send(body);
  });

  app.delete('/api/Empresas/:id/logo', { schema: { summary: 'Tira o logo da filial' } }, async (req) => {
    const { ctx, id, chave } = await filialDe(req, 'change');
    await db.tenant(ctx, (q) => q.query('UPDATE branches SET logo_chave = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]));
    if (chave) await services.storage.delete(chave).catch(() => {});
    return { count: chave ? 1 : 0 };
  });

  /**
   * GET /api/Tributacao/sugestao-ibscbs?produtoId= (a product or a service): the IBS/CBS classifications the published
   * tables scope to it (sugerirIbsCbs: Anexo VIII for a service's LC 116 item; none for an NCM, with the reason), with
   * the classification of its perfil tributário and whether it is among them. Advisory: saving and issuing still validate.
   */
  app.get('/api/Tributacao/sugestao-ibscbs', { schema: { summary: 'Classificações IBS/CBS que as tabelas publicadas sugerem para um produto ou serviço (produtoId), e a do seu perfil tributário' } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.produto', 'view')) throw forbidden('Você não tem permissão para consultar produtos.');
    const qs = (req.query ?? {}) as Record<string, string | undefined>;
    const produtoId = parseId(qs.produtoId);
    const data = qs.data && /^\d{4}-\d{2}-\d{2}$/.test(qs.data) ? qs.data : hoje();
    return db.tenant(ctx, async (q) => {
      const p = (await q.query<{ descricao: string; ncm: string | null; codigo_tributacao_nacional: string | null; c_ind_op: string | null; servico: boolean; perfil: string | null; cst_ibs_cbs: string | null; c_class_trib: string | null }>(
        `SELECT p.descricao, p.ncm, p.codigo_tributacao_nacional, p.c_ind_op, p.servico, pt.nome AS perfil, pt.cst_ibs_cbs, pt.c_class_trib
           FROM produtos p LEFT JOIN perfis_tributarios pt ON pt.tenant_id = p.tenant_id AND pt.id = p.perfil_tributario_id
          WHERE p.tenant_id = $1 AND p.id = $2`,
        [ctx.tenantId, produtoId],
      )).rows[0];
      if (!p) throw notFound('Produto não encontrado.');
      const r = sugerirIbsCbs({ codigoTributacaoNacional: p.servico ? p.codigo_tributacao_nacional : null, ncm: p.ncm }, tabelasDeSugestao(), data);
      const atual = p.c_class_trib ? { perfil: p.perfil, cst: p.cst_ibs_cbs, cClassTrib: p.c_class_trib, cIndOp: p.c_ind_op } : null;
      const sugerida = !!atual && r.sugestoes.some((x) => x.cClassTrib === atual.cClassTrib && (!p.servico || !atual.cIndOp || x.cIndOp === atual.cIndOp));
      return { ...r, data, atual, atualSugerida: atual ? sugerida : null };
    });
  });

  /**
   * POST /api/Tributacao/simular {perfilTributarioId | produtoId, ufDestino, valor?, data?, origem?,
   * consumidorFinal?, indIEDest?, natureza?}: the taxes of one line sold by the selected branch, by the same
   * function the issuing path uses.
   */
  app.post('/api/Tributacao/simular', { schema: { summary: 'Simula os tributos de uma linha vendida pela filial selecionada, pela mesma função da emissão' } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.tributacaoncmproduto', 'view')) throw forbidden('Você não tem permissão para consultar perfis tributários.');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const ufDestino = String(b.ufDestino ?? '').toUpperCase();
    if (!UFS.has(ufDestino)) throw badRequest('UF de destino: informe a UF do destinatário.', [{ path: '/ufDestino', campo: 'ufDestino', mensagem: 'Campo Obrigatório!' }]);
    const valor = b.valor === undefined || b.valor === null || b.valor === '' ? '100.00' : String(b.valor);
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(valor)) throw badRequest('Valor: informe um valor em reais, p.ex. 100.00.', [{ path: '/valor', campo: 'valor', mensagem: 'Campo inválido!' }]);
    const data = b.data === undefined || b.data === null || b.data === '' ? hoje() : String(b.data);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(data)) throw badRequest('Data: use o formato aaaa-mm-dd.', [{ path: '/data', campo: 'data', mensagem: 'Campo inválido!' }]);
    const origem = b.origem === undefined || b.origem === null ? 0 : Number(b.origem);
    if (!Number.isInteger(origem) || origem < 0 || origem > 8) throw badRequest('Origem da mercadoria: de 0 a 8.', [{ path: '/origem', campo: 'origem', mensagem: 'Campo inválido!' }]);
    const indIEDest = [1, 2, 9].includes(Number(b.indIEDest)) ? (Number(b.indIEDest) as 1 | 2 | 9) : 9;
    const consumidorFinal = b.consumidorFinal === undefined ? true : b.consumidorFinal === true;
    const modelo = b.modelo === undefined || b.modelo === null || b.modelo === '' ? undefined : String(b.modelo);
    if (modelo !== undefined && !['55', '65', 'NFSe'].includes(modelo)) throw badRequest('Modelo do documento: 55 (NF-e), 65 (NFC-e) ou NFSe.', [{ path: '/modelo', campo: 'modelo', mensagem: 'Campo inválido!' }]);
    const nat = (b.natureza ?? {}) as Record<string, unknown>;
    const natureza = { cfopMesmaUf: String(nat.cfopMesmaUf ?? '5102'), cfopOutraUf: String(nat.cfopOutraUf ?? '6102'), cfopExterior: String(nat.cfopExterior ?? '7102') };

    return db.tenant(ctx, async (q) => {
      if (!ctx.branchId) throw badRequest('Selecione uma filial (menu do usuário) para simular.');
      const emitente = await emitenteDaFilial(q, ctx.tenantId, ctx.branchId);
      if (!emitente?.uf) throw badRequest('A filial em uso não tem UF: complete o endereço em Configurações > Empresas.', [{ path: '/uf', campo: 'uf', mensagem: 'Campo Obrigatório!' }]);
      let produto: EntradaTributacao['produto'];
      if (b.produtoId !== undefined && b.produtoId !== null && b.produtoId !== '') {
        const p = (await q.query<{ ncm: string | null; cest: string | null; origem: number | null; perfil_tributario_id: number | null; descricao: string }>(
          'SELECT descricao, ncm, cest, origem, perfil_tributario_id FROM produtos WHERE tenant_id = $1 AND id = $2',
          [ctx.tenantId, parseId(b.produtoId)],
        )).rows[0];
        if (!p) throw notFound('Produto não encontrado.');
        if (!p.perfil_tributario_id) throw badRequest(`O produto ${p.descricao} não tem perfil tributário: escolha um na aba Fiscal do produto.`, [{ path: '/produtoId', campo: 'produtoId', mensagem: 'Produto sem perfil tributário.' }]);
        produto = { ncm: p.ncm, cest: p.cest, origem: p.origem ?? 0, perfilTributarioId: p.perfil_tributario_id };
      } else {
        const perfilId = parseId(b.perfilTributarioId);
        const perfil = await q.query('SELECT 1 FROM perfis_tributarios WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, perfilId]);
        if (!perfil.rows.length) throw notFound('Perfil tributário não encontrado.');
        produto = { origem, perfilTributarioId: perfilId };
      }
      const classe = (await q.query<{ cst_ibs_cbs: string | null; c_class_trib: string | null }>(
        'SELECT cst_ibs_cbs, c_class_trib FROM perfis_tributarios WHERE tenant_id = $1 AND id = $2',
        [ctx.tenantId, produto.perfilTributarioId],
      )).rows[0];
      const regras = await carregarRegras(q, ctx.tenantId, [produto.perfilTributarioId]);
      const entrada: EntradaTributacao = {
        data,
        emitente: { uf: emitente.uf, crt: emitente.crt },
        destinatario: { uf: ufDestino, indIEDest, consumidorFinal },
        natureza,
        produto,
        valor,
        regras,
      };
      try {
        const resultado = calcularTributacao(entrada);
        // IBS/CBS (issue 39) by the rates of the date, next to ICMS/PIS/COFINS: null when the perfil has no
        // classification yet or the date is before the reform's first rates (2026).
        let ibsCbs: IbsCbsTributado | null = null;
        if (classe?.cst_ibs_cbs && classe.c_class_trib) {
          ibsCbs = tributarIbsCbs(tabelasIbsCbsDoProduto(), { data, valor, classificacao: { cst: classe.cst_ibs_cbs, cClassTrib: classe.c_class_trib }, modelo: modelo as ModeloDfe | undefined }) ?? null;
        }
        const ibsCbsAviso = !classe?.cst_ibs_cbs
          ? 'Perfil sem classificação do IBS/CBS: informe o CST e a cClassTrib na aba Dados gerais.'
          : ibsCbs === null ? 'Não há IBS/CBS nesta data (as alíquotas começam em 01/01/2026).' : null;
        return { emitente: { filialId: emitente.id, uf: emitente.uf, crt: emitente.crt }, resultado, ibsCbs, ...(ibsCbsAviso ? { ibsCbsAviso } : {}) };
      } catch (e) {
        if (e instanceof IbsCbsError) throw badRequest(e.message, [{ path: `/${e.campo}`, campo: e.campo, mensagem: e.message }]);
        if (e instanceof TributacaoError) throw badRequest(e.message, e.campo ? [{ path: `/${e.campo}`, campo: e.campo, mensagem: e.message }] : undefined);
        throw e;
      }
    });
  });
}
