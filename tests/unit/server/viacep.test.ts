import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CepServiceError, cepClientFromEnv, ViaCepClient } from '../../../src/server/ceps/viacep.ts';
import { CEPS_CONHECIDOS, startCepLocal, type CepLocal } from '../../../src/server/stand-ins/cep-local.ts';

describe('CEP client (ViaCEP protocol) against a local service', () => {
  let svc: CepLocal;
  beforeAll(async () => {
    svc = await startCepLocal(CEPS_CONHECIDOS, ['30140071']);
  });
  afterAll(() => svc.close());

  it('asks GET {base}/ws/{cep}/json/ and reads the address', async () => {
    const client = new ViaCepClient(`${svc.baseUrl}/`);
    expect(await client.lookup('01001000')).toEqual({
      cep: '01001000',
      logradouro: 'Praça da Sé',
      complemento: 'lado ímpar',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
      ibge: 3550308,
    });
    expect(svc.seen.at(-1)).toBe('/ws/01001000/json/');
    expect((await client.lookup('20040020'))?.ibge).toBeNull();
  });

  it('an unknown CEP ({"erro": true}) is null; a failing service is a CepServiceError', async () => {
    const client = new ViaCepClient(svc.baseUrl);
    expect(await client.lookup('99999999')).toBeNull();
    await expect(client.lookup('30140071')).rejects.toBeInstanceOf(CepServiceError);
    await expect(new ViaCepClient('http://127.0.0.1:1').lookup('01001000')).rejects.toBeInstanceOf(CepServiceError);
    await expect(client.lookup('0100100')).rejects.toThrow('8 dígitos');
  });

  it('the base address comes from CEP_API_URL; unset means no lookup', () => {
    expect(cepClientFromEnv({})).toBeNull();
    expect(cepClientFromEnv({ CEP_API_URL: ' ' })).toBeNull();
    expect(cepClientFromEnv({ CEP_API_URL: svc.baseUrl })?.baseUrl).toBe(svc.baseUrl);
  });
});
