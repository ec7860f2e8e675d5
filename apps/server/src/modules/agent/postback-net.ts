/**
 * Where a postback may go (issue 25 item 2): an http(s) address whose host the brand allows and
 * whose every DNS address is public. The request then connects to the address that was checked
 * (no second lookup an attacker's DNS could answer differently).
 */
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { AppError } from '../../plugins/errors.ts';

/** 4 bytes of a dotted IPv4 address. */
const v4 = (a: string) => a.split('.').map(Number);

/** Non-public IPv4 ranges: this network, private, CGNAT, loopback, link-local, IETF, TEST-NETs, benchmarking, multicast, reserved. */
function privateV4(a: string): boolean {
  const [x, y] = v4(a) as [number, number, number, number];
  return x === 0 || x === 10 || x === 127 || (x === 100 && y >= 64 && y <= 127) || (x === 169 && y === 254)
    || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 192 && y === 0)
    || (x === 198 && (y === 18 || y === 19)) || (x === 198 && y === 51) || (x === 203 && y === 0) || (x === 192 && y === 88) || x >= 224;
}

/** Expands an IPv6 address to its 8 groups. */
function groups6(a: string): number[] {
  let s = a.toLowerCase().split('%')[0]!;
  const m = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (m) { const [p, q, r, t] = v4(m[1]!); s = s.slice(0, -m[1]!.length) + `${((p! << 8) | q!).toString(16)}:${((r! << 8) | t!).toString(16)}`; }
  const [head, tail] = s.includes('::') ? s.split('::') as [string, string] : [s, null];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === null ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => parseInt(g || '0', 16));
}

/** Non-public IPv6: unspecified, loopback, IPv4-mapped/compatible of a private v4, NAT64 of one, unique-local, link-local, site-local, multicast, documentation. */
function privateV6(a: string): boolean {
  const g = groups6(a);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  const v4of = (i: number) => `${g[i]! >> 8}.${g[i]! & 255}.${g[i + 1]! >> 8}.${g[i + 1]! & 255}`;
  if (g.slice(0, 6).every((x) => x === 0)) return true; // ::, ::1 and IPv4-compatible
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return privateV4(v4of(6)); // ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b) return privateV4(v4of(6));
  const f = g[0]!;
  return (f & 0xfe00) === 0xfc00 || (f & 0xffc0) === 0xfe80 || (f & 0xffc0) === 0xfec0 || (f & 0xff00) === 0xff00
    || (f === 0x2001 && g[1] === 0x0db8) || f === 0x100 || (f === 0x2001 && g[1]! < 0x200);
}

export const isPrivateAddress = (a: string) => (isIP(a) === 4 ? privateV4(a) : isIP(a) === 6 ? privateV6(a) : true);

/**
 * `host:port` pairs that may be private anyway (`POSTBACK_ALLOW_PRIVATE`, comma list): for a test's
 * or a dev setup's local receiver only; empty in production.
 */
const privateAllowed = () => new Set((process.env.POSTBACK_ALLOW_PRIVATE ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));

/** A brand host rule: an exact host, or `*.example.com` for its subdomains. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((r) => {
    const rule = r.toLowerCase().trim();
    return rule.startsWith('*.') ? h.endsWith(rule.slice(1)) && h.length > rule.length - 1 : h === rule;
  });
}

/** The URL parsed, when http(s) without credentials; else agent.postback.url.invalid. */
export function parseTarget(url: string): URL {
  let u: URL;
  try { u = new URL(url); } catch { throw new AppError('agent.postback.url.invalid'); }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || !u.hostname) throw new AppError('agent.postback.url.invalid');
  return u;
}

/** Every address of the URL's host, all public (or the host:port explicitly allowed); else agent.postback.host.denied. */
export async function checkedAddresses(u: URL, allowed: readonly string[]): Promise<{ address: string; family: number }[]> {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, allowed)) throw new AppError('agent.postback.host.denied');
  let addrs: { address: string; family: number }[];
  try {
    addrs = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch { throw new AppError('agent.postback.host.denied'); }
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  const exempt = privateAllowed().has(`${host.toLowerCase()}:${port}`);
  if (addrs.length === 0 || (!exempt && addrs.some((a) => isPrivateAddress(a.address)))) throw new AppError('agent.postback.host.denied');
  return addrs;
}

export interface Answer { status: number | null; error: string | null }

/** One GET of the postback, connected to the checked address, 5 s at most, no redirects followed. */
export async function send(url: string, allowed: readonly string[], timeoutMs = 5_000): Promise<Answer> {
  let u: URL;
  let addrs: { address: string; family: number }[];
  try {
    u = parseTarget(url);
    addrs = await checkedAddresses(u, allowed);
  } catch (e) {
    return { status: null, error: e instanceof AppError ? e.code : 'invalid' };
  }
  const pinned: LookupFunction = (_h, opts, cb) => {
    const a = addrs[0]!;
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [a]);
    else cb(null, a.address, a.family);
  };
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve) => {
    const req = lib.request(u, { method: 'GET', lookup: pinned, timeout: timeoutMs, headers: { 'user-agent': 'lobby-postback/1' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: null, error: e.message.slice(0, 200) }));
    req.end();
  });
}
