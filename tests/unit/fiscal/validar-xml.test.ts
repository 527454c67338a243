import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandler } from '../../../src/server/http/error-handler.ts';
import fiscalRoutes from '../../../src/server/fiscal/routes.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { CASOS } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { SAMPLES } from '../../fixtures/fiscal/ferramentas.ts';

const CSC = { id: '1', codigo: 'CSC-DE-TESTE-0001' };
let app: FastifyInstance;
const t = gerarCertificadoTeste();
const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
const nfe = montarNfe(CASOS[0].doc, assinador);
const nfce = montarNfe(CASOS.find((c) => c.doc.modelo === 65)!.doc, assinador, { csc: CSC });

beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  // The app's auth hook puts the session on the request; here a stand-in account administrator (every key passes).
  app.addHook('onRequest', async (req) => {
    req.ctx = { token: 't', tenantId: 1, brandId: 1, userId: 1, branchId: 1, email: 'admin@teste', nome: 'Admin', perfilAdmin: true, suporteWhiteLabel: false, isContador: false, isAvanco: false, master: false, permissoes: {} };
  });
  await app.register(fiscalRoutes);
  await app.ready();
});
afterAll(() => app.close());

const validar = (payload: string, contentType = 'application/xml') =>
  app.inject({ method: 'POST', url: '/api/NotasFiscais/validar-xml', headers: { 'content-type': contentType }, payload });
const amostra = (f: string) => readFileSync(path.join(SAMPLES, f), 'utf8');

describe('POST /api/NotasFiscais/validar-xml', { timeout: 30_000 }, () => {
  it('accepts our signed NF-e and NFC-e', async () => {
    const [a, b] = await Promise.all([validar(nfe.xml), validar(nfce.xml)]);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ valido: true, modelo: '55', chave: nfe.chave, tipo: 'NFe', erros: [] });
    expect(b.json()).toMatchObject({ valido: true, modelo: '65', chave: nfce.chave });
  });

  it('accepts a signed public cancellation event and names it', async () => {
    const r = (await validar(amostra('inner_exemplo_xml_sefazCancela.xml'))).json();
    expect(r).toEqual({ valido: true, tipo: 'envEvento', chave: '35150300822602000124550010009923461099234656', modelo: '55', erros: [] });
  });

  it('finds the wrong key digit in a public event sample whose signature is otherwise fine', async () => {
    const r = (await validar(amostra('inner_req_evento_cancela.xml'))).json();
    expect(r.valido).toBe(false);
    expect(r.erros).toEqual([{ caminho: 'envEvento/chNFe', mensagem: 'Dígito verificador da chave de acesso inválido: informado 6, calculado 9.' }]);
  });

  it('finds the public samples edited after signing (signature) and the one with a wrong key digit', async () => {
    const [editada, dvErrado] = await Promise.all([validar(amostra('nfe_layout4.xml')), validar(amostra('nfce_com_qrcode.xml'))]);
    expect(editada.json().valido).toBe(false);
    expect(editada.json().erros).toContainEqual({ caminho: 'NFe/Signature', mensagem: expect.stringMatching(/Assinatura difere do calculado/) });
    const r = dvErrado.json();
    expect(r.valido).toBe(false);
    expect(r.erros).toContainEqual({ caminho: 'NFe/infNFe/@Id', mensagem: expect.stringMatching(/Dígito verificador da chave de acesso inválido/) });
  });

  it('reports schema errors in Portuguese with path and layout name', async () => {
    const xml = nfe.xml.replace(/<vProd>([\d.]+)<\/vProd>/, '<vProd>12,50</vProd>').replace(/<indPres>1<\/indPres>/, '<indPres>7</indPres>');
    const r = (await validar(xml)).json();
    expect(r.valido).toBe(false);
    expect(r.erros).toContainEqual({ caminho: 'NFe/infNFe/det[1]/prod/vProd', mensagem: expect.stringMatching(/^Valor '12,50' inválido em vProd \(Valor (bruto|Total)/i) });
    expect(r.erros).toContainEqual({ caminho: 'NFe/infNFe/ide/indPres', mensagem: expect.stringMatching(/Valor '7' não permitido em indPres \(Indicador de presença.*Valores aceitos: 0, 1, 2, 3, 4, 5, 9\./) });
    // the document was changed after signing, so the signature is also reported
    expect(r.erros.some((e: { caminho: string }) => e.caminho === 'NFe/Signature')).toBe(true);
  });

  it('catches a key that does not match its fields', async () => {
    const xml = nfe.xml.replace(/<nNF>(\d+)<\/nNF>/, '<nNF>999</nNF>');
    const r = (await validar(xml)).json();
    expect(r.erros).toContainEqual({ caminho: 'NFe/infNFe/ide/nNF', mensagem: expect.stringMatching(/chave de acesso não corresponde ao campo nNF/) });
  });

  it('malformed XML is a 400 with a clear message', async () => {
    const r = await validar('<NFe><infNFe></NFe>');
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ statusCode: 400, name: 'BadRequestError', message: expect.stringMatching(/^XML mal formado na linha 1, coluna \d+: esperado o fechamento de <infNFe>/) });
    const vazio = await validar('');
    expect(vazio.statusCode).toBe(400);
  });

  it('refuses other content types and bodies over 1 MB', async () => {
    expect((await validar('{"a":1}', 'application/json')).statusCode).toBe(415);
    const grande = await validar(`<a>${'x'.repeat(1024 * 1024 + 10)}</a>`);
    expect(grande.statusCode).toBe(413);
    expect(grande.json().error.name).toBe('PayloadTooLargeError');
  });

  it('a tax-reform (IBS/CBS) sample passes PL_010; the fields edited after its key was made and the signature are reported', async () => {
    const r = (await validar(amostra('nfe_reforma_tributaria.xml'))).json();
    // no schema error: only the key agreement (the sample's emitente and date were edited) and the signature
    expect(r.erros.map((e: { caminho: string }) => e.caminho).sort()).toEqual(['nfeProc/NFe/infNFe/emit/CNPJ', 'nfeProc/NFe/infNFe/ide/dhEmi', 'nfeProc/Signature']);
    expect(r.erros).toContainEqual({ caminho: 'nfeProc/NFe/infNFe/ide/dhEmi', mensagem: "A chave de acesso não corresponde ao campo dhEmi: na chave '2312', no documento '2507'." });
  });

  it('unknown document types are invalid, not an error', async () => {
    const r = await validar('<pedido><n>1</n></pedido>');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ valido: false, erros: [{ mensagem: expect.stringMatching(/não é um tipo suportado/) }] });
  });
});
