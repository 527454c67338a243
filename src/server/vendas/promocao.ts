import { badRequest } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';

const fail = (campo: string, mensagem: string, texto: string): never => {
  throw badRequest(texto, [{ path: `/${campo}`, campo, mensagem }]);
};

/** Promoções (schemas/resources/promocao.json): what each type needs, on create and on edit. */
const hooks: ResourceHooks = {
  validate(_ctx, data, current) {
    const p = { ...(current ?? {}), ...data };
    if (p.produtoId != null && p.categoriaId != null) fail('categoriaId', 'Informe o produto ou a categoria', 'Promoção: informe o produto ou a categoria, não os dois (sem nenhum, vale para todos os produtos).');
    if (p.tipo === 0 && (p.preco == null || p.preco === '')) fail('preco', 'Campo Obrigatório!', 'Promoção de preço: informe o preço promocional.');
    if (p.tipo === 1 && (p.percentual == null || p.percentual === '' || Number(p.percentual) <= 0 || Number(p.percentual) > 100)) fail('percentual', 'Informe de 0,01 a 100', 'Promoção de percentual: informe o desconto, de 0,01% a 100%.');
    if (p.tipo === 2) {
      if (p.leve == null || p.pague == null) fail(p.leve == null ? 'leve' : 'pague', 'Campo Obrigatório!', 'Leve N pague M: informe quanto leva e quanto paga.');
      if (Number(p.pague) >= Number(p.leve)) fail('pague', 'Deve ser menor que o leve', `Leve ${p.leve} pague ${p.pague}: o cliente deve pagar menos unidades do que leva.`);
    }
    if (p.dataInicio && p.dataFim && String(p.dataFim) < String(p.dataInicio)) fail('dataFim', 'Anterior ao início', 'Promoção: a data final é anterior à inicial.');
  },
};
export default hooks;
