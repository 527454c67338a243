import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { loadLookups } from '../catalog/documents.ts';
import { lerDadosFiscais } from './dados-fiscais.ts';
import { lerDatas, type Periodo } from './documentos-periodo.ts';
import type { ParteFiscal } from './nfe-fiscal.ts';
import { cstIcms } from './sped-validador.ts';

type Row = Record<string, any>;

/**
 * Sintegra (Convênio ICMS 57/95, issue 36 item 4): records 10, 11, 50, 51, 53, 54, 61, 61R, 74, 75 and 90 of a branch's
 * month, fixed width as the record table (schemas/fiscal/sintegra/registros.json) says, checked by the same kind of
 * validator as the EFD before it is offered: line size, known record, numeric and date fields, order, the 90 totals,
 * and the known rules (UF "EX" for foreign parties, CST blank in 54 past item 990, IE blank in 74).
 */
interface CampoSintegra {
  nome: string;
  tamanho: number;
  formato: 'N' | 'X' | 'D' | 'B';
  decimais?: number;
}
interface LeiauteSintegra {
  tamanhoLinha: number;
  ordem: string[];
  registros: Record<string, CampoSintegra[]>;
}
const LEIAUTE: LeiauteSintegra = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../schemas/fiscal/sintegra/registros.json'), 'utf8'));
const UFS = new Set('AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO EX'.split(' '));

export interface ProblemaSintegra {
  linha: number | null;
  registro: string | null;
  mensagem: string;
  rota: string;
}
export const ROTA_SINTEGRA = '/pages/fiscais/gerar-arquivo-sintegra';

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ');

/** One fixed-width record from its values by field name. */
export function registroSintegra(tipo: string, valores: Record<string, Decimal.Value | null | undefined>): string {
  const campos = LEIAUTE.registros[tipo];
  return campos
    .map((c) => {
      const v = c.nome === 'tipo' ? tipo.slice(0, 2) : c.nome === 'mestre' ? 'R' : valores[c.nome];
      if (c.formato === 'B') return ' '.repeat(c.tamanho);
      if (c.formato === 'N') {
        if (v === null || v === undefined || v === '') return '0'.repeat(c.tamanho);
        const n = c.decimais ? new Decimal(v).times(10 ** c.decimais).toFixed(0) : String(v).replace(/\D/g, '');
        return n.padStart(c.tamanho, '0').slice(-c.tamanho);
      }
      return semAcento(String(v ?? ''))
        .toUpperCase()
        .slice(0, c.tamanho)
        .padEnd(c.tamanho, ' ');
    })
    .join('');
}

/** Which record a line is (61R is a 61 with 'R' in column 3). */
const tipoDaLinha = (l: string) => (l.startsWith('61') && l[2] === 'R' ? '61R' : l.slice(0, 2));

/** Reads a line back into its fields by name (text trimmed, numbers as written). */
export function lerRegistroSintegra(l: string): { tipo: string; campos: Record<string, string> } | null {
  const tipo = tipoDaLinha(l);
  const campos = LEIAUTE.registros[tipo];
  if (!campos) return null;
  let pos = 0;
  const out: Record<string, string> = {};
  for (const c of campos) {
    out[c.nome] = l.slice(pos, pos + c.tamanho);
    pos += c.tamanho;
  }
  return { tipo, campos: out };
}

const dataOk = (v: string) => {
  if (!/^\d{8}$/.test(v)) return false;
  const d = new Date(Date.UTC(Number(v.slice(0, 4)), Number(v.slice(4, 6)) - 1, Number(v.slice(6, 8))));
  return d.getUTCDate() === Number(v.slice(6, 8)) && d.getUTCMonth() === Number(v.slice(4, 6)) - 1;
};

export function validarSintegra(texto: string, rotas: Map<number, string> = new Map()): ProblemaSintegra[] {
  const problemas: ProblemaSintegra[] = [];
  const linhas = texto.split(/\r?\n/);
  if (linhas[linhas.length - 1] === '') linhas.pop();
  const erro = (n: number | null, registro: string | null, mensagem: string) => problemas.push({ linha: n, registro, mensagem, rota: (n !== null && rotas.get(n)) || ROTA_SINTEGRA });
  if (!linhas.length) {
    erro(null, null, 'O arquivo está vazio.');
    return problemas;
  }
  const contagem = new Map<string, number>();
  let ordemAnterior = -1;
  linhas.forEach((l, i) => {
    const n = i + 1;
    const tipo = tipoDaLinha(l);
    if (l.length !== LEIAUTE.tamanhoLinha) erro(n, tipo, `A linha tem ${l.length} caracteres; todo registro tem ${LEIAUTE.tamanhoLinha}.`);
    const ordem = LEIAUTE.ordem.indexOf(tipo);
    if (ordem < 0) {
      erro(n, tipo, `Registro tipo ${tipo} desconhecido.`);
      return;
    }
    if (ordem < ordemAnterior) erro(n, tipo, `Registro tipo ${tipo} fora da ordem (10, 11, 50, 51, 53, 54, 61, 61R, 74, 75, 90).`);
    ordemAnterior = ordem;
    contagem.set(tipo, (contagem.get(tipo) ?? 0) + 1);
    if (tipo === '90') return;
    const r = lerRegistroSintegra(l)!;
    for (const c of LEIAUTE.registros[tipo]) {
      const v = r.campos[c.nome];
      if (c.formato === 'N' && !/^\d+$/.test(v)) erro(n, tipo, `Registro ${tipo}, campo ${c.nome}: "${v.trim()}" deve ter só dígitos.`);
      if (c.formato === 'D' && !dataOk(v)) erro(n, tipo, `Registro ${tipo}, campo ${c.nome}: data inválida "${v}" (use AAAAMMDD).`);
      if (c.formato === 'B' && v.trim()) erro(n, tipo, `Registro ${tipo}, campo ${c.nome}: deve ficar em branco.`);
    }
    const f = r.campos;
    if ('uf' in f && !UFS.has(f.uf)) erro(n, tipo, `Registro ${tipo}: UF "${f.uf}" inválida (para o exterior use EX).`);
    if (['50', '53'].includes(tipo) && !['P', 'T'].includes(f.emitente)) erro(n, tipo, `Registro ${tipo}: emitente deve ser P (próprio) ou T (terceiros).`);
    if (['50', '51', '53'].includes(tipo) && !['N', 'S', 'E', 'X', '2', '4'].includes(f.situacao)) erro(n, tipo, `Registro ${tipo}: situação "${f.situacao}" inválida.`);
    if ('ie' in f && tipo !== '74' && f.ie.trim() === '') erro(n, tipo, `Registro ${tipo}: inscrição estadual em branco (use ISENTO para quem não tem).`);
    if (tipo === '50' && f.uf === 'EX' && /[1-9]/.test(f.cnpj)) erro(n, tipo, 'Registro 50: participante do exterior (UF EX) vai com o CNPJ zerado.');
    if (tipo === '54' && Number(f.item) > 990 && f.cst.trim() !== '') erro(n, tipo, `Registro 54: o item ${Number(f.item)} (acima de 990, frete/seguro/despesas) vai com o CST em branco.`);
    if (tipo === '54' && Number(f.item) <= 990 && f.cst.trim() === '') erro(n, tipo, 'Registro 54: CST em branco num item de mercadoria.');
    if (tipo === '74' && f.ie.trim() !== '') erro(n, tipo, 'Registro 74: a inscrição estadual do possuidor vai em branco.');
  });
  if (tipoDaLinha(linhas[0]) !== '10') erro(1, null, 'O arquivo começa pelo registro 10.');
  if ((contagem.get('10') ?? 0) !== 1 || (contagem.get('11') ?? 0) !== 1) erro(null, null, 'O arquivo tem um registro 10 e um registro 11.');
  // Record 90: pairs (type, count) in columns 31 to 125, "99" with the file's total; column 126 the count of 90 lines.
  const noventa = linhas.map((l, i) => ({ l, n: i + 1 })).filter((x) => tipoDaLinha(x.l) === '90');
  if (!noventa.length) erro(null, '90', 'Falta o registro 90 (totalização do arquivo).');
  const declarado = new Map<string, number>();
  for (const { l, n } of noventa) {
    if (Number(l[125]) !== noventa.length) erro(n, '90', `Registro 90: a coluna 126 diz ${l[125]} registros 90; o arquivo tem ${noventa.length}.`);
    for (let p = 30; p + 10 <= 125; p += 10) {
      const t = l.slice(p, p + 2);
      if (!t.trim()) continue;
      declarado.set(t, Number(l.slice(p + 2, p + 10)));
    }
  }
  const por2 = new Map<string, number>();
  for (const [t, c] of contagem) if (t !== '10' && t !== '11' && t !== '90') por2.set(t.slice(0, 2), (por2.get(t.slice(0, 2)) ?? 0) + c);
  for (const [t, c] of por2) if (declarado.get(t) !== c) erro(noventa[0]?.n ?? null, '90', `Registro 90: total do tipo ${t} diz ${declarado.get(t) ?? 0}; o arquivo tem ${c}.`);
  if (noventa.length && declarado.get('99') !== linhas.length) erro(noventa[0].n, '90', `Registro 90: total geral diz ${declarado.get('99') ?? 0}; o arquivo tem ${linhas.length} linhas.`);
  return problemas;
}

export interface ParametrosSintegra {
  periodo: Periodo;
  finalidade: '1' | '2' | '3' | '5';
  inventario: string | null;
}

export function lerParametrosSintegra(body: unknown, ctx: RequestContext): ParametrosSintegra {
  const b = (body && typeof body === 'object' ? body : {}) as Row;
  if (typeof b.mes !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(b.mes)) throw badRequest('Mês de referência: Campo Obrigatório!', [{ path: '/mes', campo: 'mes', mensagem: 'Campo Obrigatório!' }]);
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de exportar.');
  const finalidade = String(b.finalidade ?? '1');
  if (!['1', '2', '3', '5'].includes(finalidade)) throw badRequest('Finalidade do arquivo inválida.', [{ path: '/finalidade', campo: 'finalidade', mensagem: 'Campo inválido!' }]);
  const inventario = b.inventario ? String(b.inventario) : null;
  if (inventario && (!/^\d{4}-\d{2}-\d{2}$/.test(inventario) || Number.isNaN(Date.parse(inventario)))) throw badRequest('Data do inventário inválida.', [{ path: '/inventario', campo: 'inventario', mensagem: 'Campo inválido!' }]);
  return { periodo: { filialId: ctx.branchId, ...lerDatas({ mes: b.mes }) }, finalidade: finalidade as ParametrosSintegra['finalidade'], inventario };
}

const ymd = (iso: string) => iso.replace(/-/g, '').slice(0, 8);
const digitos = (v: unknown) => String(v ?? '').replace(/\D/g, '');

export async function gerarSintegra(services: AppServices, ctx: RequestContext, p: ParametrosSintegra) {
  const problemas: ProblemaSintegra[] = [];
  const falta = (mensagem: string, rota: string) => problemas.push({ linha: null, registro: null, mensagem, rota });
  const { filial, docs, dados, produtos, pessoas, rotaFilial, rotaProduto } = await lerDadosFiscais(services, ctx, p.periodo, p.inventario, falta);
  const linhas: string[] = [];
  const rotas = new Map<number, string>();
  const add = (tipo: string, v: Record<string, Decimal.Value | null | undefined>, rota?: string) => {
    linhas.push(registroSintegra(tipo, v));
    if (rota) rotas.set(linhas.length, rota);
  };
  const cnpjFilial = digitos(filial.cpf_cnpj);
  const ieFilial = digitos(filial.inscricao_estadual);
  const municipio = loadLookups().get('municipio')?.items.find((i) => Number(i.value) === Number(filial.codigo_municipio))?.label ?? '';
  if (!municipio) falta(`A filial ${filial.nome} está sem município: informe-o no cadastro da empresa.`, rotaFilial);
  add('10', { cnpj: cnpjFilial, ie: ieFilial, nome: filial.nome, municipio: String(municipio).replace(/\s*-\s*[A-Z]{2}$/, ''), uf: filial.uf, fax: '', dataInicial: ymd(p.periodo.inicio), dataFinal: ymd(p.periodo.fim), convenio: '3', natureza: '3', finalidade: p.finalidade }, rotaFilial);
  add('11', { logradouro: filial.logradouro, numero: digitos(filial.numero), complemento: filial.complemento, bairro: filial.bairro, cep: digitos(filial.cep), contato: filial.nome, telefone: digitos(filial.telefone) }, rotaFilial);

  const parte = (pt: ParteFiscal | null) => {
    const ext = !!pt && !pt.cnpj && !pt.cpf;
    return { cnpj: ext || !pt ? '0' : (pt.cnpj ?? pt.cpf), ie: pt?.ie ? digitos(pt.ie) : 'ISENTO', uf: ext ? 'EX' : (pt?.uf ?? filial.uf) };
  };
  const r50: Parameters<typeof add>[] = [];
  const r51: Parameters<typeof add>[] = [];
  const r53: Parameters<typeof add>[] = [];
  const r54: Parameters<typeof add>[] = [];
  const r61 = new Map<string, { data: string; serie: string; ini: number; fim: number; total: Decimal; bc: Decimal; icms: Decimal; aliq: string }>();
  const r61r = new Map<string, { codigo: string; qtd: Decimal; valor: Decimal; bc: Decimal; aliq: string }>();
  const usados = new Set<number>();
  for (const { d, x } of docs) {
    const propria = d.origem !== 'entrada';
    const itensDoc = dados.itensEntrada.get(d.id) ?? [];
    const situacao = d.situacao === 'cancelada' ? 'S' : d.situacao === 'denegada' ? '2' : 'N';
    const data = ymd(propria ? x.dataEmissao : d.data);
    const cfopDe = (cfop: string, n: number) => (propria ? cfop : String(itensDoc[n]?.cfopEntrada ?? cfop));
    if (d.modelo === '65') {
      // NFC-e: summarised per day, série and rate (61) and per product in the month (61R)
      if (situacao !== 'N') continue;
      for (const i of x.itens) {
        const aliq = new Decimal(i.pICMS).toFixed(2);
        const k = `${data}|${x.serie}|${aliq}`;
        const g = r61.get(k) ?? { data, serie: String(x.serie), ini: x.numero, fim: x.numero, total: new Decimal(0), bc: new Decimal(0), icms: new Decimal(0), aliq };
        g.ini = Math.min(g.ini, x.numero);
        g.fim = Math.max(g.fim, x.numero);
        g.total = g.total.plus(i.vProd).minus(i.vDesc).plus(i.vOutro);
        g.bc = g.bc.plus(i.vBC);
        g.icms = g.icms.plus(i.vICMS);
        r61.set(k, g);
        const kr = `${i.cProd}|${aliq}`;
        const gr = r61r.get(kr) ?? { codigo: i.cProd, qtd: new Decimal(0), valor: new Decimal(0), bc: new Decimal(0), aliq };
        gr.qtd = gr.qtd.plus(i.quantidade);
        gr.valor = gr.valor.plus(i.vProd).minus(i.vDesc);
        gr.bc = gr.bc.plus(i.vBC);
        r61r.set(kr, gr);
      }
      continue;
    }
    const pt = parte(propria ? x.destinatario : x.emitente);
    const pessoa = d.participanteId ? pessoas.get(d.participanteId) : undefined;
    const rota = pessoa ? (Number(pessoa.tipo) === 1 ? `/pages/compras/fornecedores/editar/${pessoa.id}` : `/pages/vendas/clientes/editar/${pessoa.id}`) : d.rota;
    const base = { cnpj: pt.cnpj, ie: pt.ie, data, uf: pt.uf, modelo: d.modelo, serie: String(x.serie), numero: String(x.numero % 1_000_000), emitente: propria ? 'P' : 'T', situacao };
    // 50: one per CFOP and rate
    const grupos = new Map<string, { cfop: string; aliq: string; total: Decimal; bc: Decimal; icms: Decimal; isenta: Decimal; outras: Decimal; ipi: Decimal; bcst: Decimal; st: Decimal }>();
    x.itens.forEach((i, n) => {
      const cfop = cfopDe(i.cfop, n);
      const aliq = new Decimal(i.pICMS).toFixed(2);
      const k = `${cfop}|${aliq}`;
      const g = grupos.get(k) ?? { cfop, aliq, total: new Decimal(0), bc: new Decimal(0), icms: new Decimal(0), isenta: new Decimal(0), outras: new Decimal(0), ipi: new Decimal(0), bcst: new Decimal(0), st: new Decimal(0) };
      const valor = new Decimal(i.vProd).minus(i.vDesc).plus(i.vFrete).plus(i.vSeg).plus(i.vOutro).plus(i.vICMSST).plus(i.vIPI).plus(i.vII);
      g.total = g.total.plus(valor);
      g.bc = g.bc.plus(i.vBC);
      g.icms = g.icms.plus(i.vICMS);
      if (new Decimal(i.vBC).isZero()) (['40', '41'].includes(cstIcms(i.orig, i.cst).slice(1)) ? (g.isenta = g.isenta.plus(valor)) : (g.outras = g.outras.plus(valor)));
      g.ipi = g.ipi.plus(i.vIPI);
      g.bcst = g.bcst.plus(i.vBCST);
      g.st = g.st.plus(i.vICMSST);
      grupos.set(k, g);
    });
    for (const g of grupos.values()) {
      r50.push(['50', { ...base, cfop: g.cfop, valorTotal: situacao === 'N' ? g.total : 0, baseIcms: situacao === 'N' ? g.bc : 0, valorIcms: situacao === 'N' ? g.icms : 0, isenta: situacao === 'N' ? g.isenta : 0, outras: situacao === 'N' ? g.outras : 0, aliquota: g.aliq }, rota]);
      if (situacao === 'N' && g.ipi.gt(0)) r51.push(['51', { ...base, cfop: g.cfop, valorTotal: g.total, valorIpi: g.ipi, isentaIpi: 0, outrasIpi: 0 }, rota]);
      if (situacao === 'N' && g.st.gt(0)) r53.push(['53', { ...base, cfop: g.cfop, baseSt: g.bcst, icmsRetido: g.st, despesas: 0, antecipacao: ' ' }, rota]);
    }
    if (situacao !== 'N') continue;
    // 54: the items, then frete (991), seguro (992) and outras despesas (999) with the CST blank
    x.itens.forEach((i, n) => {
      const pr = propria ? undefined : produtos.get(Number(itensDoc[n]?.produtoId));
      if (pr) usados.add(Number(itensDoc[n]?.produtoId));
      r54.push(['54', { cnpj: pt.cnpj, modelo: d.modelo, serie: String(x.serie), numero: String(x.numero % 1_000_000), cfop: cfopDe(i.cfop, n), cst: cstIcms(i.orig, i.cst), item: i.nItem, codigo: pr ? pr.codigo : i.cProd, quantidade: i.quantidade, valorProduto: i.vProd, desconto: i.vDesc, baseIcms: i.vBC, baseSt: i.vBCST, valorIpi: i.vIPI, aliquota: i.pICMS }, d.rota]);
    });
    const cfop0 = cfopDe(x.itens[0]?.cfop ?? '', 0);
    for (const [item, valor] of [[991, x.total.vFrete], [992, x.total.vSeg], [999, x.total.vOutro]] as const) {
      if (new Decimal(valor).gt(0)) r54.push(['54', { cnpj: pt.cnpj, modelo: d.modelo, serie: String(x.serie), numero: String(x.numero % 1_000_000), cfop: cfop0, cst: '', item, codigo: '', quantidade: 0, valorProduto: 0, desconto: valor, baseIcms: 0, baseSt: 0, valorIpi: 0, aliquota: 0 }, d.rota]);
    }
  }
  for (const r of [...r50, ...r51, ...r53, ...r54]) add(...r);
  for (const g of r61.values()) add('61', { data: g.data, modelo: '65', serie: g.serie, subserie: '', numeroInicial: g.ini % 1_000_000, numeroFinal: g.fim % 1_000_000, valorTotal: g.total, baseIcms: g.bc, valorIcms: g.icms, isenta: 0, outras: g.bc.isZero() ? g.total : 0, aliquota: g.aliq });
  const mesAno = `${p.periodo.inicio.slice(5, 7)}${p.periodo.inicio.slice(0, 4)}`;
  for (const g of r61r.values()) add('61R', { mesAno, codigo: g.codigo, quantidade: g.qtd, valorBruto: g.valor, baseIcms: g.bc, aliquota: g.aliq });
  // 74: the stock at the inventory date
  if (p.inventario) {
    for (const e of dados.estoque) {
      const id = Number(e.produto_id);
      const pr = produtos.get(id);
      if (!pr) continue;
      usados.add(id);
      const valor = new Decimal(e.quantidade).times(pr.preco_custo ?? 0).toDecimalPlaces(2);
      add('74', { data: ymd(p.inventario), codigo: pr.codigo, quantidade: e.quantidade, valor, posse: '1', cnpj: cnpjFilial, ie: '', uf: filial.uf }, rotaProduto(id));
    }
  }
  // 75: every product code used in 54 and 74
  for (const id of usados) {
    const pr = produtos.get(id)!;
    add('75', { dataInicial: ymd(p.periodo.inicio), dataFinal: ymd(p.periodo.fim), codigo: pr.codigo, ncm: digitos(pr.ncm), descricao: pr.descricao, unidade: pr.unidade, aliquotaIpi: 0, aliquotaIcms: 0, reducao: 0, baseSt: 0 }, rotaProduto(id));
  }
  // 90: counts per type (two characters), then 99 with the file's lines
  const conta = new Map<string, number>();
  for (const l of linhas) if (!['10', '11'].includes(l.slice(0, 2))) conta.set(l.slice(0, 2), (conta.get(l.slice(0, 2)) ?? 0) + 1);
  const pares = [...conta].map(([t, c]) => `${t}${String(c).padStart(8, '0')}`);
  const por90 = 9;
  const n90 = Math.max(1, Math.ceil((pares.length + 1) / por90));
  pares.push(`99${String(linhas.length + n90).padStart(8, '0')}`);
  for (let i = 0; i < n90; i++) {
    const corpo = pares.slice(i * por90, (i + 1) * por90).join('');
    linhas.push(`90${cnpjFilial.padStart(14, '0')}${ieFilial.padEnd(14, ' ')}${corpo.padEnd(95, ' ')}${n90}`);
  }
  const texto = `${linhas.join('\r\n')}\r\n`;
  problemas.push(...validarSintegra(texto, rotas));
  return { nome: `SINTEGRA-${cnpjFilial}-${p.periodo.inicio.slice(0, 7).replace('-', '')}.txt`, texto, linhas: linhas.length, problemas, valido: problemas.length === 0 };
}
