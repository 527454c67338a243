import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWeb, webDevelopmentFiles, webIsStale } from '../../../scripts/web-build.ts';

// npm start serves dist/ as it finds it: the web build must be the production one whoever runs it. Under vitest
// NODE_ENV is 'test', the case where dist/ used to come out with React's development bundle.
describe('web build', () => {
  it('recognises a development bundle by its React markers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-build-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'a.js'), 'console.log("ok")');
    writeFileSync(join(dir, 'assets', 'b.js'), 'console.error(`Each child in a list should have a unique "key" prop.%s%s`)');
    expect(webDevelopmentFiles(join(dir, 'assets'))).toEqual(['b.js']);
  });

  it('builds for production under vitest (NODE_ENV test), and puts NODE_ENV back', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    await buildWeb();
    expect(process.env.NODE_ENV).toBe('test');
    expect(webDevelopmentFiles()).toEqual([]);
    expect(webIsStale()).toBe(false);
  }, 600_000);
});
