import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { carregarLayout, escreverRegistro, identificarRegistro, lerRegistro } from '../../src/server/boletos/cnab/layout.ts';
import { seedBoletos } from '../../src/server/demo/boletos.ts';
import { decodificarCodigo } from '../../src/server/boletos/febraban.ts';
import { baixarParcelas } from '../../src/server/financeiro/index.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** pages/pagamentos/boletos: boletos issued from receivables, PDF, baixa, cancel, remessa and retorno applied once. */
describe.each(BACKENDS)('boletos from receivables on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let conta: number;
  let parcelas: number[];
  let avulsa: number;
  const layout = carregarLayout('bradesco-400');
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (method: string, url: string, payload?: unknown) => {
    const r = await call(admin, method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r;
  };
  const parcela = async (id: number) => (await srv.db.query<{ valor_baixado: string }>(`SELECT valor_baixado::text FROM parcelas WHERE id = $1`, [id])).rows[0].valor_baixado;
  const contagens = async () => {
    const out: Record<string, number> = {};
    for (const t of ['boletos_historico', 'boletos_retornos', 'lancamentos', 'baixas', 'movimentos_financeiros']) out[t] = Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
    out.estados = (await srv.db.query<{ e: string }>(`SELECT string_agg(estado, ',' ORDER BY id) AS e FROM boletos`)).rows[0].e as unknown as number;
    return out;
  };
  /** A Bradesco CNAB 400 retorno as the bank writes it (published layout), one detail per occurrence. */
  const retorno = (detalhes: Record<string, string>[], { banco = '237', convenio = '', trailer = true } = {}) => {
    const linhas = [escreverRegistro(layout, 'headerRetorno', { banco, convenio, sequencial: '1' })];
    detalhes.forEach((d, i) => linhas.push(escreverRegistro(layout, 'detalheRetorno', { ...d, sequencial: String(i + 2) })));
    if (trailer) linhas.push(escreverRegistro(layout, 'trailerRetorno', { banco, sequencial: String(linhas.length + 1) }));
    return linhas.join('\r\n');
  };
  let nossos: Record<number, { nossoNumero: string; numeroDocumento: string; valor: string; vencimento: string }> = {};
  const det = (boletoNumero: number, ocorrencia: string, extra: Record<string, string> = {}) => ({
    nossoNumero: nossos[boletoNumero].nossoNumero, ocorrencia, dataOcorrencia: '2027-01-10', numeroDocumento: nossos[boletoNumero].numeroDocumento,
    vencimento: nossos[boletoNumero].vencimento, valor: nossos[boletoNumero].valor, tarifa: '', ...extra,
  });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    const cfg = await call(admin, 'POST', '/api/ConfiguracoesBoleto', {
      banco: '237', agencia: '1172', agenciaDv: '0', conta: '0403005', contaDv: '2', carteira: '09', convenio: '4455667', proximoNossoNumero: '700', chavePix: '11222333000181', cidadePix: 'São Paulo', multa: '2.00', juros: '1.00', layoutCnab: 400, ativo: true,
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    conta = (await ok('POST', '/api/ContasFinanceiras', { descricao: 'Bradesco cobrança', tipo: 1, banco: '237 - Bradesco', agencia: '1172', conta: '403005-2', saldoInicial: '0.00', dataSaldoInicial: '2026-01-01' })).json().id;
    const tenant = (await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const cliente = (await srv.db.query<{ id: number }>(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, logradouro, numero, bairro, cep, uf) VALUES ($1, 0, 'Mercearia Boa Vista Ltda', '11444777000161', 'Rua Sete', '70', 'Centro', '01310100', 'SP') RETURNING id`, [tenant])).rows[0].id;
    const l = (await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda a prazo em 3x', dataEmissao: '2026-12-01', valorTotal: '300.00', numeroParcelas: 3, primeiroVencimento: '2027-01-10', pessoaId: cliente, contaId: conta, documento: 'PV123' })).json();
    parcelas = l.parcelas.map((p: any) => p.id);
    avulsa = (await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Serviço avulso', dataEmissao: '2026-12-01', valorTotal: '80.00', primeiroVencimento: '2027-02-15', pessoaId: cliente })).json().parcelas[0].id;
  });
  afterAll(async () => srv?.close());

  it('lists the open receivables and issues a 3-instalment carnê with the next nosso números', async () => {
    const abertas = (await ok('GET', '/api/Boletos/parcelas-abertas')).json() as any[];
    expect(abertas.filter((p) => parcelas.includes(p.id)).map((p) => [p.numero, p.valor, p.pessoa])).toEqual([[1, '100.00', 'Mercearia Boa Vista Ltda'], [2, '100.00', 'Mercearia Boa Vista Ltda'], [3, '100.00', 'Mercearia Boa Vista Ltda']]);
    const r = (await ok('POST', '/api/Boletos/emitir', { parcelaIds: parcelas })).json();
    expect(r.mensagem).toBe('3 boletos emitidos (carnê).');
    expect(r.boletos.map((b: any) => [b.numero, b.nossoNumero, b.parcela, b.valor, b.estado])).toEqual([[1, '700', '1/3', '100.00', 'pendente'], [2, '701', '2/3', '100.00', 'pendente'], [3, '702', '3/3', '100.00', 'pendente']]);
    expect((await srv.db.query(`SELECT proximo_nosso_numero AS p FROM configuracoes_boleto WHERE banco = '237'`)).rows[0].p).toBe('703');
    const abertasDepois = (await ok('GET', '/api/Boletos/parcelas-abertas')).json() as any[];
    expect(abertasDepois.some((p) => parcelas.includes(p.id))).toBe(false);
    const hist = (await ok('GET', `/api/Boletos/emitidos/${r.boletos[0].id}/historico`)).json();
    expect(hist).toMatchObject([{ de: null, para: 'pendente', origem: 'emissao' }]);
    expect(hist[0].usuario).toBeTruthy();
  });

  it('refuses a parcela twice, a despesa, and an unknown one, changing nothing', async () => {
    const antes = await contagens();
    const dup = await call(admin, 'POST', '/api/Boletos/emitir', { parcelaIds: [avulsa, parcelas[0]] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.message).toMatch(/Parcela 1\/3 de "Venda a prazo em 3x": já tem boleto emitido\./);
    expect((await call(admin, 'POST', '/api/Boletos/emitir', { parcelaIds: [] })).json().error.message).toMatch(/Escolha ao menos uma parcela/);
    expect((await call(admin, 'POST', '/api/Boletos/emitir', { parcelaIds: [999999] })).json().error.message).toMatch(/Parcela 999999: não encontrada/);
    expect(await contagens()).toEqual(antes);
    expect((await call(vizinha, 'POST', '/api/Boletos/emitir', { parcelaIds: [avulsa] })).json().error.message).toMatch(/não tem configuração de boleto ativa/);
  });

  it('the carnê PDF shows each linha digitável (pdftotext), the Pix copia e cola and three fichas per page', async () => {
    const ids = ((await ok('GET', '/api/Boletos/emitidos')).json() as any[]).map((b) => b.id);
    const r = await ok('POST', '/api/Boletos/emitidos/pdf', { ids, porPagina: 3 });
    expect(r.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'carne-'));
    writeFileSync(join(dir, 'c.pdf'), r.rawPayload);
    const txt = execFileSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
    const linhas = [...new Set([...txt.matchAll(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/g)].map((m) => m[0]))];
    expect(linhas).toHaveLength(3);
    expect(linhas.map((l) => decodificarCodigo(l, '2027-01-10')).map((d) => [d.banco, d.valor]).sort()).toEqual([['237', '100.00'], ['237', '100.00'], ['237', '100.00']]);
    expect(txt).toContain('Pague com Pix');
    expect(txt).toContain('Mercearia Boa Vista Ltda');
    expect(txt.split('\f').filter((p) => p.trim())).toHaveLength(1);
  });

  it('generates the remessa of the new boletos once, numbered per agreement', async () => {
    const r = await ok('POST', '/api/Boletos/remessa/gerar');
    expect(r.headers['content-disposition']).toMatch(/filename="CB\d{4}01\.REM"/);
    const detalhes = r.rawPayload.toString('latin1').split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
    expect(detalhes.map((d) => [d.nossoNumero, d.valor])).toEqual([['00000000700', '100.00'], ['00000000701', '100.00'], ['00000000702', '100.00']]);
    detalhes.forEach((d, i) => (nossos[i + 1] = { nossoNumero: d.nossoNumero! + d.nossoNumeroDv, numeroDocumento: d.numeroDocumento!, valor: d.valor!, vencimento: d.vencimento! }));
    const de = await call(admin, 'POST', '/api/Boletos/remessa/gerar');
    expect(de.statusCode).toBe(400);
    expect(de.json().error.message).toBe('Não há boletos novos, alterados ou cancelados para enviar ao banco.');
  });

  it('a bad retorno is refused whole with a Portuguese message: other bank, other agreement, truncated, unknown nosso número, paid twice', async () => {
    const antes = await contagens();
    const casos: [string, RegExp][] = [
      [retorno([det(1, '02')], { banco: '341' }), /banco 341, não do 237/],
      [retorno([det(1, '02')], { convenio: '9999999' }), /outro convênio \(convênio 9999999\)/],
      [retorno([det(1, '02'), det(2, '06', { valorPago: '100.00' })], { trailer: false }), /incompleto: falta o registro final/],
      [retorno([det(1, '02'), { ...det(2, '02'), nossoNumero: '000000099998' }]), /Linha 3: nosso número 99998 não corresponde a nenhum boleto/],
      [retorno([det(2, '06', { valorPago: '100.00' }), det(2, '06', { valorPago: '100.00', dataOcorrencia: '2027-01-11' })]), /Linha 3: o boleto nº 2 aparece pago mais de uma vez/],
      ['linha curta', /primeira linha tem 11 caracteres/],
    ];
    for (const [conteudo, msg] of casos) {
      const r = await call(admin, 'POST', '/api/Boletos/retorno/aplicar', { conteudo });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toMatch(msg);
    }
    expect(await contagens()).toEqual(antes);
  });

  it('previews then applies a retorno: registers, pays one with interest (settling the receivable), rejects one, posts fees; the same file again applies nothing', async () => {
    const arquivo = retorno([
      det(1, '02', { tarifa: '1.50' }),
      det(2, '02'),
      det(2, '06', { valorPago: '102.35', juros: '2.35', tarifa: '2.10', dataCredito: '2027-01-11' }),
      det(3, '03', { motivos: '0035' }),
    ]);
    const previa = (await ok('POST', '/api/Boletos/retorno/previa', { conteudo: arquivo })).json();
    expect(previa.erros).toEqual([]);
    expect(previa.ocorrencias.map((o: any) => [o.boletoNumero, o.acao])).toEqual([[1, 'registrar'], [2, 'registrar'], [2, 'pagar'], [3, 'rejeitar']]);
    expect(previa.totais).toMatchObject({ pagos: 1, valorPago: '102.35', tarifas: '3.60', registrados: 2, rejeitados: 1 });
    expect(previa.ocorrencias[3].motivos.length).toBeGreaterThan(0);
    // the shop's notice address: the rejection is e-mailed there by a job (and the payment, as before)
    await ok('PUT', '/api/Boletos/automacao', { avisoPagamentoEmail: 'financeiro@boavista.com.br' });
    const antes = await contagens();
    const ultimoJob = Number((await srv.db.query(`SELECT coalesce(max(id), 0) AS n FROM jobs`)).rows[0].n);
    const r = (await ok('POST', '/api/Boletos/retorno/aplicar', { conteudo: arquivo, nome: 'CB110101.RET' })).json();
    expect(r.aplicadas).toBe(4);
    // rejections alert the shop: one alert to the administrator, and the e-mail sent once by its job
    const alertas = (await call(admin, 'GET', '/api/Alerta')).json() as any[];
    expect(alertas.filter((x) => /rejeitou/.test(x.texto))).toMatchObject([{ tipo: 'warning', link: 'pages/pagamentos/boletos', texto: expect.stringMatching(/^O banco rejeitou o boleto no arquivo de retorno: nº 3 \(.+\)\. Corrija e emita de novo em Pagamentos > Boletos\.$/) }]);
    const rejeitado = (await srv.db.query<{ id: number }>(`SELECT id FROM boletos WHERE numero = 3 AND estado = 'rejeitado'`)).rows[0].id;
    await vi.waitFor(async () => {
      const e = await srv.db.query(`SELECT para FROM boletos_emails WHERE boleto_id = $1 AND tipo = 'rejeicao'`, [rejeitado]);
      expect(e.rows).toEqual([{ para: 'financeiro@boavista.com.br' }]);
      const p = await srv.db.query(`SELECT b.numero, e.para FROM boletos_emails e JOIN boletos b ON b.tenant_id = e.tenant_id AND b.id = e.boleto_id WHERE e.tipo = 'pagamento'`);
      expect(p.rows).toEqual([{ numero: 2, para: 'financeiro@boavista.com.br' }]);
      // the retorno's e-mails (the payment alert and the rejection) went by one job for the file, not one per boleto
      const jobs = await srv.db.query(`SELECT tipo, situacao FROM jobs WHERE id > $1 AND tipo LIKE 'boletos.%' ORDER BY id`, [ultimoJob]);
      expect(jobs.rows).toEqual([{ tipo: 'boletos.avisosRetorno', situacao: 'concluido' }]);
    }, { timeout: 30_000, interval: 100 });
    expect(r.mensagem).toMatch(/1 pago\(s\) \(R\$\s102,35\)/);
    expect(await parcela(parcelas[1])).toBe('100.00');
    expect(await parcela(parcelas[0])).toBe('0.00');
    const boletos = (await ok('GET', '/api/Boletos/emitidos')).json() as any[];
    expect(boletos.map((b) => [b.numero, b.estado]).sort()).toEqual([[1, 'registrado'], [2, 'pago'], [3, 'rejeitado']]);
    const pago = boletos.find((b) => b.numero === 2);
    expect(pago).toMatchObject({ valorPago: '102.35', dataPagamento: '2027-01-11', tarifa: '2.10' });
    const saldo = ((await ok('GET', '/api/ContasFinanceiras/saldos')).json() as any[]).find((s) => s.contaId === conta).saldo;
    expect(saldo).toBe('98.75'); // 102.35 received - 1.50 - 2.10 fees
    const tarifas = await srv.db.query(`SELECT valor_total::text AS v FROM lancamentos WHERE origem_tipo = 'boleto' ORDER BY id`);
    expect(tarifas.rows.map((x) => x.v)).toEqual(['1.50', '2.10']);
    const depois = await contagens();
    expect(depois.boletos_historico - antes.boletos_historico).toBe(4);

    const de = (await ok('POST', '/api/Boletos/retorno/aplicar', { conteudo: arquivo.replace(/\r\n/g, '\n') })).json();
    expect(de.aplicadas).toBe(0);
    expect(de.mensagem).toMatch(/^Este arquivo de retorno já foi aplicado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}; nada foi alterado\.$/);
    expect(await contagens()).toEqual(depois);
    // the same occurrences in another file: shown as already applied, nothing moves again
    const outro = (await ok('POST', '/api/Boletos/retorno/aplicar', { conteudo: retorno([det(2, '06', { valorPago: '102.35', juros: '2.35', tarifa: '2.10', dataCredito: '2027-01-11' })]) })).json();
    expect(outro.previa.ocorrencias[0].acao).toBe('jaAplicada');
    expect(outro.aplicadas).toBe(0);
    expect(await parcela(parcelas[1])).toBe('100.00');
  });

  it('manual baixa settles the receivable through the finance baixa; cancel is refused for a paid boleto and allowed for a pending one', async () => {
    const b = (await ok('POST', '/api/Boletos/emitir', { parcelaIds: [avulsa] })).json().boletos[0];
    const lista = (await ok('GET', '/api/Boletos/emitidos?status=pendente')).json() as any[];
    expect(lista.map((x) => x.id)).toEqual([b.id]);
    const baixado = (await ok('POST', `/api/Boletos/emitidos/${b.id}/baixar`, { contaId: conta, data: '2027-02-10' })).json();
    expect(baixado).toMatchObject({ estado: 'pago', valorPago: '80.00', dataPagamento: '2027-02-10' });
    expect(await parcela(avulsa)).toBe('80.00');
    const baixa = await srv.db.query(`SELECT conta_id, valor::text AS valor FROM baixas WHERE parcela_id = $1`, [avulsa]);
    expect(baixa.rows).toEqual([{ conta_id: conta, valor: '80.00' }]);
    for (const acao of ['cancelar', 'baixar']) {
      const r = await call(admin, 'POST', `/api/Boletos/emitidos/${b.id}/${acao}`, {});
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(`Só um boleto pendente pode ser ${acao === 'cancelar' ? 'cancelado' : 'baixado'}: o boleto nº ${b.numero} está pago.`);
    }
    const registrado = ((await ok('GET', '/api/Boletos/emitidos?status=registrado')).json() as any[])[0];
    const cancelado = (await ok('POST', `/api/Boletos/emitidos/${registrado.id}/cancelar`, { motivo: 'Cliente pagou em dinheiro' })).json();
    expect(cancelado).toMatchObject({ estado: 'cancelado', remessaPendente: 'baixar' });
    const hist = (await ok('GET', `/api/Boletos/emitidos/${registrado.id}/historico`)).json();
    expect(hist.map((h: any) => [h.de, h.para, h.origem])).toEqual([[null, 'pendente', 'emissao'], ['pendente', 'registrado', 'retorno'], ['registrado', 'cancelado', 'manual']]);
    // the cancelled registered boleto goes to the next remessa as a baixa request (instrução 02); the one paid
    // by hand before the bank heard of it is never sent
    const rem = await ok('POST', '/api/Boletos/remessa/gerar');
    const d = rem.rawPayload.toString('latin1').split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
    expect(d.map((x) => [x.nossoNumero, x.movimento])).toEqual([['00000000700', '02']]);
    expect(rem.headers['content-disposition']).toMatch(/02\.REM"/);
  });

  it('history is append-only, another tenant sees none, and the vendedor may not issue', async () => {
    await expect(srv.db.query(`UPDATE boletos_historico SET para = 'pago'`)).rejects.toThrow(/não pode ser alterado/);
    expect((await call(vizinha, 'GET', '/api/Boletos/emitidos')).json()).toEqual([]);
    const vendedor = await login(app, 'vendedor@demo.com.br');
    expect((await call(vendedor, 'POST', '/api/Boletos/emitir', { parcelaIds: [avulsa] })).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/Boletos/emitidos?status=qualquer')).json().error.message).toMatch(/Status inválido: qualquer/);
    for (const url of ['/api/Boletos/emitidos?vencimentoDe=2026-13-45', '/api/Boletos/emitidos/abc/historico', '/api/Boletos/emitidos/0/historico']) {
      const r = await call(admin, 'GET', url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error.message).toMatch(/^(Filtro de vencimento: informe uma data válida|Parâmetro inválido no endereço: id)/);
    }
    expect((await call(admin, 'GET', '/api/Boletos/emitidos?limite=abc')).statusCode).toBe(200);
  });

  it('a standalone carnê creates its receivable split per SPEC 3 (quantity, fixed day, interval, custom amounts checked to the cent)', async () => {
    const cliente = (await srv.db.query<{ id: number }>(`SELECT id FROM pessoas WHERE nome = 'Mercearia Boa Vista Ltda'`)).rows[0].id;
    const simular = async (parcelamento: unknown, valorTotal = '100.00') => (await ok('POST', '/api/Boletos/avulso', { simular: true, pessoaId: cliente, descricao: 'x', valorTotal, parcelamento })).json().parcelas;
    expect(await simular({ quantidade: 3, primeiroVencimento: '2027-01-31' })).toEqual([{ vencimento: '2027-01-31', valor: '33.33' }, { vencimento: '2027-02-28', valor: '33.33' }, { vencimento: '2027-03-31', valor: '33.34' }]);
    expect((await simular({ quantidade: 3, primeiroVencimento: '2027-01-20', diaFixo: 5 })).map((p: any) => p.vencimento)).toEqual(['2027-01-20', '2027-02-05', '2027-03-05']);
    expect((await simular({ quantidade: 3, primeiroVencimento: '2027-01-20', intervaloDias: 15 })).map((p: any) => p.vencimento)).toEqual(['2027-01-20', '2027-02-04', '2027-02-19']);
    const antes = await contagens();
    const torto = await call(admin, 'POST', '/api/Boletos/avulso', { pessoaId: cliente, descricao: 'Carnê torto', valorTotal: '100.00', parcelas: [{ vencimento: '2027-03-10', valor: '50.00' }, { vencimento: '2027-04-10', valor: '49.99' }] });
    expect(torto.statusCode).toBe(400);
    expect(torto.json().error.message).toMatch(/Parcelas: a soma das parcelas \(R\$\s99,99\) difere do valor total \(R\$\s100,00\)/);
    expect((await call(admin, 'POST', '/api/Boletos/avulso', { pessoaId: cliente, descricao: 'x', valorTotal: '100.00', parcelamento: { quantidade: 0, primeiroVencimento: '2027-01-10' } })).json().error.message).toBe('Quantidade de parcelas: informe de 1 a 120.');
    expect(await contagens()).toEqual(antes);
    const r = (await ok('POST', '/api/Boletos/avulso', { pessoaId: cliente, descricao: 'Carnê da reforma', valorTotal: '100.00', parcelas: [{ vencimento: '2027-03-10', valor: '60.00' }, { vencimento: '2027-04-10', valor: '40.00' }] })).json();
    expect(r.boletos.map((b: any) => [b.parcela, b.valor, b.vencimento, b.estado])).toEqual([['1/2', '60.00', '2027-03-10', 'pendente'], ['2/2', '40.00', '2027-04-10', 'pendente']]);
    const l = await srv.db.query(`SELECT l.valor_total::text AS v, l.origem_tipo FROM lancamentos l JOIN parcelas p ON p.lancamento_id = l.id WHERE p.id = $1`, [r.boletos[0].parcelaId]);
    expect(l.rows[0]).toEqual({ v: '100.00', origem_tipo: 'boleto-avulso' });
  });

  it('the extrato of the conta mixes boleto payments and fees with running balance', async () => {
    const e = (await ok('GET', `/api/Boletos/extrato?contaId=${conta}&de=2027-01-01&ate=2027-12-31`)).json();
    expect(e.saldoAnterior).toBe('0.00');
    expect(e.linhas.map((l: any) => [l.data, l.origem, l.boleto, l.entrada ?? `-${l.saida}`, l.saldo])).toEqual([
      ['2027-01-10', 'tarifa', null, '-1.50', '-1.50'],
      ['2027-01-11', 'boleto', 2, '102.35', '100.85'],
      ['2027-01-11', 'tarifa', null, '-2.10', '98.75'],
      ['2027-02-10', 'boleto', 4, '80.00', '178.75'],
    ]);
    expect(e.saldoFinal).toBe('178.75');
    const sem = await call(admin, 'GET', '/api/Boletos/extrato?de=2027-01-01&ate=2027-12-31');
    expect(sem.statusCode).toBe(400);
    expect(sem.json().error.message).toBe('Conta: campo obrigatório.');
  });

  it('a parcela paid by hand in Financeiro while the retorno applies is paid once: the retorno is refused whole', async () => {
    const tenantId = Number((await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id);
    const ctx = { tenantId, userId: 0 };
    const cliente = (await srv.db.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND cpf_cnpj = '11444777000161'`, [tenantId])).rows[0].id;
    const pid = (await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda disputada', dataEmissao: '2026-12-01', valorTotal: '50.00', primeiroVencimento: '2027-03-10', contaId: conta, pessoaId: cliente })).json().parcelas[0].id;
    const b = (await ok('POST', '/api/Boletos/emitir', { parcelaIds: [pid] })).json().boletos[0];
    const nn = (await srv.db.query<{ n: string }>(`SELECT nosso_numero_banco AS n FROM boletos WHERE id = $1`, [b.id])).rows[0].n;
    const arquivo = retorno([{ nossoNumero: nn.padStart(12, '0'), ocorrencia: '06', dataOcorrencia: '2027-03-10', numeroDocumento: b.numeroDocumento ?? '', vencimento: '2027-03-10', valor: '50.00', valorPago: '50.00', tarifa: '1.00' }]);
    expect((await ok('POST', '/api/Boletos/retorno/previa', { conteudo: arquivo })).json().ocorrencias.map((o: any) => o.acao)).toEqual(['pagar']);
    const antes = await contagens();
    let aplicar!: Promise<{ statusCode: number; body: string }>;
    await srv.db.tenant({ tenantId }, async (tx) => {
      await baixarParcelas(tx, ctx, { contaId: conta, data: '2027-03-09', itens: [{ parcelaId: pid }] });
      aplicar = call(admin, 'POST', '/api/Boletos/retorno/aplicar', { conteudo: arquivo });
      // PostgreSQL: the retorno runs on its own connection and waits for the hand baixa's row lock
      if (backend === 'postgres') {
        await vi.waitFor(async () => {
          const w = await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          expect(w.rows[0].n).toBe(1);
        }, { timeout: 30_000, interval: 50 });
      }
    });
    const r = await aplicar;
    expect(r.statusCode, r.body).toBe(400);
    expect(JSON.parse(r.body).error.message).toMatch(/Parcela 1 de "Venda disputada": já está paga\./);
    const depois = await contagens();
    expect({ ...depois, baixas: depois.baixas - 1, movimentos_financeiros: depois.movimentos_financeiros - 1 }).toEqual(antes);
    expect(await parcela(pid)).toBe('50.00');
    expect((await srv.db.query(`SELECT estado FROM boletos WHERE id = $1`, [b.id])).rows[0].estado).toBe('pendente');
  });

  it('the demo seed (npm start) gives a living screen: a carnê pending and one boleto paid', async () => {
    const tenant = (await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@vizinha.com.br'`)).rows[0].tenant_id;
    await srv.db.query(`INSERT INTO contas_financeiras (tenant_id, descricao, tipo, saldo_inicial, data_saldo_inicial) VALUES ($1, 'Banco da vizinha', 1, 0, '2026-01-01')`, [tenant]);
    await srv.db.transaction((q) => seedBoletos(q, tenant));
    const boletos = (await call(vizinha, 'GET', '/api/Boletos/emitidos')).json() as any[];
    expect(boletos.map((b) => [b.parcela, b.status]).sort()).toEqual([['1/1', 'pago'], ['1/3', 'registrado'], ['2/3', 'registrado'], ['3/3', 'registrado']]);
    // the carnê went in remessa 1 and came back registered; the discount on the 2nd waits for the next remessa
    const seg = boletos.find((b) => b.parcela === '2/3');
    expect(seg.desconto).toBe('10.00');
    const pend = await srv.db.query(`SELECT i.operacao FROM boletos_instrucoes i JOIN boletos b ON b.id = i.boleto_id WHERE b.tenant_id = $1 AND i.remessa_id IS NULL`, [tenant]);
    expect(pend.rows).toEqual([{ operacao: 'concederDesconto' }]);
    const auto = (await call(vizinha, 'GET', '/api/Boletos/automacao')).json();
    expect(auto.valores).toMatchObject({ remessaAutomatica: true, remessaHora: '18:00', lembreteDiasAntes: 3, lembreteNoVencimento: true, lembreteDiasApos: 5 });
    expect((await call(admin, 'GET', '/api/Boletos/emitidos')).json().some((b: any) => b.pagadorNome === boletos[0].pagadorNome && b.id === boletos[0].id)).toBe(false);
  });
});
