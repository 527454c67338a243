import path from 'node:path';
import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente, SefazIndisponivelError } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { EmissorNfe, emitirNfce, FilaContingencia, ArmazemMemoria } from '../../../src/server/fiscal/contingencia.ts';
import { partesDaChave } from '../../../src/shared/fiscal/chave.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { nfeBase, nfceBase, pagamentoExato } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, PL_009 } from '../../fixtures/fiscal/ferramentas.ts';

const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const assinador = assinadorDe(cert);
const CSC = { id: '2', codigo: 'CSC-LOCAL-0002' };
let numero = 8000;
const doc = (): NfeDocumento => pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero } }));

let normal: SefazLocal;
let svcAn: SefazLocal;
const clientes: SefazCliente[] = [];
/** A short timeout (generous enough for a loaded machine): the local SEFAZ made slow answers well after it. */
const cliente = (s: SefazLocal, modelo: 55 | 65 = 55, timeoutMs = 1_500) => {
  const c = new SefazCliente({ certificado: cert, uf: 'SP', modelo, tpAmb: 2, destino: { tipo: 'local', baseUrl: s.url, ca: s.tls.cert }, timeoutMs });
  clientes.push(c);
  return c;
};

beforeAll(async () => {
  normal = new SefazLocal();
  svcAn = new SefazLocal({ svc: 'SVC-AN' });
  await Promise.all([normal.iniciar(), svcAn.iniciar()]);
});
afterEach(() => {
  normal.lentidao = null;
});
afterAll(async () => {
  for (const c of clientes) c.fechar();
  await Promise.all([normal.parar(), svcAn.parar()]);
});

describe('contingency after a timeout: consult the normal authoriser first (local SEFAZ made to time out)', { timeout: 60_000 }, () => {
  it('the client tells a timeout (the request may have arrived) from a refused connection', async () => {
    normal.lentidao = { ms: 4_000, servicos: ['NFeStatusServico4'], processa: true };
    const erro = await cliente(normal).statusServico().catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SefazIndisponivelError);
    expect((erro as SefazIndisponivelError).tempoEsgotado).toBe(true);
    normal.lentidao = null;
    const fora = new SefazLocal();
    await fora.iniciar();
    const c = cliente(fora);
    await fora.parar();
    const recusa = await c.statusServico().catch((e: unknown) => e);
    expect(recusa).toBeInstanceOf(SefazIndisponivelError);
    expect((recusa as SefazIndisponivelError).tempoEsgotado).toBe(false);
  });

  it('authorised although the answer timed out: the protocol is fetched, nothing goes to the SVC', async () => {
    normal.lentidao = { ms: 4_000, servicos: ['NFeAutorizacao4'], processa: true };
    const antesSvc = svcAn.chamadas.get('NFeAutorizacao4') ?? 0;
    const emissor = new EmissorNfe({ normal: cliente(normal), svc: cliente(svcAn), assinador, uf: 'SP' });
    const r = await emissor.emitir(doc());
    expect(r.situacao).toBe('autorizada');
    if (r.situacao !== 'autorizada') return;
    expect(r.contingencia).toBeUndefined();
    expect(partesDaChave(r.montada.chave).tpEmis).toBe('1');
    expect(r.retorno).toMatchObject({ cStat: '100', chave: r.montada.chave, protocolo: expect.stringMatching(/^\d{15}$/) });
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { p: r.retorno.nfeProc! }).p).toBe('');
    expect(normal.chamadas.get('NFeConsultaProtocolo4')).toBeGreaterThanOrEqual(1);
    expect(svcAn.chamadas.get('NFeAutorizacao4') ?? 0).toBe(antesSvc);
    expect(emissor.emContingencia).toBeNull();
  });

  it('timed out and not there (217): issued again in SVC-AN with tpEmis 6', async () => {
    normal.lentidao = { ms: 4_000, servicos: ['NFeAutorizacao4'], processa: false };
    const emissor = new EmissorNfe({ normal: cliente(normal), svc: cliente(svcAn), assinador, uf: 'SP' });
    const venda = doc();
    const r = await emissor.emitir(venda);
    expect(r.situacao).toBe('autorizada');
    if (r.situacao !== 'autorizada') return;
    expect(r.contingencia).toMatchObject({ autorizador: 'SVC-AN', tpEmis: 6, motivo: expect.stringMatching(/Tempo esgotado.*217/) });
    expect(r.chaveAConferir).toBeUndefined();
    expect(partesDaChave(r.montada.chave).tpEmis).toBe('6');
    expect(r.montada.xml).toContain(`<nNF>${venda.ide.numero}</nNF>`);
    expect(emissor.chavesAConferir).toEqual([]);
  });

  it('timed out and the consultation times out too: SVC, and the normal key is kept to be checked later', async () => {
    normal.lentidao = { ms: 4_000, processa: true };
    const emissor = new EmissorNfe({ normal: cliente(normal), svc: cliente(svcAn), assinador, uf: 'SP' });
    const venda = doc();
    const r = await emissor.emitir(venda);
    expect(r.situacao).toBe('autorizada');
    if (r.situacao !== 'autorizada') return;
    expect(r.contingencia?.tpEmis).toBe(6);
    const chaveNormal = r.chaveAConferir!;
    expect(partesDaChave(chaveNormal)).toMatchObject({ tpEmis: '1', numero: String(venda.ide.numero).padStart(9, '0') });
    expect(chaveNormal).not.toBe(r.montada.chave);
    expect(emissor.chavesAConferir).toEqual([chaveNormal]);
    // it was processed before the late answer: once the authoriser answers in time, the duplicate shows up
    normal.lentidao = null;
    const c = await emissor.conferirPendentes();
    expect(c.autorizadas.map((a) => a.chave)).toEqual([chaveNormal]);
    expect(c.autorizadas[0].nfeProc).toContain('<cStat>100</cStat>');
    expect(emissor.chavesAConferir).toEqual([]);
  });

  it('NFC-e: authorised although the answer timed out, no offline emission', async () => {
    normal.lentidao = { ms: 4_000, servicos: ['NFeAutorizacao4'], processa: true };
    const fila = new FilaContingencia(new ArmazemMemoria());
    const r = await emitirNfce(nfceBase({ ide: { ...nfceBase().ide, numero: ++numero } }), { cliente: cliente(normal, 65), assinador, csc: CSC, fila });
    expect(r.situacao).toBe('autorizada');
    expect(await fila.listar()).toEqual([]);
    normal.lentidao = { ms: 4_000, servicos: ['NFeAutorizacao4'], processa: false };
    const off = await emitirNfce(nfceBase({ ide: { ...nfceBase().ide, numero: ++numero } }), { cliente: cliente(normal, 65), assinador, csc: CSC, fila });
    expect(off).toMatchObject({ situacao: 'contingencia', motivo: expect.stringMatching(/Tempo esgotado.*217/) });
    // The online attempt took seconds after dhEmi: the contingency may not be dated after the emission (558).
    const ide = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}>([^<]+)</${tag}>`))![1];
    expect(Date.parse(ide(off.montada.xml, 'dhCont'))).toBeLessThanOrEqual(Date.parse(ide(off.montada.xml, 'dhEmi')));
    normal.lentidao = null;
    const enviada = await fila.transmitir(cliente(normal, 65));
    expect(enviada.rejeitadas).toEqual([]);
    expect(enviada.autorizadas).toHaveLength(1);
  });
});
