import { BACKENDS, login } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { carregarLayout, versaoDoPeriodo } from '../../src/server/exportacoes/sped-layout.ts';
import { lerLinhasSped, validarSped } from '../../src/server/exportacoes/sped-validador.ts';

// Issue 36 items 2 and 3: the EFD ICMS/IPI of the demo Matriz's month, generated from the stored XMLs, checked by the
// validator, parsed back line by line against the layout data; a product without NCM and a branch without IE are
// listed with the route to fix them and the file is not offered.
describe.each(BACKENDS)('SPED EFD ICMS/IPI on %s', (backend) => {
  const f = servidorFiscal(backend, 'exportacoes-sped');
  const { call, ok } = f;
  let contador: string;
  let numeroComInfo = 0;
  let m: Awaited<ReturnType<typeof matrizDemo>>;
  const agora = new Date(Date.now() - 3 * 3600_000);
  const mes = agora.toISOString().slice(0, 7);
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);
  const corpo = (extra: Record<string, unknown> = {}) => ({
    mes,
    finalidade: 0,
    perfil: 'A',
    inventario: agora.toISOString().slice(0, 10),
    codigoReceita: '046-2',
    contabilista: { nome: 'Carla Contadora', cpf: '52998224725', crc: 'SP123456O1', email: 'contador@demo.com.br', fone: '1133334444' },
    ...extra,
  });

  beforeAll(async () => {
    m = await matrizDemo(f.srv);
    contador = await login(f.app, 'contador@demo.com.br');
    for (let i = 0; i < 2; i++) {
      const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
        naturezaId: m.naturezaVenda,
        clienteId: m.clienteId,
        itens: [{ produtoId: m.produtoId, quantidade: '3', valorUnitario: '7.25' }],
        transporte: { modalidade: 9 },
        pagamentos: [{ tPag: '01', valor: '21.75' }],
        ...(i === 0 ? { informacoesAdicionais: 'Entrega combinada para a parte da manhã' } : {}),
      });
      expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
      if (i === 0) numeroComInfo = Number((await sql(`SELECT numero FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [m.tenant, n.id])).rows[0].numero);
      if (i === 1) await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    }
  });

  it('the month of the demo Matriz: a valid file, every line back against the layout, the apuração from the notes', async () => {
    const v = await ok(contador, 'POST', '/api/Exportacoes/sped/validar', corpo());
    expect(v.problemas).toEqual([]);
    expect(v.valido).toBe(true);
    const r = await call(contador, 'POST', '/api/Exportacoes/sped/arquivo', corpo());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    const texto = r.rawPayload.toString('latin1');
    expect(texto.endsWith('\r\n')).toBe(true);
    const versao = versaoDoPeriodo(`${mes}-01`)!;
    const layout = carregarLayout(versao.leiaute, versao.complemento);
    // parsed back: every record of the layout, the right number of fields
    const { linhas, problemas } = lerLinhasSped(texto);
    expect(problemas).toEqual([]);
    for (const l of linhas) expect(l.campos.length, l.registro).toBe(layout.registros.get(l.registro)!.campos.length);
    expect(validarSped(texto, layout)).toEqual([]);
    const regs = linhas.map((l) => l.registro);
    expect(regs[0]).toBe('0000');
    expect(linhas[0].campos[0]).toBe(versao.codVer);
    expect(regs).toContain('1010');
    expect(regs).toContain('H010');
    expect(regs.at(-1)).toBe('9999');
    // the cancelled note: a C100 with COD_SIT 02 and nothing else
    const canc = linhas.filter((l) => l.registro === 'C100' && l.campos[4] === '02');
    expect(canc).toHaveLength(1);
    expect(canc[0].campos.slice(8).every((c) => c === '')).toBe(true);
    const brutas = texto.split('\r\n');
    // 0400: the natureza printed on the suppliers' notes ('Venda de mercadoria'), coded by the account's natureza of
    // the same text; every C170 refers to it (COD_NAT, field 12)
    expect(brutas.filter((l) => l.startsWith('|0400|'))).toEqual([`|0400|${m.naturezaVenda}|Venda de mercadoria|`]);
    const c170 = linhas.filter((l) => l.registro === 'C170');
    expect(c170.length).toBeGreaterThan(0);
    for (const l of c170) expect(l.campos[10]).toBe(String(m.naturezaVenda));
    // 0450/C110: the complementary information of the regular NF-e, only that one (the cancelled note has no C110)
    const l0450 = brutas.filter((l) => l.startsWith('|0450|'));
    expect(l0450).toHaveLength(1);
    expect(l0450[0]).toMatch(/^\|0450\|1\|(.+ )?Entrega combinada para a parte da manhã\|$/);
    const iC100 = brutas.findIndex((l) => /^\|C100\|1\|0\|/.test(l) && l.split('|')[8] === String(numeroComInfo) && l.split('|')[6] === '00');
    expect(iC100).toBeGreaterThan(0);
    expect(brutas[iC100 + 1]).toBe('|C110|1||');
    expect(brutas.filter((l) => l.startsWith('|C110|'))).toEqual(['|C110|1||']);
    expect(brutas).toContain('|9900|0400|1|');
    expect(brutas).toContain('|9900|0450|1|');
    expect(brutas).toContain('|9900|C110|1|');
    // own notes carry no C170: every C170 follows an entry (IND_EMIT 1)
    let ultimoC100: string[] = [];
    for (const l of linhas) {
      if (l.registro === 'C100') ultimoC100 = l.campos;
      if (l.registro === 'C170') expect(ultimoC100[1]).toBe('1');
    }
  });

  it('a product without NCM and a branch without IE: listed with the route to fix them; the file is refused', async () => {
    const prod = (await sql(`SELECT p.id, p.ncm FROM produtos p WHERE p.tenant_id = $1 AND p.id IN (SELECT (i.dados ->> 'produtoId')::int FROM documento_itens i JOIN documentos d ON d.tenant_id = i.tenant_id AND d.id = i.documento_id WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND d.estado = 'efetivada') ORDER BY p.id LIMIT 1`, [m.tenant])).rows[0];
    const ie = (await sql(`SELECT inscricao_estadual FROM branches WHERE tenant_id = $1 AND id = $2`, [m.tenant, m.matriz])).rows[0].inscricao_estadual;
    await sql(`UPDATE produtos SET ncm = NULL WHERE tenant_id = $1 AND id = $2`, [m.tenant, prod.id]);
    await sql(`UPDATE branches SET inscricao_estadual = NULL WHERE tenant_id = $1 AND id = $2`, [m.tenant, m.matriz]);
    try {
      const v = await ok(contador, 'POST', '/api/Exportacoes/sped/validar', corpo());
      expect(v.valido).toBe(false);
      expect(v.problemas).toContainEqual(expect.objectContaining({ mensagem: expect.stringMatching(/está sem NCM: informe-o no cadastro do produto\.$/), rota: `/pages/estoque/produtos/editar/${prod.id}` }));
      expect(v.problemas).toContainEqual(expect.objectContaining({ mensagem: expect.stringMatching(/está sem inscrição estadual/), rota: `/pages/configuracoes/empresas/editar/${m.matriz}` }));
      expect(v.problemas).toContainEqual(expect.objectContaining({ linha: 1, registro: '0000', mensagem: '0000.IE (campo 10): campo obrigatório não preenchido.' }));
      const r = await call(contador, 'POST', '/api/Exportacoes/sped/arquivo', corpo());
      expect(r.statusCode).toBe(422);
      expect(r.json().error.message).toMatch(/^O arquivo tem \d+ problema\(s\): corrija-os antes de gerar o arquivo\.$/);
    } finally {
      await sql(`UPDATE produtos SET ncm = $3 WHERE tenant_id = $1 AND id = $2`, [m.tenant, prod.id, prod.ncm]);
      await sql(`UPDATE branches SET inscricao_estadual = $3 WHERE tenant_id = $1 AND id = $2`, [m.tenant, m.matriz, ie]);
    }
    expect((await ok(contador, 'POST', '/api/Exportacoes/sped/validar', corpo())).valido).toBe(true);
  });

  it('a supplier of an entry without IE (in its note and in the catalogue): listed with the route to its register', async () => {
    const e = (await sql(`SELECT p.id, p.inscricao_estadual, d.cabecalho ->> 'xmlArquivo' AS arq FROM pessoas p JOIN documentos d ON d.tenant_id = p.tenant_id AND (d.cabecalho ->> 'fornecedorId')::int = p.id
      WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND d.estado = 'efetivada' AND to_char((d.cabecalho ->> 'dataEntrada')::date, 'YYYY-MM') = $2 ORDER BY d.id LIMIT 1`, [m.tenant, mes])).rows[0];
    if (!e) throw new Error(`o mês ${mes} da demonstração não tem entrada`);
    // the stored XML (copied into the storage the first time it is read), without the supplier's IE
    const { storage } = f.srv.services;
    await call(contador, 'GET', `/api/Exportacoes/xml/previa?inicio=${mes}-01&fim=${mes}-28`);
    const partes: Buffer[] = [];
    for await (const c of (await storage.get(e.arq))!) partes.push(c as Buffer);
    const original = Buffer.concat(partes);
    const semIe = original.toString('utf8').replace(/(<emit>[\s\S]*?<\/enderEmit>)<IE>\d+<\/IE>/, '$1');
    expect(semIe).not.toBe(original.toString('utf8'));
    await storage.put(e.arq, Buffer.from(semIe, 'utf8'));
    await sql(`UPDATE pessoas SET inscricao_estadual = NULL WHERE tenant_id = $1 AND id = $2`, [m.tenant, e.id]);
    try {
      const v = await ok(contador, 'POST', '/api/Exportacoes/sped/validar', corpo());
      expect(v.valido).toBe(false);
      expect(v.problemas).toContainEqual(expect.objectContaining({ mensagem: expect.stringMatching(/^O fornecedor .+ \(CNPJ \d{14}\) está sem inscrição estadual: informe-a no cadastro do fornecedor\.$/), rota: `/pages/compras/fornecedores/editar/${e.id}` }));
      expect((await ok(contador, 'POST', '/api/Exportacoes/sintegra/validar', { mes, finalidade: 1 })).valido).toBe(false);
    } finally {
      await storage.put(e.arq, original);
      await sql(`UPDATE pessoas SET inscricao_estadual = $3 WHERE tenant_id = $1 AND id = $2`, [m.tenant, e.id, e.inscricao_estadual]);
    }
    expect((await ok(contador, 'POST', '/api/Exportacoes/sped/validar', corpo())).valido).toBe(true);
  });

  it('bad input: a month with no documents, a bad month, no permission', async () => {
    const r = await call(contador, 'POST', '/api/Exportacoes/sped/validar', corpo({ mes: '2025-02', inventario: null }));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Nenhum documento fiscal encontrado nesta filial de 01/02/2025 a 28/02/2025: não há arquivo a gerar.');
    expect((await call(contador, 'POST', '/api/Exportacoes/sped/validar', corpo({ mes: '2025-13' }))).statusCode).toBe(400);
    expect((await call(f.vendedor, 'POST', '/api/Exportacoes/sped/validar', corpo())).statusCode).toBe(403);
  });
});
