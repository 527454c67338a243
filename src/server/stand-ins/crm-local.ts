import { createServer, type Server } from 'node:http';

/** A stand-in for the external CRM that speaks its HTTP API and records every call (tests point CRM_BASE_URL at it). */
export async function startCrmLocal() {
  const calls: { method: string; url: string; headers: Record<string, unknown>; body: any }[] = [];
  let nextId = 100;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = data ? JSON.parse(data) : null;
      calls.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET') res.end(JSON.stringify({ value: [] }));
      else res.end(JSON.stringify({ value: [{ Id: nextId++, ...body }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}
