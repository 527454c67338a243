import type { ResourceHooks } from '../resources/hooks.ts';
import { badRequest } from '../http/errors.ts';
import { aliquotaDaLista, cfopExiste, dataBr, faixa, iso, preenchido, Problemas, versaoEmVigorInalterada } from './regras.ts';

/**
 * Tributações estaduais (schemas/resources/tributacaoEstadual.json): the CST or CSOSN must agree with the rates
 * the row gives, rates stay within their range, the CFOP is an exit CFOP of the row's direction, and a key
 * (perfil, UF de origem, UF de destino) has one version per start date.
 */
const CST_COM_ALIQUOTA = new Set(['00', '10', '20', '51', '70']);
const CST_SEM_ICMS = new Set(['30', '40', '41', '50', '60']);
const CST_REDUCAO = new Set(['20', '70']);
const CST_ST = new Set(['10', '30', '70']);
const CSOSN_CREDITO = new Set(['101', '201']);
const CSOSN_ST = new Set(['201', '202', '203']);

/** What a version in force keeps (the observação may still change). */
const CAMPOS_DA_REGRA = ['perfilTributarioId', 'ufOrigem', 'ufDestino', 'vigenciaInicio', 'cstIcms', 'csosn', 'modalidadeBc', 'aliquotaIcms', 'reducaoBase', 'aliquotaCreditoSn', 'modalidadeBcSt', 'mvaSt', 'reducaoBaseSt', 'aliquotaIcmsSt', 'aliquotaFcp', 'aliquotaFcpSt', 'aliquotaIcmsUfDestino', 'aliquotaFcpUfDestino', 'cfop'];

const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const p = new Problemas();
    const ufO = String(data.ufOrigem ?? '');
    const ufD = String(data.ufDestino ?? '');
    const interna = ufO === ufD;
    if (ufO === 'EX') p.add('ufOrigem', 'UF de origem: informe a UF da filial que emite a nota, não o exterior.');
    const cst = preenchido(data.cstIcms) ? String(data.cstIcms) : null;
    const csosn = preenchido(data.csosn) ? String(data.csosn) : null;
    if (!cst && !csosn) p.add('cstIcms', 'Informe o CST do ICMS (emitente do Regime Normal) ou o CSOSN (emitente do Simples Nacional).');

    for (const [campo, titulo] of [['aliquotaIcms', 'Alíquota do ICMS'], ['aliquotaIcmsSt', 'Alíquota do ICMS-ST'], ['aliquotaIcmsUfDestino', 'Alíquota interna da UF de destino']] as const) {
      faixa(p, data, campo, titulo, 100);
      aliquotaDaLista(p, data, campo, titulo);
    }
    faixa(p, data, 'reducaoBase', 'Redução da base de cálculo', 99.99);
    faixa(p, data, 'reducaoBaseSt', 'Redução da base do ICMS-ST', 99.99);
    faixa(p, data, 'aliquotaCreditoSn', 'Alíquota do crédito do Simples', 18.99);
    faixa(p, data, 'mvaSt', 'MVA do ICMS-ST', 999.99);
    faixa(p, data, 'aliquotaFcp', 'Alíquota do FCP', 4);
    faixa(p, data, 'aliquotaFcpSt', 'Alíquota do FCP-ST', 4);
    faixa(p, data, 'aliquotaFcpUfDestino', 'FCP da UF de destino', 4);

    if (cst) {
      if (CST_COM_ALIQUOTA.has(cst) && interna && !preenchido(data.aliquotaIcms)) p.add('aliquotaIcms', `O CST ${cst} é tributado: informe a alíquota do ICMS.`);
      if (CST_SEM_ICMS.has(cst) && preenchido(data.aliquotaIcms) && Number(data.aliquotaIcms) > 0) p.add('aliquotaIcms', `O CST ${cst} não tem ICMS próprio: deixe a alíquota do ICMS em branco.`);
      if (CST_REDUCAO.has(cst) && !(Number(data.reducaoBase ?? 0) > 0)) p.add('reducaoBase', `O CST ${cst} é com redução de base: informe o percentual de redução.`);
      if (!CST_REDUCAO.has(cst) && !['51', '90'].includes(cst) && Number(data.reducaoBase ?? 0) > 0) p.add('reducaoBase', `O CST ${cst} não tem redução de base: use o CST 20 (ou 70 com ST) ou deixe a redução em branco.`);
      if (CST_ST.has(cst) && !preenchido(data.aliquotaIcmsSt)) p.add('aliquotaIcmsSt', `O CST ${cst} tem substituição tributária: informe a alíquota do ICMS-ST.`);
    }
    if (csosn) {
      if (CSOSN_CREDITO.has(csosn) && !preenchido(data.aliquotaCreditoSn)) p.add('aliquotaCreditoSn', `O CSOSN ${csosn} permite crédito: informe a alíquota do crédito do Simples.`);
      if (!CSOSN_CREDITO.has(csosn) && Number(data.aliquotaCreditoSn ?? 0) > 0) p.add('aliquotaCreditoSn', `O CSOSN ${csosn} não permite crédito: deixe a alíquota do crédito em branco.`);
      if (CSOSN_ST.has(csosn) && !preenchido(data.aliquotaIcmsSt)) p.add('aliquotaIcmsSt', `O CSOSN ${csosn} tem substituição tributária: informe a alíquota do ICMS-ST.`);
    }
    if (!cst?.match(/^(10|30|70|90)$/) && !csosn?.match(/^(201|202|203|900)$/)) {
      for (const [campo, titulo] of [['aliquotaIcmsSt', 'Alíquota do ICMS-ST'], ['mvaSt', 'MVA do ICMS-ST']] as const) {
        if (Number(data[campo] ?? 0) > 0) p.add(campo, `${titulo}: o ${cst ? `CST ${cst}` : `CSOSN ${csosn}`} não tem substituição tributária.`);
      }
    }
    if (interna && preenchido(data.aliquotaIcmsUfDestino)) p.add('aliquotaIcmsUfDestino', 'O DIFAL só vale entre UFs diferentes: deixe a alíquota da UF de destino em branco numa regra de SP para SP.'.replace(/SP para SP/, `${ufO} para ${ufD}`));

    if (preenchido(data.cfop)) {
      const cfop = String(data.cfop);
      const esperado = ufD === 'EX' ? '7' : interna ? '5' : '6';
      if (!cfopExiste(cfop)) p.add('cfop', `CFOP ${cfop} não existe na tabela oficial.`);
      else if (cfop[0] !== esperado) p.add('cfop', `CFOP ${cfop} não é de saída ${esperado === '5' ? 'dentro do estado' : esperado === '6' ? 'para outro estado' : 'para o exterior'} (use um CFOP começado por ${esperado} numa regra de ${ufO} para ${ufD}).`);
    }
    p.throwIfAny();
  },

  async beforeWrite(q, ctx, data, current) {
    versaoEmVigorInalterada(data, current, CAMPOS_DA_REGRA);
    const perfil = await q.query('SELECT 1 FROM perfis_tributarios WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, data.perfilTributarioId]);
    if (!perfil.rows.length) throw badRequest('Perfil tributário não encontrado.', [{ path: '/perfilTributarioId', campo: 'perfilTributarioId', mensagem: 'Perfil tributário não encontrado.' }]);
    const outra = await q.query(
      `SELECT id FROM tributacoes_estaduais WHERE tenant_id = $1 AND perfil_tributario_id = $2 AND uf_origem = $3 AND uf_destino = $4 AND vigencia_inicio = $5::date AND id <> $6`,
      [ctx.tenantId, data.perfilTributarioId, data.ufOrigem, data.ufDestino, iso(data.vigenciaInicio), current?.id ?? 0],
    );
    if (outra.rows.length) {
      const msg = `Já existe uma tributação estadual deste perfil de ${data.ufOrigem} para ${data.ufDestino} com vigência a partir de ${dataBr(data.vigenciaInicio)}: uma nova versão da regra começa em outra data.`;
      throw badRequest(msg, [{ path: '/vigenciaInicio', campo: 'vigenciaInicio', mensagem: msg }]);
    }
  },
};
export default hooks;
