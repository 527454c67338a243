import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../src/server/fiscal/assinatura-xml.ts';
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

  // XML that fast-xml-parser accepts but is not well-formed must not reach the schema check (it came back 200
  // {valido:false} with libxml2's English message): a 400 in Portuguese, with line and column.
  const nfe = () => montarNfe(CASOS_GRUPOS[0].doc, assinador).xml;
  it.each([
    ['entidade não definida', () => nfe().replace(/<xFant>[^<]*<\/xFant>/, '<xFant>Loja&nbsp;Exemplo</xFant>'), /a entidade &nbsp; não existe no XML/],
    ['entidade não definida num documento qualquer', () => '<pedido><n>&eacute;</n></pedido>', /a entidade &eacute; não existe no XML/],
    ['caractere de controle no texto', () => nfe().replace(/<xFant>[^<]*<\/xFant>/, '<xFant>Loja\u0001Exemplo</xFant>'), /caractere de controle \(código 1\)/],
    ['caractere de controle num atributo', () => nfe().replace('versao="4.00"', 'versao="4.00\u0002"'), /caractere de controle ou inválido no valor de um atributo/],
    ['NUL no texto', () => nfe().replace(/<xFant>[^<]*<\/xFant>/, '<xFant>Loja\u0000</xFant>'), /caractere de controle \(código 0\)/],
    ['referência a caractere proibido', () => nfe().replace(/<xFant>[^<]*<\/xFant>/, '<xFant>Loja&#1;</xFant>'), /a referência &#1; é de um caractere que o XML não permite/],
    ['prefixo de namespace não declarado', () => nfe().replace(/<xFant>([^<]*)<\/xFant>/, '<nfe:xFant>$1</nfe:xFant>'), /o prefixo de namespace 'nfe' usado em <xFant> não foi declarado/],
    ['prefixo não declarado num atributo', () => nfe().replace('<infNFe ', '<infNFe x:y="1" '), /o prefixo de namespace 'x' usado em <infNFe> \(atributo y\) não foi declarado/],
    ['dois elementos raiz', () => `${nfe()}<NFe/>`, /conteúdo depois do fim do elemento raiz/],
    ['texto depois da raiz', () => `${nfe()}lixo`, /conteúdo depois do fim do elemento raiz/],
    ['comentário com --', () => nfe().replace('<infNFe ', '<!-- a -- b --><infNFe '), /comentário com '--'/],
    ['versão de XML inexistente', () => `<?xml version="2.0"?>${nfe()}`, /versão do XML '2.0' não suportada/],
  ])('not well-formed (%s): 400 with a Portuguese message, for any account', async (_nome, corpo, mensagem) => {
    for (const token of [admin, vizinha]) {
      const r = await validar(token, corpo());
      expect(r.statusCode, r.body).toBe(400);
      const erro = r.json().error;
      expect(erro).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^XML mal formado na linha \d+, coluna \d+: /) });
      expect(erro.message).toMatch(mensagem);
      // no English parser text leaks out
      expect(erro.message).not.toMatch(/not defined|invalid Char|Namespace prefix|Extra content|expected|Unsupported|allowed/i);
    }
  });

  it('still answers the well-formed document after the malformed ones (nothing was left broken)', async () => {
    const m = montarNfe(CASOS_GRUPOS[0].doc, assinador);
    const r = await validar(admin, m.xml);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ valido: true, chave: m.chave });
    // an encoding named in the declaration does not matter: the body is already text
    const comDeclaracao = await validar(admin, `<?xml version="1.0" encoding="UTF-16"?>${m.xml}`);
    expect(comDeclaracao.statusCode, comDeclaracao.body).toBe(200);
    expect(comDeclaracao.json()).toMatchObject({ valido: true });
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
