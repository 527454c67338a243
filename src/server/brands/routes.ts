import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { BrandRow } from './brand-resolver.ts';

/** Secrets a brand configuration holds that never leave the server (CRM integration token). */
const SECRET_MISC_KEYS = ['TOKEN', 'crmToken'];

/** The brand configuration object of SPEC 3 as the browser sees it, with defaults filled in. */
export function publicBrandConfig(brand: BrandRow) {
  const c = brand.config ?? {};
  const misc = { ...(c.misc ?? {}) };
  for (const k of SECRET_MISC_KEYS) delete misc[k];
  return {
    id: brand.id,
    idConfig: c.idConfig ?? String(brand.id),
    tema: c.tema ?? 'azul',
    title: c.title ?? brand.nome,
    imagens: c.imagens ?? {},
    documentos: c.documentos ?? {},
    modulos: c.modulos ?? [],
    planoModulos: c.planoModulos ?? [],
    urlPdv: c.urlPdv ?? null,
    API_ENDPOINT: c.API_ENDPOINT ?? '/api/',
    cacheAtivo: c.cacheAtivo ?? true,
    integracaoCobranca: c.integracaoCobranca ?? false,
    cadastroHabilitado: c.cadastroHabilitado ?? true,
    campos: c.campos ?? {},
    misc: {
      textoDestaqueCadastro: 'GRATUITAMENTE',
      exibirCpfCnpjTelaCadastro: false,
      exibirNomeUsuarioTelaCadastro: true,
      exibirNomeEmpresaTelaCadastro: true,
      exibirTelefoneTelaCadastro: true,
      exibirRegimeTelaCadastro: true,
      ...misc,
    },
  };
}

export default async function brandRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/api/ConfigWhiteLabels/atual', { config: { public: true } }, async (req) => publicBrandConfig(await services.brands.forHost(req.headers.host)));
}
