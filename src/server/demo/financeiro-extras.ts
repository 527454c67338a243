import type { Queryable } from '../db/db.ts';
import { somarMeses } from '../../shared/parcelamento.ts';
import { conciliar, criarRecorrencia, DESPESA, FREQUENCIA, importarOfx, sugerir } from '../financeiro/index.ts';

const dia = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const ofxData = (offset: number) => `${dia(offset).replace(/-/g, '')}120000[-3:BRT]`;

/**
 * The demo's bank statement and recurring bills: an OFX of the Banco do Brasil conta (as the bank exports it:
 * SGML, latin-1) imported over the weeks seedFinanceiro posted, with the lines that meet a posted movement
 * reconciled and the rest pending (a parcela to settle, a bank fee to book); aluguel and internet recurring.
 */
export async function seedFinanceiroExtras(q: Queryable, tenantId: number): Promise<void> {
  const userId = Number((await q.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0].id);
  const ctx = { tenantId, userId };
  const idOf = async (sql: string, params: unknown[]) => Number((await q.query<{ id: number }>(sql, params)).rows[0].id);
  const bb = await idOf(`SELECT id FROM contas_financeiras WHERE tenant_id = $1 AND descricao = 'Banco do Brasil'`, [tenantId]);

  // The statement repeats what the demo posted in the conta over the last three weeks (its newest movements,
  // as the bank shows them), a receivable paid into the bank but not yet settled here (a parcela to settle),
  // and a bank fee nobody booked.
  const movs = (
    await q.query<{ data: string; valor: string; descricao: string }>(
      `SELECT to_char(data, 'YYYY-MM-DD') AS data, valor::text AS valor, descricao FROM movimentos_financeiros
        WHERE tenant_id = $1 AND conta_id = $2 AND data BETWEEN current_date - 21 AND current_date - 1 ORDER BY data DESC, id DESC LIMIT 5`,
      [tenantId, bb],
    )
  ).rows;
  const aReceber = (
    await q.query<{ vencimento: string; valor: string }>(
      `SELECT to_char(vencimento, 'YYYY-MM-DD') AS vencimento, valor_aberto::text AS valor FROM parcelas_lista
        WHERE tenant_id = $1 AND tipo = 0 AND status IN ('atrasado', 'aberto') AND valor_baixado = 0 AND vencimento BETWEEN current_date - 20 AND current_date + 20
        ORDER BY abs(vencimento - current_date), id LIMIT 1`,
      [tenantId],
    )
  ).rows;
  const diasAtras = (iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${dia(0)}T00:00:00Z`)) / 86400000);
  const linhas: [number, string, string, string][] = [
    ...movs.map((m, i): [number, string, string, string] => [diasAtras(m.data), m.valor, m.descricao.replace(/^Baixa: /, 'Pagto ').slice(0, 60), String(1001 + i)]),
    ...aReceber.map((p): [number, string, string, string] => [Math.min(-1, diasAtras(p.vencimento) + 1), p.valor, 'TED recebida - cliente', '1009']),
    [-2, '-39.90', 'Tarifa pacote de serviços', '1010'] as [number, string, string, string],
  ].sort((a, b) => a[0] - b[0]);
  const trns = linhas
    .map(([d, valor, memo, n]) => `<STMTTRN>\r\n<TRNTYPE>${valor.startsWith('-') ? 'DEBIT' : 'CREDIT'}\r\n<DTPOSTED>${ofxData(d)}\r\n<TRNAMT>${valor}\r\n<FITID>${dia(d).replace(/-/g, '')}${n}\r\n<CHECKNUM>${n}\r\n<MEMO>${memo}\r\n</STMTTRN>`)
    .join('\r\n');
  const ofx = `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n<SIGNONMSGSRSV1>\r\n<SONRS>\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n<DTSERVER>${ofxData(-1)}\r\n<LANGUAGE>POR\r\n</SONRS>\r\n</SIGNONMSGSRSV1>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<TRNUID>1\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n<STMTRS>\r\n<CURDEF>BRL\r\n<BANKACCTFROM>\r\n<BANKID>001\r\n<BRANCHID>1234-5\r\n<ACCTID>56789-0\r\n<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>${ofxData(-21)}\r\n<DTEND>${ofxData(-1)}\r\n${trns}\r\n</BANKTRANLIST>\r\n</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n`;
  const imp = await importarOfx(q, ctx, bb, Buffer.from(ofx, 'latin1'), `extrato-bb-${dia(-1)}.ofx`);
  // the lines whose movement is already in the ledger are reconciled; the others wait for the user
  const sug = await sugerir(q, ctx, bb, { extratoId: imp.extratoId });
  const itens = [...sug.entries()].filter(([, s]) => s[0]?.tipo === 'movimento' && s[0].pontos >= 90).map(([transacaoId, s]) => ({ transacaoId, movimentoId: s[0].id }));
  if (itens.length) await conciliar(q, ctx, itens.slice(0, 3));

  const cat = (descricao: string) => idOf(`SELECT id FROM categorias_financeiras WHERE tenant_id = $1 AND descricao = $2`, [tenantId, descricao]);
  const fixas = await cat('Despesas fixas');
  const internet = await idOf(`INSERT INTO categorias_financeiras (tenant_id, descricao, tipo, categoria_pai_id) VALUES ($1, 'Internet e telefone', 1, $2) RETURNING id`, [tenantId, fixas]);
  await criarRecorrencia(q, ctx, { tipo: DESPESA, descricao: 'Aluguel da loja', valor: '3200.00', frequencia: FREQUENCIA.mensal, dataInicio: somarMeses(dia(-20), 1), categoriaId: await cat('Aluguel'), documento: 'Contrato 12/2024', diasAntecedencia: 60 });
  await criarRecorrencia(q, ctx, { tipo: DESPESA, descricao: 'Internet fibra 300 mega', valor: '119.90', frequencia: FREQUENCIA.mensal, dataInicio: dia(6), ocorrencias: 12, categoriaId: internet, diasAntecedencia: 60 });
}
