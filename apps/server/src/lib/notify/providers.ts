/**
 * Delivery providers for SMS and e-mail. Each one delivers or throws; recording in the
 * outbox and turning failures into `notify.failed` is the notifier's job (./index.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Brand } from '../../plugins/merchant.ts';

export type Channel = 'sms' | 'email';

export interface NotifyMessage {
  channel: Channel;
  /** Phone number (SMS) or e-mail address. */
  to: string;
  /** E-mail subject (ignored for SMS). */
  subject?: string;
  body: string;
}

export interface Provider {
  /** Written to `outbox.provider`. */
  readonly name: string;
  deliver(brand: Brand, msg: NotifyMessage): Promise<void>;
  close?(): Promise<void>;
}

const TIMEOUT_MS = 10_000;

/** Development: nothing leaves the server; the outbox row is the delivery. */
export function devProvider(log: FastifyBaseLogger, opts: { logBody: boolean }): Provider {
  return {
    name: 'dev',
    async deliver(brand, msg) {
      log.info(
        { brand: brand.code, channel: msg.channel, to: msg.to, subject: msg.subject, ...(opts.logBody ? { body: msg.body } : {}) },
        'notify (dev provider): message written to the outbox only',
      );
    },
  };
}

/** E-mail through SMTP (SMTP_URL like smtp://user:pass@host:587, or smtps://…:465). */
export function smtpProvider(opts: { url: string; from: string }): Provider {
  const transport: Transporter = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  } satisfies SMTPTransport.Options);
  return {
    name: 'smtp',
    async deliver(brand, msg) {
      // a bare address gets the brand's name as the display name
      const from = opts.from.includes('<') ? opts.from : { name: brand.config.name, address: opts.from };
      await transport.sendMail({ from, to: msg.to, subject: msg.subject ?? brand.config.name, text: msg.body });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * SMS through an HTTP gateway: POST {to, text} as JSON with `Authorization: Bearer <token>`.
 * Any non-2xx answer, a network error or a timeout is a failure.
 */
export function httpSmsProvider(opts: { url: string; token?: string }): Provider {
  return {
    name: 'http',
    async deliver(_brand, msg) {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ to: msg.to, text: msg.body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        throw new Error(`SMS gateway answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
      }
      await res.body?.cancel().catch(() => {});
    },
  };
}
