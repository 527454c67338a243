import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BACKENDS } from '../support/server.ts';
import { login } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { PL_009 } from '../fixtures/fiscal/ferramentas.ts';

// Issue 36 item 1: the XML of a branch's period as a ZIP, through the export queue. The ZIP is opened with Info-ZIP's
// unzip and every XML checked by xmllint (the issued nfeProc and events against PL_009), and resumo.xlsx lists exactly
// the files the ZIP holds.
describe.each(BACKENDS)('exportação de XML por período on %s', (backend) => {
  const f = servidorFiscal(backend, 'exportacoes-xml');
  const { call, ok } = f;
  let contador: string;
  let m: Awaited<ReturnType<typeof matrizDemo>>;
  const hoje = new Date();
  const iso = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
  const fim = iso(hoje);
  const inicio = iso(new Date(hoje.getTime() - 40 * 86_400_000));
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);

  const emitir = async () => {
    const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
      naturezaId: m.naturezaVenda,
      clienteId: m.clienteId,
      itens: [{ produtoId: m.produtoId, quantidade: '2', valorUnitario: '10.50' }],
      transporte: { modalidade: 9 },
      pagamentos: [{ tPag: '01', valor: '21.00' }],
    });
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
    return n.id as number;
  };

  const esperarRelatorio = async (token: string, id: number) => {
    for (let i = 0; i < 600; i++) {
      const r = (await ok(token, 'GET', '/api/Relatorios')).find((x: { id: number }) => x.id === id);
      if (r && r.status !== 0) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('o relatório não terminou');
  };

  beforeAll(async () => {
    m = await matrizDemo(f.srv);
    contador = await login(f.app, 'contador@demo.com.br');
  });

  it('a period with no documents is a 400 in Portuguese and queues nothing', async () => {
    const antes = (await ok(contador, 'GET', '/api/Relatorios')).length;
    const r = await call(contador, 'POST', '/api/Exportacoes/xml', { inicio: '2001-01-01', fim: '2001-01-31' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toBe('Nenhum documento fiscal encontrado nesta filial de 01/01/2001 a 31/01/2001: não há arquivo a gerar.');
    expect((await ok(contador, 'GET', '/api/Relatorios')).length).toBe(antes);
    const sem = await call(contador, 'POST', '/api/Exportacoes/xml', { inicio: '2001-02-10', fim: '2001-01-31' });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().error.message).toBe('A data final deve ser igual ou posterior à data inicial.');
    // The salesperson has no Exportações permission.
    expect((await call(f.vendedor, 'GET', `/api/Exportacoes/xml/previa?inicio=${inicio}&fim=${fim}`)).statusCode).toBe(403);
  });

  it('the accountant exports the period: nfeProc, events and entries in a ZIP that resumo.xlsx describes exactly', async () => {
    const a = await emitir();
    const b = await emitir();
    await ok(f.admin, 'POST', `/api/NotasFiscais/${a}/carta-correcao`, { correcao: 'Corrigir o complemento do endereco de entrega' });
    await ok(f.admin, 'POST', `/api/NotasFiscais/${b}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    const previa = await ok(contador, 'GET', `/api/Exportacoes/xml/previa?inicio=${inicio}&fim=${fim}`);
    expect(previa.nfe).toBeGreaterThanOrEqual(2);
    expect(previa.eventos).toBeGreaterThanOrEqual(2);
    expect(previa.entradas).toBeGreaterThanOrEqual(1);

    const job = await ok(contador, 'POST', '/api/Exportacoes/xml', { inicio, fim, danfe: true });
    expect(job).toMatchObject({ tipo: 'zip', status: 0 });
    const feito = await esperarRelatorio(contador, job.id);
    expect(feito.status, JSON.stringify(feito.erro)).toBe(1);
    const arq = await call(contador, 'GET', feito.url);
    expect(arq.statusCode).toBe(200);
    expect(arq.headers['content-type']).toBe('application/zip');
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    writeFileSync(path.join(dir, 'a.zip'), arq.rawPayload);
    // Info-ZIP checks every entry's CRC; then the entries are extracted.
    expect(spawnSync('unzip', ['-tq', path.join(dir, 'a.zip')], { encoding: 'utf8' }).stdout).toMatch(/No errors detected/);
    execFileSync('unzip', ['-q', path.join(dir, 'a.zip'), '-d', path.join(dir, 'x')]);
    const lista = (d: string): string[] => readdirSync(path.join(dir, 'x', d)).flatMap((n) => (statSync(path.join(dir, 'x', d, n)).isDirectory() ? lista(path.join(d, n)) : [path.join(d, n)]));
    const entradas = lista('').sort();
    const xmls = entradas.filter((n) => n.endsWith('.xml'));
    const chaveA = (await sql(`SELECT chave FROM notas_fiscais WHERE id = $1`, [a])).rows[0].chave;
    const chaveB = (await sql(`SELECT chave FROM notas_fiscais WHERE id = $1`, [b])).rows[0].chave;
    expect(entradas).toContain(`emitidas/nfe/${chaveA}-procNFe.xml`);
    expect(entradas).toContain(`emitidas/nfe/${chaveB}-procNFe.xml`);
    expect(entradas).toContain(`eventos/${chaveA}-cce-1.xml`);
    expect(entradas).toContain(`eventos/${chaveB}-cancelamento.xml`);
    expect(entradas).toContain(`danfe/${chaveA}.pdf`);
    expect(entradas.some((n) => n.startsWith('entradas/'))).toBe(true);
    // Every file is well-formed XML; the issued nfeProc and the events are valid against the official schemas.
    const wf = spawnSync('xmllint', ['--noout', ...xmls.map((n) => path.join(dir, 'x', n))], { encoding: 'utf8' });
    expect(wf.status, wf.stderr).toBe(0);
    const proc = xmls.filter((n) => n.startsWith('emitidas/nfe/')).map((n) => path.join(dir, 'x', n));
    const v = spawnSync('xmllint', ['--noout', '--schema', path.join(PL_009, 'procNFe_v4.00.xsd'), ...proc], { encoding: 'utf8' });
    expect(v.status, v.stderr).toBe(0);
    const ev = spawnSync('xmllint', ['--noout', '--schema', path.join(PL_009, 'procEventoCancNFe_v1.00.xsd'), path.join(dir, 'x', `eventos/${chaveB}-cancelamento.xml`)], { encoding: 'utf8' });
    expect(ev.status, ev.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'x', `danfe/${chaveA}.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');

    // resumo.xlsx: the Arquivos sheet names exactly the ZIP's files; the Resumo counts add up to the documents.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, 'x', 'resumo.xlsx'));
    const nomes: string[] = [];
    wb.getWorksheet('Arquivos')!.eachRow((r, i) => i > 1 && nomes.push(String(r.getCell(1).value)));
    expect(nomes.sort()).toEqual(entradas.filter((n) => n !== 'resumo.xlsx'));
    let docs = 0;
    wb.getWorksheet('Resumo')!.eachRow((r, i) => i > 2 && (docs += Number(r.getCell(5).value)));
    expect(docs).toBe(entradas.filter((n) => /^(emitidas|entradas)\//.test(n)).length);
    const cancelada = [] as unknown[];
    wb.getWorksheet('Arquivos')!.eachRow((r) => r.getCell(6).value === chaveB && r.getCell(2).value === 'Saída' && cancelada.push(r.getCell(7).value));
    expect(cancelada).toEqual(['Cancelada']);
  });

  it("an NFC-e cancelled at the PDV: SEFAZ's procEventoNFe goes into the ZIP, valid against the event's XSD", async () => {
    const pdv = (await sql(`SELECT id, deposito_id FROM pdvs WHERE tenant_id = $1 AND filial_id = $2 ORDER BY id LIMIT 1`, [m.tenant, m.matriz])).rows[0];
    const formaDinheiro = Number((await sql(`SELECT id FROM pdv_formas_pagamento WHERE tenant_id = $1 AND t_pag = '01'`, [m.tenant])).rows[0].id);
    const operadorId = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '1'`, [m.tenant])).rows[0].id);
    const produto = (await sql(
      `SELECT p.id, p.preco_venda::numeric(14,2)::text AS preco FROM produtos p JOIN saldos_estoque s ON s.tenant_id = p.tenant_id AND s.produto_id = p.id AND s.deposito_id = $2
        WHERE p.tenant_id = $1 AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0 AND s.quantidade >= 5 AND s.lote_id IS NULL ORDER BY p.id LIMIT 1`,
      [m.tenant, pdv.deposito_id],
    )).rows[0];
    const aberto = await call(f.admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdv.id}`);
    const caixa = aberto.statusCode === 200 ? aberto.json() : await ok(f.admin, 'POST', '/api/Pdv/caixas', { pdvId: Number(pdv.id), operadorId, valorAbertura: '100.00' }, 201);
    const v = await ok(f.admin, 'POST', '/api/Pdv/vendas', {
      chave: randomUUID(), pdvId: Number(pdv.id), caixaId: caixa.id, operadorId, emitidaEm: new Date().toISOString(),
      itens: [{ produtoId: Number(produto.id), quantidade: '1', precoUnitario: produto.preco, desconto: '0' }],
      pagamentos: [{ formaPagamentoId: formaDinheiro, tPag: '01', valor: produto.preco }], troco: '0.00',
    }, 201);
    expect(v.situacao, v.motivo).toBe('autorizada');
    await ok(f.admin, 'POST', `/api/Pdv/cupons/${v.id}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' });
    const previa = await ok(contador, 'GET', `/api/Exportacoes/xml/previa?inicio=${inicio}&fim=${fim}`);
    expect(previa.pendencias.filter((p: { mensagem: string }) => p.mensagem.includes(v.chaveAcesso))).toEqual([]);
    const job = await ok(contador, 'POST', '/api/Exportacoes/xml', { inicio, fim });
    const feito = await esperarRelatorio(contador, job.id);
    expect(feito.status, JSON.stringify(feito.erro)).toBe(1);
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-nfce-'));
    writeFileSync(path.join(dir, 'a.zip'), (await call(contador, 'GET', feito.url)).rawPayload);
    execFileSync('unzip', ['-q', path.join(dir, 'a.zip'), '-d', path.join(dir, 'x')]);
    const evento = path.join(dir, 'x', 'eventos', `${v.chaveAcesso}-cancelamento.xml`);
    expect(readFileSync(evento, 'utf8')).toMatch(/<procEventoNFe[\s\S]*<tpEvento>110111<\/tpEvento>/);
    const xsd = spawnSync('xmllint', ['--noout', '--schema', path.join(PL_009, 'procEventoCancNFe_v1.00.xsd'), evento], { encoding: 'utf8' });
    expect(xsd.status, xsd.stderr).toBe(0);
    // the cancelled NFC-e itself is in the ZIP too, and resumo.xlsx lists the event
    expect(readdirSync(path.join(dir, 'x', 'emitidas', 'nfce'))).toContain(`${v.chaveAcesso}-procNFe.xml`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, 'x', 'resumo.xlsx'));
    const tipos: unknown[] = [];
    wb.getWorksheet('Arquivos')!.eachRow((r) => r.getCell(1).value === `eventos/${v.chaveAcesso}-cancelamento.xml` && tipos.push(r.getCell(2).value));
    expect(tipos).toEqual(['Evento de cancelamento']);
  });

  it('a note whose XML is gone from the storage is listed with the route to fix it', async () => {
    const e = (await sql(`SELECT id, cabecalho ->> 'xmlArquivo' AS arq FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND estado = 'efetivada' AND cabecalho ->> 'xmlArquivo' IS NOT NULL ORDER BY id LIMIT 1`, [m.tenant])).rows[0];
    await sql(`UPDATE documentos SET cabecalho = jsonb_set(cabecalho, '{xmlArquivo}', '"t/${m.tenant}/nfe-entrada/nao-existe.xml"') WHERE tenant_id = $1 AND id = $2`, [m.tenant, e.id]);
    try {
      const previa = await ok(contador, 'GET', `/api/Exportacoes/xml/previa?inicio=${inicio}&fim=${fim}`);
      expect(previa.pendencias).toContainEqual({ mensagem: expect.stringMatching(/^A NF-e de entrada \d+\/\d+ \(chave \d{44}\): o XML não foi encontrado no armazenamento\.$/), rota: `/pages/compras/entrada-nota-fiscal/editar/${e.id}` });
    } finally {
      await sql(`UPDATE documentos SET cabecalho = jsonb_set(cabecalho, '{xmlArquivo}', to_jsonb($3::text)) WHERE tenant_id = $1 AND id = $2`, [m.tenant, e.id, e.arq]);
    }
  });
});
