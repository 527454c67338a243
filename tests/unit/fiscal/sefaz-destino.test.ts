import { existsSync } from 'node:fs';
import path from 'node:path';
import { destinoConfigurado, destinoSefaz, criarClienteSefaz, pararSefazLocal, sefazLocalEmExecucao } from '../../../src/server/fiscal/sefaz-destino.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { nfeBase, pagamentoExato } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { tmp } from '../../fixtures/fiscal/ferramentas.ts';

// SEFAZ_DESTINO decides whether the client talks to the local SEFAZ (started in-process) or to the real authorisers.

const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const base = { certificado: cert, uf: 'SP', modelo: 55 as const, tpAmb: 2 as const, timeoutMs: 10_000 };

afterAll(() => pararSefazLocal());

describe('SEFAZ_DESTINO selects the endpoint', { timeout: 60_000 }, () => {
  it('local by default, real when asked; anything else is refused in Portuguese', () => {
    expect(destinoConfigurado({})).toBe('local');
    expect(destinoConfigurado({ SEFAZ_DESTINO: 'local' })).toBe('local');
    expect(destinoConfigurado({ SEFAZ_DESTINO: ' Real ' })).toBe('real');
    expect(() => destinoConfigurado({ SEFAZ_DESTINO: 'producao' })).toThrow(/SEFAZ_DESTINO='producao' não é válido: use 'local'.*ou 'real'/);
  });

  it('real: the client sends to the authorisers of schemas/fiscal/sefaz-endpoints.json, and no local SEFAZ is started', async () => {
    const env = { SEFAZ_DESTINO: 'real' };
    expect(await destinoSefaz({ env })).toEqual({ tipo: 'sefaz' });
    const nfce = await criarClienteSefaz({ ...base, modelo: 65 }, { env });
    expect(nfce.endereco('NFeAutorizacao4')).toBe('https://homologacao.nfce.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx');
    const producao = await criarClienteSefaz({ ...base, tpAmb: 1 }, { env });
    expect(producao.endereco('NFeAutorizacao4')).toBe('https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx');
    nfce.fechar();
    producao.fechar();
    expect(await sefazLocalEmExecucao()).toBeNull();
  });

  it('local: the local SEFAZ is started in-process on a loopback port, once, and authorises over mutual TLS', async () => {
    const dataDir = tmp('sefaz-destino-');
    const env = { SEFAZ_DESTINO: 'local' };
    const c = await criarClienteSefaz(base, { env, dataDir });
    expect(c.endereco('NFeAutorizacao4')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/ws\/NFeAutorizacao4$/);
    // the same instance for every client of the process
    const outro = await criarClienteSefaz({ ...base, modelo: 65 }, { env, dataDir });
    expect(new URL(outro.endereco('NFeStatusServico4')).port).toBe(new URL(c.endereco('NFeStatusServico4')).port);
    expect((await c.statusServico()).cStat).toBe('107');
    const m = montarNfe(pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: 31001 } })), assinadorDe(cert));
    expect((await c.autorizar(m.xml)).cStat).toBe('100');
    // its state is kept under DATA_DIR, so the demo remembers authorised numbers across restarts
    expect(existsSync(path.join(dataDir, 'sefaz-local', 'estado.json'))).toBe(true);
    c.fechar();
    outro.fechar();
  });

  it('the local SEFAZ is homologação only: a produção client is refused before anything is sent', async () => {
    await expect(criarClienteSefaz({ ...base, tpAmb: 1 }, { env: {} })).rejects.toThrow(/SEFAZ local só atende homologação.*SEFAZ_DESTINO=real/);
  });
});
