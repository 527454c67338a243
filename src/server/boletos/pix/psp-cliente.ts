/**
 * Client of a PSP's Pix API in the BACEN shape (API Pix v2): OAuth2 client credentials, PUT /cob/{txid} or
 * /cobv/{txid}, PUT /webhook/{chave}, GET /pix/{e2eid}. Called only from jobs (never inside a transaction).
 * A refusal by the PSP (4xx, problem+json) is a RecusaPsp: retrying will not help; anything else may.
 */
export class RecusaPsp extends Error {}
export class FalhaPsp extends Error {}

export interface PspConfig { url: string; clientId: string; clientSecret: string }

export interface CobrancaPsp {
  txid: string;
  status: string;
  location?: string;
  loc?: { location?: string };
  pixCopiaECola?: string;
  revisao?: number;
}

export interface PixPsp { endToEndId: string; txid?: string; valor: string; horario: string }

export class ClientePsp {
  private token: { valor: string; ate: number } | null = null;
  constructor(private readonly cfg: PspConfig) {}

  private async chamar(metodo: string, caminho: string, corpo?: unknown, auth?: string): Promise<{ status: number; json: any }> {
    let r: Response;
    try {
      r = await fetch(`${this.cfg.url.replace(/\/$/, '')}${caminho}`, {
        method: metodo,
        headers: { ...(corpo !== undefined ? { 'content-type': caminho === '/oauth/token' ? 'application/x-www-form-urlencoded' : 'application/json' } : {}), authorization: auth ?? `Bearer ${await this.acesso()}` },
        body: corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      throw new FalhaPsp(`O PSP Pix não respondeu (${e instanceof Error ? e.message : String(e)}).`);
    }
    const texto = await r.text();
    let json: any = null;
    try {
      json = texto ? JSON.parse(texto) : null;
    } catch {
      /* not JSON */
    }
    if (r.status >= 500 || r.status === 429) throw new FalhaPsp(`O PSP Pix respondeu HTTP ${r.status}; nova tentativa em instantes.`);
    if (r.status >= 400) throw new RecusaPsp(`O PSP Pix recusou: ${json?.detail ?? json?.title ?? json?.error ?? `HTTP ${r.status}`}`);
    return { status: r.status, json };
  }

  private async acesso(): Promise<string> {
    if (this.token && this.token.ate > Date.now()) return this.token.valor;
    const basic = Buffer.from(`${this.cfg.clientId}:${this.cfg.clientSecret}`).toString('base64');
    const { json } = await this.chamar('POST', '/oauth/token', 'grant_type=client_credentials', `Basic ${basic}`);
    if (!json?.access_token) throw new RecusaPsp('O PSP Pix não devolveu o token de acesso: confira o client ID e o client secret.');
    this.token = { valor: json.access_token, ate: Date.now() + Math.max(Number(json.expires_in ?? 60) - 30, 10) * 1000 };
    return this.token.valor;
  }

  async criarCobranca(tipo: 'cob' | 'cobv', txid: string, corpo: Record<string, unknown>): Promise<CobrancaPsp> {
    return (await this.chamar('PUT', `/${tipo}/${txid}`, corpo)).json;
  }

  async consultarCobranca(tipo: 'cob' | 'cobv', txid: string): Promise<CobrancaPsp> {
    return (await this.chamar('GET', `/${tipo}/${txid}`)).json;
  }

  async configurarWebhook(chave: string, webhookUrl: string): Promise<void> {
    await this.chamar('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl });
  }

  async consultarPix(e2eid: string): Promise<PixPsp> {
    return (await this.chamar('GET', `/pix/${e2eid}`)).json;
  }
}
