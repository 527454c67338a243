import type { FastifyInstance } from 'fastify';
import { tributosAproximados } from '../../src/server/admin/ibpt.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const HEADER = 'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';
const linha = (codigo: string, desc: string, nf: string, est: string, ex = '') => `${codigo};${ex};0;${desc};${nf};${(Number(nf) + 2).toFixed(2)};${est};0.00;01/01/2026;30/06/2026;9F2E1A;26.1.A;IBPT/empresometro.com.br`;
const ibptSP = [HEADER, linha('22021000', 'Águas minerais com adição de açúcar', '13.45', '18.00'), linha('19053100', 'Bolachas e biscoitos adicionados de edulcorante', '7.85', '12.00'), '02013000;;1;Serviço de exemplo (NBS);13.45;15.45;0.00;2.00;01/01/2026;30/06/2026;9F2E1A;26.1.A;IBPT/empresometro.com.br'].join('\r\n');

/** importacao-ibpt-ncm / importacao-ibpt-cest (SPEC 2.8): isAvanco imports; a wrong layout is refused whole. */
describe.each(BACKENDS)('IBPT on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let master: string;
  let avanco: string;
  const req = (method: string, url: string, token?: string, payload?: unknown) =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host: 'localhost', ...(token ? { authorization: token } : {}) } });
  const count = async (table: string) => (await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    master = await login(app, 'master@demo.com.br');
    // The platform's own staff: isAvanco (no demo user is).
    await srv.db.query(`UPDATE users SET is_avanco = true WHERE email = 'contador@demo.com.br'`);
    avanco = await login(app, 'contador@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('only isAvanco imports; a file of the wrong layout, or with a bad line, is refused with the reason and nothing is written', async () => {
    expect((await req('POST', '/api/Ibpt/importar-ncm', master, { uf: 'SP', arquivo: ibptSP })).statusCode).toBe(403);
    const wrong = await req('POST', '/api/Ibpt/importar-ncm', avanco, { uf: 'SP', arquivo: 'ncm,descricao,aliquota\n22021000,Água,13.45' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/^Arquivo fora do leiaute esperado\. A primeira linha deve ser o cabeçalho codigo;ex;tipo;descricao;/);
    const badLine = await req('POST', '/api/Ibpt/importar-ncm', avanco, { uf: 'SP', arquivo: `${ibptSP}\n22030000;;0;Cervejas;treze;15.00;18.00;0.00;01/01/2026;30/06/2026;X;26.1.A;IBPT` });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().error.message).toBe('Linha 5 do arquivo: alíquota nacionalfederal inválida (treze).');
    expect((await req('POST', '/api/Ibpt/importar-ncm', avanco, { uf: 'XX', arquivo: ibptSP })).statusCode).toBe(400);
    expect((await req('POST', '/api/Ibpt/importar-ncm', avanco, { uf: 'SP', nomeArquivo: 'TabelaIBPTaxRJ26.1.A.csv', arquivo: ibptSP })).json().error.message).toBe('O arquivo TabelaIBPTaxRJ26.1.A.csv é da UF RJ, não de SP.');
    expect(await count('ibpt_tributos')).toBe(0);
    expect(await count('ibpt_importacoes')).toBe(0);
  });

  it('imports a UF table (Latin-1 too), replaces the previous version, and gives the approximate taxes of Lei 12.741', async () => {
    const latin1 = Buffer.from(ibptSP, 'latin1').toString('base64');
    const ok = await req('POST', '/api/Ibpt/importar-ncm', avanco, { uf: 'sp', nomeArquivo: 'TabelaIBPTaxSP26.1.A.csv', arquivo: `data:text/csv;base64,${latin1}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ uf: 'SP', versao: '26.1.A', linhas: 3 });
    const desc = (await srv.db.query<{ descricao: string }>(`SELECT descricao FROM ibpt_tributos WHERE codigo = '22021000'`)).rows[0].descricao;
    expect(desc).toBe('Águas minerais com adição de açúcar');

    const t = await tributosAproximados(srv.db, { uf: 'SP', ncm: '22021000', valor: '10.00' });
    expect(t).toEqual({
      federal: '1.35',
      estadual: '1.80',
      municipal: '0.00',
      total: '3.15',
      texto: 'Trib. aprox.: R$ 1,35 Federal, R$ 1,80 Estadual e R$ 0,00 Municipal. Fonte: IBPT/empresometro.com.br 9F2E1A',
      fonte: 'IBPT/empresometro.com.br',
      chave: '9F2E1A',
      versao: '26.1.A',
    });
    expect((await tributosAproximados(srv.db, { uf: 'SP', ncm: '22021000', valor: '10.00', importado: true }))!.federal).toBe('1.55');
    expect(await tributosAproximados(srv.db, { uf: 'RJ', ncm: '22021000', valor: '10.00' })).toBeNull();
    // Any signed-in user may ask (the sale screens and DANFCE do).
    const admin = await login(app, 'admin@demo.com.br');
    expect((await req('GET', '/api/Ibpt/aproximado?uf=SP&ncm=19053100&valor=100.00', admin)).json()).toMatchObject({ federal: '7.85', estadual: '12.00', total: '19.85' });
    expect((await req('GET', '/api/Ibpt/aproximado?uf=SP&ncm=99999999&valor=1.00', admin)).statusCode).toBe(404);

    // A new version replaces the UF's table whole.
    const v2 = [HEADER, linha('22021000', 'Águas minerais com adição de açúcar', '14.00', '18.00').replace('26.1.A', '26.2.A')].join('\n');
    expect((await req('POST', '/api/Ibpt/importar-ncm', avanco, { uf: 'SP', arquivo: v2 })).json()).toEqual({ uf: 'SP', versao: '26.2.A', linhas: 1 });
    expect(await count('ibpt_tributos')).toBe(1);
    const hist = (await req('GET', '/api/Ibpt/importacoes', avanco)).json();
    expect(hist.historico.map((h: any) => h.versao)).toEqual(['26.2.A', '26.1.A']);
    expect(hist.vigentes).toEqual([{ uf: 'SP', versao: '26.2.A', linhas: 1, vigenteAte: '30/06/2026' }]);
  });

  it('imports the CEST table (several NCMs per CEST); a wrong layout is refused', async () => {
    const wrong = await req('POST', '/api/Ibpt/importar-cest', avanco, { arquivo: 'codigo;nome\n0300100;Água' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/^Arquivo fora do leiaute esperado\. A primeira linha deve ser o cabeçalho cest;ncm;descricao/);
    const bad = await req('POST', '/api/Ibpt/importar-cest', avanco, { arquivo: 'SEGMENTO;CEST;NCM;DESCRIÇÃO\n03;03.001.00;2201.10.00;Água mineral\n03;123;2202;Refrigerante' });
    expect(bad.json().error.message).toBe('Linha 3 do arquivo: CEST deve ter 7 dígitos (123).');
    expect(await count('cest_ncm')).toBe(0);
    const ok = await req('POST', '/api/Ibpt/importar-cest', avanco, { arquivo: 'SEGMENTO;CEST;NCM;DESCRIÇÃO\n03;03.001.00;2201.10.00 2201.90.00;Água mineral, gasosa ou não\n03;03.011.00;2202.10.00;Refrigerante em garrafa' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ linhas: 3, cests: 2 });
    expect((await srv.db.query(`SELECT ncm FROM cest_ncm WHERE cest = '0300100' ORDER BY ncm`)).rows.map((r: any) => r.ncm)).toEqual(['22011000', '22019000']);
  });
});
