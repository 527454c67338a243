import path from 'node:path';
import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { EmissorNfe } from '../../../src/server/fiscal/contingencia.ts';
import { partesDaChave } from '../../../src/shared/fiscal/chave.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { nfeBase, pagamentoExato, agoraComFuso } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, PL_009 } from '../../fixtures/fiscal/ferramentas.ts';

const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const assinador = assinadorDe(cert);
let numero = 7000;
const doc = (over: Partial<NfeDocumento['ide']> = {}) => pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero, ...over } }));
const cliente = (s: SefazLocal, url = s.url) => new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: url, ca: s.tls.cert }, timeoutMs: 5_000 });

let normal: SefazLocal;
let svcAn: SefazLocal;
let svcRs: SefazLocal;
const clientes: SefazCliente[] = [];
const novo = (s: SefazLocal, url?: string) => {
  const c = cliente(s, url);
  clientes.push(c);
  return c;
};

beforeAll(async () => {
  normal = new SefazLocal();
  svcAn = new SefazLocal({ svc: 'SVC-AN' });
  svcRs = new SefazLocal({ svc: 'SVC-RS' });
  await Promise.all([normal.iniciar(), svcAn.iniciar(), svcRs.iniciar()]);
});
afterAll(async () => {
  for (const c of clientes) c.fechar();
  await Promise.all([normal.parar(), svcAn.parar(), svcRs.parar()]);
});

describe('NF-e contingency through the SVC, against local SEFAZ instances', { timeout: 60_000 }, () => {
  it('normal authoriser refusing connections: the NF-e is issued again with tpEmis 6, dhCont and xJust and authorised by SVC-AN', async () => {
    const fora = new SefazLocal();
    await fora.iniciar();
    const urlMorta = fora.url;
    await fora.parar(); // nothing listens there any more: ECONNREFUSED
    const emissor = new EmissorNfe({ normal: novo(fora, urlMorta), svc: novo(svcAn), assinador, uf: 'SP' });
    const venda = doc();
    const r = await emissor.emitir(venda);
    expect(r.situacao).toBe('autorizada');
    if (r.situacao !== 'autorizada') return;
    expect(r.contingencia).toMatchObject({ autorizador: 'SVC-AN', tpEmis: 6, motivo: expect.stringMatching(/Sem comunicação com a SEFAZ/) });
    expect(partesDaChave(r.montada.chave).tpEmis).toBe('6');
    expect(r.montada.xml).toContain('<tpEmis>6</tpEmis>');
    expect(r.montada.xml).toMatch(/<dhCont>[^<]+<\/dhCont><xJust>Autorizador normal da NF-e indisponivel \(Sem comunicação com a SEFAZ[^<]*<\/xJust>/);
    expect(r.montada.xml).toContain(`<nNF>${venda.ide.numero}</nNF>`);
    expect(r.retorno).toMatchObject({ cStat: '100', chave: r.montada.chave });
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { p: r.retorno.nfeProc! }).p).toBe('');
    expect(emissor.emContingencia?.autorizador).toBe('SVC-AN');
    // the SVC keeps it: consultation there answers 100
    expect((await novo(svcAn).consultar(r.montada.chave)).cStat).toBe('100');
  });

  it('stays in SVC (no knock on the normal authoriser) until its status answers 107, then goes back to tpEmis 1', async () => {
    let agora = Date.now();
    normal.indisponivel = true;
    const emissor = new EmissorNfe({ normal: novo(normal), svc: novo(svcRs), assinador, uf: 'PR', verificarRetornoMs: 60_000, agora: () => agora });
    const a = await emissor.emitir(doc());
    expect(a).toMatchObject({ situacao: 'autorizada', contingencia: { autorizador: 'SVC-RS', tpEmis: 7, motivo: expect.stringMatching(/HTTP 503/) } });
    expect(normal.recusadasIndisponivel).toBe(1);

    const b = await emissor.emitir(doc());
    expect(b).toMatchObject({ situacao: 'autorizada', contingencia: { tpEmis: 7 } });
    expect(normal.recusadasIndisponivel).toBe(1); // straight to the SVC

    normal.indisponivel = false;
    const c = await emissor.emitir(doc());
    expect(c).toMatchObject({ contingencia: { tpEmis: 7 } }); // too early to ask again
    agora += 61_000;
    const d = await emissor.emitir(doc({ dataEmissao: agoraComFuso() }));
    expect(d.situacao).toBe('autorizada');
    if (d.situacao !== 'autorizada') return;
    expect(d.contingencia).toBeUndefined();
    expect(partesDaChave(d.montada.chave).tpEmis).toBe('1');
    expect(d.montada.xml).not.toMatch(/<dhCont>|<xJust>/);
    expect(emissor.emContingencia).toBeNull();
    expect(normal.chamadas.get('NFeStatusServico4')).toBe(1);
  });

  it('both down: nothing authorised, the caller is told why', async () => {
    normal.indisponivel = true;
    svcAn.indisponivel = true;
    try {
      const r = await new EmissorNfe({ normal: novo(normal), svc: novo(svcAn), assinador, uf: 'SP' }).emitir(doc());
      expect(r).toEqual({ situacao: 'indisponivel', motivo: expect.stringMatching(/HTTP 503.*SVC-AN: .*HTTP 503/) });
    } finally {
      normal.indisponivel = false;
      svcAn.indisponivel = false;
    }
  });

  it('the authorisers apply the contingency rules with the real codes (570, 557, 558)', async () => {
    const dh = agoraComFuso();
    const seis = montarNfe(doc({ tipoEmissao: 6, contingencia: { dataHora: dh, justificativa: 'Teste de contingencia SVC-AN' } }), assinador).xml;
    expect(await novo(normal).autorizar(seis)).toMatchObject({ cStat: '570', ajuda: { explicacao: expect.any(String) } });
    expect(await novo(svcRs).autorizar(seis)).toMatchObject({ cStat: '570' });
    const semJust = montarNfe(doc({ tipoEmissao: 6 }), assinador).xml;
    expect(await novo(svcAn).autorizar(semJust)).toMatchObject({ cStat: '557' });
    const depois = new Date(Date.parse(dh) + 3_600_000 - 3 * 3_600_000).toISOString().slice(0, 19) + '-03:00';
    const contDepois = montarNfe(doc({ dataEmissao: dh, tipoEmissao: 6, contingencia: { dataHora: depois, justificativa: 'Teste de contingencia SVC-AN' } }), assinador).xml;
    expect(await novo(svcAn).autorizar(contDepois)).toMatchObject({ cStat: '558' });
  });

  it('the SVC is only for the NF-e', async () => {
    const emissor = new EmissorNfe({ normal: novo(normal), svc: novo(svcAn), assinador, uf: 'SP' });
    await expect(emissor.emitir({ ...doc(), modelo: 65 })).rejects.toThrow(/só da NF-e.*off-line/);
  });
});
