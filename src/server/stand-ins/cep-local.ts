import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local CEP service speaking the ViaCEP JSON protocol (GET /ws/{cep}/json/), for tests: the real one is
 * not reachable from here. Knows the CEPs it is given; answers {"erro": true} for others, 400 for a path
 * that is not 8 digits (as ViaCEP does), and 500 for CEPs listed in `failing`.
 */
export interface CepLocal {
  baseUrl: string;
  /** Paths asked, in order. */
  seen: string[];
  close(): Promise<void>;
}

export async function startCepLocal(known: Record<string, Record<string, string>>, failing: string[] = []): Promise<CepLocal> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const m = /^\/ws\/([^/]+)\/json\/?$/.exec(req.url ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || !m) return send(404, { erro: true });
    const cep = m[1];
    if (!/^\d{8}$/.test(cep)) return send(400, { erro: true });
    if (failing.includes(cep)) return send(500, { message: 'falha interna' });
    const entry = known[cep];
    if (!entry) return send(200, { erro: true });
    send(200, { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', unidade: '', ddd: '11', gia: '', siafi: '', ...entry });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, seen, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** Two real addresses (Correios/IBGE data), one without an IBGE code to be found by name. */
export const CEPS_CONHECIDOS = {
  '01001000': { logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
  '20040020': { logradouro: 'Rua da Assembleia', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ', ibge: '' },
};
