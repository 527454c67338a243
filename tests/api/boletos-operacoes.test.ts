import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodificarCodigo } from '../../src/server/boletos/febraban.ts';
import { carregarLayout, escreverRegistro, identificarRegistro, lerRegistro } from '../../src/server/boletos/cnab/layout.ts';
import { crc16 } from '../../src/server/boletos/pix/br-code.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** POST /api/Boletos/pix, /remessa, /retorno and /pdf over the branch's boleto configuration. */
describe.each(BACKENDS)('boleto operations on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let demo: string;
  let vizinha: string;
  const call = (token: string | null, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as any, headers: { ...(token ? { authorization: token } : {}), ...headers } });
  const proximo = async () => (await srv.db.query<{ p: string }>(`SELECT proximo_nosso_numero AS p FROM configuracoes_boleto WHERE banco = '237'`)).rows[0].p;

  const pagador = { nome: 'Maria da Silva', documento: '11144477735', endereco: 'Rua das Flores, 10', bairro: 'Centro', cep: '01310100', cidade: 'São Paulo', uf: 'SP' };
  const titulo = (i: number) => ({ operacao: 'registrar', numeroDocumento: `NF${i}`, valor: `${100 + i}.${String(i % 100).padStart(2, '0')}`, vencimento: '2026-12-10', emissao: '2026-11-20', pagador });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    demo = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  describe('Pix', () => {
    it('builds a static BR Code with a valid CRC and reads it back', async () => {
      const r = await call(demo, '/api/Boletos/pix', { chave: 'financeiro@padaria.com.br', valor: '123.45', nome: 'Padaria Pão Quente', cidade: 'São Paulo', txid: 'PED123' });
      expect(r.statusCode, r.body).toBe(200);
      const b = r.json();
      expect(b.codigo.slice(-4)).toBe(crc16(b.codigo.slice(0, -4)));
      expect(b).toMatchObject({ chave: 'financeiro@padaria.com.br', valor: '123.45', nome: 'Padaria Pao Quente', txid: 'PED123' });
      const lido = await call(demo, '/api/Boletos/pix', { codigo: b.codigo });
      expect(lido.json()).toMatchObject({ codigo: b.codigo, chave: 'financeiro@padaria.com.br', valor: '123.45', txid: 'PED123' });
    });

    it.each([
      [{ chave: 'financeiro@padaria.com.br', nome: 'Padaria', cidade: 'Uma cidade com nome longo demais' }, /cidade: Máximo 15 caracteres!/],
      [{ chave: 'financeiro@padaria.com.br', nome: 'Padaria' }, /cidade: Campo Obrigatório!/],
      [{ chave: 'não é chave', nome: 'Padaria', cidade: 'Recife' }, /Chave Pix inválida/],
      [{ chave: '11144477735', nome: 'Padaria', cidade: 'Recife', valor: '1.234' }, /valor: Formato inválido!/],
      [{ codigo: '000201010212' }, /CRC/],
      [{ codigo: 'qualquer coisa' }, /deve começar com 000201/],
    ])('%o -> 400', async (body, msg) => {
      const r = await call(demo, '/api/Boletos/pix', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(msg);
    });

    it('a copia e cola with one character changed fails its CRC', async () => {
      const { codigo } = (await call(demo, '/api/Boletos/pix', { chave: '11144477735', nome: 'Padaria', cidade: 'Recife', valor: '10.00' })).json();
      const r = await call(demo, '/api/Boletos/pix', { codigo: codigo.replace('10.00', '19.00') });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/CRC/);
    });
  });

  describe('without a configuration', () => {
    it.each(['/api/Boletos/remessa', '/api/Boletos/pdf'])('%s says to configure the bank first', async (url) => {
      const body = url.endsWith('remessa') ? { titulos: [titulo(1)] } : { boletos: [{ ...titulo(1), operacao: undefined, nossoNumero: '1' }] };
      delete (body as any).boletos?.[0]?.operacao;
      const r = await call(demo, url, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toMatch(/não tem configuração de boleto ativa/);
    });
  });

  describe('Bradesco CNAB 400', () => {
    beforeAll(async () => {
      const r = await app.inject({
        method: 'POST', url: '/api/ConfiguracoesBoleto', headers: { authorization: demo },
        payload: { banco: '237', agencia: '1172', agenciaDv: '0', conta: '0403005', contaDv: '2', carteira: '09', proximoNossoNumero: '500', chavePix: '11222333000181', cidadePix: 'São Paulo', instrucoes: 'Não receber após 30 dias.', multa: '2.00', juros: '1.00', layoutCnab: 400, ativo: true },
      });
      expect(r.statusCode, r.body).toBe(200);
    });

    let remessa = '';
    it('builds a remessa of 1,000 titles with the bank file name and advances the nosso número', async () => {
      const r = await call(demo, '/api/Boletos/remessa', { sequencialArquivo: 7, dataGeracao: '2026-11-20', titulos: Array.from({ length: 1000 }, (_, i) => titulo(i)) });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe('attachment; filename="CB201107.REM"');
      remessa = r.rawPayload.toString('latin1');
      const linhas = remessa.split('\r\n').filter(Boolean);
      expect(linhas).toHaveLength(1002);
      expect(linhas.every((l) => l.length === 400)).toBe(true);
      const layout = carregarLayout('bradesco-400');
      const detalhes = linhas.filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
      expect(detalhes.map((d) => d.nossoNumero)).toEqual(Array.from({ length: 1000 }, (_, i) => String(500 + i).padStart(11, '0')));
      expect(detalhes[3]).toMatchObject({ numeroDocumento: 'NF3', valor: '103.03', vencimento: '2026-12-10' });
      expect(await proximo()).toBe('1500');
    });

    it('a bad title is refused naming it, and nothing advances', async () => {
      const r = await call(demo, '/api/Boletos/remessa', { titulos: [titulo(1), { ...titulo(2), nossoNumero: '123456789012' }] });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/^Título 2: Nosso número deve ter no máximo 11 dígitos/);
      expect(r.json().error.details[0].campo).toBe('titulos.1.nossoNumero');
      const semNumero = await call(demo, '/api/Boletos/remessa', { titulos: [{ ...titulo(1), operacao: 'baixar' }] });
      expect(semNumero.statusCode).toBe(400);
      expect(semNumero.json().error.message).toMatch(/Título 1: informe o nosso número do boleto a baixar/);
      const schema = await call(demo, '/api/Boletos/remessa', { titulos: [{ ...titulo(1), pagador: { ...pagador, documento: '12345678900' } }] });
      expect(schema.json().error.message).toMatch(/titulos\.0\.pagador\.documento: Documento inválido/);
      expect(await proximo()).toBe('1500');
    });

    it('reads the retorno the bank would send for that remessa back into events', async () => {
      const layout = carregarLayout('bradesco-400');
      const detalhes = remessa.split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
      const linhas = [escreverRegistro(layout, 'headerRetorno', { banco: '237', sequencial: '1' })];
      detalhes.slice(0, 3).forEach((d, i) => {
        const oc = ['02', '06', '03'][i];
        linhas.push(escreverRegistro(layout, 'detalheRetorno', {
          nossoNumero: d.nossoNumero! + d.nossoNumeroDv, ocorrencia: oc, dataOcorrencia: '2026-12-10', numeroDocumento: d.numeroDocumento, vencimento: d.vencimento,
          valor: d.valor, tarifa: '2.50', juros: oc === '06' ? '1.23' : '', valorPago: oc === '06' ? '101.24' : '', dataCredito: oc === '06' ? '2026-12-11' : '', sequencial: String(i + 2),
        }));
      });
      linhas.push(escreverRegistro(layout, 'trailerRetorno', { banco: '237', sequencial: String(linhas.length + 1) }));
      for (const envio of [
        () => call(demo, '/api/Boletos/retorno', linhas.join('\r\n'), { 'content-type': 'text/plain' }),
        () => call(demo, '/api/Boletos/retorno', { conteudo: linhas.join('\n') }),
      ]) {
        const r = await envio();
        expect(r.statusCode, r.body).toBe(200);
        const { banco, formato, eventos } = r.json();
        expect([banco, formato]).toEqual(['237', 400]);
        expect(eventos.map((e: any) => e.tipo)).toEqual(['registrado', 'pago', 'rejeitado']);
        expect(eventos[1]).toMatchObject({ valorPago: '101.24', juros: '1.23', tarifa: '2.50', dataCredito: '2026-12-11', numeroDocumento: 'NF1' });
      }
      const ruim = await call(demo, '/api/Boletos/retorno', 'linha curta\r\n', { 'content-type': 'text/plain' });
      expect(ruim.statusCode).toBe(400);
      expect(ruim.json().error.message).toMatch(/primeira linha tem 11 caracteres/);
    });

    it('changes a registered title’s amount (Bradesco CNAB 400 occurrence 20) and reads the bank’s confirmation back', async () => {
      const layout = carregarLayout('bradesco-400');
      const r = await call(demo, '/api/Boletos/remessa', { titulos: [{ ...titulo(3), operacao: 'alterarValor', nossoNumero: '503', valor: '150.75' }] });
      expect(r.statusCode, r.body).toBe(200);
      const d = r.rawPayload.toString('latin1').split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
      expect(d.map((x) => [x.movimento, x.nossoNumero, x.valor])).toEqual([['20', '00000000503', '150.75']]);
      expect(await proximo()).toBe('1500');
      const retorno = [
        escreverRegistro(layout, 'headerRetorno', { banco: '237', sequencial: '1' }),
        escreverRegistro(layout, 'detalheRetorno', { nossoNumero: d[0].nossoNumero! + d[0].nossoNumeroDv, ocorrencia: '33', dataOcorrencia: '2026-12-01', numeroDocumento: 'NF3', valor: '150.75', sequencial: '2' }),
        escreverRegistro(layout, 'trailerRetorno', { banco: '237', sequencial: '3' }),
      ].join('\r\n');
      const lido = await call(demo, '/api/Boletos/retorno', { conteudo: retorno });
      expect(lido.statusCode, lido.body).toBe(200);
      expect(lido.json().eventos[0]).toMatchObject({ tipo: 'alterado', confirma: 'alterarValor', valorTitulo: '150.75', numeroDocumento: 'NF3' });
    });

    it('streams the boletos PDF: linha digitável, amounts, instructions and the Pix code read back with pdftotext', async () => {
      const boletos = [1, 2, 3].map((i) => ({ nossoNumero: String(500 + i), numeroDocumento: `NF${i}`, valor: '1234.56', vencimento: '2026-12-10', emissao: '2026-11-20', parcela: `${i}/3`, pagador }));
      const r = await call(demo, '/api/Boletos/pdf', { boletos });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      const dir = mkdtempSync(join(tmpdir(), 'boletos-pdf-'));
      writeFileSync(join(dir, 'b.pdf'), r.rawPayload);
      const txt = execFileSync('pdftotext', ['-layout', join(dir, 'b.pdf'), '-'], { encoding: 'utf8' });
      const linhas = [...txt.matchAll(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/g)].map((m) => m[0]);
      expect(new Set(linhas).size).toBe(3);
      for (const l of new Set(linhas)) expect(decodificarCodigo(l, '2026-12-10')).toMatchObject({ banco: '237', valor: '1234.56', vencimento: '2026-12-10' });
      expect(txt).toContain('1.234,56');
      expect(txt).toContain('10/12/2026');
      expect(txt).toContain('Não receber após 30 dias.');
      expect(txt).toContain('Após o vencimento, cobrar multa de 2,00%.');
      expect(txt).toContain('Pix copia e cola');
      expect(txt).toContain('Maria da Silva');
      expect(txt.match(/\f/g)?.length).toBe(3);
    });

    it('three fichas per page on request (carnê)', async () => {
      const boletos = [1, 2, 3, 4].map((i) => ({ nossoNumero: String(600 + i), numeroDocumento: `C${i}`, valor: '99.90', vencimento: '2026-12-10', parcela: `${i}/4`, pagador }));
      const r = await call(demo, '/api/Boletos/pdf', { boletos, porPagina: 3 });
      expect(r.statusCode).toBe(200);
      const dir = mkdtempSync(join(tmpdir(), 'boletos-carne-'));
      writeFileSync(join(dir, 'c.pdf'), r.rawPayload);
      const paginas = execFileSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim());
      expect(paginas.map((p) => p.match(/Ficha de Compensação/g)?.length)).toEqual([3, 1]);
      expect((await call(demo, '/api/Boletos/pdf', { boletos, porPagina: 2 })).json().error.message).toMatch(/porPagina: Campo inválido!/);
    });

    it('a bad boleto is a 400 before any byte of PDF', async () => {
      const r = await call(demo, '/api/Boletos/pdf', { boletos: [{ nossoNumero: '1', numeroDocumento: 'X', valor: '1.00', vencimento: '1997-01-01', pagador }] });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/^Boleto 1: .*07\/10\/1997/);
    });

    it('another account uses only its own configuration, and the vendedor may not emit', async () => {
      const r = await call(vizinha, '/api/Boletos/remessa', { titulos: [titulo(1)] });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/não tem configuração de boleto ativa/);
      expect(await proximo()).toBe('1500');
      const vendedor = await login(app, 'vendedor@demo.com.br');
      expect((await call(vendedor, '/api/Boletos/remessa', { titulos: [titulo(1)] })).statusCode).toBe(403);
      expect((await call(vendedor, '/api/Boletos/pdf', { boletos: [] })).statusCode).toBe(403);
    });
  });
});
