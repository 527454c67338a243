import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { proximoNumero } from '../../src/server/documents/numeracao.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** bancos, sequencia-filial, financeiro-whitelabel, pdv-versao and ajuda (SPEC 2.8). */
describe.each(BACKENDS)('Tabelas do administrador on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let master: string;
  let avanco: string;
  let conta: number;
  let filial: number;
  const req = (method: string, url: string, token?: string, payload?: unknown) =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host: 'localhost', ...(token ? { authorization: token } : {}) } });

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    master = await login(app, 'master@demo.com.br');
    // The demo's general administration user (README: avanco@demo.com.br).
    avanco = await login(app, 'avanco@demo.com.br');
    const r = (await srv.db.query<{ tenant_id: number; id: number }>(`SELECT tenant_id, id FROM branches WHERE apelido = 'Matriz' AND tenant_id = (SELECT id FROM tenants WHERE nome = 'Mercadinho Demo')`)).rows[0];
    conta = r.tenant_id;
    filial = r.id;
  });
  afterAll(async () => srv?.close());

  it('bancos: everyone reads FEBRABAN code, name and ISPB; only isAvanco writes, validated', async () => {
    const list = (await req('GET', '/api/Bancos', admin)).json();
    expect(list.find((b: any) => b.codigo === '341')).toEqual({ codigo: '341', nome: 'Itaú Unibanco S.A.', ispb: '60701190', ativo: true });
    expect((await req('PUT', '/api/Bancos/208', master, { nome: 'Banco BTG Pactual S.A.', ispb: '30306294' })).statusCode).toBe(403);
    const bad = await req('PUT', '/api/Bancos/20', avanco, { nome: '', ispb: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: any) => d.campo).sort()).toEqual(['codigo', 'ispb', 'nome']);
    expect((await req('PUT', '/api/Bancos/208', avanco, { nome: 'Banco BTG Pactual S.A.', ispb: '60701190' })).statusCode).toBe(409);
    expect((await req('PUT', '/api/Bancos/208', avanco, { nome: 'Banco BTG Pactual S.A.', ispb: '30306294' })).json()).toEqual({ codigo: '208', nome: 'Banco BTG Pactual S.A.', ispb: '30306294', ativo: true });
  });

  it('sequencia-filial: numbers are taken without gaps under concurrency; the admin moves forward only', async () => {
    const got = await Promise.all(Array.from({ length: 8 }, () => srv.db.transaction((q) => proximoNumero(q, conta, filial, 'nfce'))));
    expect(got.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await req('GET', `/api/Admin/sequencias?contaId=${conta}&filialId=${filial}`, master)).statusCode).toBe(403);
    const seqs = (await req('GET', `/api/Admin/sequencias?contaId=${conta}&filialId=${filial}`, avanco)).json();
    expect(seqs).toEqual([
      { tipo: 'nfe', descricao: 'NF-e', serie: 1, ultimoNumero: 0, proximoNumero: 1 },
      { tipo: 'nfce', descricao: 'NFC-e', serie: 1, ultimoNumero: 8, proximoNumero: 9 },
      // the NFS-e's DPS of the national standard (src/server/nfse), in its own series
      { tipo: 'dps', descricao: 'DPS (NFS-e)', serie: 1, ultimoNumero: 0, proximoNumero: 1 },
      // The business documents number from the same table: the demo's branch holds two acertos, two entries of
      // supplier notes, two purchase orders, the twelve sales orders of the demo (faturados over the last months,
      // one of each other state), its two service orders (NFS-e), the three orders the server faturas with an NF-e
      // on its first start, and the transfer that stocks its sales-floor depósito.
      { tipo: 'acertoEstoque', descricao: 'Acertos de estoque', serie: 1, ultimoNumero: 2, proximoNumero: 3 },
      // the point of sale's two cash-register sessions (Caixa 01 closed yesterday, Caixa 02 open)
      { tipo: 'caixaPdv', descricao: 'Caixas', serie: 1, ultimoNumero: 2, proximoNumero: 3 },
      { tipo: 'entradaNota', descricao: 'Entradas de nota fiscal', serie: 1, ultimoNumero: 2, proximoNumero: 3 },
      { tipo: 'pedidoCompra', descricao: 'Pedidos de compra', serie: 1, ultimoNumero: 2, proximoNumero: 3 },
      { tipo: 'pedidoVenda', descricao: 'Pedidos de venda', serie: 1, ultimoNumero: 17, proximoNumero: 18 },
      { tipo: 'transferenciaEstoque', descricao: 'Transferências de estoque', serie: 1, ultimoNumero: 1, proximoNumero: 2 },
    ]);
    const back = await req('PUT', '/api/Admin/sequencias', avanco, { contaId: conta, filialId: filial, tipo: 'nfce', serie: 1, proximoNumero: 5 });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.message).toBe('A sequência só avança: o último número usado de NFC-e série 1 é 8; informe um próximo número maior que 8.');
    const fwd = await req('PUT', '/api/Admin/sequencias', avanco, { contaId: conta, filialId: filial, tipo: 'nfce', serie: 1, proximoNumero: 100 });
    expect(fwd.json()).toMatchObject({ ultimoNumero: 99, proximoNumero: 100 });
    expect(await srv.db.transaction((q) => proximoNumero(q, conta, filial, 'nfce'))).toBe(100);
    expect((await req('PUT', '/api/Admin/sequencias', avanco, { contaId: conta, filialId: 999999, tipo: 'nfe', proximoNumero: 2 })).statusCode).toBe(404);
  });

  it("sales orders number from one sequence ('pedidoVenda'): migration 0366 folds the old 'pedido' sequence into it, never moving it back", async () => {
    const centro = (await srv.db.query<{ id: number }>(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Filial Centro'`, [conta])).rows[0].id;
    const ultimoDe = async (f: number, tipo: string) => (await srv.db.query<{ u: string }>(`SELECT ultimo_numero::text AS u FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $3 AND serie = 1`, [conta, f, tipo])).rows[0]?.u ?? null;
    const matrizAntes = await ultimoDe(filial, 'pedidoVenda');
    // An old 'pedido' sequence moved forward past the orders' (Filial Centro), and one behind them (Matriz).
    await srv.db.query(`INSERT INTO sequencias_filial (tenant_id, filial_id, tipo, serie, ultimo_numero) VALUES ($1, $2, 'pedido', 1, 40), ($1, $3, 'pedido', 1, 1)`, [conta, centro, filial]);
    const sql = readFileSync(join(import.meta.dirname, '../../src/server/db/migrations/0366_sequencia_pedido_unica.sql'), 'utf8');
    await srv.db.transaction((q) => q.exec(sql));
    expect(await ultimoDe(centro, 'pedidoVenda')).toBe('40');
    expect(await ultimoDe(filial, 'pedidoVenda')).toBe(matrizAntes);
    expect((await srv.db.query(`SELECT 1 FROM sequencias_filial WHERE tipo = 'pedido'`)).rows).toEqual([]);
    // The next order of the Filial Centro takes 41, from the one sequence; 'pedido' is no longer a sequence type.
    expect(await srv.db.transaction((q) => proximoNumero(q, conta, centro, 'pedidoVenda'))).toBe(41);
    const antigo = await req('PUT', '/api/Admin/sequencias', avanco, { contaId: conta, filialId: centro, tipo: 'pedido', serie: 1, proximoNumero: 50 });
    expect(antigo.statusCode).toBe(400);
    expect((await req('GET', `/api/Admin/sequencias?contaId=${conta}&filialId=${centro}`, avanco)).json().filter((s: { tipo: string }) => /^pedido/i.test(s.tipo)).map((s: { tipo: string }) => s.tipo)).toEqual(['pedidoCompra', 'pedidoVenda']);
  });

  it('financeiro-whitelabel: the month invoice is stored once, with its status moving from aberta only', async () => {
    const now = new Date();
    const mes = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
    expect((await req('POST', '/api/Admin/faturas', admin, { mes })).statusCode).toBe(403);
    expect((await req('POST', '/api/Admin/faturas', master, { mes: '13/2026' })).statusCode).toBe(400);
    const f = await req('POST', '/api/Admin/faturas', master, { mes });
    expect(f.statusCode, f.body).toBe(200);
    expect(f.json()).toMatchObject({ mes, status: 'aberta', total: '0.00', totalFormatado: 'R$ 0,00' });
    expect((await req('POST', '/api/Admin/faturas', master, { mes })).statusCode).toBe(409);
    expect((await req('PUT', `/api/Admin/faturas/${f.json().id}/status`, master, { status: 'rascunho' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/Admin/faturas/${f.json().id}/status`, master, { status: 'paga' })).json()).toEqual({ id: f.json().id, status: 'paga' });
    expect((await req('PUT', `/api/Admin/faturas/${f.json().id}/status`, master, { status: 'cancelada' })).statusCode).toBe(409);
    expect((await req('GET', '/api/Admin/faturas', master)).json()[0]).toMatchObject({ mes, status: 'paga', emitidaPor: 'master@demo.com.br' });
  });

  it('pdv-versao: isAvanco publishes increasing versions; accounts read the newest', async () => {
    expect((await req('POST', '/api/PdvVersoes', master, { versao: '1.0.0', url: 'https://exemplo.com.br/pdv.exe' })).statusCode).toBe(403);
    expect((await req('POST', '/api/PdvVersoes', avanco, { versao: '1.0', url: 'ftp://x' })).json().error.details.map((d: any) => d.campo).sort()).toEqual(['url', 'versao']);
    expect((await req('POST', '/api/PdvVersoes', avanco, { versao: '1.2.0', url: 'https://exemplo.com.br/pdv-1.2.0.exe', notas: 'TEF novo.' })).statusCode).toBe(200);
    expect((await req('POST', '/api/PdvVersoes', avanco, { versao: '1.10.0', url: 'https://exemplo.com.br/pdv-1.10.0.exe' })).statusCode).toBe(200);
    expect((await req('POST', '/api/PdvVersoes', avanco, { versao: '1.9.9', url: 'https://exemplo.com.br/pdv-1.9.9.exe' })).json().error.message).toBe('A versão deve ser maior que a última publicada (1.10.0).');
    expect((await req('GET', '/api/PdvVersoes', admin)).json().map((v: any) => v.versao)).toEqual(['1.10.0', '1.2.0']);
  });

  it('ajuda: the brand writes one article per existing screen; a user reads the one of the screen, edit pages included', async () => {
    expect((await req('PUT', '/api/Ajuda', admin, { rota: 'pages/vendas/clientes', titulo: 'Clientes', conteudo: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', '/api/Ajuda', master, { rota: 'pages/nao-existe', titulo: 'X', conteudo: '' })).json().error.details.map((d: any) => d.campo).sort()).toEqual(['conteudo', 'rota', 'titulo']);
    const a = await req('PUT', '/api/Ajuda', master, { rota: '#/pages/vendas/clientes', titulo: 'Cadastro de clientes', conteudo: 'Use o botão Cadastrar para incluir um cliente.' });
    expect(a.statusCode, a.body).toBe(200);
    expect((await req('GET', '/api/Ajuda?rota=pages/vendas/clientes', admin)).json().artigo).toMatchObject({ titulo: 'Cadastro de clientes' });
    expect((await req('GET', '/api/Ajuda?rota=pages/estoque/produtos', admin)).json().artigo).toBeNull();
    const other = await login(app, 'admin@vizinha.com.br');
    expect((await req('GET', '/api/Ajuda?rota=pages/vendas/clientes', other)).json().artigo).toMatchObject({ titulo: 'Cadastro de clientes' });
    expect((await req('DELETE', `/api/Ajuda/${a.json().id}`, master)).statusCode).toBe(200);
    expect((await req('GET', '/api/Ajuda?rota=pages/vendas/clientes', admin)).json().artigo).toBeNull();
  });
});
