import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../src/server/fiscal/assinatura.ts';
import { CASOS_GRUPOS, CASOS_REFORMA } from '../fixtures/fiscal/grupos.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';

// POST /api/NotasFiscais/validar-xml on the real server: the documents with the new layout groups and the reform
// groups are checked by the XSD validation that now runs in the worker pool, signed in only.
describe.each(BACKENDS)('validar-xml with the new layout groups on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const t = gerarCertificadoTeste();
  const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
  const validar = (token: string | undefined, payload: string) =>
    app.inject({ method: 'POST', url: '/api/NotasFiscais/validar-xml', headers: { 'content-type': 'application/xml', ...(token ? { authorization: token } : {}) }, payload });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  it('refuses without a session', async () => {
    const r = await validar(undefined, montarNfe(CASOS_GRUPOS[0].doc, assinador).xml);
    expect(r.statusCode).toBe(401);
  });

  it('accepts every signed document with the new groups, in parallel requests, for either account', async () => {
    const docs = [...CASOS_GRUPOS, ...CASOS_REFORMA.slice(0, 4)].map((c) => montarNfe(c.doc, assinador));
    const rs = await Promise.all(docs.map((m, i) => validar(i % 2 ? vizinha : admin, m.xml)));
    rs.forEach((r, i) => {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ valido: true, modelo: '55', chave: docs[i].chave, erros: [] });
    });
  });

  it('a broken group is reported with its path and the field of the layout, in Portuguese', async () => {
    const m = montarNfe(CASOS_GRUPOS.find((c) => c.nome.startsWith('combustível'))!.doc, assinador);
    const r = await validar(admin, m.xml.replace('<cProdANP>320102001</cProdANP>', '<cProdANP>32010</cProdANP>'));
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.valido).toBe(false);
    expect(body.erros.some((e: { caminho: string; mensagem: string }) => e.caminho.endsWith('comb/cProdANP'))).toBe(true);
  });
});
