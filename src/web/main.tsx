import { preloadRoute } from './app/preload.ts';
import { acceptTokenFromUrl } from './app/token-from-url.ts';

acceptTokenFromUrl();
// A cold start does not wait for its code to ask for its data: this small entry sends the first screen's
// requests (brand configuration, the page's chunk, lookups, the list's first page) at once, then loads the
// app. antd's stylesheet comes with the app (start.tsx): nothing is drawn before it, and it does not hold
// this entry back.
preloadRoute(window.location.hash);
void import('./app/start.tsx');
