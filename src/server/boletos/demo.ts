import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { criarLancamento, RECEITA } from '../financeiro/financeiro.service.ts';
import { baixarBoleto, emitirBoletos } from './cobranca.ts';
import { lerConfiguracao } from './configuracao.ts';

const dia = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo shop's boletos (npm start only: the test suites expect the demo branch without a boleto
 * configuration): a Bradesco CNAB 400 configuration with a Pix key, a carnê of three instalments and a
 * single boleto, issued through the same service as the screen, the single one settled by hand.
 */
export async function seedBoletos(q: Queryable, tenantId: number): Promise<void> {
  const user = (await q.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 ORDER BY (email LIKE 'admin@%') DESC, id LIMIT 1`, [tenantId])).rows[0];
  const filial = (await q.query<{ id: number; cpf_cnpj: string }>(`SELECT id, cpf_cnpj FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenantId])).rows[0];
  const ctx = { tenantId, userId: user.id, branchId: filial.id } as RequestContext;
  await q.query(
    `INSERT INTO configuracoes_boleto (tenant_id, filial_id, banco, agencia, agencia_dv, conta, conta_dv, carteira, convenio, proximo_nosso_numero, chave_pix, cidade_pix, instrucoes, multa, juros, layout_cnab)
     VALUES ($1, $2, '237', '1172', '0', '0403005', '2', '09', '4455667', '1001', $3, 'São Paulo', 'Não receber após 30 dias do vencimento.', 2, 1, 400)`,
    [tenantId, filial.id, filial.cpf_cnpj],
  );
  const cfg = (await lerConfiguracao(q, ctx, true))!;
  const clientes = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND cpf_cnpj IS NOT NULL AND ativo ORDER BY id LIMIT 2`, [tenantId])).rows;
  const conta = (await q.query<{ id: number }>(`SELECT id FROM contas_financeiras WHERE tenant_id = $1 AND tipo = 1 ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;
  const carne = await criarLancamento(q, ctx, {
    tipo: RECEITA, descricao: 'Venda a prazo no carnê', pessoaId: clientes[0].id, contaId: conta, documento: 'PV-DEMO-1', dataEmissao: dia(-5), valorTotal: '450.00', numeroParcelas: 3, primeiroVencimento: dia(10),
  });
  const avulso = await criarLancamento(q, ctx, { tipo: RECEITA, descricao: 'Serviço de entrega mensal', pessoaId: clientes[1].id, contaId: conta, documento: 'PV-DEMO-2', dataEmissao: dia(-20), valorTotal: '129.90', primeiroVencimento: dia(-2) });
  await emitirBoletos(q, ctx, cfg, carne.parcelas.map((p) => p.id));
  const cfgDepois = (await lerConfiguracao(q, ctx, true))!;
  const [pago] = await emitirBoletos(q, ctx, cfgDepois, [avulso.parcelas[0].id]);
  await baixarBoleto(q, ctx, pago.id, { data: dia(-1) });
}
