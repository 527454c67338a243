/**
 * CEP → address through a service speaking the ViaCEP JSON protocol: GET {base}/ws/{cep}/json/ answers
 * { cep, logradouro, complemento, bairro, localidade, uf, ibge, ... }, or { "erro": true } (some versions
 * "true") for a CEP it does not know. The base address comes from CEP_API_URL; without it there is no
 * lookup (the form then derives only the UF from the CEP ranges).
 */
export interface CepEndereco {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  /** IBGE municipality code (7 digits), when the service gives it. */
  ibge: number | null;
}

export const CEP_TIMEOUT_MS = 5000;

/** The service did not answer usably (network, HTTP status, not JSON): not the same as an unknown CEP. */
export class CepServiceError extends Error {}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export class ViaCepClient {
  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = CEP_TIMEOUT_MS,
  ) {}

  /** The address of an 8-digit CEP; null when the service does not know it. */
  async lookup(cep: string): Promise<CepEndereco | null> {
    if (!/^\d{8}$/.test(cep)) throw new RangeError('CEP deve ter 8 dígitos');
    const url = `${this.baseUrl.replace(/\/+$/, '')}/ws/${cep}/json/`;
    let body: unknown;
    try {
      const r = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
      // ViaCEP answers 400 for a malformed CEP; ours is always 8 digits, so any non-200 is a service failure.
      if (!r.ok) throw new CepServiceError(`serviço de CEP respondeu ${r.status}`);
      body = await r.json();
    } catch (e) {
      if (e instanceof CepServiceError) throw e;
      throw new CepServiceError(`serviço de CEP indisponível: ${(e as Error).message}`);
    }
    if (!body || typeof body !== 'object') throw new CepServiceError('resposta do serviço de CEP inválida');
    const b = body as Record<string, unknown>;
    if (b.erro === true || b.erro === 'true') return null;
    const uf = text(b.uf).toUpperCase();
    if (!/^[A-Z]{2}$/.test(uf)) throw new CepServiceError('resposta do serviço de CEP sem UF');
    const ibge = /^\d{7}$/.test(text(b.ibge)) ? Number(text(b.ibge)) : null;
    return { cep, logradouro: text(b.logradouro), complemento: text(b.complemento), bairro: text(b.bairro), localidade: text(b.localidade), uf, ibge };
  }
}

/** The client for CEP_API_URL (read on each call, so a changed environment applies), or null when unset. */
export function cepClientFromEnv(env: NodeJS.ProcessEnv = process.env): ViaCepClient | null {
  const base = env.CEP_API_URL?.trim();
  return base ? new ViaCepClient(base) : null;
}
