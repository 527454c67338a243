import { afterAll, afterEach, beforeAll } from 'vitest';
import { createRequire } from 'node:module';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for the state they check; two files share the 2 cores of CI, and a lazily loaded chunk
// (the dialogs) may take seconds to arrive there: 15 s, the state checked ends the wait as soon as it holds.
configure({ asyncUtilTimeout: 15_000 });

// antd's responsive helpers ask window.matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
// antd measures scrollbars and observes sizes.
if (!(globalThis as any).ResizeObserver) {
  (globalThis as any).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
window.getComputedStyle = ((orig) => (el: Element, pseudo?: string | null) => orig(el, pseudo ?? undefined))(window.getComputedStyle);

// The dialogs' code is its own chunk (src/web/dialogs/dialog-impl.tsx), which the browser fetches at the first
// key press or touch. Here its modules are evaluated before each file's tests, as they were when dialogs.tsx imported them
// statically, so a test's first dialog does not wait for their transform on a loaded machine; opening still
// goes through the same lazy path.
beforeAll(async () => {
  await import('../../src/web/dialogs/dialog-impl.tsx');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Components start timers a test does not wait for (the 200 ms dialog delay of SPEC 9, 500 ms token sign-in,
// 4000 ms toasts, the 2 s logout redirect). Each file's timers are tracked; at its end they get a moment to
// fire, the rest are cleared, and React's pending work is drained while the window still exists, so nothing
// of this file runs after jsdom is gone (it would fail with 'window is not defined').
const timers = new Set<ReturnType<typeof setTimeout>>();
const nativeSetTimeout = globalThis.setTimeout;
const nativeClearTimeout = globalThis.clearTimeout;
const nativeSetInterval = globalThis.setInterval;
const nativeClearInterval = globalThis.clearInterval;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const id = nativeSetTimeout(() => {
    timers.delete(id);
    fn(...args);
  }, ms);
  timers.add(id);
  return id;
}) as typeof setTimeout;
globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
  if (id !== undefined) timers.delete(id);
  nativeClearTimeout(id);
}) as typeof clearTimeout;
globalThis.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const id = nativeSetInterval(fn, ms, ...args);
  timers.add(id);
  return id;
}) as typeof setInterval;
globalThis.clearInterval = ((id?: ReturnType<typeof setInterval>) => {
  if (id !== undefined) timers.delete(id);
  nativeClearInterval(id);
}) as typeof clearInterval;

afterAll(async () => {
  // No Modal.destroyAll()/notification.destroy() here: on a file that never opened one, antd's static API
  // renders its holder to carry out the destroy, which is React work started just before teardown.
  await new Promise((r) => nativeSetTimeout(r, 300));
  for (const id of timers) {
    nativeClearTimeout(id);
    nativeClearInterval(id);
  }
  timers.clear();
  // React renders in slices, each posting the next through setImmediate. An idle-priority task of the same
  // scheduler instance react-dom uses runs only after every slice queued before it, so awaiting one drains
  // React's work while this file's window still exists (bounded, should something keep posting work).
  const scheduler = createRequire(import.meta.url)('scheduler') as { unstable_scheduleCallback: (p: number, cb: () => void) => unknown; unstable_IdlePriority: number };
  await Promise.race([
    new Promise<void>((r) => scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => r())),
    new Promise((r) => nativeSetTimeout(r, 5000)),
  ]);
  await new Promise((r) => setImmediate(r));
});
