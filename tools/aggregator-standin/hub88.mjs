// Hub88 signing as documented (docs.hub88.io, "Request signing"): the raw request body is signed
// with RSA-SHA256 by the sender's private key, base64 in the X-Hub88-Signature header; the
// receiver verifies it with the sender's public key. Answers of the wallet API are signed the
// same way by the operator. Amounts are integers: 100000 = 1.00 of the currency (5 decimals).
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SIGNATURE_HEADER = 'x-hub88-signature';
/** Integer units of one currency unit in Hub88 amounts. */
export const UNIT = 100000;

/** Base64 RSA-SHA256 signature of the raw body. */
export function signBody(privateKeyPem, raw) {
  return sign('sha256', Buffer.from(raw, 'utf8'), createPrivateKey(privateKeyPem)).toString('base64');
}

/** True when `signature` (base64) is the RSA-SHA256 signature of the raw body by the key's owner. */
export function verifyBody(publicKeyPem, raw, signature) {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/=]{16,2048}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(raw, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The stand-in's own key pair, made at first start in `dir` (private key file mode 0600) and
 * read back afterwards. Never committed: `dir` is a data or temp directory.
 */
export function loadOrCreateKeys(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const priv = path.join(dir, 'private.pem');
  const pub = path.join(dir, 'public.pem');
  if (fs.existsSync(priv) && fs.existsSync(pub)) {
    return { privateKeyPem: fs.readFileSync(priv, 'utf8'), publicKeyPem: fs.readFileSync(pub, 'utf8') };
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  fs.writeFileSync(priv, privateKey, { mode: 0o600 });
  fs.writeFileSync(pub, publicKey);
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** A PEM public key that Node can read, else null. */
export function readPublicKey(pem) {
  try {
    return createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return null;
  }
}

/** Formats Hub88 integer units as "12.34" (truncating below a cent). */
export const formatUnits = (units) => {
  const cents = Math.trunc(units / (UNIT / 100));
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
