import Decimal from 'decimal.js';
import type { NotaFiscalXml } from './nfe-fiscal.ts';
import { BLOCOS, type LayoutSped, type RegistroSped } from './sped-layout.ts';

/**
 * The EFD ICMS/IPI checker run before a file is offered (issue 36 item 3): every line against the layout (known
 * record, order and hierarchy, block open/close, field count, type, size, decimals with a comma, required fields),
 * the block 9 counts, the retail rules the PVA rejects most (COD_VER of 3 digits, 0005.FONE size, 1010 present,
 * E116 adding up to E110, model-65 fields blank, no C170 for notes the shop issued) and, given the stored XMLs,
 * C100/C190 against them. The same reader parses any EFD file (a published example) back.
 */
export interface ProblemaSped {
  linha: number | null;
  registro: string | null;
  mensagem: string;
  rota: string;
}

export interface LinhaSped {
  numero: number;
  registro: string;
  /** The fields after REG (index 0 = field 02 of the layout). */
  campos: string[];
}

export const ROTA_SPED = '/pages/fiscais/gerar-arquivo-sped';

/** Splits a file into records: each line '|REG|f2|…|fn|'. Lines that are not records are reported. */
export function lerLinhasSped(texto: string): { linhas: LinhaSped[]; problemas: ProblemaSped[] } {
  const linhas: LinhaSped[] = [];
  const problemas: ProblemaSped[] = [];
  const brutas = texto.split(/\r?\n/);
  if (brutas[brutas.length - 1] === '') brutas.pop();
  brutas.forEach((l, i) => {
    const numero = i + 1;
    if (!l.startsWith('|') || !l.endsWith('|') || l.length < 6) {
      problemas.push({ linha: numero, registro: null, mensagem: 'A linha não começa e termina com "|".', rota: ROTA_SPED });
      return;
    }
    const partes = l.slice(1, -1).split('|');
    linhas.push({ numero, registro: partes[0], campos: partes.slice(1) });
  });
  return { linhas, problemas };
}

const DATA = /^(\d{2})(\d{2})(\d{4})$/;
const dataValida = (v: string) => {
  const m = DATA.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCDate() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
};
export const decimalSped = (v: string) => new Decimal(v ? v.replace(',', '.') : '0');

/** Fields of C100 that a model-65 document leaves blank (Guia Prático, registro C100, NFC-e). */
export const C100_BRANCOS_65 = ['COD_PART', 'VL_BC_ICMS_ST', 'VL_ICMS_ST', 'VL_IPI', 'VL_PIS', 'VL_COFINS', 'VL_PIS_ST', 'VL_COFINS_ST'];
/** Fields a cancelled, denied or unused-number C100 carries (COD_SIT 02, 03, 04, 05): the rest stays blank. */
export const C100_CAMPOS_CANCELADO = ['IND_OPER', 'IND_EMIT', 'COD_MOD', 'COD_SIT', 'SER', 'NUM_DOC', 'CHV_NFE'];
const SITUACOES_SEM_VALORES = ['02', '03', '04', '05'];

export interface OpcoesValidacao {
  /** The route where each line's data is fixed (the writer knows it: the note, the product, the branch). */
  rotas?: Map<number, string>;
  /** The stored XMLs by access key: C100/C190 are reconciled with them. */
  xmls?: Map<string, NotaFiscalXml>;
}

export function validarSped(texto: string, layout: LayoutSped, opcoes: OpcoesValidacao = {}): ProblemaSped[] {
  const { linhas, problemas } = lerLinhasSped(texto);
  const rota = (n: number | null) => (n !== null && opcoes.rotas?.get(n)) || ROTA_SPED;
  const erro = (l: LinhaSped | null, mensagem: string) => problemas.push({ linha: l?.numero ?? null, registro: l?.registro ?? null, mensagem, rota: rota(l?.numero ?? null) });
  if (!linhas.length) {
    erro(null, 'O arquivo está vazio.');
    return problemas;
  }
  if (linhas[0].registro !== '0000') erro(linhas[0], 'A primeira linha deve ser o registro 0000.');
  if (linhas[linhas.length - 1].registro !== '9999') erro(linhas[linhas.length - 1], 'A última linha deve ser o registro 9999.');

  // Hierarchy: a stack of open records; each record's parent must be open, siblings in layout order.
  const pilha: { reg: RegistroSped; ultimoFilho: number; filhos: Map<string, number> }[] = [];
  const contagem = new Map<string, number>();
  const porBloco = new Map<string, number>();
  let c100: { l: LinhaSped; v: Record<string, string> } | null = null;
  const c190PorC100 = new Map<LinhaSped, Record<string, string>[]>();
  let e110: Record<string, string> | null = null;
  // the block-0 tables the documents refer to: 0400 (C170.COD_NAT) and 0450 (C110.COD_INF)
  const naturezas = new Set<string>();
  const informacoes = new Set<string>();
  let somaE116 = new Decimal(0);
  const valores = (reg: RegistroSped, l: LinhaSped) => Object.fromEntries(reg.campos.map((c, i) => [c.codigo, l.campos[i] ?? '']).reverse());

  for (const l of linhas) {
    contagem.set(l.registro, (contagem.get(l.registro) ?? 0) + 1);
    const reg = layout.registros.get(l.registro);
    if (!reg) {
      erro(l, `Registro ${l.registro} não existe no leiaute.`);
      continue;
    }
    porBloco.set(reg.bloco, (porBloco.get(reg.bloco) ?? 0) + 1);
    // hierarchy and order
    while (pilha.length && pilha[pilha.length - 1].reg.nivel >= reg.nivel) pilha.pop();
    const topo = pilha[pilha.length - 1];
    if (reg.nivel > 0) {
      if (!topo || topo.reg.codigo !== reg.pai) erro(l, `Registro ${reg.codigo} fora de lugar: deve vir dentro do registro ${reg.pai}.`);
      else {
        if (reg.ordem < topo.ultimoFilho) erro(l, `Registro ${reg.codigo} fora da ordem do leiaute dentro do registro ${reg.pai}.`);
        const vezes = (topo.filhos.get(reg.codigo) ?? 0) + 1;
        topo.filhos.set(reg.codigo, vezes);
        if ((reg.ocorrencia === '1' || reg.ocorrencia === '1:1') && vezes > 1) erro(l, `Registro ${reg.codigo} só pode aparecer uma vez em cada registro ${reg.pai}.`);
        topo.ultimoFilho = reg.ordem;
      }
    }
    pilha.push({ reg, ultimoFilho: -1, filhos: new Map() });

    // fields
    if (l.campos.length !== reg.campos.length) {
      erro(l, `Registro ${reg.codigo} com ${l.campos.length + 1} campos; o leiaute tem ${reg.campos.length + 1}.`);
      continue;
    }
    const v = valores(reg, l);
    const pai100 = reg.codigo === 'C100' ? v : reg.pai === 'C100' ? c100?.v : null;
    const entrada = pai100 ? pai100.IND_OPER === '0' : null;
    const c100SemValores = reg.codigo === 'C100' && SITUACOES_SEM_VALORES.includes(v.COD_SIT);
    const c100Modelo65 = reg.codigo === 'C100' && v.COD_MOD === '65';
    reg.campos.forEach((c, i) => {
      const valor = l.campos[i];
      const nome = `${reg.codigo}.${c.codigo} (campo ${String(c.indice).padStart(2, '0')})`;
      if (c100SemValores && !C100_CAMPOS_CANCELADO.includes(c.codigo)) {
        if (valor !== '') erro(l, `${nome}: deve ficar em branco em documento cancelado, denegado ou inutilizado.`);
        return;
      }
      if (c100Modelo65 && C100_BRANCOS_65.includes(c.codigo)) {
        if (valor !== '') erro(l, `${nome}: deve ficar em branco na NFC-e (modelo 65), nem zero.`);
        return;
      }
      const obrigatorio = c.obrigatorio || (entrada === true && c.obrigatorioEntrada) || (entrada === false && c.obrigatorioSaida) || (entrada === null && (c.obrigatorioEntrada || c.obrigatorioSaida) && !pai100 && reg.bloco !== 'C');
      if (valor === '') {
        if (obrigatorio) erro(l, `${nome}: campo obrigatório não preenchido.`);
        return;
      }
      if (c.tipo === 'date') {
        if (!dataValida(valor)) erro(l, `${nome}: data inválida "${valor}" (use ddmmaaaa).`);
        return;
      }
      if (c.tipo === 'float') {
        const m = /^-?\d+(?:,(\d+))?$/.exec(valor);
        if (!m) erro(l, `${nome}: número inválido "${valor}" (use vírgula decimal, sem separador de milhar).`);
        else if (c.decimais !== null && (m[1]?.length ?? 0) > c.decimais) erro(l, `${nome}: "${valor}" tem mais de ${c.decimais} casas decimais.`);
        else if (c.tamanho !== null && valor.replace(/[-,]/g, '').length > c.tamanho) erro(l, `${nome}: "${valor}" passa de ${c.tamanho} dígitos.`);
        return;
      }
      if ((c.tipo === 'int' || c.numerico) && !/^\d+$/.test(valor)) erro(l, `${nome}: "${valor}" deve ter só dígitos.`);
      if (c.tamanho !== null) {
        if (c.exato && valor.length !== c.tamanho) erro(l, `${nome}: "${valor}" deve ter exatamente ${c.tamanho} caracteres.`);
        else if (!c.exato && valor.length > c.tamanho) erro(l, `${nome}: "${valor}" passa de ${c.tamanho} caracteres.`);
      }
    });

    // record rules
    if (reg.codigo === '0000' && !/^\d{3}$/.test(v.COD_VER)) erro(l, `0000.COD_VER deve ter 3 dígitos ("${v.COD_VER}").`);
    if (reg.codigo === 'C100') {
      c100 = { l, v };
      c190PorC100.set(l, []);
    }
    if (reg.codigo === '0400') {
      if (naturezas.has(v.COD_NAT)) erro(l, `0400: o código de natureza ${v.COD_NAT} está repetido.`);
      naturezas.add(v.COD_NAT);
    }
    if (reg.codigo === '0450') {
      if (informacoes.has(v.COD_INF)) erro(l, `0450: o código de informação complementar ${v.COD_INF} está repetido.`);
      informacoes.add(v.COD_INF);
    }
    if (reg.codigo === 'C170' && v.COD_NAT && !naturezas.has(v.COD_NAT)) erro(l, `C170.COD_NAT "${v.COD_NAT}" não está na tabela de naturezas da operação (registro 0400).`);
    if (reg.codigo === 'C110') {
      if (!informacoes.has(v.COD_INF)) erro(l, `C110.COD_INF "${v.COD_INF}" não está na tabela de informações complementares (registro 0450).`);
      if (c100?.v.COD_MOD === '65') erro(l, 'C110 não deve ser informado para NFC-e (modelo 65).');
    }
    if (reg.codigo === 'C170' && c100 && c100.v.IND_EMIT === '0') erro(l, 'C170 não deve ser informado para documento emitido pelo próprio contribuinte (IND_EMIT = 0): os itens já estão no XML.');
    if (reg.codigo === 'C190' && c100) c190PorC100.get(c100.l)!.push(v);
    if (reg.codigo === 'E110') e110 = v;
    if (reg.codigo === 'E116') somaE116 = somaE116.plus(decimalSped(v.VL_OR));
    if (reg.codigo.endsWith('990') && reg.nivel === 1) {
      // Block 9's count takes in 9999, the line after 9990 (as the PVA counts it).
      const esperado = (porBloco.get(reg.bloco) ?? 0) + (reg.codigo === '9990' ? 1 : 0);
      if (Number(l.campos[0]) !== esperado) erro(l, `${reg.codigo}: o bloco ${reg.bloco} tem ${esperado} linhas, o registro diz ${l.campos[0]}.`);
    }
  }

  // Blocks: each opened and closed once, in order.
  let antes = -1;
  for (const b of BLOCOS) {
    const abre = b === '9' ? '9001' : `${b}001`;
    const fecha = `${b}990`;
    if ((contagem.get(abre) ?? 0) !== 1) erro(null, `O bloco ${b} deve ser aberto uma vez (registro ${abre}).`);
    if ((contagem.get(fecha) ?? 0) !== 1) erro(null, `O bloco ${b} deve ser fechado uma vez (registro ${fecha}).`);
    const pos = linhas.findIndex((l) => l.registro === abre);
    if (pos >= 0 && pos < antes) erro(linhas[pos], `O bloco ${b} está fora da ordem dos blocos (0, B, C, D, E, G, H, K, 1, 9).`);
    if (pos >= 0) antes = pos;
  }
  if (!contagem.get('1010')) erro(null, 'Falta o registro 1010 (obrigatório): informe as obrigações do bloco 1.');

  // Block 9: one 9900 per record type with its count; 9999 the file's lines.
  const l9900 = linhas.filter((l) => l.registro === '9900');
  const declarados = new Map(l9900.map((l) => [l.campos[0], l]));
  for (const [reg, n] of contagem) {
    const d = declarados.get(reg);
    if (!d) erro(null, `Falta o registro 9900 do registro ${reg} (${n} linhas).`);
    else if (Number(d.campos[1]) !== n) erro(d, `9900 do registro ${reg}: diz ${d.campos[1]} linhas, o arquivo tem ${n}.`);
  }
  for (const [reg, l] of declarados) if (!contagem.has(reg)) erro(l, `9900 declara o registro ${reg}, que não está no arquivo.`);
  const l9999 = linhas[linhas.length - 1];
  if (l9999.registro === '9999' && Number(l9999.campos[0]) !== linhas.length) erro(l9999, `9999: o arquivo tem ${linhas.length} linhas, o registro diz ${l9999.campos[0]}.`);

  // E116 adds up to the ICMS to pay (plus the special debits) of E110.
  if (e110) {
    const devido = decimalSped(e110.VL_ICMS_RECOLHER).plus(decimalSped(e110.DEB_ESP));
    if (!somaE116.eq(devido)) erro(null, `A soma dos registros E116 (${somaE116.toFixed(2).replace('.', ',')}) deve ser igual ao ICMS a recolher mais os débitos especiais do E110 (${devido.toFixed(2).replace('.', ',')}).`);
  }

  // C100/C190 against the stored XML: same key, the document's value, the ICMS and its breakdown.
  for (const [l, c190s] of c190PorC100) {
    const v = valores(layout.registros.get('C100')!, l);
    if (SITUACOES_SEM_VALORES.includes(v.COD_SIT)) continue;
    const somaOpr = c190s.reduce((s, c) => s.plus(decimalSped(c.VL_OPR)), new Decimal(0));
    const somaIcms = c190s.reduce((s, c) => s.plus(decimalSped(c.VL_ICMS)), new Decimal(0));
    if (!somaOpr.eq(decimalSped(v.VL_DOC))) erro(l, `C100 ${v.NUM_DOC}: a soma de VL_OPR dos C190 (${somaOpr.toFixed(2)}) difere de VL_DOC (${v.VL_DOC}).`);
    if (!somaIcms.eq(decimalSped(v.VL_ICMS))) erro(l, `C100 ${v.NUM_DOC}: a soma de VL_ICMS dos C190 (${somaIcms.toFixed(2)}) difere do VL_ICMS do documento (${v.VL_ICMS || '0'}).`);
    if (!opcoes.xmls || !v.CHV_NFE) continue;
    const x = opcoes.xmls.get(v.CHV_NFE);
    if (!x) {
      erro(l, `C100 ${v.NUM_DOC}: não há XML guardado com a chave ${v.CHV_NFE}.`);
      continue;
    }
    if (x.numero !== Number(v.NUM_DOC) || x.modelo !== v.COD_MOD) erro(l, `C100 ${v.NUM_DOC}: número ou modelo diferente do XML da chave ${v.CHV_NFE}.`);
    if (!new Decimal(x.total.vNF).eq(decimalSped(v.VL_DOC))) erro(l, `C100 ${v.NUM_DOC}: VL_DOC ${v.VL_DOC} difere do valor da nota no XML (${x.total.vNF}).`);
    if (!new Decimal(x.total.vICMS).eq(decimalSped(v.VL_ICMS))) erro(l, `C100 ${v.NUM_DOC}: VL_ICMS ${v.VL_ICMS || '0'} difere do ICMS do XML (${x.total.vICMS}).`);
    if (v.IND_EMIT === '0') {
      // the shop's own note: the C190 breakdown is the XML's, by CST, CFOP and rate
      const doXml = new Map<string, Decimal>();
      for (const i of x.itens) {
        const k = `${cstIcms(i.orig, i.cst)}|${i.cfop}|${new Decimal(i.pICMS).toFixed(2)}`;
        doXml.set(k, (doXml.get(k) ?? new Decimal(0)).plus(i.vICMS));
      }
      const doArquivo = new Map(c190s.map((c) => [`${c.CST_ICMS}|${c.CFOP}|${decimalSped(c.ALIQ_ICMS).toFixed(2)}`, decimalSped(c.VL_ICMS)]));
      const iguais = doXml.size === doArquivo.size && [...doXml].every(([k, val]) => doArquivo.get(k)?.eq(val));
      if (!iguais) erro(l, `C100 ${v.NUM_DOC}: os C190 não batem com o XML por CST, CFOP e alíquota.`);
    }
  }
  return problemas;
}

/** CST_ICMS of the EFD (origin + Tabela A/B, 3 digits). A CSOSN (Simples Nacional) maps to the CST of its effect. */
export function cstIcms(orig: string, cst: string): string {
  if (cst.length === 2) return `${orig}${cst}`;
  const csosn: Record<string, string> = { '101': '90', '102': '90', '103': '40', '201': '10', '202': '10', '203': '30', '300': '41', '400': '40', '500': '60', '900': '90' };
  return `${orig}${csosn[cst] ?? '90'}`;
}
