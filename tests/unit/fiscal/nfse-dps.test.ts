import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import https from 'node:https';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, xmlsecVerify } from '../../fixtures/fiscal/ferramentas.ts';
import { lerCertificadoA1, pemDeBase64 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe, assinarXml } from '../../../src/server/fiscal/assinatura-xml.ts';
import { validarXsd } from '../../../src/server/fiscal/validacao-xsd.ts';
import {
  calcularValores, chaveNfse, chaveNfseValida, idDps, montarDps, montarPedidoCancelamento, regimeDps, type DpsEntrada,
} from '../../../src/server/nfse/dps.ts';
import { AdnCliente } from '../../../src/server/nfse/adn-cliente.ts';
import { AdnLocal } from '../../../src/server/stand-ins/adn-local.ts';

import { NFSE_XSD, SAMPLES_NFSE as SAMPLES } from '../../fixtures/referencia.ts';
const CNPJ = '11222333000181';
const xsd = (arquivo: string, xml: string) => xmllintSchema(path.join(NFSE_XSD, arquivo), { x: xml }).x;
/** xmlsec1 on the outer signature (a child of the root) of a document that also carries the signed DPS/request inside. */
function xmlsecExterna(xml: string, certPem: string, idAttrs: string[]): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'nfse-sig-'));
  writeFileSync(path.join(dir, 'doc.xml'), xml);
  writeFileSync(path.join(dir, 'cert.pem'), certPem);
  const r = spawnSync('xmlsec1', ['--verify', '--trusted-pem', path.join(dir, 'cert.pem'), ...idAttrs.flatMap((a) => ['--id-attr:Id', a]), '--node-xpath', "/*/*[local-name()='Signature']", path.join(dir, 'doc.xml')], { encoding: 'utf8' });
  return r.status === 0;
}
const certDoXml = (xml: string, n = 0) => pemDeBase64([...xml.matchAll(/<X509Certificate>([^<]+)<\/X509Certificate>/g)][n][1]);

const base = (extra: Partial<DpsEntrada> = {}): DpsEntrada => ({
  ambiente: 2,
  dhEmi: '2026-11-25T10:00:00-03:00',
  serie: '1',
  numero: 7,
  competencia: '2026-11-25',
  municipioEmissor: '3550308',
  prestador: { cnpj: CNPJ, inscricaoMunicipal: '1234567', regime: regimeDps(1, 0) },
  tomador: { cnpj: '04252011000110', nome: 'Cliente Serviços Ltda', endereco: { codigoMunicipio: '3550308', cep: '01310-100', logradouro: 'Av. Paulista', numero: '1000', bairro: 'Bela Vista' } },
  servico: { municipioPrestacao: '3550308', codigoTributacaoNacional: '010701', descricao: 'Suporte técnico mensal & instalação <rede>' },
  valores: { servico: '1500.00', aliquota: '2.00', retencao: 1 },
  ...extra,
});

describe('DPS of the NFS-e national standard', () => {
  const cert = gerarCertificadoTeste({ cnpj: CNPJ });
  const a1 = lerCertificadoA1(cert.pfx, cert.senha);
  // The NFS-e package is compiled once per process (libxml2 in WASM, in the validation workers): done here, not in a test.
  beforeAll(() => validarXsd(readFileSync(path.join(SAMPLES, 'dps-simples.xml'), 'utf8'), 'DPS_v1.00.xsd', 'NFSE_V1'), 120_000);

  it('the official samples validate with xmllint against DPS_v1.00.xsd (the schemas are wired right)', () => {
    for (const f of ['dps-simples.xml', 'dps-regime-normal.xml']) {
      const r = xmllintSchema(path.join(NFSE_XSD, 'DPS_v1.00.xsd'), { [f]: readFileSync(path.join(SAMPLES, f), 'utf8') });
      expect(r[f]).toBe('');
    }
  });

  it.each([
    [1, 0, { opSimpNac: 3, regApTribSN: 1, regEspTrib: 0 }],
    [4, 0, { opSimpNac: 3, regApTribSN: 2, regEspTrib: 0 }],
    [5, 5, { opSimpNac: 2, regEspTrib: 0 }],
    [2, 3, { opSimpNac: 1, regEspTrib: 6 }],
    [3, 4, { opSimpNac: 1, regEspTrib: 1 }],
    [null, 2, { opSimpNac: 1, regEspTrib: 2 }],
  ])('company regime %s, municipal %s -> regTrib %j', (r, m, esperado) => {
    expect(regimeDps(r as number | null, m)).toEqual(esperado);
  });

  it.each([
    ['1500.00', undefined, '2.00', 1, { vBC: '1500.00', vISSQN: '30.00', vTotalRet: '0.00', vLiq: '1500.00' }],
    ['1500.00', '100.00', '5.00', 2, { vBC: '1400.00', vISSQN: '70.00', vTotalRet: '70.00', vLiq: '1330.00' }],
    ['99.99', undefined, '3.33', 3, { vBC: '99.99', vISSQN: '3.33', vTotalRet: '3.33', vLiq: '96.66' }],
    ['10.00', undefined, undefined, 1, { vBC: '10.00', vISSQN: null, vTotalRet: '0.00', vLiq: '10.00' }],
  ])('values: serviço %s, desconto %s, alíquota %s, retenção %s', (servico, desconto, aliquota, retencao, esperado) => {
    expect(calcularValores({ servico, descontoIncondicionado: desconto, aliquota, retencao: retencao as 1 | 2 | 3 })).toMatchObject(esperado);
  });

  it('Id = DPS + cLocEmi + tpInsc + inscrição + série(5) + número(15), as in the official sample', () => {
    expect(idDps('1400159', '01761135000132', '900', 6)).toBe('DPS140015920176113500013200900000000000000006');
    expect(idDps('3550308', '52998224725', '1', 12)).toBe('DPS355030810005299822472500001000000000000012');
  });

  it.each([
    ['simples, tomador CNPJ with address', base()],
    ['regime normal, ISS retido pelo tomador, desconto', base({ prestador: { cnpj: CNPJ, regime: regimeDps(3, 0) }, valores: { servico: '800.00', descontoIncondicionado: '50.00', aliquota: '5.00', retencao: 2 } })],
    ['MEI, tomador CPF without address', base({ prestador: { cnpj: CNPJ, regime: regimeDps(5, 5) }, tomador: { cpf: '529.982.247-25', nome: 'José da Silva' }, valores: { servico: '120.00', retencao: 1 } })],
    ['no tomador', base({ tomador: undefined })],
  ])('%s: schema-valid signed DPS (xmllint), signature verified by xmlsec1', (_n, e) => {
    const { xml, id } = montarDps(e);
    const assinada = assinarXml(xml, 'infDPS', assinadorDe(a1));
    expect(xsd('DPS_v1.00.xsd', assinada)).toBe('');
    const v = xmlsecVerify(assinada, certDoXml(assinada), 'infDPS');
    expect(v.ok, v.saida).toBe(true);
    expect(assinada).toContain(`Id="${id}"`);
  });

  it('a DPS with a changed value after signing fails xmlsec1', () => {
    const assinada = assinarXml(montarDps(base()).xml, 'infDPS', assinadorDe(a1));
    expect(xmlsecVerify(assinada.replace('<vServ>1500.00</vServ>', '<vServ>15.00</vServ>'), certDoXml(assinada), 'infDPS').ok).toBe(false);
  });

  it('the application validator agrees with xmllint on bad input (cTribNac of 5 digits, rate of 10%)', async () => {
    const ruim = montarDps(base({ servico: { municipioPrestacao: '3550308', codigoTributacaoNacional: '01070', descricao: 'x' }, valores: { servico: '10.00', aliquota: '10', retencao: 1 } })).xml;
    expect(xsd('DPS_v1.00.xsd', ruim)).not.toBe('');
    const r = await validarXsd(ruim, 'DPS_v1.00.xsd', 'NFSE_V1');
    expect(r.valido).toBe(false);
    expect(r.erros.map((e) => e.caminho)).toEqual(expect.arrayContaining(['DPS/infDPS/serv/cServ/cTribNac', 'DPS/infDPS/valores/trib/tribMun/pAliq']));
  });

  it('chave de acesso of 50 digits with the mod-11 digit; cancellation request valid against pedRegEvento_v1.00.xsd', () => {
    const chave = chaveNfse({ municipio: '3550308', ambGer: 2, documento: CNPJ, numero: 15, aamm: '2611', codigo: '123456789' });
    expect(chave).toHaveLength(50);
    expect(chaveNfseValida(chave)).toBe(true);
    expect(chaveNfseValida(chave.slice(0, 49) + ((Number(chave[49]) + 1) % 10))).toBe(false);
    const p = montarPedidoCancelamento({ ambiente: 2, dhEvento: '2026-11-25T10:00:00-03:00', cnpjAutor: CNPJ, chave, motivo: 1, justificativa: 'Valor do serviço digitado errado' });
    expect(p.id).toBe(`PRE${chave}101101001`);
    const assinado = assinarXml(p.xml, 'infPedReg', assinadorDe(a1));
    expect(xsd('pedRegEvento_v1.00.xsd', assinado)).toBe('');
    expect(xmlsecVerify(assinado, certDoXml(assinado), 'infPedReg').ok).toBe(true);
  });
});

describe('local ADN (Sefin Nacional stand-in) over HTTPS with the client certificate', () => {
  const cert = gerarCertificadoTeste({ cnpj: CNPJ });
  const a1 = lerCertificadoA1(cert.pfx, cert.senha);
  const outro = lerCertificadoA1(gerarCertificadoTeste({ cnpj: '04252011000110', titular: 'OUTRA EMPRESA' }).pfx, gerarCertificadoTeste({ cnpj: '04252011000110', titular: 'OUTRA EMPRESA' }).senha);
  let adn: AdnLocal;
  let url: string;
  const cliente = (c = a1) => new AdnCliente(url, c, adn.tls.cert);
  const assinada = (e: DpsEntrada, c = a1) => assinarXml(montarDps(e).xml, 'infDPS', assinadorDe(c));

  beforeAll(async () => {
    await validarXsd(readFileSync(path.join(SAMPLES, 'dps-simples.xml'), 'utf8'), 'DPS_v1.00.xsd', 'NFSE_V1');
    adn = new AdnLocal();
    url = await adn.iniciar();
    adn.cadastrarContribuinte({ cnpj: CNPJ, nome: 'LOJA EXEMPLO LTDA', inscricaoMunicipal: '1234567', endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', codigoMunicipio: '3550308', uf: 'SP', cep: '01001000' } });
  }, 120_000);
  afterAll(() => adn.parar());

  it('authorises a signed DPS: a numbered NFS-e, schema-valid (xmllint NFSe_v1.00.xsd), both signatures verified by xmlsec1; GET by key; the same DPS twice is E0014', async () => {
    const c = cliente();
    const dps = assinada(base({ numero: 101 }));
    const r = await c.emitir(dps);
    if (!r.autorizada) throw new Error(JSON.stringify(r.erros));
    expect(chaveNfseValida(r.chave)).toBe(true);
    expect(r.idDps).toBe(idDps('3550308', CNPJ, '1', 101));
    expect(r.nfseXml).toContain('<nNFSe>1</nNFSe>');
    expect(r.nfseXml).toContain('<vISSQN>30.00</vISSQN>');
    expect(r.nfseXml).toContain('<xTribNac>Suporte técnico em informática');
    expect(xsd('NFSe_v1.00.xsd', r.nfseXml)).toBe('');
    expect(xmlsecVerify(r.nfseXml, certDoXml(r.nfseXml, 0), 'infDPS').ok).toBe(true);
    expect(xmlsecExterna(r.nfseXml, certDoXml(r.nfseXml, 1), ['infDPS', 'infNFSe'])).toBe(true);
    expect(xmlsecExterna(r.nfseXml.replace('<nNFSe>1</nNFSe>', '<nNFSe>2</nNFSe>'), certDoXml(r.nfseXml, 1), ['infDPS', 'infNFSe'])).toBe(false);
    expect(await c.consultar(r.chave)).toBe(r.nfseXml);
    expect(await c.consultar('3'.repeat(50))).toBeNull();
    const de2 = await c.emitir(dps);
    expect(de2).toMatchObject({ autorizada: false, erros: [{ Codigo: 'E0014' }] });
    c.fechar();
  });

  it('answers the national errors: broken gzip (E1226), schema (E1235), unsigned/tampered (E0714), certificate of another CNPJ (E0715), unknown cTribNac (E0310), rate out of 2–5% (E0625)', async () => {
    const raw = (corpo: unknown) =>
      new Promise<{ status: number; json: any }>((resolve, reject) => {
        const req = https.request(`${url}/nfse`, { method: 'POST', key: a1.privateKeyPem, cert: a1.certPem, ca: adn.tls.cert, headers: { 'Content-Type': 'application/json' } }, (res) => {
          let t = '';
          res.on('data', (d) => (t += d));
          res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(t) }));
        });
        req.on('error', reject);
        req.end(JSON.stringify(corpo));
      });
    const ruim = await raw({ dpsXmlGZipB64: 'não é gzip' });
    expect(ruim.status).toBe(400);
    expect(ruim.json.erros[0]).toEqual({ Codigo: 'E1226', Descricao: 'Estrutura descompactada mal formada.' });
    const c = cliente();
    const semAssinatura = await raw({ dpsXmlGZipB64: gzipSync(montarDps(base({ numero: 201 })).xml).toString('base64') });
    expect(semAssinatura.json.erros[0].Codigo).toBe('E0714');
    const adulterada = assinada(base({ numero: 202 })).replace('<vServ>1500.00</vServ>', '<vServ>1.00</vServ>');
    expect(await c.emitir(adulterada)).toMatchObject({ autorizada: false, erros: [{ Codigo: 'E0714' }] });
    const esquema = await c.emitir(assinada(base({ numero: 203, valores: { servico: '10.00', aliquota: '10', retencao: 1 } })));
    expect(esquema).toMatchObject({ autorizada: false, erros: [{ Codigo: 'E1235' }] });
    expect((esquema as any).erros[0].Complemento).toContain('pAliq');
    expect(await c.emitir(assinada(base({ numero: 204, servico: { municipioPrestacao: '3550308', codigoTributacaoNacional: '999901', descricao: 'x' } })))).toMatchObject({ autorizada: false, erros: [{ Codigo: 'E0310' }] });
    expect(await c.emitir(assinada(base({ numero: 205, valores: { servico: '10.00', aliquota: '1.50', retencao: 1 } })))).toMatchObject({ autorizada: false, erros: [{ Codigo: 'E0625' }] });
    const deOutro = cliente(outro);
    expect(await deOutro.emitir(assinada(base({ numero: 206 }), outro))).toMatchObject({ autorizada: false, erros: [{ Codigo: 'E0715' }] });
    c.fechar();
    deOutro.fechar();
  });

  it('cancels with e101101 (schema-valid signed event), once; another CNPJ cannot cancel', async () => {
    const c = cliente();
    const r = await c.emitir(assinada(base({ numero: 301 })));
    if (!r.autorizada) throw new Error(JSON.stringify(r.erros));
    const pedido = (cc = a1, cnpj = CNPJ) => assinarXml(montarPedidoCancelamento({ ambiente: 2, dhEvento: '2026-11-25T10:05:00-03:00', cnpjAutor: cnpj, chave: r.chave, motivo: 2, justificativa: 'Serviço não foi prestado ao cliente' }).xml, 'infPedReg', assinadorDe(cc));
    const deOutro = new AdnCliente(url, outro, adn.tls.cert);
    expect(await deOutro.evento(r.chave, pedido(outro, '04252011000110'))).toMatchObject({ registrado: false, erros: [{ Codigo: 'E1833' }] });
    const e = await c.evento(r.chave, pedido());
    if (!e.registrado) throw new Error(JSON.stringify(e.erros));
    expect(xsd('evento_v1.00.xsd', e.eventoXml)).toBe('');
    expect(xmlsecVerify(e.eventoXml, certDoXml(e.eventoXml, 0), 'infPedReg').ok).toBe(true);
    expect(xmlsecExterna(e.eventoXml, certDoXml(e.eventoXml, 1), ['infPedReg', 'infEvento'])).toBe(true);
    expect(await c.evento(r.chave, pedido())).toMatchObject({ registrado: false, erros: [{ Codigo: 'E1830' }] });
    c.fechar();
    deOutro.fechar();
  });
});
