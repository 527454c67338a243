import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { criarLancamento, RECEITA } from '../financeiro/index.ts';
import { randomBytes } from 'node:crypto';
import { hashWebhook, segredoGuardado } from '../boletos/index.ts';
import {
  alterarBoleto, aplicarRetorno, baixarBoleto, beneficiarioDaFilial, carregarLayout, emitirBoletos, escreverRegistro, gerarRemessaPendente, identificarRegistro, lerConfiguracao, lerRegistro,
} from '../boletos/index.ts';

const dia = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo shop's boletos (npm start only: the test suites expect the demo branch without a boleto
 * configuration): a Bradesco CNAB 400 configuration with a Pix key, a carnê of three instalments and a
 * single boleto, issued through the same service as the screen, the single one settled by hand. The carnê went
 * to the bank in remessa 1 and its retorno registered it (fees posted); the second instalment got a discount
 * that waits for the next remessa; the automation is on (remessa at 18:00, reminders 3 days before, on the due
 * date and 5 days after, payment alerts to the shop) with no bank exchange or PSP configured (the shop's own).
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
  const doCarne = await emitirBoletos(q, ctx, cfg, carne.parcelas.map((p) => p.id));
  const cfgDepois = (await lerConfiguracao(q, ctx, true))!;
  const [pago] = await emitirBoletos(q, ctx, cfgDepois, [avulso.parcelas[0].id]);
  await baixarBoleto(q, ctx, pago.id, { data: dia(-1) });

  // The carnê's remessa and the bank's retorno confirming each title (entrada confirmada, R$ 1,50 fee each).
  const beneficiario = (await beneficiarioDaFilial(q, ctx))!;
  const cfg3 = (await lerConfiguracao(q, ctx, true))!;
  const remessa = await gerarRemessaPendente(q, ctx, cfg3, beneficiario);
  const layout = carregarLayout('bradesco-400');
  const linhas = [escreverRegistro(layout, 'headerRetorno', { banco: '237', convenio: '4455667', sequencial: '1', dataGeracao: dia(-4) })];
  for (const l of remessa.arquivo.split('\r\n')) {
    if (identificarRegistro(layout, l, 'remessa') !== 'detalheRemessa') continue;
    const d = lerRegistro(layout, 'detalheRemessa', l);
    linhas.push(escreverRegistro(layout, 'detalheRetorno', {
      nossoNumero: `${d.nossoNumero}${d.nossoNumeroDv}`, ocorrencia: '02', dataOcorrencia: dia(-4), numeroDocumento: d.numeroDocumento ?? '', vencimento: d.vencimento ?? '', valor: d.valor ?? '0.00', tarifa: '1.50', sequencial: String(linhas.length + 1),
    }));
  }
  linhas.push(escreverRegistro(layout, 'trailerRetorno', { banco: '237', sequencial: String(linhas.length + 1) }));
  await aplicarRetorno(q, ctx, cfg3, linhas.join('\r\n'), { nome: 'CB0001.RET' });
  await alterarBoleto(q, ctx, cfg3, doCarne[1].id, { desconto: '10.00', dataDesconto: doCarne[1].vencimento });
  const segredo = randomBytes(18).toString('hex');
  await q.query(
    `INSERT INTO boletos_automacao (tenant_id, configuracao_id, remessa_automatica, remessa_hora, lembrete_ao_emitir, lembrete_dias_antes, lembrete_no_vencimento, lembrete_dias_apos, aviso_pagamento_email, webhook_segredo, webhook_segredo_hash)
     VALUES ($1, $2, true, '18:00', true, 3, true, 5, (SELECT email FROM users WHERE tenant_id = $1 AND id = $3), $4, $5)`,
    [tenantId, cfg3.id, user.id, segredoGuardado(segredo), hashWebhook(segredo)],
  );
  // The carnê was e-mailed to the customer on issue (the outbox of `npm start` has no SMTP: recorded as sent).
  const email = (await q.query<{ email: string | null }>(`SELECT email FROM pessoas WHERE tenant_id = $1 AND id = $2`, [tenantId, clientes[0].id])).rows[0]?.email;
  if (email) for (const b of doCarne) await q.query(`INSERT INTO boletos_emails (tenant_id, boleto_id, tipo, para, enviado_em) VALUES ($1, $2, 'emissao', $3, now() - interval '5 days')`, [tenantId, b.id, email]);
}
