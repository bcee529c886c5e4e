/**
 * The installed app (docs/architecture.md#8-routing-and-the-frame): vite-plugin-pwa writes the web app manifest and a Workbox
 * service worker (generateSW) that precaches the built app — every hashed script and style sheet,
 * index.html, icons — so a repeat visit loads no JS or CSS from the network and the app opens
 * offline. Navigations are answered with the precached index.html (the app routes on the client;
 * the route pages' preload links only matter on the network). Nothing else is cached: /api calls,
 * audio and covers (other origins) always go to the network, never stale. A new version waits
 * (`registerType: 'prompt'`) until the listener chooses 刷新 (src/features/appStatus), so one page
 * never mixes two versions; `clientsClaim` lets the very first install control the open page.
 */
import { VitePWA } from 'vite-plugin-pwa';

/** the light and dark page colours (Mantine's body in each scheme): the browser's title bar */
const THEME_COLORS = { light: '#ffffff', dark: '#242424' } as const;

export function serviceWorkerPlugin() {
  return VitePWA({
    registerType: 'prompt',
    // src/features/appStatus/actors.ts registers it, after the page has loaded
    injectRegister: false,
    manifest: {
      name: 'Anniv',
      short_name: 'Anniv',
      description: '自建音乐库的网页播放器',
      lang: 'zh-CN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.light,
      background_color: THEME_COLORS.light,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      // the route pages are index.html with preload links; brotli/gzip copies are the server's;
      // the Stately inspector's chunk loads only with `?inspect` (src/app/inspect.ts), never offline
      globIgnores: ['routes/**', '**/*.br', '**/*.gz', 'assets/inspect-*.js'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
    },
    devOptions: { enabled: false },
  });
}
