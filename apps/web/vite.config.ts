/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.API_TARGET ?? 'http://localhost:8080';
const proxied = ['/wps', '/lgw', '/lotto', '/openapi.json'];

export default defineConfig(({ command, mode }) => ({
  root,
  plugins: [react()],
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
