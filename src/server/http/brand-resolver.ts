/** The one query the resolver makes (the server's database; typed here so that http/ imports nothing above it). */
interface Consulta {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface BrandRow {
  id: number;
  nome: string;
  dominios: string[];
  padrao: boolean;
  config: Record<string, any>;
}

/** The brand of a request is chosen by its host name, falling back to the default brand. */
export class BrandResolver {
  private cache: { at: number; brands: BrandRow[] } | null = null;
  constructor(private readonly db: Consulta, private readonly ttlMs = 30_000) {}

  async all(): Promise<BrandRow[]> {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache.brands;
    const r = await this.db.query<BrandRow>('SELECT id, nome, dominios, padrao, config FROM brands ORDER BY id');
    this.cache = { at: Date.now(), brands: r.rows };
    return r.rows;
  }

  invalidate(): void {
    this.cache = null;
  }

  async forHost(host: string | undefined): Promise<BrandRow> {
    const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
    const brands = await this.all();
    const found = brands.find((b) => b.dominios.some((d) => d.toLowerCase() === name)) ?? brands.find((b) => b.padrao) ?? brands[0];
    if (!found) throw new Error('nenhuma marca cadastrada');
    return found;
  }
}
