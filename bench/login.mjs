// Login figures (issue 3, "Figures to report").
//   node bench/login.mjs [--no-build] [--duration 10] [--clients 8] [--guesses 10000]
// 1. Logins per second: encrypted POST /wps/session/login (RSA-OAEP + AES-GCM, argon2id verify,
//    a new session) from `clients` concurrent clients, each with its own account (registered
//    first; no mobile or e-mail, so no new-IP check) and each login from a new address
//    (X-Forwarded-For), for `duration` s.
// 2. Brute force: `guesses` wrong passwords against one account (player01), each from a different
//    address, 32 at a time, as an attacker who cannot read captchas would send them; then how many
//    reached a password check (GET /wps/dev/auth-stats, outside production only) and the answers.
// The server is the built dist on PGlite in a temp dir, TRUST_PROXY=loopback, NODE_ENV=development
// (for /wps/dev/auth-stats), on 127.0.0.1 only; CAPTCHA_TEST_ANSWER lets the bench's own
// registrations pass their captcha (the attacker of part 2 sends none).
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { opt } from './lib/cli.mjs';
import { benchBuild, fmt, rmTemp, runMain, startServer, tempDir, writeResult } from './lib/common.mjs';

register();
const DURATION_MS = opt('duration', 10) * 1000;
const CLIENTS = opt('clients', 8);
const GUESSES = opt('guesses', 10_000);
const { encryptWithKey } = await import('../apps/server/src/test/crypto-client.ts');

const ip = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

runMain(async () => {
  benchBuild();
  const dataDir = tempDir('lobby-bench-login-');
  const server = await startServer({ dataDir, env: { NODE_ENV: 'development', JOBS_ENABLED: 'false', CAPTCHA_TEST_ANSWER: 'ACE47' } });
  try {
    const base = server.baseUrl;
    const key = (await (await fetch(`${base}/wps/session/key/rsa`, { headers: { merchant: 'demo' } })).json()).value;
    const send = async (path, body, from) => {
      const enc = encryptWithKey(key.publicKey, body);
      const res = await fetch(`${base}${path}`, {
        method: 'POST', headers: { merchant: 'demo', 'x-forwarded-for': from, ...enc.headers }, body: JSON.stringify(enc.payload),
      });
      const json = await res.json();
      return { status: res.status, code: json.success ? 'ok' : json.errorCode };
    };
    const login = (username, password, from) => send('/wps/session/login', { type: 'username', username, password }, from);
    const users = Array.from({ length: CLIENTS }, (_, i) => `benchuser${i}`);
    const captcha = async () => ({ captchaId: (await (await fetch(`${base}/wps/captcha`, { headers: { merchant: 'demo' } })).json()).value.captchaId, captcha: 'ACE47' });
    for (const [i, username] of users.entries()) {
      const r = await send('/wps/member/register', { username, password: 'Bench1234', confirmPassword: 'Bench1234', terms: true, ...(await captcha()) }, ip(5_000_000 + i));
      if (r.code !== 'ok') throw new Error(`registering ${username}: ${r.code}`);
    }

    // 1. logins per second
    let n = 1;
    let ok = 0;
    const other = {};
    const lat = [];
    const until = performance.now() + DURATION_MS;
    await Promise.all(users.map(async (username) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const r = await login(username, 'Bench1234', ip(n++));
        lat.push(performance.now() - t0);
        if (r.code === 'ok') ok++;
        else other[r.code] = (other[r.code] ?? 0) + 1;
      }
    }));
    lat.sort((a, b) => a - b);
    const perSec = ok / (DURATION_MS / 1000);
    console.log(`logins: ${fmt(perSec)} /s with ${CLIENTS} clients, p50 ${fmt(lat[Math.floor(lat.length / 2)])} ms, p99 ${fmt(lat[Math.floor(lat.length * 0.99)])} ms${Object.keys(other).length ? `, other answers ${JSON.stringify(other)}` : ''}`);

    // 2. brute force against one account from many addresses
    const stats = async () => (await (await fetch(`${base}/wps/dev/auth-stats`, { headers: { merchant: 'demo' } })).json()).value;
    const before = await stats();
    const answers = {};
    let next = 0;
    const t1 = performance.now();
    await Promise.all(Array.from({ length: 32 }, async () => {
      while (next < GUESSES) {
        const i = next++;
        const r = await login('player01', `Guess${i}x`, ip(1_000_000 + i));
        answers[r.code] = (answers[r.code] ?? 0) + 1;
      }
    }));
    const after = await stats();
    const checks = after.passwordChecks - before.passwordChecks;
    console.log(`brute force: ${GUESSES} guesses from ${GUESSES} addresses in ${fmt((performance.now() - t1) / 1000)} s; `
      + `${checks} reached a password check; answers ${JSON.stringify(answers)}`);
    const right = await login('player01', 'Player123', ip(9_999_999));
    console.log(`the right password during the back-off: ${right.status} ${right.code}`);

    const figures = [
      { figure: `logins/s (encrypted, argon2id m=64MiB t=2 p=1), ${CLIENTS} clients`, value: +fmt(perSec), unit: '/s', goal: null, pass: null },
      { figure: `password checks reached by ${GUESSES} guesses from ${GUESSES} IPs`, value: checks, unit: '', goal: '<= 6 (5 free, then one per back-off wait)', pass: checks <= 6 },
    ];
    const file = writeResult('login', figures, { clients: CLIENTS, durationMs: DURATION_MS, guesses: GUESSES, answers, otherLoginAnswers: other, rightPasswordDuringBackoff: right });
    console.log(`Wrote ${file}`);
  } finally {
    await server.stop();
    rmTemp(dataDir);
  }
});
