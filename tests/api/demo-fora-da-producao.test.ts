import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { instalarArquivosDaDemonstracao } from '../../src/server/demo/arquivos.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');

function arquivos(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? arquivos(p) : /\.(ts|mjs|js)$/.test(n) ? [relative(ROOT, p)] : [];
  });
}

// Issue 35 item 4: the demo sits on top of the modules, in one folder, and the server reaches it through one entry
// at start-up; no module imports it.
describe('demo code out of the production paths', () => {
  it('every demo file lives in src/server/demo/', () => {
    const fora = arquivos(SERVER).filter((f) => !f.startsWith('src/server/demo/') && /(^|[/-])demo[^/]*\.ts$/.test(f));
    expect(fora).toEqual([]);
  });

  it('only main.ts and cluster.ts import the demo, and only its entry (demo/index.ts)', () => {
    const importam = new Map<string, string[]>();
    for (const f of arquivos(SERVER).filter((f) => !f.startsWith('src/server/demo/'))) {
      const alvos = [...readFileSync(join(ROOT, f), 'utf8').matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)]
        .map((m) => m[1] ?? m[2])
        .filter((a) => a.startsWith('.'))
        .map((a) => relative(ROOT, resolve(ROOT, f, '..', a)))
        .filter((a) => a.startsWith('src/server/demo/'));
      if (alvos.length) importam.set(f, alvos);
    }
    // The guard sees the imports it allows (it would pass on a tree where nothing starts the demo otherwise).
    expect(Object.fromEntries(importam)).toEqual({ 'src/server/main.ts': ['src/server/demo/index.ts'], 'src/server/cluster.ts': ['src/server/demo/index.ts'] });
  });
});

describe.each(BACKENDS)("the demo's seeded files (%s)", (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend);
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('are in the storage after start-up, before any request, and a download never looks for them elsewhere', async () => {
    const linhas = (await srv.db.query<{ tenant_id: number; chave_arquivo: string; conteudo: string }>('SELECT tenant_id, chave_arquivo, conteudo FROM arquivos_demo ORDER BY chave_arquivo')).rows;
    // The purchase demo's two entries (needs its suppliers: the full demo).
    expect(linhas.length).toBeGreaterThanOrEqual(2);
    for (const l of linhas) {
      const s = await srv.services.storage.get(l.chave_arquivo);
      expect(s).not.toBeNull();
      const partes: Buffer[] = [];
      for await (const c of s!) partes.push(c as Buffer);
      expect(Buffer.concat(partes).toString('utf8')).toBe(l.conteudo);
    }
    // A second start-up stores nothing again.
    expect(await instalarArquivosDaDemonstracao(srv.services)).toBe(0);

    // The entry's XML download reads the storage only: a file missing there is a 404, not a copy made on the request.
    const admin = await login(srv.app, 'admin@demo.com.br');
    const entrada = (
      await srv.db.query<{ id: number; arquivo: string }>(
        `SELECT d.id, d.cabecalho ->> 'xmlArquivo' AS arquivo FROM documentos d JOIN users u ON u.tenant_id = d.tenant_id AND u.email = 'admin@demo.com.br'
          WHERE d.tipo = 'entradaNota' AND d.filial_id = u.filial_selecionada_id AND d.cabecalho ->> 'xmlArquivo' IS NOT NULL ORDER BY d.id LIMIT 1`,
      )
    ).rows[0];
    const baixar = () => srv.app.inject({ method: 'GET', url: `/api/EntradasNota/${entrada.id}/xml`, headers: { authorization: admin } });
    expect((await baixar()).statusCode).toBe(200);
    await srv.services.storage.delete(entrada.arquivo);
    const r = await baixar();
    expect(r.statusCode).toBe(404);
    expect(r.json().error.message).toBe('O XML desta entrada não está no armazenamento de arquivos.');
    expect(await srv.services.storage.get(entrada.arquivo)).toBeNull();
  });
});
