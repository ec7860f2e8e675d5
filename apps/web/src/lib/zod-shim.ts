/**
 * Zod stand-in for the web bundle (build and tests; the dev server keeps real zod).
 *
 * The web app uses the contract's zod schemas for TYPES only: endpoint objects carry schemas,
 * but the client never validates with them at runtime (the server does). Real zod is ~30 KB
 * gzipped, a fifth of the home page budget (§ goal ≤ 160 KB), so vite.config.ts aliases
 * `zod` to this chainable no-op. Building a schema works (any method chain returns a stub);
 * VALIDATING throws, in tests as in production, so nobody relies on it by accident.
 * Need runtime validation in the browser? Set WEB_REAL_ZOD=1 (see vite.config.ts) and accept
 * the weight, or write the check by hand.
 */
const fail = (name: string) => () => {
  throw new Error(`zod.${name}() is not available in the web bundle (src/lib/zod-shim.ts); validation runs on the server.`);
};
const THROWING = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode']);

function stub(): unknown {
  const target = function zodStub() {} as unknown as Record<PropertyKey, unknown>;
  const proxy: unknown = new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then' || prop === Symbol.toPrimitive || prop === Symbol.iterator) return undefined;
      if (prop === '__zodShim') return true;
      if (typeof prop === 'string' && THROWING.has(prop)) return fail(prop);
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
