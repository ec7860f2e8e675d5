// RNG statistics check (issue 21 item 6; not part of npm test): streams the provably fair
// generator's bytes — HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor"), cursor 0, 1, …, the
// exact construction of packages/contract/src/fairness/stream.ts, over many nonces of one random
// seed pair as the games consume it — into Debian's `ent` (apt-get install ent) and, when
// installed, `dieharder` (reads the raw stream from stdin: -g 200). Prints their verdicts.
//   node bench/rng-stats.mjs [megabytes=16] [--dieharder]
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';

const mb = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 16);
const serverSeed = randomBytes(32).toString('hex');
const clientSeed = randomBytes(8).toString('hex');

/** The stream of rounds 0, 1, 2, …: 8 blocks (256 bytes) of each round, as a long session would use. */
function* stream() {
  for (let nonce = 0; ; nonce++) {
    for (let cursor = 0; cursor < 8; cursor++) yield createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
  }
}

function bytes(total) {
  const out = Buffer.alloc(total);
  let at = 0;
  for (const b of stream()) {
    at += b.copy(out, at);
    if (at >= total) break;
  }
  return out;
}

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
console.log(`seed pair: server ${serverSeed.slice(0, 8)}…, client ${clientSeed}; ${mb} MB`);
if (!has('ent')) {
  console.error('ent is not installed (apt-get install ent)');
  process.exit(2);
}
const data = bytes(mb * 1024 * 1024);
const ent = spawnSync('ent', [], { input: data });
console.log('--- ent (bytes) ---\n' + ent.stdout.toString());
const entBits = spawnSync('ent', ['-b'], { input: data.subarray(0, 2 * 1024 * 1024) });
console.log('--- ent -b (bits, first 2 MB) ---\n' + entBits.stdout.toString());

if (process.argv.includes('--dieharder')) {
  if (!has('dieharder')) {
    console.error('dieharder is not installed (apt-get install dieharder)');
    process.exit(2);
  }
  const d = spawn('dieharder', ['-a', '-g', '200'], { stdio: ['pipe', 'inherit', 'inherit'] });
  d.stdin.on('error', () => {});
  const gen = stream();
  const pump = () => {
    for (;;) {
      const { value } = gen.next();
      if (!d.stdin.write(value)) return d.stdin.once('drain', pump);
    }
  };
  pump();
  d.on('exit', (code) => process.exit(code ?? 0));
}
