import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compressAssets } from './scripts/lib/compressAssets';

// The dev server proxies /api to the reference server so the session cookie stays same-origin,
// as it is in production where the server serves the built client itself (protocol.md 1.2).
const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  // compressAssets: brotli and gzip copies of every text file, served by server/static.ts
  plugins: [react(), compressAssets()],
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
    chunkSizeWarningLimit: 400,
    // every browser that runs this app supports modulepreload natively
    modulePreload: { polyfill: false },
  },
});
