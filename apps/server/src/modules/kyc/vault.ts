/**
 * KYC documents at rest (issue 26): each file is written encrypted with AES-256-GCM under the
 * server's seal key (lib/seal.ts: FAIRNESS_SEAL_KEY, else `<DATA_DIR>/fairness-seal.key`; old keys
 * in FAIRNESS_SEAL_KEYS_OLD still open their files), so a copy of the data directory shows nothing
 * without the key. Layout: "KYC1" | key id (8 ASCII hex) | IV (12) | tag (16) | ciphertext.
 * A file without the header (stored before encryption) is read as it is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sealKeys, type SealKeys } from '../../lib/seal.ts';

const MAGIC = Buffer.from('KYC1', 'ascii');
const HEAD = MAGIC.length + 8 + 12 + 16;

export function encryptFile(plain: Buffer, k: SealKeys = sealKeys()): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.current.key, iv);
  const ct = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([MAGIC, Buffer.from(k.current.id, 'ascii'), iv, c.getAuthTag(), ct]);
}

/** The plain bytes; throws when the key is not configured or the file was altered. */
export function decryptFile(stored: Buffer, k: SealKeys = sealKeys()): Buffer {
  if (stored.length < HEAD || !stored.subarray(0, MAGIC.length).equals(MAGIC)) return stored;
  const id = stored.subarray(4, 12).toString('ascii');
  const key = k.all.get(id);
  if (!key) throw new Error(`KYC document encrypted with key ${id}, which is not configured (FAIRNESS_SEAL_KEY / FAIRNESS_SEAL_KEYS_OLD)`);
  const d = createDecipheriv('aes-256-gcm', key, stored.subarray(12, 24));
  d.setAuthTag(stored.subarray(24, 40));
  return Buffer.concat([d.update(stored.subarray(HEAD)), d.final()]);
}
