import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportWorker } from '../../src/server/relatorios/worker.ts';
import { paraUnidades } from '../../src/server/estoque/embalagens.ts';
import { gtin13 } from '../../src/server/demo/produtos.ts';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { ean13NoPdf } from '../support/ean13.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Stock periphery: product grids (SKUs), embalagens, label printing, the bulk price change and its history,
// on every backend; each bad input is a 400/409 in Portuguese that writes nothing, and the other account
// never sees or reaches any of it.
describe.each(BACKENDS)('estoque complementos on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const produtoPor = async (descricao: string) => (await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { descricao } })}`)).json()[0];
  const historico = async (produtoId: number) => (await call(admin, 'GET', `/api/PrecosHistorico?filter=${q({ where: { produtoId }, order: 'id DESC', limit: 100 })}`)).json() as any[];
  const sql = (text: string, params: unknown[] = []) => srv.db.query<any>(text, params);
  const contar = async (table: string) => (await sql(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('OpenAPI describes the periphery calls, and the price history as read-only', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/Produtos/{id}/variacoes/gerar', '/api/ProdutoVariacoes/{id}', '/api/Embalagens/converter', '/api/Etiquetas/{id}/imprimir', '/api/AlteracoesPreco/previa', '/api/AlteracoesPreco/aplicar', '/api/Variacoes', '/api/Embalagens', '/api/Etiquetas']) expect(doc.paths[p], p).toBeDefined();
    expect(Object.keys(doc.paths['/api/PrecosHistorico'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/PrecosHistorico/{id}'])).toEqual(['get']);
  });

  describe('variações (grade)', () => {
    it('the demo has the SPEC 3.2 templates and a T-shirt grid with one SKU per colour × size', async () => {
      const templates = (await call(admin, 'GET', `/api/Variacoes?filter=${q({ order: 'descricao ASC' })}`)).json();
      expect(templates.map((t: any) => t.descricao)).toEqual(expect.arrayContaining(['Gênero', 'Cor', 'Coleção', 'Tamanho vestuário', 'Tamanho de camisa/camiseta', 'Tamanho de calçado', 'Tamanho juvenil-infantil']));
      expect(templates.find((t: any) => t.descricao === 'Cor').valores).toContain('Azul');
      const camiseta = await produtoPor('Camiseta Mercadinho algodão');
      const skus = (await call(admin, 'GET', `/api/Produtos/${camiseta.id}/variacoes`)).json();
      expect(skus).toHaveLength(12);
      expect(skus.map((s: any) => s.descricao)).toContain('Azul / GG');
      expect(new Set(skus.map((s: any) => s.gtin)).size).toBe(12);
      expect(skus.find((s: any) => s.descricao === 'Preto / GG').precoVenda).toBe('34.00');
      expect((await call(vizinha, 'GET', `/api/Produtos/${camiseta.id}/variacoes`)).statusCode).toBe(404);
      expect((await call(vizinha, 'GET', '/api/Variacoes/count')).json().count).toBe(0);
    });

    it('generates a grid, keeps what exists on a second generation and edits a SKU', async () => {
      const produto = (await call(admin, 'POST', '/api/Produtos', { descricao: 'Tênis corrida', tipoProduto: 0, codigo: 'TEN01', precoVenda: '199.90' })).json();
      const cor = (await call(admin, 'GET', `/api/Variacoes?filter=${q({ where: { descricao: 'Cor' } })}`)).json()[0];
      const tam = (await call(admin, 'GET', `/api/Variacoes?filter=${q({ where: { descricao: 'Tamanho de calçado' } })}`)).json()[0];
      const gerar = (variacoes: unknown) => call(admin, 'POST', `/api/Produtos/${produto.id}/variacoes/gerar`, { variacoes });
      const r1 = await gerar([{ variacaoId: cor.id, valores: ['Preto', 'Branco'] }, { variacaoId: tam.id, valores: ['39', '40', '41'] }]);
      expect(r1.statusCode, r1.body).toBe(200);
      expect(r1.json().criados).toBe(6);
      expect(r1.json().skus.map((s: any) => s.codigo)).toContain('TEN01-PRETO-40');
      const sku = r1.json().skus.find((s: any) => s.descricao === 'Preto / 40');
      // Same values in another template order are the same SKUs; a new colour adds only its sizes.
      const r2 = await gerar([{ variacaoId: tam.id, valores: ['39', '40', '41'] }, { variacaoId: cor.id, valores: ['Preto', 'Branco', 'Azul'] }]);
      expect(r2.json().criados).toBe(3);
      expect(r2.json().skus).toHaveLength(9);

      const gtin = gtin13('789555000001');
      const put = await call(admin, 'PUT', `/api/ProdutoVariacoes/${sku.id}`, { codigo: 'TEN01-P40', gtin, precoVenda: '209.90', ativo: true });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ codigo: 'TEN01-P40', gtin, precoVenda: '209.90' });
      // A SKU's own price is in the product's price history, as a line of its own.
      const h = await historico(produto.id);
      expect(h[0]).toMatchObject({ variacaoId: sku.id, precoAnterior: null, precoNovo: '209.90', origem: 'cadastro', usuario: 'Ana Administradora' });
      // The same GTIN on a second SKU is a duplicate; a wrong check digit is a 400 naming the field.
      const outro = r2.json().skus.find((s: any) => s.descricao.includes('Azul'));
      const dup = await call(admin, 'PUT', `/api/ProdutoVariacoes/${outro.id}`, { gtin });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.message).toBe('Registro duplicado, verifique os dados e tente novamente');
      const bad = await call(admin, 'PUT', `/api/ProdutoVariacoes/${outro.id}`, { gtin: gtin.slice(0, 12) + ((Number(gtin[12]) + 1) % 10), precoVenda: '-1' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.map((d: any) => d.campo)).toEqual(['gtin', 'precoVenda']);
      expect(bad.json().error.details[0].mensagem).toMatch(/dígito verificador/);
      expect((await call(admin, 'GET', `/api/Produtos/${produto.id}/variacoes`)).json().find((s: any) => s.id === outro.id).gtin).toBeNull();
      // The other account can neither edit nor delete it.
      expect((await call(vizinha, 'PUT', `/api/ProdutoVariacoes/${sku.id}`, { codigo: 'X' })).statusCode).toBe(404);
      expect((await call(vizinha, 'DELETE', `/api/ProdutoVariacoes/${sku.id}`)).statusCode).toBe(404);
      expect((await call(vendedor, 'POST', `/api/Produtos/${produto.id}/variacoes/gerar`, { variacoes: [] })).statusCode).toBe(403);
      expect((await call(admin, 'DELETE', `/api/ProdutoVariacoes/${outro.id}`)).statusCode).toBe(200);
      // A SKU with stock movements stays: its ledger would lose the variation it counted.
      const deposito = (await call(admin, 'GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`)).json()[0];
      const acerto = (await call(admin, 'POST', '/api/AcertosEstoque', { depositoId: deposito.id, motivo: 'Contagem da grade', itens: [{ produtoId: produto.id, variacaoId: sku.id, quantidade: '3' }] })).json();
      const efetivado = await call(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
      expect(efetivado.statusCode, efetivado.body).toBe(200);
      const emUso = await call(admin, 'DELETE', `/api/ProdutoVariacoes/${sku.id}`);
      expect(emUso.statusCode).toBe(409);
      expect(emUso.json().error.message).toBe('Este registro está em uso por outros cadastros e não pode ser excluído.');
      expect((await sql('SELECT count(*)::int AS n FROM produto_variacoes WHERE id = $1', [sku.id])).rows[0].n).toBe(1);
    });

    it('refuses a bad grid in Portuguese and writes nothing', async () => {
      const produto = await produtoPor('Camiseta Mercadinho algodão');
      const cor = (await call(admin, 'GET', `/api/Variacoes?filter=${q({ where: { descricao: 'Cor' } })}`)).json()[0];
      const theirs = (await call(vizinha, 'POST', '/api/Variacoes', { descricao: 'Sabor', valores: ['Morango', 'Uva'] })).json();
      const before = await contar('produto_variacoes');
      const cases: [unknown, RegExp][] = [
        [[], /de 1 a 3 variações/],
        [[{ variacaoId: cor.id, valores: ['Azul', 'Furta-cor'] }], /Cor: o valor 'Furta-cor' não existe/],
        [[{ variacaoId: cor.id, valores: [] }], /Cor: escolha ao menos um valor/],
        [[{ variacaoId: theirs.id, valores: ['Uva'] }], /Variação 1: variação não encontrada/],
        [[{ variacaoId: cor.id, valores: ['Azul'] }, { variacaoId: cor.id, valores: ['Verde'] }], /duas vezes/],
      ];
      for (const [variacoes, msg] of cases) {
        const r = await call(admin, 'POST', `/api/Produtos/${produto.id}/variacoes/gerar`, { variacoes });
        expect(r.statusCode, JSON.stringify(variacoes)).toBe(400);
        expect(r.json().error.message).toMatch(msg);
      }
      expect((await call(vizinha, 'POST', `/api/Produtos/${produto.id}/variacoes/gerar`, { variacoes: [{ variacaoId: theirs.id, valores: ['Uva'] }] })).statusCode).toBe(404);
      expect(await contar('produto_variacoes')).toBe(before);
      // A template needs at least one value.
      const vazio = await call(admin, 'POST', '/api/Variacoes', { descricao: 'Vazia', valores: [] });
      expect(vazio.statusCode).toBe(400);
      expect(vazio.json().error.details[0].campo).toBe('valores');
    });
  });

  describe('embalagens', () => {
    it('CRUD through the generic API, scoped to the account, with the product of the same account', async () => {
      const leite = await produtoPor('Leite integral UHT 1 L');
      const gtin = gtin13('789555000777');
      const created = await call(admin, 'POST', '/api/Embalagens', { produtoId: leite.id, descricao: 'Fardo com 6', fator: '6', gtin, ativo: true });
      expect(created.statusCode, created.body).toBe(200);
      const rec = created.json();
      expect(rec).toMatchObject({ produtoId: leite.id, fator: '6.0000', gtin });
      const listed = (await call(admin, 'GET', `/api/Embalagens?filter=${q({ where: { produtoId: leite.id }, include: 'produto', order: 'descricao ASC' })}`)).json();
      expect(listed.map((e: any) => [e.descricao, e.produto.descricao])).toEqual([
        ['Caixa com 12 unidades', 'Leite integral UHT 1 L'],
        ['Fardo com 6', 'Leite integral UHT 1 L'],
      ]);
      const put = await call(admin, 'PUT', `/api/Embalagens/${rec.id}`, { produtoId: leite.id, descricao: 'Fardo com 6 unidades', fator: '6', gtin, ativo: true });
      expect(put.statusCode, put.body).toBe(200);
      expect((await call(admin, 'PATCH', `/api/Embalagens/${rec.id}`, { fator: '6.5' })).json().fator).toBe('6.5000');
      // Bad input: zero factor, wrong GTIN, a product of the other account, a duplicate GTIN.
      const before = await contar('embalagens');
      const zero = await call(admin, 'POST', '/api/Embalagens', { produtoId: leite.id, descricao: 'Zero', fator: '0' });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().error.details[0]).toMatchObject({ campo: 'fator' });
      const badGtin = await call(admin, 'POST', '/api/Embalagens', { produtoId: leite.id, descricao: 'Errada', fator: '2', gtin: '7891000315508' });
      expect(badGtin.statusCode).toBe(400);
      expect(badGtin.json().error.details[0]).toMatchObject({ campo: 'gtin' });
      const deles = (await call(vizinha, 'POST', '/api/Produtos', { descricao: 'Produto da vizinha', tipoProduto: 0 })).json();
      const cruzada = await call(admin, 'POST', '/api/Embalagens', { produtoId: deles.id, descricao: 'Cruzada', fator: '2' });
      expect(cruzada.statusCode).toBe(400);
      expect((await call(vizinha, 'POST', '/api/Embalagens', { produtoId: leite.id, descricao: 'Cruzada', fator: '2' })).statusCode).toBe(400);
      const dup = await call(admin, 'POST', '/api/Embalagens', { produtoId: leite.id, descricao: 'Outra', fator: '3', gtin });
      expect(dup.statusCode).toBe(409);
      expect(await contar('embalagens')).toBe(before);
      expect((await call(vizinha, 'GET', `/api/Embalagens/${rec.id}`)).statusCode).toBe(404);
      expect((await call(vizinha, 'DELETE', `/api/Embalagens/${rec.id}`)).statusCode).toBe(404);
      expect((await call(vizinha, 'GET', '/api/Embalagens/count')).json().count).toBe(0);
      expect((await call(admin, 'DELETE', `/api/Embalagens/${rec.id}`)).statusCode).toBe(200);
    });

    it('converts packages into units: a box of 12 enters 12 units', async () => {
      expect(paraUnidades('3', '12')).toBe('36.0000');
      expect(paraUnidades('2.5', '0.3333')).toBe('0.8333');
      expect(() => paraUnidades('1', '0')).toThrow(/maior que zero/);
      const caixa = (await call(admin, 'GET', `/api/Embalagens?filter=${q({ where: { descricao: 'Caixa com 12 latas' } })}`)).json()[0];
      const r = await call(admin, 'GET', `/api/Embalagens/converter?gtin=${caixa.gtin}&quantidade=3`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ produtoId: caixa.produtoId, embalagemId: caixa.id, fator: '12.0000', quantidade: '3', unidades: '36.0000' });
      // The product's own GTIN is factor 1; a SKU's GTIN names the SKU.
      const cerveja = await produtoPor('Cerveja lager lata 350 ml');
      expect((await call(admin, 'GET', `/api/Embalagens/converter?gtin=${cerveja.gtin}&quantidade=5`)).json()).toMatchObject({ produtoId: cerveja.id, embalagemId: null, unidades: '5.0000' });
      const camiseta = await produtoPor('Camiseta Mercadinho algodão');
      const sku = (await call(admin, 'GET', `/api/Produtos/${camiseta.id}/variacoes`)).json()[0];
      expect((await call(admin, 'GET', `/api/Embalagens/converter?gtin=${sku.gtin}`)).json()).toMatchObject({ produtoId: camiseta.id, variacaoId: sku.id, unidades: '1.0000' });
      expect((await call(admin, 'GET', `/api/Embalagens/converter?gtin=${caixa.gtin}&quantidade=-1`)).statusCode).toBe(400);
      expect((await call(admin, 'GET', `/api/Embalagens/converter?gtin=${caixa.gtin}&quantidade=1.23456`)).statusCode).toBe(400);
      expect((await call(vizinha, 'GET', `/api/Embalagens/converter?gtin=${caixa.gtin}`)).statusCode).toBe(404);
    });
  });

  describe('etiquetas', () => {
    const layoutPor = async (descricao: string) => (await call(admin, 'GET', `/api/Etiquetas?filter=${q({ where: { descricao } })}`)).json()[0];

    it('prints an A4 sheet as PDF: names, prices and EAN-13 barcodes a scanner reads', async () => {
      const folha = await layoutPor('Folha A4 3 × 7 (63,5 × 38,1 mm)');
      const arroz = await produtoPor('Arroz agulhinha tipo 1 5 kg');
      const leite = await produtoPor('Leite integral UHT 1 L');
      const r = await call(admin, 'POST', `/api/Etiquetas/${folha.id}/imprimir`, { itens: [{ produtoId: arroz.id, quantidade: 2 }, { produtoId: leite.id, quantidade: 1 }] });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toMatch(/application\/pdf/);
      const texto = pdftotext(r.rawPayload, false);
      expect(texto.match(/Arroz agulhinha tipo 1 5 kg/g)).toHaveLength(2);
      expect(texto).toContain('Leite integral UHT 1 L');
      expect(texto).toContain(`R$ ${arroz.precoVenda.replace('.', ',')}`);
      expect(ean13NoPdf(r.rawPayload).sort()).toEqual([arroz.gtin, leite.gtin].sort());
    });

    it('fills pages: 22 labels on a 3 × 7 sheet are two pages; a SKU label carries its own GTIN and price', async () => {
      const folha = await layoutPor('Folha A4 3 × 7 (63,5 × 38,1 mm)');
      const camiseta = await produtoPor('Camiseta Mercadinho algodão');
      const sku = (await call(admin, 'GET', `/api/Produtos/${camiseta.id}/variacoes`)).json().find((s: any) => s.descricao === 'Azul / GG');
      const r = await call(admin, 'POST', `/api/Etiquetas/${folha.id}/imprimir`, { itens: [{ produtoId: camiseta.id, variacaoId: sku.id, quantidade: 22 }] });
      expect(r.statusCode, r.body).toBe(200);
      const texto = pdftotext(r.rawPayload, false);
      expect(texto.split('\f').filter((p) => p.trim()).length).toBe(2);
      expect(texto).toContain('Camiseta Mercadinho algodão Azul / GG');
      expect(texto).toContain('R$ 34,00');
      expect(ean13NoPdf(r.rawPayload)).toEqual([sku.gtin]);
    });

    it('prints ZPL for a thermal roll: one format per label row, Code-128 of the code, text escaped', async () => {
      const rolo = await layoutPor('Rolo térmico 40 × 25 mm');
      const cafe = await produtoPor('Café torrado e moído 500 g');
      const r = await call(admin, 'POST', `/api/Etiquetas/${rolo.id}/imprimir`, { itens: [{ produtoId: cafe.id, quantidade: 3 }], formato: 'zpl' });
      expect(r.statusCode, r.body).toBe(200);
      const zpl = r.body;
      expect(zpl.match(/\^XA/g)).toHaveLength(3);
      expect(zpl.match(/\^XZ/g)).toHaveLength(3);
      expect(zpl).toContain('^CI28');
      expect(zpl).toContain('^PW320');
      expect(zpl).toContain(`^FDCafé torrado e moído 500 g^FS`);
      expect(zpl).toContain(`^FDR$ ${cafe.precoVenda.replace('.', ',')}^FS`);
      expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,Y,N,N\\^FH\\\\\\^FD${cafe.codigo}\\^FS`));
      // EAN-13 layouts send the 12 data digits to ^BE; a caret in a description is escaped, never a command.
      const folha = await layoutPor('Folha A4 3 × 7 (63,5 × 38,1 mm)');
      const estranho = (await call(admin, 'POST', '/api/Produtos', { descricao: 'Sabão ^XZ~JA especial', tipoProduto: 0, gtin: cafe.gtin === '7891000315507' ? '7891000055503' : '7891000315507', precoVenda: '3.50' })).json();
      const z2 = (await call(admin, 'POST', `/api/Etiquetas/${folha.id}/imprimir`, { itens: [{ produtoId: estranho.id, quantidade: 1 }, { produtoId: cafe.id, quantidade: 1 }], formato: 'zpl' })).body;
      expect(z2).toContain('^FDSabão \\5EXZ\\7EJA especial^FS');
      expect(z2).toContain(`^BEN,`);
      expect(z2).toContain(`^FD${cafe.gtin.slice(0, 12)}^FS`);
      expect(z2.match(/\^XA/g)).toHaveLength(1);
    });

    it('refuses bad print requests and layouts that do not fit the page, in Portuguese', async () => {
      const folha = await layoutPor('Folha A4 3 × 7 (63,5 × 38,1 mm)');
      const arroz = await produtoPor('Arroz agulhinha tipo 1 5 kg');
      const deles = (await call(vizinha, 'POST', '/api/Produtos', { descricao: 'Produto dela', tipoProduto: 0 })).json();
      const casos: [unknown, number, RegExp][] = [
        [{ itens: [] }, 400, /ao menos um produto/],
        [{ itens: [{ produtoId: arroz.id, quantidade: 0 }] }, 400, /Item 1: a quantidade de etiquetas/],
        [{ itens: [{ produtoId: arroz.id, quantidade: 1.5 }] }, 400, /Item 1: a quantidade/],
        [{ itens: [{ produtoId: arroz.id, quantidade: 1 }, { produtoId: deles.id, quantidade: 1 }] }, 400, /Item 2: produto ou variação não encontrado/],
        [{ itens: [{ produtoId: arroz.id, quantidade: 1 }], formato: 'docx' }, 400, /Formato inválido/],
        [{ itens: [{ produtoId: arroz.id, quantidade: 4000 }, { produtoId: arroz.id, quantidade: 4000 }] }, 400, /máximo por impressão/],
      ];
      for (const [body, status, msg] of casos) {
        const r = await call(admin, 'POST', `/api/Etiquetas/${folha.id}/imprimir`, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        expect(r.json().error.message).toMatch(msg);
      }
      const largo = (await call(admin, 'POST', '/api/Etiquetas', { descricao: 'Larga demais', tipo: 'folha', larguraPagina: '210', alturaPagina: '297', largura: '70', altura: '30', colunas: 3, linhas: 5, codigoBarras: 'ean13' })).json();
      const r = await call(admin, 'POST', `/api/Etiquetas/${largo.id}/imprimir`, { itens: [{ produtoId: arroz.id, quantidade: 1 }] });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/não cabem na largura da página: 222,2 mm de 210,0 mm/);
      expect((await call(vizinha, 'POST', `/api/Etiquetas/${folha.id}/imprimir`, { itens: [{ produtoId: deles.id, quantidade: 1 }] })).statusCode).toBe(404);
      expect((await call(vizinha, 'GET', `/api/Etiquetas/${folha.id}/amostra`)).statusCode).toBe(404);
      const amostra = await call(admin, 'GET', `/api/Etiquetas/${folha.id}/amostra`);
      expect(amostra.statusCode).toBe(200);
      expect(pdftotext(amostra.rawPayload, false)).toContain('Produto de exemplo 500 g');
    });
  });

  describe('alteração de preço', () => {
    const marcaId = async (descricao: string) => (await call(admin, 'GET', `/api/Marcas?filter=${q({ where: { descricao } })}`)).json()[0].id as number;

    it('previews old → new without writing, then applies in one go with a history per product', async () => {
      const serra = await marcaId('Serra Azul');
      const pedido = { filtro: { marcaId: serra }, modo: 'percentual', valor: '10', arredondamento: 'nenhum', motivo: 'Reajuste de laticínios' };
      const antes = await contar('precos_historico');
      const prev = await call(admin, 'POST', '/api/AlteracoesPreco/previa', pedido);
      expect(prev.statusCode, prev.body).toBe(200);
      const itens = prev.json().itens as any[];
      expect(prev.json().alteracao).toBe('+10,00%');
      expect(itens.length).toBe(4);
      const manteiga = itens.find((i) => i.descricao === 'Manteiga com sal 200 g');
      expect(manteiga.precoNovo).toBe((Math.round(Number(manteiga.precoAnterior) * 110) / 100).toFixed(2));
      expect(await contar('precos_historico')).toBe(antes);
      expect((await produtoPor('Manteiga com sal 200 g')).precoVenda).toBe(manteiga.precoAnterior);

      const ap = await call(admin, 'POST', '/api/AlteracoesPreco/aplicar', pedido);
      expect(ap.statusCode, ap.body).toBe(200);
      expect(ap.json()).toEqual({ alteracao: '+10,00%', alterados: 4, ignorados: 0 });
      const depois = await produtoPor('Manteiga com sal 200 g');
      expect(depois.precoVenda).toBe(manteiga.precoNovo);
      // Margin and markup follow the new price.
      const m = ((Number(depois.precoVenda) - Number(depois.precoCusto)) / Number(depois.precoVenda)) * 100;
      expect(Number(depois.margemLucro)).toBeCloseTo(m, 2);
      const h = (await historico(depois.id))[0];
      expect(h).toMatchObject({ precoAnterior: manteiga.precoAnterior, precoNovo: manteiga.precoNovo, origem: 'alteracao-preco', alteracao: '+10,00%', motivo: 'Reajuste de laticínios', usuario: 'Ana Administradora', diferencaPercentual: expect.stringMatching(/^(9\.9\d|10\.0\d)$/) });
      expect(await contar('precos_historico')).toBe(antes + 4);
    });

    it('by value, by target margin and with rounding; lines without cost are listed as left out', async () => {
      const camiseta = await produtoPor('Camiseta Mercadinho algodão');
      const porValor = await call(admin, 'POST', '/api/AlteracoesPreco/previa', { filtro: { produtoIds: [camiseta.id] }, modo: 'valor', valor: '-2.5', arredondamento: 'nenhum' });
      const linhas = porValor.json().itens;
      // The product and its SKUs with a price of their own (the GG sizes).
      expect(linhas.map((l: any) => [l.variacaoId === null, l.precoAnterior, l.precoNovo])).toEqual([[true, '30.00', '27.50'], [false, '34.00', '31.50'], [false, '34.00', '31.50'], [false, '34.00', '31.50']]);
      const margem = await call(admin, 'POST', '/api/AlteracoesPreco/previa', { filtro: { produtoIds: [camiseta.id] }, modo: 'margem', valor: '50', arredondamento: 'final-0.90', incluirVariacoes: false });
      expect(margem.json().itens).toEqual([expect.objectContaining({ precoCusto: '18.00', precoAnterior: '30.00', precoNovo: '35.90' })]);
      const semCusto = (await call(admin, 'POST', '/api/Produtos', { descricao: 'Sem custo', tipoProduto: 0, precoVenda: '5.00' })).json();
      const ign = await call(admin, 'POST', '/api/AlteracoesPreco/aplicar', { filtro: { produtoIds: [semCusto.id, camiseta.id] }, modo: 'margem', valor: '45', arredondamento: 'multiplo-0.50', incluirVariacoes: false });
      expect(ign.json()).toMatchObject({ alteracao: 'Margem 45,00% (arred. múltiplo de 0,50)', alterados: 1, ignorados: 1 });
      // 18,00 / (1 - 45%) = 32,73, to the nearest 0,50.
      expect((await produtoPor('Camiseta Mercadinho algodão')).precoVenda).toBe('32.50');
      expect((await produtoPor('Sem custo')).precoVenda).toBe('5.00');
    });

    it('refuses bad requests in Portuguese, writes nothing, and never reaches the other account', async () => {
      const antes = await contar('precos_historico');
      const casos: [unknown, string, RegExp][] = [
        [{ modo: 'dobrar', valor: '2' }, 'modo', /percentual, por valor ou pela margem/],
        [{ modo: 'percentual', valor: 'dez' }, 'valor', /Informe o valor/],
        [{ modo: 'percentual', valor: '-100' }, 'valor', /menor que 100%/],
        [{ modo: 'margem', valor: '100' }, 'valor', /de 0% a menos de 100%/],
        [{ modo: 'valor', valor: '0' }, 'valor', /não pode ser zero/],
        [{ modo: 'valor', valor: '1', arredondamento: 'muito' }, 'arredondamento', /Arredondamento inválido/],
        [{ modo: 'valor', valor: '1', filtro: { marcaId: 'x' } }, 'filtro.marcaId', /Filtro inválido/],
      ];
      for (const [body, campo, msg] of casos) {
        const r = await call(admin, 'POST', '/api/AlteracoesPreco/aplicar', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json().error.message).toMatch(msg);
        expect(r.json().error.details[0].campo).toBe(campo);
      }
      const arroz = await produtoPor('Arroz agulhinha tipo 1 5 kg');
      const cruz = await call(vizinha, 'POST', '/api/AlteracoesPreco/aplicar', { filtro: { produtoIds: [arroz.id] }, modo: 'percentual', valor: '50' });
      expect(cruz.json()).toMatchObject({ alterados: 0 });
      expect((await produtoPor('Arroz agulhinha tipo 1 5 kg')).precoVenda).toBe(arroz.precoVenda);
      expect((await call(vendedor, 'POST', '/api/AlteracoesPreco/previa', { modo: 'percentual', valor: '1' })).statusCode).toBe(403);
      expect(await contar('precos_historico')).toBe(antes);
      // A price that would become zero or negative is left out, never written.
      const agua = await produtoPor('Água mineral sem gás 500 ml');
      const neg = await call(admin, 'POST', '/api/AlteracoesPreco/aplicar', { filtro: { produtoIds: [agua.id] }, modo: 'valor', valor: '-100' });
      expect(neg.json()).toMatchObject({ alterados: 0, ignorados: 1 });
      expect(await contar('precos_historico')).toBe(antes);
    });

    it('two concurrent changes over the same products both apply, one after the other', async () => {
      const rio = await marcaId('Rio Claro');
      const antes = (await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { marcaId: rio }, order: 'id ASC' })}`)).json() as any[];
      const body = { filtro: { marcaId: rio }, modo: 'valor', valor: '1', arredondamento: 'nenhum' };
      const rs = await Promise.all([1, 2, 3].map(() => call(admin, 'POST', '/api/AlteracoesPreco/aplicar', body)));
      expect(rs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const depois = (await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { marcaId: rio }, order: 'id ASC' })}`)).json() as any[];
      expect(depois.map((p) => p.precoVenda)).toEqual(antes.map((p) => (Number(p.precoVenda) + 3).toFixed(2)));
      // Every step is in the history, and the history chains: each row starts where the previous ended.
      const h = (await historico(antes[0].id)).slice(0, 3).reverse();
      expect(h.map((x: any) => [x.precoAnterior, x.precoNovo])).toEqual([0, 1, 2].map((i) => [(Number(antes[0].precoVenda) + i).toFixed(2), (Number(antes[0].precoVenda) + i + 1).toFixed(2)]));
    });

    it('the price history is read-only: no writes through the API, none through SQL as the application', async () => {
      const h = (await call(admin, 'GET', `/api/PrecosHistorico?filter=${q({ limit: 1 })}`)).json()[0];
      expect((await call(admin, 'POST', '/api/PrecosHistorico', { produtoDescricao: 'x' })).statusCode).toBe(405);
      expect((await call(admin, 'PUT', `/api/PrecosHistorico/${h.id}`, {})).statusCode).toBe(405);
      expect((await call(admin, 'DELETE', `/api/PrecosHistorico/${h.id}`)).statusCode).toBe(405);
      await expect(srv.db.tenant({ tenantId: 1 }, (tx) => tx.query('UPDATE precos_historico SET preco_novo = 0'))).rejects.toThrow();
      await expect(srv.db.transaction((tx) => tx.query('DELETE FROM precos_historico'))).rejects.toThrow(/não pode ser alterado nem excluído/);
      expect((await call(vizinha, 'GET', `/api/PrecosHistorico/${h.id}`)).statusCode).toBe(404);
      expect((await call(vizinha, 'GET', '/api/PrecosHistorico/count')).json().count).toBe(0);
    });

    it("the 'produtos alterados' report goes through the report pipeline (XLSX)", async () => {
      const res = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso: 'PrecosHistorico', tipo: 'xlsx', filter: { where: { origem: 'alteracao-preco' }, order: 'dataAlteracao DESC' }, descricao: 'Produtos alterados' });
      expect(res.statusCode, res.body).toBe(200);
      const worker = new ReportWorker(srv.services, mkdtempSync(join(tmpdir(), 'rel-')));
      expect(await worker.runOne()).toBe(true);
      const file = await call(admin, 'GET', `/api/Relatorios/${res.json().id}/arquivo`);
      expect(file.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as any);
      const linhas: unknown[][] = [];
      wb.worksheets[0].eachRow((row) => linhas.push((row.values as unknown[]).slice(1)));
      const textos = linhas.map((l) => l.join(' | '));
      expect(textos.some((t) => t.includes('Manteiga com sal 200 g') && t.includes('+10,00%'))).toBe(true);
      expect(textos.some((t) => t.includes('Reajuste') || t.includes('Alteração de preço em massa'))).toBe(true);
    });
  });
});
