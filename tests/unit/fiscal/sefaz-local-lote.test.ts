import path from 'node:path';
import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { montarEnviNFe, montarInutilizacao } from '../../../src/server/fiscal/mensagens.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { nfeBase, pagamentoExato } from '../../fixtures/fiscal/documentos.ts';
import { CASOS_GRUPOS } from '../../fixtures/fiscal/grupos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, tmp, PL_009 } from '../../fixtures/fiscal/ferramentas.ts';

const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const assinador = assinadorDe(cert);
const outro = gerarCertificadoTeste({ cnpj: '58716523000119', titular: 'CLIENTE ATACADO SA' });
const certOutro = lerCertificadoA1(outro.pfx, outro.senha);

let numero = 9000;
const doc = (over: Partial<NfeDocumento> = {}): NfeDocumento => pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero }, ...over }));

let sefaz: SefazLocal;
const clientes: SefazCliente[] = [];
const cliente = (c = cert) => {
  const k = new SefazCliente({ certificado: c, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, timeoutMs: 10_000 });
  clientes.push(k);
  return k;
};
const xsd = (arquivo: string, xml: string) => xmllintSchema(path.join(PL_009, arquivo), { x: xml }).x;

// The local SEFAZ's clock, moved forward by the test: 'still processing' and 'processed' do not depend on how
// fast a loaded machine runs. The options are read on each batch, so a test may change the processing time.
let adiantado = 0;
const opcoes = { processamentoLoteMs: 60_000, agora: () => Date.now() + adiantado };

beforeAll(async () => {
  sefaz = new SefazLocal(opcoes);
  await sefaz.iniciar();
});
afterAll(async () => {
  for (const c of clientes) c.fechar();
  await sefaz.parar();
});

describe('local SEFAZ: asynchronous batch (NFeAutorizacao indSinc 0 -> recibo -> NFeRetAutorizacao)', { timeout: 60_000 }, () => {
  it('receipt 103, then 105 while processing, then 104 with one protocol per NF-e', async () => {
    const a = montarNfe(doc(), assinador).xml;
    const vendaB = doc();
    const b = montarNfe(vendaB, assinador).xml;
    const duplicada = montarNfe(vendaB, assinador).xml; // same number, another cNF and key: 539
    const c = cliente();
    const env = await c.enviarLote([a, b, duplicada], 42);
    expect(env).toMatchObject({ cStat: '103', xMotivo: 'Lote recebido com sucesso', nRec: expect.stringMatching(/^35\d{13}$/) });
    expect(xsd('retEnviNFe_v4.00.xsd', env.xml)).toBe('');
    const cedo = await c.consultarRecibo(env.nRec!);
    expect(cedo).toMatchObject({ cStat: '105', xMotivo: 'Lote em processamento', protocolos: [] });
    expect(xsd('retConsReciNFe_v4.00.xsd', cedo.xml)).toBe('');
    adiantado += opcoes.processamentoLoteMs;
    const pronto = await c.consultarRecibo(env.nRec!, [a, b]);
    expect(pronto.cStat).toBe('104');
    expect(xsd('retConsReciNFe_v4.00.xsd', pronto.xml)).toBe('');
    expect(pronto.protocolos.map((p) => p.cStat)).toEqual(['100', '100', '539']);
    expect(pronto.protocolos[2].ajuda?.explicacao).toEqual(expect.any(String));
    for (const p of pronto.protocolos.slice(0, 2)) expect(xsd('procNFe_v4.00.xsd', p.nfeProc!)).toBe('');
    // the notes are in the state: consultation answers 100
    expect((await c.consultar(pronto.protocolos[0].chave!)).cStat).toBe('100');
  });

  it('autorizarLote polls the receipt until processed', async () => {
    // A batch that takes a few polls in real time.
    opcoes.processamentoLoteMs = 400;
    const nfes = [montarNfe(doc(), assinador).xml, montarNfe(doc(), assinador).xml];
    const r = await cliente().autorizarLote(nfes, { intervaloMs: 150, tentativas: 20 });
    expect(r.cStat).toBe('104');
    expect(r.protocolos.map((p) => [p.cStat, !!p.nfeProc])).toEqual([['100', true], ['100', true]]);
    expect(sefaz.chamadas.get('NFeRetAutorizacao4')).toBeGreaterThanOrEqual(3);
  });

  it('unknown receipt is 106; another transmitter cannot read the batch (223); synchronous with two NF-e is 452', async () => {
    expect((await cliente().consultarRecibo('351234567890123')).cStat).toBe('106');
    const env = await cliente().enviarLote([montarNfe(doc(), assinador).xml]);
    expect((await cliente(certOutro).consultarRecibo(env.nRec!)).cStat).toBe('223');
    const c = cliente();
    const dois = montarEnviNFe(1, [montarNfe(doc(), assinador).xml, montarNfe(doc(), assinador).xml], true);
    // sent raw through the same service: the client's autorizar() sends one NF-e only
    const r = await (c as unknown as { chamar(s: string, x: string): Promise<string> }).chamar('NFeAutorizacao4', dois);
    expect(r).toContain('<cStat>452</cStat>');
  });
});

describe('local SEFAZ: state kept in a file survives a restart', { timeout: 60_000 }, () => {
  it('authorised numbers, inutilised ranges and the protocol sequence come back', async () => {
    const arquivoEstado = path.join(tmp('sefaz-estado-'), 'estado.json');
    const a = new SefazLocal({ arquivoEstado });
    await a.iniciar();
    const venda = doc();
    const ka = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: a.url, ca: a.tls.cert } });
    const r = await ka.autorizar(montarNfe(venda, assinador).xml);
    expect(r.cStat).toBe('100');
    const inut = montarInutilizacao({ tpAmb: 2, cUF: '35', ano: venda.ide.dataEmissao.slice(2, 4), cnpj: cert.cnpj!, modelo: 55, serie: 1, inicio: 99001, fim: 99002, justificativa: 'Numeracao pulada por falha do sistema' }, assinador);
    expect((await ka.inutilizar(inut)).cStat).toBe('102');
    ka.fechar();
    await a.parar();

    const b = new SefazLocal({ arquivoEstado });
    await b.iniciar();
    const kb = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: b.url, ca: b.tls.cert } });
    try {
      expect((await kb.consultar(r.chave!)).cStat).toBe('100');
      // same number again, new key: the restarted SEFAZ still knows it
      expect((await kb.autorizar(montarNfe(venda, assinador).xml)).cStat).toBe('539');
      expect((await kb.autorizar(montarNfe({ ...venda, ide: { ...venda.ide, numero: 99001 } }, assinador).xml)).cStat).toBe('206');
      const outra = await kb.autorizar(montarNfe(doc(), assinador).xml);
      expect(outra.cStat).toBe('100');
      expect(Number(outra.protocolo!.slice(-10))).toBeGreaterThan(Number(r.protocolo!.slice(-10)));
    } finally {
      kb.fechar();
      await b.parar();
    }
    // without the file the state is gone (the test can fail)
    const c = new SefazLocal();
    await c.iniciar();
    const kc = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: c.url, ca: c.tls.cert } });
    try {
      expect((await kc.consultar(r.chave!)).cStat).toBe('217');
    } finally {
      kc.fechar();
      await c.parar();
    }
  });
});

describe('local SEFAZ: the certificate must belong to the issuer (213)', { timeout: 60_000 }, () => {
  it('an NF-e of another CNPJ base is rejected with 213 and its help text', async () => {
    const xml = montarNfe(doc(), assinadorDe(certOutro)).xml;
    const r = await cliente(certOutro).autorizar(xml);
    expect(r).toMatchObject({ cStat: '213', xMotivo: 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital' });
    expect(r.ajuda?.explicacao).toEqual(expect.any(String));
  });

  it('a branch of the same company (same CNPJ base) is accepted', async () => {
    const filial = doc({ emitente: { ...nfeBase().emitente, cnpj: '11222333000262' } });
    const r = await cliente().autorizar(montarNfe(filial, assinador).xml);
    expect(r.cStat).toBe('100');
  });
});

describe('local SEFAZ: the transmitter certificate in force (281) and from a trusted authority (283)', { timeout: 60_000 }, () => {
  it('an expired A1 is refused with 281', async () => {
    const velho = gerarCertificadoTeste({ inicioDias: -400, dias: 365 });
    const c = lerCertificadoA1(velho.pfx, velho.senha);
    const r = await cliente(c).autorizar(montarNfe(doc(), assinadorDe(c)).xml);
    expect(r).toMatchObject({ cStat: '281', xMotivo: 'Rejeição: Certificado Transmissor Data Validade' });
  });

  it('with authorities configured, only a certificate they vouch for is taken', async () => {
    const estranho = gerarCertificadoTeste({ cnpj: '11222333000181', titular: 'OUTRA AC', dias: 366 });
    const restrita = new SefazLocal({ autoridades: [t.certPem] });
    await restrita.iniciar();
    const k = (c: typeof cert) => {
      const x = new SefazCliente({ certificado: c, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: restrita.url, ca: restrita.tls.cert } });
      clientes.push(x);
      return x;
    };
    try {
      expect((await k(cert).autorizar(montarNfe(doc(), assinador).xml)).cStat).toBe('100');
      const c2 = lerCertificadoA1(estranho.pfx, estranho.senha);
      expect(await k(c2).autorizar(montarNfe(doc(), assinadorDe(c2)).xml)).toMatchObject({ cStat: '283', xMotivo: 'Rejeição: Certificado Transmissor - erro Cadeia de Certificação' });
      await expect(k(c2).statusServico()).rejects.toThrow(/HTTP 403/);
    } finally {
      await restrita.parar();
    }
  });
});

describe('local SEFAZ authorises the documents with the new layout groups (totals rules agree)', { timeout: 60_000 }, () => {
  it.each(CASOS_GRUPOS.map((c) => c.nome))('%s', async (nome) => {
    const caso = CASOS_GRUPOS.find((c) => c.nome === nome)!;
    const d = { ...caso.doc, ide: { ...caso.doc.ide, numero: ++numero } };
    const r = await cliente().autorizar(montarNfe(d, assinador).xml);
    expect([r.cStat, r.xMotivo]).toEqual(['100', 'Autorizado o uso da NF-e']);
  });

  it('a conjugated NF-e whose vNF leaves out the services is rejected (610): the rule can fail', async () => {
    const caso = CASOS_GRUPOS.find((c) => c.nome.startsWith('NF-e conjugada'))!;
    const d = { ...caso.doc, ide: { ...caso.doc.ide, numero: ++numero } };
    const m = montarNfe(d, assinador);
    const vNF = /<vNF>([\d.]+)<\/vNF>/.exec(m.xml)![1];
    const errado = (Number(vNF) - 80).toFixed(2);
    const { assinarXml } = await import('../../../src/server/fiscal/assinatura-xml.ts');
    const semAssinatura = m.xml.replace(/<Signature[\s\S]*<\/Signature>/, '').replace(`<vNF>${vNF}</vNF>`, `<vNF>${errado}</vNF>`).replace(/<vPag>[\d.]+<\/vPag>/, `<vPag>${errado}</vPag>`);
    const r = await cliente().autorizar(assinarXml(semAssinatura, 'infNFe', assinador));
    expect(r.cStat).toBe('610');
  });
});
