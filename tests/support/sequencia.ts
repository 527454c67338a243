import { readFileSync, existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ARQUIVO = resolve(import.meta.dirname, '../duracoes.json');

/**
 * The order files start in: within each group and suite, the longest first (the seconds each took in a full run,
 * tests/duracoes.json, written by `npx tsx scripts/duracoes-dos-testes.ts` from .test-results/vitest.json). Two
 * workers take the files in this order as each frees up, so the long ones (the crash suites, a minute each) no
 * longer start last, with one worker idle while the other ends them: vitest's own order on a clean clone, with no
 * results of an earlier run, is the largest file first, and the crash suites are small files. A file not yet in
 * the list (new) goes after the known ones, in vitest's order.
 */
export default class MaisLongosPrimeiro extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const duracoes: Record<string, number> = existsSync(ARQUIVO) ? JSON.parse(readFileSync(ARQUIVO, 'utf8')) : {};
    const raiz = this.ctx.config.root;
    const chave = (f: TestSpecification) => `${f.project.name}:${relative(raiz, f.moduleId)}`;
    const posicao = new Map(base.map((f, i) => [f, i]));
    return [...base].sort((a, b) => {
      const grupo = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (grupo !== 0) return grupo;
      if (a.project.name !== b.project.name) return posicao.get(a)! - posicao.get(b)!;
      const da = duracoes[chave(a)];
      const db = duracoes[chave(b)];
      if (da !== undefined && db !== undefined && da !== db) return db - da;
      if (da !== undefined && db === undefined) return -1;
      if (db !== undefined && da === undefined) return 1;
      return posicao.get(a)! - posicao.get(b)!;
    });
  }
}
