/**
 * Zod stand-in for the PRODUCTION web bundle only (dev server and unit tests use real zod).
 *
 * The web app uses the contract's zod schemas for TYPES: endpoint objects carry schemas, but
 * the server is the one that validates. Real zod is ~30 KB gzipped, a fifth of the home-page
 * budget (goal ≤ 160 KB), so `vite build` aliases `zod` to this chainable stub (see
 * vite.config.ts). Building a schema works (any method chain returns the stub). `parse` and
 * `safeParse` PASS THE INPUT THROUGH unchecked: client-side validation with contract schemas
 * is skipped in production and the server answers `request_param_err` instead. Features that
 * need real validation in the browser: build with WEB_REAL_ZOD=1 (and accept the weight), or
 * validate by hand. The e2e journeys run the built app, so a reliance on it shows up there.
 */
const passthrough = (input: unknown) => input;
const safe = (input: unknown) => ({ success: true as const, data: input });
const METHODS: Record<string, (input: unknown) => unknown> = {
  parse: passthrough,
  safeParse: safe,
  parseAsync: async (input) => input,
  safeParseAsync: async (input) => safe(input),
  decode: passthrough,
  encode: passthrough,
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
