import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { comProtocolo, CNPJ_CENTRO_DEMO, FORNECEDORES, notaDeFornecedor, TRANSPORTADORA } from '../fixtures/compras/notas-fornecedor.ts';
import { cnpjWithDigits } from '../../src/shared/cpf-cnpj.ts';
import { gtin13 } from '../../src/server/demo/produtos.ts';
import { assinadorDe, assinarXml } from '../../src/server/fiscal/assinatura-xml.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';

const GTIN_GRANOLA = gtin13('789600077700');

type Row = Record<string, any>;

import { SAMPLES } from '../fixtures/referencia.ts';

// Compras on the real server: supplier NF-e XMLs (built and signed with the fiscal engine, as suppliers send them,
// and the public samples) read into a matching proposal, confirmed into a draft, posted (stock at cost with freight,
// IPI and ST, average cost, payables from the duplicatas, the supplier's codes learned), refused when wrong, cancelled.
describe.each(BACKENDS)('compras on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'compras-'));
  const h = (token: string) => ({ authorization: token });
  const get = async (token: string, url: string) => {
    const r = await app.inject({ method: 'GET', url, headers: h(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const post = (token: string, url: string, payload?: unknown) => app.inject({ method: 'POST', url, headers: h(token), payload: payload as any });
  const importar = (token: string, xml: string) => app.inject({ method: 'POST', url: '/api/EntradasNota/importar-xml', headers: { ...h(token), 'content-type': 'application/xml' }, payload: xml });
  const produto = async (descricao: string) => (await get(admin, `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { descricao } }))}`))[0] as Row;
  const saldo = async (produtoId: number) => {
    const rows = (await get(admin, `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId } }))}`)) as Row[];
    return rows.reduce((a, r) => a.plus(r.quantidade), new Decimal(0));
  };
  const contagem = async () => (await get(admin, '/api/EntradasNota/count')).count as number;
  const parcelasDe = async (documento: string) => (await get(admin, `/api/Parcelas?filter=${encodeURIComponent(JSON.stringify({ where: { documento }, order: 'numero ASC' }))}`)) as Row[];

  let cerveja: Row;
  let xampu: Row;
  let deposito: number;
  let demoEntradas = 0;

  beforeAll(async () => {
    srv = await startTestServer(backend, { dataDir });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    cerveja = await produto('Cerveja lager lata 350 ml');
    xampu = await produto('Xampu 350 ml');
    demoEntradas = await contagem();
    deposito = (await get(admin, '/api/Depositos?filter=' + encodeURIComponent(JSON.stringify({ where: { padrao: true } }))))[0].id;
  });
  afterAll(async () => srv?.close());

  it('the demo has two purchase orders (one partly received) and two entries posted from supplier XMLs, with stock and payables', async () => {
    const entradas = (await get(admin, '/api/EntradasNota?filter=' + encodeURIComponent(JSON.stringify({ order: 'numero ASC' })))) as Row[];
    expect(entradas.map((e) => [e.numeroNota, e.estado])).toEqual([[18231, 'efetivada'], [5540, 'efetivada']]);
    const pedidos = (await get(admin, '/api/PedidosCompra?filter=' + encodeURIComponent(JSON.stringify({ order: 'numero ASC' })))) as Row[];
    expect(pedidos.map((p) => p.estado)).toEqual(['parcial', 'aberto']);
    const e1 = await get(admin, `/api/EntradasNota/${entradas[0].id}`);
    // the pack of 12 waters entered as 24 units, by the pack's GTIN
    expect(e1.itens[1]).toMatchObject({ unidade: 'FD', quantidade: '2.0000', fator: '12.0000' });
    expect(await parcelasDe('NF 18231')).toHaveLength(3);
    expect(await parcelasDe('NF 5540')).toHaveLength(2);
    const p1 = await get(admin, `/api/PedidosCompra/${pedidos[0].id}`);
    expect(p1.itens.map((i: Row) => i.quantidadeRecebida)).toEqual(['24.0000', '24.0000']);
  });

  const caixaCerveja = async () => (await get(admin, `/api/Embalagens?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: cerveja.id } }))}`))[0] as Row;

  // Supplier A (bebidas, SP): a shampoo by its GTIN with ICMS-ST and freight, a box of 12 beers by the box's GTIN
  // with IPI, and a product the shop does not have yet; 3 duplicatas; a transportador not registered.
  const notaA = () =>
    notaDeFornecedor({
      fornecedor: FORNECEDORES.bebidas,
      numero: 5001,
      duplicatas: 3,
      transportadora: true,
      linhas: [
        { codigo: 'XAM-350', descricao: 'XAMPU 350ML', gtin: xampu.gtin, ncm: '33051000', quantidade: '24', valorUnitario: '8.50', st: true, frete: '12.00' },
        { codigo: 'CERV-CX12', descricao: 'CERVEJA LAGER LT 350ML CX C/12', gtin: CAIXA_GTIN, ncm: '22030000', cest: '0302100', unidade: 'CX', quantidade: '5', valorUnitario: '30.00', ipi: '10', frete: '6.00' },
        { codigo: 'GRN-777', descricao: 'GRANOLA TRADICIONAL PACOTE 800G', gtin: GTIN_GRANOLA, ncm: '19042000', cest: '1704900', unidade: 'PC', quantidade: '10', valorUnitario: '14.20' },
      ],
    });
  let CAIXA_GTIN = '';
  let a: ReturnType<typeof notaDeFornecedor>;
  let entradaA: Row;

  it('proposes the matching of a supplier note: GTIN, a box of 12 by the packaging GTIN, a new product; CFOP de entrada; duplicatas', async () => {
    CAIXA_GTIN = (await caixaCerveja()).gtin;
    a = notaA();
    const r = await importar(admin, comProtocolo(a.xml, a.chave));
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p).toMatchObject({ chave: a.chave, numeroNota: 5001, fornecedor: { id: null, novo: true, cpfCnpj: FORNECEDORES.bebidas.cnpj }, transportador: { novo: true, cpfCnpj: TRANSPORTADORA.cnpj }, protocolo: '135240000000001', valorTotal: a.vNF });
    expect(p.parcelas).toHaveLength(3);
    const [l1, l2, l3] = p.itens;
    expect(l1).toMatchObject({ produtoId: xampu.id, origem: 'gtin', fator: '1.0000', cfop: '5405', cfopEntrada: '1403', acao: 'vincular' });
    expect(new Decimal(l1.valorIcmsSt).gt(0)).toBe(true);
    expect(l2).toMatchObject({ produtoId: cerveja.id, origem: 'embalagem', fator: '12.0000', quantidadeEstoque: '60.0000', cfopEntrada: '1102', valorIpi: '15.60' });
    // (150 + 6 freight + 15.60 IPI, whose base includes the freight) / 60 units
    expect(l2.custoUnitario).toBe('2.8600');
    expect(l3).toMatchObject({ produtoId: null, acao: 'criar', ncm: '19042000', unidade: 'PC' });
    // nothing was written by the proposal
    expect(await contagem()).toBe(demoEntradas);
  });

  it('confirms into a draft (supplier, transportador and the new product created) and posts it: stock at cost, average cost, payables, XML kept', async () => {
    const antesCerveja = await saldo(cerveja.id);
    const antesXampu = await saldo(xampu.id);
    const r = await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: a.xml, itens: [{ linha: 3, criarProduto: true }] });
    expect(r.statusCode, r.body).toBe(200);
    entradaA = r.json();
    expect(entradaA).toMatchObject({ estado: 'rascunho', chaveAcesso: a.chave, numeroNota: 5001, valorTotal: a.vNF });
    expect(entradaA.itens).toHaveLength(3);
    const granola = await produto('GRANOLA TRADICIONAL PACOTE 800G');
    expect(granola).toMatchObject({ ncm: '19042000', cest: '1704900', gtin: GTIN_GRANOLA });
    expect(entradaA.itens[2].produtoId).toBe(granola.id);
    const forn = (await get(admin, `/api/Fornecedores?filter=${encodeURIComponent(JSON.stringify({ where: { cpfCnpj: FORNECEDORES.bebidas.cnpj } }))}`))[0];
    expect(forn).toMatchObject({ id: entradaA.fornecedorId, nome: FORNECEDORES.bebidas.razaoSocial, uf: 'SP' });
    expect(entradaA.transportadorId).toBeTruthy();

    const e = await post(admin, `/api/EntradasNota/${entradaA.id}/efetivar`);
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json().estado).toBe('efetivada');
    expect((await saldo(cerveja.id)).minus(antesCerveja).toFixed(4)).toBe('60.0000');
    expect((await saldo(xampu.id)).minus(antesXampu).toFixed(4)).toBe('24.0000');
    expect((await saldo(granola.id)).toFixed(4)).toBe('10.0000');
    const movs = (await get(admin, `/api/MovimentosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { origemTipo: 'entradaNota', origemId: entradaA.id }, order: 'id ASC' }))}`)) as Row[];
    expect(movs.map((m) => [m.produtoId, m.tipo, m.custoUnitario])).toEqual([
      [xampu.id, 0, entradaA.itens[0].custoUnitario],
      [cerveja.id, 0, '2.8600'],
      [granola.id, 0, '14.2000'],
    ]);
    const saldoGranola = (await get(admin, `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: granola.id } }))}`))[0];
    expect(saldoGranola.custoMedio).toBe('14.2000');
    const parcelas = await parcelasDe('NF 5001');
    expect(parcelas).toHaveLength(3);
    expect(parcelas.reduce((s, p) => s.plus(p.valor), new Decimal(0)).toFixed(2)).toBe(a.vNF);
    expect(parcelas[0]).toMatchObject({ tipo: 1, pessoaId: forn.id, status: 'aberto' });
    const xml = await app.inject({ method: 'GET', url: `/api/EntradasNota/${entradaA.id}/xml`, headers: h(admin) });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(a.xml);
  });

  it('refuses the same access key again (as NFe or nfeProc), with nothing posted', async () => {
    const n = await contagem();
    const movimentos = async () => (await srv.db.query<Row>('SELECT count(*)::int AS n FROM movimentos_estoque')).rows[0].n;
    const lancamentos = async () => (await srv.db.query<Row>('SELECT count(*)::int AS n FROM lancamentos')).rows[0].n;
    const [m, l] = [await movimentos(), await lancamentos()];
    for (const corpo of [a.xml, comProtocolo(a.xml, a.chave)]) {
      const r = await importar(admin, corpo);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().error.message).toMatch(new RegExp(`^Esta NF-e \\(chave ${a.chave}\\) já foi lançada: entrada nº \\d+ da filial Matriz, efetivada\\. A mesma nota não entra duas vezes\\.$`));
      const c = await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: corpo, itens: [{ linha: 3, criarProduto: true }] });
      expect(c.statusCode).toBe(409);
      expect(c.json().error.message).toMatch(/já foi lançada/);
    }
    expect(await contagem()).toBe(n);
    expect([await movimentos(), await lancamentos()]).toEqual([m, l]);
  });

  it('matches the next note of the same supplier by the codes it learned (the new product by its code, the box with its factor)', async () => {
    const b = notaDeFornecedor({
      fornecedor: FORNECEDORES.bebidas,
      numero: 5002,
      duplicatas: 2,
      linhas: [
        { codigo: 'GRN-777', descricao: 'GRANOLA TRAD. 800G (nova embalagem)', ncm: '19042000', unidade: 'PC', quantidade: '6', valorUnitario: '15.00' },
        { codigo: 'CERV-CX12', descricao: 'CERVEJA LAGER LT 350ML CX C/12', ncm: '22030000', unidade: 'CX', quantidade: '2', valorUnitario: '31.20' },
      ],
    });
    const r = await importar(admin, b.xml);
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p.fornecedor).toMatchObject({ id: entradaA.fornecedorId, novo: false });
    expect(p.itens[0]).toMatchObject({ produtoId: entradaA.itens[2].produtoId, origem: 'codigo', acao: 'vincular' });
    expect(p.itens[1]).toMatchObject({ produtoId: cerveja.id, origem: 'codigo', fator: '12.0000', quantidadeEstoque: '24.0000' });
    // granola: 10 at 14.20 then 6 at 15.00 → average 14.50
    const c = await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: b.xml });
    expect(c.statusCode, c.body).toBe(200);
    expect((await post(admin, `/api/EntradasNota/${c.json().id}/efetivar`)).statusCode).toBe(200);
    const s = (await get(admin, `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: entradaA.itens[2].produtoId } }))}`))[0];
    expect(s).toMatchObject({ quantidade: '16.0000', custoMedio: '14.5000' });
    expect(await parcelasDe('NF 5002')).toHaveLength(2);
  });

  it('links to an open purchase order: the received quantities move it to parcialmente recebido, then recebido; cancelling gives them back', async () => {
    const forn = entradaA.fornecedorId;
    const ped = await post(admin, '/api/PedidosCompra', { fornecedorId: forn, dataPrevista: '2030-01-10', condicaoPagamento: '30/60 dias', itens: [{ produtoId: cerveja.id, quantidade: '48', valorUnitario: '2.50' }, { produtoId: xampu.id, quantidade: '10', quantidadeRecebida: '999' }] });
    expect(ped.statusCode, ped.body).toBe(200);
    const pedido = ped.json();
    expect(pedido).toMatchObject({ estado: 'aberto' });
    expect(pedido.itens[1].quantidadeRecebida).toBeUndefined();
    const c = notaDeFornecedor({ fornecedor: FORNECEDORES.bebidas, numero: 5003, linhas: [{ codigo: 'CERV-CX12', descricao: 'CERVEJA LAGER LT 350ML CX C/12', unidade: 'CX', quantidade: '2', valorUnitario: '30.00' }] });
    const prop = (await importar(admin, c.xml)).json();
    expect(prop.pedidosAbertos.map((x: Row) => x.id)).toContain(pedido.id);
    const ent = await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: c.xml, pedidoCompraId: pedido.id });
    expect(ent.statusCode, ent.body).toBe(200);
    expect((await post(admin, `/api/EntradasNota/${ent.json().id}/efetivar`)).statusCode).toBe(200);
    let p = await get(admin, `/api/PedidosCompra/${pedido.id}`);
    expect(p).toMatchObject({ estado: 'parcial' });
    expect(p.itens.map((i: Row) => i.quantidadeRecebida)).toEqual(['24.0000', '0.0000']);
    expect((await app.inject({ method: 'PUT', url: `/api/PedidosCompra/${pedido.id}`, headers: h(admin), payload: { fornecedorId: forn, itens: [{ produtoId: cerveja.id, quantidade: '1' }] } })).statusCode).toBe(409);
    // the same order by hand (typed entry): the rest of the beer and the shampoo
    const manual = await post(admin, '/api/EntradasNota', { fornecedorId: forn, depositoId: deposito, numeroNota: 880, serie: 1, dataEmissao: '2026-11-20', valorFrete: '10.00', numeroParcelas: 2, primeiroVencimento: '2026-12-20', pedidoCompraId: pedido.id, itens: [{ produtoId: cerveja.id, quantidade: '24', valorTotal: '60.00' }, { produtoId: xampu.id, quantidade: '10', valorTotal: '90.00' }] });
    expect(manual.statusCode, manual.body).toBe(200);
    // freight spread by value: 4.00 and 6.00
    expect(manual.json().itens.map((i: Row) => [i.valorFrete, i.custoUnitario])).toEqual([['4.00', '2.6667'], ['6.00', '9.6000']]);
    expect(manual.json().valorTotal).toBe('160.00');
    expect((await post(admin, `/api/EntradasNota/${manual.json().id}/efetivar`)).statusCode).toBe(200);
    p = await get(admin, `/api/PedidosCompra/${pedido.id}`);
    expect(p.estado).toBe('recebido');
    expect(await parcelasDe('NF 880')).toHaveLength(2);
    const canc = await post(admin, `/api/EntradasNota/${manual.json().id}/cancelar`);
    expect(canc.statusCode, canc.body).toBe(200);
    p = await get(admin, `/api/PedidosCompra/${pedido.id}`);
    expect(p.estado).toBe('parcial');
    expect(p.itens.map((i: Row) => i.quantidadeRecebida)).toEqual(['24.0000', '0.0000']);
    expect(p.eventos.map((e: Row) => e.para)).toEqual(['aberto', 'parcial', 'recebido', 'parcial']);
    // PDF and e-mail of the order
    const pdf = await app.inject({ method: 'GET', url: `/api/PedidosCompra/${pedido.id}/pdf`, headers: h(admin) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await post(admin, `/api/PedidosCompra/${pedido.id}/enviar`, { email: 'compras@fornecedor.com.br' });
    expect(mail.statusCode, mail.body).toBe(200);
    const outbox = join(dataDir, 'outbox');
    const eml = readdirSync(outbox).filter((f) => f.includes('compras@fornecedor.com.br'));
    expect(eml.length).toBe(1);
    const texto = readFileSync(join(outbox, eml[0]), 'utf8');
    expect(texto).toMatch(/segue em anexo o nosso pedido de compra/);
    expect(texto).toMatch(/application\/pdf/);
    expect((await post(admin, `/api/PedidosCompra/${pedido.id}/enviar`, { email: 'não é e-mail' })).statusCode).toBe(400);
  });

  it('cancelling an entry reverses its stock and its payables', async () => {
    const d = notaDeFornecedor({ fornecedor: FORNECEDORES.higiene, numero: 9100, duplicatas: 2, linhas: [{ codigo: 'H-1', descricao: 'XAMPU 350 ML', gtin: xampu.gtin, ncm: '33051000', quantidade: '12', valorUnitario: '9.00', ipi: '5' }] });
    const antes = await saldo(xampu.id);
    const ent = (await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: d.xml })).json();
    expect((await post(admin, `/api/EntradasNota/${ent.id}/efetivar`)).statusCode).toBe(200);
    expect((await saldo(xampu.id)).minus(antes).toFixed(4)).toBe('12.0000');
    const c = await post(admin, `/api/EntradasNota/${ent.id}/cancelar`);
    expect(c.statusCode, c.body).toBe(200);
    expect((await saldo(xampu.id)).toFixed(4)).toBe(antes.toFixed(4));
    expect((await parcelasDe('NF 9100')).every((p) => p.status === 'cancelado')).toBe(true);
    // a cancelled note may be entered again
    const again = await importar(admin, d.xml);
    expect(again.statusCode, again.body).toBe(200);
  });

  describe('bad input: a clear message in Portuguese, nothing posted', () => {
    // Nothing written anywhere: no entry, supplier, transportador, product or unit, no stock movement, no payable.
    const rastro = async () =>
      (
        await srv.db.query<Row>(
          `SELECT (SELECT count(*) FROM documentos WHERE tipo = 'entradaNota')::int AS entradas, (SELECT count(*) FROM pessoas)::int AS pessoas, (SELECT count(*) FROM produtos)::int AS produtos,
                  (SELECT count(*) FROM unidades)::int AS unidades, (SELECT count(*) FROM movimentos_estoque)::int AS movimentos, (SELECT count(*) FROM lancamentos)::int AS lancamentos`,
        )
      ).rows[0];
    const semMudanca = async (fn: () => Promise<void>) => {
      const antes = await rastro();
      await fn();
      expect(await rastro()).toEqual(antes);
    };
    // The proposal and the confirmation (the step that writes) answer the same refusal.
    const recusado = async (xml: string, status: number, mensagem: RegExp) => {
      for (const r of [await importar(admin, xml), await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml, itens: [] })]) {
        expect(r.statusCode, r.body).toBe(status);
        expect(r.json().error.message).toMatch(mensagem);
      }
    };

    it('an XML that is not an NF-e', async () => {
      await semMudanca(async () => {
        const evento = readFileSync(join(SAMPLES, 'inner_req_evento_cce.xml'), 'utf8');
        await recusado(evento, 400, /^O arquivo não é uma NF-e: o XML começa por <envEvento>/);
        const lixo = await importar(admin, '<pedido><item>1</item></pedido>');
        expect(lixo.json().error.message).toMatch(/não é uma NF-e/);
        const malFormado = await importar(admin, '<NFe><infNFe></NFe>');
        expect(malFormado.statusCode).toBe(400);
        expect(malFormado.json().error.message).toMatch(/^XML mal formado na linha 1/);
        const nfce = readFileSync(join(SAMPLES, 'nfce_com_qrcode.xml'), 'utf8');
        expect((await importar(admin, nfce)).statusCode).toBe(400);
        const vazio = await importar(admin, '');
        expect(vazio.statusCode).toBe(400);
      });
    });

    it('a broken signature: the content changed after signing, and the public samples as published', async () => {
      await semMudanca(async () => {
        const n = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero: 321, linhas: [{ codigo: 'D1', descricao: 'DOCE DE LEITE 400G', quantidade: '10', valorUnitario: '7.00' }] });
        await recusado(n.xml.replace('<qCom>10.0000</qCom>', '<qCom>100.0000</qCom>'), 400, /^A assinatura digital da NF-e não confere: .*alterado depois de assinado/);
        for (const f of ['35180834128745000152550010000474281920007498-nfe.xml', 'nfe_layout4_com_prot.xml']) {
          const s = await importar(admin, readFileSync(join(SAMPLES, f), 'utf8'));
          expect(s.statusCode, f).toBe(400);
          expect(s.json().error.message, f).toMatch(/assinatura digital da NF-e não confere/);
        }
      });
    });

    it('a note addressed to another CNPJ, or to another branch of the account', async () => {
      await semMudanca(async () => {
        const outro = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero: 322, destinatario: cnpjWithDigits('998887770001'), linhas: [{ codigo: 'D1', descricao: 'DOCE DE LEITE 400G', quantidade: '10', valorUnitario: '7.00' }] });
        await recusado(outro.xml, 400, /^A nota é destinada ao CNPJ 99\.888\.777\/0001-\d\d, que não é de nenhuma filial desta conta: nada foi lançado\.$/);
        const centro = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero: 323, destinatario: CNPJ_CENTRO_DEMO, linhas: [{ codigo: 'D1', descricao: 'DOCE DE LEITE 400G', quantidade: '10', valorUnitario: '7.00' }] });
        const c = await importar(admin, centro.xml);
        expect(c.statusCode).toBe(400);
        expect(c.json().error.message).toMatch(/destinada à filial Filial Centro .*troque para essa filial/);
        // the other account cannot enter the demo's note either
        expect((await importar(vizinha, a.xml)).json().error.message).toMatch(/não é de nenhuma filial desta conta/);
      });
    });

    it('a line whose unit has no conversion to the product unit', async () => {
      await semMudanca(async () => {
        const n = notaDeFornecedor({ fornecedor: FORNECEDORES.higiene, numero: 9200, linhas: [{ codigo: 'H-DZ', descricao: 'XAMPU 350 ML DUZIA', ncm: '33051000', unidade: 'DZ', quantidade: '2', valorUnitario: '100.00' }] });
        const r = await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: n.xml, itens: [{ linha: 1, produtoId: xampu.id }] });
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().error.message).toBe('Linha 1: a unidade DZ da nota não tem conversão para a unidade UN do produto "Xampu 350 ml". Informe o fator (unidades por embalagem) ou cadastre uma embalagem DZ no produto.');
      });
      // with the factor it goes through
      const n = notaDeFornecedor({ fornecedor: FORNECEDORES.higiene, numero: 9201, linhas: [{ codigo: 'H-DZ', descricao: 'XAMPU 350 ML DUZIA', ncm: '33051000', unidade: 'DZ', quantidade: '2', valorUnitario: '100.00' }] });
      const ok = await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: n.xml, itens: [{ linha: 1, produtoId: xampu.id, fator: '12' }] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().itens[0]).toMatchObject({ fator: '12.0000', custoUnitario: '8.3333' });
    });

    // A supplier's note whose line was raised by R$ 100,00 and signed again: the signature itself is intact, so
    // what gives it away is who signed, the protocol of the original and SEFAZ's own value rules.
    describe('a note altered after issue and signed again', () => {
      const doce = (numero: number) => notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero, linhas: [{ codigo: 'D1', descricao: 'DOCE DE LEITE 400G', quantidade: '10', valorUnitario: '7.00' }] });
      const reassinar = (xml: string, cert: { pfx: Buffer; senha: string }) => assinarXml(xml.replace(/<Signature[\s\S]*<\/Signature>/, ''), 'infNFe', assinadorDe(lerCertificadoA1(cert.pfx, cert.senha)));
      // the attacker's own certificate, and one made with the supplier's CNPJ (what a self-made certificate can carry)
      const proprio = () => gerarCertificadoTeste({ cnpj: cnpjWithDigits('998887770001'), titular: 'CERTIFICADO PROPRIO' });
      const comCnpjDoFornecedor = () => gerarCertificadoTeste({ cnpj: FORNECEDORES.simples.cnpj, titular: 'COPIA DO FORNECEDOR' });
      const mais100 = (xml: string, o: { unitario?: boolean; totais?: boolean; vNF?: boolean } = {}) => {
        let x = xml.replace('<vProd>70.00</vProd>', '<vProd>170.00</vProd>');
        if (o.unitario) x = x.replace('<vUnCom>7.00</vUnCom>', '<vUnCom>17.00</vUnCom>');
        if (o.totais) x = x.replace(/(<ICMSTot>[\s\S]*?)<vProd>70\.00<\/vProd>/, '$1<vProd>170.00</vProd>');
        if (o.vNF) x = x.replace('<vNF>70.00</vNF>', '<vNF>170.00</vNF>');
        return x;
      };

      it('signed with a self-made certificate: the certificate does not carry the emitter\'s CNPJ', async () => {
        await semMudanca(async () => {
          const n = doce(3301);
          const x = reassinar(mais100(n.xml, { unitario: true, totais: true, vNF: true }), proprio());
          await recusado(x, 400, /^O certificado que assinou a NF-e não é do emitente: a nota é do CNPJ 45\.700\.444\/0001-\d\d, e o certificado "CERTIFICADO PROPRIO:99888777\d{6}" traz o CNPJ 99\.888\.777\/0001-\d\d \(regra: o certificado da assinatura tem a raiz do CNPJ do emitente, como os certificados ICP-Brasil trazem no titular\)\. Peça ao fornecedor o XML original\.$/);
        });
      });

      it('an authorised note (nfeProc) signed again: the protocol\'s digVal is not the signature\'s DigestValue', async () => {
        await semMudanca(async () => {
          const n = doce(3302);
          const proc = comProtocolo(n.xml, n.chave);
          const nfe = /<NFe[\s\S]*<\/NFe>/.exec(proc)![0];
          const alterada = proc.replace(nfe, reassinar(mais100(nfe, { unitario: true, totais: true, vNF: true }), comCnpjDoFornecedor()).replace(/^<\?xml[^>]*\?>/, ''));
          const digVal = /<digVal>([^<]+)</.exec(alterada)![1];
          const digest = /<DigestValue>([^<]+)</.exec(alterada)![1];
          expect(digVal).not.toBe(digest);
          await recusado(alterada, 400, new RegExp(`^O protocolo de autorização não é desta assinatura: o digVal do protocolo \\(${digVal.replace(/[+/=]/g, '\\$&')}\\) difere do DigestValue da assinatura \\(${digest.replace(/[+/=]/g, '\\$&')}\\) \\(regra: o digVal do protocolo é igual ao DigestValue da assinatura\\)\\.`));
          // the original, with its protocol, still goes in
          expect((await importar(admin, proc)).statusCode).toBe(200);
        });
      });

      it('SEFAZ\'s value rules: vProd = qCom × vUnCom, the lines add up to the totals, vNF is their sum', async () => {
        await semMudanca(async () => {
          const n = doce(3303);
          const cert = comCnpjDoFornecedor();
          await recusado(reassinar(mais100(n.xml), cert), 400, /^A NF-e tem valores que a SEFAZ não autorizaria: o item 1 \(DOCE DE LEITE 400G\) tem vProd R\$ 170,00, e qCom × vUnCom dá 10\.0000 × 7\.00 = R\$ 70,00 \(regra da SEFAZ: vProd = qCom × vUnCom, com tolerância de R\$ 0,01 — rejeição 629\)\. A nota foi alterada depois de emitida; peça ao fornecedor o XML original\.$/);
          await recusado(reassinar(mais100(n.xml, { unitario: true }), cert), 400, /^A NF-e tem valores que a SEFAZ não autorizaria: o total vProd da nota é R\$ 70,00, e a soma dos itens dá R\$ 170,00 \(regra da SEFAZ: os itens somam os totais da nota — rejeição 564\)\./);
          await recusado(reassinar(mais100(n.xml, { unitario: true, totais: true }), cert), 400, /^A NF-e tem valores que a SEFAZ não autorizaria: o total vNF da nota é R\$ 70,00, e vProd − vDesc \+ vST \+ vFCPST \+ vFrete \+ vSeg \+ vOutro \+ vII \+ vIPI \+ vIPIDevol dá R\$ 170,00 \(regra da SEFAZ: vNF é a soma dos valores que compõem a nota — rejeição 610\)\./);
        });
      });

      it('an unsigned note is refused saying the signature is missing (not the NFC-e\'s infNFeSupl)', async () => {
        await semMudanca(async () => {
          const semAssinatura = doce(3304).xml.replace(/<Signature[\s\S]*<\/Signature>/, '');
          for (const r of [await importar(admin, semAssinatura), await post(admin, '/api/EntradasNota/importar-xml/confirmar', { xml: semAssinatura, itens: [] })]) {
            expect(r.statusCode).toBe(400);
            const m = r.json().error.message as string;
            expect(m).toBe('A NF-e não está assinada: falta a assinatura digital do emitente (<Signature>), e uma nota sem assinatura não tem validade. Peça ao fornecedor o XML original, assinado e autorizado.');
            expect(m).not.toMatch(/infNFeSupl|\.\.$/);
          }
        });
      });
    });

    it('a homologação note (tpAmb 2) does not enter the stock of a branch that issues in production', async () => {
      const n = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero: 3310, linhas: [{ codigo: 'D1', descricao: 'DOCE DE LEITE 400G', quantidade: '10', valorUnitario: '7.00' }] });
      expect(n.xml).toContain('<tpAmb>2</tpAmb>');
      const tenant = (await srv.db.query<Row>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
      const matriz = (await srv.db.query<Row>(`SELECT id FROM branches WHERE tenant_id = $1 AND cpf_cnpj = $2`, [tenant, cnpjWithDigits('112223330001')])).rows[0].id;
      // the demo's Matriz issues in homologação (so the demo and these tests can enter their test notes)
      expect(Number((await srv.db.query<Row>(`SELECT ambiente FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2`, [tenant, matriz])).rows[0].ambiente)).toBe(2);
      await srv.db.query(`UPDATE configuracoes_nfe SET ambiente = 1 WHERE tenant_id = $1 AND filial_id = $2`, [tenant, matriz]);
      try {
        await semMudanca(async () => {
          await recusado(n.xml, 400, /^Esta NF-e foi emitida em homologação \(tpAmb 2\), o ambiente de testes da SEFAZ, e não tem valor fiscal: não dá entrada no estoque \(regra: nota de homologação só entra numa filial que também emite em homologação; a filial Matriz emite em produção\)\. Peça ao fornecedor a nota autorizada em produção\.$/);
        });
      } finally {
        await srv.db.query(`UPDATE configuracoes_nfe SET ambiente = 2 WHERE tenant_id = $1 AND filial_id = $2`, [tenant, matriz]);
      }
      // back in homologação, the same note is read
      expect((await importar(admin, n.xml)).statusCode).toBe(200);
    });
  });

  it('reports: entradas de nota fiscal and compras por fornecedor, on screen and exported to XLSX through the queue', async () => {
    const tela = (await get(admin, '/api/EntradasNota/compras-por-fornecedor')) as Row[];
    const bebidas = tela.find((l) => l.cpfCnpj === FORNECEDORES.bebidas.cnpj)!;
    // 5001, 5002, 5003 posted; 880 cancelled
    expect(bebidas).toMatchObject({ notas: '3' });
    const esperado = (await get(admin, '/api/EntradasNota?filter=' + encodeURIComponent(JSON.stringify({ where: { estado: 'efetivada', fornecedorId: bebidas && entradaA.fornecedorId } })))) as Row[];
    expect(new Decimal(bebidas.valorTotal).toFixed(2)).toBe(esperado.reduce((a, e) => a.plus(e.valorTotal), new Decimal(0)).toFixed(2));
    expect((await app.inject({ method: 'GET', url: '/api/EntradasNota/compras-por-fornecedor?de=2026-13-01', headers: h(admin) })).statusCode).toBe(400);
    const exportar = async (recurso: string, where?: Row) => {
      const queued = await post(admin, '/api/Relatorios/exportar', { recurso, tipo: 'xlsx', filter: { where } });
      expect(queued.statusCode, queued.body).toBe(200);
      let file = await app.inject({ method: 'GET', url: `/api/Relatorios/${queued.json().id}/arquivo`, headers: h(admin) });
      for (let i = 0; i < 600 && file.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        file = await app.inject({ method: 'GET', url: `/api/Relatorios/${queued.json().id}/arquivo`, headers: h(admin) });
      }
      expect(file.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as any);
      const rows: unknown[][] = [];
      wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
      return rows;
    };
    const entradas = await exportar('EntradasNotaFiscal');
    const efetivadas = (await get(admin, '/api/EntradasNota/count?where=' + encodeURIComponent(JSON.stringify({ estado: 'efetivada' })))).count;
    expect(entradas.filter((r) => typeof r[4] === 'string' && /^\d{44}$/.test(r[4] as string)).length).toBe(efetivadas);
    expect(entradas.some((r) => r.includes(FORNECEDORES.bebidas.razaoSocial))).toBe(true);
    const porFornecedor = await exportar('ComprasPorFornecedor', { fornecedorId: entradaA.fornecedorId });
    expect(porFornecedor.filter((r) => r[0] === FORNECEDORES.bebidas.razaoSocial)).toHaveLength(1);
    expect(porFornecedor.some((r) => r[0] === 'Bebidas Rio Claro Ltda')).toBe(false);
    expect((await post(vendedor, '/api/Relatorios/exportar', { recurso: 'ComprasPorFornecedor', tipo: 'xlsx' })).statusCode).toBe(403);
  });

  it('devolução ao fornecedor (stock side): part of a posted entry goes back at its entry cost, never more than entered; reversible; blocks cancelling', async () => {
    const antes = await saldo(cerveja.id);
    const d0 = await get(admin, `/api/EntradasNota/${entradaA.id}/devolucoes`);
    expect(d0.linhas[1]).toMatchObject({ linha: 2, produtoId: cerveja.id, entrou: '60.0000', devolvido: '0.0000', disponivel: '60.0000' });
    const demais = await post(admin, `/api/EntradasNota/${entradaA.id}/devolver`, { itens: [{ linha: 2, quantidade: '61' }] });
    expect(demais.statusCode).toBe(400);
    expect(demais.json().error.message).toBe('Linha 2 (Cerveja lager lata 350 ml): entraram 60 e já foram devolvidas 0; no máximo 60 podem ser devolvidas.');
    expect((await post(admin, `/api/EntradasNota/${entradaA.id}/devolver`, { itens: [{ linha: 9, quantidade: '1' }] })).statusCode).toBe(400);
    const ok = await post(admin, `/api/EntradasNota/${entradaA.id}/devolver`, { itens: [{ linha: 2, quantidade: '12' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().linhas[1]).toMatchObject({ devolvido: '12.0000', disponivel: '48.0000' });
    expect((await saldo(cerveja.id)).minus(antes).toFixed(4)).toBe('-12.0000');
    const mov = (await get(admin, `/api/MovimentosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { origemTipo: 'devolucaoFornecedor', origemId: entradaA.id } }))}`))[0];
    expect(mov).toMatchObject({ tipo: 4, quantidade: '-12.0000', custoUnitario: '2.8600' });
    const canc = await post(admin, `/api/EntradasNota/${entradaA.id}/cancelar`);
    expect(canc.statusCode).toBe(409);
    expect(canc.json().error.message).toMatch(/tem devolução ao fornecedor: estorne a devolução antes de cancelar/);
    expect((await post(vizinha, `/api/EntradasNota/${entradaA.id}/devolver`, { itens: [{ linha: 2, quantidade: '1' }] })).statusCode).toBe(404);
    const est = await post(admin, `/api/EntradasNota/${entradaA.id}/devolucoes/estornar`);
    expect(est.statusCode, est.body).toBe(200);
    expect(est.json().linhas[1]).toMatchObject({ devolvido: '0.0000' });
    expect((await saldo(cerveja.id)).toFixed(4)).toBe(antes.toFixed(4));
    expect((await post(admin, `/api/EntradasNota/${entradaA.id}/devolucoes/estornar`)).statusCode).toBe(409);
  });

  it('keeps accounts apart and asks for the permission', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/EntradasNota/${entradaA.id}`, headers: h(vizinha) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/EntradasNota/${entradaA.id}/xml`, headers: h(vizinha) })).statusCode).toBe(404);
    expect((await get(vizinha, '/api/EntradasNota')).length).toBe(0);
    expect((await post(vizinha, `/api/EntradasNota/${entradaA.id}/cancelar`)).statusCode).toBe(404);
    const r = await importar(vendedor, a.xml);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe('Você não tem permissão para lançar entradas de nota fiscal.');
    expect((await app.inject({ method: 'POST', url: '/api/EntradasNota/importar-xml', headers: { 'content-type': 'application/xml' }, payload: a.xml })).statusCode).toBe(401);
    const grande = await importar(admin, `<NFe>${' '.repeat(1024 * 1024 + 10)}</NFe>`);
    expect(grande.statusCode).toBe(413);
    const openapi = await get(admin, '/api/openapi.json');
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/EntradasNota/importar-xml', '/api/EntradasNota/importar-xml/confirmar', '/api/EntradasNota/{id}/efetivar', '/api/EntradasNota/{id}/cancelar', '/api/PedidosCompra', '/api/PedidosCompra/{id}/pdf']));
  });
});
