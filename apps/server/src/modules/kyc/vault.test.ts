/** KYC documents encrypted at rest (vault.ts): round trip, old keys, tampering, files stored before encryption. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealKeysFrom } from '../../lib/seal.ts';
import { decryptFile, encryptFile } from './vault.ts';

const hex = () => randomBytes(32).toString('hex');

describe('KYC document vault', () => {
  it('encrypts with the current key, opens with it or as an old key, refuses an altered file or a missing key', () => {
    const a = hex();
    const b = hex();
    const plain = Buffer.concat([Buffer.from('%PDF-1.7 identity '), randomBytes(64)]);
    const ka = sealKeysFrom({ FAIRNESS_SEAL_KEY: a });
    const stored = encryptFile(plain, ka);
    expect(stored.subarray(0, 4).toString()).toBe('KYC1');
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    expect(decryptFile(stored, ka)).toEqual(plain);
    expect(decryptFile(stored, sealKeysFrom({ FAIRNESS_SEAL_KEY: b, FAIRNESS_SEAL_KEYS_OLD: a }))).toEqual(plain);
    expect(() => decryptFile(stored, sealKeysFrom({ FAIRNESS_SEAL_KEY: b }))).toThrow(/not configured/);
    const altered = Buffer.from(stored);
    altered[altered.length - 1] ^= 1;
    expect(() => decryptFile(altered, ka)).toThrow();
    expect(encryptFile(plain, ka).equals(stored)).toBe(false); // a fresh IV each time
  });

  it('a file stored before encryption is read as it is', () => {
    const old = Buffer.from('\x89PNG\r\n\x1a\n plain', 'latin1');
    expect(decryptFile(old, sealKeysFrom({ FAIRNESS_SEAL_KEY: hex() }))).toEqual(old);
  });
});
