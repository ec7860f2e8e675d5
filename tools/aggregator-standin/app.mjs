// The aggregator stand-in: a local process that answers as Hub88's Operator API documents, from
// the aggregator's side (docs.hub88.io, "Operator API reference → Games API" and "Wallet API"):
//   POST /operator/generic/v2/game/list   {operator_id}                → [game…]
//   POST /operator/generic/v2/game/url    {user, token, game_code, …}  → {url}
// both verified with the operator's public key (X-Hub88-Signature, RSA-SHA256 over the raw body)
// and answered signed with the stand-in's own key; the game page at the answered URL plays for
// real, moving money only through the operator's wallet API (see wallet.mjs).
// What Hub88 does in its back office (exchange public keys, record the operator's wallet URL) is
// GET /backoffice/public-key and POST /backoffice/operators here.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { formatUnits, loadOrCreateKeys, readPublicKey, SIGNATURE_HEADER, signBody, UNIT, verifyBody } from './hub88.mjs';
import { ENGINES, gameByCode, gameList, thumbSvg } from './games.mjs';
import { gamePage } from './page.mjs';
import * as wallet from './wallet.mjs';

const BODY_MAX = 64 * 1024;
const SESSION_TTL_MS = 12 * 3600_000;
const DEMO_BALANCE = 1000 * UNIT;
const PLATFORMS = new Set(['GPL_DESKTOP', 'GPL_MOBILE']);

class HttpError extends Error {
  constructor(status, error, message = error) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (c) => {
      size += c.length;
      if (size > BODY_MAX) {
        reject(new HttpError(413, 'body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const parse = (raw) => {
  try {
    const v = JSON.parse(raw);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v;
  } catch { /* below */ }
  throw new HttpError(400, 'invalid JSON body');
};

/**
 * Starts the stand-in. `dataDir` keeps its key pair and the registered operators;
 * `publicUrl` is how browsers and operators reach it (game and image URLs are built on it).
 */
export async function startStandin({ dataDir, port = 0, host = '127.0.0.1', publicUrl, log = () => {} }) {
  const keys = loadOrCreateKeys(dataDir);
  const operatorsFile = path.join(dataDir, 'operators.json');
  /** operator_id (string) → { public_key, wallet_url } */
  const operators = new Map(Object.entries(fs.existsSync(operatorsFile) ? JSON.parse(fs.readFileSync(operatorsFile, 'utf8')) : {}));
  const saveOperators = () => fs.writeFileSync(operatorsFile, JSON.stringify(Object.fromEntries(operators), null, 2));
  /** session id → game session */
  const sessions = new Map();
  let base = publicUrl;

  const send = (res, status, body, headers = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
    res.end(raw);
  };
  /** A Games API answer, signed like every Hub88 message. */
  const sendSigned = (res, status, body) => {
    const raw = JSON.stringify(body);
    send(res, status, raw, { [SIGNATURE_HEADER]: signBody(keys.privateKeyPem, raw) });
  };

  /** The operator named in a signed Games API call, once its signature verifies. */
  const signedOperator = (req, raw) => {
    const body = parse(raw);
    const id = body.operator_id === undefined || body.operator_id === null ? '' : String(body.operator_id);
    const op = operators.get(id);
    if (!op) throw new HttpError(401, 'unknown operator_id');
    if (!verifyBody(op.public_key, raw, req.headers[SIGNATURE_HEADER])) throw new HttpError(401, 'invalid signature');
    return { body, op, operatorId: id };
  };

  const gameUrl = (body, operatorId) => {
    const game = gameByCode.get(body.game_code);
    if (!game) throw new HttpError(404, 'game not found');
    if (typeof body.currency !== 'string' || !/^[A-Za-z]{3,4}$/.test(body.currency)) throw new HttpError(400, 'currency required');
    const demo = body.currency === 'XXX';
    if (!demo) {
      if (typeof body.user !== 'string' || body.user.length < 3) throw new HttpError(400, 'user required');
      if (typeof body.token !== 'string' || body.token.length < 10 || body.token.length > 255) throw new HttpError(400, 'token must be 10-255 characters');
    }
    if (body.platform !== undefined && !PLATFORMS.has(body.platform)) throw new HttpError(400, 'platform must be GPL_DESKTOP or GPL_MOBILE');
    const id = randomBytes(18).toString('base64url');
    sessions.set(id, {
      operatorId, demo, user: demo ? null : body.user, token: demo ? null : body.token, game_code: game.game_code,
      currency: body.currency, lang: body.lang === 'es' ? 'es' : 'en', lobby_url: typeof body.lobby_url === 'string' ? body.lobby_url : null,
      demoBalance: DEMO_BALANCE, expires: Date.now() + SESSION_TTL_MS, busy: false,
    });
    return { url: `${base}/games/${id}` };
  };

  const sessionOf = (id) => {
    const s = sessions.get(id);
    if (!s || s.expires < Date.now()) throw new HttpError(404, 'SESSION_EXPIRED', 'This game session has ended: open the game again from the lobby.');
    return s;
  };

  const walletError = (r) => {
    if (!r.ok) return new HttpError(502, 'WALLET_UNAVAILABLE', `The casino's wallet did not answer (${r.reason}).`);
    const messages = {
      RS_ERROR_NOT_ENOUGH_MONEY: 'Not enough money for this bet.',
      RS_ERROR_LIMIT_REACHED: 'A responsible-gaming limit stops this bet.',
      RS_ERROR_TOKEN_EXPIRED: 'The game session expired: open the game again from the lobby.',
      RS_ERROR_INVALID_TOKEN: 'The game session is not valid: open the game again from the lobby.',
      RS_ERROR_USER_DISABLED: 'Your account cannot play now.',
    };
    return new HttpError(409, r.body.status, messages[r.body.status] ?? `The casino refused the bet (${r.body.status}).`);
  };

  const state = async (s) => {
    if (s.demo) return { balance: s.demoBalance, currency: s.currency, demo: true };
    const op = operators.get(s.operatorId);
    const r = await wallet.balance(keys, op, s);
    if (!r.ok || r.body.status !== 'RS_OK') throw walletError(r);
    return { balance: r.body.balance, currency: r.body.currency ?? s.currency, demo: false };
  };

  const spin = async (s, body) => {
    const game = gameByCode.get(s.game_code);
    const bet = body.bet;
    if (!Number.isSafeInteger(bet) || bet < UNIT / 100 || bet > 1000 * UNIT || bet % (UNIT / 100) !== 0) throw new HttpError(400, 'BAD_BET', 'Choose a bet.');
    const round = randomUUID();
    const play = () => {
      const r = ENGINES[game.engine].play(body);
      // wins in whole cents of the currency (what a fiat wallet keeps)
      const cent = UNIT / 100;
      return { ...r, win: Math.floor((bet * r.multiplier) / cent) * cent };
    };
    if (s.demo) {
      if (s.demoBalance < bet) throw new HttpError(409, 'RS_ERROR_NOT_ENOUGH_MONEY', 'Not enough money for this bet.');
      const r = play();
      s.demoBalance += r.win - bet;
      return { balance: s.demoBalance, outcome: r.outcome, win: r.win, round };
    }
    const op = operators.get(s.operatorId);
    const betUuid = randomUUID();
    const b = await wallet.bet(keys, op, s, { round, transactionUuid: betUuid, amount: bet });
    if (!b.ok || b.body.status !== 'RS_OK') {
      // Hub88's retry policy: a bet that failed other than for money or limits is rolled back.
      const refused = b.ok && ['RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED'].includes(b.body.status);
      if (!refused) {
        const rbUuid = randomUUID();
        void wallet.deliver(() => wallet.rollback(keys, op, s, { round, transactionUuid: rbUuid, betUuid }), {
          onGiveUp: (last) => log(`rollback ${rbUuid} of bet ${betUuid} not delivered: ${last?.reason ?? last?.body?.status}`),
        });
      }
      throw walletError(b);
    }
    const r = play();
    const winUuid = randomUUID();
    const w = await wallet.deliver(() => wallet.win(keys, op, s, { round, transactionUuid: winUuid, betUuid, amount: r.win }), {
      onGiveUp: (last) => log(`win ${winUuid} of round ${round} not delivered: ${last?.reason ?? last?.body?.status}`),
    });
    if (!w.ok || w.body.status !== 'RS_OK') throw walletError(w);
    log(`round ${round} ${s.game_code} user ${s.user}: bet ${formatUnits(bet)} win ${formatUnits(r.win)} ${s.currency}`);
    return { balance: w.body.balance, outcome: r.outcome, win: r.win, round };
  };

  const route = async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const p = url.pathname;
    if (req.method === 'GET' && p === '/healthz') return send(res, 200, { ok: true });
    if (req.method === 'GET' && p === '/backoffice/public-key') {
      res.writeHead(200, { 'content-type': 'application/x-pem-file' });
      return res.end(keys.publicKeyPem);
    }
    if (req.method === 'POST' && p === '/backoffice/operators') {
      const body = parse(await readBody(req));
      const id = body.operator_id === undefined || body.operator_id === null ? '' : String(body.operator_id);
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) throw new HttpError(400, 'operator_id required');
      const pem = typeof body.public_key === 'string' ? readPublicKey(body.public_key) : null;
      if (!pem) throw new HttpError(400, 'public_key must be a PEM public key');
      if (typeof body.wallet_url !== 'string' || !/^https?:\/\/[^\s]+$/.test(body.wallet_url)) throw new HttpError(400, 'wallet_url must be an http(s) URL');
      operators.set(id, { public_key: pem, wallet_url: body.wallet_url });
      saveOperators();
      return send(res, 200, { operator_id: id, public_key: keys.publicKeyPem });
    }
    if (req.method === 'POST' && p === '/operator/generic/v2/game/list') {
      signedOperator(req, await readBody(req));
      return sendSigned(res, 200, gameList(base));
    }
    if (req.method === 'POST' && p === '/operator/generic/v2/game/url') {
      const { body, operatorId } = signedOperator(req, await readBody(req));
      return sendSigned(res, 200, gameUrl(body, operatorId));
    }
    const thumb = /^\/thumbs\/([a-z0-9_]{1,40})\.svg$/.exec(p);
    if (req.method === 'GET' && thumb) {
      const g = gameByCode.get(thumb[1]);
      if (!g) throw new HttpError(404, 'not found');
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' });
      return res.end(thumbSvg(g));
    }
    const play = /^\/games\/([A-Za-z0-9_-]{10,40})(\/state|\/spin)?$/.exec(p);
    if (play) {
      const s = sessionOf(play[1]);
      if (req.method === 'GET' && !play[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(gamePage({ game: gameByCode.get(s.game_code), session: s, base: `/games/${play[1]}`, unit: UNIT }));
      }
      if (req.method === 'POST' && play[2] === '/state') return send(res, 200, await state(s));
      if (req.method === 'POST' && play[2] === '/spin') {
        const body = parse(await readBody(req));
        if (s.busy) throw new HttpError(409, 'BUSY', 'A round is under way.');
        s.busy = true;
        try {
          return send(res, 200, await spin(s, body));
        } finally {
          s.busy = false;
        }
      }
    }
    throw new HttpError(404, 'not found');
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((err) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof HttpError) return send(res, err.status, { error: err.error, message: err.message });
      log(`error: ${err.stack ?? err}`);
      send(res, 500, { error: 'internal error' });
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const actual = server.address().port;
  base = (publicUrl ?? `http://${host}:${actual}`).replace(/\/+$/, '');
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, s] of sessions) if (s.expires < now) sessions.delete(id);
  }, 60_000);
  sweep.unref();
  return {
    url: base,
    port: actual,
    publicKeyPem: keys.publicKeyPem,
    close: () => new Promise((resolve) => { clearInterval(sweep); server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
