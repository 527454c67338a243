import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import planoPadrao from '../../src/server/contabil/dados/plano-padrao.json' with { type: 'json' };
import leiauteDominio from '../../src/server/contabil/dados/leiaute-dominio.json' with { type: 'json' };

/**
 * Issue 37 items 4 and 5: the default chart merged into the account's chart, the mapping of categories and money
 * accounts (a synthetic account refused), and the month's journal entries: pending while anything is unmapped, then
 * a CSV whose debits equal its credits and add up to the money that moved.
 */
describe.each(BACKENDS)('Contábil: plano de contas e lançamentos contábeis on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let contador: string;
  const req = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => app.inject({ method, url, payload: payload as any, headers: { host: 'localhost', authorization: token } });
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    contador = await login(app, 'contador@demo.com.br');
  });
  afterAll(async () => {
    await srv?.close();
  });
  /** A shop signed up afresh (its owner's session, the account, its first branch): a month with only what the test puts in. */
  const novaLoja = async (email: string, nome: string, empresa: string, telefone: string) => {
    const r = await app.inject({ method: 'POST', url: '/api/Usuarios/cadastro', headers: { host: 'localhost' }, payload: { email, nome, empresa, telefone, regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true } });
    expect(r.statusCode, r.body).toBe(200);
    const t = Number(r.json().contaId);
    return { dono: await login(app, email, 'segredo1'), t, f: Number((await sql('SELECT id FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1', [t])).rows[0].id) };
  };

  it("the demo's PDV payment methods mapped: an NFC-e paid half cash, half card, and one paid cash with change", async () => {
    const t = Number((await sql(`SELECT tenant_id AS t FROM users WHERE email = 'contador@demo.com.br' AND contador_login_user_id IS NULL`)).rows[0].t);
    // Two of the demo's coupons, authorised and moved to January 2020 (a month with nothing else).
    const misto = (await sql(`SELECT venda_id AS id FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND tipo = 'venda' GROUP BY venda_id HAVING count(*) = 2 ORDER BY venda_id LIMIT 1`, [t])).rows[0].id;
    const comTroco = (await sql(`SELECT venda_id AS id FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND tipo = 'troco' ORDER BY venda_id LIMIT 1`, [t])).rows[0].id;
    for (const [n, v, h] of [[9001, misto, 12], [9002, comTroco, 13]])
      await sql(`UPDATE pdv_vendas SET situacao = 'autorizada', numero = $3, chave_acesso = $4, emitida_em = $5 WHERE tenant_id = $1 AND id = $2`, [t, v, n, `352001000000000000006500100000${n}10000000${n % 10}`, `2020-01-15 ${h}:00:00-03`]);
    const pago = async (venda: number, forma: string) =>
      (await sql(`SELECT coalesce(sum(m.valor), 0)::text AS v FROM pdv_caixa_movimentos m JOIN pdv_formas_pagamento f ON f.tenant_id = m.tenant_id AND f.id = m.forma_pagamento_id WHERE m.tenant_id = $1 AND m.venda_id = $2 AND m.tipo IN ('venda', 'troco') AND f.descricao = $3`, [t, venda, forma])).rows[0].v as string;
    const total = async (venda: number) => (await sql('SELECT total::text AS v FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [t, venda])).rows[0].v as string;
    // The accountant, who does not see the shop's registers, finds its customers to give one an account of his own.
    const clientes = await req('GET', '/api/contabil/plano/pessoas?tipo=0', contador);
    expect(clientes.statusCode).toBe(200);
    expect(clientes.json().length).toBeGreaterThan(0);
    const d = (await req('GET', '/api/contabil/lancamentos-contabeis?competencia=01/2020', contador)).json();
    expect(d.pendencias).toEqual([]);
    expect(d.lancamentos.map((l: { debito: string; credito: string; valor: string; historico: string }) => `${l.historico}: ${l.debito} ${l.credito} ${l.valor}`)).toEqual([
      // Dinheiro to Caixa geral, Cartão de crédito to Cartões a receber (the demo's mapping), the parts adding up to the coupon
      `Venda NFC-e 9001/1: 1.1.1.01 4.1.1.01 ${new Decimal(await pago(misto, 'Dinheiro')).toFixed(2)}`,
      `Venda NFC-e 9001/1: 1.1.2.02 4.1.1.01 ${new Decimal(await pago(misto, 'Cartão de crédito')).toFixed(2)}`,
      // cash handed over less the change given back: the coupon's total
      `Venda NFC-e 9002/1: 1.1.1.01 4.1.1.01 ${await total(comTroco)}`,
    ]);
    expect(new Decimal(d.lancamentos[0].valor).plus(d.lancamentos[1].valor).toFixed(2)).toBe(await total(misto));
    expect(d.totalDebito).toBe(d.totalCredito);

    // The demo month (last month, the one the demo closes) in the Domínio layout, every line checked against the layout.
    const hoje = new Date();
    const alvo = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 1, 15));
    const mes = `${String(alvo.getUTCMonth() + 1).padStart(2, '0')}/${alvo.getUTCFullYear()}`;
    const diario = (await req('GET', `/api/contabil/lancamentos-contabeis?competencia=${mes}`, contador)).json();
    expect(diario.pendencias).toEqual([]);
    expect(diario.quantidade).toBeGreaterThan(0);
    expect(diario.quantidade).toBeLessThanOrEqual(200);
    const txt = await req('GET', `/api/contabil/lancamentos-contabeis/arquivo?competencia=${mes}&leiaute=dominio&codigoEmpresa=4521`, contador);
    expect(txt.statusCode, txt.body).toBe(200);
    expect(txt.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    const cab = conferirDominio(txt.rawPayload, diario.lancamentos, 'Carla Contadora');
    expect(cab['Código da empresa']).toBe('0004521');
    expect(cab['Data inicial']).toBe(`01/${mes}`);
    expect(centavosDe(diario.totalDebito)).toBe(centavosDe(diario.totalCredito));
  });

  it('the default chart, the mapping, and the journal of the month with the most money moved', async () => {
    const t = Number((await sql(`SELECT tenant_id AS t FROM users WHERE email = 'contador@demo.com.br' AND contador_login_user_id IS NULL`)).rows[0].t);
    // A new shop takes the whole default chart, once; the demo already started from it (merged with its own accounts).
    const r = await app.inject({ method: 'POST', url: '/api/Usuarios/cadastro', headers: { host: 'localhost' }, payload: { email: 'dono.plano@exemplo.com.br', nome: 'Dono Plano', empresa: 'Loja Plano', telefone: '11987654321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true } });
    expect(r.statusCode, r.body).toBe(200);
    const nova = await login(app, 'dono.plano@exemplo.com.br', 'segredo1');
    const padrao = (await req('POST', '/api/contabil/plano/padrao', nova)).json();
    expect(padrao.inseridas).toBe(planoPadrao.contas.length);
    expect((await req('POST', '/api/contabil/plano/padrao', nova)).json().inseridas).toBe(0);
    const filho = (await sql(`SELECT f.nivel, p.codigo AS pai FROM contas_contabeis_sped f JOIN contas_contabeis_sped p ON p.tenant_id = f.tenant_id AND p.id = f.conta_superior_id WHERE f.tenant_id = $1 AND f.codigo = '4.2.1.02'`, [r.json().contaId])).rows[0];
    expect(filho).toEqual({ nivel: 4, pai: '4.2.1' });
    expect((await req('POST', '/api/contabil/plano/padrao', contador)).json().inseridas).toBe(0);
    // The demo's mapping set aside: a shop that has not mapped anything yet.
    await sql('DELETE FROM contabil_mapeamentos WHERE tenant_id = $1', [t]);

    const m = (await req('GET', '/api/contabil/plano/mapeamentos', contador)).json();
    const conta = (codigo: string) => m.contas.find((c: { codigo: string }) => c.codigo === codigo).id as number;
    expect(m.categorias.length).toBeGreaterThan(0);
    expect(m.contasFinanceiras.length).toBeGreaterThan(0);

    // Bad input: a synthetic account, an unknown origin; nothing written.
    const sintetica = await req('PUT', '/api/contabil/plano/mapeamentos', contador, { origem: 'categoria', origemId: m.categorias[0].id, contaContabilId: conta('4.1') });
    expect(sintetica.statusCode).toBe(400);
    expect(sintetica.json().error.message).toBe('A conta 4.1 - Receitas é sintética: escolha uma conta analítica, que recebe lançamentos.');
    expect((await req('PUT', '/api/contabil/plano/mapeamentos', contador, { origem: 'produto', origemId: 1, contaContabilId: conta('4.1.1.01') })).json().error.message).toBe('Informe o que mapear: categoria, conta financeira, forma de pagamento, cliente/fornecedor ou o grupo de clientes/fornecedores.');
    expect(Number((await sql('SELECT count(*)::int AS n FROM contabil_mapeamentos WHERE tenant_id = $1', [t])).rows[0].n)).toBe(0);

    // The month with the most settlements and transfers.
    const mes = (
      await sql(`SELECT to_char(data, 'MM/YYYY') AS mes, count(*) AS n FROM movimentos_financeiros WHERE tenant_id = $1 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`, [t])
    ).rows[0].mes as string;
    const [mm, aaaa] = mes.split('/');
    const url = `/api/contabil/lancamentos-contabeis?competencia=${mes}`;
    const pendente = (await req('GET', url, contador)).json();
    expect(pendente.valido).toBe(false);
    expect(pendente.pendencias.map((p: { mensagem: string }) => p.mensagem).join(' ')).toMatch(/sem conta contábil/);
    const recusado = await req('GET', `/api/contabil/lancamentos-contabeis/arquivo?competencia=${mes}`, contador);
    expect(recusado.statusCode).toBe(422);

    // Everything mapped: revenue categories to 4.1.1.03, expenses to 4.2.1.02, money accounts to banks/cash.
    for (const c of m.categorias) expect((await req('PUT', '/api/contabil/plano/mapeamentos', contador, { origem: 'categoria', origemId: c.id, contaContabilId: conta(c.tipo === 0 ? '4.1.1.03' : '4.2.1.02') })).statusCode).toBe(200);
    // Each money account its own analytic account under Disponível (the firm's chart would have one per bank).
    const disponivel = conta('1.1.1');
    for (const [i, c] of m.contasFinanceiras.entries()) {
      const codigo = `1.1.1.${String(11 + i).padStart(2, '0')}`;
      const id = Number((await sql(`INSERT INTO contas_contabeis_sped (tenant_id, codigo, nome, natureza, tipo, nivel, conta_superior_id, data_alteracao) VALUES ($1, $2, $3, '01', 'A', 4, $4, current_date) RETURNING id`, [t, codigo, c.descricao, disponivel])).rows[0].id);
      m.contas.push({ id, codigo, nome: c.descricao, tipo: 'A' });
      expect((await req('PUT', '/api/contabil/plano/mapeamentos', contador, { origem: 'conta_financeira', origemId: c.id, contaContabilId: id })).statusCode).toBe(200);
    }
    const d = (await req('GET', url, contador)).json();
    const semCategoria = d.pendencias.filter((p: { mensagem: string }) => !/sem categoria financeira/.test(p.mensagem));
    expect(semCategoria).toEqual([]);
    // A settlement without a category stays pending (it is the shop's to fix): they are given a category here.
    if (!d.valido) {
      await sql(`UPDATE lancamentos SET categoria_id = (SELECT id FROM categorias_financeiras c WHERE c.tenant_id = lancamentos.tenant_id AND c.tipo = lancamentos.tipo ORDER BY id LIMIT 1) WHERE tenant_id = $1 AND categoria_id IS NULL`, [t]);
    }
    const ok = (await req('GET', url, contador)).json();
    expect(ok.pendencias).toEqual([]);
    expect(ok.valido).toBe(true);
    // Debits = credits = every money movement of the month (a transfer counted once).
    const movido = (
      await sql(`SELECT coalesce(sum(abs(valor)), 0)::text AS s, count(*)::int AS n FROM movimentos_financeiros WHERE tenant_id = $1 AND to_char(data, 'MM/YYYY') = $2 AND (transferencia_id IS NULL OR valor > 0)`, [t, mes])
    ).rows[0];
    // The money entries (one side a money account 1.1.1.1x) add up to every money movement of the month; the rest are
    // the fiscal and stock postings (checked by hand on a fresh shop below).
    expect(ok.quantidade).toBeGreaterThanOrEqual(movido.n);
    expect(ok.totalCredito).toBe(ok.totalDebito);

    const csv = await req('GET', `/api/contabil/lancamentos-contabeis/arquivo?competencia=${mes}`, contador);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="lancamentos-contabeis-${mm}-${aaaa}.csv"`);
    const linhas = csv.rawPayload.toString('utf8').replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
    expect(linhas[0]).toBe('Data;Conta débito;Conta crédito;Valor;Histórico;Documento');
    let soma = new Decimal(0);
    let dinheiro = new Decimal(0);
    let nDinheiro = 0;
    const banco = (c: string) => /^1\.1\.1\.1\d$/.test(c);
    for (const l of linhas.slice(1)) {
      const [data, deb, cred, valor] = l.split(';');
      expect(data).toMatch(new RegExp(`^\\d{2}/${mm}/${aaaa}$`));
      expect(deb).not.toBe(cred);
      expect(m.contas.find((c: { codigo: string; tipo: string }) => c.codigo === deb)?.tipo).toBe('A');
      expect(m.contas.find((c: { codigo: string; tipo: string }) => c.codigo === cred)?.tipo).toBe('A');
      soma = soma.plus(valor.replace(',', '.'));
      if (banco(deb) || banco(cred)) {
        dinheiro = dinheiro.plus(valor.replace(',', '.'));
        nDinheiro++;
      }
    }
    expect(linhas.length - 1).toBe(ok.quantidade);
    expect(nDinheiro).toBe(movido.n);
    expect(dinheiro.toFixed(2)).toBe(new Decimal(movido.s).toFixed(2));
    expect(soma.toFixed(2)).toBe(ok.totalDebito);

    // The same journal as XLSX through the export queue (the report pipeline): a bad month is a 400 when queued.
    const exportar = (competencia: string) => req('POST', '/api/Relatorios/exportar', contador, { recurso: 'LancamentosContabeis', tipo: 'xlsx', filter: { where: { competencia } } });
    expect((await exportar('13/2020')).json().error.message).toBe('Informe o mês no formato MM/AAAA.');
    const job = await exportar(mes);
    expect(job.statusCode, job.body).toBe(200);
    await vi.waitFor(async () => {
      const lista = (await req('GET', '/api/Relatorios', contador)).json() as { id: number; status: number; linhas: number | null }[];
      expect(lista.find((x) => x.id === job.json().id)).toMatchObject({ status: 1, linhas: ok.quantidade });
    }, { timeout: 60_000, interval: 300 });
    const xlsx = await req('GET', `/api/Relatorios/${job.json().id}/arquivo`, contador);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("the month's sales, purchases and cost of goods sold: entries by hand, debits equal credits, in the CSV", async () => {
    const { dono, t, f } = await novaLoja('dono.diario@exemplo.com.br', 'Dono Diário', 'Loja Diário', '11987654322');
    // March 2026 of a new shop under Lucro Presumido (its notes carry ICMS, PIS and COFINS): no money moved, only the postings below.
    await sql('UPDATE branches SET regime_tributario = 3 WHERE tenant_id = $1', [t]);
    // Each note's nfeProc key (the file itself is stored by xml() below; note 104's only later).
    const arquivo = (numero: number) => `t/${t}/nfe/contabil-teste-${numero}-procNFe.xml`;
    const xml = async (numero: number, icms: string, pis: string, cofins: string) => {
      await srv.services.storage.put(arquivo(numero), Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe versao="4.00"><total><ICMSTot><vBC>0.00</vBC><vICMS>${icms}</vICMS><vICMSDeson>9.99</vICMSDeson><vPIS>${pis}</vPIS><vCOFINS>${cofins}</vCOFINS></ICMSTot></total></infNFe></NFe></nfeProc>`));
    };
    const nota = (numero: number, status: string, total: string, dia: string, tipoOperacao = 1) =>
      sql(`INSERT INTO notas_fiscais (tenant_id, filial_id, modelo, serie, numero, status, dados, total, chave, data_emissao, destinatario_nome, arquivo_xml) VALUES ($1, $2, 55, 1, $3, $4, $5, $6, $7, $8, 'Cliente Diário', $9)`, [
        t, f, numero, status, JSON.stringify({ ide: { tipoOperacao } }), total, `3526030000000000000055001${String(numero).padStart(9, '0')}1000000${numero % 10}`, `2026-03-${dia} 12:00:00-03`, arquivo(numero),
      ]);
    await nota(101, 'autorizada', '150.00', '10');
    await nota(102, 'cancelada', '99.00', '10');
    await nota(103, 'autorizada', '40.00', '12', 0); // an entry note the shop issued: not a sale
    await nota(104, 'autorizada', '60.00', '31'); // 31/03 at noon: still March
    await xml(101, '27.00', '0.98', '4.50');
    await sql(`INSERT INTO notas_fiscais (tenant_id, filial_id, modelo, serie, numero, status, total, chave, data_emissao) VALUES ($1, $2, 55, 1, 105, 'autorizada', 70.00, 'X105', '2026-04-01 01:00:00-03')`, [t, f]);
    const entrada = (numero: number, estado: string, valor: string) =>
      sql(`INSERT INTO documentos (tenant_id, tipo, filial_id, numero, estado, cabecalho) VALUES ($1, 'entradaNota', $2, $3, $4, $5)`, [t, f, numero, estado, JSON.stringify({ dataEntrada: '2026-03-05', valorTotal: valor, numeroNota: String(900 + numero), xmlArquivo: arquivo(900 + numero) })]);
    await entrada(1, 'efetivada', '200.00');
    await entrada(2, 'rascunho', '77.00');
    const p = Number((await sql(`INSERT INTO produtos (tenant_id, descricao) VALUES ($1, 'Produto diário') RETURNING id`, [t])).rows[0].id);
    const d = Number((await sql(`INSERT INTO depositos (tenant_id, filial_id, descricao) VALUES ($1, $2, 'Depósito diário') RETURNING id`, [t, f])).rows[0].id);
    const mov = async (quantidade: string, custo: string, tipo: number, quando: string, estornoDe: number | null = null) =>
      Number((await sql(`INSERT INTO movimentos_estoque (tenant_id, produto_id, filial_id, deposito_id, quantidade, custo_unitario, tipo, estorno_de, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [t, p, f, d, quantidade, custo, tipo, estornoDe, quando])).rows[0].id);
    await mov('10', '5.0000', 0, '2026-03-05 10:00:00-03'); // a purchase: not a cost
    await mov('-2', '12.3456', 1, '2026-03-10 12:00:00-03');
    const vendido = await mov('-1', '10.0000', 11, '2026-03-10 13:00:00-03');
    await mov('1', '10.0000', 11, '2026-03-10 14:00:00-03', vendido); // its reversal nets out
    await mov('-3', '5.5000', 1, '2026-03-11 23:30:00-03'); // 11/03 in São Paulo, 12/03 in UTC

    const url = '/api/contabil/lancamentos-contabeis?competencia=03/2026';
    // Without the chart: each event's accounts are a pendência, and the file is refused.
    const semPlano = (await req('GET', url, dono)).json();
    expect(semPlano.valido).toBe(false);
    expect(semPlano.pendencias.map((x: { mensagem: string }) => x.mensagem)).toContain('A conta contábil 1.1.2.01 (Vendas (NF-e/NFC-e autorizadas)) não está no plano de contas como analítica: use o plano padrão ou importe o da contabilidade.');
    expect((await req('GET', '/api/contabil/lancamentos-contabeis/arquivo?competencia=03/2026', dono)).statusCode).toBe(422);
    expect((await req('POST', '/api/contabil/plano/padrao', dono)).json().inseridas).toBe(planoPadrao.contas.length);

    // A sale of a regime with taxes and no XML stored: its taxes are unknown, a pendência; so are the credits of a
    // purchase whose supplier XML is not kept (Lucro Presumido recovers the ICMS).
    const semXml = (await req('GET', url, dono)).json();
    expect(semXml.pendencias.map((x: { mensagem: string }) => x.mensagem).sort()).toEqual([
      expect.stringMatching(/^A NF-e 104\/1 \(chave \d+\) não tem o XML guardado: os impostos da venda não entram nos lançamentos\.$/),
      'A entrada nº 1 (nota 901) não tem o XML da nota guardado: os créditos de ICMS, PIS e COFINS da compra não entram nos lançamentos.',
    ]);
    await xml(104, '10.80', '0.00', '0.00');
    // The supplier's note: ICMS 24,00 credited; its PIS, COFINS (cumulative under Lucro Presumido) and IPI stay in the cost.
    await xml(901, '24.00', '1.30', '6.00');

    const ok = (await req('GET', url, dono)).json();
    expect(ok.pendencias).toEqual([]);
    const linhas = (x: { data: string; debito: string; credito: string; valor: string }[]) => x.map((l) => `${l.data} ${l.debito} ${l.credito} ${l.valor}`);
    expect(linhas(ok.lancamentos)).toEqual([
      // the purchase less the ICMS it credits, and the credit: both against the supplier
      '2026-03-05 1.1.3.01 2.1.1.01 176.00',
      '2026-03-05 1.1.4.01 2.1.1.01 24.00',
      '2026-03-10 1.1.2.01 4.1.1.01 150.00',
      // its taxes, from the XML's ICMSTot: deductions of revenue against the taxes payable
      '2026-03-10 4.1.2.01 2.1.2.02 27.00',
      '2026-03-10 4.1.2.02 2.1.2.03 0.98',
      '2026-03-10 4.1.2.03 2.1.2.04 4.50',
      // 2 × 12,3456 + 1 × 10,0000 − 1 × 10,0000 = 24,6912
      '2026-03-10 4.2.1.01 1.1.3.01 24.69',
      '2026-03-11 4.2.1.01 1.1.3.01 16.50',
      '2026-03-31 1.1.2.01 4.1.1.01 60.00',
      '2026-03-31 4.1.2.01 2.1.2.02 10.80',
    ]);
    expect(ok.lancamentos[1]).toMatchObject({ historico: 'Crédito de ICMS: entrada nº 1 (nota 901)' });
    expect(ok.lancamentos[2]).toMatchObject({ historico: 'Venda NF-e 101/1 - Cliente Diário' });
    expect(ok.lancamentos[3]).toMatchObject({ historico: 'ICMS s/ venda NF-e 101/1' });
    // 176 + 24 + 150 + 27 + 0,98 + 4,50 + 24,69 + 16,50 + 60 + 10,80
    expect(ok.totalDebito).toBe('494.47');
    expect(ok.totalCredito).toBe('494.47');
    const csv = await req('GET', '/api/contabil/lancamentos-contabeis/arquivo?competencia=03/2026', dono);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString('utf8').replace(/^\ufeff/, '').split('\r\n').filter(Boolean).slice(1).map((l) => l.split(';').slice(0, 4).join(' '))).toEqual([
      '05/03/2026 1.1.3.01 2.1.1.01 176,00',
      '05/03/2026 1.1.4.01 2.1.1.01 24,00',
      '10/03/2026 1.1.2.01 4.1.1.01 150,00',
      '10/03/2026 4.1.2.01 2.1.2.02 27,00',
      '10/03/2026 4.1.2.02 2.1.2.03 0,98',
      '10/03/2026 4.1.2.03 2.1.2.04 4,50',
      '10/03/2026 4.2.1.01 1.1.3.01 24,69',
      '11/03/2026 4.2.1.01 1.1.3.01 16,50',
      '31/03/2026 1.1.2.01 4.1.1.01 60,00',
      '31/03/2026 4.1.2.01 2.1.2.02 10,80',
    ]);
  });

  it('payment methods, customers and suppliers mapped (analytic and synthetic), and the credits of a Lucro Real purchase', async () => {
    const { dono, t, f } = await novaLoja('dono.mapa@exemplo.com.br', 'Dono Mapa', 'Loja Mapa', '11987654323');
    // Lucro Real: the sale owes ICMS, PIS and COFINS; the purchase credits ICMS, PIS and COFINS (non-cumulative), not IPI (not an industry).
    await sql(`UPDATE branches SET regime_tributario = 2, cpf_cnpj = '11222333000181' WHERE tenant_id = $1`, [t]);
    expect((await req('POST', '/api/contabil/plano/padrao', dono)).json().inseridas).toBe(planoPadrao.contas.length);
    const id = async (text: string, params: unknown[]) => Number((await sql(text, params)).rows[0].id);
    const contaSped = async (codigo: string, nome: string, natureza: string, pai: string) =>
      id(`INSERT INTO contas_contabeis_sped (tenant_id, codigo, nome, natureza, tipo, nivel, conta_superior_id, data_alteracao) SELECT $1, $2, $3, $4, 'A', 4, id, current_date FROM contas_contabeis_sped WHERE tenant_id = $1 AND codigo = $5 RETURNING id`, [t, codigo, nome, natureza, pai]);
    const clienteUm = await id(`INSERT INTO pessoas (tenant_id, tipo, nome) VALUES ($1, 0, 'Cliente Um') RETURNING id`, [t]);
    const fornecedorUm = await id(`INSERT INTO pessoas (tenant_id, tipo, nome) VALUES ($1, 1, 'Fornecedor Um') RETURNING id`, [t]);
    const contaCliente = await contaSped('1.1.2.03', 'Cliente Um', '01', '1.1.2');
    const contaFornecedor = await contaSped('2.1.1.02', 'Fornecedor Um', '02', '2.1.1');
    const cartao = await id(`INSERT INTO formas_pagamento_financeiro (tenant_id, descricao) VALUES ($1, 'Cartão de crédito') RETURNING id`, [t]);
    const m = (await req('GET', '/api/contabil/plano/mapeamentos', dono)).json();
    const conta = (codigo: string) => m.contas.find((c: { codigo: string }) => c.codigo === codigo).id as number;
    const mapear = (origem: string, origemId: number, contaContabilId: number | null) => req('PUT', '/api/contabil/plano/mapeamentos', dono, { origem, origemId, contaContabilId });

    // Bad input, nothing written: a synthetic account for a payment method or a person, a person of no one.
    const antes = Number((await sql('SELECT count(*)::int AS n FROM contabil_mapeamentos WHERE tenant_id = $1', [t])).rows[0].n);
    const sintetica = await mapear('forma_pagamento', cartao, conta('1.1.2'));
    expect(sintetica.statusCode).toBe(400);
    expect(sintetica.json().error.message).toBe('A conta 1.1.2 - Créditos é sintética: escolha uma conta analítica, que recebe lançamentos.');
    expect((await mapear('clientes', 0, conta('1.1'))).json().error.message).toBe('A conta 1.1 - Ativo circulante é sintética: escolha uma conta analítica, que recebe lançamentos.');
    const ninguem = await mapear('pessoa', 99_999_999, contaCliente);
    expect(ninguem.statusCode).toBe(404);
    expect(ninguem.json().error.message).toBe('Cadastro a mapear não encontrado.');
    expect(Number((await sql('SELECT count(*)::int AS n FROM contabil_mapeamentos WHERE tenant_id = $1', [t])).rows[0].n)).toBe(antes);

    // The screen's search of people to give an account: suppliers by name (a customer of the same name is not one).
    expect((await req('GET', '/api/contabil/plano/pessoas?tipo=1&busca=um', dono)).json()).toEqual([{ id: fornecedorUm, nome: 'Fornecedor Um' }]);
    expect((await req('GET', '/api/contabil/plano/pessoas?tipo=0&busca=Um', dono)).json()).toEqual([{ id: clienteUm, nome: 'Cliente Um' }]);
    // The card to Cartões a receber; Cliente Um and Fornecedor Um analytic; the suppliers' group synthetic (Fornecedores).
    for (const [origem, origemId, c] of [['forma_pagamento', cartao, conta('1.1.2.02')], ['pessoa', clienteUm, contaCliente], ['pessoa', fornecedorUm, contaFornecedor], ['fornecedores', 0, conta('2.1.1.01')]] as const)
      expect((await mapear(origem, origemId, c)).statusCode).toBe(200);
    const lidos = (await req('GET', '/api/contabil/plano/mapeamentos', dono)).json();
    expect(lidos.formasPagamento).toContainEqual({ origem: 'forma_pagamento', id: cartao, descricao: 'Cartão de crédito', contaContabilId: conta('1.1.2.02') });
    expect(lidos.pessoas.map((p: { descricao: string; contaContabilId: number }) => [p.descricao, p.contaContabilId])).toEqual([['Cliente Um', contaCliente], ['Fornecedor Um', contaFornecedor]]);
    expect(lidos.grupos).toEqual([{ origem: 'clientes', contaContabilId: null }, { origem: 'fornecedores', contaContabilId: conta('2.1.1.01') }]);

    // April 2026: a sale invoicing an order paid by card, a sale to Cliente Um, a purchase from Fornecedor Um, the order's receipt and the payment.
    const arquivo = (n: number) => `t/${t}/nfe/contabil-mapa-${n}-procNFe.xml`;
    const xml = (n: number, icms: string, pis: string, cofins: string, ipi: string) =>
      srv.services.storage.put(arquivo(n), Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe versao="4.00"><total><ICMSTot><vBC>0.00</vBC><vICMS>${icms}</vICMS><vIPI>${ipi}</vIPI><vPIS>${pis}</vPIS><vCOFINS>${cofins}</vCOFINS></ICMSTot></total></infNFe></NFe></nfeProc>`));
    const pedido = await id(`INSERT INTO documentos (tenant_id, tipo, filial_id, numero, estado, cabecalho) VALUES ($1, 'pedidoVenda', $2, 1, 'faturado', $3) RETURNING id`, [t, f, JSON.stringify({ clienteId: clienteUm, formaPagamentoId: cartao })]);
    const nota = (numero: number, total: string, dia: string, pedidoId: number | null) =>
      sql(`INSERT INTO notas_fiscais (tenant_id, filial_id, modelo, serie, numero, status, dados, total, chave, data_emissao, destinatario_nome, arquivo_xml, pedido_id) VALUES ($1, $2, 55, 1, $3, 'autorizada', $4, $5, $6, $7, 'Cliente Um', $8, $9)`, [
        t, f, numero, JSON.stringify({ ide: { tipoOperacao: 1 }, clienteId: clienteUm }), total, `3526040000000000000055001${String(numero).padStart(9, '0')}1000000${numero % 10}`, `2026-04-${dia} 12:00:00-03`, arquivo(numero), pedidoId,
      ]);
    await nota(201, '100.00', '10', pedido);
    await nota(202, '50.00', '12', null);
    await xml(201, '18.00', '1.65', '7.60', '0.00');
    await xml(202, '0.00', '0.00', '0.00', '0.00');
    await sql(`INSERT INTO documentos (tenant_id, tipo, filial_id, numero, estado, cabecalho) VALUES ($1, 'entradaNota', $2, 1, 'efetivada', $3)`, [t, f, JSON.stringify({ fornecedorId: fornecedorUm, dataEntrada: '2026-04-05', valorTotal: '1000.00', numeroNota: '777', xmlArquivo: arquivo(777) })]);
    await xml(777, '120.00', '16.50', '76.00', '50.00');
    const banco = await id(`INSERT INTO contas_financeiras (tenant_id, descricao) VALUES ($1, 'Banco Mapa') RETURNING id`, [t]);
    expect((await mapear('conta_financeira', banco, conta('1.1.1.02'))).statusCode).toBe(200);
    const vendas = await id(`INSERT INTO categorias_financeiras (tenant_id, descricao, tipo) VALUES ($1, 'Recebimento de vendas', 0) RETURNING id`, [t]);
    const mercadorias = await id(`INSERT INTO categorias_financeiras (tenant_id, descricao, tipo) VALUES ($1, 'Pagamento de mercadorias', 1) RETURNING id`, [t]);
    expect((await mapear('categoria', vendas, conta('1.1.2.01'))).statusCode).toBe(200);
    expect((await mapear('categoria', mercadorias, conta('2.1.1.01'))).statusCode).toBe(200);
    const baixa = async (tipo: number, pessoa: number, categoria: number, valor: string, dia: string, origem: [string, number] | null) => {
      const l = await id(`INSERT INTO lancamentos (tenant_id, tipo, descricao, pessoa_id, categoria_id, data_emissao, competencia, valor_total, origem_tipo, origem_id) VALUES ($1, $2, $3, $4, $5, $6, '2026-04-01', $7, $8, $9) RETURNING id`, [
        t, tipo, tipo === 0 ? 'Recebimento do pedido 1' : 'Pagamento da nota 777', pessoa, categoria, `2026-04-${dia}`, valor, origem?.[0] ?? null, origem?.[1] ?? null,
      ]);
      const p = await id(`INSERT INTO parcelas (tenant_id, lancamento_id, numero, vencimento, valor) VALUES ($1, $2, 1, $3, $4) RETURNING id`, [t, l, `2026-04-${dia}`, valor]);
      const b = await id(`INSERT INTO baixas (tenant_id, parcela_id, conta_id, data, valor, principal) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, [t, p, banco, `2026-04-${dia}`, valor]);
      await sql(`INSERT INTO movimentos_financeiros (tenant_id, conta_id, data, valor, baixa_id) VALUES ($1, $2, $3, $4, $5)`, [t, banco, `2026-04-${dia}`, tipo === 0 ? valor : `-${valor}`, b]);
    };
    await baixa(0, clienteUm, vendas, '100.00', '20', ['pedidoVenda', pedido]);
    await baixa(1, fornecedorUm, mercadorias, '1000.00', '25', null);

    const ok = (await req('GET', '/api/contabil/lancamentos-contabeis?competencia=04/2026', dono)).json();
    expect(ok.pendencias).toEqual([]);
    expect(ok.lancamentos.map((l: { data: string; debito: string; credito: string; valor: string }) => `${l.data} ${l.debito} ${l.credito} ${l.valor}`)).toEqual([
      // 1.000,00 − ICMS 120,00 − PIS 16,50 − COFINS 76,00 into stock; each credit its own entry; all against Fornecedor Um's account
      '2026-04-05 1.1.3.01 2.1.1.02 787.50',
      '2026-04-05 1.1.4.01 2.1.1.02 120.00',
      '2026-04-05 1.1.4.02 2.1.1.02 16.50',
      '2026-04-05 1.1.4.03 2.1.1.02 76.00',
      // the order was paid by card: Cartões a receber (the payment method wins over the customer's account)
      '2026-04-10 1.1.2.02 4.1.1.01 100.00',
      '2026-04-10 4.1.2.01 2.1.2.02 18.00',
      '2026-04-10 4.1.2.02 2.1.2.03 1.65',
      '2026-04-10 4.1.2.03 2.1.2.04 7.60',
      // no payment method: Cliente Um's own account
      '2026-04-12 1.1.2.03 4.1.1.01 50.00',
      // the card's money arrives: it clears Cartões a receber, not Clientes
      '2026-04-20 1.1.1.02 1.1.2.02 100.00',
      // the supplier paid: his own account, not the group's
      '2026-04-25 2.1.1.02 1.1.1.02 1000.00',
    ]);
    // Each entry one debit and one credit of the same amount; per note, the entries add up to the note.
    const somaDoc = (doc: string) => ok.lancamentos.filter((l: { historico: string }) => l.historico.includes(doc)).reduce((a: Decimal, l: { valor: string }) => a.plus(l.valor), new Decimal(0)).toFixed(2);
    expect(somaDoc('entrada nº 1 (nota 777)')).toBe('1000.00');
    expect(ok.totalDebito).toBe('2277.25');
    expect(ok.totalCredito).toBe('2277.25');

    // The Domínio layout of the same month: every line checked against the layout document, the amounts in cents
    // summed as integers (BigInt), no floating point.
    const semCodigo = await req('GET', '/api/contabil/lancamentos-contabeis/arquivo?competencia=04/2026&leiaute=dominio', dono);
    expect(semCodigo.statusCode).toBe(400);
    expect(semCodigo.json().error.message).toBe('Código da empresa no Domínio: informe até 7 dígitos.');
    expect((await req('GET', '/api/contabil/lancamentos-contabeis/arquivo?competencia=04/2026&leiaute=questor', dono)).json().error.message).toBe('Leiaute desconhecido: use generico ou dominio.');
    const txt = await req('GET', '/api/contabil/lancamentos-contabeis/arquivo?competencia=04/2026&leiaute=dominio&codigoEmpresa=123', dono);
    expect(txt.statusCode, txt.body).toBe(200);
    expect(txt.headers['content-disposition']).toBe('attachment; filename="lancamentos-contabeis-04-2026.txt"');
    const cab = conferirDominio(txt.rawPayload, ok.lancamentos, 'Dono Mapa');
    expect(cab['Código da empresa']).toBe('0000123');
    expect(cab['Data inicial']).toBe('01/04/2026');
    expect(cab['Data final']).toBe('30/04/2026');
    expect(cab['CNPJ da empresa']).toBe('11222333000181');
  });

  it('the stock cost leaves out the taxes the branch recovers: Lucro Real without ICMS/PIS/COFINS, Simples with them; the journal debits stock at that cost', async () => {
    // The same supplier note, by hand: 10 units, products 1.000,00, discount 20,00, freight 50,00, IPI 30,00 (not an
    // industry: stays in cost), ICMS-ST 15,00 (never credited), own ICMS 180,00 (18 %), PIS 16,50 (1,65 %), COFINS 76,00 (7,6 %).
    // The note's total: 1.000 − 20 + 50 + 30 + 15 = 1.075,00.
    const linha = { quantidade: '10', valorTotal: '1000.00', valorDesconto: '20.00', valorFrete: '50.00', valorIpi: '30.00', valorIcmsSt: '15.00', valorIcms: '180.00', valorPis: '16.50', valorCofins: '76.00' };
    const darEntrada = async (email: string, empresa: string, telefone: string, regime: number) => {
      const { dono, t, f } = await novaLoja(email, `Dono ${empresa}`, empresa, telefone);
      await sql('UPDATE branches SET regime_tributario = $2 WHERE tenant_id = $1', [t, regime]);
      const produtoId = Number((await sql(`INSERT INTO produtos (tenant_id, descricao) VALUES ($1, 'Produto custo') RETURNING id`, [t])).rows[0].id);
      const depositoId = Number((await sql(`INSERT INTO depositos (tenant_id, filial_id, descricao) VALUES ($1, $2, 'Depósito custo') RETURNING id`, [t, f])).rows[0].id);
      const fornecedorId = Number((await sql(`INSERT INTO pessoas (tenant_id, tipo, nome) VALUES ($1, 1, 'Fornecedor Custo') RETURNING id`, [t])).rows[0].id);
      const r = await req('POST', '/api/EntradasNota', dono, { fornecedorId, depositoId, numeroNota: 4321, serie: 1, dataEmissao: '2026-05-04', dataEntrada: '2026-05-05', itens: [{ produtoId, ...linha }] });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().valorTotal).toBe('1075.00');
      expect((await req('POST', `/api/EntradasNota/${r.json().id}/efetivar`, dono)).statusCode).toBe(200);
      const mov = (await sql('SELECT quantidade::text AS q, custo_unitario::text AS c FROM movimentos_estoque WHERE tenant_id = $1 AND produto_id = $2', [t, produtoId])).rows;
      return { dono, custo: r.json().itens[0].custoUnitario as string, mov: mov.map((m) => [new Decimal(m.q).toFixed(0), new Decimal(m.c).toFixed(4)]) };
    };
    // Lucro Real: 1.075,00 − 180,00 − 16,50 − 76,00 = 802,50 for 10 units.
    const real = await darEntrada('dono.custo.real@exemplo.com.br', 'Loja Custo Real', '11987654331', 2);
    expect(real.custo).toBe('80.2500');
    expect(real.mov).toEqual([['10', '80.2500']]);
    // Simples Nacional: recovers nothing, the whole 1.075,00 is cost.
    const simples = await darEntrada('dono.custo.simples@exemplo.com.br', 'Loja Custo Simples', '11987654332', 1);
    expect(simples.custo).toBe('107.5000');
    expect(simples.mov).toEqual([['10', '107.5000']]);

    // The Lucro Real journal of May: stock debited at the cost the goods entered at (10 × 80,2500), each credit its own
    // entry, the supplier credited with the note's total; no XML needed, the taxes are on the lines.
    expect((await req('POST', '/api/contabil/plano/padrao', real.dono)).statusCode).toBe(200);
    const j = (await req('GET', '/api/contabil/lancamentos-contabeis?competencia=05/2026', real.dono)).json();
    expect(j.pendencias).toEqual([]);
    expect(j.lancamentos.map((l: { data: string; debito: string; credito: string; valor: string }) => `${l.data} ${l.debito} ${l.credito} ${l.valor}`)).toEqual([
      '2026-05-05 1.1.3.01 2.1.1.01 802.50',
      '2026-05-05 1.1.4.01 2.1.1.01 180.00',
      '2026-05-05 1.1.4.02 2.1.1.01 16.50',
      '2026-05-05 1.1.4.03 2.1.1.01 76.00',
    ]);
    expect(j.lancamentos[0].valor).toBe(new Decimal(10).times(real.custo).toFixed(2));
    expect(j.totalDebito).toBe('1075.00');
    expect(j.totalCredito).toBe('1075.00');
  });

  it('tenants never see each other: Loja Vizinha mapping a category of Mercadinho Demo is not found', async () => {
    const vizinha = await login(app, 'admin@vizinha.com.br');
    const demo = Number((await sql(`SELECT tenant_id AS t FROM users WHERE email = 'contador@demo.com.br' AND contador_login_user_id IS NULL`)).rows[0].t);
    const cat = Number((await sql('SELECT id FROM categorias_financeiras WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1', [demo])).rows[0].id);
    const r = await req('PUT', '/api/contabil/plano/mapeamentos', vizinha, { origem: 'categoria', origemId: cat, contaContabilId: null });
    expect(r.statusCode).toBe(404);
    expect(r.json().error.message).toBe('Cadastro a mapear não encontrado.');
  });
  it("imports the firm's own chart (CSV): the mask, the parents and the natureza checked, nothing written on a bad line", async () => {
    const vizinha = await login(app, 'admin@vizinha.com.br');
    const t = Number((await sql(`SELECT tenant_id AS t FROM users WHERE email = 'admin@vizinha.com.br'`)).rows[0].t);
    const contas = async () => Number((await sql('SELECT count(*)::int AS n FROM contas_contabeis_sped WHERE tenant_id = $1', [t])).rows[0].n);
    const antes = await contas();
    const importar = (conteudo: string) => req('POST', '/api/contabil/plano/importar', vizinha, { conteudo, mascara: '9.9.99.999' });
    const casos: [string, string][] = [
      ['7;Ativo;01;S\n7.1;Circulante;01;S\n7.1.1.001;Caixa;01;A', 'O arquivo tem 2 problemas: Linha 3: o código "7.1.1.001" não segue a máscara 9.9.99.999.'],
      ['7;Ativo;01;S\n7.2.01;Bancos;01;S', 'Linha 2: a conta superior 7.2 de 7.2.01 não está no plano nem no arquivo.'],
      ['8;Passivo;02;A\n8.1;Circulante;02;S', 'Linha 2: a conta superior 8 é analítica; só uma conta sintética recebe contas abaixo dela.'],
      ['7;Ativo;07;S', 'Linha 1: natureza "07" inválida (01 ativo, 02 passivo, 03 patrimônio líquido, 04 resultado, 05 compensação, 09 outras).'],
    ];
    for (const [csv, msg] of casos) {
      const r = await importar(csv);
      expect(r.statusCode, csv).toBe(400);
      expect(r.json().error.message).toBe(msg);
    }
    // Every problem listed, line by line.
    const varios = (await importar('7;Ativo;01;S\n7.1;Circulante;01;S\n7.1.1.001;Caixa;01;A')).json().error.details.map((d: { mensagem: string }) => d.mensagem);
    expect(varios).toEqual(['Linha 3: o código "7.1.1.001" não segue a máscara 9.9.99.999.', 'Linha 3: a conta superior 7.1.1 de 7.1.1.001 não está no plano nem no arquivo.']);
    expect(await contas()).toBe(antes);
    const csv = 'código;nome;natureza;tipo\r\n7;Ativo da firma;01;S\r\n7.1;Circulante;01;S\r\n7.1.01;Disponível;01;S\r\n7.1.01.001;Caixa;01;A\r\n';
    expect((await importar(csv)).json()).toEqual({ inseridas: 4, existentes: 0 });
    expect((await importar(csv)).json()).toEqual({ inseridas: 0, existentes: 4 });
    const caixa = (await sql(`SELECT f.nivel, f.tipo, p.codigo AS pai FROM contas_contabeis_sped f JOIN contas_contabeis_sped p ON p.tenant_id = f.tenant_id AND p.id = f.conta_superior_id WHERE f.tenant_id = $1 AND f.codigo = '7.1.01.001'`, [t])).rows[0];
    expect(caixa).toEqual({ nivel: 4, tipo: 'A', pai: '7.1.01' });

    // The same chart as XLSX (columns A-D of the first sheet; natureza typed as a number); a bad row names its row.
    const planilha = async (linhas: (string | number)[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Plano');
      ws.addRow(['Código', 'Nome', 'Natureza', 'Tipo']);
      for (const l of linhas) ws.addRow(l);
      return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    };
    const xlsx = (conteudo: string) => req('POST', '/api/contabil/plano/importar', vizinha, { formato: 'xlsx', conteudo, mascara: '9.9.99.999' });
    const ruim = await xlsx(await planilha([['6', 'Passivo da firma', 2, 'S'], ['6.1', 'Circulante', 2, 'X']]));
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.message).toBe('Linha 3: tipo "X" inválido (A analítica, S sintética).');
    expect((await xlsx(Buffer.from('não é planilha').toString('base64'))).json().error.message).toBe('Arquivo XLSX inválido ou corrompido.');
    const antesXlsx = await contas();
    expect((await xlsx(await planilha([['6', 'Passivo da firma', 2, 'S'], ['6.1', 'Circulante', 2, 'S'], ['6.1.01', 'Fornecedores', 2, 'S'], ['6.1.01.001', 'Fornecedores nacionais', '02', 'A']]))).json()).toEqual({ inseridas: 4, existentes: 0 });
    expect(await contas()).toBe(antesXlsx + 4);
    const forn = (await sql(`SELECT f.natureza, f.tipo, p.codigo AS pai FROM contas_contabeis_sped f JOIN contas_contabeis_sped p ON p.tenant_id = f.tenant_id AND p.id = f.conta_superior_id WHERE f.tenant_id = $1 AND f.codigo = '6.1.01.001'`, [t])).rows[0];
    expect(forn).toEqual({ natureza: '02', tipo: 'A', pai: '6.1.01' });
  });
});

/**
 * Every line of a Domínio file checked against the layout document (dados/leiaute-dominio.json): the width of each
 * record, each field's type (digits, dd/MM/yyyy), the constants; each detail against its journal entry; the amounts in
 * cents summed as integers (BigInt) equal to the journal's total. Returns the header's fields.
 */
function conferirDominio(arquivo: Buffer, lancamentos: { data: string; debito: string; credito: string; valor: string; historico: string }[], usuario: string): Record<string, string> {
  type Campo = { nome: string; inicio: number; tamanho: number; tipo: string; fixo?: string; repetir?: string };
  const linhas = arquivo.toString('latin1').split('\r\n');
  expect(linhas.pop()).toBe('');
  const conferir = (linha: string, campos: Campo[]) => {
    const fim = campos.at(-1)!;
    expect(linha.length, linha).toBe(fim.inicio + fim.tamanho - 1);
    const valores: Record<string, string> = {};
    for (const c of campos) {
      const v = linha.slice(c.inicio - 1, c.inicio - 1 + c.tamanho);
      valores[c.nome] = v;
      if (c.fixo !== undefined) expect(v, c.nome).toBe(c.fixo.padEnd(c.tamanho, ' '));
      if (c.repetir) expect(v, c.nome).toBe(c.repetir.repeat(c.tamanho));
      if (c.tipo === 'N' || c.tipo === 'V') expect(v, c.nome).toMatch(new RegExp(`^\\d{${c.tamanho}}$`));
      if (c.tipo === 'D') expect(v, c.nome).toMatch(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/);
    }
    return valores;
  };
  const reg = leiauteDominio.registros;
  const cab = conferir(linhas[0], reg.cabecalho);
  conferir(linhas.at(-1)!, reg.finalizador);
  const detalhes = linhas.slice(1, -1);
  expect(detalhes.length).toBe(lancamentos.length);
  let centavos = 0n;
  let esperado = 0n;
  detalhes.forEach((linha, i) => {
    const v = conferir(linha, reg.detalhe);
    const l = lancamentos[i];
    expect(v['Código sequencial']).toBe(String(i + 1).padStart(7, '0'));
    expect(v['Data do lançamento']).toBe(`${l.data.slice(8, 10)}/${l.data.slice(5, 7)}/${l.data.slice(0, 4)}`);
    expect(v['Conta débito']).toBe(l.debito.replace(/\./g, '').padStart(7, '0'));
    expect(v['Conta crédito']).toBe(l.credito.replace(/\./g, '').padStart(7, '0'));
    expect(v['Histórico'].trimEnd().startsWith(l.historico.replace(/[^\u0000-\u00ff]/g, '?'))).toBe(true);
    expect(v['Usuário'].trimEnd()).toBe(usuario);
    centavos += BigInt(v['Valor do lançamento']);
    esperado += BigInt(l.valor.replace('.', ''));
  });
  expect(centavos).toBe(esperado);
  return cab;
}

/** '1234.56' as 123456n: an amount compared as an integer of cents. */
const centavosDe = (v: string) => BigInt(new Decimal(v).times(100).toFixed(0));
