/** Who is asking, resolved from the session token for every request. */
export interface RequestContext {
  token: string;
  tenantId: number;
  brandId: number;
  userId: number;
  branchId: number | null;
  email: string;
  nome: string;
  perfilAdmin: boolean;
  suporteWhiteLabel: boolean;
  isContador: boolean;
  isAvanco: boolean;
  master: boolean;
  permissoes: Record<string, number>;
  /** Set when the request came with `Authorization: ApiKey …`: the key acts as its creator limited to its scopes. */
  apiKeyId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
}
