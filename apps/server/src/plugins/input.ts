/**
 * No 500 on any input (issue 18, item 5): text the routes would pass on to the database or to
 * code that recurses is checked once, here, before any route runs; a bad input answers the
 * request_param_err envelope (400, translated) with the offending field in `value.fields`.
 *
 * - Control characters: NUL (PostgreSQL, and PGlite, refuse it in text: a query with one failed
 *   with 500 on 12 routes) and every other C0 character and DEL, in the query, path parameters,
 *   JSON bodies (values and keys, at any depth; an encrypted call's body once decrypted, see
 *   crypto.ts) and request headers. Tab, line feed and carriage return stay allowed (a message's
 *   lines); each field's schema says more.
 * - Text that is not Unicode: a JSON body whose bytes are not UTF-8 (the parser would have turned
 *   them into U+FFFD silently), a percent-encoded query value that does not decode as UTF-8 (the
 *   query parser keeps it as the raw `%FF…` text), and lone UTF-16 surrogates (`"\ud800"` in JSON).
 *   A path that does not decode is the router's FST_ERR_BAD_URL, answered in app.ts.
 * - Size and shape: a query or path value over QUERY_VALUE_MAX characters, and a JSON body nested
 *   deeper than JSON_DEPTH_MAX (JSON.parse does not recurse, but JSON.stringify, deep merges and
 *   logging of such a value overflow the stack). Bodies as a whole are capped by `bodyLimit`.
 */
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** Refused in any input text: C0 control characters but tab, LF and CR, DEL, and a lone UTF-16 surrogate. */
const BAD_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** The same for header values (a header cannot carry LF or CR). */
const HEADER_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** Nesting (objects and arrays) a JSON body may have; real bodies stay under 8. */
export const JSON_DEPTH_MAX = 32;
/** Characters of one query or path value; real ones (ids, codes, search text, lists of codes) stay far below. */
export const QUERY_VALUE_MAX = 4096;

const refuse = (field: string) => new AppError('request_param_err', undefined, { fields: [field] });

/** Whether a string is text this server takes: Unicode (no lone surrogate) without refused control characters. */
export const badText = (s: string) => BAD_TEXT.test(s);

/**
 * Throws request_param_err when any string (value or key) in a parsed JSON value is not text this
 * server takes, or the value nests deeper than JSON_DEPTH_MAX. Iterative: no stack to overflow.
 */
export function checkJson(value: unknown, where: string): void {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && badText(value)) throw refuse(where);
    return;
  }
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return;
  const stack: Array<[unknown, number, string]> = [[value, 1, where]];
  while (stack.length) {
    const [v, depth, path] = stack.pop()!;
    if (depth > JSON_DEPTH_MAX) throw refuse(path);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'string') { if (badText(x)) throw refuse(`${path}.${i}`); }
        else if (x !== null && typeof x === 'object') stack.push([x, depth + 1, `${path}.${i}`]);
      }
      continue;
    }
    // plain objects only (a parsed body); anything else a parser made (a Buffer, a stream) is not text
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) continue;
    for (const k of Object.keys(v as object)) {
      if (badText(k)) throw refuse(path);
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === 'string') { if (badText(x)) throw refuse(`${path}.${k}`); }
      else if (x !== null && typeof x === 'object') stack.push([x, depth + 1, `${path}.${k}`]);
    }
  }
}

/** Query and path values: text, and not overlong. */
function checkFlat(values: unknown, where: string): void {
  if (!values || typeof values !== 'object') return;
  for (const [k, v] of Object.entries(values)) {
    for (const s of Array.isArray(v) ? v : [v]) {
      if (typeof s !== 'string') continue;
      if (s.length > QUERY_VALUE_MAX || badText(s) || badText(k)) throw refuse(`${where}.${k}`);
    }
  }
}

/** A query string whose percent-encoded parts do not decode as UTF-8 (the parser keeps them undecoded). */
function badQueryEncoding(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0 || url.indexOf('%', q) < 0) return null;
  for (const part of url.slice(q + 1).split('&')) {
    if (!part.includes('%')) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    try {
      decodeURIComponent(key.replace(/\+/g, ' '));
      if (eq >= 0) decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      let name = key;
      try { name = decodeURIComponent(key); } catch { /* the key itself */ }
      return `querystring.${name.slice(0, 64)}`;
    }
  }
  return null;
}

function checkHeaders(req: FastifyRequest): void {
  const raw = req.raw.rawHeaders;
  for (let i = 1; i < raw.length; i += 2) if (HEADER_CONTROL.test(raw[i])) throw refuse(`headers.${raw[i - 1].toLowerCase()}`);
}

/** Requests whose body bytes were not UTF-8. */
const notUtf8 = new WeakSet<FastifyRequest>();
const TEXTUAL = /json|text/i;

/** Reads the body's bytes beside the parser and marks the request when they are not UTF-8 (the parser's stream is left as it is). */
const watchUtf8: preParsingHookHandler = (req, _reply, payload, done) => {
  const type = req.headers['content-type'];
  if (!type || !TEXTUAL.test(type)) {
    done(null, payload);
    return;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const bad = () => {
    notUtf8.add(req);
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
  };
  const onData = (chunk: Buffer | string) => {
    if (typeof chunk === 'string') return;
    try { decoder.decode(chunk, { stream: true }); } catch { bad(); }
  };
  const onEnd = () => {
    try { decoder.decode(); } catch { bad(); }
  };
  // paused, so this listener does not start the flow before the body parser listens (it resumes the stream)
  payload.pause();
  payload.on('data', onData);
  payload.once('end', onEnd);
  done(null, payload);
};

export const inputPlugin = fp(async (app: FastifyInstance) => {
  // headers, the query and path parameters: before any other hook reads them (session, brand, rate limit)
  app.addHook('onRequest', (req, _reply, done) => {
    try {
      checkHeaders(req);
      const enc = badQueryEncoding(req.url);
      if (enc) throw refuse(enc);
      checkFlat(req.query, 'querystring');
      checkFlat(req.params, 'params');
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });

  // JSON and text bodies: bytes that are not UTF-8 are refused instead of read as U+FFFD. The bytes are
  // watched as they stream to the body parser (any parser, after the compress plugin's decompression:
  // this route hook comes last), so no context's parser is replaced.
  app.addHook('onRoute', (opts) => {
    const hooks = opts.preParsing ? (Array.isArray(opts.preParsing) ? opts.preParsing : [opts.preParsing]) : [];
    opts.preParsing = [...hooks, watchUtf8];
  });

  // every parsed body (any parser), before validation; an encrypted call's plain body is checked once decrypted (crypto.ts)
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      if (notUtf8.has(req)) throw refuse('body');
      checkJson(req.body, 'body');
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}, { name: 'input-guard' });
