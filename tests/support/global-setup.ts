import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../e2e/support/build-web.ts';
import { seededPglite, seededTemplate } from './seeded-db.ts';

/**
 * Before the api and e2e files start (several at a time): the seeded database copies (tests/support/seeded-db.ts)
 * and, for e2e, the web app in dist/, built here once instead of by two files at the same moment.
 */
export default async function setup(project: TestProject): Promise<void> {
  const work: Promise<unknown>[] = [seededPglite().then((db) => db.close())];
  if (process.env.DATABASE_URL) work.push(seededTemplate(process.env.DATABASE_URL));
  if (project.name === 'e2e') work.push(ensureWebBuilt());
  await Promise.all(work);
}
