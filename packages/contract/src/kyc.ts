import { z } from 'zod';
import { DEFAULT_RULES as AML_DEFAULT_RULES, rules as amlRules } from './aml.ts';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Know your customer (issue 26): documents, verification levels, gates, the console review and
 * the provider webhook.
 *
 * - Levels: `contact` (mobile and e-mail bound, each with a code: nothing to upload), `identity`
 *   (identity document front, optional back, selfie; the birth date and full name as on the
 *   document), `address` (proof of address). A level's state: none → pending → verified or
 *   rejected (with a reason code the member reads in its language) → expired (the brand's
 *   {@link Settings.expiryDays} after the verification).
 * - Documents: PNG, JPG or PDF, read from their first bytes (never the name), at most
 *   {@link DOCUMENT_MAX_BYTES}; images are rewritten without metadata (EXIF, XMP, text chunks,
 *   comments), PDFs rewritten without their information dictionary and XMP metadata. Files are
 *   kept encrypted (AES-256-GCM, the server's seal key) under the server's data directory (never the web root) and served only to their member
 *   and to operators with `people.view` on the brand.
 * - Review: manual in the console, or by the brand's provider (`demo`: the built-in demo
 *   provider answers by a signed webhook). From the brand's {@link Settings.fourEyesFrom} level
 *   on, a verification needs two different operators (`kyc.approval.second` after the first).
 *   Every decision is audited.
 * - Gates (per brand): the age gate (deposit and/or real play need a verified identity whose
 *   birth date makes the member {@link Settings.minAge}+), withdrawals above an amount need the
 *   identity level, cumulative confirmed deposits above an amount need the address level, and
 *   withdrawals may need the contact level. A refused call answers a `kyc.*.required` code whose
 *   value says which level is missing and why ({@link gateValue}).
 */

export const LEVELS = ['contact', 'identity', 'address'] as const;
export type Level = (typeof LEVELS)[number];
/** Levels a member verifies by documents (contact is verified by codes in the security centre). */
export const DOCUMENT_LEVELS = ['identity', 'address'] as const;
export type DocumentLevel = (typeof DOCUMENT_LEVELS)[number];
export const STATUSES = ['none', 'pending', 'verified', 'rejected', 'expired'] as const;
export type Status = (typeof STATUSES)[number];
export const DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'address'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Which documents a level needs (id_back is optional: a passport has none). */
export const LEVEL_DOCUMENTS: Record<DocumentLevel, { required: DocumentKind[]; optional: DocumentKind[] }> = {
  identity: { required: ['id_front', 'selfie'], optional: ['id_back'] },
  address: { required: ['address'], optional: [] },
};
/** Reason codes of a rejection (the member reads their text in its language). `more` = send more documents. */
export const REASONS = ['blurry', 'expired_document', 'mismatch', 'underage', 'more', 'other'] as const;
export type Reason = (typeof REASONS)[number];
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const PROVIDERS = ['manual', 'demo'] as const;
export type Provider = (typeof PROVIDERS)[number];
/** Where a document is served: `${DOCUMENT_PATH}/<id>` (member) and `${OPS_DOCUMENT_PATH}/<id>` (console). */
export const DOCUMENT_PATH = '/wps/kyc/document';
export const OPS_DOCUMENT_PATH = '/wps/ops/kyc/document';
export const WEBHOOK_PATH = '/wps/kyc/webhook';
/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; a signature older than this is refused. */
export const SIGNATURE_HEADER = 'x-kyc-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const amountIn = z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/).nullable();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The brand's KYC rules (console, owner: settings.manage). Amounts in major units, null = no rule. */
export const settings = z.object({
  minAge: z.number().int().min(16).max(25),
  ageGate: z.object({ deposit: z.boolean(), play: z.boolean() }),
  withdrawNeedsContact: z.boolean(),
  withdrawIdentityAbove: amountIn,
  depositAddressAbove: amountIn,
  /** From this level on a verification needs two operators; null = one is enough. */
  fourEyesFrom: z.enum(DOCUMENT_LEVELS).nullable(),
  provider: z.enum(PROVIDERS),
  expiryDays: z.number().int().min(30).max(3650),
  /** Risk: a withdrawal of a member with this score or more waits for a risk review before it can be paid. */
  riskReviewScore: z.number().int().min(1).max(1000),
  riskWeights: z.object({
    device: z.number().int().min(0).max(100), ip: z.number().int().min(0).max(100), payee: z.number().int().min(0).max(100),
    rapid: z.number().int().min(0).max(100), bonus: z.number().int().min(0).max(100), agentBurst: z.number().int().min(0).max(100),
  }),
  /** AML report thresholds (aml.ts); a client that does not send them keeps the defaults. */
  aml: amlRules.default(AML_DEFAULT_RULES),
});
export type Settings = z.infer<typeof settings>;

export const DEFAULT_SETTINGS: Settings = {
  minAge: 18, ageGate: { deposit: false, play: false }, withdrawNeedsContact: false,
  withdrawIdentityAbove: null, depositAddressAbove: null, fourEyesFrom: 'address', provider: 'manual', expiryDays: 730,
  riskReviewScore: 50, riskWeights: { device: 40, ip: 10, payee: 40, rapid: 20, bonus: 20, agentBurst: 15 },
  aml: AML_DEFAULT_RULES,
};

/** The value of a refused gate: which level is missing, why (the rule), and its figures. */
export const gateValue = z.object({
  level: z.enum(LEVELS),
  rule: z.enum(['age', 'withdraw_amount', 'deposit_total', 'withdraw_contact']),
  minAge: z.number().int().optional(),
  amount: z.string().optional(),
});
export type GateValue = z.infer<typeof gateValue>;

export const documentView = z.object({
  id: z.string(), kind: z.enum(DOCUMENT_KINDS), contentType: z.enum(DOCUMENT_TYPES), size: z.number().int(),
  status: z.enum(['new', 'submitted', 'verified', 'rejected']), uploadedAt: z.string(),
});
export type DocumentView = z.infer<typeof documentView>;

export const levelView = z.object({
  level: z.enum(LEVELS),
  status: z.enum(STATUSES),
  reason: z.enum(REASONS).nullable(),
  note: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type LevelView = z.infer<typeof levelView>;

export const statusView = z.object({
  levels: z.array(levelView),
  documents: z.array(documentView),
  requirements: z.array(gateValue), // what the member must do next and why (the brand's rules that apply now)
  birthDate: z.string().nullable(),
  minAge: z.number().int(),
  maxBytes: z.number().int(),
});
export type StatusView = z.infer<typeof statusView>;

export const status = endpoint({
  method: 'GET', path: '/wps/kyc/status', module: MODULES.member, auth: 'member',
  summary: 'My verification: each level\'s state (with the rejection reason), my documents, and what the brand asks of me and why.',
  response: statusView,
});

export const upload = endpoint({
  method: 'POST', path: '/wps/kyc/documents', module: MODULES.member, auth: 'member',
  summary: 'Upload one document (PNG, JPG or PDF as base64, ≤ 8 MB): checked by its bytes, stored without metadata.',
  body: z.object({ kind: z.enum(DOCUMENT_KINDS), file: z.string().min(1) }),
  response: documentView,
});

export const submit = endpoint({
  method: 'POST', path: '/wps/kyc/submit', module: MODULES.member, auth: 'member',
  summary: 'Send a level for verification with the documents uploaded for it (identity: full name and birth date as on the document).',
  body: z.object({
    level: z.enum(DOCUMENT_LEVELS),
    fullName: z.string().trim().min(2).max(120).optional(),
    birthDate: date.optional(),
  }),
  response: levelView,
});

// ---- console -----------------------------------------------------------------------------------

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const id = z.string().regex(/^\d{1,18}$/);

export const checkView = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  level: z.enum(DOCUMENT_LEVELS),
  status: z.enum(['pending', 'verified', 'rejected']),
  provider: z.enum(PROVIDERS),
  fullName: z.string().nullable(),
  birthDate: z.string().nullable(),
  reason: z.enum(REASONS).nullable(),
  note: z.string().nullable(),
  /** The first of two operators (four eyes), while the second is awaited. */
  firstApprover: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  needsTwo: z.boolean(),
  documents: z.array(documentView),
});
export type CheckView = z.infer<typeof checkView>;

export const queue = endpoint({
  method: 'GET', path: '/wps/ops/kyc/queue', module: MODULES.common, auth: 'none',
  summary: 'Verifications waiting for a decision (oldest first), or decided ones by status.',
  query: z.object({ status: z.enum(['pending', 'verified', 'rejected']).default('pending'), page }),
  response: z.object({ list: z.array(checkView), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});

export const memberProfileView = z.object({
  id: z.string(), username: z.string(), nickname: z.string(), realName: z.string().nullable(), birthday: z.string().nullable(),
  mobile: z.string().nullable(), email: z.string().nullable(), createdAt: z.string(), status: z.string(),
});

export const memberKyc = endpoint({
  method: 'GET', path: '/wps/ops/kyc/member', module: MODULES.common, auth: 'none',
  summary: 'A member\'s profile beside its verification: levels, checks with their documents.',
  query: z.object({ memberId: id }),
  response: z.object({ profile: memberProfileView, levels: z.array(levelView), checks: z.array(checkView) }),
});

export const decide = endpoint({
  method: 'POST', path: '/wps/ops/kyc/decide', module: MODULES.common, auth: 'none',
  summary: 'Verify or reject a pending check (a reason code on rejection). From the brand\'s four-eyes level a second operator must verify.',
  body: z.object({
    checkId: id,
    decision: z.enum(['verify', 'reject']),
    reason: z.enum(REASONS).optional(),
    note: z.string().trim().max(300).optional(),
  }),
  response: checkView,
});

export const getSettings = endpoint({
  method: 'GET', path: '/wps/ops/kyc/settings', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s KYC rules.', response: settings,
});

export const saveSettings = endpoint({
  method: 'POST', path: '/wps/ops/kyc/settings', module: MODULES.common, auth: 'none',
  summary: 'Change the brand\'s KYC rules (audited before/after).', body: settings, response: settings,
});

/** A provider's decision as its webhook sends it (the demo provider's shape). */
export const webhookEvent = z.object({
  eventId: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  outcome: z.enum(['approved', 'rejected', 'more']),
  reason: z.enum(REASONS).optional(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const webhook = endpoint({
  method: 'POST', path: `${WEBHOOK_PATH}/demo`, module: MODULES.common, auth: 'none',
  summary: 'The demo provider\'s decision (signed: x-kyc-signature). The same eventId twice changes nothing the second time.',
  body: webhookEvent,
  response: z.object({ applied: z.boolean() }),
});
