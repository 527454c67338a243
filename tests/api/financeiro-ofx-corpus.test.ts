import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { CORPUS } from '../support/ofx-corpus.ts';

const fixture = (nome: string) => readFileSync(join(import.meta.dirname, '../fixtures/ofx', nome));
const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64');
const latin1 = (nome: string) => fixture(nome).toString('latin1');

// Real statements of Brazilian banks (tests/fixtures/ofx/README.md) through the real import API: every line in,
// the sum the file shows, nothing added by a second import; a file with statements of several accounts puts each
// statement in its own conta, or is refused naming the one that has none.
describe.each(BACKENDS)('OFX corpus and multi-statement files on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const importar = (token: string, contaId: number, bytes: Uint8Array | string, nome = 'extrato.ofx') => call(token, 'POST', `/api/ContasFinanceiras/${contaId}/ofx`, { conteudo: b64(bytes), nome });
  const novaConta = async (token: string, descricao: string, conta: string) => {
    const r = await call(token, 'POST', '/api/ContasFinanceiras', { descricao, tipo: 1, conta });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().id as number;
  };
  const linhas = async (token: string, contaId: number) => (await call(token, 'GET', `/api/TransacoesOfx?filter=${q({ where: { contaId }, limit: 1000 })}`)).json() as { valor: string; fitid: string; descricao: string }[];
  const contagens = async () => {
    const out: Record<string, number> = {};
    for (const t of ['extratos_ofx', 'transacoes_ofx']) out[t] = Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
    return out;
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  it.each(CORPUS.filter((c) => !c.moeda))('imports $arquivo ($banco): $linhas lines adding up to $soma, and adds nothing the second time', async ({ arquivo, conta, linhas: n, soma }) => {
    const contaId = await novaConta(admin, `Corpus ${arquivo}`.slice(0, 60), conta);
    const r = await importar(admin, contaId, fixture(arquivo), arquivo);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ novas: n, repetidas: 0, transacoes: n });
    const ls = await linhas(admin, contaId);
    expect(ls).toHaveLength(n);
    expect(ls.reduce((a, l) => a.plus(l.valor), new Decimal(0)).toFixed(2)).toBe(soma);
    const antes = await contagens();
    const again = await importar(admin, contaId, fixture(arquivo), arquivo);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toMatch(new RegExp(`as ${n} transações já estão na conta`));
    expect(await contagens()).toEqual(antes);
  });

  it('refuses the statement in dollars (OFX 2 XML), in Portuguese, writing nothing', async () => {
    const contaId = await novaConta(admin, 'Conta em dólar', '098-121');
    const antes = await contagens();
    const r = await importar(admin, contaId, fixture('xml-asgrim-ofx2-usd.ofx'));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('O extrato está em USD; só extratos em reais (BRL) podem ser importados.');
    expect(await contagens()).toEqual(antes);
  });

  // BB's file with two statements of two accounts, the first given a line so both have something to import.
  const LINHA_455 = '\t <STMTTRN>\r\n\t  <TRNTYPE>DEBIT \r\n\t  <DTPOSTED>20170220 \r\n\t  <TRNAMT>-12.34 \r\n\t  <FITID>20170220112340 \r\n\t  <MEMO>TARIFA PACOTE DE SERVIÇOS \r\n\t </STMTTRN>\r\n';
  const duasContas = () => latin1('bb-asgrim-dois-extratos.ofx').replace('\t <DTEND>20170220 \r\n', `\t <DTEND>20170220 \r\n${LINHA_455}`);
  const bytesLatin1 = (s: string) => Buffer.from(s, 'latin1');

  it('a file with statements of two accounts is refused, naming the statement whose account is not registered', async () => {
    const movimento = await novaConta(vizinha, 'BB movimento', '655000-2');
    const antes = await contagens();
    const r = await importar(vizinha, movimento, bytesLatin1(duasContas()));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(
      'O 1º extrato do arquivo (conta 455000-5) é de uma conta que não está cadastrada em Contas financeiras: cadastre a conta 455000-5 para importar este arquivo, que traz extratos de mais de uma conta. Nada foi importado.',
    );
    expect(await contagens()).toEqual(antes);
  });

  it('a statement that names no account is refused by its position, writing nothing', async () => {
    const [movimento] = ((await call(vizinha, 'GET', '/api/ContasFinanceiras/saldos')).json() as any[]).filter((c) => c.descricao === 'BB movimento').map((c) => c.contaId);
    const semConta = duasContas().replace('\t <ACCTID>455000-5 \r\n', '');
    const antes = await contagens();
    const r = await importar(vizinha, movimento, bytesLatin1(semConta));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(
      'O 1º extrato do arquivo não diz de que conta é (falta a conta em <BANKACCTFROM>): o arquivo traz extratos de mais de uma conta e cada um vai para a conta que informa. Nada foi importado.',
    );
    expect(await contagens()).toEqual(antes);
  });

  it('with both accounts registered, each statement goes to its own conta; the file again adds nothing', async () => {
    const [movimento] = ((await call(vizinha, 'GET', '/api/ContasFinanceiras/saldos')).json() as any[]).filter((c) => c.descricao === 'BB movimento').map((c) => c.contaId);
    const outra = await novaConta(vizinha, 'BB outra conta', '455000-5');
    const r = await importar(vizinha, movimento, bytesLatin1(duasContas()), 'bb-duas-contas.ofx');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ novas: 6, repetidas: 0 });
    expect(r.json().mensagem).toBe('6 transações importadas. 1 na conta "BB outra conta"; 5 na conta "BB movimento".');
    expect(r.json().extratos.map((e: any) => [e.indice, e.contaId, e.contaOfx, e.novas])).toEqual([
      [1, outra, '455000-5', 1],
      [2, movimento, '655000-2', 5],
    ]);
    expect((await linhas(vizinha, outra)).map((l) => [l.valor, l.descricao])).toEqual([['-12.34', 'TARIFA PACOTE DE SERVIÇOS']]);
    const mov = await linhas(vizinha, movimento);
    expect(mov).toHaveLength(5);
    expect(mov.reduce((a, l) => a.plus(l.valor), new Decimal(0)).toFixed(2)).toBe('17688.99');
    // each conta lists its own statement
    expect(((await call(vizinha, 'GET', `/api/ContasFinanceiras/${outra}/ofx`)).json() as any[]).map((e) => [e.conta, e.transacoes, e.novas])).toEqual([['455000-5', 1, 1]]);
    const antes = await contagens();
    const again = await importar(vizinha, movimento, bytesLatin1(duasContas()));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/as 6 transações já estão nas contas "BB outra conta", "BB movimento"\./);
    expect(await contagens()).toEqual(antes);
    // the demo tenant's contas are not candidates for the neighbour's file (and the other way round)
    expect((await linhas(admin, outra)).length).toBe(0);
  });

  it('lines with an empty <FITID> (BB) get stable keys: the same file again adds nothing, a longer one only its new line', async () => {
    const contaId = await novaConta(admin, 'BB sem FITID', '28765-2');
    const semFitid = latin1('bb-rsalesc-2.ofx').replace(/<FITID>\d+ /g, '<FITID>');
    expect(semFitid).not.toMatch(/<FITID>\d/);
    const r = await importar(admin, contaId, bytesLatin1(semFitid));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().novas).toBe(5);
    expect((await importar(admin, contaId, bytesLatin1(semFitid))).statusCode).toBe(409);
    // the next statement repeats those five lines and adds a sixth identical to the fifth (same day, amount, text)
    const fim = semFitid.indexOf('\t</BANKTRANLIST>');
    const maisUma = semFitid.slice(0, fim) + semFitid.slice(semFitid.lastIndexOf('\t <STMTTRN>'), fim) + semFitid.slice(fim);
    const r2 = await importar(admin, contaId, bytesLatin1(maisUma));
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toMatchObject({ novas: 1, repetidas: 5 });
    const ls = await linhas(admin, contaId);
    expect(ls.map((l) => l.valor).sort()).toEqual(['-115.46', '-115.46', '-34.65', '-5.30', '-5000.00', '-7.00'].sort());
    expect(ls.every((l) => l.fitid.startsWith('SEMFITID-'))).toBe(true);
  });
});
