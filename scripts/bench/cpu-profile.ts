import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
/** A V8 .cpuprofile (node --cpu-prof, or the inspector's Profiler.stop): times in µs. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time per function over V8 .cpuprofile files (node --cpu-prof, or the inspector's Profiler), largest first:
 * each sample's time goes to the function on top of the stack when it was taken. Names carry their file and
 * line, relative to the checkout (node_modules/… for libraries).
 */
export function selfTimes(files: string[], top = 25): { name: string; ms: number; share: number }[] {
  const self = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < p.samples.length; i++) {
      const dt = p.timeDeltas[i] ?? 0;
      const f = byId.get(p.samples[i])!.callFrame;
      const where = f.url ? ` ${relative(process.cwd(), f.url.replace(/^file:\/\//, ''))}:${f.lineNumber + 1}` : '';
      const name = `${f.functionName || '(anônima)'}${where}`;
      self.set(name, (self.get(name) ?? 0) + dt);
      total += dt;
    }
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
}
