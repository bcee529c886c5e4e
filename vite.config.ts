import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compressAssets } from './build/compressAssets';
import { routePages } from './build/routePages';
import { isProbe, pageModules } from './build/pageModules';
import { serviceWorkerPlugin } from './build/serviceWorker';
import { pageParts } from './build/pageParts';
import { machineDescriptions } from './build/machineDescriptions';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/*
 * Chunking, chosen by measurement (docs/architecture.md 8): `app` = what the entry imports
 * statically, in one file; `data` = services, storage and rules loaded later; lazily loaded modules in
 * five files: `open`, what the shared page (/s/{id}, opened signed out from a link) needs,
 * `album`, what the album page needs beyond that, `menu`, what a row's menu needs when first
 * opened, `stores`, what the stores created at sign-in need (all four found by a probe build,
 * build/pageModules.ts), and `lazy`, the rest
 * other signed-in pages need. Pages and dialogs keep their own small chunks, with the parts only
 * they import (build/pageParts.ts).
 */
/** a row's menu, loaded when first wanted (src/ui/RowMenu.tsx): its code and the positioning engine in one `menu` file */
const ROW_MENU = 'src/ui/RowMenuLoaded.tsx';
/**
 * the stores created once somebody is signed in (src/app/system.ts), on any page: in a `stores` file
 * of their own, so a signed-in first page does not fetch all of `lazy` for them
 */
const STORES = [
  'src/features/favourites/start.ts',
  'src/features/playlists/start.ts',
  'src/features/offline/start.ts',
  'src/features/library/sync.ts',
] as const;
/**
 * the `data` chunk: services, storage and rules, and browse's album cache over them (loaded with
 * the album page's data; in `lazy` it would make the album page fetch that whole file)
 */
const DATA = /src[\\/](services|storage|rules)[\\/]|src[\\/]features[\\/]browse[\\/]albumCache\.ts$/;

/** the `graph` chunk: the player's Web Audio graph, the curves it applies and the stored settings it reads */
const GRAPH =
  /src[\\/](features[\\/]player[\\/]audioGraph|rules[\\/](equaliser|sound|crossfade|loudnessGain)|storage[\\/]soundSettings)\.ts$/;

// The dev server proxies /api to the reference server so the session cookie stays same-origin,
// as it is in production where the server serves the built client itself (docs/protocol.md#sessions-and-xsrf).
const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  const probe = isProbe();
  const needs =
    command === 'build' && !probe
      ? await pageModules(fileURLToPath(import.meta.url), ROOT, [
          'SharedPage',
          'AlbumPage',
          ROW_MENU,
          ...STORES,
        ] as const)
      : null;
  const open = needs?.SharedPage ?? new Set<string>();
  const album = needs?.AlbumPage ?? new Set<string>();
  const menu = needs?.[ROW_MENU] ?? new Set<string>();
  const stores = new Set(STORES.flatMap((store) => [...(needs?.[store] ?? [])]));
  const parts = pageParts();
  const own = parts.ownChunk;
  return {
    // routePages: per route, index.html naming every file the route needs (server/static.ts serves it);
    // compressAssets: brotli and gzip copies of every text file (after the route pages are written)
    // serviceWorkerPlugin: the web app manifest and a Workbox service worker precaching the app (installable, opens offline)
    // machineDescriptions: the machines' description texts (docs only) left out of the build
    plugins: probe
      ? [react(), serviceWorkerPlugin()]
      : [machineDescriptions(), react(), parts.plugin, routePages(), serviceWorkerPlugin(), compressAssets()],
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
              { name: 'data', test: DATA, priority: 25 },
              // the player's Web Audio graph and the 均衡器's curves, asked for as the player starts: alone, small
              { name: 'graph', test: GRAPH, priority: 26 },
              // the service worker's registration (workbox-window), loaded after the page: alone, small
              { name: 'sw', test: /workbox-window|pwa-register/, priority: 26 },
              // the Stately inspector (`?inspect`, src/app/inspect.ts) and what only it uses: loaded only when asked
              {
                name: 'inspect',
                test: /node_modules[\\/](@statelyai[\\/]inspect|fast-safe-stringify|safe-stable-stringify|superjson|partysocket|isomorphic-ws|copy-anything|is-what|event-target-shim)[\\/]/,
                priority: 26,
              },
              // the probe chunks lazy code automatically; before `lazy`, so what both need lands here
              ...(probe
                ? []
                : [
                    { name: 'open', test: (id: string) => open.has(id) && !own(id), priority: 22 },
                    { name: 'album', test: (id: string) => album.has(id) && !own(id), priority: 21 },
                    { name: 'menu', test: (id: string) => menu.has(id) && !own(id), priority: 21 },
                    { name: 'stores', test: (id: string) => stores.has(id) && !own(id), priority: 20 },
                    { name: 'lazy', test: (id: string) => !own(id), priority: 19 },
                  ]),
            ],
          },
        },
      },
    },
  };
});
