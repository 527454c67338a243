import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente, ConsumoIndevidoError, limparBloqueiosConsumo, type RetornoAutorizacao } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { montarDistDFeInt } from '../../../src/server/fiscal/mensagens.ts';
import { FilaContingencia, ArmazemMemoria, EmissorNfe, emitirNfce } from '../../../src/server/fiscal/contingencia.ts';
import { ajudaRejeicao } from '../../../src/server/fiscal/rejeicoes.ts';
import { nfeBase, nfceBase, pagamentoExato, CNPJ_EMITENTE, CPF_CONSUMIDOR } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';

// SEFAZ applies consumo indevido (656) per web service: a distribuição DF-e polled too often must not stop the
// authorisation of the same CNPJ, and a sale must never crash on a 656.

const CSC = { id: '3', codigo: 'CSC-CONSUMO-0003' };
const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const assinador = assinadorDe(cert);
let numero = 12000;
const nfce = () => nfceBase({ ide: { ...nfceBase().ide, numero: ++numero } });

let sefaz: SefazLocal;
const clientes: SefazCliente[] = [];
const cliente = (modelo: 55 | 65, certificado: ConstructorParameters<typeof SefazCliente>[0]['certificado'] = cert) => {
  const c = new SefazCliente({ certificado, uf: 'SP', modelo, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, timeoutMs: 45_000 });
  clientes.push(c);
  return c;
};

beforeAll(async () => {
  sefaz = new SefazLocal();
  await sefaz.iniciar();
});
beforeEach(() => limparBloqueiosConsumo());
afterAll(async () => {
  limparBloqueiosConsumo();
  for (const c of clientes) c.fechar();
  await sefaz.parar();
});

describe('consumo indevido (656) is scoped per CNPJ/CPF and per web service', { timeout: 60_000 }, () => {
  it('a 656 from DF-e distribution polling blocks that service only: the same CNPJ keeps authorising NF-e and NFC-e', async () => {
    const nfe = cliente(55);
    const caixa = cliente(65);
    const distribuicao = () => nfe.distribuicao(montarDistDFeInt(2, '35', { cnpj: CNPJ_EMITENTE }, { ultNSU: '0' }));
    expect((await distribuicao()).cStat).toBe('137');
    expect((await distribuicao()).cStat).toBe('656');

    // the distribution is blocked, without knocking at SEFAZ again
    const antes = sefaz.chamadas.get('NFeDistribuicaoDFe');
    const erro = await distribuicao().catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ConsumoIndevidoError);
    expect(erro).toMatchObject({ servico: 'NFeDistribuicaoDFe', documento: CNPJ_EMITENTE });
    expect((erro as Error).message).toMatch(/bloqueou o serviço de distribuição DF-e para este CNPJ por consumo indevido \(656\)/);
    expect(sefaz.chamadas.get('NFeDistribuicaoDFe')).toBe(antes);

    // authorisation of the same CNPJ goes on: the NF-e and the NFC-e sale are authorised online
    const r = await nfe.autorizar(montarNfe(pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero } })), assinador).xml);
    expect(r.cStat).toBe('100');
    const venda = await emitirNfce(nfce(), { cliente: caixa, assinador, csc: CSC, fila: new FilaContingencia(new ArmazemMemoria()) });
    expect(venda.situacao).toBe('autorizada');
    expect((await caixa.statusServico()).cStat).toBe('107');
  });

  it('certificates without a CNPJ are told apart by their CPF, not lumped under an empty key', async () => {
    const outroCpf = '11144477735';
    // Each client connects with a certificate of its own CPF: the local SEFAZ answers 593 to anyone else's document.
    const doCpf = (cpf: string) => {
      const c = gerarCertificadoTeste({ cnpj: cpf, titular: 'PRODUTOR RURAL' });
      return { ...lerCertificadoA1(c.pfx, c.senha), cnpj: null, cpf };
    };
    const a = cliente(55, doCpf(CPF_CONSUMIDOR));
    const b = cliente(55, doCpf(outroCpf));
    const dist = (c: SefazCliente, cpf: string) => c.distribuicao(montarDistDFeInt(2, '35', { cpf }, { ultNSU: '0' }));
    expect((await dist(a, CPF_CONSUMIDOR)).cStat).toBe('137');
    expect((await dist(a, CPF_CONSUMIDOR)).cStat).toBe('656');
    await expect(dist(a, CPF_CONSUMIDOR)).rejects.toThrow(/para este CPF/);
    // another CPF is not blocked by the first one's 656
    expect((await dist(b, outroCpf)).cStat).toBe('137');
  });

  it('the block ends after the waiting time', async () => {
    let agora = Date.now();
    const cnpj = '58716523000119';
    const proprio = gerarCertificadoTeste({ cnpj });
    const c = new SefazCliente({ certificado: lerCertificadoA1(proprio.pfx, proprio.senha), uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, agora: () => agora, esperaConsumoIndevidoMs: 60_000 });
    clientes.push(c);
    const dist = () => c.distribuicao(montarDistDFeInt(2, '35', { cnpj }, { ultNSU: '999999999999999' }));
    await dist();
    expect((await dist()).cStat).toBe('656');
    await expect(dist()).rejects.toBeInstanceOf(ConsumoIndevidoError);
    const antes = sefaz.chamadas.get('NFeDistribuicaoDFe');
    agora += 61_000;
    // the client knocks again (the local SEFAZ still answers 656: its own hour has not passed)
    expect((await dist()).cStat).toBe('656');
    expect(sefaz.chamadas.get('NFeDistribuicaoDFe')).toBe(antes! + 1);
  });
});

/** A client whose authorisation answers what the test says (the local SEFAZ answers 656 only on distribution). */
const clienteFalso = (autorizar: () => Promise<RetornoAutorizacao>) => ({ autorizar, consultar: async () => { throw new Error('não deve consultar'); } }) as unknown as SefazCliente;
const bloqueado = () => new ConsumoIndevidoError(new Date(Date.now() + 3_600_000), 'NFeAutorizacao4', CNPJ_EMITENTE);
const resposta656 = async (): Promise<RetornoAutorizacao> => ({ cStat: '656', xMotivo: 'Rejeição: Consumo Indevido', xml: '', ajuda: ajudaRejeicao('656') });

describe('a sale under consumo indevido does not crash', { timeout: 60_000 }, () => {
  it('NFC-e: a 656 still in force (ConsumoIndevidoError) issues the sale offline (tpEmis 9) and queues it', async () => {
    const fila = new FilaContingencia(new ArmazemMemoria());
    const r = await emitirNfce(nfce(), { cliente: clienteFalso(async () => { throw bloqueado(); }), assinador, csc: CSC, fila });
    expect(r.situacao).toBe('contingencia');
    if (r.situacao !== 'contingencia') return;
    expect(r.montada.xml).toContain('<tpEmis>9</tpEmis>');
    expect(r.motivo).toMatch(/consumo indevido \(656\)/);
    expect((await fila.listar()).map((i) => i.chave)).toEqual([r.montada.chave]);
  });

  it('NFC-e: a 656 answer goes offline too; the queue keeps it pending while the 656 lasts and transmits it afterwards', async () => {
    const fila = new FilaContingencia(new ArmazemMemoria());
    const r = await emitirNfce(nfce(), { cliente: clienteFalso(resposta656), assinador, csc: CSC, fila });
    expect(r.situacao).toBe('contingencia');
    // still blocked: answered 656 or refused before sending, the document stays pending, not rejected
    expect(await fila.transmitir(clienteFalso(resposta656))).toMatchObject({ autorizadas: [], rejeitadas: [], pendentes: 1 });
    expect(await fila.transmitir(clienteFalso(async () => { throw bloqueado(); }))).toMatchObject({ autorizadas: [], rejeitadas: [], pendentes: 1 });
    expect((await fila.listar())[0]).toMatchObject({ situacao: 'pendente', tentativas: 2 });
    const t2 = await fila.transmitir(cliente(65));
    // When it stays pending, the queue's last error says why (a failure then reads as the cause, not as []).
    expect(t2.autorizadas.map((a) => a.chave), JSON.stringify(await fila.listar())).toEqual([r.montada.chave]);
    expect(await fila.listar()).toEqual([]);
  });

  it('NF-e: a 656 still in force is "indisponível" (try later), not a crash, and not a switch to the SVC', async () => {
    const svc = clienteFalso(async () => { throw new Error('não deve ir à SVC'); });
    const emissor = new EmissorNfe({ normal: clienteFalso(async () => { throw bloqueado(); }), svc, assinador, uf: 'SP' });
    const r = await emissor.emitir(pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero } })));
    expect(r).toMatchObject({ situacao: 'indisponivel', motivo: expect.stringMatching(/autorização para este CNPJ por consumo indevido/) });
    expect(emissor.emContingencia).toBeNull();
  });
});
