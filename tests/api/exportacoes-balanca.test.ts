import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { montarCodigoBalanca } from '../../src/shared/etiqueta-balanca.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Issue 36 item 5: the scales' load. Each model's ZIP is opened with Info-ZIP's unzip (not our code) and its lines
// compared with fixture lines written by hand from the published layouts (Toledo's ITENSMGV/DEPTO/TXINFO/INFNUTRI/
// TARA, Filizola's CADTXT, Urano's framed PRODUTOS and URF32), the same the ACBr project's ACBrCargaBal writes.
// Bad input (no PLU, a price or PLU wider than the field) is refused naming the product, and nothing is offered.
const sp = (n: number) => ' '.repeat(n);
const pad = (s: string, n: number) => s + sp(n - s.length);

const LINGUICA = { descricao: 'Linguiça toscana', nome: 'Linguica toscana' };
const BOLO = { descricao: 'Bolo de fubá', nome: 'Bolo de fuba' };
const TEXTO = 'Ingredientes: carne suína, sal, alho e pimenta. Manter refrigerado.';
const TEXTO_SEM_ACENTO = 'Ingredientes: carne suina, sal, alho e pimenta. Manter refrigerado.';

// ITENSMGV.TXT (MGV5, MGV6 and MGV7 item record): DD T CCCCCC PPPPPP VVV D1D2(50) RRRRRR FFFF IIIIII DV DE CF(4) L(12) G(11) Z CS(4) CT(4) FR(4) CE1(4) CE2(4) CON(4) EAN(12)
const ITENS_MGV = [
  '04' + '0' + '000123' + '002490' + '015' + pad(LINGUICA.nome, 50) + '000123' + '0000' + '000123' + '1' + '1' + '0000' + '000000000000' + '00000000000' + '0' + '0000' + '0001' + '0000' + '0000' + '0000' + '0000' + '000000000000',
  '00' + '1' + '004567' + '001800' + '003' + pad(BOLO.nome, 50) + '000000' + '0000' + '000000' + '1' + '1' + '0000' + '000000000000' + '00000000000' + '0' + '0000' + '0000' + '0000' + '0000' + '0000' + '0000' + '000000000000',
];
// INFNUTRI.TXT: N CCCCCC 0 porção(3) unidade(1: g) medida caseira (01, 0, 16 porção) kcal(4) carboidratos(4,1) proteínas(3,1) gorduras(3,1) saturadas(3,1) trans(3,1) fibra(3,1) sódio(5,1)
const NUTRI_MGV6 = 'N' + '000123' + '0' + '050' + '0' + '01' + '0' + '16' + '0146' + '0005' + '081' + '125' + '046' + '000' + '000' + '03750';
// MGV7: the same, '0000|', then the RDC 429 block (porções por embalagem, porção, medida, kcal, carboidratos, açúcares totais e adicionados, proteínas, gorduras, saturadas, trans, fibra, sódio,
// alto em açúcar/gordura saturada/sódio: 4,6 g saturada em 50 g = 9,2 g/100 g >= 6 e 375 mg em 50 g = 750 mg/100 g >= 600), lactose, galactose e os campos estendidos.
const NUTRI_MGV7 = NUTRI_MGV6 + '0000' + '|' + '0' + '000' + '050' + '0' + '01' + '0' + '16' + '0146' + '0005' + '000' + '000' + '081' + '125' + '046' + '000' + '000' + '03750' + '0' + '1' + '1' + '00000' + '00000' + '0' + '00000' + '00000' + '00000' + '00000';

describe.each(BACKENDS)('exportação para balança on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let tenant: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const sql = (text: string, params: unknown[] = []) => srv.db.query<any>(text, params);
  let linguicaId: number;
  let boloId: number;

  /** The model's ZIP opened by unzip into a folder: file name → lines (latin1, CRLF). */
  const baixar = async (modelo: string) => {
    const r = await call(admin, 'GET', `/api/ExportacaoBalanca/${modelo}/carga.zip`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="balanca-${modelo}.zip"`);
    const dir = mkdtempSync(join(tmpdir(), `balanca-${modelo}-`));
    writeFileSync(join(dir, 'carga.zip'), r.rawPayload);
    execFileSync('unzip', ['-q', 'carga.zip', '-d', 'x'], { cwd: dir });
    const nomes = readdirSync(join(dir, 'x'));
    const arquivos: Record<string, string[]> = {};
    for (const n of nomes) {
      const t = readFileSync(join(dir, 'x', n)).toString('latin1');
      expect(t.endsWith('\r\n'), n).toBe(true);
      arquivos[n] = t.slice(0, -2).split('\r\n');
    }
    return { nomes: execFileSync('unzip', ['-Z1', 'carga.zip'], { cwd: dir }).toString().trim().split('\n'), arquivos };
  };

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    tenant = Number((await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
  });
  afterAll(async () => srv?.close());

  it('OpenAPI describes the scale and terminal calls', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/ExportacaoBalanca/modelos', '/api/ExportacaoBalanca/produtos', '/api/ExportacaoBalanca/{modelo}/carga.zip', '/api/ExportacaoBalanca/configuracao', '/api/EtiquetasBalanca/ler', '/api/ExportacaoTerminal/configuracao', '/api/ExportacaoTerminal/PRICETAB.TXT']) expect(doc.paths[p], p).toBeDefined();
  });

  it('the demo flags its fruit, cheese and bread for the scale with PLUs', async () => {
    const r = await call(admin, 'GET', '/api/ExportacaoBalanca/produtos');
    expect(r.statusCode).toBe(200);
    const demo = r.json().map((p: any) => [p.descricao, p.plu]);
    expect(demo).toEqual(expect.arrayContaining([['Banana prata', 1], ['Tomate italiano', 2], ['Queijo muçarela fatiado', 10], ['Pão francês', 20]]));
    const modelos = (await call(admin, 'GET', '/api/ExportacaoBalanca/modelos')).json();
    expect(modelos.map((m: any) => m.modelo)).toEqual(['filizola', 'toledo-mgv5', 'toledo-mgv6', 'toledo-mgv7', 'urano-urf32', 'urano']);
    // The demo's own load goes out as it is.
    const { arquivos } = await baixar('toledo-mgv6');
    expect(arquivos['ITENSMGV.TXT'].map((l) => l.slice(3, 9))).toEqual(['000001', '000002', '000010', '000020']);
  });

  it('products saved through the generic API carry the scale fields; the load is exactly the published layout of each model', async () => {
    // Only this test's products on the scale from here on.
    await sql(`UPDATE produtos SET balanca = false WHERE tenant_id = $1`, [tenant]);
    const l = await call(admin, 'POST', '/api/Produtos', {
      descricao: LINGUICA.descricao, tipoProduto: 0, precoVenda: '24.90', balanca: true, balancaPlu: 123, balancaVenda: 'peso', balancaValidadeDias: 15, balancaDepartamento: 4, balancaTara: '0.010', balancaTexto: TEXTO,
      nutriPorcao: '50', nutriValorEnergetico: '146', nutriCarboidratos: '0.5', nutriAcucaresAdicionados: '0', nutriProteinas: '8.1', nutriGordurasTotais: '12.5', nutriGordurasSaturadas: '4.6', nutriGordurasTrans: '0', nutriFibras: '0', nutriSodio: '375',
    });
    expect(l.statusCode, l.body).toBe(200);
    expect(l.json()).toMatchObject({ balanca: true, balancaPlu: 123, balancaTara: '0.0100', nutriSodio: '375.0000' });
    linguicaId = l.json().id;
    const b = await call(admin, 'POST', '/api/Produtos', { descricao: BOLO.descricao, tipoProduto: 0, precoVenda: '18.00', balanca: true, balancaPlu: 4567, balancaVenda: 'unidade', balancaValidadeDias: 3 });
    expect(b.statusCode, b.body).toBe(200);
    boloId = b.json().id;
    // One PLU names one product.
    const dup = await call(admin, 'POST', '/api/Produtos', { descricao: 'Outro com o mesmo PLU', tipoProduto: 0, precoVenda: '1.00', balanca: true, balancaPlu: 123 });
    expect(dup.statusCode).toBe(409);

    for (const modelo of ['toledo-mgv5', 'toledo-mgv6', 'toledo-mgv7']) {
      const { nomes, arquivos } = await baixar(modelo);
      expect(nomes, modelo).toEqual(['ITENSMGV.TXT', 'DEPTO.TXT', 'TXINFO.TXT', 'INFNUTRI.TXT', 'TARA.TXT']);
      expect(arquivos['ITENSMGV.TXT'], modelo).toEqual(ITENS_MGV);
      expect(arquivos['ITENSMGV.TXT'][0]).toHaveLength(150);
      expect(arquivos['DEPTO.TXT']).toEqual(['04' + pad('Departamento 4', 40)]);
      expect(arquivos['TXINFO.TXT']).toEqual(['000123' + sp(100) + pad(TEXTO_SEM_ACENTO, 840)]);
      expect(arquivos['TARA.TXT']).toEqual(['0001' + '000010' + pad('Tara 0,010 kg', 20)]);
      expect(arquivos['INFNUTRI.TXT'], modelo).toEqual([modelo === 'toledo-mgv7' ? NUTRI_MGV7 : NUTRI_MGV6]);
    }

    const filizola = await baixar('filizola');
    expect(filizola.nomes).toEqual(['CADTXT.TXT', 'SETORTXT.TXT', 'NUTRI.TXT', 'REC_ASS.TXT']);
    // CCCCCC T DESCRICAO(22) PPPPPPP(7,2) VVV reservado(126) TARA(4,3)
    expect(filizola.arquivos['CADTXT.TXT']).toEqual([
      '000123' + 'P' + pad(LINGUICA.nome, 22) + '0002490' + '015' + sp(126) + '0010',
      '004567' + 'U' + pad(BOLO.nome, 22) + '0001800' + '003' + sp(126) + '0000',
    ]);
    expect(filizola.arquivos['SETORTXT.TXT']).toEqual([pad('Departamento', 12) + '000123' + '0001' + '000', sp(12) + '004567' + '0002' + '000']);
    expect(filizola.arquivos['REC_ASS.TXT']).toEqual([sp(12) + '000123' + '000123' + pad(TEXTO_SEM_ACENTO, 840) + '@']);
    expect(filizola.arquivos['NUTRI.TXT']).toEqual([
      '000123' + pad(LINGUICA.nome, 35) + '00146' + '0000' + '00005' + '0000' + '00081' + '0000' + '00125' + '0000' + '00046' + '0000' + '00000' + '0000' + '00000' + '0000' + '*****' + '****' + '*****' + '****' + '03750' + '0000',
    ]);

    // Urano: each record 0x10 0x02, code(5), pesagem(35), the byte sum of the record in 4 hex digits, 0x03.
    const urano = await baixar('urano');
    expect(urano.nomes).toEqual(['PRODUTOS.TXT']);
    expect(urano.arquivos['PRODUTOS.TXT']).toEqual([
      '\x10\x02' + '00123' + 'P' + pad(LINGUICA.nome, 20) + '000024.90' + '0015' + 'D' + '0AC2' + '\x03',
      '\x10\x02' + '04567' + 'U' + pad(BOLO.nome, 20) + '000018.00' + '0003' + 'D' + '094C' + '\x03',
    ]);

    const urf32 = await baixar('urano-urf32');
    expect(urf32.nomes).toEqual(['PRODUTOS.TXT', 'RECEITAS.TXT', 'PRODUTOSRECEITAS.TXT', 'INFORMACOESNUTRICIONAIS.TXT', 'PRODUTOSINFORMACOESNUTRICIONAIS.TXT']);
    expect(urf32.arquivos['PRODUTOS.TXT']).toEqual(['   123' + '*' + '0' + pad(LINGUICA.nome, 20) + '    24,90' + '   15' + 'D', '  4567' + '*' + '6' + pad(BOLO.nome, 20) + '    18,00' + '    3' + 'D']);
    expect(urf32.arquivos['PRODUTOSRECEITAS.TXT']).toEqual(['   123' + '  123']);
    expect(urf32.arquivos['INFORMACOESNUTRICIONAIS.TXT']).toEqual(['  123' + '000050' + '00146' + '000005' + '000081' + '000125' + '000046' + '000000' + '000000' + '00375']);
  });

  it('a product on the scale without a PLU, or dearer than the layout holds, is refused by name and no file is offered', async () => {
    const semPlu = await call(admin, 'POST', '/api/Produtos', { descricao: 'Salame sem PLU', tipoProduto: 0, precoVenda: '59.90', balanca: true });
    expect(semPlu.statusCode, semPlu.body).toBe(200);
    const r = await call(admin, 'GET', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip');
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toMatch(/json/);
    expect(r.json().error.message).toBe('O produto "Salame sem PLU" está marcado para a balança sem código PLU.');
    expect(r.json().error.details[0]).toMatchObject({ produtoId: semPlu.json().id, link: `/pages/estoque/produtos/editar/${semPlu.json().id}` });
    await sql(`UPDATE produtos SET balanca = false WHERE id = $1`, [semPlu.json().id]);

    // R$ 12.345,67 fits Filizola's 7 places (up to 99.999,99) but not Toledo's 6 (up to 9.999,99).
    await sql(`UPDATE produtos SET preco_venda = 12345.67 WHERE id = $1`, [boloId]);
    const caro = await call(admin, 'GET', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip');
    expect(caro.statusCode).toBe(400);
    expect(caro.json().error.message).toBe('O produto "Bolo de fubá" custa R$ 12.345,67, acima do que a Toledo MGV6 aceita (até R$ 9.999,99).');
    expect((await call(admin, 'GET', '/api/ExportacaoBalanca/filizola/carga.zip')).statusCode).toBe(200);
    await sql(`UPDATE produtos SET preco_venda = 18.00 WHERE id = $1`, [boloId]);

    // Urano's code has 5 digits.
    await sql(`UPDATE produtos SET balanca_plu = 123456 WHERE id = $1`, [boloId]);
    const largo = await call(admin, 'GET', '/api/ExportacaoBalanca/urano/carga.zip');
    expect(largo.statusCode).toBe(400);
    expect(largo.json().error.message).toBe('O produto "Bolo de fubá" tem o PLU 123456, maior do que a Urano aceita (até 99999).');
    expect((await call(admin, 'GET', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip')).statusCode).toBe(200);
    await sql(`UPDATE produtos SET balanca_plu = 4567 WHERE id = $1`, [boloId]);

    // Two problems at once: both listed.
    await sql(`UPDATE produtos SET preco_venda = NULL WHERE id = $1`, [boloId]);
    await sql(`UPDATE produtos SET balanca_plu = NULL WHERE id = $1`, [linguicaId]);
    const dois = await call(admin, 'GET', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip');
    expect(dois.statusCode).toBe(400);
    expect(dois.json().error.details.map((d: any) => d.mensagem)).toEqual(['O produto "Linguiça toscana" está marcado para a balança sem código PLU.', 'O produto "Bolo de fubá" está sem preço de venda.']);
    await sql(`UPDATE produtos SET preco_venda = 18.00 WHERE id = $1`, [boloId]);
    await sql(`UPDATE produtos SET balanca_plu = 123 WHERE id = $1`, [linguicaId]);

    const desconhecido = await call(admin, 'GET', '/api/ExportacaoBalanca/toledo-mgv9/carga.zip');
    expect(desconhecido.statusCode).toBe(404);
    expect(desconhecido.json().error.message).toBe('Modelo de balança desconhecido: toledo-mgv9.');
  });

  it('a user without the exportação para balança permission gets a 403 in Portuguese, the accountant too (his menu holds only the fiscal exports)', async () => {
    const vendedor = await login(app, 'vendedor@demo.com.br');
    for (const url of ['/api/ExportacaoBalanca/produtos', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip', '/api/ExportacaoTerminal/configuracao']) {
      const r = await call(vendedor, 'GET', url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error.message, url).toMatch(/^Você não tem permissão para exportar para (a balança|o terminal de consulta)\.$/);
    }
    const contador = await login(app, 'contador@demo.com.br');
    expect((await call(contador, 'GET', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip')).statusCode).toBe(403);
  });

  it('another account sees none of these products and gets no file of them', async () => {
    expect((await call(vizinha, 'GET', '/api/ExportacaoBalanca/produtos')).json().map((p: any) => p.descricao)).not.toContain(LINGUICA.descricao);
    const r = await call(vizinha, 'GET', '/api/ExportacaoBalanca/toledo-mgv6/carga.zip');
    if (r.statusCode === 200) expect(r.rawPayload.includes(Buffer.from('Linguica'))).toBe(false);
    else expect(r.json().error.message).toBe('Nenhum produto ativo está marcado para a balança. Marque-os no cadastro do produto, aba Balança.');
  });

  it('the sales order reads the scale labels back into a line, by the branch’s label layout', async () => {
    const padrao = (await call(admin, 'GET', '/api/ExportacaoBalanca/configuracao')).json();
    expect(padrao).toEqual({ etiquetaPrefixo: '2', etiquetaConteudo: 'preco', etiquetaDigitosCodigo: 5 });
    // Price label: R$ 12,45 of sausage at R$ 24,90/kg is 0,5 kg.
    const preco = montarCodigoBalanca('123', '12.45', { prefixo: '2', tipo: 'preco', digitosCodigo: 5 });
    expect(preco).toBe('2001230012458');
    const r = await call(admin, 'GET', `/api/EtiquetasBalanca/ler?codigo=${preco}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ produtoId: linguicaId, descricao: LINGUICA.descricao, quantidade: '0.5', precoUnitario: '24.90', totalEtiqueta: '12.45' });

    const ruim = await call(admin, 'PUT', '/api/ExportacaoBalanca/configuracao', { etiquetaPrefixo: '22', etiquetaConteudo: 'volume', etiquetaDigitosCodigo: 9 });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.details.map((d: any) => d.campo)).toEqual(['etiquetaPrefixo', 'etiquetaConteudo', 'etiquetaDigitosCodigo']);
    expect((await call(admin, 'GET', '/api/ExportacaoBalanca/configuracao')).json().etiquetaConteudo).toBe('preco');

    // Weight labels with a 6-digit code: 2, 000123, 00750 (0,750 kg), check digit.
    const salvo = await call(admin, 'PUT', '/api/ExportacaoBalanca/configuracao', { etiquetaPrefixo: '2', etiquetaConteudo: 'peso', etiquetaDigitosCodigo: 6 });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const peso = montarCodigoBalanca('123', '0.750', { prefixo: '2', tipo: 'peso', digitosCodigo: 6 });
    expect(peso).toBe('2000123007502');
    expect((await call(admin, 'GET', `/api/EtiquetasBalanca/ler?codigo=${peso}`)).json()).toMatchObject({ produtoId: linguicaId, quantidade: '0.750', peso: '0.750' });

    const naoEtiqueta = await call(admin, 'GET', '/api/EtiquetasBalanca/ler?codigo=7891000315507');
    expect(naoEtiqueta.statusCode).toBe(400);
    expect(naoEtiqueta.json().error.message).toBe('O código 7891000315507 não é uma etiqueta de balança desta filial (EAN-13 com prefixo 2).');
    const semProduto = await call(admin, 'GET', `/api/EtiquetasBalanca/ler?codigo=${montarCodigoBalanca('999', '1', { prefixo: '2', tipo: 'peso', digitosCodigo: 6 })}`);
    expect(semProduto.json().error.message).toMatch(/^Nenhum produto com o PLU 999/);
    // The other account's label layout and products are its own.
    expect((await call(vizinha, 'GET', `/api/EtiquetasBalanca/ler?codigo=${peso}`)).statusCode).toBe(400);
    await call(admin, 'PUT', '/api/ExportacaoBalanca/configuracao', padrao);
  });
});
