import type { BrandConfig } from './brand.ts';

/** The parts of the brand configuration (SPEC 3) the look and the auth screens read, with safe accessors. */
export interface BrandMisc {
  textoDestaqueCadastro?: string;
  textoAlertaCadastro?: string;
  exibirCpfCnpjTelaCadastro?: boolean;
  exibirNomeUsuarioTelaCadastro?: boolean;
  exibirNomeEmpresaTelaCadastro?: boolean;
  exibirTelefoneTelaCadastro?: boolean;
  exibirRegimeTelaCadastro?: boolean;
  customThemeColor?: string;
  secondaryThemeColor?: string;
  linkFavicon?: string;
  scriptIncorporar?: string;
  scriptLink?: string;
  adobeAnalytics?: string;
}

export interface BrandImages {
  logo?: string;
  logo_branca?: string;
  capaLogin?: string;
  favicon?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function brandMisc(brand: BrandConfig | undefined): BrandMisc {
  return obj(brand?.misc) as BrandMisc;
}

export function brandImages(brand: BrandConfig | undefined): BrandImages {
  const i = obj(brand?.imagens);
  return { logo: text(i.logo), logo_branca: text(i.logo_branca), capaLogin: text(i.capaLogin), favicon: text(i.favicon) };
}

export function brandDocuments(brand: BrandConfig | undefined): { termoUso?: string; politicaPrivacidade?: string } {
  const d = obj(brand?.documentos);
  return { termoUso: text(d.termoUso), politicaPrivacidade: text(d.politicaPrivacidade) };
}

/** The login cover: a configured frame address or HTML block replaces the cover image. */
export function brandLoginCover(brand: BrandConfig | undefined): { iframe?: string; html?: string; image?: string } {
  const l = obj(brand?.login);
  return { iframe: text(l.iframe), html: text(l.html), image: brandImages(brand).capaLogin };
}

/** Sign-up is offered unless the brand turns it off. */
export const signUpEnabled = (brand: BrandConfig | undefined): boolean => brand?.cadastroHabilitado !== false;

export const brandText = text;
