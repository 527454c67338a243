/**
 * Background work (issue 34 item 5): the jobs table, its worker and scheduler, and the admin list. Modules register
 * their job kinds and periodic kinds here (from app.ts) and enqueue work with JobQueue.enqueue; nothing else in
 * the server runs on a timer of its own.
 */
export { JobQueue, CANAL_JOBS, esperaAntesDe, MAX_TENTATIVAS, type Job, type JobHandler, type KindOptions, type EnqueueOptions, type PeriodicKind } from './queue.ts';
export { default as jobsRoutes } from './routes.ts';
export { registrarJobsDiagnostico } from './diagnostico.ts';
