import { afterEach } from 'vitest';
import { pageJournal, pagesOfTheTest } from './browser.ts';
import { registrarStandIns } from '../../../src/server/stand-ins/registrar.ts';

// Files that reach the local SEFAZ before (or without) building a server: the stand-ins registered as buildApp does.
registrarStandIns();

// Every e2e file (vitest setupFiles): a failing test prints what each of its pages went through (browser.ts
// trackPageErrors: API answers, navigations, console errors, toasts and dialogs), so a failure seen once in CI
// says what the page did, whichever helper opened the page.
afterEach((ctx) => {
  const pages = pagesOfTheTest();
  if (ctx.task.result?.state !== 'fail' || pages.length === 0) return;
  const parts = pages.map((p, i) => `--- página ${i} (${p.isClosed() ? 'fechada' : p.url()})\n${pageJournal(p)}`);
  process.stderr.write(`\n=== e2e ${ctx.task.file?.name ?? ''} › ${ctx.task.name}: o que as páginas viveram\n${parts.join('\n')}\n===\n`);
});
