import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Operator console — seamless-wallet credentials (issue 20 item 4). Each vendor (native
 * protocol: an HMAC-SHA256 secret) and each aggregator (Hub88 protocol: the aggregator's RSA
 * public key that verifies its calls, and our RSA key pair per brand and aggregator whose private
 * key signs our answers) has its own credentials at each brand. Creating one for a partner that
 * already has live ones is a rotation: the older ones keep working for `overlapHours`, then stop.
 * Every call needs `settings.manage` on the brand of the request (Merchant header); every change
 * is in the audit log (`seamless.credential.create` / `.revoke`, without secrets).
 *
 * Failures: request_param_err, operator.not.session (401), operator.forbidden (403),
 * operator.games.vendor.not.found (404: a native partner must be a vendor of the brand),
 * operator.seamless.key.invalid (400: not a PEM RSA public key of 2048+ bits, or none to keep),
 * operator.seamless.credential.not.found (404).
 */
const M = MODULES.common;

export const PROTOCOLS = ['native', 'hub88'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
/** Overlap of a rotation when none is sent, and the longest allowed. */
export const DEFAULT_OVERLAP_HOURS = 24;
export const MAX_OVERLAP_HOURS = 168;

export const credential = z.object({
  id: z.string(),
  /** A vendor code (native) or an aggregator code (hub88). */
  partner: z.string(),
  protocol: z.enum(PROTOCOLS),
  /** `…` + the last 4 characters of a native secret (the secret itself is shown only once, at creation). */
  secretHint: z.string().nullable(),
  /** Hub88: the aggregator's public key (PEM) that verifies its X-Hub88-Signature. */
  partnerPublicKey: z.string().nullable(),
  /** Hub88: our public key (PEM) to give the aggregator; it verifies our answers' X-Hub88-Signature. */
  ourPublicKey: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** null: no end. */
  expiresAt: z.string().nullable(),
  /** current (no end), overlap (ends at expiresAt, still accepted), expired. */
  status: z.enum(['current', 'overlap', 'expired']),
});
export type Credential = z.infer<typeof credential>;

export const list = endpoint({
  method: 'GET', path: '/wps/ops/seamless/credentials', module: M, auth: 'none',
  summary: 'Every seamless-wallet credential of the brand, by partner, newest first (settings.manage).',
  response: z.array(credential),
});

export const createBody = z.object({
  partner: z.string().trim().min(2).max(40).regex(/^[A-Za-z0-9_-]+$/),
  protocol: z.enum(PROTOCOLS),
  /** Hub88: the aggregator's public key (PEM). Omitted on a rotation: the current one is kept. */
  partnerPublicKey: z.string().max(4096).optional(),
  overlapHours: z.number().int().min(0).max(MAX_OVERLAP_HOURS).default(DEFAULT_OVERLAP_HOURS),
});

export const create = endpoint({
  method: 'POST', path: '/wps/ops/seamless/credentials/create', module: M, auth: 'none',
  summary: 'Creates (or rotates) a partner\'s credential; the native secret is answered once (settings.manage).',
  body: createBody,
  response: z.object({
    credential,
    /** Native: the new secret, shown only in this answer. */
    secret: z.string().nullable(),
    /** The older credentials that now end (after the overlap). */
    ended: z.array(credential),
  }),
});

export const revoke = endpoint({
  method: 'POST', path: '/wps/ops/seamless/credentials/revoke', module: M, auth: 'none',
  summary: 'Ends a credential now (settings.manage).',
  body: z.object({ id: z.string().regex(/^[0-9]{1,19}$/) }),
  response: credential,
});
