import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { montarBoleto } from '../../../src/server/boletos/boleto.ts';
import { gerarPdfBoletos, type BoletoPdf } from '../../../src/server/boletos/pdf/boleto-pdf.ts';
import { lerPix, montarPixEstatico } from '../../../src/server/boletos/pix/br-code.ts';
import { elementosI2of5 } from '../../../src/server/boletos/pdf/interleaved-2-of-5.ts';
import { dadosDoVetor, vetores } from './vetores.ts';

const pasta = mkdtempSync(path.join(os.tmpdir(), 'boletos-pdf-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

function boleto(i: number, comPix: boolean, parcela = 1): BoletoPdf {
  return {
    dados: { ...dadosDoVetor(vetores.vectors[i]) },
    beneficiario: { nome: 'Padaria Pão Quente Ltda', documento: '11222333000181' },
    pagador: { nome: `José da Silva ${i}`, documento: '11144477735', endereco: 'Rua das Flores, 10 - Centro - Recife/PE' },
    numeroDocumento: `NF-${100 + i}`,
    dataDocumento: '2025-12-20',
    parcela: `${parcela}/3`,
    instrucoes: ['Após o vencimento cobrar multa de 2%.', 'Não receber após 30 dias.'],
    pix: comPix ? { chave: '11222333000181', cidade: 'Recife', txid: `PARC${i}` } : undefined,
  };
}

async function pdfTexto(boletos: BoletoPdf[], porPagina: 1 | 3 = 1): Promise<{ texto: string; paginas: string[] }> {
  const arquivo = path.join(pasta, `b${Math.random().toString(36).slice(2)}.pdf`);
  await gerarPdfBoletos(boletos, createWriteStream(arquivo), { porPagina });
  expect(readFileSync(arquivo).subarray(0, 5).toString()).toBe('%PDF-');
  const texto = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', arquivo, '-'], { encoding: 'utf8' });
  return { texto, paginas: texto.split('\f').filter((p) => p.trim()) };
}

describe('boleto PDF (checked with pdftotext)', () => {
  it('a carnê of three boletos: one page each, with the FEBRABAN parts and each boleto’s own data', async () => {
    const idx = [0, 6, 10]; // BB, Bradesco, Santander
    const boletos = idx.map((i, k) => boleto(i, k === 1, k + 1));
    const { paginas } = await pdfTexto(boletos);
    expect(paginas).toHaveLength(3);
    paginas.forEach((p, k) => {
      const v = vetores.vectors[idx[k]];
      const b = montarBoleto(boletos[k].dados);
      expect(p).toContain('Recibo do Pagador');
      expect(p).toContain('Ficha de Compensação');
      expect(p).toContain('Local de Pagamento');
      expect(p).toContain(v.linha_digitavel);
      expect(p).toContain('Padaria Pão Quente Ltda');
      expect(p).toContain('11.222.333/0001-81');
      expect(p).toContain(`José da Silva ${idx[k]}`);
      expect(p).toContain('111.444.777-35');
      expect(p).toContain('Após o vencimento cobrar multa de 2%.');
      expect(p).toContain(b.nossoNumeroFormatado);
      expect(p).toContain(`${k + 1}/3`);
      const [a, m, d] = v.inputs.vencimento.split('-');
      expect(p).toContain(`${d}/${m}/${a}`);
    });
    expect(paginas[0]).toContain('135,00');
    expect(paginas[1]).toContain('2.952,95');
    expect(paginas[1]).toContain('Pague com Pix');
    expect(paginas[0]).not.toContain('Pague com Pix');
  });

  it('the Pix copia-e-cola printed is the BR Code for the boleto’s amount', async () => {
    const { paginas } = await pdfTexto([boleto(6, true)]);
    const esperado = montarPixEstatico({ chave: '11222333000181', nome: 'Padaria Pão Quente Ltda', cidade: 'Recife', valor: '2952.95', txid: 'PARC6' });
    expect(lerPix(esperado).valor).toBe('2952.95');
    // the code is printed over several lines: compare without the line breaks
    const semEspacos = (t: string) => t.replace(/\s+/g, '');
    expect(semEspacos(paginas[0])).toContain(semEspacos(esperado));
  });
});

describe('carnê with three fichas per page', () => {
  it('seven boletos make three pages of fichas de compensação with cut lines, each with its own data', async () => {
    const idx = [0, 6, 10, 6, 0, 10, 6];
    const boletos = idx.map((i, k) => ({ ...boleto(i, k % 2 === 1, k + 1), pagador: { nome: `Cliente Parcela ${k + 1}`, documento: '11144477735', endereco: `Rua ${k + 1}` } }));
    const { paginas } = await pdfTexto(boletos, 3);
    expect(paginas).toHaveLength(3);
    const linhas = paginas.map((p) => [...p.matchAll(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/g)].map((m) => m[0]));
    expect(linhas.map((l) => l.length)).toEqual([3, 3, 1]);
    expect(linhas.flat()).toEqual(idx.map((i) => vetores.vectors[i].linha_digitavel));
    paginas.forEach((p, n) => {
      expect(p).not.toContain('Recibo do Pagador');
      expect(p.match(/Ficha de Compensação/g)).toHaveLength(n < 2 ? 3 : 1);
      // a cut line between fichas: two on a full page, none above the first
      expect(p.match(/Corte na linha pontilhada/g) ?? []).toHaveLength(n < 2 ? 2 : 0);
    });
    boletos.forEach((b, k) => expect(paginas[Math.floor(k / 3)]).toContain(`Cliente Parcela ${k + 1}`));
    expect(paginas[0]).toContain('Pague com Pix');
  });
});

describe('interleaved 2 of 5 bars', () => {
  it.each(vetores.vectors.slice(0, 6).map((v) => [v.barcode]))('%s matches bwip-js’s narrow/wide sequence', (codigo) => {
    const nossos = elementosI2of5(codigo).map((w) => (w > 1 ? 'W' : 'N')).join('');
    const sbs = (bwipjs.raw({ bcid: 'interleaved2of5', text: codigo }) as unknown as { sbs: number[] }[])[0].sbs;
    // bwip-js ends its bar/space list with the (narrow) space after the stop bar; ours stops at the last bar
    expect(sbs).toHaveLength(elementosI2of5(codigo).length + 1);
    expect(nossos).toBe(sbs.slice(0, -1).map((w) => (w > 1 ? 'W' : 'N')).join(''));
  });

  it('44 digits make 405 narrow modules at ratio 3 (start 4, 22 pairs of 18, stop 5)', () => {
    expect(elementosI2of5(vetores.vectors[0].barcode).reduce((a, b) => a + b, 0)).toBe(405);
  });
});
