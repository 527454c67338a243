import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { acceptTokenFromUrl } from './app/token-from-url.ts';

acceptTokenFromUrl();
createRoot(document.getElementById('root')!).render(<App />);
