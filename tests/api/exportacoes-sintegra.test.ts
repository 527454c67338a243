import { BACKENDS, login } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { lerRegistroSintegra, validarSintegra } from '../../src/server/exportacoes/sintegra.ts';

// Issue 36 item 4: the Sintegra file of the demo Matriz's month: every line 126 characters, the records in the
// Convênio's order, the totals of record 90, and the known rules; a supplier without IE is listed with its route.
describe.each(BACKENDS)('Sintegra on %s', (backend) => {
  const f = servidorFiscal(backend, 'exportacoes-sintegra');
  const { call, ok } = f;
  let contador: string;
  let m: Awaited<ReturnType<typeof matrizDemo>>;
  const agora = new Date(Date.now() - 3 * 3600_000);
  const mes = agora.toISOString().slice(0, 7);
  const corpo = (extra: Record<string, unknown> = {}) => ({ mes, finalidade: 1, inventario: agora.toISOString().slice(0, 10), ...extra });

  beforeAll(async () => {
    m = await matrizDemo(f.srv);
    contador = await login(f.app, 'contador@demo.com.br');
    const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
      naturezaId: m.naturezaVenda,
      clienteId: m.clienteId,
      itens: [{ produtoId: m.produtoId, quantidade: '2', valorUnitario: '10.00' }],
      transporte: { modalidade: 9 },
      pagamentos: [{ tPag: '01', valor: '20.00' }],
    });
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
  });

  it('the month: fixed width, order, totals of record 90, the known rules', async () => {
    const v = await ok(contador, 'POST', '/api/Exportacoes/sintegra/validar', corpo());
    expect(v.problemas).toEqual([]);
    const r = await call(contador, 'POST', '/api/Exportacoes/sintegra/arquivo', corpo());
    expect(r.statusCode, r.body).toBe(200);
    const texto = r.rawPayload.toString('latin1');
    const linhas = texto.split('\r\n').slice(0, -1);
    for (const l of linhas) expect(l, l).toHaveLength(126);
    expect(linhas[0].slice(0, 2)).toBe('10');
    expect(linhas[1].slice(0, 2)).toBe('11');
    const r10 = lerRegistroSintegra(linhas[0])!.campos;
    expect(r10).toMatchObject({ cnpj: '11222333000181', uf: 'SP', dataInicial: `${mes.replace('-', '')}01`, convenio: '3', natureza: '3', finalidade: '1' });
    expect(r10.municipio.trim()).toBe('SAO PAULO');
    const tipos = linhas.map((l) => (l.startsWith('61R') ? '61R' : l.slice(0, 2)));
    expect(tipos).toContain('50');
    expect(tipos).toContain('54');
    expect(tipos).toContain('74');
    expect(tipos).toContain('75');
    expect(tipos.at(-1)).toBe('90');
    // record 90: the pairs add up to the file
    const l90 = linhas.at(-1)!;
    const pares = new Map<string, number>();
    for (let p = 30; p + 10 <= 125; p += 10) if (l90.slice(p, p + 2).trim()) pares.set(l90.slice(p, p + 2), Number(l90.slice(p + 2, p + 10)));
    expect(pares.get('99')).toBe(linhas.length);
    expect(pares.get('50')).toBe(tipos.filter((t) => t === '50').length);
    expect(l90[125]).toBe('1');
    // 74: IE of the possessor blank; 50 of the sale: own issue (P), normal (N)
    for (const l of linhas.filter((x) => x.startsWith('74'))) expect(lerRegistroSintegra(l)!.campos.ie.trim()).toBe('');
    expect(linhas.filter((x) => x.startsWith('50')).map((x) => lerRegistroSintegra(x)!.campos.emitente)).toContain('P');
    expect(validarSintegra(texto)).toEqual([]);
  });

  it('the checker: an item past 990 with a CST, a foreign party with a CNPJ, a wrong width, a 74 with IE', () => {
    const base = '54' + '11222333000181' + '55' + '1  ' + '000123' + '5102' + '   ' + '991' + ' '.repeat(14) + '0'.repeat(11) + '0'.repeat(12) + '000000000150' + '0'.repeat(12 * 3) + '0000';
    expect(base).toHaveLength(126);
    const com = base.replace(/^(.{31})   /, '$1090');
    const msgs = (l: string) => validarSintegra(`${l}\r\n`).map((p) => p.mensagem);
    expect(msgs(com)).toContain('Registro 54: o item 991 (acima de 990, frete/seguro/despesas) vai com o CST em branco.');
    expect(msgs(base.slice(0, 120))).toContain('A linha tem 120 caracteres; todo registro tem 126.');
    const r74 = '74' + '20261130' + 'P1'.padEnd(14) + '0000000001000' + '0000000001500' + '1' + '11222333000181' + '110042490114'.padEnd(14) + 'SP' + ' '.repeat(45);
    expect(msgs(r74)).toContain('Registro 74: a inscrição estadual do possuidor vai em branco.');
    const r50 = '50' + '12345678000195' + 'ISENTO'.padEnd(14) + '20261110' + 'EX' + '55' + '1  ' + '000001' + '3102' + 'T' + '0'.repeat(13 * 5) + '0000' + 'N';
    expect(msgs(r50)).toContain('Registro 50: participante do exterior (UF EX) vai com o CNPJ zerado.');
  });

  it('a period with no documents: a clear 400, nothing offered', async () => {
    const r = await call(contador, 'POST', '/api/Exportacoes/sintegra/arquivo', { mes: '2025-02', finalidade: 1 });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Nenhum documento fiscal encontrado nesta filial de 01/02/2025 a 28/02/2025: não há arquivo a gerar.');
  });
});
