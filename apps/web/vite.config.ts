/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.API_TARGET ?? 'http://localhost:8080';
const proxied = ['/wps', '/lgw', '/lotto', '/openapi.json', '/demo-vendor/api'];

/** Dev server: the demo vendor's game pages (/demo-vendor/play/<engine>) are their own entry. */
const demoVendorPages: Plugin = {
  name: 'demo-vendor-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url?.startsWith('/demo-vendor/play/')) {
        const q = req.url.indexOf('?');
        req.url = `/demo-vendor.html${q >= 0 ? req.url.slice(q) : ''}`;
      }
      next();
    });
  },
};

export default defineConfig(({ command, mode }) => ({
  root,
  plugins: [react(), demoVendorPages],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The contract's zod schemas are types-only in the browser: see src/lib/zod-shim.ts.
      ...(command === 'build' && mode !== 'test' && process.env.WEB_REAL_ZOD !== '1'
        ? { zod: fileURLToPath(new URL('./src/lib/zod-shim.ts', import.meta.url)) }
        : {}),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // With two entries the polyfill would become a chunk of its own that the home page loads as
    // an extra request; every browser of the es2022 target but Safari < 17 has modulepreload
    // (there the hints are ignored and the modules still load).
    modulePreload: { polyfill: false },
    rollupOptions: {
      // With the zod stand-in a schema is a pure value: schemas and endpoint definitions nobody
      // reads are dropped (the contract declares every endpoint of a domain in one module).
      treeshake: { manualPureFunctions: ['z', 'endpoint'] },
      // The demo vendor's game pages are a second entry sharing only the pure formatters (lib/money,
      // lib/format) with the lobby.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'demo-vendor': fileURLToPath(new URL('./demo-vendor.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])),
      '/socket.io': { target: backend, ws: true },
    },
  },
  test: {
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
}));
