import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { carregarLayout, PASTA_SPED, versaoDoPeriodo, versoesSped } from '../../../src/server/exportacoes/sped-layout.ts';
import { lerLinhasSped, validarSped } from '../../../src/server/exportacoes/sped-validador.ts';

// The EFD checker on files written by hand from the Guia Prático's record tables: a minimal valid month, then each
// rejection the PVA gives most often, one at a time.
const v = versaoDoPeriodo('2026-03-01')!;
const layout = carregarLayout(v.leiaute, v.complemento);

/** Blocks 0 to 1 as written; block 9 and every count computed the way the Guia defines them. */
function arquivo(corpo: string[]): string {
  const linhas = [...corpo];
  const conta = new Map<string, number>();
  for (const l of linhas) conta.set(l.split('|')[1], (conta.get(l.split('|')[1]) ?? 0) + 1);
  for (const r of ['9001', '9990', '9999']) conta.set(r, 1);
  conta.set('9900', conta.size + 1);
  linhas.push('|9001|0|', ...[...conta].map(([r, n]) => `|9900|${r}|${n}|`), `|9990|${conta.get('9900')! + 3}|`, `|9999|${linhas.length + conta.get('9900')! + 3}|`);
  return `${linhas.join('\r\n')}\r\n`;
}

const C100_65 = '|C100|1|0||65|00|001|123|35260311222333000181650010000001231000001236|10032026|10032026|21,75|0|0,00|0,00|21,75|9|0,00|0,00|0,00|0,00|0,00||||||||';
const BASE = [
  '|0000|020|0|01032026|31032026|MERCADINHO DEMO LTDA|11222333000181||SP|110042490114|3550308|||A|1|',
  '|0001|0|',
  '|0005|MERCADINHO DEMO|01001000|RUA DAS FLORES|10||CENTRO|1133334444|||',
  '|0100|CARLA CONTADORA|52998224725|SP123456O1|||||||||contador@demo.com.br|3550308|',
  '|0990|5|',
  '|B001|1|',
  '|B990|2|',
  '|C001|0|',
  C100_65,
  '|C190|090|5102|0,00|21,75|0,00|0,00|0,00|0,00|0,00|0,00||',
  '|C990|4|',
  '|D001|1|',
  '|D990|2|',
  '|E001|0|',
  '|E100|01032026|31032026|',
  '|E110|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|',
  '|E990|4|',
  '|G001|1|',
  '|G990|2|',
  '|H001|1|',
  '|H990|2|',
  '|K001|1|',
  '|K990|2|',
  '|1001|0|',
  `|1010|${Array.from({ length: layout.registros.get('1010')!.campos.length }, () => 'N').join('|')}|`,
  '|1990|3|',
];
const mensagens = (texto: string) => validarSped(texto, layout).map((p) => p.mensagem);

describe('validador da EFD ICMS/IPI', () => {
  it('a month written by hand from the Guia passes, and the reader gives each record its fields', () => {
    expect(validarSped(arquivo(BASE), layout)).toEqual([]);
    const { linhas } = lerLinhasSped(arquivo(BASE));
    expect(linhas[0]).toMatchObject({ numero: 1, registro: '0000' });
    expect(linhas[0].campos[0]).toBe('020');
  });

  it('COD_VER with two digits', () => {
    expect(mensagens(arquivo(BASE.map((l) => l.replace('|0000|020|', '|0000|20|'))))).toContain('0000.COD_VER deve ter 3 dígitos ("20").');
  });

  it('0005.FONE overflowing its 11 digits', () => {
    expect(mensagens(arquivo(BASE.map((l) => l.replace('|1133334444|', '|551133334444|'))))).toContain('0005.FONE (campo 08): "551133334444" passa de 11 caracteres.');
  });

  it('1010 missing', () => {
    const sem = BASE.filter((l) => !l.startsWith('|1010|')).map((l) => (l === '|1990|3|' ? '|1990|2|' : l));
    expect(mensagens(arquivo(sem))).toContain('Falta o registro 1010 (obrigatório): informe as obrigações do bloco 1.');
  });

  it('E116 not adding up to E110', () => {
    const com = BASE.flatMap((l) => (l.startsWith('|E110|') ? [l.replace(/^\|E110\|0,00/, '|E110|10,00').replace(/0,00\|0,00\|0,00\|$/, '10,00|0,00|0,00|'), '|E116|000|9,00|10042026|046-2|||||032026|'] : l.startsWith('|E990|') ? ['|E990|5|'] : [l]));
    expect(mensagens(arquivo(com))).toContain('A soma dos registros E116 (9,00) deve ser igual ao ICMS a recolher mais os débitos especiais do E110 (10,00).');
  });

  it('model-65 fields sent as zero instead of blank', () => {
    const zero = BASE.map((l) => (l === C100_65 ? l.replace(/\|\|\|\|\|\|\|\|$/, '|0,00|0,00|0,00|0,00|0,00|0,00|0,00|') : l));
    expect(mensagens(arquivo(zero))).toContain('C100.VL_BC_ICMS_ST (campo 23): deve ficar em branco na NFC-e (modelo 65), nem zero.');
  });

  it('C170 for a note the shop issued', () => {
    const c170 = BASE.flatMap((l) => (l === C100_65 ? [l, '|C170|1|P1||3,00000|UN|21,75|0,00|0|090|5102||0,00|0,00|0,00|0,00|0,00|0,00|0||||0,00|0,00|0,00|||||||||||||0,00|'] : l.startsWith('|C990|') ? ['|C990|5|'] : [l]));
    expect(mensagens(arquivo(c170))).toContain('C170 não deve ser informado para documento emitido pelo próprio contribuinte (IND_EMIT = 0): os itens já estão no XML.');
  });

  it('field count, decimals with a dot, a block count and a 9900 that do not match, a record out of place', () => {
    const m = mensagens(
      arquivo(BASE.map((l) => (l.startsWith('|C190|') ? l.replace('|21,75|', '|21.75|') : l.startsWith('|0990|') ? '|0990|6|' : l.startsWith('|E100|') ? '|E100|01032026|' : l))),
    );
    expect(m).toContain('C190.VL_OPR (campo 05): número inválido "21.75" (use vírgula decimal, sem separador de milhar).');
    expect(m).toContain('0990: o bloco 0 tem 5 linhas, o registro diz 6.');
    expect(m).toContain('Registro E100 com 2 campos; o leiaute tem 3.');
    const fora = mensagens(arquivo(BASE.flatMap((l) => (l.startsWith('|B001|') ? ['|C190|090|5102|0,00|21,75|0,00|0,00|0,00|0,00|0,00|0,00||', l] : [l]))));
    expect(fora).toContain('Registro C190 fora de lugar: deve vir dentro do registro C100.');
  });
});

// A month with an entry: the supplier's NF-e (IND_EMIT 1) with its complementary information (C110 → 0450) and its
// item (C170, COD_NAT → 0400), as the Guia Prático's tables lay them out.
const C100_55 = '|C100|0|1|44555666000172|55|00|001|456|35260344555666000172550010000004561000004562|05032026|06032026|100,00|1|0,00|0,00|100,00|0|0,00|0,00|0,00|100,00|18,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|';
const ENTRADA = BASE.flatMap((l) => {
  if (l.startsWith('|0100|')) return [l, '|0150|44555666000172|DISTRIBUIDORA RIO CLARO LTDA|1058|44555666000172||111111111119|3550308||AVENIDA INDUSTRIAL|100||DISTRITO INDUSTRIAL|', '|0190|UN|Unidade|', '|0200|P1|AGUA MINERAL SEM GAS 500 ML|||UN|00|22011000||||||', '|0400|7|Venda de mercadoria|', '|0450|1|Pedido 4512 - entrega na doca 2|'];
  if (l === '|0990|5|') return ['|0990|10|'];
  if (l.startsWith('|C190|')) return [l, C100_55, '|C110|1||', '|C170|1|P1||10,00000|UN|100,00|0,00|0|000|1102|7|100,00|18,00|18,00|0,00|0,00|0,00|0|||||0,00||||||||||||||0,00|', '|C190|000|1102|18,00|100,00|100,00|18,00|0,00|0,00|0,00|0,00||'];
  if (l === '|C990|4|') return ['|C990|8|'];
  if (l.startsWith('|E110|')) return ['|E110|0,00|0,00|0,00|0,00|18,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|18,00|0,00|'];
  return [l];
});

describe('naturezas (0400) e informações complementares (0450) referidas pelos documentos', () => {
  it('an entry whose C170 names its natureza and whose C110 names its text: valid, counted in block 9', () => {
    const texto = arquivo(ENTRADA);
    expect(validarSped(texto, layout)).toEqual([]);
    expect(texto).toContain('|9900|0400|1|\r\n|9900|0450|1|');
    expect(texto).toContain('|9900|C110|1|');
  });

  it('a COD_NAT with no 0400 line, a COD_INF with no 0450 line', () => {
    const m = mensagens(arquivo(ENTRADA.map((l) => (l.startsWith('|C170|') ? l.replace('|1102|7|', '|1102|9|') : l === '|C110|1||' ? '|C110|2||' : l))));
    expect(m).toContain('C170.COD_NAT "9" não está na tabela de naturezas da operação (registro 0400).');
    expect(m).toContain('C110.COD_INF "2" não está na tabela de informações complementares (registro 0450).');
  });

  it('a code repeated in 0400 or 0450, and a C110 under an NFC-e', () => {
    const dobrado = ENTRADA.flatMap((l) => (l.startsWith('|0400|') || l.startsWith('|0450|') ? [l, l.replace(/\|[^|]*\|$/, '|Outro texto|')] : l === '|0990|10|' ? ['|0990|12|'] : [l]));
    const m = mensagens(arquivo(dobrado));
    expect(m).toContain('0400: o código de natureza 7 está repetido.');
    expect(m).toContain('0450: o código de informação complementar 1 está repetido.');
    const nfce = ENTRADA.flatMap((l) => (l === C100_65 ? [l, '|C110|1||'] : l === '|C990|8|' ? ['|C990|9|'] : [l]));
    expect(mensagens(arquivo(nfce))).toContain('C110 não deve ser informado para NFC-e (modelo 65).');
  });
});

describe('dados do leiaute', () => {
  it('COD_VER by period from versoes.json; every layout folder copied unchanged from ../shared when present', () => {
    expect(versaoDoPeriodo('2025-06-01')?.codVer).toBe('019');
    expect(versaoDoPeriodo('2026-11-01')?.codVer).toBe('020');
    expect(versaoDoPeriodo('2024-12-01')).toBeNull();
    const origem = path.resolve('../shared/fiscal/sped-efd/extractor');
    if (!existsSync(origem)) return;
    for (const leiaute of new Set(versoesSped().map((x) => x.leiaute))) {
      for (const f of readdirSync(path.join(PASTA_SPED, leiaute))) {
        expect(readFileSync(path.join(PASTA_SPED, leiaute, f)), `${leiaute}/${f}`).toEqual(readFileSync(path.join(origem, leiaute, f)));
      }
    }
  });
});

describe('um arquivo publicado, lido de volta', () => {
  // The EFD example of layout 001 (2008) published with nfephp-org/sped-efd: the same reader parses its 138 lines;
  // its counts (0990 with 0000, 9990 with 9999, every 9900, 9999), its hierarchy and its order hold under today's
  // layout, and what differs is only what the layouts since 2008 added (blocks B, G, K, record 1010, new fields).
  const texto = readFileSync(path.resolve('tests/fixtures/exportacoes/efd-icms-ipi-exemplo-leiaute-001.txt'), 'latin1');
  it('parses every line and agrees on counts, hierarchy and order', () => {
    const { linhas, problemas } = lerLinhasSped(texto);
    expect(problemas).toEqual([]);
    expect(linhas).toHaveLength(138);
    expect(linhas.filter((l) => l.registro === 'E510')).toHaveLength(57);
    const m = validarSped(texto, layout).map((p) => p.mensagem);
    expect(m.filter((x) => /linhas|9900|9999|fora de lugar|fora da ordem|não existe no leiaute/.test(x))).toEqual([]);
    expect(m).toContain('O bloco B deve ser aberto uma vez (registro B001).');
    expect(m).toContain('O bloco K deve ser aberto uma vez (registro K001).');
    expect(m).toContain('Falta o registro 1010 (obrigatório): informe as obrigações do bloco 1.');
  });
});
