import type { ResourceHooks } from '../resources/hooks.ts';
import { badRequest } from '../http/errors.ts';
import { dataBr, faixa, iso, preenchido, Problemas, versaoEmVigorInalterada } from './regras.ts';

/**
 * Tributações federais (schemas/resources/tributacaoFederal.json): a taxed CST needs its rate, an untaxed one
 * takes none, rates stay within range, and a perfil has one version per start date.
 */
const IPI_TRIBUTADO = new Set(['00', '49', '50', '99']);
const PIS_TRIBUTADO = new Set(['01', '02']);
const PIS_SEM = new Set(['04', '05', '06', '07', '08', '09']);

/** What a version in force keeps (the observação may still change). */
const CAMPOS_DA_REGRA = ['perfilTributarioId', 'vigenciaInicio', 'cstIpi', 'aliquotaIpi', 'enquadramentoIpi', 'cstPis', 'aliquotaPis', 'cstCofins', 'aliquotaCofins'];

const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const p = new Problemas();
    faixa(p, data, 'aliquotaIpi', 'Alíquota do IPI', 300);
    faixa(p, data, 'aliquotaPis', 'Alíquota do PIS', 100);
    faixa(p, data, 'aliquotaCofins', 'Alíquota da COFINS', 100);
    const ipi = preenchido(data.cstIpi) ? String(data.cstIpi) : null;
    if (ipi && ['50', '00'].includes(ipi) && !preenchido(data.aliquotaIpi)) p.add('aliquotaIpi', `O CST ${ipi} do IPI é tributado: informe a alíquota do IPI.`);
    if (ipi && !IPI_TRIBUTADO.has(ipi) && Number(data.aliquotaIpi ?? 0) > 0) p.add('aliquotaIpi', `O CST ${ipi} do IPI não é tributado: deixe a alíquota do IPI em branco.`);
    if (!ipi && preenchido(data.aliquotaIpi)) p.add('cstIpi', 'Informe o CST do IPI da alíquota dada.');
    for (const [cstCampo, aliqCampo, nome] of [['cstPis', 'aliquotaPis', 'do PIS'], ['cstCofins', 'aliquotaCofins', 'da COFINS']] as const) {
      const cst = String(data[cstCampo] ?? '');
      if (PIS_TRIBUTADO.has(cst) && !preenchido(data[aliqCampo])) p.add(aliqCampo, `O CST ${cst} ${nome} é tributado pela alíquota: informe a alíquota ${nome}.`);
      if (PIS_SEM.has(cst) && Number(data[aliqCampo] ?? 0) > 0) p.add(aliqCampo, `O CST ${cst} ${nome} não é tributado: deixe a alíquota ${nome} em branco.`);
    }
    p.throwIfAny();
    if (ipi && !preenchido(data.enquadramentoIpi)) data.enquadramentoIpi = '999';
  },

  async beforeWrite(q, ctx, data, current) {
    versaoEmVigorInalterada(data, current, CAMPOS_DA_REGRA);
    const perfil = await q.query('SELECT 1 FROM perfis_tributarios WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, data.perfilTributarioId]);
    if (!perfil.rows.length) throw badRequest('Perfil tributário não encontrado.', [{ path: '/perfilTributarioId', campo: 'perfilTributarioId', mensagem: 'Perfil tributário não encontrado.' }]);
    const outra = await q.query(`SELECT id FROM tributacoes_federais WHERE tenant_id = $1 AND perfil_tributario_id = $2 AND vigencia_inicio = $3::date AND id <> $4`, [
      ctx.tenantId, data.perfilTributarioId, iso(data.vigenciaInicio), current?.id ?? 0,
    ]);
    if (outra.rows.length) {
      const msg = `Já existe uma tributação federal deste perfil com vigência a partir de ${dataBr(data.vigenciaInicio)}: uma nova versão da regra começa em outra data.`;
      throw badRequest(msg, [{ path: '/vigenciaInicio', campo: 'vigenciaInicio', mensagem: msg }]);
    }
  },
};
export default hooks;
