/**
 * npm run bench:exportacoes — the accountant's month on the real server (app.inject, the demo database copy, PGlite):
 * one NF-e authorised at the local SEFAZ, copied into BENCH_DOCUMENTOS notes (default 10,000) with their own number
 * and key, each XML in the file storage; then
 *  1. the SPED EFD ICMS/IPI of the month generated and validated (POST /api/Exportacoes/sped/validar; target < 5 s);
 *  2. the month's XML ZIP built by the export queue (target < 10 s);
 * with the process's peak resident memory (target < 300 MB). The figures are printed, nothing is asserted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { login, startTestServer } from '../../tests/support/server.ts';
import { pararSefazLocal } from '../../src/server/fiscal/sefaz-destino.ts';
import { tenantKey } from '../../src/server/storage/storage.ts';

const N = Number(process.env.BENCH_DOCUMENTOS ?? 10_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-exportacoes-'));
process.env.DATA_DIR = dataDir;
let pico = 0;
const amostra = setInterval(() => (pico = Math.max(pico, process.memoryUsage().rss)), 50);
/** CPU time of this process (user + system) since c0: steadier than the wall time on a busy machine. */
const cpu = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  await pararSefazLocal();
  const srv = await startTestServer('pglite', { dataDir });
  const { app } = srv;
  try {
    const admin = await login(app, 'admin@demo.com.br');
    const contador = await login(app, 'contador@demo.com.br');
    const call = async (token: string, method: string, url: string, payload?: unknown) => {
      const r = await app.inject({ method: method as never, url, payload: payload as never, headers: { authorization: token } });
      if (r.statusCode !== 200) throw new Error(`${method} ${url}: ${r.body}`);
      return r.json();
    };
    const um = async (sql: string, p: unknown[] = []) => (await srv.db.query<Record<string, any>>(sql, p)).rows[0];
    const { id: tenant } = await um(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`);
    const { id: filial } = await um(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`, [tenant]);
    const cliente = (await um(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND logradouro IS NOT NULL ORDER BY id LIMIT 1`, [tenant])).id;
    const produto = (await um(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 1`, [tenant])).id;
    const natureza = (await um(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant])).id;
    await srv.db.query(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
    await srv.db.query(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
    const n = await call(admin, 'POST', '/api/NotasFiscais', { naturezaId: natureza, clienteId: cliente, itens: [{ produtoId: produto, quantidade: '2', valorUnitario: '10.50' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '01', valor: '21.00' }] });
    await call(admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`);
    const nota = await um(`SELECT chave, arquivo_xml, total, data_emissao FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, n.id]);
    const partes: Buffer[] = [];
    for await (const c of (await srv.services.storage.get(nota.arquivo_xml))!) partes.push(c as Buffer);
    const modelo = Buffer.concat(partes).toString('utf8');

    let t0 = performance.now();
    const LOTE = 500;
    for (let i = 0; i < N; i += LOTE) {
      const chaves: string[] = [];
      const numeros: number[] = [];
      const arquivos: string[] = [];
      for (let j = i; j < Math.min(i + LOTE, N); j++) {
        const numero = 200_000 + j;
        const chave = `${nota.chave.slice(0, 25)}${String(numero).padStart(9, '0')}${nota.chave.slice(34)}`;
        const xml = modelo.replaceAll(nota.chave, chave).replace(/<nNF>\d+<\/nNF>/, `<nNF>${numero}</nNF>`);
        const arquivo = tenantKey(tenant, 'bench-nfe', `${chave}.xml`);
        await srv.services.storage.put(arquivo, Buffer.from(xml, 'utf8'));
        chaves.push(chave);
        numeros.push(numero);
        arquivos.push(arquivo);
      }
      await srv.db.query(
        `INSERT INTO notas_fiscais (tenant_id, filial_id, modelo, serie, numero, status, chave, protocolo, ambiente, data_emissao, data_autorizacao, arquivo_xml, total)
         SELECT $1, $2, 55, 1, n, 'autorizada', c, '135000000000000', 2, $3, $3, a, $4 FROM unnest($5::int[], $6::text[], $7::text[]) AS x(n, c, a)`,
        [tenant, filial, nota.data_emissao, nota.total, numeros, chaves, arquivos],
      );
    }
    console.log(`${N} NF-e de bancada gravadas (banco e armazenamento) em ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const mes = new Date(new Date(nota.data_emissao).getTime() - 3 * 3600_000).toISOString().slice(0, 7);
    const corpo = { mes, finalidade: 0, perfil: 'A', codigoReceita: '046-2', contabilista: { nome: 'Carla Contadora', cpf: '52998224725', crc: 'SP123456O1', email: 'contador@demo.com.br' } };
    console.log(`memória residente antes: ${mb(process.memoryUsage().rss)} (o PGlite roda neste processo)`);
    pico = 0;
    t0 = performance.now();
    let c0 = process.cpuUsage();
    const sped = await call(contador, 'POST', '/api/Exportacoes/sped/validar', corpo);
    const tSped = performance.now() - t0;
    const cSped = cpu(c0);
    console.log(`1. SPED EFD (geração + validação): ${(tSped / 1000).toFixed(2)} s (${tSped < 5000 ? 'ok' : 'ACIMA DA META'} < 5 s); ${sped.linhas} linhas; ${sped.problemas.length} problema(s)${sped.problemas.length ? ` (${sped.problemas[0].mensagem})` : ''}; pico de memória ${mb(pico)}; CPU do processo ${cSped.toFixed(0)} ms`);

    pico = 0;
    t0 = performance.now();
    c0 = process.cpuUsage();
    const [a, m] = mes.split('-').map(Number);
    const fim = new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
    const job = await call(contador, 'POST', '/api/Exportacoes/xml', { inicio: `${mes}-01`, fim });
    let feito: Record<string, any> | undefined;
    while (!feito) {
      feito = (await call(contador, 'GET', '/api/Relatorios')).find((r: { id: number; status: number }) => r.id === job.id && r.status !== 0);
      if (!feito) await new Promise((r) => setTimeout(r, 100));
    }
    const tZip = performance.now() - t0;
    const cZip = cpu(c0);
    console.log(`2. ZIP dos XML (fila de exportação): ${(tZip / 1000).toFixed(2)} s (${tZip < 10_000 ? 'ok' : 'ACIMA DA META'} < 10 s); status ${feito.status}, ${feito.linhas} arquivos; pico de memória ${mb(pico)} (meta < 300 MB); CPU do processo ${cZip.toFixed(0)} ms`);
    console.log(`carga da máquina (loadavg 1 min): ${(await import('node:os')).loadavg()[0].toFixed(1)} em ${(await import('node:os')).cpus().length} núcleos`);
  } finally {
    clearInterval(amostra);
    await srv.close();
    await pararSefazLocal();
  }
}

await main();
