import { enfileirar, sincronizar, FilaMemoria, type ResultadoEnvio, type VendaFila } from '../../../src/web/pages/pdv/fila.ts';
import type { VendaEnvio } from '../../../src/web/pages/pdv/tipos.ts';

const envio = (chave: string): VendaEnvio => ({
  chave, pdvId: 1, caixaId: 1, operadorId: 1, emitidaEm: new Date().toISOString(),
  itens: [{ produtoId: 1, quantidade: '1', precoUnitario: '10.00', desconto: '0.00' }],
  pagamentos: [{ formaPagamentoId: 1, tPag: '01', valor: '10.00' }], troco: '0.00',
});
const resposta = (v: VendaFila, n: number) => ({ id: n, chave: v.chave, numero: n, serie: 1, chaveAcesso: 'x', situacao: 'autorizada' as const, total: '10.00', troco: '0.00', qrCode: 'q', urlConsulta: 'u', danfce: 'd' });

describe('the durable sales queue', () => {
  it('sends in order, once each, and stops (keeping the rest) when the network fails', async () => {
    const fila = new FilaMemoria();
    for (const c of ['a', 'b', 'c', 'd']) await enfileirar(fila, envio(c));
    const servidor: string[] = [];
    let cair = 'c';
    const enviar = async (v: VendaFila): Promise<ResultadoEnvio> => {
      if (v.chave === cair) return { tipo: 'rede', mensagem: 'Network Error' };
      servidor.push(v.chave);
      return { tipo: 'ok', resposta: resposta(v, servidor.length) };
    };
    const r1 = await sincronizar(fila, enviar);
    expect(servidor).toEqual(['a', 'b']);
    expect(r1).toMatchObject({ restantes: 2, erroRede: 'Network Error' });
    expect((await fila.pendentes()).map((v) => v.chave)).toEqual(['c', 'd']);
    expect(fila.itens.get('c')!.tentativas).toBe(1);
    cair = '';
    const r2 = await sincronizar(fila, enviar);
    expect(servidor).toEqual(['a', 'b', 'c', 'd']);
    expect(r2.enviadas.map((v) => v.chave)).toEqual(['c', 'd']);
    expect(await fila.pendentes()).toEqual([]);
    // Nothing is sent twice once accepted.
    await sincronizar(fila, enviar);
    expect(servidor).toEqual(['a', 'b', 'c', 'd']);
    expect(fila.itens.get('a')!.resposta!.numero).toBe(1);
  });

  it('a sale the server refuses is set aside and does not block the ones after it', async () => {
    const fila = new FilaMemoria();
    for (const c of ['a', 'b']) await enfileirar(fila, envio(c));
    const r = await sincronizar(fila, async (v) => (v.chave === 'a' ? { tipo: 'recusada', mensagem: 'Caixa fechado.' } : { tipo: 'ok', resposta: resposta(v, 1) }));
    expect(r.recusadas.map((v) => [v.chave, v.erro])).toEqual([['a', 'Caixa fechado.']]);
    expect(r.enviadas.map((v) => v.chave)).toEqual(['b']);
    expect(fila.itens.get('a')!.situacao).toBe('recusada');
  });

  it('two runs at once share one pass (no sale sent twice by overlapping timers)', async () => {
    const fila = new FilaMemoria();
    for (const c of ['a', 'b', 'c']) await enfileirar(fila, envio(c));
    const vistos: string[] = [];
    const enviar = async (v: VendaFila): Promise<ResultadoEnvio> => {
      vistos.push(v.chave);
      await new Promise((ok) => setTimeout(ok, 5));
      return { tipo: 'ok', resposta: resposta(v, vistos.length) };
    };
    const [x, y] = await Promise.all([sincronizar(fila, enviar), sincronizar(fila, enviar)]);
    expect(x).toBe(y);
    expect(vistos).toEqual(['a', 'b', 'c']);
  });
});
