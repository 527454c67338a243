import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../e2e/support/build-web.ts';
import { ensureServerBuilt } from '../../scripts/server-build.ts';
import { limparBancosDeTeste, seededPglite, seededTemplate } from './seeded-db.ts';

/**
 * Before the api and e2e files start (several at a time): the seeded database copies (tests/support/seeded-db.ts)
 * and, for e2e, the web app in dist/ (for api, the server bundle its server processes start from), built here once
 * instead of by two files at the same moment. On PostgreSQL,
 * first the test databases earlier runs left over (limparBancosDeTeste).
 */
export default async function setup(project: TestProject): Promise<void> {
  const work: Promise<unknown>[] = [seededPglite().then((db) => db.close())];
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    work.push(limparBancosDeTeste(url).then(() => seededTemplate(url)));
  }
  if (project.name === 'e2e') work.push(ensureWebBuilt());
  // The server processes of the api suites start from the server bundle (tests/support/processo-servidor.ts).
  if (project.name === 'api') work.push(ensureServerBuilt());
  await Promise.all(work);
}
