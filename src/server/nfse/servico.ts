import type { ResourceHooks } from '../resources/hooks.ts';
import { badRequest, type ErrorDetail } from '../http/errors.ts';
import { conferirAliquotaIss } from './notas-servico.ts';
import { descricaoServicoNacional } from './servicos-nacionais.ts';

/** The service product (schemas/resources/servico.json): its NFS-e taxation holds before it is saved. */
const hooks: ResourceHooks = {
  validate(_ctx, data) {
    const erros: ErrorDetail[] = [];
    const a = conferirAliquotaIss(data.aliquotaIss);
    if (a) erros.push({ path: '/aliquotaIss', campo: 'aliquotaIss', mensagem: a });
    const c = data.codigoTributacaoNacional;
    if (c !== undefined && c !== null && c !== '' && !descricaoServicoNacional(String(c))) {
      erros.push({ path: '/codigoTributacaoNacional', campo: 'codigoTributacaoNacional', mensagem: `Código de tributação nacional ${String(c)} não existe na lista nacional de serviços.` });
    }
    if (erros.length) throw badRequest(erros.map((e) => e.mensagem).join(' '), erros);
  },
};
export default hooks;
