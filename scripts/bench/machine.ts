/**
 * Two costs of the machine a benchmark runs on, printed beside its figures so that runs on different machines
 * can be compared: a page fault (the first touch of freshly mapped memory, zeroed by the kernel) and a system
 * call (fstat on an open descriptor, through Node's binding). A browser's cold load and a server's request
 * spend much of their time in both (a new renderer process maps its heap page by page; each request reads and
 * writes sockets). On 27/11/2026 the same code loaded the sign-in page in 259 ms on one machine and ~1 s on
 * another whose page fault cost ~13 µs; pure JavaScript ran at the same speed on both.
 */
import { fstatSync } from 'node:fs';

const PAGE = 4096;

export interface MachineCosts {
  /** µs per 4 KiB page touched for the first time (median of 5 × 64 MiB). */
  pageFaultUs: number;
  /** µs per fstat call (median of 5 × 20,000). */
  syscallUs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function machineCosts(): MachineCosts {
  const faults: number[] = [];
  const calls: number[] = [];
  for (let k = 0; k < 5; k++) {
    const size = 64 << 20;
    let t = process.hrtime.bigint();
    // Large enough that the allocator maps fresh pages; touching one byte per page faults each one in.
    const b = Buffer.allocUnsafeSlow(size);
    for (let i = 0; i < size; i += PAGE) b[i] = 1;
    faults.push(Number(process.hrtime.bigint() - t) / 1000 / (size / PAGE));
    t = process.hrtime.bigint();
    for (let i = 0; i < 20_000; i++) fstatSync(0);
    calls.push(Number(process.hrtime.bigint() - t) / 1000 / 20_000);
  }
  return { pageFaultUs: median(faults), syscallUs: median(calls) };
}

/** One line for a benchmark's output. */
export function machineLine(): string {
  const c = machineCosts();
  return `máquina: falta de página ${c.pageFaultUs.toFixed(2)} µs, chamada de sistema (fstat) ${c.syscallUs.toFixed(2)} µs (medianas; ver scripts/bench/machine.ts)`;
}
