import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatBRL, toMoney } from '../../shared/money.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import { faturaDoMes, mesDoCorpo } from './fatura-mes.ts';
import { brandKey } from '../storage/storage.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, fileAnswer, INT, MONEY, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';

export const IMAGE_TYPES = ['logo', 'logo_branca', 'favicon'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** Largest image accepted (decoded): 512 KB. */
export const IMAGE_MAX_BYTES = 512 * 1024;
const IMAGE_EXT: Record<(typeof IMAGE_MIMES)[number], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' };

const MESSAGES = {
  tipo: 'Tipo de imagem inválido: use logo, logo_branca ou favicon.',
  arquivo: 'Envie a imagem como data URL (data:image/png;base64,...).',
  formato: 'Formato de imagem não aceito: envie PNG, JPEG ou SVG.',
  tamanho: `Imagem maior que o permitido (máximo ${IMAGE_MAX_BYTES / 1024} KB).`,
  svg: 'SVG com scripts ou eventos não é aceito.',
  soAdmin: 'Somente a administração da marca (master) pode acessar esta área.',
};

/** What the file's first bytes say it is; null when it is none of PNG, JPEG or SVG. */
export function sniffImage(bytes: Buffer): (typeof IMAGE_MIMES)[number] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if ((head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) && /<svg[\s>]/i.test(bytes.toString('utf8'))) return 'image/svg+xml';
  return null;
}

/** Reads a data URL; checks the declared type, the real type and the size. */
export function readImage(arquivo: unknown): { mime: (typeof IMAGE_MIMES)[number]; bytes: Buffer } {
  const m = typeof arquivo === 'string' ? /^data:([a-z+/.-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(arquivo) : null;
  if (!m) throw badRequest(MESSAGES.arquivo, [{ path: '/arquivo', campo: 'arquivo', mensagem: MESSAGES.arquivo }]);
  const declared = m[1].toLowerCase();
  if (!(IMAGE_MIMES as readonly string[]).includes(declared)) throw badRequest(MESSAGES.formato, [{ path: '/arquivo', campo: 'arquivo', mensagem: MESSAGES.formato }]);
  // Size is checked on the encoded length first, so a huge body is never decoded.
  if (m[2].length > Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 8) throw badRequest(MESSAGES.tamanho, [{ path: '/arquivo', campo: 'arquivo', mensagem: MESSAGES.tamanho }]);
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(MESSAGES.tamanho, [{ path: '/arquivo', campo: 'arquivo', mensagem: MESSAGES.tamanho }]);
  const real = sniffImage(bytes);
  if (!real || real !== declared) throw badRequest(MESSAGES.formato, [{ path: '/arquivo', campo: 'arquivo', mensagem: MESSAGES.formato }]);
  if (real === 'image/svg+xml' && /<script|\son[a-z]+\s*=|javascript:|<foreignObject/i.test(bytes.toString('utf8'))) {
    throw badRequest(MESSAGES.svg, [{ path: '/arquivo', campo: 'arquivo', mensagem: MESSAGES.svg }]);
  }
  return { mime: real, bytes };
}

const TAGS = ['Marcas (white-label)'];
const S = { type: 'string' } as const;
/** The brand a call is about: the caller's own, or (administração geral) the one named. */
const MARCA_ALVO = { configWhiteLabel: { type: ['integer', 'string', 'null'], description: 'a marca (só a administração geral escolhe outra)' } };
const NAO_ENCONTRADA = answer('Marca não encontrada');

export const imageUrl = (brandId: number, tipo: ImageType, sha: string) => `/api/ConfigWhiteLabels/imagem/${brandId}/${tipo}?v=${sha.slice(0, 12)}`;

/**
 * ConfigWhiteLabels upload, dashboard and gerar-fatura (SPEC 7.3), for the brand's staff: master for their own
 * brand, isAvanco for any (naming configWhiteLabel). The image served back is public (the login shows it).
 */
export default async function brandAdminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, storage } = services;

  /** The brand a staff request is about: the caller's own, or (isAvanco) the one named; others are not found. */
  const brandFor = async (req: FastifyRequest): Promise<{ ctx: RequestContext; brand: BrandRow }> => {
    const ctx = req.ctx!;
    if (!ctx.isAvanco && !ctx.master) throw forbidden(MESSAGES.soAdmin);
    const asked = (req.body as Record<string, unknown> | null)?.configWhiteLabel;
    const id = asked === undefined || asked === null || asked === '' ? ctx.brandId : Number(asked);
    if (!ctx.isAvanco && id !== ctx.brandId) throw notFound('Marca não encontrada.');
    const brand = (await brands.all()).find((b) => b.id === id);
    if (!brand) throw notFound('Marca não encontrada.');
    return { ctx, brand };
  };

  app.post('/api/ConfigWhiteLabels/upload', { schema: { tags: TAGS, summary: 'Envia o logo, o logo branco ou o favicon da marca (PNG, JPEG ou SVG sem scripts, até 512 KB, data URL)', body: checkedByHandler(objectOf({ ...MARCA_ALVO, tipo: { type: 'string', enum: [...IMAGE_TYPES] }, arquivo: { type: 'string', description: 'data:image/png;base64,...' } }, ['tipo', 'arquivo'])), response: { 200: exactAnswer('Gravada', objectOf({ tipo: { type: 'string', enum: [...IMAGE_TYPES] }, url: S, mime: { type: 'string', enum: [...IMAGE_MIMES] }, tamanho: INT }, ['tipo', 'url', 'mime', 'tamanho'])), 404: NAO_ENCONTRADA } } }, async (req) => {
    const { brand } = await brandFor(req);
    const body = (req.body ?? {}) as { tipo?: unknown; arquivo?: unknown };
    if (typeof body.tipo !== 'string' || !(IMAGE_TYPES as readonly string[]).includes(body.tipo)) throw badRequest(MESSAGES.tipo, [{ path: '/tipo', campo: 'tipo', mensagem: MESSAGES.tipo }]);
    const tipo = body.tipo as ImageType;
    const { mime, bytes } = readImage(body.arquivo);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const url = imageUrl(brand.id, tipo, sha);
    // The bytes go to the file storage under a name of their own content (a new upload never overwrites the file
    // a running request reads); the row points at it. Storage unreachable: a 503 and nothing changed.
    const key = brandKey(brand.id, 'imagens', `${tipo}-${sha.slice(0, 16)}.${IMAGE_EXT[mime]}`);
    await storage.put(key, bytes, { contentType: mime });
    const previous = await db.transaction(async (q) => {
      const old = await q.query<{ chave: string | null }>('SELECT chave FROM marca_imagens WHERE brand_id = $1 AND tipo = $2 FOR UPDATE', [brand.id, tipo]);
      await q.query(
        `INSERT INTO marca_imagens (brand_id, tipo, mime, conteudo, chave, tamanho, sha256) VALUES ($1, $2, $3, NULL, $4, $5, $6)
         ON CONFLICT (brand_id, tipo) DO UPDATE SET mime = excluded.mime, conteudo = NULL, chave = excluded.chave, tamanho = excluded.tamanho, sha256 = excluded.sha256, created_at = now()`,
        [brand.id, tipo, mime, key, bytes.length, sha],
      );
      // The brand's imagens point at it (SPEC 3 'White-label configuration' imagens).
      await q.query(`UPDATE brands SET config = jsonb_set(config, '{imagens}', coalesce(config->'imagens', '{}'::jsonb) || jsonb_build_object($2::text, $3::text)) WHERE id = $1`, [brand.id, tipo, url]);
      return old.rows[0]?.chave ?? null;
    }).catch(async (e) => {
      if (!(await isReferenced(key))) await storage.delete(key).catch(() => {});
      throw e;
    });
    brands.invalidate();
    // The replaced image's file is no longer named by any row (kept when the same bytes were sent again).
    if (previous && previous !== key && !(await isReferenced(previous))) await storage.delete(previous).catch(() => {});
    return { tipo, url, mime, tamanho: bytes.length };
  });

  app.get('/api/ConfigWhiteLabels/imagem/:marca/:tipo', { schema: { tags: TAGS, summary: 'A imagem de uma marca (público: a tela de login a mostra)', response: { 200: fileAnswer('A imagem', 'image/png'), 404: answer('Imagem não encontrada') } }, config: { public: true } }, async (req, reply) => {
    const { marca, tipo } = req.params as { marca: string; tipo: string };
    if (!/^\d{1,9}$/.test(marca) || !(IMAGE_TYPES as readonly string[]).includes(tipo)) throw notFound('Imagem não encontrada.');
    const r = await db.query<{ mime: string; conteudo: Uint8Array | null; chave: string | null; sha256: string }>('SELECT mime, conteudo, chave, sha256 FROM marca_imagens WHERE brand_id = $1 AND tipo = $2', [Number(marca), tipo]);
    const img = r.rows[0];
    if (!img) throw notFound('Imagem não encontrada.');
    // Uploaded before images moved to the file storage: the bytes are still in the row.
    const body = img.conteudo ? Buffer.from(img.conteudo) : await storage.get(img.chave!);
    if (!body) throw notFound('Imagem não encontrada.');
    reply.header('content-type', img.mime);
    reply.header('etag', `"${img.sha256}"`);
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('x-content-type-options', 'nosniff');
    // An SVG opened directly runs nothing.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(body);
  });

  const isReferenced = async (key: string) => (await db.query('SELECT 1 FROM marca_imagens WHERE chave = $1 LIMIT 1', [key])).rows.length > 0;

  /** The brand's figures: accounts (trial, expired trial, active, delinquent), users, sign-ups per month (last 12). */
  app.post('/api/ConfigWhiteLabels/dashboard', { schema: { tags: TAGS, summary: 'Os números da marca: contas (em teste, teste vencido, ativas, inadimplentes, com plano), usuários ativos e cadastros por mês (12 meses)', body: checkedByHandler(objectOf(MARCA_ALVO)), response: { 200: exactAnswer('Números', objectOf({ configWhiteLabel: INT, marca: S, contas: INT, trials: INT, trialsExpirados: INT, ativas: INT, inadimplentes: INT, comPlano: INT, usuarios: INT, cadastrosPorMes: arrayOf(objectOf({ mes: S, quantidade: INT }, ['mes', 'quantidade'])) }, ['configWhiteLabel', 'marca', 'contas', 'trials', 'trialsExpirados', 'ativas', 'inadimplentes', 'comPlano', 'usuarios', 'cadastrosPorMes'])), 404: NAO_ENCONTRADA } } }, async (req) => {
    const { brand } = await brandFor(req);
    const contas = (
      await db.query<Record<string, number>>(
        `SELECT count(*)::int AS contas,
                count(*) FILTER (WHERE trial AND NOT bloqueada AND (data_vencimento IS NULL OR data_vencimento >= current_date))::int AS trials,
                count(*) FILTER (WHERE trial AND (bloqueada OR data_vencimento < current_date))::int AS "trialsExpirados",
                count(*) FILTER (WHERE NOT trial AND NOT bloqueada)::int AS ativas,
                count(*) FILTER (WHERE NOT trial AND bloqueada)::int AS inadimplentes,
                count(*) FILTER (WHERE plano_id IS NOT NULL)::int AS "comPlano"
           FROM tenants WHERE brand_id = $1`,
        [brand.id],
      )
    ).rows[0];
    const usuarios = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE brand_id = $1 AND ativo', [brand.id])).rows[0].n;
    const meses = (
      await db.query<{ mes: string; quantidade: number }>(
        `SELECT to_char(m, 'MM/YYYY') AS mes, (SELECT count(*)::int FROM tenants t WHERE t.brand_id = $1 AND date_trunc('month', t.created_at) = m) AS quantidade
           FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') AS m ORDER BY m`,
        [brand.id],
      )
    ).rows;
    return { configWhiteLabel: brand.id, marca: brand.nome, ...contas, usuarios, cadastrosPorMes: meses };
  });

  /**
   * The brand's invoice summary for a month: each plan's accounts (plan chosen by the end of the month, not
   * in trial) × its price, as decimal strings; never floating point.
   */
  app.post('/api/ConfigWhiteLabels/gerar-fatura', { schema: { tags: TAGS, summary: 'O resumo da fatura da marca num mês: as contas de cada plano (fora do teste) × o preço, em decimais', body: checkedByHandler(objectOf({ ...MARCA_ALVO, mes: { type: 'string', description: 'MM/aaaa' } }, ['mes'])), response: { 200: answer('A fatura', objectOf({ configWhiteLabel: INT, marca: S, mes: S, itens: arrayOf(objectOf({ planoId: INT, idExterno: TEXT_OR_NULL, plano: S, valorUnitario: MONEY, contas: INT, total: MONEY, totalFormatado: S })), contas: INT, total: MONEY, totalFormatado: S })), 404: NAO_ENCONTRADA } } }, async (req) => {
    const { brand } = await brandFor(req);
    const mes = mesDoCorpo(req.body);
    const { itens, contas, total } = await faturaDoMes(db, brand.id, mes);
    return { configWhiteLabel: brand.id, marca: brand.nome, mes: mes.label, itens: itens.map((i) => ({ ...i, totalFormatado: formatBRL(i.total) })), contas, total: toMoney(total), totalFormatado: formatBRL(total) };
  });
}
