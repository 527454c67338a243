import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { BACKENDS } from '../support/server.ts';
import { servidorFiscal } from '../support/servidor-fiscal.ts';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { emitenteDe } from '../../src/web/pages/pdv/cupom.ts';

const flat = (s: string) => s.replace(/\s+/g, ' ');
/** The wall clock of an instant at a fixed offset (Brazil keeps no daylight saving since 2019), as dd/MM/yyyy HH:mm:ss. */
const relogio = (instante: Date | string, horas: number) => {
  const iso = new Date(new Date(instante).getTime() + horas * 3_600_000).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
};

/**
 * What the printed fiscal documents say (issue 41): the issuer's header as the MOC asks (razão social, CNPJ, CEP and
 * phone formatted, the address in words without the IBGE code) and times in the branch's time zone.
 */
describe.each(BACKENDS)('printed DANFCE and DANFE on %s', (backend) => {
  const f = servidorFiscal(backend, 'impressos');
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);
  let tenant: number;
  let pdvId: number;
  let operadorId: number;
  let forma: number;
  let produto: { id: number; preco: string };

  beforeAll(async () => {
    tenant = Number((await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    pdvId = Number((await sql(`SELECT id FROM pdvs WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    operadorId = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '1'`, [tenant])).rows[0].id);
    forma = Number((await sql(`SELECT id FROM pdv_formas_pagamento WHERE tenant_id = $1 AND t_pag = '01'`, [tenant])).rows[0].id);
    const p = (await sql(`SELECT p.id, p.preco_venda::text AS preco FROM produtos p WHERE p.tenant_id = $1 AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0 ORDER BY p.id LIMIT 1`, [tenant])).rows[0];
    produto = { id: Number(p.id), preco: new Decimal(p.preco).toFixed(2) };
  });

  const vender = async (emitidaEm: string) => {
    const aberto = await f.call(f.admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`);
    const caixa = aberto.statusCode === 200 ? aberto.json() : await f.ok(f.admin, 'POST', '/api/Pdv/caixas', { pdvId, operadorId, valorAbertura: '10.00' }, 201);
    const venda = await f.ok(f.admin, 'POST', '/api/Pdv/vendas', {
      chave: randomUUID(), pdvId, caixaId: caixa.id, operadorId, emitidaEm,
      itens: [{ produtoId: produto.id, quantidade: '1', precoUnitario: produto.preco, desconto: '0' }],
      pagamentos: [{ formaPagamentoId: forma, tPag: '01', valor: produto.preco }], troco: '0.00',
    }, 201);
    expect(venda.situacao, venda.motivo).toBe('autorizada');
    return venda;
  };

  it('the DANFCE header: razão social (not the nickname "Matriz"), CNPJ, CEP and phone formatted, no IBGE code; the same on the PDV screen', async () => {
    const venda = await vender(new Date().toISOString());
    const pdf = await f.call(f.admin, 'GET', venda.danfce);
    expect(pdf.statusCode).toBe(200);
    const txt = flat(pdftotext(pdf.rawPayload, false));
    expect(txt).toContain('Mercadinho Demo Ltda');
    expect(txt).toContain('CNPJ: 11.222.333/0001-81');
    expect(txt).toContain('Avenida Paulista, 1000 - Loja 1 - Bela Vista');
    expect(txt).toContain('São Paulo/SP - CEP 01310-100 - Fone: (11) 3123-4567');
    expect(txt).not.toContain('3550308');
    expect(txt).not.toContain('Matriz');
    expect(txt).not.toContain('11222333000181');

    const html = (await f.call(f.admin, 'GET', `${venda.danfce}?formato=html`)).body;
    expect(html).toContain('CNPJ: 11.222.333/0001-81');
    expect(html).toContain('São Paulo/SP - CEP 01310-100');
    expect(html).not.toContain('3550308');

    // The PDV screen prints its own DANFCE (also offline) from the catalogue: the same header.
    const catalogo = await f.ok(f.admin, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}`);
    const e = emitenteDe(catalogo);
    expect(e.nome).toBe('Mercadinho Demo Ltda');
    expect(e.cnpj).toBe('11.222.333/0001-81');
    expect(e.endereco).toBe('Avenida Paulista, 1000 - Loja 1 - Bela Vista - São Paulo/SP - CEP 01310-100 - Fone: (11) 3123-4567');

    // The homologação DANFCE of the settings screen has the branch's real address too.
    const h = await f.call(f.admin, 'POST', '/api/NotasFiscais/danfce-homologacao', { itens: [{ produtoId: produto.id, quantidade: '1' }] });
    expect(h.statusCode).toBe(200);
    const th = flat(pdftotext(h.rawPayload, false));
    expect(th).toContain('Avenida Paulista, 1000 - Loja 1 - Bela Vista');
    expect(th).not.toContain('Endereço da filial');
  });

  it('without an IBPT table for the branch\'s UF no Lei 12.741 line is printed, and the NF-e settings say so; with it they do not', async () => {
    const sem = await f.ok(f.admin, 'GET', '/api/ConfiguracoesNfe');
    expect(sem.tributosAproximados).toEqual({ uf: 'SP', carregada: false, vigenteAte: null });
    const h = await f.call(f.admin, 'POST', '/api/NotasFiscais/danfce-homologacao', { itens: [{ produtoId: produto.id, quantidade: '1' }] });
    expect(flat(pdftotext(h.rawPayload, false))).not.toContain('12.741');
    const avanco = await (await import('../support/server.ts')).login(f.app, 'avanco@demo.com.br');
    const ncm = (await sql(`SELECT ncm FROM produtos WHERE id = $1`, [produto.id])).rows[0].ncm;
    const arquivo = ['codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte',
      `${ncm};;0;Item;4.20;6.20;7.00;0.00;01/01/2026;31/12/2027;7A3C9E;26.1.B;IBPT/empresometro.com.br`].join('\n');
    await f.ok(avanco, 'POST', '/api/Ibpt/importar-ncm', { uf: 'SP', arquivo });
    const com = await f.ok(f.admin, 'GET', '/api/ConfiguracoesNfe');
    expect(com.tributosAproximados).toEqual({ uf: 'SP', carregada: true, vigenteAte: '31/12/2027' });
    const h2 = await f.call(f.admin, 'POST', '/api/NotasFiscais/danfce-homologacao', { itens: [{ produtoId: produto.id, quantidade: '1' }] });
    expect(flat(pdftotext(h2.rawPayload, false))).toContain('Lei Federal 12.741/2012');
    await sql(`DELETE FROM ibpt_tributos WHERE uf = 'SP'`);
  });

  it('times in the branch\'s time zone: the DANFCE prints the authorisation in local time (not UTC); a branch in Manaus prints and signs UTC−4', async () => {
    const venda = await vender(new Date().toISOString());
    const autorizada = (await sql(`SELECT data_autorizacao FROM pdv_vendas WHERE id = $1`, [venda.id])).rows[0].data_autorizacao;
    const txt = flat(pdftotext((await f.call(f.admin, 'GET', venda.danfce)).rawPayload, false));
    expect(txt).toContain(`Data de autorização: ${relogio(autorizada, -3)}`);
    if (relogio(autorizada, -3).slice(11) !== relogio(autorizada, 0).slice(11)) expect(txt).not.toContain(relogio(autorizada, 0));

    // The branch's time zone is a field of Empresas (default America/Sao_Paulo); an unknown zone is refused.
    const matriz = Number((await sql(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`, [tenant])).rows[0].id);
    const empresa = await f.ok(f.admin, 'GET', `/api/Empresas/${matriz}`);
    expect(empresa.fusoHorario).toBe('America/Sao_Paulo');
    const ruim = await f.call(f.admin, 'PATCH', `/api/Empresas/${matriz}`, { fusoHorario: 'Marte/Olympus' });
    expect(ruim.statusCode).toBe(400);
    expect((await f.ok(f.admin, 'GET', `/api/Empresas/${matriz}`)).fusoHorario).toBe('America/Sao_Paulo');
    await f.ok(f.admin, 'PATCH', `/api/Empresas/${matriz}`, { fusoHorario: 'America/Manaus' });
    try {
      const v2 = await vender(new Date().toISOString());
      const linha = (await sql(`SELECT data_autorizacao, documento FROM pdv_vendas WHERE id = $1`, [v2.id])).rows[0];
      expect(linha.documento.ide.dataEmissao).toMatch(/-04:00$/);
      const xml = (await f.call(f.admin, 'GET', `/api/Pdv/cupons/${v2.id}/xml`)).body;
      expect(/<dhEmi>([^<]+)<\/dhEmi>/.exec(xml)![1]).toMatch(/-04:00$/);
      const t2 = flat(pdftotext((await f.call(f.admin, 'GET', v2.danfce)).rawPayload, false));
      expect(t2).toContain(`Data de autorização: ${relogio(linha.data_autorizacao, -4)}`);
      const html = (await f.call(f.admin, 'GET', `${v2.danfce}?formato=html`)).body;
      expect(html).toContain(relogio(linha.data_autorizacao, -4).slice(0, 16));
    } finally {
      await f.ok(f.admin, 'PATCH', `/api/Empresas/${matriz}`, { fusoHorario: 'America/Sao_Paulo' });
    }
  });

  it('XLSX writes dates as date cells (dd/mm/yyyy hh:mm) holding the branch\'s local time', async () => {
    const queued = await f.call(f.admin, 'POST', '/api/Relatorios/exportar', { recurso: 'MovimentacaoEstoque', tipo: 'xlsx', filter: { where: {} } });
    expect(queued.statusCode, queued.body).toBe(200);
    const job = queued.json();
    let file = await f.call(f.admin, 'GET', `/api/Relatorios/${job.id}/arquivo`);
    for (let i = 0; i < 600 && file.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      file = await f.call(f.admin, 'GET', `/api/Relatorios/${job.id}/arquivo`);
    }
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Data');
    const cel = ws.getRow(2).getCell(1);
    expect(cel.type).toBe(ExcelJS.ValueType.Date);
    expect(cel.numFmt).toBe('dd/mm/yyyy hh:mm');
    // The newest movement of the ledger, as the branch's clock shows it (UTC−3), written as the cell's date.
    const mov = (await sql(
      `SELECT created_at FROM movimentos_estoque WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [tenant],
    )).rows[0];
    const celula = cel.value as Date;
    const esperado = new Date(new Date(mov.created_at).getTime() - 3 * 3_600_000);
    const semSeg = (d: Date) => d.toISOString().slice(0, 16);
    const datas = [];
    for (let i = 2; i <= ws.rowCount; i++) datas.push(semSeg(ws.getRow(i).getCell(1).value as Date));
    expect(datas).toContain(semSeg(esperado));
    expect(celula).toBeInstanceOf(Date);
  });
});
