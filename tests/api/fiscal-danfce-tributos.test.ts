import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { aplicarTributosAproximados } from '../../src/server/fiscal/tributos-aproximados.ts';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { gerarDanfe } from '../../src/server/fiscal/danfe.ts';
import { validarXmlFiscal } from '../../src/server/fiscal/validar-xml.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../src/server/fiscal/assinatura-xml.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';
import { item, nfeBase } from '../fixtures/fiscal/documentos.ts';

const HEADER = 'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';
const RATES = { '10063021': ['4.20', '6.20', '7.00', '0.00'], '09012100': ['9.30', '11.30', '12.00', '0.00'], '96081000': ['15.50', '20.10', '18.00', '1.25'] } as const;
const ibptSP = [HEADER, ...Object.entries(RATES).map(([ncm, [nf, imf, est, mun]]) => `${ncm};;0;Item ${ncm};${nf};${imf};${est};${mun};01/01/2026;31/12/2027;7A3C9E;26.1.B;IBPT/empresometro.com.br`)].join('\n');
const brl = (v: Decimal) => `R$ ${v.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const flat = (s: string) => s.replace(/\s+/g, ' ');

/**
 * Lei 12.741/2012 on the printed notes (issue 21): the approximate taxes come from the IBPT table imported for the
 * issuer's UF: per item in vTotTrib, summed in infCpl ('Trib aprox … Fonte: IBPT'), printed by DANFCE and DANFE.
 */
describe.each(BACKENDS)('approximate taxes (IBPT) on the DANFCE and DANFE, on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const post = (token: string, payload: unknown) => app.inject({ method: 'POST', url: '/api/NotasFiscais/danfce-homologacao', payload: payload as any, headers: { host: 'localhost', authorization: token } });
  const produto = async (ncm: string) => (await srv.db.query<{ id: number; preco: string; descricao: string }>(`SELECT p.id, p.preco_venda::text AS preco, p.descricao FROM produtos p JOIN tenants t ON t.id = p.tenant_id WHERE t.nome ILIKE '%demo%' AND p.ncm = $1 ORDER BY p.id LIMIT 1`, [ncm])).rows[0];

  const importarIbpt = async () => {
    const avanco = await login(app, 'avanco@demo.com.br');
    const imp = await app.inject({ method: 'POST', url: '/api/Ibpt/importar-ncm', headers: { host: 'localhost', authorization: avanco }, payload: { uf: 'SP', arquivo: ibptSP } });
    expect(imp.statusCode, imp.body).toBe(200);
  };

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('with no IBPT table the DANFCE prints no approximate tax; bad input, no permission and another account’s product are refused', async () => {
    const arroz = await produto('10063021');
    const sem = await post(admin, { itens: [{ produtoId: arroz.id, quantidade: '1' }] });
    expect(sem.statusCode, sem.body).toBe(200);
    expect(sem.headers['content-type']).toMatch(/^application\/pdf/);
    const txt = flat(pdftotext(sem.rawPayload, false));
    expect(txt).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(txt).not.toContain('Trib aprox');

    const zero = await post(admin, { itens: [{ produtoId: arroz.id, quantidade: '0' }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe('Item 1: a quantidade deve ser um número maior que zero.');
    expect((await post(admin, { itens: [] })).json().error.message).toBe('Informe ao menos um produto.');
    // The seller's profile has no access to sale documents (app.saida).
    const vendedor = await login(app, 'vendedor@demo.com.br');
    const negado = await post(vendedor, { itens: [{ produtoId: arroz.id, quantidade: '1' }] });
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe('Você não tem permissão para emitir cupom fiscal.');
    // Another account cannot print the demo's products.
    const vizinha = await login(app, 'admin@vizinha.com.br');
    const cruzado = await post(vizinha, { itens: [{ produtoId: arroz.id, quantidade: '1' }] });
    expect(cruzado.statusCode).toBe(400);
    expect(cruzado.json().error.message).toBe(`Item 1: produto ${arroz.id} não encontrado.`);
  });

  it('after the IBPT import of SP, the DANFCE prints the sum of federal, state and municipal taxes with the source', async () => {
    await importarIbpt();

    const arroz = await produto('10063021');
    const cafe = await produto('09012100');
    const feijao = await produto('07133319'); // not in the table: no approximate tax for it
    const res = await post(admin, { itens: [{ produtoId: arroz.id, quantidade: '2' }, { produtoId: cafe.id, quantidade: '1' }, { produtoId: feijao.id, quantidade: '3' }] });
    expect(res.statusCode, res.body).toBe(200);

    const parte = (preco: string, q: number, pct: string) => new Decimal(preco).times(q).times(pct).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const federal = parte(arroz.preco, 2, RATES['10063021'][0]).plus(parte(cafe.preco, 1, RATES['09012100'][0]));
    const estadual = parte(arroz.preco, 2, RATES['10063021'][2]).plus(parte(cafe.preco, 1, RATES['09012100'][2]));
    const total = federal.plus(estadual);
    expect(res.headers['x-tributos-aproximados']).toBe(total.toFixed(2));
    const txt = flat(pdftotext(res.rawPayload, false));
    expect(txt).toContain(`Trib aprox ${brl(federal)} Federal, ${brl(estadual)} Estadual e R$ 0,00 Municipal Fonte: IBPT/empresometro.com.br 7A3C9E`);
    expect(txt).toContain(`Tributos Totais Incidentes (Lei Federal 12.741/2012): ${brl(total)}`);
    expect(txt).toContain(feijao.descricao.slice(0, 20));
  });

  it('the XML carries vTotTrib per item and in the totals and the text in infCpl (valid against the XSD); the DANFE prints it', async () => {
    await importarIbpt();
    const t = gerarCertificadoTeste();
    const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
    const base = nfeBase();
    const doc = nfeBase({
      itens: [item({ orig: 0, CST: '00', pICMS: '18' }), item({ orig: 1, CST: '00', pICMS: '18' }, { codigo: 'P002', descricao: 'Caneta importada', quantidade: '2', valorUnitario: '10.00' })],
      informacoesAdicionais: { contribuinte: 'Pedido 77' },
      pagamentos: [{ tPag: '15', valor: '57.50' }],
    });
    expect(base.emitente.endereco.uf).toBe('SP');
    const { doc: comTributos, tributos } = await srv.db.transaction((q) => aplicarTributosAproximados(q, doc));
    // 37.50 national (15.50 % + 18 % + 1.25 %) and 20.00 imported (20.10 % + 18 % + 1.25 %)
    expect(tributos).toEqual({ federal: '9.83', estadual: '10.35', municipal: '0.72', total: '20.90', semAliquota: [], texto: 'Trib aprox R$ 9,83 Federal, R$ 10,35 Estadual e R$ 0,72 Municipal Fonte: IBPT/empresometro.com.br 7A3C9E' });
    const m = montarNfe(comTributos, assinador);
    expect(m.xml.match(/<vTotTrib>[^<]+<\/vTotTrib>/g)).toEqual(['<vTotTrib>13.03</vTotTrib>', '<vTotTrib>7.87</vTotTrib>', '<vTotTrib>20.90</vTotTrib>']);
    expect(m.xml).toContain(`<infCpl>Pedido 77 ${tributos!.texto}</infCpl>`);
    const v = await validarXmlFiscal(m.xml);
    expect(v.erros).toEqual([]);
    expect(v.valido).toBe(true);
    const danfe = flat(pdftotext(await gerarDanfe({ calculo: m.calculo }), false));
    expect(danfe).toContain('Trib aprox R$ 9,83 Federal');
    expect(danfe).toContain('Valor aproximado dos tributos: R$ 20,90 (Lei 12.741/2012)');
  });
});
