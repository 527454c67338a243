import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { isContadorExterno, registrarAcesso } from './contadores.ts';

/** The NF-e layout takes at most 10 autXML groups. */
const MAX_AUT_XML = 10;

/**
 * autXML (issue 37 item 6): the CPF/CNPJ of every active accountant the shop authorised to download its NF-e from
 * SEFAZ — the list the NF-e builder puts in the autXML groups of every note the account issues.
 */
export async function autXmlDaConta(q: Queryable, tenantId: number): Promise<NonNullable<NfeDocumento['autorizadosXml']>> {
  const r = await q.query<{ doc: string }>(
    `SELECT DISTINCT regexp_replace(cpf_cnpj, '\\D', '', 'g') AS doc FROM contabil_contadores WHERE tenant_id = $1 AND situacao = 'ativo' AND aut_xml ORDER BY 1 LIMIT ${MAX_AUT_XML}`,
    [tenantId],
  );
  const lista = r.rows.filter((x) => x.doc.length === 14 || x.doc.length === 11).map((x) => (x.doc.length === 14 ? { cnpj: x.doc } : { cpf: x.doc }));
  return lista as NonNullable<NfeDocumento['autorizadosXml']>;
}

/** The shop switches autXML on or off for one of its accountants (active ones only); logged. */
export async function definirAutXml(db: Db, ctx: RequestContext, id: number, body: Record<string, unknown>) {
  if (isContadorExterno(ctx)) throw forbidden('Somente a loja autoriza o contador a obter os XML das NF-e.');
  if (typeof body.autXml !== 'boolean') throw badRequest('Informe se o contador pode obter os XML das NF-e (autXml).', [{ path: '/autXml', campo: 'autXml', mensagem: 'Campo obrigatório!' }]);
  const ativo = body.autXml;
  return db.tenant(ctx, async (q) => {
    const c = (await q.query<{ situacao: string; cpf_cnpj: string }>('SELECT situacao, cpf_cnpj FROM contabil_contadores WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id])).rows[0];
    if (!c) throw notFound('Contador não encontrado.');
    if (ativo && c.situacao !== 'ativo') throw badRequest('Só um contador com acesso ativo pode ser autorizado a obter os XML das NF-e.');
    await q.query('UPDATE contabil_contadores SET aut_xml = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, ativo]);
    await registrarAcesso(q, ctx.tenantId, id, 'autxml', ativo ? `CPF/CNPJ ${c.cpf_cnpj} autorizado a obter os XML das NF-e (autXML) por ${ctx.nome}` : `Autorização de obter os XML das NF-e (autXML) retirada por ${ctx.nome}`);
    return { id, autXml: ativo };
  });
}
