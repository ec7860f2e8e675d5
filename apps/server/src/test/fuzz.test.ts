/**
 * Contract-driven robustness: every registered API route (the OpenAPI document the app builds
 * from its routes) gets bad input as a visitor and as the caller it is meant for (member,
 * agent, operator). No answer may be a 5xx (503 only for maintenance or busy), and every
 * failure is the envelope {success:false, errorCode, message} with a known code and no stack.
 * After it, the ledger of every brand still balances. Deterministic: no random inputs.
 *
 * Hostile text (issue 18, item 5) goes everywhere too: a NUL in every query value, path parameter and
 * body field (top level and one down), and, taking turns by field so the run stays short, other
 * control characters, DEL, lone surrogates, bytes that are not UTF-8, overlong values, deeply
 * nested JSON and a NUL in a key or a read header.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as contract from '@lobby/contract';
import { ERRORS, type Endpoint } from '@lobby/contract';
import { merchants, sessions } from '../db/schema.ts';
import { hashToken } from '../plugins/session.ts';
import { audit } from '../kernel/ledger/index.ts';
import { memberId } from './kits/wallet.ts';
import { newOp } from './kits/operator.ts';
import { encryptWithKey, fetchBrandKey } from './crypto-client.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp({ RATE_LIMIT_MAX: 1_000_000, TRUST_PROXY: true });

type Json = Record<string, unknown>;
interface Op { method: string; path: string; query: Json | null; body: Json | null; params: string[] }
interface Caller { name: string; headers: Record<string, string> }

const LONG = 'x'.repeat(10_000);
/** Wrong values for any field: each replaces one field of an otherwise plausible body. */
const BAD_VALUES: unknown[] = ['123', 123, -1, 0, 1.5, 1e20, -1e20, 'NaN', '-1', '1e20', [], [1, 'a'], {}, { a: 1 }, null, true, false, '', LONG, '😀🎰 ñ ü 中文', '<script>x</script>', '9'.repeat(40)];
const NESTED_BAD: unknown[] = ['123', 123, -1, 1e20, 'NaN', [], {}, null, true, LONG, '9'.repeat(40)];
/** Wrong values for a query parameter (all strings on the wire). */
const BAD_QUERY = ['abc', '-1', '0', '1.5', '1e20', 'NaN', '', LONG, '😀🎰', '9'.repeat(40), 'true', '[]', '%00'];
/** Path parameters that are not ids. */
const BAD_PARAMS = ['..%2F..%2Fetc%2Fpasswd', '.', 'a.png', 'abc', '-1', '0', '1.5', '99999999999999999999999', 'NaN', '😀', LONG.slice(0, 2000), '%00', '1'];
/** Nested `levels` deep: arrays and objects taking turns (deeper than the input guard's 32). */
const deep = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
};
/** Hostile text for a body field: a NUL always, then one of these in turn. */
const NUL = 'a\u0000b';
const HOSTILE_VALUES: unknown[] = ['a\u0001b', 'a\u001bb\u007f', 'x\ud800y', '\udc00', deep(40), deep(300), { ['k\u0000']: 1 }, ['ok', 'a\u0000'], 'y'.repeat(200_000), '\u0008\u000b\u000c\u000e\u001f'];
/** The same for a query value and a path parameter; `raw` ones go into the URL as they are (bad percent-encodings). */
const HOSTILE_QUERY: Array<{ v: string; raw?: boolean }> = [
  { v: 'a\u0001b' }, { v: '\u007f' }, { v: '\u001b[31m' }, { v: 'x'.repeat(5000) }, { v: '%FF%FE', raw: true }, { v: '%ED%A0%80', raw: true }, { v: '%C3%28', raw: true }, { v: 'a%', raw: true },
];
const HOSTILE_PARAMS: Array<{ v: string; raw?: boolean }> = [{ v: '\u0001' }, { v: '\u007f' }, { v: '%FF', raw: true }, { v: '%ED%A0%80', raw: true }, { v: 'x\u001b' }];
/** A read header with a control character (Node's parser would refuse it; an injected request carries it to the app). */
const HOSTILE_HEADERS: Array<Record<string, string>> = [{ merchant: `demo${NUL}` }, { language: 'EN\u0001' }, { authorization: `tok${NUL}` }, { 'x-operator-session': 'ses\u001f' }, { device: 'web\u007f' }];
/** A JSON body's bytes that are not UTF-8 (an overlong encoding, a bare continuation byte, 0xFF). */
const notUtf8 = (json: string) => Buffer.concat([Buffer.from(json.slice(0, -1)), Buffer.from(',"zz":"'), Buffer.from([0xc0, 0xaf, 0x80, 0xff]), Buffer.from('"}')]);
let turn = 0;
/** The next of a list, in turn over the whole run. */
const next = <T>(list: T[]): T => list[turn++ % list.length];

const BAD_TEXTS: Array<[string, string | undefined]> = [
  ['{"a":', 'application/json'], ['not json', 'application/json'], ['null', 'application/json'], ['[]', 'application/json'],
  ['"s"', 'application/json'], ['123', 'application/json'], ['a=1&b=2', 'application/x-www-form-urlencoded'], ['hello', 'text/plain'],
  ['<x/>', 'application/xml'], ['', 'application/json'],
];

/** A plausible value for a JSON schema: what a field would hold, before it is made wrong. */
function sample(s: Json | undefined, depth = 0): unknown {
  if (!s || depth > 4) return 'abc';
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ('const' in s) return s.const;
  const alt = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'integer': case 'number': return typeof s.minimum === 'number' ? Math.max(s.minimum, typeof s.maximum === 'number' ? Math.min(1, s.maximum) : 1) : 1;
    case 'boolean': return true;
    case 'array': return s.maxItems === 0 ? [] : [sample(s.items as Json | undefined, depth + 1)];
    case 'object': return objectSample(s, depth + 1);
    case 'string': return stringSample(s);
    default: return 'abc';
  }
}
const STRINGS = ['abc', '1', '100', '10.00', 'Abc12345', 'Abcdef12!', 'ACE47', '2026-01-01', '2026-01-01T00:00:00Z', 'a@b.co', '+34600000000', '600000000', 'https://x.example/a.png', '#ffffff', '123456', 'EN', 'ES', 'abcdefghijklmnop'];
/** A string that passes the field's own format, pattern and length, when one of a few common shapes does. */
function stringSample(s: Json): string {
  if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (s.format === 'email') return 'a@b.co';
  if (s.format === 'uri') return 'https://x.example/a';
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  let re: RegExp | null = null;
  try { re = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null; } catch { re = null; }
  const fits = (v: string) => v.length >= min && v.length <= max && (!re || re.test(v));
  return STRINGS.find(fits) ?? STRINGS.map((v) => v.padEnd(min, v.at(-1))).find(fits) ?? 'abc'.padEnd(min, 'c');
}
function objectSample(s: Json, depth = 0): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) out[k] = sample(v, depth);
  return out;
}

/** Body and query schemas of the OpenAPI operation. */
function opsFrom(doc: Json): Op[] {
  const out: Op[] = [];
  for (const [p, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [m, def] of Object.entries(methods)) {
      const params = (def.parameters ?? []) as Array<{ in: string; name: string; schema?: Json }>;
      const q = params.filter((x) => x.in === 'query');
      const query = q.length ? Object.fromEntries(q.map((x) => [x.name, x.schema ?? {}])) : null;
      const content = (def.requestBody as Json | undefined)?.content as Record<string, { schema?: Json }> | undefined;
      const body = content ? (Object.values(content)[0]?.schema ?? null) : null;
      out.push({ method: m.toUpperCase(), path: p.replace(/\{(\w+)\}/g, ':$1'), query, body, params: params.filter((x) => x.in === 'path').map((x) => x.name) });
    }
  }
  return out;
}

/** Every route of the app, hidden ones too (file and art routes), from Fastify's printed route tree. */
function allRoutes(tree: string): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^(.*?)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.round([...m[1]].length / 4);
    stack[depth] = (depth ? stack[depth - 1] : '') + m[2];
    for (const method of m[3]?.split(',').map((x) => x.trim()) ?? []) if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, path: stack[depth] });
  }
  return out;
}

/** Endpoints of the contract, by "METHOD path": which travel encrypted. */
function contractEndpoints(): Map<string, Endpoint> {
  const map = new Map<string, Endpoint>();
  for (const ns of Object.values(contract)) {
    if (!ns || typeof ns !== 'object') continue;
    for (const ep of Object.values(ns as Record<string, unknown>)) {
      const e = ep as Endpoint;
      if (e && typeof e === 'object' && typeof e.method === 'string' && typeof e.path === 'string' && 'response' in e) map.set(`${e.method} ${e.path}`, e);
    }
  }
  return map;
}

const fill = (path: string, value: string, raw = false) => path.replace(/:(\w+)/g, () => (raw ? value : encodeURIComponent(value)));
const qs = (o: Record<string, string | string[]>) => new URLSearchParams(Object.entries(o).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString();

describe('robustness fuzz: no route answers 5xx for bad input', () => {
  it('every route, every caller, every bad input: a proper error envelope, and the ledger still balances', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as unknown as Json;
    const ops = opsFrom(doc);
    const known = new Set(ops.map((o) => `${o.method} ${o.path}`));
    for (const r of allRoutes(t.app.printRoutes({ commonPrefix: false }))) {
      if (known.has(`${r.method} ${r.path}`) || r.path.includes('*')) continue;
      ops.push({ method: r.method, path: r.path, query: null, body: null, params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]) });
    }
    const eps = contractEndpoints();
    const key = await fetchBrandKey(t.app, 'demo');

    const memberToken = async (username: string) => {
      const token = randomBytes(32).toString('base64url');
      await t.database.db.insert(sessions).values({ tokenHash: hashToken(token), merchantId: t.app.brands.byMerchantCode('demo')!.id,
        memberId: await memberId(t, username), method: 'password', expiresAt: new Date(Date.now() + 3_600_000) });
      return token;
    };

    const failures: string[] = [];
    const codes = new Map<string, number>();
    let calls = 0;
    let sent = 0;
    /** The built-in demo payment provider's own API (/demo-pay) answers in its own error format, as a provider would: only no 5xx and no stack. */
    const check = (label: string, status: number, body: string, foreign = false) => {
      calls++;
      let env: Json | null = null;
      try { env = JSON.parse(body) as Json; } catch { /* not JSON */ }
      if (status < 400) return; // a bad input taken as good is not this test's concern (the ledger audit below is)
      const code = env && typeof env.errorCode === 'string' ? env.errorCode : '';
      codes.set(code, (codes.get(code) ?? 0) + 1);
      const ok = foreign ? status < 500 && !/\bat .+:\d+:\d+/.test(body) : env && env.success === false && code in ERRORS && typeof env.message === 'string' && env.message.length > 0 && !/\bat .+:\d+:\d+/.test(body)
        && (status < 500 || (status === 503 && (code === 'system.maintenance' || code === 'request.busy')));
      if (!ok && failures.length < 200) failures.push(`${label} -> ${status} ${body.slice(0, 300)}`);
    };

    const fuzzRoute = async (op: (typeof ops)[number]) => {
      const ep = eps.get(`${op.method} ${op.path}`);
      const encrypted = !!ep?.encrypted;
      const isOps = op.path.startsWith('/wps/ops') || op.path.includes('/operator');
      const isAgent = /agent/i.test(op.path);
      const callers: Array<Caller & { full: boolean }> = [{ name: 'visitor', headers: {}, full: false }];
      if (isOps) callers.push({ name: 'operator', headers: { [contract.operator.SESSION_HEADER]: (await newOp(t, 'owner')).token }, full: true });
      else callers.push({ name: isAgent ? 'agent' : 'member', headers: { authorization: await memberToken(isAgent ? 'agent01' : 'player01') }, full: true });
      const good = op.params.length ? fill(op.path, '1') : op.path;

      const send = async (caller: Caller, label: string, o: { url: string; payload?: string | Buffer; type?: string; enc?: unknown }) => {
        // a client address per call, so the per-route rate limits leave every input to reach its route
        const n = ++sent;
        const headers: Record<string, string> = { merchant: 'demo', language: 'EN', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, ...caller.headers };
        let payload = o.payload;
        if (o.enc !== undefined) {
          const e = encryptWithKey(key.publicKey, o.enc);
          Object.assign(headers, e.headers);
          payload = JSON.stringify(e.payload);
        } else if (o.type) headers['content-type'] = o.type;
        const res = await t.app.inject({ method: op.method as 'GET', url: o.url, headers, ...(payload === undefined ? {} : { payload }) });
        check(`${caller.name} ${op.method} ${o.url.slice(0, 120)} ${label}`, res.statusCode, res.body, op.path.startsWith('/demo-pay/'));
      };

      // headers that are not what they should be: an unknown brand, a malformed token or console session, a bad language
      const badHeaders: Array<Record<string, string>> = [{ merchant: 'nosuchbrand😀' }, { authorization: `Bearer ${LONG.slice(0, 500)}` }, { [contract.operator.SESSION_HEADER]: '!!' }, { language: '😀' }, { [contract.encryption.ENCRYPTION_HEADER]: 'abc' },
        { 'content-encoding': 'gzip' }, { 'content-encoding': 'br' }, { 'content-encoding': 'deflate' }, { 'content-encoding': 'nope' }, { 'content-length': '5' }];
      for (const h of [...badHeaders, next(HOSTILE_HEADERS)]) {
        await send({ name: `header ${Object.keys(h)[0]}`, headers: h }, 'bad header', { url: good, ...(op.method === 'GET' ? {} : { payload: '{}', type: 'application/json' }) });
      }
      for (const caller of callers) {
        // path parameters that are not ids
        for (const p of op.params.length ? BAD_PARAMS : []) await send(caller, `param=${p.slice(0, 20)}`, { url: fill(op.path, p) });
        if (op.params.length) {
          const h = next(HOSTILE_PARAMS);
          await send(caller, 'param=NUL', { url: fill(op.path, NUL) });
          await send(caller, `param=${JSON.stringify(h.v).slice(0, 20)}`, { url: fill(op.path, h.v, h.raw) });
        }
        // unknown and wrong query parameters
        await send(caller, 'unknown query', { url: `${good}?zz=1&__proto__=x&constructor=1` });
        if (op.query) {
          const base = Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, String(sample(s as Json))]));
          for (const k of Object.keys(op.query)) {
            for (const v of caller.full ? BAD_QUERY : BAD_QUERY.slice(0, 3)) await send(caller, `query ${k}=${v.slice(0, 20)}`, { url: `${good}?${qs({ ...base, [k]: v })}` });
            await send(caller, `query ${k} twice`, { url: `${good}?${qs({ ...base, [k]: ['1', '2'] })}` });
            await send(caller, `query ${k}=NUL`, { url: `${good}?${qs({ ...base, [k]: NUL })}` });
            if (!caller.full) continue;
            const h = next(HOSTILE_QUERY);
            const { [k]: _k, ...others } = base;
            const url = h.raw ? `${good}?${qs(others)}${Object.keys(others).length ? '&' : ''}${encodeURIComponent(k)}=${h.v}` : `${good}?${qs({ ...base, [k]: h.v })}`;
            await send(caller, `query ${k}=${JSON.stringify(h.v).slice(0, 20)}`, { url });
          }
        }
        if (op.method === 'GET' || op.method === 'DELETE' || op.method === 'HEAD') continue;
        // bodies that are not JSON objects, plain and (for encrypted calls) as the plain text of the cipher
        await send(caller, 'no body', { url: good });
        for (const [text, type] of BAD_TEXTS) await send(caller, `text ${text.slice(0, 10)} as ${type}`, { url: good, payload: text, type });
        await send(caller, '{}', { url: good, payload: '{}', type: 'application/json' });
        if (encrypted) for (const v of [null, [], 'x', 1, {}]) await send(caller, `enc ${JSON.stringify(v)}`, { url: good, enc: v });
        if (!caller.full || !op.body) continue;
        const base = objectSample(op.body);
        const wrap = (b: Json) => (encrypted ? { enc: b } : { payload: JSON.stringify(b), type: 'application/json' });
        await send(caller, 'plausible', { url: good, ...wrap(base) });
        for (const k of Object.keys(base)) {
          for (const v of [...BAD_VALUES, NUL, next(HOSTILE_VALUES)]) await send(caller, `${k}=${JSON.stringify(v).slice(0, 20)}`, { url: good, ...wrap({ ...base, [k]: v }) });
          const { [k]: _drop, ...rest } = base;
          await send(caller, `${k} missing`, { url: good, ...wrap(rest) });
        }
        // one level down: each field of an object field, and of the object inside an array field
        for (const [k, v] of Object.entries(base)) {
          const inner = Array.isArray(v) ? v[0] : v;
          if (!inner || typeof inner !== 'object' || Array.isArray(inner)) continue;
          for (const sub of Object.keys(inner)) {
            for (const bad of [...NESTED_BAD, NUL]) {
              const changed = { ...(inner as Json), [sub]: bad };
              await send(caller, `${k}.${sub}=${JSON.stringify(bad).slice(0, 20)}`, { url: good, ...wrap({ ...base, [k]: Array.isArray(v) ? [changed] : changed }) });
            }
          }
        }
        await send(caller, 'extra field', { url: good, ...wrap({ ...base, zz: LONG, __proto__x: 1 }) });
        // the whole body: bytes that are not UTF-8, and nested far deeper than any real body
        if (!encrypted) {
          await send(caller, 'not UTF-8', { url: good, payload: notUtf8(JSON.stringify(base)), type: 'application/json' });
          // as text: JSON.stringify of it would overflow the test's own stack
          await send(caller, 'deep', { url: good, payload: `${JSON.stringify(base).slice(0, -1)},"zz":${'[{"a":'.repeat(20_000)}1${'}]'.repeat(20_000)}}`, type: 'application/json' });
        } else await send(caller, 'deep', { url: good, enc: { ...base, zz: deep(200) } });
      }
    };
    // four routes at a time (each route's inputs in order): the database's round trips overlap
    // (31,000 calls one after the other took 170-180 s on PostgreSQL)
    let nextOp = 0;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (nextOp < ops.length) await fuzzRoute(ops[nextOp++]!);
    }));

    // addresses and methods the API does not have
    for (const [method, url] of [['GET', '/wps/nope'], ['POST', '/wps/nope/x?y=1'], ['DELETE', '/wps/session/login'], ['PUT', '/wps/ops/me'], ['PATCH', '/wps/member/icon/a.png'], ['GET', '/wps/%E0%A4%A'], ['GET', '/wps//session']] as const) {
      const res = await t.app.inject({ method, url, headers: { merchant: 'demo' } });
      check(`unknown ${method} ${url}`, res.statusCode, res.body);
    }

    // the ledger of every brand still balances after all of it
    for (const m of await t.database.db.select({ id: merchants.id, code: merchants.code }).from(merchants)) {
      const a = await audit(t.database.db, m.id);
      expect({ brand: m.code, ...a }).toEqual({ brand: m.code, entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
    console.info(`fuzz: ${ops.length} routes (${ops.length - known.size} hidden from the API document), ${calls} calls; error codes: ${[...codes].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([c, n]) => `${c}=${n}`).join(' ')}`);
    expect(failures).toEqual([]);
  }, 240_000);
});
