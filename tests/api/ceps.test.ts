import type { FastifyInstance } from 'fastify';
import { CEPS_CONHECIDOS, startCepLocal, type CepLocal } from '../../src/server/stand-ins/cep-local.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/server.ts';

describe.each(BACKENDS)('GET Ceps/findOne (CEP → address) on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let svc: CepLocal;
  const saved = process.env.CEP_API_URL;
  const findOne = (filter: unknown) => app.inject({ method: 'GET', url: `/api/Ceps/findOne?filter=${encodeURIComponent(JSON.stringify(filter))}` });

  beforeAll(async () => {
    svc = await startCepLocal(CEPS_CONHECIDOS, ['30140071']);
    srv = await startTestServer(backend);
    app = srv.app;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CEP_API_URL;
    else process.env.CEP_API_URL = saved;
    await srv?.close();
    await svc?.close();
  });
  beforeEach(() => {
    process.env.CEP_API_URL = svc.baseUrl;
  });

  it('answers UF, município of our IBGE table, logradouro and bairro, without a session', async () => {
    const r = await findOne({ where: { cep: '01001-000' } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      cep: '01001000',
      uf: 'SP',
      codigoIbge: 3550308,
      codigoMunicipio: 3550308,
      municipio: 'São Paulo',
      logradouro: 'Praça da Sé',
      complemento: 'lado ímpar',
      bairro: 'Sé',
    });
    expect(svc.seen.at(-1)).toBe('/ws/01001000/json/');
  });

  it('without an IBGE code the município is found by name within the UF', async () => {
    const r = (await findOne({ where: { cep: '20040020' } })).json();
    expect(r).toMatchObject({ uf: 'RJ', codigoIbge: 3304557, municipio: 'Rio de Janeiro', logradouro: 'Rua da Assembleia', bairro: 'Centro' });
  });

  it('an unknown CEP is a 404; a bad CEP a 400 without asking the service; a failing service a 502', async () => {
    const unknown = await findOne({ where: { cep: '99999999' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('CEP não encontrado.');
    const asked = svc.seen.length;
    for (const filter of [{ where: { cep: '0100100' } }, { where: { cep: "01001000' OR 1=1" } }, { where: {} }, 'x']) {
      const r = await findOne(filter);
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ message: 'CEP inválido.', details: [{ campo: 'cep', mensagem: 'Campo inválido!' }] });
    }
    expect(svc.seen.length).toBe(asked);
    const failing = await findOne({ where: { cep: '30140071' } });
    expect(failing.statusCode).toBe(502);
    expect(failing.json().error.message).toBe('Não foi possível consultar o CEP agora. Tente novamente.');
  });

  it('without CEP_API_URL there is no lookup: 404, and the form keeps deriving the UF alone', async () => {
    delete process.env.CEP_API_URL;
    const asked = svc.seen.length;
    expect((await findOne({ where: { cep: '01001000' } })).statusCode).toBe(404);
    expect(svc.seen.length).toBe(asked);
  });
});
