import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Sealed secrets at rest (issue 21): the provably fair server seeds that are not revealed yet
 * (demo vendor seed pairs, lottery issues) are stored as `s1.<keyId>.<iv>.<ciphertext>.<tag>`
 * (AES-256-GCM, base64url parts), so a copy of the database predicts nothing. The key never
 * lives in the database:
 * - `FAIRNESS_SEAL_KEY` (64 hex characters = 32 bytes): the key; every instance must share it.
 * - `FAIRNESS_SEAL_KEYS_OLD` (comma list of old keys): still opened, and the rows sealed with
 *   them are sealed again under the current key at start (`resealAll`); rotate by moving the
 *   current key to the old list and setting a new one, then drop the old one after a restart.
 * - unset: development and production use `<DATA_DIR>/fairness-seal.key` (created once, mode
 *   0600; with several instances set the variable instead); tests use a fixed test key.
 * The key id is the first 8 hex characters of SHA-256(key): it tells which key opens a value.
 */
const PREFIX = 's1.';

export interface SealKeys {
  current: { id: string; key: Buffer };
  all: Map<string, Buffer>;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

function parseKey(hex: string, name: string): Buffer {
  const s = hex.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(s)) throw new Error(`${name} must be 64 hex characters (32 bytes): openssl rand -hex 32`);
  return Buffer.from(s, 'hex');
}

/** The key file of DATA_DIR, created once (atomically: two processes starting together agree). */
function fileKey(dataDir: string): Buffer {
  const file = path.resolve(dataDir, 'fairness-seal.key');
  try {
    return parseKey(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(tmp, 'wx', 0o600);
  writeSync(fd, randomBytes(32).toString('hex'));
  closeSync(fd);
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  return parseKey(readFileSync(file, 'utf8'), file);
}

/** Test runs only: a fixed key (the tests' databases are thrown away). */
const TEST_KEY = createHash('sha256').update('lobby test fairness seal key').digest();

export function sealKeysFrom(env: NodeJS.ProcessEnv): SealKeys {
  const key = env.FAIRNESS_SEAL_KEY ? parseKey(env.FAIRNESS_SEAL_KEY, 'FAIRNESS_SEAL_KEY')
    : env.NODE_ENV === 'test' ? TEST_KEY : fileKey(env.DATA_DIR ?? './data');
  const all = new Map<string, Buffer>([[keyId(key), key]]);
  for (const old of (env.FAIRNESS_SEAL_KEYS_OLD ?? '').split(',').filter((s) => s.trim())) {
    const k = parseKey(old, 'FAIRNESS_SEAL_KEYS_OLD');
    all.set(keyId(k), k);
  }
  return { current: { id: keyId(key), key }, all };
}

let keys: SealKeys | null = null;
/** The process's keys (read from the environment on first use). */
export function sealKeys(): SealKeys {
  return (keys ??= sealKeysFrom(process.env));
}
export const isSealed = (v: string) => v.startsWith(PREFIX);
/** The key id a sealed value was sealed with (null: plain text). */
export const sealedWith = (v: string) => (isSealed(v) ? v.split('.')[1] : null);

export function seal(plain: string, k: SealKeys = sealKeys()): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.current.key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [PREFIX + k.current.id, iv.toString('base64url'), ct.toString('base64url'), c.getAuthTag().toString('base64url')].join('.');
}

/** The plain text of a sealed value; a plain (revealed) value is answered as it is. */
export function unseal(value: string, k: SealKeys = sealKeys()): string {
  if (!isSealed(value)) return value;
  const [, id, iv, ct, tag] = value.split('.');
  const key = k.all.get(id);
  if (!key) throw new Error(`sealed with key ${id}, which is not configured (FAIRNESS_SEAL_KEY / FAIRNESS_SEAL_KEYS_OLD)`);
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}

/** True when the value must be sealed again under the current key (plain, or an old key). */
export const needsReseal = (value: string, k: SealKeys = sealKeys()) => sealedWith(value) !== k.current.id;
