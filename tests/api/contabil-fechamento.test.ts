import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BACKENDS, login } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';

/**
 * Issue 37 item 3: the month's checklist, closing it with its files attached (read through exportações and the
 * export queue) and mailed to the accountant, the lock on NF-e and the PDV (issue, cancel, a late sale), and
 * reopening with a reason. The demo Matriz, its local SEFAZ and the demo accountant.
 */
describe.each(BACKENDS)('Contábil: fechamento do mês on %s', (backend) => {
  const f = servidorFiscal(backend, 'contabil-fechamento');
  const { call, ok } = f;
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);
  let contador: string;
  let m: Awaited<ReturnType<typeof matrizDemo>>;

  // The previous month (always over): a note authorised now is dated back into it.
  const hoje = new Date();
  const alvo = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 1, 15));
  const mm = String(alvo.getUTCMonth() + 1).padStart(2, '0');
  const aaaa = alvo.getUTCFullYear();
  const periodo = `${mm}/${aaaa}`;
  const dia = `${aaaa}-${mm}-10T15:00:00Z`;
  const travado = `O período ${periodo} está fechado pela contabilidade: lançamentos com data nesse mês não são aceitos. Peça ao contador para reabrir o mês.`;
  let notaId: number;
  let cupomId: number;
  let periodoId: number;

  beforeAll(async () => {
    m = await matrizDemo(f.srv);
    contador = await login(f.app, 'contador@demo.com.br');
    const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
      naturezaId: m.naturezaVenda,
      clienteId: m.clienteId,
      itens: [{ produtoId: m.produtoId, quantidade: '2', valorUnitario: '10.50' }],
      transporte: { modalidade: 9 },
      pagamentos: [{ tPag: '01', valor: '21.00' }],
    });
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
    notaId = n.id;
    // Dated back into the month (the authorisation stays recent: the 24 h to cancel have not run out).
    await sql('UPDATE notas_fiscais SET data_emissao = $3 WHERE tenant_id = $1 AND id = $2', [m.tenant, notaId, dia]);
    // An NFC-e of the PDV authorised in the month, within its 30 minutes to cancel.
    cupomId = Number(
      (
        await sql(
          `INSERT INTO pdv_vendas (tenant_id, chave, filial_id, pdv_id, caixa_id, operador_id, emitida_em, total, troco, itens, pagamentos, situacao, serie, numero, chave_acesso, protocolo, ambiente, data_autorizacao)
           SELECT tenant_id, 'fechamento-' || id, filial_id, pdv_id, caixa_id, operador_id, $3, total, troco, itens, pagamentos, 'autorizada', serie, 990000 + id, '35' || lpad(id::text, 42, '0'), '135000000000001', 2, now()
             FROM pdv_vendas WHERE tenant_id = $1 AND filial_id = $2 ORDER BY id LIMIT 1 RETURNING id`,
          [m.tenant, m.matriz, dia],
        )
      ).rows[0].id,
    );
  });

  it('the checklist blocks the closing while a note of the month is rejected; bad input writes nothing', async () => {
    const rejeitada = Number((await sql(`INSERT INTO notas_fiscais (tenant_id, filial_id, status, data_emissao) VALUES ($1, $2, 'rejeitada', $3) RETURNING id`, [m.tenant, m.matriz, dia])).rows[0].id);
    const ck = await ok(contador, 'GET', `/api/contabil/periodos/checklist?filialId=${m.matriz}&competencia=${periodo}`);
    expect(ck.competencia).toBe(periodo);
    expect(ck.itens.map((i: { chave: string }) => i.chave)).toEqual(expect.arrayContaining(['notas', 'pdv', 'conciliacao', 'xml', 'sped']));
    expect(ck.itens.find((i: { chave: string }) => i.chave === 'notas')).toMatchObject({ ok: false, bloqueia: true, detalhe: 'NF-e do mês: 1 rejeitada.' });
    expect(ck.itens.find((i: { chave: string }) => i.chave === 'pdv')).toMatchObject({ ok: true });
    // What exportações finds missing in the period (the PDV coupon of this test has no XML stored): advisory.
    expect(ck.itens.find((i: { chave: string }) => i.chave === 'xml')).toMatchObject({ ok: false, bloqueia: false });
    expect(ck.itens.find((i: { chave: string }) => i.chave === 'xml').detalhe).toMatch(/^1 pendência: A NFC-e \d+\/\d+ \(chave \d{44}\) não tem o XML guardado\.$/);
    expect(ck.podeFechar).toBe(false);
    const antes = Number((await sql('SELECT count(*)::int AS n FROM contabil_periodos WHERE tenant_id = $1', [m.tenant])).rows[0].n);
    const r = await call(contador, 'POST', '/api/contabil/periodos/fechar', { filialId: m.matriz, competencia: periodo });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(`Resolva antes de fechar o mês ${periodo}: NF-e do mês: 1 rejeitada.`);
    expect((await call(contador, 'GET', `/api/contabil/periodos/checklist?filialId=${m.matriz}&competencia=14/2020`)).json().error.message).toBe('Informe o mês no formato MM/AAAA.');
    expect(Number((await sql('SELECT count(*)::int AS n FROM contabil_periodos WHERE tenant_id = $1', [m.tenant])).rows[0].n)).toBe(antes);
    // The rejected note goes back to a draft (the shop fixes it): the month may close.
    await sql(`UPDATE notas_fiscais SET status = 'rascunho', data_emissao = NULL WHERE tenant_id = $1 AND id = $2`, [m.tenant, rejeitada]);
    expect((await ok(contador, 'GET', `/api/contabil/periodos/checklist?filialId=${m.matriz}&competencia=${periodo}`)).podeFechar).toBe(true);
  });

  it('fechar mês attaches the XML ZIP (export queue) and the SPED, and e-mails the accountant', async () => {
    // The accountant chooses the layout his firm imports (Domínio, with the client's company code there): bad input
    // refused with nothing written, then stored per client account.
    expect(await ok(contador, 'GET', '/api/contabil/exportacao')).toEqual({ leiaute: 'generico', parametros: {} });
    const semCodigo = await call(contador, 'PUT', '/api/contabil/exportacao', { leiaute: 'dominio', parametros: { codigoEmpresa: '12AB' } });
    expect(semCodigo.statusCode).toBe(400);
    expect(semCodigo.json().error.message).toBe('Código da empresa no Domínio: informe até 7 dígitos.');
    const desconhecido = await call(contador, 'PUT', '/api/contabil/exportacao', { leiaute: 'alterdata' });
    expect(desconhecido.statusCode).toBe(400);
    expect(desconhecido.json().error.message).toBe('Leiaute desconhecido: use generico ou dominio.');
    expect(Number((await sql('SELECT count(*)::int AS n FROM contabil_exportacao WHERE tenant_id = $1', [m.tenant])).rows[0].n)).toBe(0);
    expect(await ok(contador, 'PUT', '/api/contabil/exportacao', { leiaute: 'dominio', parametros: { codigoEmpresa: '4521', outro: 'x' } })).toEqual({ leiaute: 'dominio', parametros: { codigoEmpresa: '4521' } });
    expect(await ok(f.admin, 'GET', '/api/contabil/exportacao')).toEqual({ leiaute: 'dominio', parametros: { codigoEmpresa: '4521' } });

    const fechado = await ok(contador, 'POST', '/api/contabil/periodos/fechar', { filialId: m.matriz, competencia: periodo });
    periodoId = fechado.id;
    expect(fechado.arquivos.map((a: { tipo: string }) => a.tipo)).toEqual(['xml', 'sped', 'sintegra', 'lancamentos', 'lancamentos']);
    const xml = fechado.arquivos[0];
    expect(xml.situacao).toBe('enfileirado');
    // The ZIP is made by the export queue, as the accountant's report: it finishes, holding the note of the month.
    await vi.waitFor(async () => expect((await ok(contador, 'GET', `/api/contabil/periodos/${periodoId}/arquivos`))[0].situacao).toBe('gerado'), { timeout: 60_000, interval: 300 });
    const zip = await call(contador, 'GET', `/api/Relatorios/${xml.relatorioId}/arquivo`);
    expect(zip.statusCode).toBe(200);
    const chave = String((await sql('SELECT chave FROM notas_fiscais WHERE tenant_id = $1 AND id = $2', [m.tenant, notaId])).rows[0].chave);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from(`emitidas/nfe/${chave}-procNFe.xml`))).toBe(true);
    // The SPED: exportações' validator decides; what it said is on the closing either way.
    const lista = await ok(contador, 'GET', `/api/contabil/periodos/${periodoId}/arquivos`);
    const sped = lista.find((a: { tipo: string }) => a.tipo === 'sped');
    // exportações' validator decides; its only problem here is this test's coupon without XML, none about the
    // accountant (record 0100: the demo accountant's CPF and CRC are registered, see the last test).
    const validacao = await ok(contador, 'POST', '/api/Exportacoes/sped/validar', { mes: `${aaaa}-${mm}` });
    expect(validacao.problemas.map((p: { mensagem: string }) => p.mensagem)).toEqual([expect.stringMatching(/^A NFC-e 99\d+\/\d+ \(chave \d{44}\) não tem o XML guardado\.$/)]);
    expect(sped).toMatchObject({ situacao: 'erro' });
    expect(sped.detalhe).toMatch(/problema/);
    // The Sintegra beside it, made by exportações as its validator decides; what it said is on the closing.
    const sintegra = lista.find((a: { tipo: string }) => a.tipo === 'sintegra');
    const vSintegra = await ok(contador, 'POST', '/api/Exportacoes/sintegra/validar', { mes: `${aaaa}-${mm}` });
    if (vSintegra.valido) {
      expect(sintegra).toMatchObject({ situacao: 'gerado' });
      const s = (await call(contador, 'GET', `/api/contabil/periodos/${periodoId}/arquivos/${sintegra.id}`)).rawPayload.toString('latin1');
      expect(s.slice(0, 2)).toBe('10');
    } else {
      expect(sintegra).toMatchObject({ situacao: 'erro' });
      expect(sintegra.detalhe).toMatch(/problema/);
    }
    // The journal entries of the month (the demo maps every category and money account): a CSV on the closing.
    const lanc = lista.find((a: { tipo: string }) => a.tipo === 'lancamentos');
    expect(lanc, JSON.stringify(lista)).toMatchObject({ situacao: 'gerado', nome: `lancamentos-contabeis-${aaaa}-${mm}.csv` });
    const csv = await call(contador, 'GET', `/api/contabil/periodos/${periodoId}/arquivos/${lanc.id}`);
    const linhasCsv = csv.rawPayload.toString('utf8').replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
    expect(linhasCsv[0]).toBe('Data;Conta débito;Conta crédito;Valor;Histórico;Documento');
    // Beside it, the same entries in the accountant's layout: Domínio, header 01 with the company code and the
    // Matriz's CNPJ, one record 02 per CSV line, the finalizer; ISO-8859-1.
    const dom = lista.filter((a: { tipo: string }) => a.tipo === 'lancamentos')[1];
    expect(dom).toMatchObject({ situacao: 'gerado', nome: `lancamentos-contabeis-${aaaa}-${mm}-dominio.txt` });
    const txt = (await call(contador, 'GET', `/api/contabil/periodos/${periodoId}/arquivos/${dom.id}`)).rawPayload.toString('latin1').split('\r\n').filter(Boolean);
    const cnpj = String((await sql('SELECT cpf_cnpj FROM branches WHERE tenant_id = $1 AND id = $2', [m.tenant, m.matriz])).rows[0].cpf_cnpj).replace(/\D/g, '');
    expect(txt[0].slice(0, 23)).toBe(`010004521${cnpj}`);
    expect(txt[0].slice(23, 43)).toBe(`01/${periodo}${new Date(Date.UTC(aaaa, alvo.getUTCMonth() + 1, 0)).toISOString().slice(8, 10)}/${periodo}`);
    expect(txt.slice(1, -1).every((l: string) => l.startsWith('02'))).toBe(true);
    expect(txt.length - 2).toBe(linhasCsv.length - 1);
    expect(txt.at(-1)).toBe('9'.repeat(100));
    // The e-mail to the accountant, listing the files.
    const outbox = path.join(f.dataDir, 'outbox');
    const emails = readdirSync(outbox).filter((n) => n.includes('contador@demo.com.br')).map((n) => readFileSync(path.join(outbox, n), 'utf8').replace(/=\r?\n/g, ''));
    const aviso = emails.find((t) => t.includes('Arquivos do fechamento'));
    expect(aviso).toBeTruthy();
    expect(aviso).toContain(`XML ${periodo} (ZIP)`);
    // In the list of closings, with who closed it.
    const periodos = await ok(f.admin, 'GET', '/api/contabil/periodos');
    expect(periodos[0]).toMatchObject({ id: periodoId, competencia: periodo, situacao: 'fechado' });
    // The accountant's panel shows the client's last month closed.
    const painel = (await ok(contador, 'GET', '/api/contabil/painel')) as { nome: string; ultimoFechamento: string | null; extratoPendente: number }[];
    expect(painel.find((l) => l.nome === 'Mercadinho Demo')).toMatchObject({ ultimoFechamento: periodo });
    expect(painel.find((l) => l.nome === 'Loja Vizinha')).toMatchObject({ ultimoFechamento: null });
  });

  it('the closed month refuses issuing and cancelling NF-e and PDV sales, before anything goes to SEFAZ', async () => {
    // Cancelling the month's NF-e: refused before the event is sent; nothing recorded.
    const r = await call(f.admin, 'POST', `/api/NotasFiscais/${notaId}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(travado);
    expect((await sql('SELECT status FROM notas_fiscais WHERE tenant_id = $1 AND id = $2', [m.tenant, notaId])).rows[0].status).toBe('autorizada');
    expect(Number((await sql(`SELECT count(*)::int AS n FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 AND tipo = 'cancelamento'`, [m.tenant, notaId])).rows[0].n)).toBe(0);
    // Issuing a note dated in the month (a draft reserved for transmission) is refused by the database.
    const rascunho = Number((await sql(`INSERT INTO notas_fiscais (tenant_id, filial_id, status) VALUES ($1, $2, 'rascunho') RETURNING id`, [m.tenant, m.matriz])).rows[0].id);
    await expect(sql(`UPDATE notas_fiscais SET status = 'transmitindo', data_emissao = $3 WHERE tenant_id = $1 AND id = $2`, [m.tenant, rascunho, dia])).rejects.toThrow(travado);
    await expect(sql(`UPDATE notas_fiscais SET status = 'contingencia', data_emissao = $3 WHERE tenant_id = $1 AND id = $2`, [m.tenant, rascunho, dia])).rejects.toThrow(travado);
    // ... and a note issued today is not.
    await expect(sql(`UPDATE notas_fiscais SET status = 'transmitindo', data_emissao = now() WHERE tenant_id = $1 AND id = $2`, [m.tenant, rascunho])).resolves.toBeTruthy();
    // The PDV: cancelling the month's coupon is refused before SEFAZ; a sale dated in the month is not accepted.
    const c = await call(f.admin, 'POST', `/api/Pdv/cupons/${cupomId}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' });
    expect(c.statusCode).toBe(400);
    expect(c.json().error.message).toBe(travado);
    expect((await sql('SELECT situacao FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [m.tenant, cupomId])).rows[0].situacao).toBe('autorizada');
    const vendaTardia = () =>
      sql(
        `INSERT INTO pdv_vendas (tenant_id, chave, filial_id, pdv_id, caixa_id, operador_id, emitida_em, total, troco, itens, pagamentos, serie)
         SELECT tenant_id, 'tardia-' || id, filial_id, pdv_id, caixa_id, operador_id, $2, total, troco, itens, pagamentos, serie FROM pdv_vendas WHERE tenant_id = $1 AND id = $3`,
        [m.tenant, dia, cupomId],
      );
    await expect(vendaTardia()).rejects.toThrow(travado);
    // Finance and stock postings are checked once per statement (migration 0715): a statement of many rows with one
    // dated in the closed month inserts none; the same rows dated today go in.
    const lancamentos = (data: string) =>
      sql(
        `INSERT INTO lancamentos (tenant_id, tipo, descricao, data_emissao, competencia, valor_total)
         SELECT $1, 1, 'Lote do fechamento ' || g, d::date, date_trunc('month', d::date)::date, 10 FROM generate_series(1, 3) g, LATERAL (SELECT CASE WHEN g = 2 THEN $2 ELSE now()::text END) AS x(d)`,
        [m.tenant, data],
      );
    const contarLote = async () => Number((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND descricao LIKE 'Lote do fechamento %'`, [m.tenant])).rows[0].n);
    await expect(lancamentos(dia)).rejects.toThrow(travado);
    expect(await contarLote()).toBe(0);
    await expect(lancamentos(new Date().toISOString())).resolves.toBeTruthy();
    expect(await contarLote()).toBe(3);
    // Moving a lançamento into (or out of) the closed month is refused row by row.
    await expect(sql(`UPDATE lancamentos SET competencia = date_trunc('month', $2::date)::date WHERE tenant_id = $1 AND descricao = 'Lote do fechamento 1'`, [m.tenant, dia])).rejects.toThrow(travado);
    await expect(
      sql(
        `INSERT INTO movimentos_estoque (tenant_id, produto_id, filial_id, deposito_id, quantidade, tipo, created_at)
         SELECT $1, $3, $2, dp.id, 1, 1, d::timestamptz FROM (SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 ORDER BY id LIMIT 1) dp, unnest(ARRAY[now()::text, $4]) AS d`,
        [m.tenant, m.matriz, m.produtoId, dia],
      ),
    ).rejects.toThrow(travado);
    expect(Number((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND created_at = $2::timestamptz`, [m.tenant, dia])).rows[0].n)).toBe(0);
    // Reopened by the accountant (with the reason): the late sale goes in.
    expect((await call(f.admin, 'POST', `/api/contabil/periodos/${periodoId}/reabrir`, { motivo: 'Venda do PDV offline' })).json().error.message).toBe('Somente o contador pode reabrir um mês fechado.');
    await ok(contador, 'POST', `/api/contabil/periodos/${periodoId}/reabrir`, { motivo: 'Venda do PDV offline chegou depois' });
    await expect(vendaTardia()).resolves.toBeTruthy();
    const acessos = (await ok(f.admin, 'GET', '/api/contabil/contadores')).acessos as { evento: string; detalhe: string }[];
    expect(acessos.find((a) => a.evento === 'reabertura')?.detalhe).toBe(`Mês ${periodo} reaberto na filial Matriz: Venda do PDV offline chegou depois`);
  });
  it('autXML: the shop authorises its accountant, whose CNPJ goes in the autXML of every NF-e issued after', async () => {
    const lista = (await ok(f.admin, 'GET', '/api/contabil/contadores')).contadores as { id: number; email: string; cpfCnpj: string; autXml: boolean }[];
    const c = lista.find((x) => x.email === 'contador@demo.com.br')!;
    expect(c.autXml).toBe(false);
    // Bad input and the wrong party: nothing changes.
    expect((await call(f.admin, 'POST', `/api/contabil/contadores/${c.id}/autxml`, {})).json().error.message).toBe('Informe se o contador pode obter os XML das NF-e (autXml).');
    expect((await call(contador, 'POST', `/api/contabil/contadores/${c.id}/autxml`, { autXml: true })).statusCode).toBe(403);
    const emitir = async () => {
      const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
        naturezaId: m.naturezaVenda,
        clienteId: m.clienteId,
        itens: [{ produtoId: m.produtoId, quantidade: '1', valorUnitario: '5.00' }],
        transporte: { modalidade: 9 },
        pagamentos: [{ tPag: '01', valor: '5.00' }],
      });
      expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
      return (await call(f.admin, 'GET', `/api/NotasFiscais/${n.id}/xml`)).rawPayload.toString('utf8');
    };
    expect(await emitir()).not.toContain('<autXML>');
    expect((await ok(f.admin, 'POST', `/api/contabil/contadores/${c.id}/autxml`, { autXml: true })).autXml).toBe(true);
    const xml = await emitir();
    const doc = c.cpfCnpj.replace(/\D/g, '');
    expect(xml).toContain(`<autXML><${doc.length === 14 ? 'CNPJ' : 'CPF'}>${doc}</${doc.length === 14 ? 'CNPJ' : 'CPF'}></autXML>`);
    // In the layout's place: after dest, before the first det (the local SEFAZ authorised it against the XSD).
    expect(xml.indexOf('<autXML>')).toBeGreaterThan(xml.indexOf('</dest>'));
    expect(xml.indexOf('<autXML>')).toBeLessThan(xml.indexOf('<det nItem="1">'));
    const acessos = (await ok(f.admin, 'GET', '/api/contabil/contadores')).acessos as { evento: string }[];
    expect(acessos.some((a) => a.evento === 'autxml')).toBe(true);
    // Switched off: the next note has no autXML.
    await ok(f.admin, 'POST', `/api/contabil/contadores/${c.id}/autxml`, { autXml: false });
    expect(await emitir()).not.toContain('<autXML>');
  });

  it("the demo's SPED with nothing typed: the accountant's CPF, CRC and firm CNPJ in record 0100, valid", async () => {
    // This month of the demo Matriz (the notes of the test above): the closing's request, nothing about the accountant.
    const mes = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 7);
    const v = await ok(contador, 'POST', '/api/Exportacoes/sped/validar', { mes });
    expect(v.problemas).toEqual([]);
    expect(v.valido).toBe(true);
    const txt = (await call(contador, 'POST', '/api/Exportacoes/sped/arquivo', { mes })).rawPayload.toString('latin1');
    const r0100 = txt.split('\r\n').find((l) => l.startsWith('|0100|'))!.split('|');
    // |0100|NOME|CPF|CRC|CNPJ|...
    expect(r0100.slice(2, 6)).toEqual(['Carla Contadora', '26845137919', 'SP-123456/O-5', '44555666000181']);
    // What the SPED screen offers before anything is typed.
    expect(await ok(f.admin, 'GET', '/api/Exportacoes/contador')).toMatchObject({ cpf: '26845137919', cpfCnpj: '44555666000181', crc: 'SP-123456/O-5' });
  });
});
