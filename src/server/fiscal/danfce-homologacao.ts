import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type forge from 'node-forge';
import type { Item, NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { checkedByHandler, fileAnswer } from '../http/route-schema.ts';
import { lazyRequire } from '../lazy-require.ts';
import type { Assinador } from './assinatura-xml.ts';
import { documentoFiscal } from '../../shared/cpf-cnpj.ts';

const nodeForge = lazyRequire<typeof forge>('node-forge');

/** SPEC 6 key of the sale documents (cupom fiscal and outgoing notes). */
export const CHAVE_DANFCE_HOMOLOGACAO = 'app.saida';
export const ROTA_DANFCE_HOMOLOGACAO = '/api/NotasFiscais/danfce-homologacao';
const MAX_ITENS = 50;

const semPermissao = 'Você não tem permissão para emitir cupom fiscal.';

/**
 * A homologação (test) signature: an ephemeral self-signed certificate per process and CNPJ. The note it signs
 * is never sent to SEFAZ; it only exists so the printed DANFCE has its real key, QR Code and totals.
 */
const assinadores = new Map<string, Assinador>();
function assinadorHomologacao(cnpj: string, titular: string): Assinador {
  const hit = assinadores.get(cnpj);
  if (hit) return hit;
  const f = nodeForge();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = f.pki.createCertificate();
  cert.publicKey = f.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const nome = [{ shortName: 'O', value: 'HOMOLOGACAO - SEM VALOR' }, { shortName: 'CN', value: `${titular.slice(0, 40)}:${cnpj}` }];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.sign(f.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string), f.md.sha256.create());
  const a = { certBase64: f.util.encode64(f.asn1.toDer(f.pki.certificateToAsn1(cert)).getBytes()), chavePrivada: privateKey };
  assinadores.set(cnpj, a);
  return a;
}

const agoraBrasilia = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19) + '-03:00';

interface Pedido {
  itens: { produtoId: number; quantidade: string }[];
}

function lerPedido(body: unknown): Pedido {
  const b = (body ?? {}) as Record<string, unknown>;
  if (!Array.isArray(b.itens) || b.itens.length === 0) throw badRequest('Informe ao menos um produto.', [{ path: '/itens', campo: 'itens', mensagem: 'Campo Obrigatório!' }]);
  if (b.itens.length > MAX_ITENS) throw badRequest(`Informe no máximo ${MAX_ITENS} produtos.`, [{ path: '/itens', campo: 'itens', mensagem: `Máximo de ${MAX_ITENS} itens.` }]);
  const itens = b.itens.map((x, i) => {
    const it = (x ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(it.produtoId) || (it.produtoId as number) <= 0) throw badRequest(`Item ${i + 1}: informe o produto.`, [{ path: `/itens/${i}/produtoId`, campo: 'produtoId', mensagem: 'Campo Obrigatório!' }]);
    const q = typeof it.quantidade === 'number' ? String(it.quantidade) : it.quantidade;
    if (typeof q !== 'string' || !/^\d{1,11}(\.\d{1,4})?$/.test(q) || Number(q) <= 0) {
      throw badRequest(`Item ${i + 1}: a quantidade deve ser um número maior que zero.`, [{ path: `/itens/${i}/quantidade`, campo: 'quantidade', mensagem: 'Quantidade inválida.' }]);
    }
    return { produtoId: it.produtoId as number, quantidade: q };
  });
  return { itens };
}

/** The NFC-e (model 65, homologação) of the branch selling the given products at their sale price, paid in cash. */
async function montarDocumento(q: Queryable, tenantId: number, branchId: number | null, pedido: Pedido): Promise<NfeDocumento> {
  const filial = (
    await q.query<{ id: number; nome: string; cpf_cnpj: string | null; ie: string | null; uf: string | null; cmun: number | null; municipio: string | null; regime: number }>(
      `SELECT b.id, b.nome, b.cpf_cnpj, b.inscricao_estadual AS ie, b.uf, b.codigo_municipio AS cmun, m.nome AS municipio, b.regime_tributario AS regime
         FROM branches b LEFT JOIN municipio m ON m.codigo_ibge = b.codigo_municipio
        WHERE b.tenant_id = $1 AND ($2::int IS NULL OR b.id = $2) ORDER BY b.id LIMIT 1`,
      [tenantId, branchId],
    )
  ).rows[0];
  if (!filial) throw badRequest('Selecione a filial emitente.');
  const cnpj = documentoFiscal(filial.cpf_cnpj);
  if (cnpj.length !== 14) throw badRequest(`A filial ${filial.nome} precisa de um CNPJ para emitir NFC-e.`, [{ path: '/filial', campo: 'cpfCnpj', mensagem: 'CNPJ da filial ausente.' }]);
  if (!filial.uf) throw badRequest(`Informe a UF da filial ${filial.nome}.`, [{ path: '/filial', campo: 'uf', mensagem: 'UF da filial ausente.' }]);
  const ids = pedido.itens.map((i) => i.produtoId);
  const produtos = new Map(
    (
      await q.query<{ id: number; codigo: string | null; gtin: string | null; descricao: string; ncm: string | null; origem: number | null; preco: string | null; unidade: string | null; perfil_tributario_id: number | null }>(
        `SELECT p.id, p.codigo, p.gtin, p.descricao, p.ncm, p.origem, p.preco_venda::text AS preco, u.sigla AS unidade, p.perfil_tributario_id
           FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id
          WHERE p.tenant_id = $1 AND p.id = ANY($2::int[])`,
        [tenantId, ids],
      )
    ).rows.map((p) => [p.id, p]),
  );
  const { emitenteDa } = await import('./emissao/notas.ts');
  const emit = await emitenteDa(q, tenantId, filial.id, []);
  const crt = ([1, 2, 3, 4].includes(filial.regime) ? filial.regime : 1) as 1 | 2 | 3 | 4;
  // IBS/CBS (issue 39): when compulsory for the issuer today, each item carries the group of its perfil, as the sale's NFC-e.
  const dataHoje = agoraBrasilia().slice(0, 10);
  const { emissaoIbsCbs, grupoIbsCbs, ibsCbsDaLinha } = await import('../fiscal-config/ibscbs-emissao.ts');
  const { tributarIbsCbs } = await import('../../shared/fiscal/ibscbs.ts');
  const { TributacaoError } = await import('../../shared/fiscal/tributar-linha.ts');
  const perfis = [...new Set([...produtos.values()].map((p) => p.perfil_tributario_id).filter((v): v is number => v != null).map(Number))];
  const ibs = await emissaoIbsCbs(q, tenantId, { crt: emit.doc.crt, data: dataHoje, modelo: '65', perfilIds: perfis });
  const itens = pedido.itens.map((pi, i): Item => {
    const p = produtos.get(pi.produtoId);
    if (!p) throw badRequest(`Item ${i + 1}: produto ${pi.produtoId} não encontrado.`, [{ path: `/itens/${i}/produtoId`, campo: 'produtoId', mensagem: 'Produto não encontrado.' }]);
    const ncm = (p.ncm ?? '').replace(/\D/g, '');
    if (ncm.length !== 8) throw badRequest(`O produto ${p.descricao} não tem NCM; informe-o no cadastro do produto.`, [{ path: `/itens/${i}/produtoId`, campo: 'ncm', mensagem: 'NCM ausente.' }]);
    if (!p.preco || Number(p.preco) <= 0) throw badRequest(`O produto ${p.descricao} não tem preço de venda.`, [{ path: `/itens/${i}/produtoId`, campo: 'precoVenda', mensagem: 'Preço de venda ausente.' }]);
    const orig = p.origem ?? 0;
    let ibsCbs: Item['ibsCbs'];
    try {
      const linha = ibsCbsDaLinha(ibs, { descricao: p.descricao, perfilTributarioId: p.perfil_tributario_id == null ? null : Number(p.perfil_tributario_id) });
      const valor = (Math.round(Number(pi.quantidade) * Number(p.preco) * 100) / 100).toFixed(2);
      const r = linha?.classificacao ? tributarIbsCbs(linha.tabelas, { data: dataHoje, valor, classificacao: linha.classificacao, modelo: '65' }) : undefined;
      if (ibs && !linha) throw new TributacaoError(`Produto (${p.descricao}): sem perfil tributário, não há classificação do IBS/CBS; informe o perfil no cadastro do produto (aba Fiscal).`, 'produtoId');
      ibsCbs = ibs ? grupoIbsCbs(ibs, { ibsCbs: r } as Parameters<typeof grupoIbsCbs>[1], { descricao: p.descricao }) : undefined;
    } catch (e) {
      if (e instanceof TributacaoError) throw badRequest(`Item ${i + 1}: ${e.message}`, [{ path: `/itens/${i}/produtoId`, campo: 'produtoId', mensagem: e.message }]);
      throw e;
    }
    return {
      ...(ibsCbs ? { ibsCbs } : {}),
      codigo: (p.codigo || String(p.id)).slice(0, 60),
      ...(p.gtin ? { gtin: p.gtin } : {}),
      descricao: p.descricao.slice(0, 120),
      ncm,
      cfop: '5102',
      unidade: (p.unidade || 'UN').slice(0, 6),
      quantidade: pi.quantidade,
      valorUnitario: p.preco,
      icms: crt === 3 ? { orig, CST: '41' } : { orig, CSOSN: '102' },
      pis: { CST: '49' },
      cofins: { CST: '49' },
    };
  });
  const total = itens.reduce((s, it) => s + Math.round(Number(it.quantidade) * Number(it.valorUnitario) * 100), 0);
  return {
    modelo: 65,
    ambiente: 2,
    ide: { serie: 999, numero: 1, naturezaOperacao: 'Venda de mercadoria', dataEmissao: agoraBrasilia(), codigoMunicipioFatoGerador: String(filial.cmun ?? ''), presenca: 1 },
    // The branch as the real sale's issuer (razão social, address, CEP, phone); what it lacks gets a placeholder, since
    // this note is never transmitted.
    emitente: {
      ...emit.doc,
      cnpj,
      razaoSocial: emit.doc.razaoSocial || filial.nome,
      endereco: {
        ...emit.doc.endereco,
        logradouro: emit.doc.endereco.logradouro || 'Endereço da filial',
        numero: emit.doc.endereco.numero || 'S/N',
        bairro: emit.doc.endereco.bairro || 'Centro',
        codigoMunicipio: String(filial.cmun ?? ''),
        municipio: filial.municipio ?? '',
        uf: filial.uf as NfeDocumento['emitente']['endereco']['uf'],
        cep: emit.doc.endereco.cep || '00000000',
      },
      ie: (filial.ie ?? '').replace(/\D/g, '') || 'ISENTO',
      crt,
    },
    itens: itens as NfeDocumento['itens'],
    ...(ibs ? { reformaTributaria: true } : {}),
    pagamentos: [{ tPag: '01', valor: (total / 100).toFixed(2) }],
  } as NfeDocumento;
}

/**
 * POST /api/NotasFiscais/danfce-homologacao { itens: [{ produtoId, quantidade }] }: the DANFCE (PDF, 80 mm) of a
 * homologação NFC-e of the signed-in branch with those products, never transmitted. It shows what the sale
 * prints, the approximate taxes of Lei 12.741 from the imported IBPT table included (see tributos-aproximados).
 */
export default async function danfceHomologacaoRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post(ROTA_DANFCE_HOMOLOGACAO, { config: { module: 'vendas' }, schema: { tags: ['NF-e'], summary: 'DANFCE de homologação (sem valor fiscal) de um pedido, para conferir a impressão', body: checkedByHandler({ type: 'object', additionalProperties: true }), response: { 200: fileAnswer('PDF', 'application/pdf') } } }, async (req, reply) => {
    const ctx = req.ctx;
    if (!ctx || !serverAllows(ctx, CHAVE_DANFCE_HOMOLOGACAO, 'change')) throw forbidden(semPermissao);
    const pedido = lerPedido(req.body);
    const { doc, tributos } = await services.db.tenant(ctx, async (q) => {
      const { aplicarTributosAproximados } = await import('./tributos-aproximados.ts');
      return aplicarTributosAproximados(q, await montarDocumento(q, ctx.tenantId, ctx.branchId, pedido));
    });
    const [{ montarNfe }, { gerarDanfce }] = await Promise.all([import('./nfe.ts'), import('./danfe.ts')]);
    const m = montarNfe(doc, assinadorHomologacao(doc.emitente.cnpj!, doc.emitente.razaoSocial), { csc: { id: '1', codigo: 'HOMOLOGACAO' } });
    const pdf = await gerarDanfce({ calculo: m.calculo, qrCode: m.qrCode, urlChave: m.urlChave });
    if (tributos) reply.header('x-tributos-aproximados', tributos.total);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="danfce-homologacao-${m.chave}.pdf"`).send(pdf);
  });
}
