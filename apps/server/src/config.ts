import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: `false` (default; the socket address is the client), a hop count (`1`), or a
 * comma-separated list of proxy addresses or CIDRs (`loopback`, `10.0.0.0/8`, …): X-Forwarded-For
 * is read only from those. `true` (trust every hop: any client picks its own address, and every
 * per-address limit with it) is refused in production (issue 18 item 3).
 */
const trustProxy = z
  .string()
  .transform((v): boolean | number | string[] => {
    const s = v.trim();
    if (s === '' || s === 'false' || s === '0') return false;
    if (s === 'true') return true;
    if (/^\d+$/.test(s)) return Number(s);
    return s.split(',').map((x) => x.trim()).filter(Boolean);
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('lobby:'),
  TRUST_PROXY: trustProxy.default(false),
  DEFAULT_MERCHANT: z.string().default('demo'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SEED_DEMO: bool.default(true),
  // notifications (apps/server/src/lib/notify): `dev` writes only the outbox table
  NOTIFY_EMAIL_PROVIDER: z.enum(['dev', 'smtp']).default('dev'),
  NOTIFY_SMS_PROVIDER: z.enum(['dev', 'http']).default('dev'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Serve GET /wps/dev/outbox even in production (never on a public deployment). */
  DEV_OUTBOX: bool.default(false),
  /** Encrypts the brands' RSA private keys at rest (brand_keys); keep it stable once keys exist. */
  BRAND_KEY_PASSPHRASE: z.string().min(16).optional(),
  /**
   * Operator API (deposit confirm, withdrawal pay…): header X-Operator-Key. One key for every
   * brand, or per brand as `demo:key1,luna:key2`. Unset: 'dev-operator-key' outside production;
   * in production the operator API answers function.not.available.
   */
  OPERATOR_API_KEY: z.string().min(8, 'must be at least 8 characters: the secret operators send as X-Operator-Key (one key, or per brand demo:key1,luna:key2); unset it to use dev-operator-key outside production').optional(),
  /**
   * What a service key may do: a comma list of console permissions. Unset: every permission but
   * operators.manage and sessions.manage, which no key ever holds (kernel/operator-access).
   */
  OPERATOR_API_KEY_PERMISSIONS: z.string().optional(),
  /** Run scheduled jobs (deposit expiry, withdrawal auto-receipt). Default: on, except NODE_ENV=test. */
  JOBS_ENABLED: bool.optional(),
  /**
   * Prometheus metrics (plugins/metrics.ts). With METRICS_PORT they are served on their own
   * listener (METRICS_HOST, default 127.0.0.1: keep it internal); else GET /metrics on the main
   * port needs `Authorization: Bearer <METRICS_TOKEN>` (unset: open outside production, off in it).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** On SIGTERM: seconds /readyz answers 503 before the listener closes (the balancer's probe interval), then the in-flight wait cap. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  /** Test acceleration of agent contract settlement (modules/agent-contracts/settle.ts; browser journeys): never on a real deployment (the server logs a warning). */
  CONTRACTS_REALTIME_SECONDS: z.coerce.number().int().min(10).max(300).optional(),
  CONTRACTS_SETTLE_LAG_SECONDS: z.coerce.number().int().min(5).max(60).optional(),
  /** Development: the aggregator stand-in (tools/aggregator-standin) connected to brand demo at start (modules/aggregators/standin.ts). */
  AGGREGATOR_STANDIN_URL: z.string().url().optional(),
  /** How the stand-in reaches our wallet (default http://127.0.0.1:PORT). */
  AGGREGATOR_STANDIN_WALLET_ORIGIN: z.string().url().optional(),
  /** Test acceleration: the operator's lottery draw-now also in production (browser journeys only; never on a real deployment). */
  LOTTERY_DRAW_NOW: bool.default(false),
  /** Browser journeys only: every captcha gets this answer (modules/session/captcha.ts); never on a real deployment (the server logs a warning). */
  CAPTCHA_TEST_ANSWER: z.string().regex(/^[2-9A-Z]{4,8}$/).optional(),
  /** Payments (modules/payments): the site's public address, for provider return and webhook URLs. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Stripe: secret key, webhook signing secret, and (tests, the stand-in) the API base address. */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  /** The built-in demo payment provider (checkout page, webhooks, payouts); default on outside production. */
  DEMO_PAYMENTS: bool.optional(),
}).superRefine((c, ctx) => {
  if (c.NODE_ENV === 'production' && c.TRUST_PROXY === true) {
    ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: 'true lets any client choose its address; give the hop count or the proxy addresses (e.g. loopback)' });
  }
  const need = (key: 'SMTP_URL' | 'MAIL_FROM' | 'SMS_HTTP_URL', why: string) => {
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${why}` });
  };
  if (c.NOTIFY_EMAIL_PROVIDER === 'smtp') {
    need('SMTP_URL', 'NOTIFY_EMAIL_PROVIDER=smtp');
    need('MAIL_FROM', 'NOTIFY_EMAIL_PROVIDER=smtp');
  }
  if (c.NOTIFY_SMS_PROVIDER === 'http') need('SMS_HTTP_URL', 'NOTIFY_SMS_PROVIDER=http');
});

export type Config = Omit<z.infer<typeof schema>, 'JOBS_ENABLED'> & { webDist: string; JOBS_ENABLED: boolean };

/** Read the environment into a typed config; fail fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const here = path.dirname(new URL(import.meta.url).pathname);
  const webDist = parsed.data.WEB_DIST ?? path.resolve(here, '../../web/dist');
  const d = parsed.data;
  const OPERATOR_API_KEY = d.OPERATOR_API_KEY ?? (d.NODE_ENV === 'production' ? undefined : 'dev-operator-key');
  const JOBS_ENABLED = d.JOBS_ENABLED ?? d.NODE_ENV !== 'test';
  return { ...d, OPERATOR_API_KEY, JOBS_ENABLED, webDist, ...overrides };
}
