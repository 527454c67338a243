import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { BACKENDS } from '../support/server.ts';
import { servidorFiscal } from '../support/servidor-fiscal.ts';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { emitenteDe } from '../../src/web/pages/pdv/cupom.ts';

const flat = (s: string) => s.replace(/\s+/g, ' ');

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
});
