import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';

/**
 * A strict OFX reader for bank statements: OFX 1.x (SGML, leaf elements without end tags) and 2.x (XML), in
 * UTF-8 or latin-1/windows-1252 as Brazilian banks export them. One linear scan, no backtracking regex over
 * the file (ofx-js, the maintained npm parser, rewrites SGML with a nested-quantifier regex that takes seconds
 * on a 25-letter tag: not for uploads), and a truncated or malformed file is an error, never a partial list.
 */

export class OfxInvalido extends Error {}

export interface TransacaoOfx {
  fitid: string;
  /** yyyy-MM-dd */
  data: string;
  /** signed decimal string, 2 places: credit positive */
  valor: string;
  tipo: string | null;
  descricao: string | null;
  documento: string | null;
}

export interface ExtratoOfx {
  versao: 1 | 2;
  /** 1-based position of the statement in the file (a file may carry several: BB sends two <STMTRS> in one <STMTTRNRS>) */
  indice: number;
  /** 'conta' (<STMTRS>) or 'cartao' (<CCSTMTRS>) */
  tipo: 'conta' | 'cartao';
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  moeda: string | null;
  dataInicio: string | null;
  dataFim: string | null;
  saldo: string | null;
  dataSaldo: string | null;
  transacoes: TransacaoOfx[];
  /** lines of zero value (some banks list the opening balance as one) */
  ignoradas: number;
}

interface Node {
  name: string;
  text: string | null;
  children: Node[];
}

/** Aggregates of the OFX spec that bank statements use: they always carry an end tag, even in SGML. */
const AGGREGATES = new Set([
  'OFX', 'SIGNONMSGSRSV1', 'SONRS', 'STATUS', 'FI', 'BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKACCTFROM', 'BANKACCTTO',
  'BANKTRANLIST', 'STMTTRN', 'LEDGERBAL', 'AVAILBAL', 'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS', 'CCACCTFROM', 'CCACCTTO',
  'PAYEE', 'BALLIST', 'BAL', 'CURRENCY', 'ORIGCURRENCY', 'INVSTMTMSGSRSV1',
]);

/**
 * Elements the spec defines as text fields (<MKTGINFO> is one: the bank's marketing line, Banco do Brasil's "esse
 * parceiro é todo seu"). In SGML their end tag is optional, so an empty one (<FITID> with nothing after it, as BB
 * sends) is a field with no value, never a container of what follows.
 */
const LEAVES = new Set([
  'CODE', 'SEVERITY', 'MESSAGE', 'DTSERVER', 'LANGUAGE', 'DTACCTUP', 'ORG', 'FID', 'TRNUID', 'CURDEF', 'BANKID', 'BRANCHID',
  'ACCTID', 'ACCTTYPE', 'ACCTKEY', 'DTSTART', 'DTEND', 'TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'TRNAMT', 'FITID', 'CORRECTFITID',
  'CORRECTACTION', 'SRVRTID', 'CHECKNUM', 'REFNUM', 'SIC', 'PAYEEID', 'NAME', 'EXTDNAME', 'MEMO', 'BALAMT', 'DTASOF', 'MKTGINFO',
  'DESC', 'BALTYPE', 'VALUE', 'CURRATE', 'CURSYM', 'INV401KSOURCE',
]);

const fail = (msg: string): never => {
  throw new OfxInvalido(msg);
};

/** Bytes to text: valid UTF-8 is taken as such; anything else is windows-1252 (a superset of latin-1's letters). */
export function decodificar(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function entidades(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/g, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp < 0x110000 ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[e] ?? m;
  });
}

const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46;

/** The element tree under <OFX>, built by one scan of the text. */
function arvore(texto: string, versao: 1 | 2): Node {
  const inicio = texto.search(/<OFX>/i);
  if (inicio < 0) fail('Arquivo OFX inválido: a marca <OFX> não foi encontrada.');
  const linhaDe = (pos: number) => texto.slice(0, pos).split('\n').length;
  const root: Node = { name: '#root', text: null, children: [] };
  const stack: Node[] = [root];
  let i = inicio;
  const n = texto.length;
  let fechouOfx = false;
  while (i < n) {
    const lt = texto.indexOf('<', i);
    const entre = texto.slice(i, lt < 0 ? n : lt);
    if (entre.trim() && !fechouOfx) fail(`Arquivo OFX inválido: texto fora de um campo na linha ${linhaDe(i)}.`);
    if (lt < 0) break;
    if (texto.startsWith('<!--', lt)) {
      const fim = texto.indexOf('-->', lt + 4);
      if (fim < 0) fail('Arquivo OFX incompleto: comentário sem fim.');
      i = fim + 3;
      continue;
    }
    if (texto.startsWith('<?', lt)) {
      const fim = texto.indexOf('?>', lt + 2);
      if (fim < 0) fail('Arquivo OFX incompleto: instrução sem fim.');
      i = fim + 2;
      continue;
    }
    const fechamento = texto.charCodeAt(lt + 1) === 47; // '/'
    let j = lt + (fechamento ? 2 : 1);
    const nomeInicio = j;
    while (j < n && isNameChar(texto.charCodeAt(j))) j++;
    if (j - nomeInicio > 64) fail(`Arquivo OFX inválido: nome de campo longo demais na linha ${linhaDe(lt)}.`);
    const nome = texto.slice(nomeInicio, j).toUpperCase();
    let autoFechado = false;
    if (texto.charCodeAt(j) === 47 && texto.charCodeAt(j + 1) === 62) ((autoFechado = true), j++);
    if (j >= n) fail(`Arquivo OFX incompleto: o arquivo termina no meio da marca <${nome}.`);
    if (!nome || texto.charCodeAt(j) !== 62) fail(`Arquivo OFX inválido: marca malformada na linha ${linhaDe(lt)}.`);
    i = j + 1;
    if (fechouOfx) fail(`Arquivo OFX inválido: conteúdo depois de </OFX> na linha ${linhaDe(lt)}.`);
    let topo = stack[stack.length - 1];
    if (fechamento) {
      // An element the spec does not know that was opened with nothing after it (<CHECKNUM> left empty by
      // Santander, an unknown <HUGO> inside <LEDGERBAL>) was an empty field whose end tag SGML lets the bank
      // omit: it closes here, and what was read inside it belongs to its parent. A known aggregate never closes
      // implicitly, so a wrong end tag is still an error.
      if (topo !== root && topo.name !== nome && stack.some((s) => s.name === nome)) {
        while (topo !== root && topo.name !== nome && !AGGREGATES.has(topo.name)) {
          stack.pop();
          const pai = stack[stack.length - 1];
          pai.children.push(...topo.children);
          topo.children = [];
          topo.text = '';
          topo = pai;
        }
      }
      if (topo === root || topo.name !== nome) fail(`Arquivo OFX inválido: </${nome}> inesperado na linha ${linhaDe(lt)}${topo === root ? '' : ` (esperava </${topo.name}>)`}.`);
      stack.pop();
      if (nome === 'OFX') fechouOfx = true;
      continue;
    }
    if (topo === root && (nome !== 'OFX' || root.children.length)) fail(`Arquivo OFX inválido: <${nome}> fora de <OFX>.`);
    const node: Node = { name: nome, text: null, children: [] };
    topo.children.push(node);
    if (autoFechado) {
      node.text = '';
      continue;
    }
    // Leaf or aggregate: the spec's aggregates always are; an unknown element is a leaf when text follows it.
    const prox = texto.indexOf('<', i);
    const conteudo = texto.slice(i, prox < 0 ? n : prox);
    const folha = AGGREGATES.has(nome) ? false : LEAVES.has(nome) || conteudo.trim() !== '' || texto.slice(prox, prox + nome.length + 3).toUpperCase() === `</${nome}>`;
    if (!folha) {
      stack.push(node);
      continue;
    }
    if (prox < 0) fail(`Arquivo OFX incompleto: o arquivo termina no campo <${nome}>.`);
    node.text = entidades(conteudo.trim());
    i = prox;
    // The end tag of a leaf is optional in SGML and required in XML.
    const fim = `</${nome}>`;
    if (texto.slice(prox, prox + fim.length).toUpperCase() === fim) i = prox + fim.length;
    else if (versao === 2) fail(`Arquivo OFX inválido: falta ${fim} na linha ${linhaDe(prox)}.`);
  }
  if (stack.length > 1) fail(`Arquivo OFX incompleto: o arquivo termina antes de </${stack[stack.length - 1].name}>.`);
  if (!fechouOfx) fail('Arquivo OFX incompleto: falta </OFX>.');
  return root.children[0];
}

const filho = (n: Node | undefined, nome: string) => n?.children.find((c) => c.name === nome);
const filhos = (n: Node | undefined, nome: string) => n?.children.filter((c) => c.name === nome) ?? [];
const texto = (n: Node | undefined, nome: string): string | null => {
  const t = filho(n, nome)?.text;
  return t == null || t === '' ? null : t;
};

/** OFX date (yyyyMMdd[HHmmss[.XXX]][[-3:BRT]]) to yyyy-MM-dd, checked against the calendar. */
export function dataOfx(v: string | null, onde: string, obrigatoria = false): string | null {
  if (v == null) return obrigatoria ? fail(`Arquivo OFX inválido: ${onde} sem data.`) : null;
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(v.trim());
  if (!m) return fail(`Arquivo OFX inválido: data "${v}" em ${onde}.`);
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso || iso < '1990-01-01' || iso > '2100-12-31') fail(`Arquivo OFX inválido: data "${v}" em ${onde}.`);
  return iso;
}

/** OFX amount: dot or comma as the decimal mark (some Brazilian banks use the comma), exact in cents. */
export function valorOfx(v: string | null, onde: string): string {
  const s = (v ?? '').trim().replace(/^\+/, '');
  if (!/^-?\d{1,13}([.,]\d{1,6})?$/.test(s)) fail(`Arquivo OFX inválido: valor "${v ?? ''}" em ${onde}.`);
  const d = new Decimal(s.replace(',', '.'));
  if (!d.times(100).isInteger()) fail(`Arquivo OFX inválido: valor "${v}" em ${onde} tem frações de centavo.`);
  return d.toFixed(2);
}

export interface ArquivoOfx {
  versao: 1 | 2;
  /** every statement of the file, in file order (bank accounts first, then cards) */
  extratos: ExtratoOfx[];
}

/**
 * A line without FITID (Banco do Brasil sends <FITID> empty) gets a key from what identifies it — date, amount
 * and text — and its position among the statement's lines with that same date, amount and text: the same file
 * (or a later one covering the same days) gives the same key, so importing it again adds nothing.
 */
function fitidSemId(data: string, valor: string, descricao: string | null, documento: string | null, ordem: number): string {
  const base = `${data}|${valor}|${descricao ?? ''}|${documento ?? ''}|${ordem}`;
  return `SEMFITID-${createHash('sha256').update(base).digest('hex').slice(0, 24)}`;
}

function lerExtrato(st: Node, tipo: 'conta' | 'cartao', indice: number, versao: 1 | 2, varios: boolean): ExtratoOfx {
  const qual = varios ? ` do ${indice}º extrato` : '';
  const acct = filho(st, 'BANKACCTFROM') ?? filho(st, 'CCACCTFROM');
  const lista = filho(st, 'BANKTRANLIST');
  if (!lista) fail(`Arquivo OFX sem a lista de transações (<BANKTRANLIST>)${qual}.`);
  const ledger = filho(st, 'LEDGERBAL');
  const transacoes: TransacaoOfx[] = [];
  const vistos = new Map<string, number>();
  const semId = new Map<string, number>();
  let ignoradas = 0;
  for (const [k, t] of filhos(lista, 'STMTTRN').entries()) {
    const onde = `a transação ${k + 1}${qual}`;
    const data = dataOfx(texto(t, 'DTPOSTED'), onde, true)!;
    const valor = valorOfx(texto(t, 'TRNAMT'), onde);
    if (new Decimal(valor).isZero()) {
      ignoradas++;
      continue;
    }
    const nome = texto(t, 'NAME') ?? texto(filho(t, 'PAYEE'), 'NAME');
    const memo = texto(t, 'MEMO');
    const descricao = [nome, memo && memo !== nome ? memo : null].filter(Boolean).join(' - ') || null;
    const documento = (texto(t, 'CHECKNUM') ?? texto(t, 'REFNUM'))?.slice(0, 60) ?? null;
    let fitidBruto = texto(t, 'FITID')?.trim() || null;
    if (!fitidBruto) {
      const chave = `${data}|${valor}|${descricao ?? ''}|${documento ?? ''}`;
      const ordem = (semId.get(chave) ?? 0) + 1;
      semId.set(chave, ordem);
      fitidBruto = fitidSemId(data, valor, descricao, documento, ordem);
    }
    if (fitidBruto.length > 255) fail(`Arquivo OFX inválido: FITID longo demais em ${onde}.`);
    // Some banks repeat a FITID inside one file (same day, same document): the k-th repeat becomes FITID#k,
    // the same key every time the same file comes.
    const rep = (vistos.get(fitidBruto) ?? 0) + 1;
    vistos.set(fitidBruto, rep);
    transacoes.push({
      fitid: rep === 1 ? fitidBruto : `${fitidBruto}#${rep}`,
      data,
      valor,
      tipo: texto(t, 'TRNTYPE'),
      descricao: descricao ? descricao.slice(0, 500) : null,
      documento,
    });
  }
  return {
    versao,
    indice,
    tipo,
    banco: texto(acct, 'BANKID'),
    agencia: texto(acct, 'BRANCHID'),
    conta: texto(acct, 'ACCTID')?.trim() || null,
    moeda: texto(st, 'CURDEF'),
    dataInicio: dataOfx(texto(lista, 'DTSTART'), `DTSTART${qual}`),
    dataFim: dataOfx(texto(lista, 'DTEND'), `DTEND${qual}`),
    saldo: ledger && texto(ledger, 'BALAMT') ? valorOfx(texto(ledger, 'BALAMT'), `LEDGERBAL${qual}`) : null,
    dataSaldo: ledger ? dataOfx(texto(ledger, 'DTASOF'), `LEDGERBAL${qual}`) : null,
    transacoes,
    ignoradas,
  };
}

/**
 * Reads every bank and credit-card statement of a file: each <STMTTRNRS> may hold more than one <STMTRS> (BB
 * sends two), and none is dropped. Throws OfxInvalido with a Portuguese message.
 */
export function lerOfx(bytes: Uint8Array): ArquivoOfx {
  if (!bytes.length) fail('Arquivo OFX vazio.');
  const conteudo = decodificar(bytes);
  const cabecalho = conteudo.slice(0, Math.max(0, conteudo.search(/<OFX>/i)));
  const versao: 1 | 2 = /<\?OFX\b|<\?xml\b/i.test(cabecalho) && !/^\s*OFXHEADER:/i.test(cabecalho) ? 2 : 1;
  if (versao === 1 && !/OFXHEADER\s*:/i.test(cabecalho)) {
    if (!/<OFX>/i.test(conteudo)) fail('O arquivo não é um extrato OFX (faltam o cabeçalho OFXHEADER e a marca <OFX>).');
  }
  const ofx = arvore(conteudo, versao);
  const rs: [Node, 'conta' | 'cartao'][] = [];
  for (const banco of filhos(ofx, 'BANKMSGSRSV1')) for (const t of filhos(banco, 'STMTTRNRS')) for (const st of filhos(t, 'STMTRS')) rs.push([st, 'conta']);
  for (const cartao of filhos(ofx, 'CREDITCARDMSGSRSV1')) for (const t of filhos(cartao, 'CCSTMTTRNRS')) for (const st of filhos(t, 'CCSTMTRS')) rs.push([st, 'cartao']);
  if (!rs.length) fail('Arquivo OFX sem extrato: não há <STMTRS> (conta) nem <CCSTMTRS> (cartão).');
  return { versao, extratos: rs.map(([st, tipo], k) => lerExtrato(st, tipo, k + 1, versao, rs.length > 1)) };
}
