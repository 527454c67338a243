import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

/** A Bling-shaped product export: Latin-1, ';' separators, comma decimals, two bad rows and a code repeated. */
const BLING_PRODUTOS = [
  'ID;Código;Descrição;Unidade;NCM;Origem;Preço;Preço de custo;Situação;Estoque;GTIN/EAN;Estoque mínimo',
  '101;IMP-001;Açúcar cristal 1 kg;UN;1701.99.00;0;5,49;3,10;Ativo;10;7891910000197;5',
  '102;IMP-002;Feijão carioca 1 kg;UN;0713.33.19;0;8,90;6,20;Ativo;20;;2',
  '103;IMP-003;X;UN;0713.33.19;0;8,90;6,20;Ativo;20;;',
  '104;IMP-004;Farinha de mandioca 500 g;UN;1106.20.00;0;abc;2,00;Ativo;5;;',
  '105;IMP-002;Feijão preto 1 kg;UN;0713.33.19;0;9,50;6,80;Ativo;8;;',
  '106;IMP-005;Café extraforte 500 g;PCT-X;0901.21.00;0;1.234,56;10,00;Ativo;3;;',
].join('\r\n');

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe.each(BACKENDS)('importação de dados on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const call = (method: string, url: string, payload?: unknown, token = admin) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await call(method, url, body, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  /** Waits for the import job to leave 'importando' (polls the API; the job runs on the jobs table after commit). */
  const aguardar = async (id: number): Promise<Row> => {
    const fim = Date.now() + 60_000;
    for (;;) {
      const r = await ok('GET', `/api/Importacoes/${id}`);
      if (r.situacao !== 'importando') return r;
      if (Date.now() > fim) throw new Error(`importação ${id} não terminou`);
      await new Promise((res) => setTimeout(res, 50));
    }
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('a Latin-1 Bling product export: columns guessed, per-row Portuguese errors, all-or-nothing refused, valid rows imported, re-upload imports nothing twice', async () => {
    const up = await ok('POST', '/api/Importacoes', { tipo: 'produtos', nomeArquivo: 'produtos-bling.csv', conteudo: b64(iconv.encode(BLING_PRODUTOS, 'win1252')) });
    expect(up.total).toBe(6);
    expect(up.cabecalho[2]).toBe('Descrição');
    expect(up.modeloSalvo).toBe(false);
    expect(up.mapeamento).toMatchObject({ codigo: 1, descricao: 2, unidade: 3, ncm: 4, origem: 5, precoVenda: 6, precoCusto: 7, estoqueInicial: 9, gtin: 10, estoqueMinimo: 11 });
    expect(up.amostra[0][2]).toBe('Açúcar cristal 1 kg');

    const p = await ok('POST', `/api/Importacoes/${up.id}/previa`, { mapeamento: up.mapeamento });
    expect(p).toMatchObject({ total: 6, validas: 2, existentes: 0, comErro: 4 });
    const porLinha = new Map<number, Row>(p.linhas.map((l: Row) => [l.linha, l]));
    expect(porLinha.get(2)).toMatchObject({ situacao: 'valida', dados: { codigo: 'IMP-001', precoVenda: '5.49', precoCusto: '3.10', ncm: '17019900', gtin: '7891910000197' } });
    expect(porLinha.get(4)!.erros.join(' ')).toMatch(/^Descrição: /);
    expect(porLinha.get(5)!.erros.join(' ')).toMatch(/^Preço de venda: /);
    expect(porLinha.get(6)!.erros).toContain('Código IMP-002 repetido no arquivo (já na linha 3).');
    expect(porLinha.get(7)!.erros).toContain("Unidade: 'PCT-X' não está cadastrada.");

    // all or nothing with bad rows: refused before anything is queued
    const tudo = await call('POST', `/api/Importacoes/${up.id}/importar`, { modo: 'tudo' });
    expect(tudo.statusCode).toBe(400);
    expect(tudo.json().error.message).toMatch(/^4 linha\(s\) com erro: corrija a planilha ou escolha importar só as linhas válidas\. Linha 4: Descrição: /);
    expect((await srv.db.query(`SELECT 1 FROM produtos WHERE codigo LIKE 'IMP-%'`)).rows).toHaveLength(0);

    expect((await ok('POST', `/api/Importacoes/${up.id}/importar`, { modo: 'validas' })).situacao).toBe('importando');
    const fim = await aguardar(up.id);
    expect(fim).toMatchObject({ situacao: 'concluida', importadas: 2, ignoradas: 0, comErro: 4 });
    expect(fim.resultado.criados.map((c: Row) => c.linha)).toEqual([2, 3]);
    const feitos = (await srv.db.query<Row>(`SELECT codigo, descricao, preco_venda::text AS pv, preco_custo::text AS pc, gtin FROM produtos WHERE codigo LIKE 'IMP-%' ORDER BY codigo`)).rows;
    expect(feitos).toEqual([
      { codigo: 'IMP-001', descricao: 'Açúcar cristal 1 kg', pv: '5.49', pc: '3.10', gtin: '7891910000197' },
      { codigo: 'IMP-002', descricao: 'Feijão carioca 1 kg', pv: '8.90', pc: '6.20', gtin: null },
    ].map((x) => ({ ...x, pv: expect.stringMatching(new RegExp(`^${x.pv.replace('.', '\\.')}0*$`)), pc: expect.stringMatching(new RegExp(`^${x.pc.replace('.', '\\.')}0*$`)) })));

    // the Estoque column is the opening balance, posted in the branch's default depósito; so the import cannot be undone
    const saldos = (await srv.db.query<Row>(`SELECT p.codigo, sum(s.quantidade)::numeric(15,4)::text AS q FROM saldos_estoque s JOIN produtos p ON p.tenant_id = s.tenant_id AND p.id = s.produto_id WHERE p.codigo LIKE 'IMP-%' GROUP BY p.codigo ORDER BY p.codigo`)).rows;
    expect(saldos).toEqual([{ codigo: 'IMP-001', q: '10.0000' }, { codigo: 'IMP-002', q: '20.0000' }]);
    expect(fim.resultado.estoqueLancado).toBe(2);
    const desfazer = await call('POST', `/api/Importacoes/${up.id}/desfazer`);
    expect(desfazer.statusCode).toBe(409);
    expect(desfazer.json().error.message).toMatch(/^Não é possível desfazer: a importação lançou o estoque inicial dos produtos/);

    // The same file again: the confirmed mapping comes back as the template, the imported codes are skipped.
    const de2 = await ok('POST', '/api/Importacoes', { tipo: 'produtos', nomeArquivo: 'produtos-bling.csv', conteudo: b64(iconv.encode(BLING_PRODUTOS, 'win1252')) });
    expect(de2.modeloSalvo).toBe(true);
    const p2 = await ok('POST', `/api/Importacoes/${de2.id}/previa`, { mapeamento: de2.mapeamento });
    expect(p2).toMatchObject({ validas: 0, existentes: 2, comErro: 4 });
    await ok('POST', `/api/Importacoes/${de2.id}/importar`, { modo: 'validas' });
    expect(await aguardar(de2.id)).toMatchObject({ situacao: 'concluida', importadas: 0, ignoradas: 2 });
    expect((await srv.db.query(`SELECT 1 FROM produtos WHERE codigo LIKE 'IMP-%'`)).rows).toHaveLength(2);

    // another account sees none of it
    expect((await call('GET', `/api/Importacoes/${up.id}`, undefined, vizinha)).statusCode).toBe(404);
    expect((await ok('GET', '/api/Importacoes', undefined, vizinha)).some((i: Row) => i.id === up.id)).toBe(false);
  });

  it('clientes from a UTF-8 CSV with a BOM: CPF checked by the form’s schema, a CPF repeated in the file, all or nothing; undo removes them', async () => {
    const csv = '\uFEFFNome,CPF/CNPJ,E-mail,Cidade,UF,Data de nascimento,Limite de crédito\n' +
      'Joana Importada,529.982.247-25,joana@exemplo.com.br,São Paulo,SP,17/05/1985,"1.500,00"\n' +
      'Pedro Importado,111.111.111-11,pedro@exemplo.com.br,Campinas,SP,,\n' +
      'Joana Outra,52998224725,,,,,\n';
    const up = await ok('POST', '/api/Importacoes', { tipo: 'clientes', nomeArquivo: 'clientes.csv', conteudo: b64(csv) });
    expect(up.cabecalho[0]).toBe('Nome');
    expect(up.mapeamento).toMatchObject({ nome: 0, cpfCnpj: 1, email: 2, uf: 4, dataNascimento: 5, limiteCredito: 6 });
    const p = await ok('POST', `/api/Importacoes/${up.id}/previa`, { mapeamento: up.mapeamento });
    expect(p).toMatchObject({ validas: 1, comErro: 2 });
    expect(p.linhas.find((l: Row) => l.linha === 2).dados).toMatchObject({ cpfCnpj: '52998224725', dataNascimento: '1985-05-17', limiteCredito: '1500.00' });
    expect(p.linhas.find((l: Row) => l.linha === 3).erros.join(' ')).toMatch(/^CPF\/CNPJ: /);
    expect(p.linhas.find((l: Row) => l.linha === 4).erros).toContain('CPF/CNPJ 52998224725 repetido no arquivo (já na linha 2).');

    // Fix the file: a new upload of only the good row, all or nothing
    const bom = await ok('POST', '/api/Importacoes', { tipo: 'clientes', nomeArquivo: 'clientes.csv', conteudo: b64(csv.split('\n').slice(0, 2).join('\n')) });
    await ok('POST', `/api/Importacoes/${bom.id}/importar`, { modo: 'tudo', mapeamento: bom.mapeamento });
    const fim = await aguardar(bom.id);
    expect(fim).toMatchObject({ situacao: 'concluida', importadas: 1 });
    const criado = fim.resultado.criados[0].id;
    expect((await ok('GET', `/api/Clientes/${criado}`)).nome).toBe('Joana Importada');

    expect((await ok('POST', `/api/Importacoes/${bom.id}/desfazer`)).situacao).toBe('desfeita');
    expect((await call('GET', `/api/Clientes/${criado}`)).statusCode).toBe(404);
    const de2 = await call('POST', `/api/Importacoes/${bom.id}/desfazer`);
    expect(de2.statusCode).toBe(400);
    expect(de2.json().error.message).toBe('Só uma importação concluída pode ser desfeita.');
  });

  it('open receivables from a Latin-1 Bling export: customer by CPF/CNPJ, per-row Portuguese errors, posted by Financeiro, skipped the second time, undone by cancelling', async () => {
    const cliente = await ok('POST', '/api/Clientes', { nome: 'Cliente Receber Importado', cpfCnpj: '39053344705' });
    const csv = [
      'Número documento;Cliente;CPF/CNPJ;Data emissão;Vencimento;Valor;Histórico',
      '1001;Cliente Receber Importado;390.533.447-05;01/11/2026;15/12/2026;1.234,56;Venda 1001',
      '1002;Cliente Receber Importado;390.533.447-05;01/11/2026;31/02/2027;100,00;',
      '1003;Desconhecido;123.456.789-09;01/11/2026;15/12/2026;50,00;',
      '1004;Cliente Receber Importado;390.533.447-05;01/11/2026;15/12/2026;12,3,4;',
      '1005;Cliente Receber Importado;390.533.447-05;;20/12/2026;2.000,00;Parcela 2',
    ].join('\r\n');
    const up = await ok('POST', '/api/Importacoes', { tipo: 'contasReceber', nomeArquivo: 'contas-receber.csv', conteudo: b64(iconv.encode(csv, 'win1252')) });
    expect(up.mapeamento).toMatchObject({ documento: 0, nome: 1, cpfCnpj: 2, dataEmissao: 3, vencimento: 4, valor: 5, descricao: 6 });
    const p = await ok('POST', `/api/Importacoes/${up.id}/previa`, { mapeamento: up.mapeamento });
    expect(p).toMatchObject({ total: 5, validas: 2, existentes: 0, comErro: 3 });
    const porLinha = new Map<number, Row>(p.linhas.map((l: Row) => [l.linha, l]));
    expect(porLinha.get(2)).toMatchObject({ situacao: 'valida', dados: { pessoaId: cliente.id, documento: '1001', vencimento: '2026-12-15', valor: '1234.56', dataEmissao: '2026-11-01' } });
    expect(porLinha.get(3)!.erros).toEqual(['Vencimento: data inválida (31/02/2027); use dd/mm/aaaa.']);
    expect(porLinha.get(4)!.erros).toEqual(['CPF/CNPJ 12345678909: cliente não cadastrado. Cadastre-o ou importe os clientes antes.']);
    expect(porLinha.get(5)!.erros).toEqual(['Valor: valor inválido (12,3,4); use por exemplo 1.234,56.']);

    await ok('POST', `/api/Importacoes/${up.id}/importar`, { modo: 'validas' });
    const fim = await aguardar(up.id);
    expect(fim).toMatchObject({ situacao: 'concluida', importadas: 2, comErro: 3 });
    const contas = async () =>
      (
        await srv.db.query<Row>(
          `SELECT l.tipo, l.documento, l.pessoa_id, l.cancelado, p.vencimento::text AS venc, p.valor::numeric(15,2)::text AS valor
             FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id
            WHERE l.origem_tipo = 'importacao' AND l.origem_id = $1 ORDER BY l.documento`,
          [up.id],
        )
      ).rows;
    expect(await contas()).toEqual([
      { tipo: 0, documento: '1001', pessoa_id: cliente.id, cancelado: false, venc: '2026-12-15', valor: '1234.56' },
      { tipo: 0, documento: '1005', pessoa_id: cliente.id, cancelado: false, venc: '2026-12-20', valor: '2000.00' },
    ]);

    // the same file again: both already open in Financeiro, nothing posted twice
    const de2 = await ok('POST', '/api/Importacoes', { tipo: 'contasReceber', nomeArquivo: 'contas-receber.csv', conteudo: b64(iconv.encode(csv, 'win1252')) });
    expect(await ok('POST', `/api/Importacoes/${de2.id}/previa`, { mapeamento: de2.mapeamento })).toMatchObject({ validas: 0, existentes: 2, comErro: 3 });

    // undo: the lançamentos are cancelled (posted documents are reversed, never deleted)
    expect((await ok('POST', `/api/Importacoes/${up.id}/desfazer`)).situacao).toBe('desfeita');
    expect((await contas()).map((c) => c.cancelado)).toEqual([true, true]);
  });

  it('open payables: a supplier unknown as a customer is refused by CPF/CNPJ; a settled one cannot be undone', async () => {
    const fornecedor = await ok('POST', '/api/Fornecedores', { nome: 'Fornecedor Pagar Importado', cpfCnpj: '11444777000161' });
    const csv = 'Nº Documento;Fornecedor;CNPJ/CPF;Data de Vencimento;Valor da Conta\n' + 'A-1;Fornecedor Pagar Importado;11.444.777/0001-61;10/01/2027;99,90\n';
    const up = await ok('POST', '/api/Importacoes', { tipo: 'contasPagar', nomeArquivo: 'omie-pagar.csv', conteudo: b64(csv) });
    expect(up.mapeamento).toMatchObject({ documento: 0, nome: 1, cpfCnpj: 2, vencimento: 3, valor: 4 });
    await ok('POST', `/api/Importacoes/${up.id}/importar`, { modo: 'tudo', mapeamento: up.mapeamento });
    const fim = await aguardar(up.id);
    expect(fim).toMatchObject({ situacao: 'concluida', importadas: 1 });
    const lanc = fim.resultado.criados[0].id;
    const l = (await srv.db.query<Row>('SELECT tipo, pessoa_id FROM lancamentos WHERE id = $1', [lanc])).rows[0];
    expect(l).toEqual({ tipo: 1, pessoa_id: fornecedor.id });
    // as receivables, the same supplier is no customer
    const comoReceber = await ok('POST', '/api/Importacoes', { tipo: 'contasReceber', nomeArquivo: 'x.csv', conteudo: b64(csv) });
    const p = await ok('POST', `/api/Importacoes/${comoReceber.id}/previa`, { mapeamento: comoReceber.mapeamento });
    expect(p.linhas[0].erros).toEqual(['CPF/CNPJ 11444777000161: cliente não cadastrado. Cadastre-o ou importe os clientes antes.']);
    // settled: the undo is refused and changes nothing
    const parcela = (await srv.db.query<Row>('SELECT id FROM parcelas WHERE lancamento_id = $1', [lanc])).rows[0].id;
    const conta = (await ok('GET', '/api/ContasFinanceiras'))[0].id;
    expect((await call('POST', `/api/Parcelas/${parcela}/baixar`, { contaId: conta, data: '2026-11-20' })).statusCode).toBe(200);
    const desfazer = await call('POST', `/api/Importacoes/${up.id}/desfazer`);
    expect(desfazer.statusCode).toBe(409);
    expect(desfazer.json().error.message).toBe('Não é possível desfazer: a conta da linha 2 já tem baixa. Estorne a baixa antes. Nada foi cancelado.');
    expect((await srv.db.query<Row>('SELECT cancelado FROM lancamentos WHERE id = $1', [lanc])).rows[0].cancelado).toBe(false);
  });

  it('the model spreadsheet comes back recognised; an XLSX formula counts by its value; bad files are refused in Portuguese', async () => {
    const r = await call('GET', '/api/Importacoes/modelo/fornecedores');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as any);
    const ws = wb.worksheets[0];
    ws.getCell('A2').value = { formula: 'CONCATENATE("Distribuidora ","Fórmula Ltda")', result: 'Distribuidora Fórmula Ltda' } as any;
    const up = await ok('POST', '/api/Importacoes', { tipo: 'fornecedores', nomeArquivo: 'modelo.xlsx', conteudo: b64(Buffer.from(await wb.xlsx.writeBuffer())) });
    expect(Object.keys(up.mapeamento).length).toBe(up.campos.length);
    const p = await ok('POST', `/api/Importacoes/${up.id}/previa`, { mapeamento: up.mapeamento });
    expect(p.linhas[0]).toMatchObject({ situacao: 'valida', dados: { nome: 'Distribuidora Fórmula Ltda', cpfCnpj: '11222333000181' } });

    const grande = await call('POST', '/api/Importacoes', { tipo: 'produtos', nomeArquivo: 'grande.csv', conteudo: 'A'.repeat(50 * 1024 * 1024) });
    expect(grande.statusCode).toBe(413);
    expect(grande.json().error.message).toBe('Arquivo maior que 20 MB: divida a planilha em arquivos menores.');
    for (const [body, msg] of [
      [{ tipo: 'pedidos', conteudo: b64('a;b\n1;2') }, 'Tipo de importação inválido: use clientes, fornecedores, transportadores, produtos, contasReceber ou contasPagar.'],
      [{ tipo: 'produtos', nomeArquivo: 'x.xlsx', conteudo: b64('não é xlsx') }, 'Arquivo XLSX inválido ou corrompido.'],
      [{ tipo: 'produtos', nomeArquivo: 'x.csv', conteudo: b64('Código;Descrição\n') }, 'A planilha precisa de uma linha de cabeçalho e ao menos uma linha de dados.'],
    ] as const) {
      const b = await call('POST', '/api/Importacoes', body);
      expect(b.statusCode, b.body).toBe(400);
      expect(b.json().error.message).toBe(msg);
    }
    const doc = await ok('GET', '/api/openapi.json');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/Importacoes', '/api/Importacoes/{id}/previa', '/api/Importacoes/{id}/importar', '/api/Importacoes/{id}/desfazer', '/api/Importacoes/modelo/{tipo}', '/api/Webhooks/{id}/rotacionar-segredo']));
    const semPermissao = await call('POST', '/api/Importacoes', { tipo: 'produtos', conteudo: b64('a;b\n1;2') }, await login(app, 'vendedor@demo.com.br'));
    expect(semPermissao.statusCode).toBe(403);
  });
});
