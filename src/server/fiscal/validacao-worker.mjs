// Entry of a validation worker thread (see validacao-pool.ts). Plain JavaScript so the worker starts the same way
// under tsx, vitest or any runner: it registers tsx's loader, then loads the TypeScript module that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./validacao-worker.ts');
