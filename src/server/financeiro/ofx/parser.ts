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
  'PAYEE', 'BALLIST', 'BAL', 'CURRENCY', 'ORIGCURRENCY', 'MKTGINFO', 'INVSTMTMSGSRSV1',
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
    const topo = stack[stack.length - 1];
    if (fechamento) {
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
    const folha = AGGREGATES.has(nome) ? false : conteudo.trim() !== '' || texto.startsWith(`</${nome}>`, prox) || texto.startsWith(`</${nome.toLowerCase()}>`, prox);
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

/** Reads a bank or credit-card statement. Throws OfxInvalido with a Portuguese message. */
export function lerOfx(bytes: Uint8Array): ExtratoOfx {
  if (!bytes.length) fail('Arquivo OFX vazio.');
  const conteudo = decodificar(bytes);
  const cabecalho = conteudo.slice(0, Math.max(0, conteudo.search(/<OFX>/i)));
  const versao: 1 | 2 = /<\?OFX\b|<\?xml\b/i.test(cabecalho) && !/^\s*OFXHEADER:/i.test(cabecalho) ? 2 : 1;
  if (versao === 1 && !/OFXHEADER\s*:/i.test(cabecalho)) {
    if (!/<OFX>/i.test(conteudo)) fail('O arquivo não é um extrato OFX (faltam o cabeçalho OFXHEADER e a marca <OFX>).');
  }
  const ofx = arvore(conteudo, versao);
  const banco = filho(ofx, 'BANKMSGSRSV1');
  const cartao = filho(ofx, 'CREDITCARDMSGSRSV1');
  const rs = [...filhos(banco, 'STMTTRNRS').map((t) => filho(t, 'STMTRS')), ...filhos(cartao, 'CCSTMTTRNRS').map((t) => filho(t, 'CCSTMTRS'))].filter(Boolean) as Node[];
  if (!rs.length) fail('Arquivo OFX sem extrato: não há <STMTRS> (conta) nem <CCSTMTRS> (cartão).');
  if (rs.length > 1) fail('O arquivo traz mais de um extrato: importe um arquivo por conta.');
  const st = rs[0];
  const acct = filho(st, 'BANKACCTFROM') ?? filho(st, 'CCACCTFROM');
  const lista = filho(st, 'BANKTRANLIST');
  if (!lista) fail('Arquivo OFX sem a lista de transações (<BANKTRANLIST>).');
  const ledger = filho(st, 'LEDGERBAL');
  const transacoes: TransacaoOfx[] = [];
  const vistos = new Map<string, number>();
  let ignoradas = 0;
  for (const [k, t] of filhos(lista, 'STMTTRN').entries()) {
    const onde = `a transação ${k + 1}`;
    const fitidBruto = texto(t, 'FITID');
    if (!fitidBruto) fail(`Arquivo OFX inválido: ${onde} não tem FITID.`);
    if (fitidBruto!.length > 255) fail(`Arquivo OFX inválido: FITID longo demais em ${onde}.`);
    const data = dataOfx(texto(t, 'DTPOSTED'), onde, true)!;
    const valor = valorOfx(texto(t, 'TRNAMT'), onde);
    if (new Decimal(valor).isZero()) {
      ignoradas++;
      continue;
    }
    // Some banks repeat a FITID inside one file (same day, same document): the k-th repeat becomes FITID#k,
    // the same key every time the same file comes.
    const rep = (vistos.get(fitidBruto!) ?? 0) + 1;
    vistos.set(fitidBruto!, rep);
    const nome = texto(t, 'NAME') ?? texto(filho(t, 'PAYEE'), 'NAME');
    const memo = texto(t, 'MEMO');
    const descricao = [nome, memo && memo !== nome ? memo : null].filter(Boolean).join(' - ') || null;
    transacoes.push({
      fitid: rep === 1 ? fitidBruto! : `${fitidBruto}#${rep}`,
      data,
      valor,
      tipo: texto(t, 'TRNTYPE'),
      descricao: descricao ? descricao.slice(0, 500) : null,
      documento: (texto(t, 'CHECKNUM') ?? texto(t, 'REFNUM'))?.slice(0, 60) ?? null,
    });
  }
  return {
    versao,
    banco: texto(acct, 'BANKID'),
    agencia: texto(acct, 'BRANCHID'),
    conta: texto(acct, 'ACCTID'),
    moeda: texto(st, 'CURDEF'),
    dataInicio: dataOfx(texto(lista, 'DTSTART'), 'DTSTART'),
    dataFim: dataOfx(texto(lista, 'DTEND'), 'DTEND'),
    saldo: ledger && texto(ledger, 'BALAMT') ? valorOfx(texto(ledger, 'BALAMT'), 'LEDGERBAL') : null,
    dataSaldo: ledger ? dataOfx(texto(ledger, 'DTASOF'), 'LEDGERBAL') : null,
    transacoes,
    ignoradas,
  };
}
