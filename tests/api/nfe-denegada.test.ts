import { BACKENDS, type TestServer } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import type { SefazLocal } from '../../src/server/stand-ins/sefaz-local.ts';

// The pipeline's 'denegada' outcome recorded for an NF-e (issue 34): SEFAZ denied the use (110/301/302), so it spent
// the number: the note is 'denegada' with its number and key, nothing is posted, and the number never goes back to
// the series (the next note takes the next one), unlike a rejection.
describe.each(BACKENDS)('NF-e denegada on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-denegada');
  const { ok } = f;
  let srv: TestServer;
  let admin: string;
  let tenant: number;
  let matriz: number;
  let clienteId: number;
  let produtoId: number;
  let naturezaVenda: number;
  let sefaz: SefazLocal;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  const novaNota = async () =>
    (
      await ok(admin, 'POST', '/api/NotasFiscais', {
        naturezaId: naturezaVenda,
        clienteId,
        itens: [{ produtoId, quantidade: '1', valorUnitario: '10.00' }],
        transporte: { modalidade: 9 },
        pagamentos: [{ tPag: '15', valor: '10.00', vencimento: '2099-01-10' }],
      })
    ).id as number;
  const seq = async () => (await sql(`SELECT ultimo_numero::int AS u, devolvidos FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz])).rows[0];
  const contar = async (tabela: string, id: number) => Number((await sql(`SELECT count(*)::int AS n FROM ${tabela} WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n);

  beforeAll(async () => {
    ({ srv, admin } = f);
    ({ tenant, matriz, clienteId, produtoId, naturezaVenda } = await matrizDemo(srv));
    expect((await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`)).autorizada).toBe(true);
    sefaz = (await sefazLocalEmExecucao())!;
  });
  afterEach(() => sefaz.rejeitarNumeros.clear());

  it('110 Uso Denegado: the note keeps its number and key as denegada, posts nothing, and the series moves on', async () => {
    const antes = (await seq()).u;
    const id = await novaNota();
    sefaz.rejeitarNumeros.set(antes + 1, ['110', 'Uso Denegado']);
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r).toMatchObject({ autorizada: false, nota: { status: 'denegada', numero: antes + 1 }, rejeicao: { cStat: '110' } });
    expect(r.nota.chave).toMatch(/^\d{44}$/);
    expect([await contar('movimentos_estoque', id), await contar('lancamentos', id)]).toEqual([0, 0]);
    // Not given back: the series stays at the denied number and the next note takes the one after it.
    expect(await seq()).toMatchObject({ u: antes + 1, devolvidos: [] });
    const proxima = await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`);
    expect(proxima).toMatchObject({ autorizada: true, nota: { numero: antes + 2 } });
    const eventos = (await sql(`SELECT tipo, cstat FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [tenant, id])).rows;
    expect(eventos).toEqual([{ tipo: 'denegacao', cstat: '110' }]);
  });
});
