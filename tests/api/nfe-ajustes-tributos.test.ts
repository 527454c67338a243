import { BACKENDS } from '../support/server.ts';
import { servidorFiscal, CNPJ_MATRIZ, xsdOk } from '../support/servidor-fiscal.ts';
import { tributarLinhaNoContexto, valorDaLinha, type ContextoTributacao } from '../../src/shared/fiscal/tributar-linha.ts';
import type { AjustesTributacao } from '../../src/shared/fiscal/ajustes-tributacao.ts';
import { dec, sum } from '../../src/shared/fiscal/decimal.ts';

// Issue 17, taxes "editable where the rules allow": a line's adjustments (CFOP, CSOSN, rates) are kept with the
// draft, the server recomputes with them (same tributarLinha as the screen) and the authorised XML carries them;
// an adjustment the law forbids is a 400 naming the line's field, and nothing changes.
describe.each(BACKENDS)('ajustes de impostos da NF-e on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-ajustes');
  const { call, ok } = f;
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);
  let tenant: number;
  let natureza: number;
  let produtos: number[];
  let clienteSP: number;

  beforeAll(async () => {
    tenant = Number((await sql(`SELECT tenant_id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0].tenant_id);
    natureza = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant])).rows[0].id);
    const perfil = Number((await sql(`SELECT id FROM perfis_tributarios WHERE tenant_id = $1 AND nome = 'Revenda Simples Nacional'`, [tenant])).rows[0].id);
    produtos = (await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND perfil_tributario_id = $2 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 2`, [tenant, perfil])).rows.map((r) => Number(r.id));
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) VALUES ($1, true) ON CONFLICT (tenant_id) DO UPDATE SET permitir_estoque_negativo = true`, [tenant]);
    clienteSP = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND coalesce(inscricao_estadual, '') = '' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
  });

  const tag = (det: string, nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(det)?.[1];
  type LinhaNota = { produtoId: number; quantidade: string; valorUnitario: string; ajustes?: AjustesTributacao };

  /** The note's total as the screen computes it (tributarLinhaNoContexto with the adjustments): what it pays. */
  async function totalDaTela(linhas: LinhaNota[]) {
    const ctx: ContextoTributacao = await ok(f.admin, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, clienteId: clienteSP, produtoIds: linhas.map((l) => l.produtoId) });
    const tela = linhas.map((l) => {
      const r = tributarLinhaNoContexto(ctx, ctx.produtos.find((p) => p.id === l.produtoId)!, l);
      if (!r.tributos) throw new Error(r.erro);
      return r.tributos.tributacao;
    });
    return { tela, total: sum(linhas.map((l, i) => dec(valorDaLinha(l)).plus(tela[i].icms.vICMSST).plus(tela[i].icms.vFCPST).plus(tela[i].ipi?.vIPI ?? '0'))).toFixed(2) };
  }

  it('a line with CSOSN 900 at 12%, CFOP 5405 and PIS 01 at 0,65% is authorised with those values in the XML (xmllint); the other line keeps the rule', async () => {
    const ajustes = { cfop: '5405', cstIcms: '900', aliquotaIcms: '12,00', cstPis: '01', aliquotaPis: '0.65' };
    const linhas: LinhaNota[] = [
      { produtoId: produtos[0], quantidade: '2', valorUnitario: '50.00', ajustes },
      { produtoId: produtos[1], quantidade: '1', valorUnitario: '10.00' },
    ];
    const { tela, total } = await totalDaTela(linhas);
    expect(tela[0].icms).toMatchObject({ CSOSN: '900', pICMS: '12.00', vBC: '100.00', vICMS: '12.00' });
    const id = (await ok(f.admin, 'POST', '/api/NotasFiscais', { naturezaId: natureza, clienteId: clienteSP, itens: linhas, transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: total, vencimento: '2099-01-10' }] })).id;
    // kept with the draft, cleaned ('12,00' read as 12.00)
    const salvo = await ok(f.admin, 'GET', `/api/NotasFiscais/${id}`);
    expect(salvo.dados.itens[0].ajustes).toEqual({ ...ajustes, aliquotaIcms: '12.00' });
    expect(salvo.dados.itens[1].ajustes).toBeUndefined();
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${id}/validar`)).valido).toBe(true);

    const r = await ok(f.admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    expect(r.nota.total).toBe(total);
    const xml = (await call(f.admin, 'GET', `/api/NotasFiscais/${id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    const [d1, d2] = [...xml.matchAll(/<det nItem="\d+">(.*?)<\/det>/g)].map((m) => m[1]);
    expect(tag(d1, 'CFOP')).toBe('5405');
    expect(d1).toContain('<ICMSSN900>');
    expect(tag(d1, 'CSOSN')).toBe('900');
    expect(tag(d1, 'pICMS')).toBe('12.0000');
    expect(tag(d1, 'vICMS')).toBe('12.00');
    expect(d1).toMatch(/<PISAliq><CST>01<\/CST><vBC>100.00<\/vBC><pPIS>0.6500<\/pPIS><vPIS>0.65<\/vPIS><\/PISAliq>/);
    // line 2 by the rule of the perfil (Simples, CSOSN 102 inside SP)
    expect(tag(d2, 'CFOP')).toBe('5102');
    expect(d2).not.toContain('<ICMSSN900>');
  });

  it('a forbidden adjustment (a CST for a Simples issuer, an interstate CFOP inside SP, a negative rate) is a 400 naming each line field, and the draft does not change', async () => {
    const linhas: LinhaNota[] = [{ produtoId: produtos[0], quantidade: '1', valorUnitario: '20.00' }];
    const { total } = await totalDaTela(linhas);
    const corpo = { naturezaId: natureza, clienteId: clienteSP, itens: linhas, transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: total }] };
    const id = (await ok(f.admin, 'POST', '/api/NotasFiscais', corpo)).id;
    const antes = (await sql(`SELECT dados, total, updated_at FROM notas_fiscais WHERE id = $1`, [id])).rows[0];
    const notas = Number((await sql(`SELECT count(*) AS n FROM notas_fiscais WHERE tenant_id = $1`, [tenant])).rows[0].n);

    const proibido = { ...corpo, itens: [{ ...linhas[0], quantidade: '3', ajustes: { cstIcms: '00', cfop: '6102', aliquotaPis: '-1' } }] };
    for (const [method, url] of [['PUT', `/api/NotasFiscais/${id}`], ['POST', '/api/NotasFiscais']] as const) {
      const r = await call(f.admin, method, url, proibido);
      expect(r.statusCode, r.body).toBe(400);
      const e = r.json().error;
      expect(e.message).toMatch(/^Impostos ajustados que a legislação não permite: /);
      expect(e.message).toContain('Item 1: CST/CSOSN do ICMS: 00 não é um CSOSN; o emitente é do Simples Nacional');
      expect(e.message).toContain('Item 1: CFOP: 6102 não é de operação dentro do estado');
      expect(e.message).toContain('Item 1: Alíquota do PIS: não pode ser negativa.');
      expect(e.details.map((d: { campo: string }) => d.campo).sort()).toEqual(['itens/0/ajustes/aliquotaPis', 'itens/0/ajustes/cfop', 'itens/0/ajustes/cstIcms']);
    }
    const depois = (await sql(`SELECT dados, total, updated_at FROM notas_fiscais WHERE id = $1`, [id])).rows[0];
    expect(depois).toEqual(antes);
    expect(Number((await sql(`SELECT count(*) AS n FROM notas_fiscais WHERE tenant_id = $1`, [tenant])).rows[0].n)).toBe(notas);

    // a draft that got a forbidden adjustment some other way (written straight in the table) cannot be validated or transmitted
    await sql(`UPDATE notas_fiscais SET dados = jsonb_set(dados, '{itens,0,ajustes}', '{"cstIcms": "10"}'::jsonb) WHERE id = $1`, [id]);
    for (const acao of ['validar', 'transmitir']) {
      const r = await call(f.admin, 'POST', `/api/NotasFiscais/${id}/${acao}`);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.details).toContainEqual(expect.objectContaining({ campo: 'itens/0/ajustes/cstIcms', mensagem: expect.stringMatching(/^Item 1: CST\/CSOSN do ICMS: 10 não é um CSOSN/) }));
    }
    expect((await sql(`SELECT status, numero FROM notas_fiscais WHERE id = $1`, [id])).rows[0]).toEqual({ status: 'rascunho', numero: null });
  });
});
