/// <reference types="vitest/config" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LANGUAGES } from '../../packages/contract/src/languages';
import { slimEndpoints } from './src/build/contract-slim';

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

/**
 * A lazy chunk's preload list (`__vite__mapDeps`) leaves out the chunks the lobby page loads with
 * its entry: they are always there before any lazy import runs, and listing them in every lazy
 * import made the first load larger. Chunks the demo vendor's page can load keep their full list.
 */
function preloadLists() {
  const lobbyInitial = new Set<string>();
  const vendorReach = new Set<string>();
  type Chunk = { type: string; isEntry?: boolean; name?: string; imports?: string[]; dynamicImports?: string[] };
  const walk = (bundle: Record<string, Chunk>, start: string, into: Set<string>, dynamic: boolean) => {
    const todo = [start];
    while (todo.length) {
      const f = todo.pop()!;
      const c = bundle[f];
      if (into.has(f) || c?.type !== 'chunk') continue;
      into.add(f);
      todo.push(...(c.imports ?? []), ...(dynamic ? (c.dynamicImports ?? []) : []));
    }
  };
  const plugin: Plugin = {
    name: 'lobby-preload-lists',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_opts, bundle) {
        lobbyInitial.clear();
        vendorReach.clear();
        const chunks = bundle as unknown as Record<string, Chunk>;
        for (const [file, c] of Object.entries(chunks)) {
          if (c.type !== 'chunk' || !c.isEntry) continue;
          if (c.name === 'index') walk(chunks, file, lobbyInitial, false);
          else walk(chunks, file, vendorReach, true);
        }
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], ctx: { hostId: string; hostType: 'html' | 'js' }) =>
    ctx.hostType === 'js' && !vendorReach.has(ctx.hostId) ? deps.filter((d) => !lobbyInitial.has(d)) : deps;
  return { plugin, resolveDependencies };
}

const preload = preloadLists();

/**
 * Modules the lobby's first screen loads, found by a first build pass (build.mjs): they go into
 * its entry chunk. Without the list (a plain `vite build`) the automatic splitting decides.
 */
function firstLoadGroups() {
  const file = process.env.LOBBY_FIRST_LOAD;
  if (!file) return undefined;
  const modules = new Set<string>(JSON.parse(fs.readFileSync(file, 'utf8')));
  return { groups: [{ name: 'index', test: (id: string) => modules.has(id), includeDependenciesRecursively: false }] };
}

/** With the zod stand-in, the contract's endpoints lose their schemas and summaries (src/build/contract-slim.ts). */
const contractSlim: Plugin = {
  name: 'lobby-contract-slim',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id) || !code.includes('endpoint(')) return null;
    return { code: slimEndpoints(code), map: null };
  },
};

/** The production build aliases zod to a stand-in (src/lib/zod-shim.ts) unless WEB_REAL_ZOD=1. */
const usesZodShim = (command: string, mode: string) => command === 'build' && mode !== 'test' && process.env.WEB_REAL_ZOD !== '1';

/**
 * Short weekday names (Sunday first) of every interface language, from Node's ICU at build time:
 * making an Intl.DateTimeFormat in the browser cost the home's first task some 35 ms (140 ms on a
 * slow phone) for the support hours' "lun-vie" (src/components/SupportHours.tsx).
 */
function weekdayNames(): Record<string, string[]> {
  const names: Record<string, string[]> = {};
  for (const { locale } of Object.values(LANGUAGES)) {
    const fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    names[locale] = Array.from({ length: 7 }, (_, d) => fmt.format(new Date(Date.UTC(2023, 0, 1 + d))));
  }
  return names;
}

export default defineConfig(({ command, mode }) => ({
  root,
  define: { __WEEKDAY_NAMES__: JSON.stringify(weekdayNames()) },
  plugins: [react(), demoVendorPages, preload.plugin, ...(usesZodShim(command, mode) ? [contractSlim] : [])],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router's package exports only its development build; the production one leaves out
      // the development warnings and checks.
      ...(command === 'build' && mode !== 'test'
        ? { 'react-router': path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs') }
        : {}),
      // The contract's zod schemas are types-only in the browser: see src/lib/zod-shim.ts.
      ...(usesZodShim(command, mode)
        ? { zod: fileURLToPath(new URL('./src/lib/zod-shim.ts', import.meta.url)) }
        : {}),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // WEB_SOURCEMAP=1: source maps, to see what a chunk is made of (never shipped)
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    // With two entries the polyfill would become a chunk of its own that the home page loads as
    // an extra request; every browser of the es2022 target but Safari < 17 has modulepreload
    // (there the hints are ignored and the modules still load).
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
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
      output: { codeSplitting: firstLoadGroups() },
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
    // Files run side by side with the server suites (vitest.config.ts): a whole-app render that
    // waits for its lazy sections can take longer than the default 5 s on a busy 2-core machine.
    testTimeout: 30_000,
  },
}));
