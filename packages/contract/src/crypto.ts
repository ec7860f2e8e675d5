/**
 * Encrypted calls (wire reference, "Encrypted calls") and the development outbox.
 *
 * Scheme (replaces the original's textbook RSA + DES-ECB):
 *   1. GET /wps/session/key/rsa -> the brand's RSA-2048 public key (SPKI PEM) and its keyId.
 *   2. The client makes a fresh 32-byte AES-256 key and a 12-byte IV per request.
 *   3. Header `Encryption`: base64( RSA-OAEP(SHA-256, MGF1-SHA-256)(aesKey) ).
 *   4. Body `{ "value": base64( iv(12) || AES-256-GCM ciphertext || tag(16) ) }`.
 *   5. The GCM plaintext is the UTF-8 JSON envelope `{ "ts": <ms since epoch>, "body": <request body> }`.
 *
 * Replay: the server accepts `ts` within ±ENCRYPTION_MAX_SKEW_MS of its clock (clients correct their
 * clock with `serverTime` from the key call) and accepts each wrapped key (`Encryption` header)
 * once inside that window, so a captured request cannot be sent again.
 * A missing header or a plaintext body is `crypto.required`; anything that does not decrypt,
 * parse, or passes the time/replay checks is `crypto.invalid` (400, with `value.reason`).
 */
import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/** Name of the request header carrying the RSA-OAEP wrapped AES key. */
export const ENCRYPTION_HEADER = 'Encryption';
/** Algorithms, for clients that want to check what they implement. */
export const ENCRYPTION_SCHEME = 'RSA-OAEP-256+A256GCM' as const;
export const AES_KEY_BYTES = 32;
export const GCM_IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;
/** How far the envelope's `ts` may be from the server clock (and how long a wrapped key is remembered). */
export const ENCRYPTION_MAX_SKEW_MS = 5 * 60_000;

/** What the client encrypts: the request body and the (server-corrected) time it was made. */
export const encryptedEnvelope = z.object({ ts: z.number().int(), body: z.unknown() });

/** What travels as the HTTP body of an encrypted call. */
export const encryptedBody = z.object({ value: z.string() });
export type EncryptedBody = z.infer<typeof encryptedBody>;

export const rsaKey = z.object({
  /** SPKI public key, PEM (`-----BEGIN PUBLIC KEY-----`). */
  publicKey: z.string(),
  /** First 16 hex chars of SHA-256 over the SPKI DER: changes when the key changes. */
  keyId: z.string(),
  scheme: z.literal(ENCRYPTION_SCHEME),
  /** Server time in ms: clients use it to correct their clock for the envelope's `ts`. */
  serverTime: z.number(),
});
export type RsaKey = z.infer<typeof rsaKey>;

export const getRsaKey = endpoint({
  method: 'GET', path: '/wps/session/key/rsa', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s RSA public key for encrypted calls (RSA-OAEP-256 wrapped AES-256-GCM key).',
  response: rsaKey,
});

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  provider: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * Development only (NODE_ENV !== 'production', or DEV_OUTBOX=true): the latest SMS and e-mails
 * sent to one recipient of the request's brand, newest first. Not registered in production.
 */
export const getDevOutbox = endpoint({
  method: 'GET', path: '/wps/dev/outbox', module: MODULES.common, auth: 'none',
  summary: 'Development outbox: latest messages to a recipient (not available in production).',
  query: z.object({
    to: z.string().min(1),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  }),
  response: z.array(outboxMessage),
});
