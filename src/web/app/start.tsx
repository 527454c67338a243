import { createRoot } from 'react-dom/client';
import { mutate, preload } from 'swr';
import { takeArrived } from '../api/early.ts';
import { App } from './App.tsx';

// What the entry already fetched goes into the cache, so the first render draws the brand and the rows at
// once (no loading pass); preload hands the same answer to the hooks' first revalidation (no second request).
for (const [key, data] of takeArrived()) {
  void mutate(key, data, { revalidate: false });
  preload(key, () => Promise.resolve(data));
}

/** The app itself (React, antd, the routes): its own chunk, loaded while the first requests travel. */
createRoot(document.getElementById('root')!).render(<App />);
