import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { answer, checkedByHandler, fileAnswer } from '../../http/route-schema.ts';
import { LARGURA_NOME } from './protocolo.ts';
import { ServidoresTerminal } from './servidor.ts';

/** SPEC 6 key of the screen exportacoes-fiscais/exportacao-para-terminal. */
export const CHAVE_TERMINAL = 'app.exportacaoTerminal';

type Row = Record<string, any>;

export interface ConfiguracaoTerminal {
  terminalAtivo: boolean;
  terminalPorta: number;
}

async function lerConfiguracao(q: Queryable, tenantId: number, filialId: number): Promise<ConfiguracaoTerminal> {
  const r = (await q.query<Row>('SELECT terminal_ativo, terminal_porta FROM configuracoes_balanca_terminal WHERE tenant_id = $1 AND filial_id = $2', [tenantId, filialId])).rows[0];
  return { terminalAtivo: !!r?.terminal_ativo, terminalPorta: Number(r?.terminal_porta ?? 6500) };
}

function validar(b: Row): ConfiguracaoTerminal {
  const detalhes = [];
  if (typeof b.terminalAtivo !== 'boolean') detalhes.push({ path: '/terminalAtivo', campo: 'terminalAtivo', mensagem: 'Servidor de terminais: informe se fica ligado.' });
  if (!Number.isInteger(b.terminalPorta) || b.terminalPorta < 1024 || b.terminalPorta > 65535) detalhes.push({ path: '/terminalPorta', campo: 'terminalPorta', mensagem: 'Porta: informe um número de 1024 a 65535 (o padrão dos terminais é 6500).' });
  if (detalhes.length) throw badRequest(detalhes.map((d) => d.mensagem).join(' '), detalhes);
  return { terminalAtivo: b.terminalAtivo, terminalPorta: b.terminalPorta };
}

/** One line of the price file: barcode|name|price| (ISO-8859-1, price with a comma, no currency sign). */
const linhaPreco = (codigo: string, nome: string, preco: string) => `${codigo}|${nome.replace(/[|\r\n]/g, ' ').slice(0, LARGURA_NOME)}|${new Decimal(preco).toFixed(2).replace('.', ',')}|`;

/** The price-check terminals (issue 36 item 6): the price file and the embedded TCP server's settings. */
export default async function terminalRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const servidores = new ServidoresTerminal(db);
  app.addHook('onReady', async () => servidores.sincronizar());
  app.addHook('preClose', async () => servidores.fechar());
  const config = { module: 'exportacoes' };
  const tags = ['Exportação para terminal'];
  const configuracao = { type: 'object', required: ['terminalAtivo', 'terminalPorta'], properties: { terminalAtivo: { type: 'boolean' }, terminalPorta: { type: 'integer', minimum: 1024, maximum: 65535, default: 6500 } } };
  const estado = answer('Estado', { type: 'object', properties: { ...configuracao.properties, escutando: { type: 'boolean' }, erro: { type: ['string', 'null'] } } });
  const contexto = (req: FastifyRequest) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, CHAVE_TERMINAL, 'view')) throw forbidden('Você não tem permissão para exportar para o terminal de consulta.');
    if (!ctx.branchId) throw badRequest('Selecione uma filial.');
    return { ctx, filialId: ctx.branchId };
  };
  const resposta = (c: ConfiguracaoTerminal, tenantId: number, filialId: number) => ({ ...c, ...servidores.estado(tenantId, filialId) });

  app.get('/api/ExportacaoTerminal/configuracao', { config, schema: { tags, summary: 'O servidor de terminais de consulta (Gertec) da filial: ligado, porta e se está escutando', response: { 200: estado } } }, async (req) => {
    const { ctx, filialId } = contexto(req);
    const c = await db.tenant(ctx, (q) => lerConfiguracao(q, ctx.tenantId, filialId), { readOnly: true });
    return resposta(c, ctx.tenantId, filialId);
  });

  app.put('/api/ExportacaoTerminal/configuracao', { config, schema: { tags, summary: 'Liga ou desliga o servidor TCP de terminais da filial e escolhe a porta (6500 por convenção)', body: checkedByHandler(configuracao), response: { 200: estado, 409: answer('Porta já usada por outra filial') } } }, async (req) => {
    const { ctx, filialId } = contexto(req);
    const c = validar((req.body ?? {}) as Row);
    try {
      await db.tenant(ctx, (q) =>
        q.query(
          `INSERT INTO configuracoes_balanca_terminal (tenant_id, filial_id, terminal_ativo, terminal_porta) VALUES ($1, $2, $3, $4)
           ON CONFLICT (tenant_id, filial_id) DO UPDATE SET terminal_ativo = excluded.terminal_ativo, terminal_porta = excluded.terminal_porta, updated_at = now()`,
          [ctx.tenantId, filialId, c.terminalAtivo, c.terminalPorta],
        ),
      );
    } catch (e) {
      if ((e as { code?: string })?.code === '23505') throw conflict(`A porta ${c.terminalPorta} já é usada pelo servidor de terminais de outra filial.`);
      throw e;
    }
    // After the commit: open or close the listener, then tell how it went.
    await servidores.sincronizar();
    return resposta(c, ctx.tenantId, filialId);
  });

  // The price file the terminal's own software (or a TC Server) loads: every active product with a barcode.
  app.get('/api/ExportacaoTerminal/PRICETAB.TXT', { config, schema: { tags, summary: 'Arquivo de preços: código de barras|descrição|preço| (ISO-8859-1)', response: { 200: fileAnswer('Arquivo de preços', 'text/plain; charset=iso-8859-1') } } }, async (req, reply) => {
    const { ctx } = contexto(req);
    const r = await db.tenant(
      ctx,
      (q) => q.query<Row>(`SELECT COALESCE(gtin, codigo) AS codigo, descricao, COALESCE(preco_venda, 0)::text AS preco FROM produtos WHERE tenant_id = $1 AND ativo AND NOT servico AND COALESCE(gtin, codigo) IS NOT NULL AND preco_venda > 0 ORDER BY descricao`, [ctx.tenantId]),
      { readOnly: true },
    );
    if (!r.rows.length) throw badRequest('Nenhum produto ativo com código de barras e preço de venda para o terminal.');
    reply.header('content-type', 'text/plain; charset=iso-8859-1');
    reply.header('content-disposition', 'attachment; filename="PRICETAB.TXT"');
    return reply.send(Buffer.from(r.rows.map((p) => linhaPreco(p.codigo, p.descricao, p.preco)).join('\r\n') + '\r\n', 'latin1'));
  });
}
