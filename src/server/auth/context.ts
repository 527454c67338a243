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
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
}
