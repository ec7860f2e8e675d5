import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { encryption, okEnvelope } from '@lobby/contract';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { outbox } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { freshDatabase, useTestApp, type TestApp } from '../../test/harness.ts';
import { createNotifier } from './index.ts';
import { httpSmsProvider } from './providers.ts';

// ---- a tiny SMS gateway: records requests, answers with `smsStatus`
const smsRequests: { auth?: string; contentType?: string; body: unknown }[] = [];
let smsStatus = 200;
const smsServer = http.createServer((req, res) => {
  let data = '';
  req.on('data', (c) => (data += c));
  req.on('end', () => {
    smsRequests.push({ auth: req.headers.authorization, contentType: req.headers['content-type'], body: JSON.parse(data || 'null') });
    res.writeHead(smsStatus, { 'content-type': 'application/json' });
    res.end(JSON.stringify(smsStatus < 300 ? { ok: true } : { error: 'gateway down' }));
  });
});
await new Promise<void>((r) => smsServer.listen(0, '127.0.0.1', r));
const smsUrl = `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/send`;

// ---- a tiny SMTP sink: enough of RFC 5321 for nodemailer; RCPT to reject@… is refused
interface Mail { auth: string; from: string; to: string[]; data: string }
const mails: Mail[] = [];
const smtpServer = net.createServer((sock) => {
  let buf = '';
  let inData = false;
  let cur: Mail = { auth: '', from: '', to: [], data: '' };
  const reply = (s: string) => sock.write(`${s}\r\n`);
  reply('220 sink ESMTP');
  sock.on('data', (chunk) => {
    buf += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buf.indexOf('\r\n.\r\n');
        if (end < 0) return;
        cur.data = buf.slice(0, end);
        buf = buf.slice(end + 5);
        inData = false;
        mails.push(cur);
        cur = { auth: cur.auth, from: '', to: [], data: '' };
        reply('250 2.0.0 queued');
        continue;
      }
      const i = buf.indexOf('\r\n');
      if (i < 0) return;
      const line = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const verb = line.split(' ')[0].toUpperCase();
      if (verb === 'EHLO') reply('250-sink\r\n250-AUTH PLAIN\r\n250 8BITMIME');
      else if (verb === 'HELO') reply('250 sink');
      else if (verb === 'AUTH') { cur.auth = line; reply('235 2.7.0 accepted'); }
      else if (verb === 'MAIL') { cur.from = line; reply('250 2.1.0 ok'); }
      else if (verb === 'RCPT') {
        if (/reject@/i.test(line)) reply('550 5.1.1 no such user');
        else { cur.to.push(line); reply('250 2.1.5 ok'); }
      } else if (verb === 'DATA') { inData = true; reply('354 end with .'); }
      else if (verb === 'QUIT') { reply('221 bye'); sock.end(); return; }
      else reply('250 ok'); // RSET, NOOP
    }
  });
  sock.on('error', () => {});
});
await new Promise<void>((r) => smtpServer.listen(0, '127.0.0.1', r));
const smtpPort = (smtpServer.address() as AddressInfo).port;

afterAll(async () => {
  await new Promise((r) => smsServer.close(r));
  await new Promise((r) => smtpServer.close(r));
});

const brandOf = (t: TestApp, code = 'demo') => t.app.brands.byMerchantCode(code)!;
const readOutbox = (t: TestApp, to: string, merchant = 'demo') =>
  t.call({ method: 'GET', url: `${encryption.getDevOutbox.path}?to=${encodeURIComponent(to)}`, merchant });

describe('dev provider (default): outbox only, readable through /wps/dev/outbox', () => {
  const t = useTestApp();

  it('records every message and serves the latest ones for a recipient, newest first', async () => {
    const demo = brandOf(t);
    await t.app.notify.send(demo, { channel: 'sms', to: '+5215512345678', body: 'Su código es 111111' });
    await t.app.notify.send(demo, { channel: 'sms', to: '+5215512345678', body: 'Su código es 222222' });
    await t.app.notify.send(demo, { channel: 'email', to: 'ana@example.com', subject: 'Recuperar', body: 'Enlace' });
    const res = await readOutbox(t, '+5215512345678');
    expect(res.statusCode).toBe(200);
    const list = okEnvelope(encryption.getDevOutbox.response).parse(res.json()).value;
    expect(list.map((m) => m.body)).toEqual(['Su código es 222222', 'Su código es 111111']);
    expect(list[0]).toMatchObject({ channel: 'sms', provider: 'dev', status: 'sent', error: null, subject: '' });
    const mail = (await readOutbox(t, 'ana@example.com')).json().value;
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Recuperar', body: 'Enlace', provider: 'dev' });
    const one = (await t.call({ method: 'GET', url: `${encryption.getDevOutbox.path}?to=%2B5215512345678&limit=1` })).json().value;
    expect(one).toHaveLength(1);
  });

  it('is scoped by brand and needs a recipient', async () => {
    await t.app.notify.send(brandOf(t, 'luna'), { channel: 'sms', to: '+84900000001', body: 'luna code' });
    expect((await readOutbox(t, '+84900000001', 'demo')).json().value).toEqual([]);
    expect((await readOutbox(t, '+84900000001', 'luna')).json().value).toHaveLength(1);
    const missing = await t.call({ method: 'GET', url: encryption.getDevOutbox.path });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('request_param_err');
  });
});

describe('http SMS and smtp e-mail providers', () => {
  const t = useTestApp({
    NOTIFY_SMS_PROVIDER: 'http',
    SMS_HTTP_URL: smsUrl,
    SMS_HTTP_TOKEN: 'tok-123',
    NOTIFY_EMAIL_PROVIDER: 'smtp',
    SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'no-reply@aurora-play.example',
  });
  const rows = (to: string) =>
    t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.merchantId, brandOf(t).id)));

  it('SMS: POSTs {to, text} with the bearer token and records it as sent', async () => {
    smsStatus = 200;
    smsRequests.length = 0;
    await t.app.notify.send(brandOf(t), { channel: 'sms', to: '+5215500000001', body: 'Código 123456' });
    expect(smsRequests).toEqual([{ auth: 'Bearer tok-123', contentType: 'application/json', body: { to: '+5215500000001', text: 'Código 123456' } }]);
    const [row] = await rows('+5215500000001');
    expect(row).toMatchObject({ channel: 'sms', provider: 'http', status: 'sent', error: null, body: 'Código 123456' });
  });

  it('SMS: a non-2xx answer is recorded as failed and thrown as notify.failed (503)', async () => {
    smsStatus = 500;
    const err = await t.app.notify.send(brandOf(t), { channel: 'sms', to: '+5215500000002', body: 'Código 654321' }).catch((e) => e);
    smsStatus = 200;
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'notify.failed', statusCode: 503 });
    const [row] = await rows('+5215500000002');
    expect(row).toMatchObject({ provider: 'http', status: 'failed' });
    expect(row.error).toMatch(/HTTP 500.*gateway down/);
    // still readable by operators
    expect((await readOutbox(t, '+5215500000002')).json().value[0]).toMatchObject({ status: 'failed', provider: 'http' });
  });

  it('SMS: an unreachable gateway is a recorded failure too', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const provider = httpSmsProvider({ url: `http://127.0.0.1:${port}/send` });
    const notifier = createNotifier(t.database.db, { sms: provider, email: provider }, t.app.log);
    await expect(notifier.send(brandOf(t), { channel: 'sms', to: '+5215500000003', body: 'x' })).rejects.toMatchObject({ code: 'notify.failed' });
    const [row] = await rows('+5215500000003');
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
  });

  it('e-mail: delivered over SMTP with auth, the brand name as sender name, subject and body', async () => {
    mails.length = 0;
    await t.app.notify.send(brandOf(t), { channel: 'email', to: 'ana@example.com', subject: 'Restablecer contraseña', body: 'Su enlace: https://x/y' });
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(Buffer.from(m.auth.split(' ')[2], 'base64').toString()).toBe('\0mailer\0s3cret');
    expect(m.from).toContain('<no-reply@aurora-play.example>');
    expect(m.to).toEqual(['RCPT TO:<ana@example.com>']);
    expect(m.data).toMatch(/^From: Aurora Play <no-reply@aurora-play\.example>/m);
    expect(m.data).toMatch(/^Subject: =\?UTF-8\?/m); // non-ASCII subject is MIME-encoded
    expect(m.data).toContain('Su enlace: https://x/y');
    const [row] = await rows('ana@example.com');
    expect(row).toMatchObject({ channel: 'email', provider: 'smtp', status: 'sent', subject: 'Restablecer contraseña' });
  });

  it('e-mail: a refused recipient is recorded as failed and thrown as notify.failed', async () => {
    await expect(t.app.notify.send(brandOf(t), { channel: 'email', to: 'reject@example.com', subject: 'Hola', body: 'x' }))
      .rejects.toMatchObject({ code: 'notify.failed' });
    const [row] = await rows('reject@example.com');
    expect(row).toMatchObject({ provider: 'smtp', status: 'failed' });
    expect(row.error).toMatch(/550|no such user|Recipient/i);
  });
});

describe('configuration', () => {
  it('the dev outbox route is absent in production unless DEV_OUTBOX=true', async () => {
    const database = await freshDatabase();
    await seedDemo(database.db);
    const make = (o: Partial<Config>) =>
      buildApp({
        config: loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { REDIS_PREFIX: `lobbytest:${randomBytes(4).toString('hex')}:`, webDist: '/nonexistent', ...o }),
        database,
        logger: false,
      });
    const prod = await make({ NODE_ENV: 'production' });
    const optIn = await make({ NODE_ENV: 'production', DEV_OUTBOX: true });
    try {
      const url = `${encryption.getDevOutbox.path}?to=x`;
      const a = await prod.inject({ method: 'GET', url, headers: { merchant: 'demo' } });
      expect(a.statusCode).toBe(404);
      expect(a.json().errorCode).toBe('request.not.found');
      const b = await optIn.inject({ method: 'GET', url, headers: { merchant: 'demo' } });
      expect(b.statusCode).toBe(200);
    } finally {
      await prod.close();
      await optIn.close();
      await database.close();
      await database.drop();
    }
  });

  it('a provider without its settings fails fast with the variables named', () => {
    expect(() => loadConfig({ NOTIFY_SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL: required when NOTIFY_SMS_PROVIDER=http/);
    expect(() => loadConfig({ NOTIFY_EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL[\s\S]*MAIL_FROM/);
    expect(() => loadConfig({ NOTIFY_EMAIL_PROVIDER: 'pigeon' })).toThrow(/NOTIFY_EMAIL_PROVIDER/);
    const c = loadConfig({});
    expect([c.NOTIFY_EMAIL_PROVIDER, c.NOTIFY_SMS_PROVIDER, c.DEV_OUTBOX]).toEqual(['dev', 'dev', false]);
  });
});
