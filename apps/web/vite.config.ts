import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// With their extensions, as Vite's native config loader (its future default) requires.
import { offlineApp } from './plugins/offline.ts';
import { pdfjsViewer } from './plugins/pdfjsViewer.ts';

// In development the API runs separately (`npm run dev` starts both); the browser still talks only
// to its own origin, through this proxy.
const API = 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react(), pdfjsViewer(), offlineApp()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/v1': API,
      '/healthz': API,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
