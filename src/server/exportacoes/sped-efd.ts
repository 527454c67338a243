import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { dataBr, lerDatas, rotulo, type Periodo } from './documentos-periodo.ts';
import { lerDadosFiscais } from './dados-fiscais.ts';
import type { ItemFiscal, NotaFiscalXml, ParteFiscal } from './nfe-fiscal.ts';
import { carregarLayout, versaoDoPeriodo, type LayoutSped } from './sped-layout.ts';
import { cstIcms, validarSped, type ProblemaSped } from './sped-validador.ts';

type Row = Record<string, any>;

/**
 * EFD ICMS/IPI of a branch and month (issue 36 item 2): blocks 0, B, C, D, E, G, H, K, 1 and 9 as a small retailer
 * needs them, from the notes it issued (NF-e, NFC-e) and received (entries), read from the stored XMLs. Records are
 * filled by field name and laid out in the order of the layout data (sped-layout); the file is checked by the
 * validator before it is offered.
 */
export interface ParametrosSped {
  periodo: Periodo;
  finalidade: '0' | '1';
  perfil: 'A' | 'B' | 'C';
  /** Inventory date (H005/H010), when asked. */
  inventario: string | null;
  contabilista: { nome: string; cpf: string; cnpj: string; crc: string; email: string; fone: string };
  /** Código de receita of the ICMS due (E116), own to the UF. */
  codigoReceita: string;
}

export interface ResultadoSped {
  nome: string;
  texto: string;
  linhas: number;
  codVer: string;
  problemas: ProblemaSped[];
  valido: boolean;
}

const digitos = (v: unknown) => String(v ?? '').replace(/\D/g, '');
const dmy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
/** Decimal with a comma and no thousands separator, `casas` places. */
export const numSped = (v: Decimal.Value, casas = 2) => new Decimal(v).toFixed(casas).replace('.', ',');
/** Text of a field: no '|', no line breaks, trimmed to the layout's size. */
const txt = (v: unknown, max = 255) =>
  String(v ?? '')
    .replace(/[|\r\n]+/g, ' ')
    .trim()
    .slice(0, max);

export function lerParametrosSped(body: unknown, ctx: RequestContext): ParametrosSped {
  const b = (body && typeof body === 'object' ? body : {}) as Row;
  if (typeof b.mes !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(b.mes)) throw badRequest('Mês de referência: Campo Obrigatório!', [{ path: '/mes', campo: 'mes', mensagem: 'Campo Obrigatório!' }]);
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de exportar.');
  const finalidade = String(b.finalidade ?? '0');
  if (finalidade !== '0' && finalidade !== '1') throw badRequest('Finalidade do arquivo inválida.', [{ path: '/finalidade', campo: 'finalidade', mensagem: 'Campo inválido!' }]);
  const perfil = String(b.perfil ?? 'A');
  if (!['A', 'B', 'C'].includes(perfil)) throw badRequest('Perfil de apresentação inválido.', [{ path: '/perfil', campo: 'perfil', mensagem: 'Campo inválido!' }]);
  const inventario = b.inventario ? String(b.inventario) : null;
  if (inventario && (!/^\d{4}-\d{2}-\d{2}$/.test(inventario) || Number.isNaN(Date.parse(inventario)))) throw badRequest('Data do inventário inválida.', [{ path: '/inventario', campo: 'inventario', mensagem: 'Campo inválido!' }]);
  const c = (b.contabilista && typeof b.contabilista === 'object' ? b.contabilista : {}) as Row;
  return {
    periodo: { filialId: ctx.branchId, ...lerDatas({ mes: b.mes }) },
    finalidade,
    perfil: perfil as ParametrosSped['perfil'],
    inventario,
    contabilista: { nome: txt(c.nome, 100), cpf: digitos(c.cpf), cnpj: digitos(c.cnpj), crc: txt(c.crc, 15), email: txt(c.email), fone: digitos(c.fone) },
    codigoReceita: txt(b.codigoReceita ?? '', 20),
  };
}

/** One record: fields by name, laid out in the layout's order (blank when not given). */
class Arquivo {
  readonly linhas: string[] = [];
  readonly rotas = new Map<number, string>();
  constructor(private readonly layout: LayoutSped) {}
  add(reg: string, valores: Record<string, string | number | null | undefined>, rota?: string): void {
    const r = this.layout.registros.get(reg);
    if (!r) throw new Error(`Registro ${reg} fora do leiaute.`);
    const usados = new Set<string>();
    const campos = r.campos.map((c) => {
      if (usados.has(c.codigo)) return '';
      usados.add(c.codigo);
      const v = valores[c.codigo];
      return v === null || v === undefined ? '' : String(v);
    });
    this.linhas.push(`|${reg}|${campos.join('|')}|`);
    if (rota) this.rotas.set(this.linhas.length, rota);
  }
  count(prefixo: string): number {
    return this.linhas.filter((l) => l.startsWith(`|${prefixo}`)).length;
  }
}

export async function gerarSped(services: AppServices, ctx: RequestContext, p: ParametrosSped): Promise<ResultadoSped> {
  const versao = versaoDoPeriodo(p.periodo.inicio);
  if (!versao) throw badRequest(`Não há leiaute da EFD ICMS/IPI cadastrado para ${dataBr(p.periodo.inicio).slice(3)}: o produto gera a EFD a partir de 2025.`);
  const layout = carregarLayout(versao.leiaute, versao.complemento);
  const problemas: ProblemaSped[] = [];
  const falta = (mensagem: string, rota: string) => problemas.push({ linha: null, registro: null, mensagem, rota });

  const { filial, lidos, docs, dados, produtos, pessoas, rotaFilial, rotaProduto } = await lerDadosFiscais(services, ctx, p.periodo, p.inventario, falta);

  const arq = new Arquivo(layout);
  const cod = (s: string) => ({ autorizada: '00', efetivada: '00', cancelada: '02', denegada: '04' })[s] ?? '00';
  const fim = p.periodo.fim;
  // ---------------------------------------------------------------- block 0
  arq.add('0000', {
    COD_VER: versao.codVer,
    COD_FIN: p.finalidade,
    DT_INI: dmy(p.periodo.inicio),
    DT_FIN: dmy(fim),
    NOME: txt(filial.nome, 100),
    CNPJ: digitos(filial.cpf_cnpj).length === 14 ? digitos(filial.cpf_cnpj) : '',
    CPF: digitos(filial.cpf_cnpj).length === 11 ? digitos(filial.cpf_cnpj) : '',
    UF: filial.uf ?? '',
    IE: digitos(filial.inscricao_estadual),
    COD_MUN: filial.codigo_municipio ?? '',
    IND_PERFIL: p.perfil,
    IND_ATIV: '1',
  }, rotaFilial);
  arq.add('0001', { IND_MOV: '0' });
  arq.add('0005', { FANTASIA: txt(filial.apelido || filial.nome, 60), CEP: digitos(filial.cep), END: txt(filial.logradouro, 60), NUM: txt(filial.numero, 10), COMPL: txt(filial.complemento, 60), BAIRRO: txt(filial.bairro, 60), FONE: digitos(filial.telefone) }, rotaFilial);
  arq.add('0100', { NOME: p.contabilista.nome, CPF: p.contabilista.cpf, CRC: p.contabilista.crc, CNPJ: p.contabilista.cnpj, EMAIL: p.contabilista.email, FONE: p.contabilista.fone, COD_MUN: filial.codigo_municipio ?? '' }, '/pages/fiscais/gerar-arquivo-sped');
  // participants: the other party of every NF-e (not of NFC-e)
  const participantes = new Map<string, { parte: ParteFiscal; rota: string }>();
  const codPart = (pt: ParteFiscal) => (pt.cnpj ? pt.cnpj : pt.cpf ? pt.cpf : `EX${txt(pt.idEstrangeiro || pt.nome, 40)}`);
  for (const { d, x } of docs) {
    if (d.modelo === '65') continue;
    const outra = d.origem === 'entrada' ? x.emitente : x.destinatario;
    if (!outra) continue;
    const pessoa = d.participanteId ? pessoas.get(d.participanteId) : undefined;
    const rota = pessoa ? (Number(pessoa.tipo) === 1 ? `/pages/compras/fornecedores/editar/${pessoa.id}` : `/pages/vendas/clientes/editar/${pessoa.id}`) : d.rota;
    if (!participantes.has(codPart(outra))) participantes.set(codPart(outra), { parte: outra, rota });
  }
  for (const [cod, { parte, rota }] of participantes) {
    const ext = !parte.cnpj && !parte.cpf;
    arq.add('0150', {
      COD_PART: txt(cod, 60),
      NOME: txt(parte.nome, 100),
      COD_PAIS: ext ? digitos(parte.cPais) || '' : '1058',
      CNPJ: parte.cnpj ?? '',
      CPF: parte.cpf ?? '',
      IE: digitos(parte.ie),
      COD_MUN: ext ? '' : (parte.cMun ?? ''),
      END: txt(parte.logradouro || 'NAO INFORMADO', 60),
      NUM: txt(parte.numero, 10),
      COMPL: txt(parte.complemento, 60),
      BAIRRO: txt(parte.bairro, 60),
    }, rota);
  }
  const unidades = new Map<string, string>();
  for (const pr of produtos.values()) unidades.set(String(pr.unidade).slice(0, 6), String(pr.unidade_descricao));
  for (const [u, descr] of unidades) arq.add('0190', { UNID: u, DESCR: txt(descr) });
  for (const [id, pr] of produtos) {
    arq.add('0200', {
      COD_ITEM: txt(pr.codigo, 60),
      DESCR_ITEM: txt(pr.descricao),
      COD_BARRA: digitos(pr.gtin),
      UNID_INV: String(pr.unidade).slice(0, 6),
      TIPO_ITEM: String(pr.tipo_produto ?? 0).padStart(2, '0'),
      COD_NCM: digitos(pr.ncm),
      CEST: digitos(pr.cest),
    }, rotaProduto(id));
  }
  // 0400: the naturezas printed on the notes whose items go to C170 (the entries): COD_NAT is a C170 field in the
  // layout (C100 has none). The code is the project's natureza (naturezas_operacao.id) when the text is one of the
  // account's; otherwise a code of this file ('N1', 'N2', …), free as the Guia Prático allows.
  const naturezas = new Map<string, { cod: string; descr: string }>();
  const codNat = (natOp: string | null) => (natOp ? naturezas.get(natOp.trim().toUpperCase())?.cod ?? '' : '');
  {
    const textos = [...new Set(docs.filter(({ d, x }) => d.origem === 'entrada' && cod(d.situacao) === '00' && x.natOp?.trim()).map(({ x }) => x.natOp!.trim()))];
    const daConta = new Map<string, number>();
    if (textos.length) {
      // compared here, not in SQL: upper() of a C-locale database leaves 'ç', 'ã' as they are
      const r = await services.db.tenant(ctx, (q) => q.query<Row>(`SELECT id, descricao FROM naturezas_operacao WHERE tenant_id = $1 ORDER BY id`, [ctx.tenantId]));
      for (const n of r.rows) if (!daConta.has(String(n.descricao).trim().toUpperCase())) daConta.set(String(n.descricao).trim().toUpperCase(), Number(n.id));
    }
    let seq = 0;
    for (const t of textos) {
      const k = t.toUpperCase();
      if (naturezas.has(k)) continue;
      const id = daConta.get(k);
      naturezas.set(k, { cod: id !== undefined ? String(id) : `N${++seq}`, descr: txt(t) });
    }
  }
  for (const n of naturezas.values()) arq.add('0400', { COD_NAT: n.cod, DESCR_NAT: n.descr });
  // 0450: one per complementary-information text (infCpl) of the regular model-55 notes, referenced from C110.
  const informacoes = new Map<string, string>();
  for (const { d, x } of docs) {
    if (d.modelo !== '55' || cod(d.situacao) !== '00') continue;
    const t = txt(x.infCpl, 5000);
    if (t && !informacoes.has(t)) informacoes.set(t, String(informacoes.size + 1));
  }
  for (const [t, c] of informacoes) arq.add('0450', { COD_INF: c, TXT: t });
  arq.add('0990', { QTD_LIN_0: arq.linhas.length + 1 });

  // ---------------------------------------------------------------- blocks B, C
  arq.add('B001', { IND_DAD: '1' });
  arq.add('B990', { QTD_LIN_B: 2 });
  const xmls = new Map<string, NotaFiscalXml>();
  const inicioC = arq.linhas.length;
  arq.add('C001', { IND_MOV: docs.length ? '0' : '1' });
  let debitos = new Decimal(0);
  let creditos = new Decimal(0);
  for (const { d, x } of docs) {
    xmls.set(x.chave, x);
    const propria = d.origem !== 'entrada';
    const situacao = cod(d.situacao);
    const base = { IND_OPER: propria ? (x.tpNF === 0 ? '0' : '1') : '0', IND_EMIT: propria ? '0' : '1', COD_MOD: d.modelo, COD_SIT: situacao, SER: String(x.serie), NUM_DOC: String(x.numero), CHV_NFE: x.chave };
    if (situacao !== '00') {
      arq.add('C100', base, d.rota);
      continue;
    }
    const t = x.total;
    const m65 = d.modelo === '65';
    const outra = propria ? x.destinatario : x.emitente;
    arq.add('C100', {
      ...base,
      COD_PART: m65 || !outra ? '' : txt(codPart(outra), 60),
      DT_DOC: dmy(x.dataEmissao),
      DT_E_S: dmy(propria ? x.dataEmissao : d.data),
      VL_DOC: numSped(t.vNF),
      IND_PGTO: '0',
      VL_DESC: numSped(t.vDesc),
      VL_ABAT_NT: numSped(0),
      VL_MERC: numSped(t.vProd),
      IND_FRT: m65 ? '9' : x.modFrete,
      VL_FRT: numSped(t.vFrete),
      VL_SEG: numSped(t.vSeg),
      VL_OUT_DA: numSped(t.vOutro),
      VL_BC_ICMS: numSped(t.vBC),
      VL_ICMS: numSped(t.vICMS),
      ...(m65 ? {} : { VL_BC_ICMS_ST: numSped(t.vBCST), VL_ICMS_ST: numSped(t.vST), VL_IPI: numSped(t.vIPI), VL_PIS: numSped(t.vPIS), VL_COFINS: numSped(t.vCOFINS), VL_PIS_ST: numSped(0), VL_COFINS_ST: numSped(0) }),
    }, d.rota);
    // C110: the note's complementary information (0450), model 55 only
    const inf = d.modelo === '55' ? txt(x.infCpl, 5000) : '';
    if (inf) arq.add('C110', { COD_INF: informacoes.get(inf)! }, d.rota);
    // entries: the items (C170) with our product code and the entry CFOP
    const itensDoc = dados.itensEntrada.get(d.id) ?? [];
    const cfopDe = (i: ItemFiscal, n: number) => (propria ? i.cfop : String(itensDoc[n]?.cfopEntrada ?? i.cfop));
    if (!propria) {
      x.itens.forEach((i, n) => {
        const pr = produtos.get(Number(itensDoc[n]?.produtoId));
        arq.add('C170', {
          NUM_ITEM: String(i.nItem),
          COD_ITEM: pr ? txt(pr.codigo, 60) : txt(i.cProd, 60),
          DESCR_COMPL: txt(i.xProd),
          QTD: numSped(i.quantidade, 5),
          UNID: pr ? String(pr.unidade).slice(0, 6) : txt(i.unidade, 6),
          VL_ITEM: numSped(i.vProd),
          VL_DESC: numSped(i.vDesc),
          IND_MOV: '0',
          CST_ICMS: cstIcms(i.orig, i.cst),
          CFOP: cfopDe(i, n),
          COD_NAT: codNat(x.natOp),
          VL_BC_ICMS: numSped(i.vBC),
          ALIQ_ICMS: numSped(i.pICMS),
          VL_ICMS: numSped(i.vICMS),
          VL_BC_ICMS_ST: numSped(i.vBCST),
          VL_ICMS_ST: numSped(i.vICMSST),
          IND_APUR: '0',
          VL_IPI: numSped(i.vIPI),
        }, pr ? rotaProduto(Number(itensDoc[n]?.produtoId)) : d.rota);
        if (!pr) falta(`${rotulo(d)}: o item ${i.nItem} (${i.xProd}) não está ligado a um produto do cadastro.`, d.rota);
      });
    }
    // C190: by CST, CFOP and rate; VL_OPR the item's share of the document's value
    const grupos = new Map<string, { cst: string; cfop: string; aliq: string; opr: Decimal; bc: Decimal; icms: Decimal; bcst: Decimal; st: Decimal; ipi: Decimal }>();
    x.itens.forEach((i, n) => {
      const cst = cstIcms(i.orig, i.cst);
      const cfop = cfopDe(i, n);
      const aliq = new Decimal(i.pICMS).toFixed(2);
      const k = `${cst}|${cfop}|${aliq}`;
      const g = grupos.get(k) ?? { cst, cfop, aliq, opr: new Decimal(0), bc: new Decimal(0), icms: new Decimal(0), bcst: new Decimal(0), st: new Decimal(0), ipi: new Decimal(0) };
      g.opr = g.opr.plus(i.vProd).minus(i.vDesc).plus(i.vFrete).plus(i.vSeg).plus(i.vOutro).plus(i.vICMSST).plus(i.vIPI).plus(i.vII);
      g.bc = g.bc.plus(i.vBC);
      g.icms = g.icms.plus(i.vICMS);
      g.bcst = g.bcst.plus(i.vBCST);
      g.st = g.st.plus(i.vICMSST);
      g.ipi = g.ipi.plus(i.vIPI);
      grupos.set(k, g);
    });
    for (const g of grupos.values()) {
      arq.add('C190', { CST_ICMS: g.cst, CFOP: g.cfop, ALIQ_ICMS: numSped(g.aliq), VL_OPR: numSped(g.opr), VL_BC_ICMS: numSped(g.bc), VL_ICMS: numSped(g.icms), VL_BC_ICMS_ST: numSped(g.bcst), VL_ICMS_ST: numSped(g.st), VL_RED_BC: numSped(0), VL_IPI: numSped(g.ipi) }, d.rota);
      if (/^[567]/.test(g.cfop)) debitos = debitos.plus(g.icms);
      else creditos = creditos.plus(g.icms);
    }
  }
  arq.add('C990', { QTD_LIN_C: arq.linhas.length - inicioC + 1 });
  arq.add('D001', { IND_MOV: '1' });
  arq.add('D990', { QTD_LIN_D: 2 });

  // ---------------------------------------------------------------- block E: apuração from the documents
  const inicioE = arq.linhas.length;
  arq.add('E001', { IND_MOV: '0' });
  arq.add('E100', { DT_INI: dmy(p.periodo.inicio), DT_FIN: dmy(fim) });
  const saldo = debitos.minus(creditos);
  const recolher = Decimal.max(saldo, 0);
  arq.add('E110', {
    VL_TOT_DEBITOS: numSped(debitos),
    VL_AJ_DEBITOS: numSped(0),
    VL_TOT_AJ_DEBITOS: numSped(0),
    VL_ESTORNOS_CRED: numSped(0),
    VL_TOT_CREDITOS: numSped(creditos),
    VL_AJ_CREDITOS: numSped(0),
    VL_TOT_AJ_CREDITOS: numSped(0),
    VL_ESTORNOS_DEB: numSped(0),
    VL_SLD_CREDOR_ANT: numSped(0),
    VL_SLD_APURADO: numSped(recolher),
    VL_TOT_DED: numSped(0),
    VL_ICMS_RECOLHER: numSped(recolher),
    VL_SLD_CREDOR_TRANSPORTAR: numSped(Decimal.max(saldo.neg(), 0)),
    DEB_ESP: numSped(0),
  });
  if (recolher.gt(0)) {
    const [a, m] = p.periodo.inicio.split('-').map(Number);
    const venc = new Date(Date.UTC(a, m, 10)).toISOString().slice(0, 10);
    if (!p.codigoReceita) falta('Informe o código de receita do ICMS a recolher (E116), próprio da UF.', '/pages/fiscais/gerar-arquivo-sped');
    arq.add('E116', { COD_OR: '000', VL_OR: numSped(recolher), DT_VCTO: dmy(venc), COD_REC: p.codigoReceita, MES_REF: `${p.periodo.inicio.slice(5, 7)}${p.periodo.inicio.slice(0, 4)}` });
  }
  arq.add('E990', { QTD_LIN_E: arq.linhas.length - inicioE + 1 });
  arq.add('G001', { IND_MOV: '1' });
  arq.add('G990', { QTD_LIN_G: 2 });

  // ---------------------------------------------------------------- block H: inventory from the stock ledger
  const inicioH = arq.linhas.length;
  const itensH = dados.estoque
    .map((e) => ({ pr: produtos.get(Number(e.produto_id))!, id: Number(e.produto_id), qtd: new Decimal(e.quantidade) }))
    .filter((e) => e.pr);
  arq.add('H001', { IND_MOV: p.inventario ? '0' : '1' });
  if (p.inventario) {
    let total = new Decimal(0);
    const linhasH = itensH.map((e) => {
      if (!e.pr.preco_custo) falta(`O produto ${e.pr.codigo} - ${e.pr.descricao} está sem preço de custo: o inventário precisa do valor unitário.`, rotaProduto(e.id));
      const unit = new Decimal(e.pr.preco_custo ?? 0);
      const valor = e.qtd.times(unit).toDecimalPlaces(2);
      total = total.plus(valor);
      return { e, unit, valor };
    });
    arq.add('H005', { DT_INV: dmy(p.inventario), VL_INV: numSped(total), MOT_INV: '01' });
    for (const { e, unit, valor } of linhasH) arq.add('H010', { COD_ITEM: txt(e.pr.codigo, 60), UNID: String(e.pr.unidade).slice(0, 6), QTD: numSped(e.qtd, 3), VL_UNIT: numSped(unit, 6), VL_ITEM: numSped(valor), IND_PROP: '0' }, rotaProduto(e.id));
  }
  arq.add('H990', { QTD_LIN_H: arq.linhas.length - inicioH + 1 });
  arq.add('K001', { IND_MOV: '1' });
  arq.add('K990', { QTD_LIN_K: 2 });

  // ---------------------------------------------------------------- block 1
  arq.add('1001', { IND_MOV: '0' });
  const r1010 = layout.registros.get('1010')!;
  arq.add('1010', Object.fromEntries(r1010.campos.map((c) => [c.codigo, 'N'])));
  arq.add('1990', { QTD_LIN_1: 3 });

  // ---------------------------------------------------------------- block 9
  const contagem = new Map<string, number>();
  for (const l of arq.linhas) {
    const reg = l.slice(1, 5);
    contagem.set(reg, (contagem.get(reg) ?? 0) + 1);
  }
  contagem.set('9001', 1);
  contagem.set('9990', 1);
  contagem.set('9999', 1);
  contagem.set('9900', contagem.size + 1);
  arq.add('9001', { IND_MOV: '0' });
  for (const [reg, n] of contagem) arq.add('9900', { REG_BLC: reg, QTD_REG_BLC: n });
  arq.add('9990', { QTD_LIN_9: contagem.get('9900')! + 3 });
  arq.add('9999', { QTD_LIN: arq.linhas.length + 1 });

  const texto = `${arq.linhas.join('\r\n')}\r\n`;
  problemas.push(...validarSped(texto, layout, { rotas: arq.rotas, xmls }));
  const cnpj = digitos(filial.cpf_cnpj);
  return {
    nome: `SPED-EFD-${cnpj}-${p.periodo.inicio.slice(0, 7).replace('-', '')}.txt`,
    texto,
    linhas: arq.linhas.length,
    codVer: versao.codVer,
    problemas,
    valido: problemas.length === 0,
  };
}
