// npm start runs the server from its esbuild bundle (scripts/server-build.ts) under plain Node, not the sources
// under tsx (the api suites' server processes start this checkout's bundle too, without npm start's build step:
// tests/support/servidor-empacotado.mjs). This suite starts npm start itself, in a copy of the repository with
// nothing beside it (a clone has no ../shared), and walks what a bundle or a clone could break: files found next
// to their source (migrations, web app, the XSD packages), modules that documents name (a resource's hooks, a
// business document's postings), packages loaded on first use (pdfkit, bwip-js), the demo's notes authorised by
// the start-up jobs, graceful shutdown.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServerProcess, type ServerProcess } from '../support/processo-servidor.ts';
import { ensureWebBuilt } from './support/build-web.ts';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../src/server/fiscal/assinatura-xml.ts';
import { CASOS_GRUPOS } from '../fixtures/fiscal/grupos.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';

/** The command lines of the processes a process started (every thread's children). */
const children = (pid: number): string[] =>
  readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
    .map((c) => {
      try {
        return readFileSync(`/proc/${c}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    });

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A clone of this checkout: the files git knows (tracked, and new ones not ignored) and the built web app, times
 * kept (so dist/ is as fresh as here), in a folder of its own with no ../shared beside it. node_modules is a folder
 * of links to this checkout's packages, but its own .cache: the clone builds its own server bundle.
 */
function clone(): string {
  const dest = join(mkdtempSync(join(tmpdir(), 'clone-')), 'retaguarda');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(dest, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dest, f), { preserveTimestamps: true });
  }
  cpSync(join(ROOT, 'dist'), join(dest, 'dist'), { recursive: true, preserveTimestamps: true });
  mkdirSync(join(dest, 'node_modules/.cache'), { recursive: true });
  for (const e of readdirSync(join(ROOT, 'node_modules'))) if (e !== '.cache') symlinkSync(join(ROOT, 'node_modules', e), join(dest, 'node_modules', e));
  return dest;
}

let copia: string;
let srv: ServerProcess;
let token: string;

const call = async (method: string, path: string, body?: unknown) =>
  fetch(`${srv.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: token, host: 'localhost' }, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  await ensureWebBuilt();
  copia = clone();
  expect(existsSync(join(copia, '../shared'))).toBe(false);
  // As a user runs it: not a test process (VITEST unset), so the start-up jobs (the demo's notes, the PDV's
  // pending NFC-e) run as they do for anyone.
  srv = await startServerProcess({ DATABASE_URL: '', VITEST: '' }, 300000, 'scripts/start.mjs', copia);
  const r = await fetch(`${srv.url}/api/Usuarios/login`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost' }, body: JSON.stringify({ email: 'admin@demo.com.br', password: 'demo1234' }) });
  expect(r.status).toBe(200);
  token = (await r.json()).id;
});

afterAll(async () => {
  await srv?.kill();
});

describe('npm start (the server bundle under plain Node)', () => {
  it('runs the bundle, up to date with the sources, with no TypeScript loader in the process', async () => {
    const freshness = await import(pathToFileURL(join(copia, 'scripts/freshness.mjs')).href);
    expect(freshness.ROOT).toBe(copia);
    expect(freshness.serverIsStale()).toBe(false);
    expect(srv.proc.spawnargs).not.toContain('tsx');
    expect(srv.output()).toContain('dados de demonstração criados');
  });

  it('serves the web app from dist/ and the API', async () => {
    const index = await fetch(`${srv.url}/`, { headers: { host: 'localhost' } });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root"');
    const r = await call('GET', '/api/Clientes?filter=%7B%22limit%22%3A1%7D');
    expect(r.status).toBe(200);
    expect((await r.json()).length).toBe(1);
  });

  it("runs a resource's hooks and a business document's postings from the bundle", async () => {
    const perfil = await call('POST', '/api/Perfis', { nome: 'Conferente', permissoes: {} });
    expect(perfil.status).toBe(200);
    const deposito = (await (await call('GET', '/api/Depositos?filter=%7B%22limit%22%3A1%7D')).json())[0];
    const produto = (await (await call('GET', '/api/Produtos?filter=%7B%22limit%22%3A1%7D')).json())[0];
    const acerto = await (await call('POST', '/api/AcertosEstoque', { depositoId: deposito.id, motivo: 'Contagem do teste de subida', itens: [{ produtoId: produto.id, quantidade: '7' }] })).json();
    expect(acerto.estado).toBe('rascunho');
    const efetivado = await call('POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    expect(efetivado.status).toBe(200);
    expect((await efetivado.json()).estado).toBe('efetivado');
  });

  it('loads pdfkit and bwip-js on first use (a label preview)', async () => {
    const etiqueta = (await (await call('GET', '/api/Etiquetas?filter=%7B%22limit%22%3A1%7D')).json())[0];
    const r = await call('GET', `/api/Etiquetas/${etiqueta.id}/amostra`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await r.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('validates XML in the worker pool from its own bundle: no TypeScript loader (tsx and its esbuild service) in a worker', async () => {
    const t = gerarCertificadoTeste();
    const m = montarNfe(CASOS_GRUPOS[0].doc, assinadorDe(lerCertificadoA1(t.pfx, t.senha)));
    const r = await fetch(`${srv.url}/api/NotasFiscais/validar-xml`, { method: 'POST', headers: { 'content-type': 'application/xml', authorization: token, host: 'localhost' }, body: m.xml });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ valido: true, modelo: '55', chave: m.chave, erros: [] });
    expect(children(srv.pid).filter((c) => /esbuild|tsx/.test(c))).toEqual([]);
  });

  it("issues the demo's NF-e and NFC-e without ../shared: the XSD packages are the repository's, no cupom shows a server path", { timeout: 240_000 }, async () => {
    // The start-up jobs: the demo's three sales orders and its own import (NF-e), the closed caixa's sales (NFC-e).
    const cupons = async () => (await (await call('GET', '/api/Pdv/cupons?filter=' + encodeURIComponent(JSON.stringify({ limit: 500 })))).json()) as { situacao: string; motivo: string | null }[];
    const notas = async () => (await (await call('GET', '/api/NotasFiscais?filter=' + encodeURIComponent(JSON.stringify({ limit: 500 })))).json()) as { modelo: number; status: string; rejeicao: string | null }[];
    const limite = Date.now() + 200_000;
    for (;;) {
      const [c, n] = await Promise.all([cupons(), notas()]);
      const pronto = n.filter((x) => x.modelo === 55 && x.status === 'autorizada').length >= 4 && c.filter((x) => x.situacao === 'autorizada').length >= 8 && !c.some((x) => x.situacao === 'pendente');
      if (pronto) break;
      if (Date.now() > limite) throw new Error(`as notas da demonstração não foram autorizadas:\n${JSON.stringify({ notas: n, cupons: c })}\n${srv.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const c = await cupons();
    for (const x of c) expect(x.motivo ?? '', JSON.stringify(x)).not.toMatch(/XSD não encontrado|shared\/fiscal|\/tmp\/|\/work\/|node_modules/);
    expect(srv.output()).not.toContain('XSD não encontrado');
    // The job's summary line comes once its last part (the suppliers' notes for manifestação) is done too.
    await expect.poll(() => srv.output(), { timeout: 60_000, interval: 500 }).toContain('notas de demonstração emitidas: 3 NF-e de venda, 1 NF-e de importação, NFS-e de 1 filial(is), NF-e de fornecedores contra 1 filial(is)');
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await srv.stop()).toBe(0);
  });
});
