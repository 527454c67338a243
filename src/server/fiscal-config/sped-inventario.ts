import type { ResourceHooks } from '../resources/hooks.ts';
import { Problemas, preenchido } from './regras.ts';

/**
 * Inventário SPED (schemas/resources/inventarioSped.json, registros H005/H010): um item por produto, filial e
 * data; quantidade e valor unitário positivos (o valor do item é calculado pelo banco: quantidade × valor
 * unitário, arredondado a 2 casas); um item de terceiros ou em poder de terceiros nomeia o participante;
 * a conta contábil é analítica; um serviço não entra no inventário. O item é da filial em uso (a troca de filial
 * do menu do usuário), que a edição mantém: o formulário não oferece a filial, cujas razões sociais se repetem.
 */
const hooks: ResourceHooks = {
  async beforeWrite(q, ctx, data, current) {
    const p = new Problemas();
    if (!preenchido(data.filialId)) data.filialId = current?.filialId ?? ctx.branchId;
    if (!preenchido(data.filialId)) p.add('filialId', 'Selecione a filial do inventário (troca de filial, no menu do usuário).');
    if (Number(data.quantidade) <= 0) p.add('quantidade', 'Informe uma quantidade maior que zero.');
    if (Number(data.valorUnitario) <= 0) p.add('valorUnitario', 'Informe um valor unitário maior que zero.');
    if (data.propriedade === '0') data.participanteSpedId = null;
    const produto = await q.query<{ servico: boolean }>('SELECT servico FROM produtos WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, data.produtoId]);
    if (!produto.rows.length) p.add('produtoId', 'Produto não encontrado.');
    else if (produto.rows[0].servico) p.add('produtoId', 'Um serviço não entra no inventário.');
    if (preenchido(data.contaContabilSpedId)) {
      const conta = await q.query<{ tipo: string; codigo: string }>('SELECT tipo, codigo FROM contas_contabeis_sped WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, data.contaContabilSpedId]);
      if (!conta.rows.length) p.add('contaContabilSpedId', 'Conta contábil não encontrada.');
      else if (conta.rows[0].tipo !== 'A') p.add('contaContabilSpedId', `A conta ${conta.rows[0].codigo} é sintética: escolha uma conta analítica.`);
    }
    p.throwIfAny();
  },
};
export default hooks;
