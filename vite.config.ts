import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compressAssets } from './scripts/lib/compressAssets';
import { routePages } from './scripts/lib/routePages';

// The dev server proxies /api to the reference server so the session cookie stays same-origin,
// as it is in production where the server serves the built client itself (protocol.md 1.2).
const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  // routePages: per route, index.html naming every file the route needs (server/static.ts serves it);
  // compressAssets: brotli and gzip copies of every text file (after the route pages are written)
  plugins: [react(), routePages(), compressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // Host kept as the browser sent it: the server's cross-site check compares it with Origin
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // the first page is one chunk on purpose (fewer round trips, measured): ~460 kB, 142 kB gzip
    chunkSizeWarningLimit: 500,
    // every browser that runs this app supports modulepreload natively
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 30 },
            { name: 'data', test: /src[\\/](services|storage)[\\/]/, priority: 25 },
            { name: 'lazy', test: (id: string) => !/[\\/]pages[\\/]|Dialogs?\.tsx$/.test(id), priority: 20 },
          ],
        },
      },
    },
  },
});
