import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import { ReportWorker } from '../../src/server/relatorios/worker.ts';
import { formatBRL } from '../../src/shared/money.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

describe.each(BACKENDS)('exported reports on %s', (backend) => {
  let srv: TestServer;
  let token: string;
  const sockets: Socket[] = [];
  const call = (method: string, url: string, payload?: unknown, t = token) =>
    fetch(`${srv.baseUrl}${url}`, { method, headers: { authorization: t, ...(payload ? { 'content-type': 'application/json' } : {}) }, body: payload ? JSON.stringify(payload) : undefined });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  beforeAll(async () => {
    srv = await startTestServer(backend, { listen: true });
    token = await login(srv.app, 'admin@demo.com.br');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await srv?.close();
  });

  async function exportAndWait(tipo: 'xlsx' | 'pdf', filter: unknown) {
    const socket = connect(srv.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((r, j) => (socket.once('connect', () => r()), socket.once('connect_error', j)));
    const event = new Promise<any>((r) => socket.once(`exportar-cliente-${tipo}`, r));
    const res = await call('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo, filter, descricao: 'Clientes de SP' });
    expect(res.status).toBe(200);
    const job = await res.json();
    expect(job).toMatchObject({ status: 0, tipo, descricao: 'Clientes de SP' });
    const done = await event;
    expect(done).toMatchObject({ status: 'success', data: { id: job.id, url: `/api/Relatorios/${job.id}/arquivo` } });
    const file = await call('GET', done.data.url);
    expect(file.status).toBe(200);
    return { job, bytes: Buffer.from(await file.arrayBuffer()) };
  }

  const filter = { where: { uf: 'SP' }, order: 'nome DESC' };

  it('a grid exported to XLSX reaches Finalizado and its rows match the grid', async () => {
    const grid = await (await call('GET', `/api/Clientes?filter=${q({ ...filter, limit: 1000 })}`)).json();
    expect(grid.length).toBeGreaterThan(5);
    const { job, bytes } = await exportAndWait('xlsx', filter);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as any);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Nome / Razão social', 'CPF/CNPJ', 'E-mail', 'Telefone', 'Limite de crédito', 'UF', 'Ativo']);
    const rows = [];
    for (let i = 2; i <= ws.rowCount; i++) rows.push((ws.getRow(i).values as unknown[]).slice(1));
    expect(rows.map((r) => r[0])).toEqual(grid.map((c: any) => c.nome));
    expect(rows[0][1]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(rows.map((r) => r[4])).toEqual(grid.map((c: any) => (c.limiteCredito === null ? undefined : Number(c.limiteCredito))));
    const listed = await (await call('GET', `/api/Relatorios?filter=${q({ order: 'dataInclusao DESC' })}`)).json();
    expect(listed[0]).toMatchObject({ id: job.id, status: 1, linhas: grid.length, url: `/api/Relatorios/${job.id}/arquivo` });
  });

  it('PDF: header with company, tax id, user, date and page number; rows as the grid formats them', async () => {
    const grid = await (await call('GET', `/api/Clientes?filter=${q({ ...filter, limit: 1000 })}`)).json();
    const { bytes } = await exportAndWait('pdf', filter);
    const dir = mkdtempSync(join(tmpdir(), 'rel-'));
    writeFileSync(join(dir, 'r.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Mercadinho Demo Ltda');
    expect(text).toMatch(/CNPJ\/CPF: \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
    expect(text).toContain('Usuário: Ana Administradora');
    expect(text).toMatch(/Emitido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toContain('Página 1');
    expect(text).toContain('Clientes de SP');
    for (const c of grid.slice(0, 5)) expect(text).toContain(c.nome);
    const withLimit = grid.find((c: any) => Number(c.limiteCredito) > 0);
    expect(text).toContain(formatBRL(withLimit.limiteCredito));
  });

  it('a second export of the same report while the first runs is a 406; another account cannot download', async () => {
    const paused = await startTestServer(backend, { listen: true, reportWorker: false });
    try {
      const t = await login(paused.app, 'admin@demo.com.br');
      const post = () => fetch(`${paused.baseUrl}/api/Relatorios/exportar`, { method: 'POST', headers: { authorization: t, 'content-type': 'application/json' }, body: JSON.stringify({ recurso: 'Clientes', tipo: 'pdf', filter }) });
      const first = await post();
      expect(first.status).toBe(200);
      const second = await post();
      expect(second.status).toBe(406);
      expect((await second.json()).error.message).toBe('Relatório já está sendo processado.');
      const bad = await fetch(`${paused.baseUrl}/api/Relatorios/exportar`, { method: 'POST', headers: { authorization: t, 'content-type': 'application/json' }, body: JSON.stringify({ recurso: 'Clientes', tipo: 'pdf', filter: { where: { senha: 1 } } }) });
      expect(bad.status).toBe(400);
      const worker = new ReportWorker(paused.services, mkdtempSync(join(tmpdir(), 'rel-')));
      expect(await worker.runOne()).toBe(true);
      expect(await worker.runOne()).toBe(false);
      const job = (await first.json()).id;
      const viz = await login(paused.app, 'admin@vizinha.com.br');
      expect((await fetch(`${paused.baseUrl}/api/Relatorios/${job}/arquivo`, { headers: { authorization: viz } })).status).toBe(404);
      expect((await fetch(`${paused.baseUrl}/api/Relatorios/${job}/arquivo?access_token=${t}`)).status).toBe(200);
      expect((await post()).status).toBe(200);
    } finally {
      await paused.close();
    }
  });

  it('reads the rows in keyset chunks: small chunks over a nullable, repeated DESC order give exactly the grid rows', async () => {
    const paused = await startTestServer(backend, { listen: false, reportWorker: false });
    try {
      const t = await login(paused.app, 'admin@demo.com.br');
      const inject = (method: string, url: string, payload?: unknown) => paused.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: t } });
      // Nulls and ties in both order columns: limiteCredito repeats, e-mail is empty for some.
      await inject('POST', '/api/Clientes', { nome: 'Sem Email Nulo', ativo: true });
      for (const order of ['limiteCredito DESC, email ASC', 'email DESC', 'limiteCredito ASC']) {
        const grid = (await inject('GET', `/api/Clientes?filter=${q({ order, limit: 1000 })}`)).json() as { nome: string }[];
        expect(grid.length).toBeGreaterThan(20);
        const res = await inject('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo: 'xlsx', filter: { order } });
        expect(res.statusCode, res.body).toBe(200);
        const worker = new ReportWorker(paused.services, mkdtempSync(join(tmpdir(), 'rel-')), 2000, 7);
        expect(await worker.runOne()).toBe(true);
        const file = await inject('GET', `/api/Relatorios/${res.json().id}/arquivo`);
        expect(file.statusCode).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(file.rawPayload as any);
        const names: unknown[] = [];
        wb.worksheets[0].eachRow((row, i) => i > 1 && names.push(row.getCell(1).value));
        expect(names, order).toEqual(grid.map((c) => c.nome));
      }
    } finally {
      await paused.close();
    }
  });

  // PGlite's own (one connection): started on PGlite whatever the describe's database, once.
  if (backend === BACKENDS[0]) {
    it('on PGlite a request made during an export answers before the export ends (each chunk its own transaction)', async () => {
      const paused = await startTestServer('pglite', { listen: false, reportWorker: false });
      try {
        const tenant = (await paused.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
        await paused.db.query(
          `INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, uf, limite_credito, ativo)
           SELECT $1, 0, 'Cliente em massa ' || g, lpad(g::text, 11, '0'), 'SP', (g % 100)::numeric, true FROM generate_series(1, 6000) g`,
          [tenant],
        );
        const t = await login(paused.app, 'admin@demo.com.br');
        const inject = (method: string, url: string, payload?: unknown) => paused.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: t } });
        const res = await inject('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo: 'pdf', filter: { order: 'nome ASC' } });
        expect(res.statusCode).toBe(200);
        const dir = mkdtempSync(join(tmpdir(), 'rel-'));
        // A slow export: each of the worker's transactions starts 15 ms late (as with a loaded disk), so the
        // outcome does not hang on how busy the machine is. The request's own transactions queue behind at most
        // one chunk each; an export holding one transaction for all its rows would still make it wait to the end.
        const db = paused.services.db;
        const slowDb = { ...db, tenant: (async (scope, fn) => { await new Promise((r) => setTimeout(r, 15)); return db.tenant(scope, fn); }) as typeof db.tenant };
        const worker = new ReportWorker({ ...paused.services, db: slowDb }, dir, 2000, 100);
        // The file is built in the scratch folder, then stored whole.
        const file = join(dir, String(tenant), `${res.json().id}.pdf.${worker.executor}.part`);
        let ended = false;
        const running = worker.runOne().then(() => (ended = true));
        // The export has started writing its file...
        while (!existsSync(file) || statSync(file).size === 0) await new Promise((r) => setTimeout(r, 5));
        // ...and a list request still gets the database between two chunks.
        const list = await inject('GET', `/api/Clientes?filter=${q({ where: { nome: { like: 'Cliente em massa 12%' } }, limit: 3 })}`);
        const partial = readFileSync(file);
        expect(list.statusCode).toBe(200);
        expect(list.json()).toHaveLength(3);
        expect(ended).toBe(false);
        // The file was still being written when the request was answered: no end-of-file marker yet.
        expect(partial.includes('%%EOF')).toBe(false);
        await running;
        expect(existsSync(file)).toBe(false);
        const done = (await inject('GET', `/api/Relatorios/${res.json().id}/arquivo`)).rawPayload;
        expect(done.includes('%%EOF')).toBe(true);
        expect(done.length).toBeGreaterThan(partial.length);
        const row = (await paused.db.query<{ status: number; linhas: number }>('SELECT status, linhas FROM relatorios WHERE id = $1', [res.json().id])).rows[0];
        expect(row).toEqual({ status: 1, linhas: 6000 + 60 });
      } finally {
        await paused.close();
      }
    });
  }

  it('PDF: the filters, the period and a totals row; XLSX: dates as dates and money as numbers (issue 43)', async () => {
    const paused = await startTestServer(backend, { listen: false, reportWorker: false });
    try {
      const t = await login(paused.app, 'admin@demo.com.br');
      const inject = (method: string, url: string, payload?: unknown) => paused.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: t } });
      const where = { and: [{ tipo: 0 }, { vencimento: { between: ['2026-08-01', '2026-08-31'] } }] };
      const grid = (await inject('GET', `/api/Parcelas?filter=${q({ where, limit: 1000 })}`)).json() as { valor: string; vencimento: string }[];
      expect(grid.length).toBeGreaterThan(1);
      const soma = grid.reduce((s, p) => s + Math.round(Number(p.valor) * 100), 0) / 100;
      const descricao = 'Receitas — Vencimento: 01/08/2026 até 31/08/2026';
      const worker = new ReportWorker(paused.services, mkdtempSync(join(tmpdir(), 'rel-')), 2000, 500);
      const arquivo = async (tipo: 'pdf' | 'xlsx') => {
        const res = await inject('POST', '/api/Relatorios/exportar', { recurso: 'Parcelas', tipo, filter: { where, order: 'vencimento ASC' }, descricao });
        expect(res.statusCode, res.body).toBe(200);
        expect(await worker.runOne()).toBe(true);
        return (await inject('GET', `/api/Relatorios/${res.json().id}/arquivo`)).rawPayload;
      };
      const dir = mkdtempSync(join(tmpdir(), 'rel-'));
      writeFileSync(join(dir, 'r.pdf'), await arquivo('pdf'));
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toMatch(/^\s*Receitas\s*$/m);
      expect(text).toContain('Filtros: Vencimento: 01/08/2026 até 31/08/2026');
      expect(text).toContain('Período: Vencimento: 01/08/2026 a 31/08/2026');
      const total = text.split('\n').find((l) => l.includes(`Total (${grid.length} registros)`));
      expect(total, text).toBeDefined();
      expect(total).toContain(formatBRL(soma.toFixed(2)));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await arquivo('xlsx')) as any);
      const ws = wb.worksheets[0];
      const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
      const iVenc = header.indexOf('Vencimento') + 1;
      const iValor = header.indexOf('Valor') + 1;
      expect(iVenc).toBeGreaterThan(0);
      const venc = ws.getRow(2).getCell(iVenc);
      expect(venc.value).toBeInstanceOf(Date);
      expect((venc.value as Date).toISOString().slice(0, 10)).toBe(grid.map((p) => p.vencimento).sort()[0]);
      expect(venc.numFmt).toBe('dd/mm/yyyy');
      expect(typeof ws.getRow(2).getCell(iValor).value).toBe('number');
    } finally {
      await paused.close();
    }
  });

  it('PDF: long reports span pages with the header on each, every row present, long text cut with …', async () => {
    const paused = await startTestServer(backend, { listen: false, reportWorker: false });
    try {
      const t = await login(paused.app, 'admin@demo.com.br');
      const inject = (method: string, url: string, payload?: unknown) => paused.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: t } });
      const longo = 'Açougue e Mercearia “Boa Sorte” de Itaquaquecetuba com um nome comprido demais para a coluna inteira';
      expect((await inject('POST', '/api/Clientes', { nome: longo, ativo: true, limiteCredito: '98765.43' })).statusCode).toBe(200);
      const res = await inject('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo: 'pdf', filter: { order: 'nome ASC' } });
      const worker = new ReportWorker(paused.services, mkdtempSync(join(tmpdir(), 'rel-')), 2000, 9);
      expect(await worker.runOne()).toBe(true);
      const file = await inject('GET', `/api/Relatorios/${res.json().id}/arquivo`);
      const dir = mkdtempSync(join(tmpdir(), 'rel-'));
      writeFileSync(join(dir, 'r.pdf'), file.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      const grid = (await inject('GET', `/api/Clientes?filter=${q({ order: 'nome ASC', limit: 1000 })}`)).json() as { nome: string; limiteCredito: string | null }[];
      const pages = text.split('\f').filter((p) => p.trim());
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((p, i) => {
        expect(p).toContain(`Página ${i + 1}`);
        expect(p).toContain('Usuário: Ana Administradora');
        expect(p).toContain('Nome / Razão social');
      });
      for (const c of grid.filter((c) => c.nome !== longo)) expect(text).toContain(c.nome);
      expect(text).toMatch(/Açougue e Mercearia “Boa Sorte” de Itaquaquecetuba[^\n]*…/);
      expect(text).not.toContain(longo);
      expect(text).toContain('R$ 98.765,43');
    } finally {
      await paused.close();
    }
  });

  if (backend === 'postgres') {
    it('with two server processes on one PostgreSQL each job runs exactly once', async () => {
      const db2 = await openDb({ databaseUrl: srv.databaseUrl! });
      const { app: second } = await buildApp({ db: db2, databaseUrl: srv.databaseUrl, serveWeb: false, dataDir: mkdtempSync(join(tmpdir(), 'second-')) });
      await second.listen({ port: 0, host: '127.0.0.1' });
      try {
        const ufs = ['SP', 'RJ', 'MG', 'PR', 'BA'];
        const ids: number[] = [];
        for (const uf of ufs)
          for (const tipo of ['xlsx', 'pdf']) {
            const r = await call('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo, filter: { where: { uf }, order: 'email ASC' } });
            expect(r.status).toBe(200);
            ids.push((await r.json()).id);
          }
        const deadline = Date.now() + 40000;
        let rows: { status: number; tentativas: number; executor: string }[] = [];
        while (Date.now() < deadline) {
          rows = (await srv.db.query<{ status: number; tentativas: number; executor: string }>(`SELECT status, tentativas, executor FROM relatorios WHERE id = ANY($1)`, [ids])).rows;
          if (rows.length === 10 && rows.every((r) => r.status !== 0)) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(rows).toHaveLength(10);
        expect(rows.every((r) => r.status === 1 && r.tentativas === 1)).toBe(true);
      } finally {
        await second.close();
        await db2.close();
      }
    });
  }
});
