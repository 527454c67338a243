/**
 * npm run bench:boletos — 10,000 boletos (a carnê) built and rendered into one PDF, streamed to a file, once
 * with a page per boleto and once with three fichas per page.
 * Prints the time and the peak memory; the aim is under 10 s with memory flat (not growing with the count).
 */
import { createWriteStream, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gerarPdfBoletos, type BoletoPdf } from '../../src/server/boletos/pdf/boleto-pdf.ts';

const TOTAL = Number(process.env.BOLETOS ?? 10_000);
const arquivo = path.join(os.tmpdir(), `bench-boletos-${process.pid}.pdf`);

function* carne(): Generator<BoletoPdf> {
  for (let i = 0; i < TOTAL; i++) {
    const venc = new Date(Date.UTC(2026, 0, 10 + 30 * (i % 24)));
    yield {
      dados: { banco: '237', agencia: '1172', conta: '0403005', carteira: '09', nossoNumero: String(100000 + i), valor: `${150 + (i % 900)}.${String(i % 100).padStart(2, '0')}`, vencimento: venc.toISOString().slice(0, 10) },
      beneficiario: { nome: 'Padaria Pão Quente Ltda', documento: '11222333000181' },
      pagador: { nome: `Cliente ${i}`, documento: '11144477735', endereco: 'Rua das Flores, 10 - Centro - São Paulo/SP - 01310-100' },
      numeroDocumento: `CARNE-${Math.floor(i / 24)}-${(i % 24) + 1}`,
      dataDocumento: '2025-12-20',
      parcela: `${(i % 24) + 1}/24`,
      instrucoes: ['Após o vencimento cobrar multa de 2% e juros de 0,033% ao dia.', 'Não receber após 30 dias do vencimento.'],
      pix: i % 2 === 0 ? { chave: '11222333000181', cidade: 'São Paulo', txid: `CARNE${i}` } : undefined,
    };
  }
}

/** One carnê of TOTAL boletos in the given layout; prints time and peak memory. */
async function medir(porPagina: 1 | 3): Promise<void> {
  let pico = 0;
  const amostra = setInterval(() => (pico = Math.max(pico, process.memoryUsage().rss)), 20);
  const antes = process.memoryUsage().rss;
  const t0 = performance.now();
  const n = await gerarPdfBoletos(carne(), createWriteStream(arquivo), { porPagina });
  const ms = performance.now() - t0;
  clearInterval(amostra);
  pico = Math.max(pico, process.memoryUsage().rss);
  const tamanho = statSync(arquivo).size;
  unlinkSync(arquivo);
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log(`${n} boletos (metade com QR Pix), ${porPagina} por página, em um PDF de ${mb(tamanho)} MB`);
  console.log(`tempo: ${(ms / 1000).toFixed(2)} s (${(ms / n).toFixed(2)} ms por boleto)`);
  console.log(`memória (RSS): início ${mb(antes)} MB, pico ${mb(pico)} MB`);
}

// a page per boleto (recibo + ficha), then the carnê with three fichas per page (POR_PAGINA=1 or 3: only that one)
for (const porPagina of [1, 3] as const) if (!process.env.POR_PAGINA || Number(process.env.POR_PAGINA) === porPagina) await medir(porPagina);
