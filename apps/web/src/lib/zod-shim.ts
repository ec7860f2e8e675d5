/**
 * Zod stand-in for the PRODUCTION web bundle only (dev server and unit tests use real zod).
 *
 * The browser uses the contract's zod schemas for TYPES and endpoint metadata only: the
 * server validates every request (answering `request_param_err`). Real zod is ~30 KB gzipped,
 * a fifth of the home-page budget (goal ≤ 160 KB), so `vite build` aliases `zod` to this
 * chainable stub (see vite.config.ts). Building a schema works (any chain returns the stub);
 * running one (`parse`, `safeParse`, …) THROWS, so a feature that starts validating with zod
 * in the browser fails loudly in the e2e journeys (which run the built app) instead of
 * silently skipping its checks. Validate forms by hand (brand field rules), or build with
 * WEB_REAL_ZOD=1 and accept the weight.
 */
const refuse = () => {
  throw new Error('zod schemas are types-only in the web bundle (see src/lib/zod-shim.ts)');
};
const METHODS: Record<string, (input: unknown) => unknown> = {
  parse: refuse,
  safeParse: refuse,
  parseAsync: refuse,
  safeParseAsync: refuse,
  decode: refuse,
  encode: refuse,
};

function stub(): unknown {
  const target = function zodStub() {} as unknown as Record<PropertyKey, unknown>;
  const proxy: unknown = new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then' || prop === Symbol.toPrimitive || prop === Symbol.iterator) return undefined;
      if (prop === '__zodShim') return true;
      if (typeof prop === 'string' && prop in METHODS) return METHODS[prop];
      return proxy;
    },
    apply() {
      return proxy;
    },
    construct() {
      return proxy as object;
    },
  });
  return proxy;
}

const zodStub = stub() as never;
export const z = zodStub;
export default zodStub;
