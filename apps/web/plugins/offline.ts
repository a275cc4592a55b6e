/**
 * Offline and installable: a Workbox service worker that precaches the whole built app (every
 * tab's lazy chunk, the Web Workers, the seal fonts, and the stock pdf.js viewer under /pdfjs/
 * with its CMaps, fonts and decoders) and a web manifest. After the first visit nothing the app
 * needs comes from the network except the optional /v1 API, which the worker never touches.
 *
 * Only `vite build` makes the worker; `vite` (dev) has none, so dev reloads stay live.
 */
import { VitePWA } from 'vite-plugin-pwa';

/** Files in dist/ the browser may ask for offline. */
const PRECACHE = [
  '**/*.{html,js,mjs,css,wasm,woff2,svg,gif,png,ftl}',
  'pdfjs/cmaps/*.bcmap',
  'pdfjs/standard_fonts/*.{pfb,ttf}',
  'pdfjs/iccs/*.icc',
];

/** The app's screens (apps/server SPA_ROUTES): only these are answered with index.html offline. */
const SCREENS = [/^\/$/, /^\/pdf$/];

const THEME = '#b91c1c';

export function offlineApp() {
  return VitePWA({
    // A new deployment takes over at once (skipWaiting + clientsClaim) and its cache replaces the
    // old one; the page is not reloaded under the user, so the next visit or reload shows it. Seal
    // tools are used in short sessions: a prompt would only be clicked away.
    registerType: 'autoUpdate',
    // A <script src="/registerSW.js">: the page's CSP allows no inline script.
    injectRegister: 'script',
    manifest: {
      name: '印章',
      short_name: '印章',
      description: '免费在线制作电子印章 · Free online electronic seal maker',
      lang: 'zh-CN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME,
      background_color: '#ffffff',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    workbox: {
      globPatterns: PRECACHE,
      // .woff duplicates every .woff2 (only browsers without WOFF2 use it); licences and source maps
      // are never fetched by the app.
      globIgnores: ['**/*.woff', '**/*.map', '**/LICENSE*'],
      // pdf.js and the signing worker are ~1.6 MB each; nothing here is near the cap, which stays as
      // a guard against an accidental giant.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      // Unknown addresses still reach the server (its 404 page); /v1 is never answered from cache.
      navigateFallbackAllowlist: SCREENS,
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
    },
    devOptions: { enabled: false },
  });
}
