import { BACKENDS } from '../support/server.ts';
import { servidorFiscal, CNPJ_MATRIZ, xsdOk } from '../support/servidor-fiscal.ts';
import { tributarLinhaNoContexto, valorDaLinha, type ContextoTributacao } from '../../src/shared/fiscal/tributar-linha.ts';
import { dec, sum } from '../../src/shared/fiscal/decimal.ts';

// Issue 17, live taxes: emitir-nfe asks POST /api/NotasFiscais/contexto-tributacao for the note's rules and runs
// tributarLinha in the browser; the server issues with the same function. What the screen would show for each line
// (run here exactly as the page runs it) must be what the authorised XML carries: a DIFAL case and an ST case.
describe.each(BACKENDS)('contexto de tributação da NF-e on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-contexto');
  const { call, ok } = f;
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);
  let tenant: number;
  let natureza: number;
  let produtos: number[];

  beforeAll(async () => {
    tenant = Number((await sql(`SELECT tenant_id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0].tenant_id);
    natureza = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant])).rows[0].id);
    const perfil = Number((await sql(`SELECT id FROM perfis_tributarios WHERE tenant_id = $1 AND nome = 'Revenda Simples Nacional'`, [tenant])).rows[0].id);
    produtos = (await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND perfil_tributario_id = $2 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 3`, [tenant, perfil])).rows.map((r) => Number(r.id));
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) VALUES ($1, true) ON CONFLICT (tenant_id) DO UPDATE SET permitir_estoque_negativo = true`, [tenant]);
  });

  const cliente = async (uf: string) => Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = $2 AND coalesce(inscricao_estadual, '') = '' ORDER BY id LIMIT 1`, [tenant, uf])).rows[0].id);
  const tag = (det: string, nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(det)?.[1] ?? '0.00';

  /** The lines taxed as the screen taxes them, a draft with them (paid with the screen's total), transmitted; the screen's values and the XML's, per line. */
  async function telaEXml(clienteId: number, linhas: { produtoId: number; quantidade: string; valorUnitario: string; valorDesconto?: string }[]) {
    const ctx: ContextoTributacao = await ok(f.admin, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, clienteId, produtoIds: linhas.map((l) => l.produtoId) });
    const tela = linhas.map((l) => {
      const r = tributarLinhaNoContexto(ctx, ctx.produtos.find((p) => p.id === l.produtoId)!, l);
      if (!r.tributos) throw new Error(r.erro);
      return r.tributos.tributacao;
    });
    const total = sum(linhas.map((l, i) => dec(valorDaLinha(l)).plus(tela[i].icms.vICMSST).plus(tela[i].icms.vFCPST).plus(tela[i].ipi?.vIPI ?? '0'))).toFixed(2);
    const id = (await ok(f.admin, 'POST', '/api/NotasFiscais', { naturezaId: natureza, clienteId, itens: linhas, transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: total, vencimento: '2099-01-10' }] })).id;
    const r = await ok(f.admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    expect(r.nota.total).toBe(total);
    const xml = (await call(f.admin, 'GET', `/api/NotasFiscais/${id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    const dets = [...xml.matchAll(/<det nItem="\d+">(.*?)<\/det>/g)].map((m) => m[1]);
    expect(dets).toHaveLength(linhas.length);
    const campos = ['vBC', 'vICMS', 'vBCST', 'vICMSST', 'vCredICMSSN', 'vBCUFDest', 'vICMSUFDest', 'vFCPUFDest', 'vIPI'] as const;
    const daTela = (t: (typeof tela)[number]) => ({ CFOP: t.cfop, ...Object.fromEntries(campos.map((c) => [c, (t.icms as unknown as Record<string, string>)[c] ?? (t.difal as unknown as Record<string, string> | null)?.[c] ?? (c === 'vIPI' ? t.ipi?.vIPI : undefined) ?? '0.00'])) });
    const doXml = (d: string) => ({ CFOP: tag(d, 'CFOP'), ...Object.fromEntries(campos.map((c) => [c, tag(d, c)])) });
    return { tela: tela.map(daTela), xml: dets.map(doXml), ctx };
  }

  it('DIFAL, SP → RJ to a non-contributor: the screen\'s CFOP and ICMSUFDest of each line are the XML\'s', async () => {
    const { tela, xml, ctx } = await telaEXml(await cliente('RJ'), [
      { produtoId: produtos[0], quantidade: '3', valorUnitario: '100.00' },
      { produtoId: produtos[1], quantidade: '1.5', valorUnitario: '4.00', valorDesconto: '1.00' },
    ]);
    expect(ctx).toMatchObject({ emitente: { uf: 'SP', crt: 1 }, destinatario: { uf: 'RJ', consumidorFinal: true, indIEDest: 9 }, natureza: { cfopInterestadual: '6102' } });
    expect(tela).toEqual(xml);
    expect(tela[0]).toMatchObject({ CFOP: '6102', vBCUFDest: '300.00', vICMSUFDest: '24.00', vFCPUFDest: '6.00' });
  });

  it('ST (CSOSN 201, MVA 40%, ICMS-ST 18%) within SP: the screen\'s ST of each line is the XML\'s, and its total is vNF', async () => {
    const perfil = Number((await sql(`INSERT INTO perfis_tributarios (tenant_id, nome) VALUES ($1, 'Teste ST ao vivo') RETURNING id`, [tenant])).rows[0].id);
    await sql(
      `INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, csosn, aliquota_credito_sn, aliquota_icms, mva_st, aliquota_icms_st, cfop)
       VALUES ($1, $2, 'SP', 'SP', '2024-01-01', '201', 1.25, 18, 40, 18, '5405')`,
      [tenant, perfil],
    );
    await sql(`INSERT INTO tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio, cst_pis, cst_cofins) VALUES ($1, $2, '2024-01-01', '49', '49')`, [tenant, perfil]);
    await sql(`UPDATE produtos SET perfil_tributario_id = $3 WHERE tenant_id = $1 AND id = $2`, [tenant, produtos[2], perfil]);
    const { tela, xml } = await telaEXml(await cliente('SP'), [
      { produtoId: produtos[2], quantidade: '2', valorUnitario: '50.00' },
      { produtoId: produtos[2], quantidade: '7', valorUnitario: '3.33', valorDesconto: '0.31' },
    ]);
    expect(tela).toEqual(xml);
    // 100,00 × 1,4 = 140,00 × 18% = 25,20 − own ICMS at 18% of 100,00 (18,00) = 7,20
    expect(tela[0]).toMatchObject({ CFOP: '5405', vBCST: '140.00', vICMSST: '7.20', vCredICMSSN: '1.25' });
  });

  it('is scoped to the account and to the emission keys: another account\'s product gives nothing, its natureza 404, no key 403', async () => {
    const ctx = await ok(f.admin, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, clienteId: await cliente('SP'), produtoIds: [produtos[0]] });
    expect(ctx.produtos.map((p: { id: number }) => p.id)).toEqual([produtos[0]]);
    expect(ctx.regras.estaduais.length).toBeGreaterThan(0);
    // Loja Vizinha: the demo's natureza and cliente are not there; with its own, the demo's product is simply absent.
    expect((await call(f.vizinha, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, clienteId: await cliente('SP'), produtoIds: [produtos[0]] })).statusCode).toBe(404);
    const vizinha = Number((await sql(`SELECT tenant_id FROM users WHERE email = 'admin@vizinha.com.br'`)).rows[0].tenant_id);
    const natVizinha = Number((await sql(`INSERT INTO naturezas_operacao (tenant_id, descricao, tipo, finalidade, cfop_estadual, cfop_interestadual) VALUES ($1, 'Venda da vizinha', 1, 1, '5102', '6102') RETURNING id`, [vizinha])).rows[0].id);
    const cliVizinha = Number((await sql(`INSERT INTO pessoas (tenant_id, tipo, nome, uf) VALUES ($1, 0, 'Cliente da vizinha', 'RJ') RETURNING id`, [vizinha])).rows[0].id);
    const alheio = await ok(f.vizinha, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natVizinha, clienteId: cliVizinha, produtoIds: [produtos[0], produtos[1]] });
    expect(alheio.produtos).toEqual([]);
    expect(alheio.regras).toEqual({ estaduais: [], federais: [] });
    expect((await call(f.vendedor, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, clienteId: await cliente('SP'), produtoIds: [] })).statusCode).toBe(403);
    const ruim = await call(f.admin, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, produtoIds: ['x'] });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.message).toBe('Informe o destinatário. Informe os produtos (até 1000 códigos).');
  });
});
