/**
 * Notifications: `app.notify.send(brand, msg)` delivers an SMS or an e-mail through the
 * configured provider and ALWAYS records it in the `outbox` table (provider, sent/failed,
 * error). A failed delivery is recorded, then thrown as AppError('notify.failed') (503).
 *
 *   NOTIFY_EMAIL_PROVIDER = dev | smtp   (smtp: SMTP_URL, MAIL_FROM)
 *   NOTIFY_SMS_PROVIDER   = dev | http   (http: SMS_HTTP_URL, SMS_HTTP_TOKEN)
 *
 * With `dev` (the default) nothing leaves the server: operators and tests read the messages
 * from the outbox, also through GET /wps/dev/outbox (only when NODE_ENV !== 'production' or
 * DEV_OUTBOX=true).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { encryption } from '@lobby/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { outbox } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { route } from '../route.ts';
import { devProvider, httpSmsProvider, smtpProvider, type Channel, type NotifyMessage, type Provider } from './providers.ts';

export type { Channel, NotifyMessage, Provider } from './providers.ts';

export interface Notifier {
  /** Delivers and records one message; throws AppError('notify.failed') when delivery fails. */
  send(brand: Brand, msg: NotifyMessage): Promise<void>;
  /** The provider used for a channel (its name is what the outbox records). */
  provider(channel: Channel): Provider;
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notifier;
  }
}

type NotifyConfig = Pick<Config,
  'NODE_ENV' | 'NOTIFY_EMAIL_PROVIDER' | 'NOTIFY_SMS_PROVIDER' | 'SMTP_URL' | 'MAIL_FROM' | 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN'>;

/** The providers the configuration asks for. */
export function providersFromConfig(config: NotifyConfig, log: FastifyBaseLogger): Record<Channel, Provider> {
  const dev = devProvider(log, { logBody: config.NODE_ENV !== 'production' });
  const email = config.NOTIFY_EMAIL_PROVIDER === 'smtp'
    ? smtpProvider({ url: required(config.SMTP_URL, 'SMTP_URL'), from: required(config.MAIL_FROM, 'MAIL_FROM') })
    : dev;
  const sms = config.NOTIFY_SMS_PROVIDER === 'http'
    ? httpSmsProvider({ url: required(config.SMS_HTTP_URL, 'SMS_HTTP_URL'), token: config.SMS_HTTP_TOKEN })
    : dev;
  return { email, sms };
}

function required(v: string | undefined, name: string): string {
  if (!v) throw new Error(`Invalid configuration: ${name} is required by the chosen notification provider`);
  return v;
}

export function createNotifier(db: Db, providers: Record<Channel, Provider>, log: FastifyBaseLogger): Notifier {
  return {
    provider: (channel) => providers[channel],
    async send(brand, msg) {
      const provider = providers[msg.channel];
      const to = msg.to.trim();
      let error: string | null = null;
      try {
        await provider.deliver(brand, { ...msg, to });
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'delivery failed';
        log.warn({ err, brand: brand.code, channel: msg.channel, provider: provider.name }, 'notification delivery failed');
      }
      await db.insert(outbox).values({
        merchantId: brand.id,
        channel: msg.channel,
        recipient: to,
        subject: msg.subject ?? '',
        body: msg.body,
        provider: provider.name,
        status: error === null ? 'sent' : 'failed',
        error,
      });
      if (error !== null) throw new AppError('notify.failed');
    },
  };
}

/** Whether GET /wps/dev/outbox is served. */
export const devOutboxEnabled = (config: Pick<Config, 'NODE_ENV' | 'DEV_OUTBOX'>) =>
  config.NODE_ENV !== 'production' || config.DEV_OUTBOX;

export const notifyPlugin = fp(async (app: FastifyInstance, opts: { providers?: Record<Channel, Provider> } = {}) => {
  const providers = opts.providers ?? providersFromConfig(app.config, app.log);
  app.decorate('notify', createNotifier(app.db, providers, app.log));
  app.addHook('onClose', async () => {
    await Promise.allSettled([...new Set(Object.values(providers))].map((p) => p.close?.()));
  });
  if (app.config.NODE_ENV === 'production') {
    for (const [channel, p] of Object.entries(providers)) {
      if (p.name === 'dev') app.log.warn(`notify: ${channel} uses the dev provider: messages are only written to the outbox`);
    }
  }

  if (devOutboxEnabled(app.config)) {
    if (app.config.NODE_ENV === 'production') app.log.warn('DEV_OUTBOX=true: GET /wps/dev/outbox exposes sent codes; never enable it on a public deployment');
    route(app, encryption.getDevOutbox, async ({ brand, query }) => {
      const rows = await app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.merchantId, brand.id), eq(outbox.recipient, query.to.trim())))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(query.limit);
      return rows.map((r) => ({
        id: String(r.id),
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        provider: r.provider,
        status: r.status,
        error: r.error,
        createdAt: r.createdAt.toISOString(),
      }));
    });
  }
});
