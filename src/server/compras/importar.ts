import { X509Certificate } from 'node:crypto';
import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import type { DocumentDef } from '../documents/registry.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { paraUnidades } from '../estoque/embalagens.ts';
import { tenantKey } from '../storage/storage.ts';
import { isCpf, isCnpj, isPhone, maskCpfCnpj, onlyDigits } from '../../shared/cpf-cnpj.ts';
import { validarInscricaoEstadual } from '../../shared/inscricao-estadual.ts';
import { cfopEntrada, lerNfe, regraDeValorQuebrada, type ItemNota, type NotaLida, type ParteNota } from './nfe-leitura.ts';
import { documentoDoCertificado } from '../fiscal/certificado.ts';
import { custoDaLinha, recuperaveisDaFilial, totalDaNota } from './custo.ts';
import type { TributoRecuperavel } from '../../shared/fiscal/creditos-compras.ts';
import { fatorDaLinha } from './entrada-nota.ts';

type Row = Record<string, unknown>;

export const XML_LIMITE = 1024 * 1024;
/** Person types of SPEC 3.2 (tipoPessoa). */
const FORNECEDOR = 1;
const TRANSPORTADORA = 5;

export type Origem = 'codigo' | 'gtin' | 'embalagem' | 'variacao' | 'busca' | null;

export interface LinhaProposta extends ItemNota {
  cfopEntrada: string | null;
  produtoId: number | null;
  variacaoId: number | null;
  produtoDescricao: string | null;
  produtoUnidade: string | null;
  /** how the line was matched: the supplier's code learned before, a GTIN (of the product, a SKU or a packaging unit), a search to confirm */
  origem: Origem;
  /** units per unit of the note (a box of 12: 12); null when the note's unit has no conversion to the product's */
  fator: string | null;
  quantidadeEstoque: string | null;
  custoUnitario: string | null;
  candidatos: { produtoId: number; descricao: string; codigo: string | null; similaridade: number }[];
  /** what the screen proposes: link (confident match), confirm (a search result) or create a product from the line */
  acao: 'vincular' | 'confirmar' | 'criar';
}

export interface Proposta {
  chave: string;
  numeroNota: number;
  serie: number;
  dataEmissao: string;
  naturezaOperacao: string;
  protocolo: string | null;
  emitente: ParteNota;
  fornecedor: { id: number | null; nome: string; cpfCnpj: string; novo: boolean };
  transportador: { id: number | null; nome: string; cpfCnpj: string; novo: boolean } | null;
  filial: { id: number; nome: string };
  depositoId: number | null;
  totais: NotaLida['totais'];
  valorTotal: string;
  parcelas: NotaLida['duplicatas'];
  pedidosAbertos: { id: number; numero: number; dataPrevista: string | null }[];
  itens: LinhaProposta[];
}

const erro = (mensagem: string, campo = 'xml', status = 400) => new HttpError(status, mensagem, [{ path: '', campo, mensagem }]);

/**
 * The supplier's XML checked as SEFAZ would (well-formed, NF-e 4.00 or nfeProc, layout XSD, access key, signature)
 * and addressed to a branch of this account, the selected one; an access key already entered is refused.
 */
export async function lerXmlDoFornecedor(xml: string): Promise<NotaLida> {
  if (typeof xml !== 'string' || !xml.trim()) throw erro('Envie o conteúdo do arquivo XML da NF-e.');
  if (Buffer.byteLength(xml) > XML_LIMITE) throw erro('O XML passa de 1 MB: envie o XML de uma nota só.', 'xml', 413);
  const { validarXmlFiscal, XmlMalFormadoError } = await import('../fiscal/validar-xml.ts');
  const { identificarDocumento } = await import('../fiscal/validacao-xsd.ts');
  const raiz = identificarDocumento(xml).raiz;
  if (raiz !== 'NFe' && raiz !== 'nfeProc') throw erro(`O arquivo não é uma NF-e: o XML começa por <${raiz ?? '?'}>, e a entrada aceita o XML da nota (<NFe> ou <nfeProc>) que o fornecedor enviou.`);
  let r;
  try {
    // The NF-e's signature by libxml2's canonicalization (the same check, fast on notes of hundreds of lines).
    const { verificarAssinaturaNfe } = await import('./assinatura-nfe.ts');
    r = await validarXmlFiscal(xml, { verificarAssinatura: verificarAssinaturaNfe });
  } catch (e) {
    if (e instanceof XmlMalFormadoError) throw erro(e.message);
    throw e;
  }
  if (r.modelo && r.modelo !== '55') throw erro(`O XML é de uma NFC-e (modelo ${r.modelo}), que não dá entrada de mercadoria: envie a NF-e (modelo 55) do fornecedor.`);
  // Without a signature the layout's message would list what may follow infNFe (the NFC-e's infNFeSupl among it).
  if (!/<(?:\w+:)?Signature\b/.test(elementoNfe(xml))) throw erro('A NF-e não está assinada: falta a assinatura digital do emitente (<Signature>), e uma nota sem assinatura não tem validade. Peça ao fornecedor o XML original, assinado e autorizado.');
  const assinatura = r.erros.find((e) => /Signature$/.test(e.caminho));
  if (assinatura) throw erro(`A assinatura digital da NF-e não confere: ${assinatura.mensagem} Peça ao fornecedor o XML original.`);
  if (!r.valido) throw erro(`O XML não é uma NF-e 4.00 válida: ${r.erros.slice(0, 3).map((e) => `${e.caminho}: ${e.mensagem.replace(/\.+$/, '')}`).join('; ')}${r.erros.length > 3 ? ` (e mais ${r.erros.length - 3})` : ''}.`);
  const nota = lerNfe(xml);
  conferirAutoria(xml, nota);
  const regra = regraDeValorQuebrada(xml);
  if (regra) throw erro(`A NF-e tem valores que a SEFAZ não autorizaria: ${regra}. A nota foi alterada depois de emitida; peça ao fornecedor o XML original.`);
  if (nota.tipoNota !== 1) throw erro('Esta NF-e é de entrada do próprio emitente (tpNF 0), não uma venda do fornecedor para a sua empresa.');
  return nota;
}

/** The <NFe> element of an NFe or nfeProc (without the protocol, which SEFAZ may sign too). */
const elementoNfe = (xml: string) => /<(?:\w+:)?NFe\b[\s\S]*?<\/(?:\w+:)?NFe>/.exec(xml)?.[0] ?? '';

/**
 * Who signed the note, beyond the signature being intact: the authorisation protocol of an nfeProc is of this
 * signature (SEFAZ writes the DigestValue it received as digVal: a note edited and signed again after
 * authorisation no longer matches it), and the certificate is the emitter's (ICP-Brasil certificates carry the
 * holder's CNPJ in the subjectAltName otherName 2.16.76.1.3.3 or at the end of the CN; any CNPJ of the same
 * company — same 8-digit root — may sign, as SEFAZ accepts).
 */
function conferirAutoria(xml: string, nota: NotaLida): void {
  // The NF-e's own signature (an nfeProc may carry SEFAZ's signature of the protocol too, after </NFe>).
  const nfe = elementoNfe(xml);
  const assinatura = /<(?:\w+:)?Signature\b[\s\S]*?<\/(?:\w+:)?Signature>/.exec(nfe.slice(nfe.search(/<\/(?:\w+:)?infNFe>/)))?.[0] ?? '';
  const digestValue = /<(?:\w+:)?DigestValue>([^<]+)</.exec(assinatura)?.[1]?.trim() ?? null;
  const certBase64 = /<(?:\w+:)?X509Certificate>([^<]+)</.exec(assinatura)?.[1]?.replace(/\s+/g, '') ?? '';
  const digVal = /<(?:\w+:)?protNFe\b[\s\S]*?<(?:\w+:)?digVal>([^<]+)</.exec(xml)?.[1]?.trim() ?? null;
  if (digVal !== null && digVal !== digestValue) {
    throw erro(`O protocolo de autorização não é desta assinatura: o digVal do protocolo (${digVal}) difere do DigestValue da assinatura (${digestValue ?? 'ausente'}) (regra: o digVal do protocolo é igual ao DigestValue da assinatura). A nota foi alterada e assinada de novo depois de autorizada; peça ao fornecedor o XML original.`);
  }
  const emit = nota.emitente.cnpj ?? nota.emitente.cpf ?? '';
  let doc: { cnpj: string | null; cpf: string | null } = { cnpj: null, cpf: null };
  let titular = '';
  try {
    const der = Buffer.from(certBase64, 'base64');
    doc = documentoDoCertificado(der);
    titular = new X509Certificate(der).subject.split('\n').find((l) => l.startsWith('CN='))?.slice(3) ?? '';
  } catch {
    // an unreadable certificate carries no CNPJ: refused below
  }
  const mesmoTitular = nota.emitente.cnpj ? !!doc.cnpj && doc.cnpj.slice(0, 8) === nota.emitente.cnpj.slice(0, 8) : !!doc.cpf && doc.cpf === nota.emitente.cpf;
  if (!mesmoTitular) {
    const tipo = nota.emitente.cnpj ? 'CNPJ' : 'CPF';
    const doCert = doc.cnpj ? `traz o CNPJ ${maskCpfCnpj(doc.cnpj)}` : doc.cpf ? `traz o CPF ${maskCpfCnpj(doc.cpf)}` : `não traz ${tipo} nenhum`;
    throw erro(`O certificado que assinou a NF-e não é do emitente: a nota é do ${tipo} ${maskCpfCnpj(emit)}, e o certificado${titular ? ` "${titular}"` : ''} ${doCert} (regra: o certificado da assinatura tem a raiz do CNPJ do emitente, como os certificados ICP-Brasil trazem no titular). Peça ao fornecedor o XML original.`);
  }
}

async function conferirDestino(q: Queryable, ctx: RequestContext, nota: NotaLida): Promise<{ id: number; nome: string }> {
  const dest = nota.destinatario.cnpj ?? nota.destinatario.cpf ?? '';
  const r = await q.query<{ id: number; nome: string; apelido: string | null }>('SELECT id, nome, apelido FROM branches WHERE tenant_id = $1 AND cpf_cnpj = $2', [ctx.tenantId, dest]);
  if (!r.rows.length) throw erro(`A nota é destinada ao ${dest.length === 11 ? 'CPF' : 'CNPJ'} ${maskCpfCnpj(dest) || '(sem destinatário)'}, que não é de nenhuma filial desta conta: nada foi lançado.`, 'destinatario');
  const f = r.rows[0];
  if (Number(f.id) !== ctx.branchId) throw erro(`A nota é destinada à filial ${f.apelido ?? f.nome} (${maskCpfCnpj(dest)}): troque para essa filial para dar entrada.`, 'destinatario');
  return { id: Number(f.id), nome: f.apelido ?? f.nome };
}

/**
 * A note of SEFAZ's homologação (tpAmb 2: the test environment, no fiscal value) never enters stock — unless the
 * branch itself issues in homologação (its NF-e settings say so: a shop trying the system, the demo, the tests),
 * where the notes it exchanges are all of that environment. A branch without NF-e settings counts as production.
 */
async function conferirAmbiente(q: Queryable, ctx: RequestContext, nota: NotaLida, filial: { id: number; nome: string }): Promise<void> {
  if (nota.ambiente !== 2) return;
  const r = await q.query<{ ambiente: number }>('SELECT ambiente FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2', [ctx.tenantId, filial.id]);
  if (Number(r.rows[0]?.ambiente) === 2) return;
  throw erro(`Esta NF-e foi emitida em homologação (tpAmb 2), o ambiente de testes da SEFAZ, e não tem valor fiscal: não dá entrada no estoque (regra: nota de homologação só entra numa filial que também emite em homologação; a filial ${filial.nome} emite em produção). Peça ao fornecedor a nota autorizada em produção.`, 'ambiente');
}

/** A note of this access key not cancelled: 409 naming the entry. */
export async function conferirChaveNova(q: Queryable, ctx: RequestContext, chave: string): Promise<void> {
  const r = await q.query<{ numero: number; estado: string; apelido: string | null }>(
    `SELECT d.numero, d.estado, b.apelido FROM documentos d JOIN branches b ON b.tenant_id = d.tenant_id AND b.id = d.filial_id
      WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND d.estado <> 'cancelada' AND d.cabecalho ->> 'chaveAcesso' = $2`,
    [ctx.tenantId, chave],
  );
  const d = r.rows[0];
  if (d) throw erro(`Esta NF-e (chave ${chave}) já foi lançada: entrada nº ${d.numero}${d.apelido ? ` da filial ${d.apelido}` : ''}, ${d.estado === 'rascunho' ? 'em rascunho' : 'efetivada'}. A mesma nota não entra duas vezes.`, 'chaveAcesso', 409);
}

const docDe = (p: ParteNota) => p.cnpj ?? p.cpf ?? '';

async function pessoaPorDocumento(q: Queryable, tenantId: number, tipo: number, doc: string): Promise<{ id: number; nome: string } | null> {
  if (!doc) return null;
  const r = await q.query<{ id: number; nome: string }>('SELECT id, nome FROM pessoas WHERE tenant_id = $1 AND tipo = $2 AND cpf_cnpj = $3', [tenantId, tipo, doc]);
  return r.rows[0] ? { id: Number(r.rows[0].id), nome: r.rows[0].nome } : null;
}

/** Each line matched: learned supplier code, then GTIN (packaging unit, SKU, product), then the nearest descriptions. */
async function casarLinhas(q: Queryable, tenantId: number, fornecedorId: number | null, itens: ItemNota[], recupera: readonly TributoRecuperavel[]): Promise<LinhaProposta[]> {
  const out: LinhaProposta[] = itens.map((it) => ({ ...it, cfopEntrada: cfopEntrada(it.cfop), produtoId: null, variacaoId: null, produtoDescricao: null, produtoUnidade: null, origem: null, fator: null, quantidadeEstoque: null, custoUnitario: null, candidatos: [], acao: 'criar' }));
  if (fornecedorId) {
    const r = await q.query<{ codigo: string; produto_id: number; variacao_id: number | null; fator: string }>(
      `SELECT c.codigo, c.produto_id, c.variacao_id, c.fator::text AS fator FROM compras_codigos_fornecedor c JOIN produtos p ON p.tenant_id = c.tenant_id AND p.id = c.produto_id AND p.ativo
        WHERE c.tenant_id = $1 AND c.fornecedor_id = $2 AND c.codigo = ANY($3::text[])`,
      [tenantId, fornecedorId, [...new Set(itens.map((i) => i.codigo))]],
    );
    const m = new Map(r.rows.map((x) => [x.codigo, x]));
    for (const l of out) {
      const c = m.get(l.codigo);
      if (c) Object.assign(l, { produtoId: Number(c.produto_id), variacaoId: c.variacao_id, fator: new Decimal(c.fator).toFixed(4), origem: 'codigo', acao: 'vincular' });
    }
  }
  const semGtin = out.filter((l) => !l.produtoId && (l.gtin || l.gtinTributavel));
  if (semGtin.length) {
    const gtins = [...new Set(semGtin.flatMap((l) => [l.gtin, l.gtinTributavel].filter((g): g is string => !!g)))];
    const r = await q.query<{ gtin: string; produto_id: number; variacao_id: number | null; fator: string; ordem: number }>(
      `SELECT gtin, produto_id, NULL::integer AS variacao_id, fator::text AS fator, 1 AS ordem FROM embalagens WHERE tenant_id = $1 AND gtin = ANY($2::text[]) AND ativo
       UNION ALL SELECT gtin, produto_id, id, '1', 2 FROM produto_variacoes WHERE tenant_id = $1 AND gtin = ANY($2::text[]) AND ativo
       UNION ALL SELECT gtin, id, NULL, '1', 3 FROM produtos WHERE tenant_id = $1 AND gtin = ANY($2::text[]) AND ativo AND NOT servico
       ORDER BY ordem`,
      [tenantId, gtins],
    );
    const m = new Map<string, (typeof r.rows)[number]>();
    for (const x of r.rows) if (!m.has(x.gtin)) m.set(x.gtin, x);
    for (const l of semGtin) {
      const x = (l.gtin && m.get(l.gtin)) || (l.gtinTributavel && m.get(l.gtinTributavel));
      if (x) Object.assign(l, { produtoId: Number(x.produto_id), variacaoId: x.variacao_id, fator: new Decimal(x.fator).toFixed(4), origem: x.ordem === 1 ? 'embalagem' : x.ordem === 2 ? 'variacao' : 'gtin', acao: 'vincular' });
    }
  }
  const buscar = out.filter((l) => !l.produtoId && l.descricao);
  if (buscar.length) {
    const r = await q.query<{ i: number; id: number; descricao: string; codigo: string | null; s: number }>(
      `SELECT x.i, p.id, p.descricao, p.codigo, p.s FROM unnest($2::text[], $3::integer[]) AS x(d, i)
         CROSS JOIN LATERAL (SELECT id, descricao, codigo, similarity(descricao, x.d)::float8 AS s FROM produtos
                              WHERE tenant_id = $1 AND ativo AND NOT servico AND descricao % x.d ORDER BY s DESC, id LIMIT 3) p`,
      [tenantId, buscar.map((l) => l.descricao), buscar.map((_, i) => i)],
    );
    for (const c of r.rows) {
      const l = buscar[c.i];
      l.candidatos.push({ produtoId: Number(c.id), descricao: c.descricao, codigo: c.codigo, similaridade: Math.round(Number(c.s) * 100) / 100 });
    }
    for (const l of buscar) {
      const melhor = l.candidatos[0];
      if (melhor && melhor.similaridade >= 0.5) Object.assign(l, { produtoId: melhor.produtoId, origem: 'busca', acao: 'confirmar' });
    }
  }
  const ids = [...new Set(out.map((l) => l.produtoId).filter((x): x is number => !!x))];
  if (ids.length) {
    const p = await q.query<{ id: number; descricao: string; unidade: string | null }>(
      `SELECT p.id, p.descricao, upper(u.sigla) AS unidade FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id WHERE p.tenant_id = $1 AND p.id = ANY($2::integer[])`,
      [tenantId, ids],
    );
    const e = await q.query<{ produto_id: number; unidade: string; fator: string }>(
      `SELECT e.produto_id, upper(u.sigla) AS unidade, e.fator::text AS fator FROM embalagens e JOIN unidades u ON u.tenant_id = e.tenant_id AND u.id = e.unidade_id WHERE e.tenant_id = $1 AND e.produto_id = ANY($2::integer[]) AND e.ativo ORDER BY e.id DESC`,
      [tenantId, ids],
    );
    const prods = new Map(p.rows.map((x) => [Number(x.id), { ...x, id: Number(x.id) }]));
    const embalagens = new Map(e.rows.map((x) => [`${x.produto_id}|${x.unidade}`, x.fator]));
    for (const l of out) {
      if (!l.produtoId) continue;
      const prod = prods.get(l.produtoId);
      l.produtoDescricao = prod?.descricao ?? null;
      l.produtoUnidade = prod?.unidade ?? null;
      l.fator = fatorDaLinha(l as unknown as Row, prod, embalagens);
      if (l.fator) {
        l.quantidadeEstoque = paraUnidades(l.quantidade, l.fator);
        l.custoUnitario = custoDaLinha(l as unknown as Row, l.quantidadeEstoque, recupera).unitario;
      }
    }
  }
  for (const l of out) {
    if (!l.produtoId) {
      l.fator = '1.0000';
      l.quantidadeEstoque = l.quantidade;
      l.custoUnitario = custoDaLinha(l as unknown as Row, l.quantidade, recupera).unitario;
    }
  }
  return out;
}

/** POST /api/EntradasNota/importar-xml: what the note is and how each line would enter, nothing written. */
export async function proporEntrada(q: Queryable, ctx: RequestContext, xml: string, nota?: NotaLida): Promise<Proposta> {
  nota ??= await lerXmlDoFornecedor(xml);
  const filial = await conferirDestino(q, ctx, nota);
  await conferirAmbiente(q, ctx, nota, filial);
  await conferirChaveNova(q, ctx, nota.chave);
  const emitDoc = docDe(nota.emitente);
  const forn = await pessoaPorDocumento(q, ctx.tenantId, FORNECEDOR, emitDoc);
  const transp = nota.transportador ? await pessoaPorDocumento(q, ctx.tenantId, TRANSPORTADORA, docDe(nota.transportador)) : null;
  const itens = await casarLinhas(q, ctx.tenantId, forn?.id ?? null, nota.itens, await recuperaveisDaFilial(q, ctx.tenantId, filial.id));
  const deposito = await q.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND ativo ORDER BY padrao DESC, id LIMIT 1', [ctx.tenantId, filial.id]);
  const pedidos = forn
    ? await q.query<{ id: number; numero: number; dataPrevista: string | null }>(
        `SELECT id, numero, cabecalho ->> 'dataPrevista' AS "dataPrevista" FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoCompra' AND filial_id = $2 AND estado IN ('aberto', 'parcial') AND (cabecalho ->> 'fornecedorId')::integer = $3 ORDER BY numero`,
        [ctx.tenantId, filial.id, forn.id],
      )
    : { rows: [] };
  return {
    chave: nota.chave,
    numeroNota: nota.numero,
    serie: nota.serie,
    dataEmissao: nota.dataEmissao,
    naturezaOperacao: nota.naturezaOperacao,
    protocolo: nota.protocolo,
    emitente: nota.emitente,
    fornecedor: { id: forn?.id ?? null, nome: forn?.nome ?? nota.emitente.nome, cpfCnpj: emitDoc, novo: !forn },
    transportador: nota.transportador ? { id: transp?.id ?? null, nome: transp?.nome ?? nota.transportador.nome, cpfCnpj: docDe(nota.transportador), novo: !transp } : null,
    filial,
    depositoId: deposito.rows[0] ? Number(deposito.rows[0].id) : null,
    totais: nota.totais,
    valorTotal: totalDaNota(nota.itens as unknown as Row[]),
    parcelas: nota.duplicatas,
    pedidosAbertos: pedidos.rows.map((p) => ({ ...p, id: Number(p.id) })),
    itens,
  };
}

export interface Confirmacao {
  xml: string;
  depositoId?: number;
  pedidoCompraId?: number | null;
  dataEntrada?: string | null;
  /** per line of the note (linha = nItem): the product chosen, or criarProduto; fator when the unit needs one */
  itens?: { linha: number; produtoId?: number | null; variacaoId?: number | null; criarProduto?: boolean; fator?: string | null; cfopEntrada?: string | null }[];
}

function pessoaBody(p: ParteNota): Row {
  const doc = docDe(p);
  const body: Row = { nome: (p.nome || doc).slice(0, 120), cpfCnpj: isCnpj(doc) || isCpf(doc) ? doc : null, ativo: true };
  if (p.fantasia) body.fantasia = p.fantasia.slice(0, 120);
  // An IE that fails the UF's rule is left out rather than losing the address with it (the person keeps the rest).
  if (p.ie && /^\d{2,14}$/.test(p.ie) && validarInscricaoEstadual(p.ie, p.endereco?.uf).ok) body.inscricaoEstadual = p.ie;
  if (p.telefone && isPhone(p.telefone)) body.telefone = onlyDigits(p.telefone);
  const e = p.endereco;
  if (e) {
    if (e.cep && /^\d{8}$/.test(e.cep)) body.cep = e.cep;
    if (e.logradouro) body.logradouro = e.logradouro.slice(0, 120);
    if (e.numero) body.numero = e.numero.slice(0, 20);
    if (e.bairro) body.bairro = e.bairro.slice(0, 60);
    if (e.uf && /^[A-Z]{2}$/.test(e.uf)) body.uf = e.uf;
    if (e.codigoMunicipio) body.codigoMunicipio = e.codigoMunicipio;
  }
  return body;
}

/** Creates a person through the resource service (the same schema as the form); when the XML's extras do not fit it, name and document only. */
async function criarPessoa(services: AppServices, q: Queryable, ctx: RequestContext, recurso: 'fornecedor' | 'transportador', p: ParteNota): Promise<number> {
  const def = services.registry.get(recurso);
  const body = pessoaBody(p);
  await q.query('SAVEPOINT criar_pessoa');
  try {
    const r = await services.resources.create(q, def, ctx, body);
    await q.query('RELEASE SAVEPOINT criar_pessoa');
    return Number(r.id);
  } catch (e) {
    if (!(e instanceof HttpError) || e.statusCode !== 400) throw e;
    await q.query('ROLLBACK TO SAVEPOINT criar_pessoa');
    const r = await services.resources.create(q, def, ctx, { nome: body.nome, cpfCnpj: body.cpfCnpj, ativo: true });
    return Number(r.id);
  }
}

async function unidadeId(q: Queryable, tenantId: number, sigla: string): Promise<number | null> {
  const s = sigla.trim().toUpperCase().slice(0, 6);
  if (!s) return null;
  const r = await q.query<{ id: number }>('SELECT id FROM unidades WHERE tenant_id = $1 AND upper(sigla) = $2 ORDER BY id LIMIT 1', [tenantId, s]);
  if (r.rows[0]) return Number(r.rows[0].id);
  const n = await q.query<{ id: number }>('INSERT INTO unidades (tenant_id, sigla, descricao) VALUES ($1, $2, $2) RETURNING id', [tenantId, s]);
  return Number(n.rows[0].id);
}

/** A product made from a line of the note: description, NCM, CEST, unit and GTIN from the XML, cost of the line. */
async function criarProduto(services: AppServices, q: Queryable, ctx: RequestContext, l: LinhaProposta, fornecedorId: number): Promise<number> {
  const body: Row = {
    descricao: l.descricao.slice(0, 120),
    tipoProduto: 0,
    unidadeId: await unidadeId(q, ctx.tenantId, l.unidade || 'UN'),
    fornecedorId,
    ativo: true,
  };
  if (l.ncm && /^\d{8}$/.test(l.ncm)) body.ncm = l.ncm;
  if (l.cest && /^\d{7}$/.test(l.cest)) body.cest = l.cest;
  if (l.gtin) body.gtin = l.gtin;
  if (l.custoUnitario) body.precoCusto = new Decimal(l.custoUnitario).toFixed(2);
  const def = services.registry.get('produto');
  await q.query('SAVEPOINT criar_produto');
  try {
    const r = await services.resources.create(q, def, ctx, body);
    await q.query('RELEASE SAVEPOINT criar_produto');
    return Number(r.id);
  } catch (e) {
    if (!(e instanceof HttpError) || e.statusCode !== 400) throw e;
    await q.query('ROLLBACK TO SAVEPOINT criar_produto');
    // a GTIN or NCM the product form refuses (wrong check digit, NCM not in the table): the product without it
    delete body.gtin;
    delete body.ncm;
    delete body.cest;
    const r = await services.resources.create(q, def, ctx, body);
    return Number(r.id);
  }
}

/**
 * POST /api/EntradasNota/importar-xml/confirmar: with the person's choices for each line, in one transaction,
 * creates what is missing (supplier, transportador, products from lines), keeps the XML in the file storage and
 * writes the entry as a draft (rascunho) ready to be efetivada. Nothing is written when anything is refused.
 */
export async function confirmarEntrada(services: AppServices, q: Queryable, ctx: RequestContext, def: DocumentDef, body: Confirmacao): Promise<Row> {
  if (!body || typeof body !== 'object') throw badRequest('O corpo da requisição deve ser um objeto com o XML e as escolhas de cada linha.');
  const nota = await lerXmlDoFornecedor(body.xml);
  // The same note confirmed from two tabs at once: the second waits for the first's commit, then the access-key
  // check below sees its entry and refuses it with the entry's number (not a unique-index error).
  await q.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [ctx.tenantId, `entradaNota:${nota.chave}`]);
  const prop = await proporEntrada(q, ctx, body.xml, nota);
  const escolhas = new Map((Array.isArray(body.itens) ? body.itens : []).map((e) => [Number(e?.linha), e]));
  const fornecedorId = prop.fornecedor.id ?? (await criarPessoa(services, q, ctx, 'fornecedor', nota.emitente));
  const transportadorId = prop.transportador ? (prop.transportador.id ?? (await criarPessoa(services, q, ctx, 'transportador', nota.transportador!))) : null;
  const itens: Row[] = [];
  for (const l of prop.itens) {
    const e = escolhas.get(l.linha);
    let produtoId = e?.produtoId ?? (e?.criarProduto ? null : l.acao === 'vincular' || l.acao === 'confirmar' ? l.produtoId : null);
    let variacaoId = e?.produtoId ? (e.variacaoId ?? null) : l.variacaoId;
    let fator = e?.fator ?? (e?.produtoId && e.produtoId !== l.produtoId ? null : l.fator);
    if (!produtoId) {
      if (e && !e.criarProduto && e.produtoId === undefined && l.acao !== 'criar') throw badRequest(`Linha ${l.linha} (${l.descricao}): escolha o produto ou peça para criar um novo.`, [{ path: `/itens/${l.linha - 1}/produtoId`, campo: 'produtoId', linha: l.linha, mensagem: 'Escolha o produto' }]);
      produtoId = await criarProduto(services, q, ctx, l, fornecedorId);
      variacaoId = null;
      fator = '1.0000';
    }
    itens.push({
      produtoId,
      variacaoId,
      codigoFornecedor: l.codigo.slice(0, 60) || null,
      descricaoFornecedor: l.descricao.slice(0, 120),
      gtin: l.gtin,
      unidade: l.unidade.slice(0, 6) || null,
      cfop: l.cfop,
      cfopEntrada: e?.cfopEntrada ?? l.cfopEntrada,
      quantidade: l.quantidade,
      fator,
      valorTotal: l.valorTotal,
      valorFrete: l.valorFrete,
      valorSeguro: l.valorSeguro,
      valorDesconto: l.valorDesconto,
      valorOutras: l.valorOutras,
      valorIpi: l.valorIpi,
      valorIcmsSt: l.valorIcmsSt,
      valorIcms: l.valorIcms,
      valorPis: l.valorPis,
      valorCofins: l.valorCofins,
      // IBS/CBS the supplier highlighted (issue 39), kept per line for the credits of the apuração
      ...(l.ibsCbs ? { cstIbsCbs: l.ibsCbs.cst, cClassTrib: l.ibsCbs.cClassTrib, valorBcIbsCbs: l.ibsCbs.vBC, valorIbsUf: l.ibsCbs.vIBSUF, valorIbsMun: l.ibsCbs.vIBSMun, valorIbs: l.ibsCbs.vIBS, valorCbs: l.ibsCbs.vCBS } : {}),
    });
  }
  const chaveArquivo = tenantKey(ctx.tenantId, 'nfe-entrada', `${nota.chave}.xml`);
  const cabecalho: Row = {
    fornecedorId,
    depositoId: body.depositoId ?? prop.depositoId,
    transportadorId,
    pedidoCompraId: body.pedidoCompraId ?? null,
    chaveAcesso: nota.chave,
    numeroNota: nota.numero,
    serie: nota.serie,
    dataEmissao: nota.dataEmissao,
    dataEntrada: body.dataEntrada ?? new Date().toISOString().slice(0, 10),
    parcelas: nota.duplicatas.length ? nota.duplicatas.map((d) => ({ numero: d.numero, vencimento: d.vencimento, valor: d.valor })) : null,
    xmlArquivo: chaveArquivo,
    ...(nota.totaisIbsCbs ? { valorIbs: nota.totaisIbsCbs.vIBS, valorCbs: nota.totaisIbsCbs.vCBS } : {}),
    observacao: `Importada do XML da NF-e ${nota.numero}/${nota.serie}${nota.protocolo ? `, protocolo ${nota.protocolo}` : ''}.`,
  };
  const doc = await new DocumentLifecycle(services.registry).create(q, def, ctx, { ...cabecalho, itens });
  // Written last: a refusal above leaves no file; the key is the access key, so a retry writes the same file.
  await services.storage.put(chaveArquivo, Buffer.from(body.xml, 'utf8'), { contentType: 'application/xml' });
  return doc;
}
