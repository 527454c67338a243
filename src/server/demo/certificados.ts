import type { AppServices } from '../app-services.ts';
import { gravarCertificado } from '../fiscal/index.ts';
import { gerarCertificadoDemonstracao } from './certificado-a1.ts';
import { filiaisMarcadas } from './filiais-marcadas.ts';
import { documentoFiscal } from '../../shared/cpf-cnpj.ts';

/** One generated A1 per CNPJ and process (a 2048-bit key and its PKCS#12 take most of a second; test servers start many times). */
const gerados = new Map<string, { pfx: Buffer; senha: string }>();

/**
 * The demo branches (configuracoes_nfe.certificado_demo) get their test certificate, stored encrypted like any
 * uploaded one, through the fiscal module's gravarCertificado. A start-up step (main.ts runs it before listening; test
 * servers call it themselves): the certificate lives in each server's storage under its key while the seeded database
 * is shared by many test servers, so a seed cannot store it. The mark is taken off under the row's lock, so several
 * servers starting together store it once. Reading a screen or issuing a note never generates one.
 * Answers how many certificates it stored.
 */
export async function instalarCertificadosDaDemonstracao(services: Pick<AppServices, 'db' | 'storage'>, tenantId?: number): Promise<number> {
  let n = 0;
  for (const { tenantId: conta, filialId } of await filiaisMarcadas(services.db, 'configuracoes_nfe', 'certificado_demo', tenantId)) {
    const ctx = { tenantId: conta };
    const gravado = await services.db.tenant(ctx, async (q) => {
      const r = await q.query(`UPDATE configuracoes_nfe SET certificado_demo = false WHERE tenant_id = $1 AND filial_id = $2 AND certificado_demo RETURNING filial_id`, [ctx.tenantId, filialId]);
      if (!r.rows.length) return false;
      if ((await q.query(`SELECT 1 FROM certificados_digitais WHERE tenant_id = $1 AND filial_id = $2 AND ativo`, [ctx.tenantId, filialId])).rows.length) return false;
      const b = (await q.query(`SELECT nome, cpf_cnpj FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, filialId])).rows[0];
      const cnpj = documentoFiscal(b.cpf_cnpj);
      const titular = String(b.nome).toUpperCase().normalize('NFD').replace(/[^\x20-\x7e]/g, '');
      const chave = `${cnpj}|${titular}`;
      let a1 = gerados.get(chave);
      if (!a1) gerados.set(chave, (a1 = gerarCertificadoDemonstracao(cnpj, titular)));
      await gravarCertificado(services, q, ctx, filialId, a1.pfx, a1.senha);
      return true;
    });
    if (gravado) n++;
  }
  return n;
}
