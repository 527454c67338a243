type PageModule = { default: React.ComponentType<never> };

/**
 * A page chunk for React.lazy. Once the chunk is in (the entry asked for it on a cold start), lazy gets a
 * thenable that answers at once, so the page renders in the same pass as the shell instead of suspending
 * first (a spinner committed, then a second render). The chunks are named here, apart from the entry's
 * preloading (preload.ts) and the route tree (App.tsx), so neither imports the other or a page.
 */
function pageChunk<M extends PageModule>(load: () => Promise<M>): () => Promise<M> {
  let loaded: M | undefined;
  return () => (loaded ? ({ then: (ok?: (m: M) => unknown) => ok?.(loaded!) } as unknown as Promise<M>) : load().then((m) => (loaded = m)));
}

// A resource's list and form by the document's name: the documents (registry) come with these chunks, not
// with the route tree.
export const loadListPage = pageChunk(() => import('../pages/ResourceListRoute.tsx'));
export const loadFormPage = pageChunk(() => import('../pages/ResourceFormRoute.tsx'));
/** The signed-in frame (header, menus, antd's static stylesheet): not part of the sign-in page. */
export const loadShell = pageChunk(() => import('../shell/ShellLayout.tsx'));
export const loadLoginPage = pageChunk(() => import('../auth/LoginPage.tsx'));
