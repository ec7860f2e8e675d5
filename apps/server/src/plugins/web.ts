import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';
import { bootPage, FAVICON_PATH } from './boot-page.ts';
import { faviconSvg } from './first-screen.ts';
import { inlineHashes, newNonce, pageHeaders } from './headers.ts';
import { requestBrand } from './merchant.ts';
import { packingFor } from '../lib/route.ts';

/** Paths that belong to the API: an unknown one answers the JSON envelope, never the SPA. */
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/vendor/', '/demo-vendor/api/', '/openapi', '/healthz', '/readyz', '/socket.io/'];
/** Pages that the lobby's own game popup may frame (same origin); every other page is never framed. */
const FRAMED_PAGES = new Set(['/seamless']);
/** The demo vendor's game pages: their own HTML entry of the web build. */
const DEMO_VENDOR_PLAY = '/demo-vendor/play/';
const DEMO_VENDOR_HTML = 'demo-vendor.html';
/** A file's address (an icon, a script, a stylesheet, …): when there is no such file it is not found, never the page. */
const FILE_PATH = /\.(?:ico|png|jpe?g|gif|webp|avif|svg|css|m?js|map|txt|xml|json|webmanifest|woff2?|ttf)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli's quality for a page made per request (the compress plugin's own default; 11 costs ~30× the CPU for ~10 % less). */
const PAGE_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };

/**
 * A page, packed with brotli or gzip as the client takes (the compress plugin packs routes' answers,
 * not the not-found handler's): the home is ~110 KB with its first data and ~22 KB packed.
 */
async function sendPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const packing = packingFor(req.headers['accept-encoding']);
  if (!packing) return reply.send(html);
  const body = packing === 'br' ? await brotli(html, PAGE_BROTLI) : await gzip(html);
  return reply.header('content-encoding', packing).send(body);
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every other browser route answered with index.html so the client router takes it. The demo
 * vendor's game pages (/demo-vendor/play/<engine>) answer demo-vendor.html, never cached.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      // Pages (/ and every browser route) answer the page with its first data (boot-page.ts).
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn(`web app not built (${index} missing): only the API is served`);
  }
  // sendFile exists only when the static plugin is registered (index.html built).
  const hasGames = hasWeb && fs.existsSync(path.join(opts.webDist, DEMO_VENDOR_HTML));
  const page = hasWeb ? bootPage(app, opts.webDist) : null;
  // the game page is a fixed file: its inline style is allowed by its hash
  const gameHashes = hasGames ? inlineHashes(fs.readFileSync(path.join(opts.webDist, DEMO_VENDOR_HTML), 'utf8')) : null;
  // the brand's icon: its logo mark (the page links it; boot-page.ts)
  app.get(FAVICON_PATH, async (req, reply) => {
    const c = requestBrand(req).config;
    return reply.header('cache-control', 'public, max-age=3600').type('image/svg+xml').send(faviconSvg({ name: c.name, logoText: c.logoText, theme: c.theme }));
  });
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const isPage = req.method === 'GET' || req.method === 'HEAD';
    if (isPage && gameHashes && url.startsWith(DEMO_VENDOR_PLAY)) {
      pageHeaders(req, reply, { framing: 'self', hashes: gameHashes });
      return reply.header('cache-control', 'no-cache').sendFile(DEMO_VENDOR_HTML);
    }
    if (isPage && page && !API_PREFIXES.some((p) => url.startsWith(p)) && !FILE_PATH.test(url)) {
      const nonce = newNonce();
      pageHeaders(req, reply, { framing: FRAMED_PAGES.has(url.replace(/\/+$/, '')) ? 'self' : 'none', nonce });
      return sendPage(req, reply, await page(req, nonce));
    }
    return sendError(req, reply, 'request.not.found');
  });
});
