import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Operator console — game aggregators (issue 20 item 5). A brand buys content from aggregators
 * speaking a documented operator API (today Hub88's): the console records how to reach one (base
 * URL, our operator id there), imports its game list into the catalog (its suppliers become
 * vendors, its categories our game types, its thumbnails the games' images) and its games then
 * launch through it (game URL asked with the member's launch token). The keys (the aggregator's
 * public key, our key pair) are its seamless-wallet credentials under the same `code`
 * (seamless-credentials.ts, protocol hub88).
 * Permissions: listing and importing `games.manage`, saving a configuration `settings.manage`;
 * both on the brand of the request; every change audited (`aggregator.save`, `aggregator.import`).
 *
 * Failures: request_param_err, operator.not.session (401), operator.forbidden (403),
 * operator.aggregator.not.found (404), operator.aggregator.keys.missing (409),
 * operator.aggregator.unreachable / .refused / .list.invalid (502).
 */
const M = MODULES.common;

export const KINDS = ['hub88'] as const;
export type Kind = (typeof KINDS)[number];

export const lastImport = z.object({ at: z.string(), vendors: z.number().int(), games: z.number().int(), added: z.number().int() });

export const aggregator = z.object({
  /** Also the partner name of its seamless-wallet credentials. */
  code: z.string(),
  kind: z.enum(KINDS),
  baseUrl: z.string(),
  operatorId: z.string(),
  vendorPrefix: z.string(),
  enabled: z.boolean(),
  /** Catalog vendors of its suppliers (from the last import). */
  vendors: z.array(z.string()),
  lastImport: lastImport.nullable(),
  /** A live hub88 credential with our key pair exists for `code`. */
  keysReady: z.boolean(),
  /** Where the aggregator calls our wallet (give it to the aggregator with our public key). */
  walletUrl: z.string(),
});
export type Aggregator = z.infer<typeof aggregator>;

export const list = endpoint({
  method: 'GET', path: '/wps/ops/aggregators', module: M, auth: 'none',
  summary: 'The brand\'s game aggregators with their catalog vendors and last import (games.manage).',
  response: z.array(aggregator),
});

export const CODE = /^[A-Z0-9][A-Z0-9_-]{1,19}$/;

export const saveBody = z.object({
  code: z.string().trim().toUpperCase().regex(CODE, 'capitals, digits, _ or -, 2-20'),
  kind: z.enum(KINDS).default('hub88'),
  baseUrl: z.string().trim().max(300).url().refine((u) => /^https?:\/\//.test(u), 'http(s) only'),
  operatorId: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/),
  /** 1-6 capitals or digits put before each supplier's name in its vendor code. */
  vendorPrefix: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,6}$/),
  enabled: z.boolean().default(true),
}).strict();
export type SaveBody = z.input<typeof saveBody>;

export const save = endpoint({
  method: 'POST', path: '/wps/ops/aggregators/save', module: M, auth: 'none',
  summary: 'Adds or changes an aggregator of the brand (settings.manage); audited.',
  body: saveBody,
  response: aggregator,
});

export const importBody = z.object({ code: z.string().trim().toUpperCase().regex(CODE) }).strict();

export const importCatalog = endpoint({
  method: 'POST', path: '/wps/ops/aggregators/import', module: M, auth: 'none',
  summary: 'Imports the aggregator\'s game list into the brand\'s catalog (games.manage); audited.',
  body: importBody,
  response: aggregator,
});
