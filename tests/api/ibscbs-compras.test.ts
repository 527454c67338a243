import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { comProtocolo, FORNECEDORES, notaDeFornecedor } from '../fixtures/compras/notas-fornecedor.ts';

// Issue 39, purchases: the NF-e entry imported from the supplier's XML reads the IBS/CBS the supplier highlighted
// (IBSCBS per item, IBSCBSTot) and keeps it on the entry, per line, so the credits are known at apuração.
describe.each(BACKENDS)('IBS/CBS na entrada de NF-e on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'ibscbs-compras-'));
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload: payload as any, headers: { authorization: admin, ...headers } });

  beforeAll(async () => {
    srv = await startTestServer(backend, { dataDir });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('reads IBSCBS of each line and IBSCBSTot into the proposal and keeps them on the entry, per line', async () => {
    const nota = notaDeFornecedor({
      fornecedor: FORNECEDORES.bebidas,
      numero: 7301,
      linhas: [
        { codigo: 'RTC-1', descricao: 'Suco de uva integral 1 l', ncm: '20096100', quantidade: '10', valorUnitario: '12.34', ibsCbs: { CST: '000', cClassTrib: '000001', pIBSUF: '0.10', pIBSMun: '0.00', pCBS: '0.90' } },
        { codigo: 'RTC-2', descricao: 'Arroz tipo 1 5 kg', ncm: '10063021', quantidade: '5', valorUnitario: '20.00', ibsCbs: { CST: '200', cClassTrib: '200034', pIBSUF: '0.10', pIBSMun: '0.00', pCBS: '0.90', reducao: { pIBSUF: '60', pIBSMun: '60', pCBS: '60' } } },
        { codigo: 'RTC-3', descricao: 'Sacola retornável', ncm: '39232190', quantidade: '1', valorUnitario: '3.00' },
      ],
    });
    expect(nota.xml).toContain('<IBSCBSTot>');
    const xml = comProtocolo(nota.xml, nota.chave);
    const p = await post('/api/EntradasNota/importar-xml', xml, { 'content-type': 'application/xml' });
    expect(p.statusCode, p.body).toBe(200);
    // By hand (2026 rates written by the supplier): line 1 = 123,40 → IBS UF 0,1 % = 0,1234 → 0,12; CBS 0,9 % = 1,1106 → 1,11;
    // line 2 = 100,00 with 60 % reduction → IBS UF 0,04 % = 0,04; CBS 0,36 % = 0,36; line 3 has no group.
    const [l1, l2, l3] = p.json().itens;
    expect(l1.ibsCbs).toEqual({ cst: '000', cClassTrib: '000001', vBC: '123.40', pIBSUF: '0.1000', vIBSUF: '0.12', pIBSMun: '0.0000', vIBSMun: '0.00', vIBS: '0.12', pCBS: '0.9000', vCBS: '1.11' });
    expect(l2.ibsCbs).toMatchObject({ cst: '200', cClassTrib: '200034', vBC: '100.00', vIBSUF: '0.04', vIBS: '0.04', vCBS: '0.36' });
    expect(l3.ibsCbs).toBeNull();

    const c = await post('/api/EntradasNota/importar-xml/confirmar', { xml, itens: [1, 2, 3].map((linha) => ({ linha, criarProduto: true })) });
    expect(c.statusCode, c.body).toBe(200);
    const entrada = c.json();
    expect(entrada).toMatchObject({ estado: 'rascunho', valorIbs: '0.16', valorCbs: '1.47' });
    const lida = (await app.inject({ method: 'GET', url: `/api/EntradasNota/${entrada.id}`, headers: { authorization: admin } })).json();
    expect(lida.itens.map((i: any) => [i.cstIbsCbs ?? null, i.cClassTrib ?? null, i.valorBcIbsCbs ?? null, i.valorIbsUf ?? null, i.valorIbsMun ?? null, i.valorIbs ?? null, i.valorCbs ?? null])).toEqual([
      ['000', '000001', '123.40', '0.12', '0.00', '0.12', '1.11'],
      ['200', '200034', '100.00', '0.04', '0.00', '0.04', '0.36'],
      [null, null, null, null, null, null, null],
    ]);
    // stored with the entry's lines (documento_itens), and the entry still posts
    const guardado = (await srv.db.query<{ dados: any }>(`SELECT dados FROM documento_itens WHERE documento_id = $1 ORDER BY linha`, [entrada.id])).rows;
    expect(guardado[0].dados).toMatchObject({ cstIbsCbs: '000', valorCbs: '1.11' });
    const ef = await post(`/api/EntradasNota/${entrada.id}/efetivar`, {});
    expect(ef.statusCode, ef.body).toBe(200);
    expect(ef.json()).toMatchObject({ estado: 'efetivada', valorIbs: '0.16', valorCbs: '1.47' });
  });

  it('a supplier note without the reform groups (a Simples supplier in 2026) keeps the entry without IBS/CBS fields', async () => {
    const nota = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero: 7302, linhas: [{ codigo: 'D-1', descricao: 'Doce de leite 400 g', ncm: '19019020', quantidade: '4', valorUnitario: '9.90' }] });
    const c = await post('/api/EntradasNota/importar-xml/confirmar', { xml: comProtocolo(nota.xml, nota.chave), itens: [{ linha: 1, criarProduto: true }] });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().valorIbs ?? null).toBeNull();
    expect(c.json().itens[0].valorCbs ?? null).toBeNull();
  });
});
