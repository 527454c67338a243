import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';

type Row = Record<string, any>;

/**
 * SPEC 3.2 'External systems': four systems numbered 1 to 4 (names are not given by the spec: described by kind).
 * The credit bureau (1) is the one the user info also flags as integracaoSerasa (SPEC 3 keeps that field name).
 */
export const SISTEMAS = [
  { sistema: 1, nome: 'Birô de crédito', descricao: 'Consulta de crédito de clientes' },
  { sistema: 2, nome: 'Marketplace', descricao: 'Integração com marketplace' },
  { sistema: 3, nome: 'Serviço postal', descricao: 'Fretes e rastreamento de envios' },
  { sistema: 4, nome: 'Serviço de saúde', descricao: 'Integração com serviço da área da saúde' },
] as const;
export const SISTEMA_BIRO_CREDITO = 1;

const semFilial = () => badRequest('Selecione uma filial para configurar as integrações.');

/** The four systems with this branch's state of each. */
export async function listarIntegracoes(q: Queryable, ctx: RequestContext): Promise<Row[]> {
  if (!ctx.branchId) throw semFilial();
  const r = await q.query<Row>('SELECT * FROM integracoes_filial WHERE tenant_id = $1 AND filial_id = $2', [ctx.tenantId, ctx.branchId]);
  const por = new Map(r.rows.map((x) => [x.sistema, x]));
  return SISTEMAS.map((s) => {
    const x = por.get(s.sistema);
    return { ...s, ativo: x?.ativo ?? false, identificador: x?.identificador ?? null, configuracao: x?.configuracao ?? {}, alteradoEm: x?.updated_at ?? null };
  });
}

/** Saves one system's settings for the selected branch: { ativo, identificador, configuracao: { texto: texto } }. */
export async function salvarIntegracao(q: Queryable, ctx: RequestContext, sistemaRaw: string, body: Row): Promise<Row> {
  if (!ctx.branchId) throw semFilial();
  const sistema = Number(sistemaRaw);
  if (!SISTEMAS.some((s) => s.sistema === sistema)) throw notFound('Sistema de integração desconhecido (use 1 a 4).');
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto.');
  if (typeof body.ativo !== 'boolean') throw badRequest('Ativo: informe verdadeiro ou falso.', [{ campo: 'ativo', mensagem: 'Campo Obrigatório!' }]);
  const identificador = typeof body.identificador === 'string' ? body.identificador.trim() : '';
  if (!identificador || identificador.length > 120) throw badRequest('Identificador: informe o código da conta no sistema externo (até 120 caracteres).', [{ campo: 'identificador', mensagem: 'Campo Obrigatório!' }]);
  const configuracao = body.configuracao ?? {};
  if (typeof configuracao !== 'object' || Array.isArray(configuracao)) throw badRequest('Configuração: informe pares de nome e valor.', [{ campo: 'configuracao', mensagem: 'Valor inválido' }]);
  const pares = Object.entries(configuracao as Row);
  if (pares.length > 30 || pares.some(([k, v]) => !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(k) || typeof v !== 'string' || v.length > 500)) {
    throw badRequest('Configuração: até 30 itens, nomes de até 40 letras e números e valores de texto de até 500 caracteres.', [{ campo: 'configuracao', mensagem: 'Valor inválido' }]);
  }
  await q.query(
    `INSERT INTO integracoes_filial (tenant_id, filial_id, sistema, ativo, identificador, configuracao) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, filial_id, sistema) DO UPDATE SET ativo = EXCLUDED.ativo, identificador = EXCLUDED.identificador, configuracao = EXCLUDED.configuracao, updated_at = now()`,
    [ctx.tenantId, ctx.branchId, sistema, body.ativo, identificador, JSON.stringify(configuracao)],
  );
  return (await listarIntegracoes(q, ctx)).find((s) => s.sistema === sistema)!;
}

/** SPEC 3 user info: filialSelecionadaObj.integracoes (active systems as { sistema, id }) and integracaoSerasa. */
export async function integracoesDaFilial(q: Queryable, tenantId: number, filialId: number): Promise<{ integracoes: { sistema: number; id: string }[]; integracaoSerasa: boolean }> {
  const r = await q.query<{ sistema: number; identificador: string }>('SELECT sistema, identificador FROM integracoes_filial WHERE tenant_id = $1 AND filial_id = $2 AND ativo ORDER BY sistema', [tenantId, filialId]);
  const integracoes = r.rows.map((x) => ({ sistema: x.sistema, id: x.identificador }));
  return { integracoes, integracaoSerasa: integracoes.some((i) => i.sistema === SISTEMA_BIRO_CREDITO) };
}
