import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app: index.html at the root, output in dist/ (served by the API server at /).
export default defineConfig({
  plugins: [react()],
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
