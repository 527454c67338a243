import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { api } from './api/client.ts';
import { App } from './app/App.tsx';
import { BRAND_KEY } from './app/brand.ts';
import { preloadRoute } from './app/preload.ts';
import { acceptTokenFromUrl } from './app/token-from-url.ts';

acceptTokenFromUrl();
// Start what the first screen needs at once instead of one after the other: the brand configuration
// the chunk of the page the URL names and its data load while React starts.
preload(BRAND_KEY, async () => (await api.get(BRAND_KEY)).data);
preloadRoute(window.location.hash);
createRoot(document.getElementById('root')!).render(<App />);
