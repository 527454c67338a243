import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandler } from '../../../src/server/http/error-handler.ts';
import { installParamSchemas } from '../../../src/server/http/input-schemas.ts';
import boletosRoutes from '../../../src/server/boletos/routes.ts';
import { fatorVencimento } from '../../../src/server/boletos/fator-vencimento.ts';
import { dadosDoVetor, nomeVetor, vetores } from './vetores.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  // As app.ts does: the routes' schemas pass through the house's hook (bodies the handler checks stay described only).
  installParamSchemas(app);
  // The app's auth hook puts the session on the request; here a stand-in account administrator (every key passes).
  app.addHook('onRequest', async (req) => {
    req.ctx = { token: 't', tenantId: 1, brandId: 1, userId: 1, branchId: 1, email: 'admin@teste', nome: 'Admin', perfilAdmin: true, suporteWhiteLabel: false, isContador: false, isAvanco: false, master: false, permissoes: {} };
  });
  await app.register(boletosRoutes);
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/Boletos/simular', () => {
  it.each(vetores.vectors.map((v) => [nomeVetor(v), v] as const))('%s', async (_, v) => {
    const d = dadosDoVetor(v);
    const res = await post('/api/Boletos/simular', {
      banco: d.banco, agencia: d.agencia, conta: d.conta, carteira: d.carteira, convenio: d.convenio,
      nossoNumero: d.nossoNumero, valor: d.valor, vencimento: d.vencimento,
      ...(d.seuNumero && { seuNumero: d.seuNumero }), ...(d.ios && { ios: d.ios }), ...(d.modalidade && { modalidade: d.modalidade }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.codigoBarras).toBe(v.barcode);
    expect(body.linhaDigitavel).toBe(v.linha_digitavel);
    expect(typeof body.nossoNumero).toBe('string');
    if (v.nosso_numero_dv) expect(body.nossoNumeroDv).toBe(v.nosso_numero_dv);
  });

  it('accepts the amount as a number with two decimals', async () => {
    const res = await post('/api/Boletos/simular', { banco: '237', agencia: '1172', conta: '0403005', carteira: '06', nossoNumero: '75896452', valor: 2952.95, vencimento: '2009-04-30' });
    expect(res.json().codigoBarras).toBe('23795422300002952951172060007589645204030050');
  });

  it.each([
    [{ nossoNumero: '123456789012' }, /Nosso número deve ter no máximo 11 dígitos/, 'nossoNumero'],
    [{ valor: '100000000.00' }, /excede o máximo/, 'valor'],
    [{ vencimento: '1997-10-01' }, /posterior a 07\/10\/1997/, 'vencimento'],
    [{ banco: '748' }, /não suportado/, 'banco'],
    [{ valor: undefined }, /obrigatórios não informados: valor/, 'valor'],
    [{ valor: true }, /valor deve ser/, 'valor'],
  ])('%o -> 400', async (troca, msg, campo) => {
    const res = await post('/api/Boletos/simular', { banco: '237', agencia: '1172', conta: '0403005', carteira: '06', nossoNumero: '75896452', valor: '10.00', vencimento: '2026-12-01', ...troca });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.statusCode).toBe(400);
    expect(error.name).toBe('BadRequestError');
    expect(error.message).toMatch(msg);
    expect(error.details[0].campo).toBe(campo);
  });
});

describe('POST /api/Boletos/decodificar', () => {
  it('answers bank, amount, due date and both codes for a typed line', async () => {
    // a boleto due after the 2025 rollover: the route reads factors against today
    const vencimento = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const sim = (await post('/api/Boletos/simular', { banco: '341', agencia: '0810', conta: '53678', carteira: '109', nossoNumero: '157', valor: '1234.56', vencimento })).json();
    const res = await post('/api/Boletos/decodificar', { codigo: sim.linhaDigitavel });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ banco: '341', valor: '1234.56', vencimento, codigoBarras: sim.codigoBarras, linhaDigitavel: sim.linhaDigitavel });
    expect(sim.codigoBarras.slice(5, 9)).toBe(String(fatorVencimento(vencimento)));
  });

  it('reads a scanned barcode and a line without punctuation alike', async () => {
    const v = vetores.vectors.find((x) => x.bank === '104' && x.inputs.vencimento === '2024-11-04')!;
    for (const codigo of [v.barcode, v.linha_digitavel.replace(/\D/g, ''), v.linha_digitavel]) {
      const body = (await post('/api/Boletos/decodificar', { codigo })).json();
      expect(body).toEqual({ banco: '104', valor: '20.00', vencimento: '2024-11-04', codigoBarras: v.barcode, linhaDigitavel: v.linha_digitavel });
    }
  });

  it('vencimento is null when the factor is 0', async () => {
    const sim = (await post('/api/Boletos/simular', { banco: '033', convenio: '1899775', carteira: '102', nossoNumero: '9000026', valor: '25.00', vencimento: null })).json();
    expect(sim.codigoBarras.slice(5, 9)).toBe('0000');
    expect((await post('/api/Boletos/decodificar', { codigo: sim.codigoBarras })).json().vencimento).toBeNull();
  });

  it.each([
    ['00190.00009 01238.798977 77700.168188 3 37690000013501', /geral/],
    ['00190.00008 01238.798977 77700.168188 3 37690000013500', /campo 1/],
    ['00190.00009 01238.798978 77700.168188 3 37690000013500', /campo 2/],
    ['00190.00009 01238.798977 77700.168189 3 37690000013500', /campo 3/],
    ['12345', /47 dígitos/],
  ])('%s -> 400 naming the check digit', async (codigo, msg) => {
    const res = await post('/api/Boletos/decodificar', { codigo });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(msg);
  });

  it('400 without codigo', async () => {
    const res = await post('/api/Boletos/decodificar', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Informe o campo "codigo"/);
  });
});
