import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { chamadasComo } from '../support/chamadas.ts';
import { AMBOS_BANCOS, login, startTestServer, type TestServer } from '../support/server.ts';
import { FORNECEDORES, notaDeFornecedor } from '../fixtures/compras/notas-fornecedor.ts';
import { pararSefazLocal, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { limparBloqueiosConsumo } from '../../src/server/fiscal/sefaz-cliente.ts';

type Row = Record<string, any>;

// Purchasing under concurrency, on the real server: the same entry returned to the supplier from two tabs at once
// (with the return NF-e through the local SEFAZ, and the stock-side return), efetivar and cancelar clicked twice at
// once. Whatever the order the requests land in, no more goes back than entered, SEFAZ authorises only the notes
// whose goods are posted, and each transition posts (or reverses) exactly once.
describe.each(AMBOS_BANCOS)('compras at once on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let tenant: number;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'compras-conc-'));
  const { call, ok, sql } = chamadasComo(() => srv, () => admin);
  const entradaDemo = async (numeroNota: number) => (await ok('GET', '/api/EntradasNota?filter=' + encodeURIComponent(JSON.stringify({ where: { numeroNota } }))))[0] as Row;
  const movimentos = async (origemTipo: string, origemId: number) => sql(`SELECT produto_id, quantidade::text AS q FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3`, [tenant, origemTipo, origemId]);
  const soma = (rows: Row[]) => rows.reduce((a, r) => a.plus(r.q), new Decimal(0)).toFixed(4);
  const lancamentos = async (origemId: number) => sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'entradaNota' AND origem_id = $2`, [tenant, origemId]);
  const status = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();

  beforeAll(async () => {
    await pararSefazLocal();
    limparBloqueiosConsumo();
    process.env.DATA_DIR = dataDir;
    srv = await startTestServer(backend, { dataDir });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    tenant = Number((await sql(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`))[0].tenant_id);
  });
  afterAll(async () => {
    await srv?.close();
    await pararSefazLocal();
    limparBloqueiosConsumo();
  });

  it('two returns with NF-e of the same entry at once: one goes back, the other is refused before SEFAZ; no more than entered, no note left behind', async () => {
    // Demo entry NF 5540, line 1: 36 detergents. Two tabs return 20 each: only one can.
    const e = await entradaDemo(5540);
    const antes = await ok('GET', `/api/EntradasNota/${e.id}/devolucoes`);
    expect(antes.linhas[0]).toMatchObject({ entrou: '36.0000', devolvido: '0.0000' });
    // the first return warms the local SEFAZ and the certificate, so the two below race on the same footing
    const primeira = await ok('POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '1' }] });
    expect(primeira.autorizada).toBe(true);
    const sefaz = (await sefazLocalEmExecucao())!;
    const envios = sefaz.chamadas.get('NFeAutorizacao4') ?? 0;
    const notasAntes = Number((await sql(`SELECT count(*)::int AS n FROM notas_fiscais WHERE tenant_id = $1`, [tenant]))[0].n);

    const rs = await Promise.all([1, 2].map(() => call('POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '20' }] })));
    expect(status(rs), rs.map((r) => r.body).join('\n')).toEqual([200, 400]);
    const recusa = rs.find((r) => r.statusCode === 400)!;
    expect(recusa.json().error.message).toBe('Linha 1 (Detergente líquido 500 ml): entraram 36 e já foram devolvidas 21; no máximo 15 podem ser devolvidas.');

    const depois = await ok('GET', `/api/EntradasNota/${e.id}/devolucoes`);
    expect(depois.linhas[0]).toMatchObject({ devolvido: '21.0000', disponivel: '15.0000' });
    expect(soma(await movimentos('devolucaoFornecedor', e.id))).toBe('-21.0000');
    // SEFAZ received (and authorised) one note only: the refused tab never sent its note
    expect(sefaz.chamadas.get('NFeAutorizacao4')).toBe(envios + 1);
    const notas = await ok('GET', `/api/EntradasNota/${e.id}/notas-devolucao`);
    expect(notas.map((n: Row) => n.status)).toEqual(['autorizada', 'autorizada']);
    // the refused tab's draft is not left in Notas fiscais
    expect(Number((await sql(`SELECT count(*)::int AS n FROM notas_fiscais WHERE tenant_id = $1`, [tenant]))[0].n)).toBe(notasAntes + 1);
    // what is left can still go back, with the next number of the series
    const resto = await ok('POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '15' }] });
    expect(resto.autorizada).toBe(true);
    expect(resto.nota.numero).toBe(Math.max(...notas.map((n: Row) => n.numero)) + 1);
    expect((await ok('GET', `/api/EntradasNota/${e.id}/devolucoes`)).linhas[0]).toMatchObject({ devolvido: '36.0000', disponivel: '0.0000' });
  });

  it('two stock-side returns of the same line at once: never more than entered', async () => {
    // Demo entry NF 18231, line 1: 24 néctares.
    const e = await entradaDemo(18231);
    const rs = await Promise.all([1, 2].map(() => call('POST', `/api/EntradasNota/${e.id}/devolver`, { itens: [{ linha: 1, quantidade: '15' }] })));
    expect(status(rs), rs.map((r) => r.body).join('\n')).toEqual([200, 400]);
    expect(rs.find((r) => r.statusCode === 400)!.json().error.message).toMatch(/^Linha 1 \(Néctar de laranja 1 L\): entraram 24 e já foram devolvidas 15; no máximo 9 podem ser devolvidas\.$/);
    expect(soma(await movimentos('devolucaoFornecedor', e.id))).toBe('-15.0000');
    await ok('POST', `/api/EntradasNota/${e.id}/devolucoes/estornar`);
  });

  const novaEntrada = async (numero: number) => {
    const n = notaDeFornecedor({ fornecedor: FORNECEDORES.simples, numero, duplicatas: 2, linhas: [{ codigo: `DL-${numero}`, descricao: 'DOCE DE LEITE PASTOSO 400G', ncm: '04029900', quantidade: '10', valorUnitario: '7.00' }, { codigo: `GB-${numero}`, descricao: 'GOIABADA CASCAO 300G', ncm: '20079990', quantidade: '6', valorUnitario: '5.50' }] });
    return (await ok('POST', '/api/EntradasNota/importar-xml/confirmar', { xml: n.xml })) as Row;
  };

  it('the same supplier XML confirmed from two tabs at once: one entry, the other refused in Portuguese', async () => {
    const n = notaDeFornecedor({ fornecedor: FORNECEDORES.higiene, numero: 7201, duplicatas: 2, linhas: [{ codigo: 'PA-8', descricao: 'PALHA DE ACO C/8 UNIDADES', ncm: '73239000', quantidade: '48', valorUnitario: '1.20' }] });
    const rs = await Promise.all([1, 2].map(() => call('POST', '/api/EntradasNota/importar-xml/confirmar', { xml: n.xml })));
    expect(status(rs), rs.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(rs.find((r) => r.statusCode === 409)!.json().error.message).toMatch(new RegExp(`^Esta NF-e \\(chave ${n.chave}\\) já foi lançada: entrada nº \\d+ da filial Matriz, em rascunho\\. A mesma nota não entra duas vezes\\.$`));
    const entradas = await sql(`SELECT id FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND cabecalho ->> 'chaveAcesso' = $2`, [tenant, n.chave]);
    expect(entradas).toHaveLength(1);
    // one supplier and one product made from the note, not two
    expect(await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 1 AND cpf_cnpj = $2`, [tenant, FORNECEDORES.higiene.cnpj])).toHaveLength(1);
    expect(await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND descricao = 'PALHA DE ACO C/8 UNIDADES'`, [tenant])).toHaveLength(1);
  });

  it('efetivar clicked twice at once: one posting (stock once, one payable)', async () => {
    const ent = await novaEntrada(7101);
    const rs = await Promise.all([1, 2].map(() => call('POST', `/api/EntradasNota/${ent.id}/efetivar`)));
    expect(status(rs), rs.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(rs.find((r) => r.statusCode === 409)!.json().error.message).toBe(`Não é possível efetivar: entrada de nota fiscal ${ent.numero} já está efetivada.`);
    const m = await movimentos('entradaNota', ent.id);
    expect(m).toHaveLength(2);
    expect(soma(m)).toBe('16.0000');
    expect(await lancamentos(ent.id)).toEqual([{ cancelado: false }]);
  });

  it('cancelar clicked twice at once: one reversal (stock back once, the payable cancelled once)', async () => {
    const ent = await novaEntrada(7102);
    await ok('POST', `/api/EntradasNota/${ent.id}/efetivar`);
    const rs = await Promise.all([1, 2].map(() => call('POST', `/api/EntradasNota/${ent.id}/cancelar`)));
    expect(status(rs), rs.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(rs.find((r) => r.statusCode === 409)!.json().error.message).toBe(`Não é possível cancelar: entrada de nota fiscal ${ent.numero} já está cancelada.`);
    const m = await movimentos('entradaNota', ent.id);
    expect(m).toHaveLength(4);
    expect(soma(m)).toBe('0.0000');
    expect(await lancamentos(ent.id)).toEqual([{ cancelado: true }]);
  });

  it('efetivar and cancelar at once: either cancelled with nothing left posted, or posted once', async () => {
    for (const numero of [7103, 7104]) {
      const ent = await novaEntrada(numero);
      const rs = await Promise.all([call('POST', `/api/EntradasNota/${ent.id}/efetivar`), call('POST', `/api/EntradasNota/${ent.id}/cancelar`)]);
      const estado = (await ok('GET', `/api/EntradasNota/${ent.id}`)).estado;
      const m = await movimentos('entradaNota', ent.id);
      const l = await lancamentos(ent.id);
      if (rs[0].statusCode === 200) {
        // efetivar first, then the cancel reversed it
        expect(rs[1].statusCode, rs[1].body).toBe(200);
        expect(estado).toBe('cancelada');
        expect(m).toHaveLength(4);
        expect(soma(m)).toBe('0.0000');
        expect(l).toEqual([{ cancelado: true }]);
      } else {
        // the draft was cancelled first: nothing was posted
        expect(rs[0].statusCode, rs[0].body).toBe(409);
        expect(rs[1].statusCode, rs[1].body).toBe(200);
        expect(estado).toBe('cancelada');
        expect(m).toHaveLength(0);
        expect(l).toHaveLength(0);
      }
    }
  });
});
