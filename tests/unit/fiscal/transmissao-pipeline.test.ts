import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { classificarAdn, classificarEvento, classificarSefaz, enviarEClassificar, etapasEvento, etapasInutilizacao, transmitirXmlSefaz, type Desfecho, type RespostaEvento } from '../../../src/server/fiscal/transmissao/index.ts';
import { montarEvento, montarInutilizacao, TIPOS_EVENTO } from '../../../src/server/fiscal/mensagens.ts';
import type { RetornoAutorizacao } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { CNPJ_EMITENTE, nfeBase, pagamentoExato } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';

// The classify step of the one transmission pipeline (src/server/fiscal/transmissao): each answer of the local SEFAZ
// (the stand-in speaking the real protocol) ends in one stated outcome, the same for every model and path.

const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const assinador = assinadorDe(cert);
let sefaz: SefazLocal;
let numero = 7000;
const clientes: SefazCliente[] = [];
const abrir = (timeoutMs = 10_000) => async () => {
  const c = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, timeoutMs });
  clientes.push(c);
  return c;
};
const nova = () => montarNfe(pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero } })), assinador);
const tipo = (d: Desfecho<unknown>) => d.tipo;

beforeAll(async () => {
  sefaz = new SefazLocal();
  await sefaz.iniciar();
});
afterAll(async () => {
  for (const c of clientes) c.fechar();
  await sefaz.parar();
});
afterEach(() => {
  sefaz.rejeitarNumeros.clear();
  sefaz.indisponivel = false;
  sefaz.lentidao = null;
});

describe('classificarSefaz (pure)', () => {
  const r = (cStat: string, nfeProc?: string) => ({ cStat, xMotivo: `motivo ${cStat}`, ...(nfeProc ? { nfeProc } : {}) });
  it('100 and 150 with the nfeProc: autorizada', () => {
    expect(tipo(classificarSefaz(r('100', '<nfeProc/>')))).toBe('autorizada');
    expect(tipo(classificarSefaz(r('150', '<nfeProc/>')))).toBe('autorizada');
    // an authorised code without the protocol to store is not taken as authorised
    expect(tipo(classificarSefaz(r('100')))).not.toBe('autorizada');
  });
  it('110, 301, 302: denegada (the number is spent); 204/539: duplicidade; 108/109/656: sem-resposta; the rest: rejeitada', () => {
    for (const c of ['110', '301', '302']) expect(classificarSefaz(r(c))).toMatchObject({ tipo: 'denegada', codigo: c, motivo: `${c} - motivo ${c}` });
    for (const c of ['204', '539']) expect(tipo(classificarSefaz(r(c)))).toBe('duplicidade');
    for (const c of ['108', '109', '656']) expect(tipo(classificarSefaz(r(c)))).toBe('sem-resposta');
    for (const c of ['225', '233', '539x']) expect(tipo(classificarSefaz(r(c)))).toBe('rejeitada');
  });
  it('the ADN: authorised, E0014 duplicidade, other codes rejeitada', () => {
    expect(tipo(classificarAdn({ autorizada: true }))).toBe('autorizada');
    expect(tipo(classificarAdn({ autorizada: false, erros: [{ Codigo: 'E0014', Descricao: 'DPS duplicada' }] }))).toBe('duplicidade');
    expect(classificarAdn({ autorizada: false, erros: [{ Codigo: 'E0312', Descricao: 'Município' }] })).toMatchObject({ tipo: 'rejeitada', codigo: 'E0312' });
  });
});

describe('the pipeline against the local SEFAZ', { timeout: 60_000 }, () => {
  it('autorizada: 100 with its protocol and nfeProc', async () => {
    const m = nova();
    const d = await transmitirXmlSefaz(abrir(), m);
    expect(d.tipo).toBe('autorizada');
    const r = (d as Extract<Desfecho<RetornoAutorizacao>, { tipo: 'autorizada' }>).retorno;
    expect(r.cStat).toBe('100');
    expect(r.protocolo).toMatch(/^\d{15}$/);
    expect(r.nfeProc).toContain(m.chave);
  });

  it('rejeição: the SEFAZ code and text', async () => {
    const m = nova();
    sefaz.rejeitarNumeros.set(numero, ['233', 'Rejeição: IE do destinatário não cadastrada']);
    expect(await transmitirXmlSefaz(abrir(), m)).toMatchObject({ tipo: 'rejeitada', codigo: '233', motivo: '233 - Rejeição: IE do destinatário não cadastrada' });
  });

  it('denegada (110, 301, 302): a stated outcome of its own, never a rejection that frees the number', async () => {
    for (const [c, texto] of [['110', 'Uso Denegado'], ['301', 'Uso Denegado: Irregularidade fiscal do emitente'], ['302', 'Uso Denegado: Irregularidade fiscal do destinatário']]) {
      const m = nova();
      sefaz.rejeitarNumeros.set(numero, [c, texto]);
      expect(await transmitirXmlSefaz(abrir(), m)).toMatchObject({ tipo: 'denegada', codigo: c });
    }
  });

  it('539 duplicidade with the note actually authorised under this key: adopted with its protocol', async () => {
    const m = nova();
    const primeira = await transmitirXmlSefaz(abrir(), m);
    expect(primeira.tipo).toBe('autorizada');
    const protocolo = (primeira as Extract<Desfecho<RetornoAutorizacao>, { tipo: 'autorizada' }>).retorno.protocolo;
    // The same key again (the answer of the first send lost): SEFAZ answers a duplicate; the pipeline asks by the key.
    sefaz.rejeitarNumeros.set(numero, ['539', 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso']);
    const d = await transmitirXmlSefaz(abrir(), m);
    expect(d.tipo).toBe('autorizada');
    expect((d as Extract<Desfecho<RetornoAutorizacao>, { tipo: 'autorizada' }>).retorno).toMatchObject({ protocolo, chave: m.chave });
    // 204 (same key, the stand-in's own answer to a resend) is adopted the same way
    sefaz.rejeitarNumeros.clear();
    expect(tipo(await transmitirXmlSefaz(abrir(), m))).toBe('autorizada');
  });

  it('539 for a number another key holds: a first send is refused; a recovery waits (the number is never freed)', async () => {
    const m = nova();
    sefaz.rejeitarNumeros.set(numero, ['539', 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso']);
    expect(await transmitirXmlSefaz(abrir(), m)).toMatchObject({ tipo: 'rejeitada', codigo: '539' });
    expect(tipo(await transmitirXmlSefaz(abrir(), m, { consultarAntes: true }))).toBe('sem-resposta');
  });

  it('5xx: sem-resposta (stays transmitindo); the retry by key sends the same XML and gets it authorised', async () => {
    const m = nova();
    sefaz.indisponivel = true;
    expect(await transmitirXmlSefaz(abrir(), m)).toMatchObject({ tipo: 'sem-resposta' });
    sefaz.indisponivel = false;
    const d = await transmitirXmlSefaz(abrir(), m, { consultarAntes: true });
    expect(d.tipo).toBe('autorizada');
    expect((d as Extract<Desfecho<RetornoAutorizacao>, { tipo: 'autorizada' }>).retorno.nfeProc).toContain(m.chave);
  });

  it('time-out after SEFAZ authorised: sem-resposta; the retry finds it authorised by its key and adopts it (one authorisation)', async () => {
    const m = nova();
    sefaz.lentidao = { ms: 1_500, servicos: ['NFeAutorizacao4'], processa: true };
    expect(await transmitirXmlSefaz(abrir(500), m)).toMatchObject({ tipo: 'sem-resposta' });
    sefaz.lentidao = null;
    const antes = sefaz.chamadas.get('NFeAutorizacao4') ?? 0;
    const d = await transmitirXmlSefaz(abrir(), m, { consultarAntes: true });
    expect(d.tipo).toBe('autorizada');
    // adopted from the consultation: not sent a second time
    expect(sefaz.chamadas.get('NFeAutorizacao4') ?? 0).toBe(antes);
  });

  it('an error that is not a "no answer" is not swallowed', async () => {
    await expect(enviarEClassificar({ enviar: async () => { throw new TypeError('bug'); }, classificar: classificarSefaz, semResposta: () => null })).rejects.toThrow('bug');
  });
});

describe('classificarEvento (pure, a table per kind)', () => {
  const r = (cStat: string): RespostaEvento => ({ cStat, xMotivo: `motivo ${cStat}`, protocolo: null });
  it('an event: 135/136/155 registered, 573 duplicidade, 108/109/656 sem-resposta, the rest rejeitada', () => {
    for (const c of ['135', '136', '155']) expect(tipo(classificarEvento('evento', r(c)))).toBe('autorizada');
    expect(classificarEvento('evento', r('573'))).toMatchObject({ tipo: 'duplicidade', codigo: '573' });
    for (const c of ['108', '109', '656']) expect(tipo(classificarEvento('evento', r(c)))).toBe('sem-resposta');
    for (const c of ['501', '580', '102']) expect(classificarEvento('evento', r(c))).toMatchObject({ tipo: 'rejeitada', codigo: c, motivo: `${c} - motivo ${c}` });
  });
  it('an inutilização: 102 homologada, 256 duplicidade, the rest rejeitada', () => {
    expect(tipo(classificarEvento('inutilizacao', r('102')))).toBe('autorizada');
    expect(tipo(classificarEvento('inutilizacao', r('256')))).toBe('duplicidade');
    expect(tipo(classificarEvento('inutilizacao', r('135')))).toBe('rejeitada');
  });
});

describe('events through the pipeline against the local SEFAZ', { timeout: 60_000 }, () => {
  const agora = () => new Date().toISOString().replace(/\.\d{3}Z$/, '-03:00');
  async function autorizada() {
    const m = nova();
    const d = await transmitirXmlSefaz(abrir(), m);
    return { chave: m.chave, protocolo: (d as Extract<Desfecho<RetornoAutorizacao>, { tipo: 'autorizada' }>).retorno.protocolo! };
  }
  const cancelamento = (n: { chave: string; protocolo: string }) => ({
    chave: n.chave, tpEvento: TIPOS_EVENTO.CANCELAMENTO, sequencia: 1,
    xml: montarEvento({ tipo: TIPOS_EVENTO.CANCELAMENTO, chNFe: n.chave, tpAmb: 2, cnpj: n.chave.slice(6, 20), dataHora: agora(), sequencia: 1, protocolo: n.protocolo, justificativa: 'Cancelamento de teste do pipeline de eventos' }, assinador),
  });
  const registrado = (d: Desfecho<RespostaEvento>) => (d as Extract<Desfecho<RespostaEvento>, { tipo: 'autorizada' }>).retorno;

  it('cancelamento registered (135 with its procEventoNFe and protocol); sent again, the 573 is adopted from the consultation', async () => {
    const n = await autorizada();
    const ev = cancelamento(n);
    const d = await enviarEClassificar(etapasEvento(await abrir()(), ev));
    expect(d.tipo).toBe('autorizada');
    expect(registrado(d)).toMatchObject({ cStat: '135', protocolo: expect.stringMatching(/^\d{15}$/) });
    expect(registrado(d).proc).toContain(n.chave);
    // The answer of the first send lost: the same signed event again gets a 573, settled by the note's key
    const enviosAntes = sefaz.chamadas.get('NFeRecepcaoEvento4') ?? 0;
    const de = await enviarEClassificar(etapasEvento(await abrir()(), ev));
    expect(sefaz.chamadas.get('NFeRecepcaoEvento4')).toBe(enviosAntes + 1);
    expect(de.tipo).toBe('autorizada');
    expect(registrado(de).protocolo).toBe(registrado(d).protocolo);
    // A recovery asks first and adopts without sending
    const dr = await enviarEClassificar(etapasEvento(await abrir()(), ev), { consultarAntes: true });
    expect(registrado(dr).protocolo).toBe(registrado(d).protocolo);
    expect(sefaz.chamadas.get('NFeRecepcaoEvento4')).toBe(enviosAntes + 1);
  });

  it('a refused event: rejeitada with the SEFAZ code; SEFAZ down: sem-resposta (stays pending)', async () => {
    const n = await autorizada();
    // a CC-e on the cancelled note is refused by SEFAZ
    await enviarEClassificar(etapasEvento(await abrir()(), cancelamento(n)));
    const cce = { chave: n.chave, tpEvento: TIPOS_EVENTO.CARTA_CORRECAO, sequencia: 1, xml: montarEvento({ tipo: TIPOS_EVENTO.CARTA_CORRECAO, chNFe: n.chave, tpAmb: 2, cnpj: n.chave.slice(6, 20), dataHora: agora(), sequencia: 1, correcao: 'Correção de teste do endereço do destinatário' }, assinador) };
    const d = await enviarEClassificar(etapasEvento(await abrir()(), cce));
    expect(d.tipo).toBe('rejeitada');
    expect((d as Extract<Desfecho<RespostaEvento>, { tipo: 'rejeitada' }>).codigo).toMatch(/^\d{3}$/);
    sefaz.indisponivel = true;
    expect(tipo(await enviarEClassificar(etapasEvento(await abrir()(), cancelamento(await (async () => { sefaz.indisponivel = false; const a = await autorizada(); sefaz.indisponivel = true; return a; })()))))).toBe('sem-resposta');
  });

  it('inutilização: 102 homologada; the same range again is a refusal (256) on a first send, adopted by a recovery', async () => {
    numero += 10;
    const xml = montarInutilizacao({ tpAmb: 2, cUF: '35', ano: String(new Date().getFullYear()).slice(2), cnpj: CNPJ_EMITENTE, modelo: 55, serie: 1, inicio: numero - 5, fim: numero - 4, justificativa: 'Inutilização de teste do pipeline' }, assinador);
    const d = await enviarEClassificar(etapasInutilizacao(await abrir()(), xml, false));
    expect(d.tipo).toBe('autorizada');
    expect(registrado(d)).toMatchObject({ cStat: '102' });
    expect(registrado(d).proc).toContain('ProcInutNFe');
    expect(registrado(d).protocolo).toMatch(/^\d{15}$/);
    expect(await enviarEClassificar(etapasInutilizacao(await abrir()(), xml, false))).toMatchObject({ tipo: 'rejeitada', codigo: '256' });
    expect(registrado(await enviarEClassificar(etapasInutilizacao(await abrir()(), xml, true)))).toMatchObject({ cStat: '102', protocolo: null });
  });
});
