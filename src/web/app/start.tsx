import { createRoot } from 'react-dom/client';
import { mutate, preload } from 'swr';
import { takeArrived } from '../api/early.ts';
import { getToken } from '../api/session.ts';
import { BRAND_KEY, brandArrived, type BrandConfig } from '../brand/brand.ts';
import { hashPath, opensAuthApp } from './auth-area.ts';
import { AuthApp } from './AuthApp.tsx';
import { loadApp } from './load-app.ts';
import { onSessionEnd } from '../api/session-memory.ts';

// Every screen's SWR cache belongs to the session: signing out (or in as someone else) empties it, so the next
// user's shell never draws the previous user's info, menus or cards, nor asks for their data (issue 41). The
// brand's configuration is the host's, not the user's: it stays.
onSessionEnd(() => void mutate((key) => key !== BRAND_KEY, undefined, { revalidate: false }));

// What the entry already fetched goes into the cache, so the first render draws the brand and the rows at
// once (no loading pass); preload hands the same answer to the hooks' first revalidation (no second request).
for (const [key, data] of takeArrived()) {
  if (key === BRAND_KEY) brandArrived(data as BrandConfig);
  void mutate(key, data, { revalidate: false });
  preload(key, () => Promise.resolve(data));
}

const root = createRoot(document.getElementById('root')!);

/** The whole app (antd, the shell, the routes): its own chunk, already asked for by the entry when signed in. */
let handedOver = false;
function showApp(): void {
  if (handedOver) return;
  handedOver = true;
  loadApp().then(
    ({ App }) => root.render(<App />),
    () => {
      handedOver = false;
    },
  );
}

// The auth area (and, without a session, every route: they send to the login) starts with the small auth app.
if (opensAuthApp(hashPath(window.location.hash), getToken())) root.render(<AuthApp leave={showApp} />);
else showApp();
