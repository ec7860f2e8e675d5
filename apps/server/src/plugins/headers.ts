/**
 * Security headers on every answer, made by helmet (issue 18, item 4). The API's set is the same
 * on every answer: helmet makes it once at start and each answer copies it (running helmet per
 * request, as @fastify/helmet does, re-parsed its whole configuration each time: 7 % of the
 * server's CPU on the seamless wallet's hot path). Pages run helmet with their own CSP.
 *
 * - Every answer (API JSON, files, errors): `X-Content-Type-Options: nosniff`,
 *   `Referrer-Policy: strict-origin-when-cross-origin`, a `Permissions-Policy` with the powerful
 *   features off, `X-Frame-Options: DENY` and a CSP that allows nothing (`default-src 'none'`,
 *   `frame-ancestors 'none'`): a JSON answer opened as a page runs and loads nothing and cannot be
 *   framed. A route may still set its own CSP (the avatar's sandbox): the route's header wins.
 * - HSTS only when the request came over TLS: `req.protocol` is `https` only on a TLS socket or,
 *   behind a proxy trusted by TRUST_PROXY, from its `X-Forwarded-Proto`; a forged header from an
 *   untrusted client is ignored by Fastify, so a plain-HTTP answer never pins the host to HTTPS.
 * - HTML pages (`pageHeaders`): a strict CSP, no inline script or style without this answer's
 *   nonce (the boot page tags its own inline scripts and styles with it), images from anywhere over
 *   https and data:/blob:, connections to this origin (API and socket.io), frames of games from this
 *   origin or https (the game popup frames the vendor's page). The site, member centre, console and
 *   agent centre cannot be framed by anyone; the /seamless game page and the demo vendor's game
 *   pages only by this origin (the lobby's game popup).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Features a lobby page never uses; its frames (games) cannot ask for them either. */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'magnetometer', 'microphone',
  'midi', 'payment', 'publickey-credentials-get', 'serial', 'usb', 'xr-spatial-tracking', 'browsing-topics',
].map((f) => `${f}=()`).join(', ');

/** One year; not `includeSubDomains`: a brand's host may share its parent domain with sites we do not run. */
export const HSTS = 'max-age=31536000';

/** What an answer that is not a page may do when opened as one: nothing. */
const API_CSP = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
};

/** Who may frame a page: nobody (site, member, console, agent) or this origin (game pages). */
export type Framing = 'none' | 'self';

/**
 * The page's CSP: its inline scripts and styles need `nonce` or one of `hashes` (`'sha256-…'`).
 * `tls`: the page came over https (then http subresources are upgraded).
 */
export function pageCsp(o: { nonce?: string; hashes?: { script: string[]; style: string[] }; framing: Framing; tls: boolean }) {
  const dev = standinOrigin();
  const inline = (kind: 'script' | 'style') => [...(o.nonce ? [`'nonce-${o.nonce}'`] : []), ...(o.hashes?.[kind] ?? [])];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inline('script')],
      styleSrc: ["'self'", ...inline('style')],
      // banner and game art may be linked from another site; QR codes and small art are data: addresses
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...dev],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      // the API and socket.io (same origin; CSP3 'self' covers ws:/wss: of this host)
      connectSrc: ["'self'"],
      // the game popup frames the vendor's game page: ours (same origin) or a vendor's over https
      frameSrc: ["'self'", 'https:', ...dev],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: [o.framing === 'none' ? "'none'" : "'self'"],
      ...(o.tls ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Development only: the local aggregator stand-in (AGGREGATOR_STANDIN_URL, plain http on loopback)
 * may be framed and show game art like an https aggregator.
 */
function standinOrigin(): string[] {
  const u = process.env.AGGREGATOR_STANDIN_URL;
  if (!u || (process.env.NODE_ENV === 'production' && !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u))) return [];
  try {
    return [new URL(u).origin];
  } catch {
    return [];
  }
}

/** `'sha256-…'` of every inline `<script>` (no src) and `<style>` of an HTML file, for its CSP. */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const hash = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
  const script = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => hash(m[1]));
  const style = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => hash(m[1]));
  return { script, style };
}

/** A fresh nonce for one page answer. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * Sets a page's headers on this reply (its CSP and framing replace the API's): with `nonce`
 * for a page drawn per request, `hashes` for a fixed file.
 */
export function pageHeaders(req: FastifyRequest, reply: FastifyReply, o: { framing: Framing; nonce?: string; hashes?: { script: string[]; style: string[] } }) {
  const tls = req.protocol === 'https';
  helmet(helmetOptions(pageCsp({ ...o, tls }), o.framing === 'none' ? 'deny' : 'sameorigin'))(req.raw, reply.raw, () => {});
}

/** The helmet settings of an answer: the API's (CSP allowing nothing, never framed) or a page's. */
function helmetOptions(csp: HelmetOptions['contentSecurityPolicy'], frame: 'deny' | 'sameorigin'): HelmetOptions {
  return {
    contentSecurityPolicy: csp,
    // set by the hook below, only over TLS
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: frame },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // a brand's assets may be served from a sibling host of the same site
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  };
}

/** What helmet sets and removes with these settings, recorded once. */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => {});
  return { set, removed };
}

export const headersPlugin = fp(async (app: FastifyInstance) => {
  const api = helmetHeaders(helmetOptions(API_CSP, 'deny'));
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of api.set) res.setHeader(name, value);
    for (const name of api.removed) res.removeHeader(name);
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (req.protocol === 'https') res.setHeader('strict-transport-security', HSTS);
    done();
  });
}, { name: 'security-headers' });
