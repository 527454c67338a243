import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((c) => [...c].map((b) => (b === '1' ? '0' : '1')).join(''));
const G = R.map((c) => [...c].reverse().join(''));
const PARIDADE = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** EAN-13 from the 95 modules (1 = bar), or null when the guards, codes or check digit are wrong. */
export function decodificarModulos(m: string): string | null {
  if (m.length !== 95 || m.slice(0, 3) !== '101' || m.slice(45, 50) !== '01010' || m.slice(92) !== '101') return null;
  let paridade = '';
  let digitos = '';
  for (let i = 0; i < 6; i++) {
    const c = m.slice(3 + i * 7, 10 + i * 7);
    const l = L.indexOf(c);
    const g = G.indexOf(c);
    if (l >= 0) (digitos += l, (paridade += 'L'));
    else if (g >= 0) (digitos += g, (paridade += 'G'));
    else return null;
  }
  for (let i = 0; i < 6; i++) {
    const r = R.indexOf(m.slice(50 + i * 7, 57 + i * 7));
    if (r < 0) return null;
    digitos += r;
  }
  const primeiro = PARIDADE.indexOf(paridade);
  if (primeiro < 0) return null;
  const todos = primeiro + digitos;
  const soma = [...todos.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (soma % 10)) % 10 === Number(todos[12]) ? todos : null;
}

/** Every EAN-13 readable along one row of pixels (true = dark): runs are turned into modules of the width they imply. */
export function decodificarLinha(px: boolean[]): string[] {
  const runs: { preto: boolean; w: number }[] = [];
  for (const p of px) {
    if (runs.length && runs[runs.length - 1].preto === p) runs[runs.length - 1].w++;
    else runs.push({ preto: p, w: 1 });
  }
  const achados = new Set<string>();
  for (let i = 0; i + 59 <= runs.length; i++) {
    if (!runs[i].preto) continue;
    const janela = runs.slice(i, i + 59);
    const total = janela.reduce((s, r) => s + r.w, 0);
    const modulo = total / 95;
    const bits = janela.map((r) => (r.preto ? '1' : '0').repeat(Math.max(1, Math.round(r.w / modulo)))).join('');
    const lido = decodificarModulos(bits);
    if (lido) achados.add(lido);
  }
  return [...achados];
}

/**
 * The EAN-13 codes a scanner would read on the first page of a PDF: the page is rendered by pdftoppm (poppler,
 * a tool nobody here wrote) at 300 dpi in grey, and every pixel row is read.
 */
export function ean13NoPdf(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ean-'));
  writeFileSync(join(dir, 'a.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '300', '-gray', '-f', '1', '-l', '1', join(dir, 'a.pdf'), join(dir, 'p')]);
  const arquivo = readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
  const buf = readFileSync(join(dir, arquivo));
  // PGM (P5): magic, width, height, maxval, then one byte per pixel.
  const cab = buf.subarray(0, 64).toString('latin1').match(/^P5\s+(?:#.*\s+)*(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!cab) throw new Error('pdftoppm não gerou PGM');
  const [w, h] = [Number(cab[1]), Number(cab[2])];
  const inicio = cab[0].length;
  const achados = new Set<string>();
  for (let y = 0; y < h; y += 2) {
    const linha: boolean[] = [];
    for (let x = 0; x < w; x++) linha.push(buf[inicio + y * w + x] < 128);
    for (const c of decodificarLinha(linha)) achados.add(c);
  }
  return [...achados];
}
