import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

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

  it('the default chart, the mapping, and the journal of the month with the most money moved', async () => {
    const t = Number((await sql(`SELECT tenant_id AS t FROM users WHERE email = 'contador@demo.com.br' AND contador_login_user_id IS NULL`)).rows[0].t);
    // A new shop takes the whole default chart, once; the demo already started from it (merged with its own accounts).
    const r = await app.inject({ method: 'POST', url: '/api/Usuarios/cadastro', headers: { host: 'localhost' }, payload: { email: 'dono.plano@exemplo.com.br', nome: 'Dono Plano', empresa: 'Loja Plano', telefone: '11987654321', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true } });
    expect(r.statusCode, r.body).toBe(200);
    const nova = await login(app, 'dono.plano@exemplo.com.br', 'segredo1');
    const padrao = (await req('POST', '/api/contabil/plano/padrao', nova)).json();
    expect(padrao.inseridas).toBe(39);
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
    expect((await req('PUT', '/api/contabil/plano/mapeamentos', contador, { origem: 'produto', origemId: 1, contaContabilId: conta('4.1.1.01') })).json().error.message).toBe('Informe o que mapear: categoria ou conta financeira.');
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
    const r = await app.inject({ method: 'POST', url: '/api/Usuarios/cadastro', headers: { host: 'localhost' }, payload: { email: 'dono.diario@exemplo.com.br', nome: 'Dono Diário', empresa: 'Loja Diário', telefone: '11987654322', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true } });
    expect(r.statusCode, r.body).toBe(200);
    const dono = await login(app, 'dono.diario@exemplo.com.br', 'segredo1');
    const t = Number(r.json().contaId);
    const f = Number((await sql('SELECT id FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1', [t])).rows[0].id);
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
      sql(`INSERT INTO documentos (tenant_id, tipo, filial_id, numero, estado, cabecalho) VALUES ($1, 'entradaNota', $2, $3, $4, $5)`, [t, f, numero, estado, JSON.stringify({ dataEntrada: '2026-03-05', valorTotal: valor, numeroNota: String(900 + numero) })]);
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
    expect((await req('POST', '/api/contabil/plano/padrao', dono)).json().inseridas).toBe(39);

    // A sale of a regime with taxes and no XML stored: its taxes are unknown, a pendência.
    const semXml = (await req('GET', url, dono)).json();
    expect(semXml.pendencias.map((x: { mensagem: string }) => x.mensagem)).toEqual([expect.stringMatching(/^A NF-e 104\/1 \(chave \d+\) não tem o XML guardado: os impostos da venda não entram nos lançamentos\.$/)]);
    await xml(104, '10.80', '0.00', '0.00');

    const ok = (await req('GET', url, dono)).json();
    expect(ok.pendencias).toEqual([]);
    const linhas = (x: { data: string; debito: string; credito: string; valor: string }[]) => x.map((l) => `${l.data} ${l.debito} ${l.credito} ${l.valor}`);
    expect(linhas(ok.lancamentos)).toEqual([
      '2026-03-05 1.1.3.01 2.1.1.01 200.00',
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
    expect(ok.lancamentos[1]).toMatchObject({ historico: 'Venda NF-e 101/1 - Cliente Diário' });
    expect(ok.lancamentos[2]).toMatchObject({ historico: 'ICMS s/ venda NF-e 101/1' });
    // 200 + 150 + 27 + 0,98 + 4,50 + 24,69 + 16,50 + 60 + 10,80
    expect(ok.totalDebito).toBe('494.47');
    expect(ok.totalCredito).toBe('494.47');
    const csv = await req('GET', '/api/contabil/lancamentos-contabeis/arquivo?competencia=03/2026', dono);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString('utf8').replace(/^\ufeff/, '').split('\r\n').filter(Boolean).slice(1).map((l) => l.split(';').slice(0, 4).join(' '))).toEqual([
      '05/03/2026 1.1.3.01 2.1.1.01 200,00',
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

  it('tenants never see each other: Loja Vizinha mapping a category of Mercadinho Demo is not found', async () => {
    const vizinha = await login(app, 'admin@vizinha.com.br');
    const demo = Number((await sql(`SELECT tenant_id AS t FROM users WHERE email = 'contador@demo.com.br' AND contador_login_user_id IS NULL`)).rows[0].t);
    const cat = Number((await sql('SELECT id FROM categorias_financeiras WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1', [demo])).rows[0].id);
    const r = await req('PUT', '/api/contabil/plano/mapeamentos', vizinha, { origem: 'categoria', origemId: cat, contaContabilId: null });
    expect(r.statusCode).toBe(404);
    expect(r.json().error.message).toBe('Categoria ou conta financeira não encontrada.');
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
