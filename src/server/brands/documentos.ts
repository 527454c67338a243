import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppServices } from '../app-services.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import { brandColour } from './brand-colour.ts';
import { tomDeTexto } from '../../shared/contraste.ts';

/**
 * The brand's legal documents (SPEC 3 documentos: termoUso, politicaPrivacidade) and its favicon, answered
 * without a session. A brand whose documentos point elsewhere links there directly; the addresses below are
 * the default ones, where the default text (below, with the brand's title) is served.
 */
export const DOCUMENTOS = {
  'termos-de-uso': { titulo: 'Termos de uso' },
  'politica-de-privacidade': { titulo: 'Política de privacidade' },
} as const;

const TEXTOS = Object.fromEntries(
  Object.keys(DOCUMENTOS).map((nome) => [nome, readFileSync(join(import.meta.dirname, 'documentos', `${nome}.md`), 'utf8')]),
) as Record<keyof typeof DOCUMENTOS, string>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The few Markdown forms the default texts use: '# ' and '## ' headings and paragraphs. */
function toHtml(md: string): string {
  return md
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const text = escape(block.replace(/\s*\n\s*/g, ' ').trim());
      if (text.startsWith('## ')) return `<h2>${text.slice(3)}</h2>`;
      if (text.startsWith('# ')) return `<h1>${text.slice(2)}</h1>`;
      return `<p>${text}</p>`;
    })
    .join('\n');
}

export function documentoHtml(nome: keyof typeof DOCUMENTOS, brand: BrandRow): string {
  const marca = String(brand.config?.title ?? brand.nome);
  const body = toHtml(TEXTOS[nome].replaceAll('{{marca}}', marca));
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(DOCUMENTOS[nome].titulo)} — ${escape(marca)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;line-height:1.55;color:#222}h1{color:${tomDeTexto(brandColour(brand))}}</style>
</head><body>
${body}
</body></html>`;
}

/** A default icon: the brand's colour with the first letter of its title. */
export function defaultFavicon(brand: BrandRow): string {
  const letra = escape((String(brand.config?.title ?? brand.nome).trim()[0] ?? 'R').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${brandColour(brand)}"/><text x="16" y="23" font-family="Arial,sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${letra}</text></svg>`;
}

export default async function documentosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { brands } = services;
  for (const nome of Object.keys(DOCUMENTOS) as (keyof typeof DOCUMENTOS)[]) {
    app.get(`/docs/${nome}.html`, async (req, reply) => {
      const brand = await brands.forHost(req.headers.host);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(documentoHtml(nome, brand));
    });
  }

  // SPEC 3: misc.linkFavicon, else the uploaded favicon (imagens.favicon), else the default icon.
  app.get('/favicon.ico', async (req, reply: FastifyReply) => {
    const brand = await brands.forHost(req.headers.host);
    const own = brand.config?.misc?.linkFavicon ?? brand.config?.imagens?.favicon;
    if (typeof own === 'string' && own.trim()) return reply.header('cache-control', 'no-cache').redirect(own.trim(), 302);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(defaultFavicon(brand));
  });
}
