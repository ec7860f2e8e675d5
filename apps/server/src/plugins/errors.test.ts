import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';

/** A database error as drizzle throws it: the driver's error (with its SQLSTATE) as the cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query: update ledger_accounts …'), { cause: Object.assign(new Error('deadlock detected'), { code }) });

const app = Fastify({ logger: false });
await app.register(errorsPlugin);
app.get('/deadlock', async () => { throw wrapped('40P01'); });
app.get('/serialization', async () => { throw Object.assign(new Error('could not serialize access'), { code: '40001' }); });
app.get('/other-db', async () => { throw wrapped('23505'); });
app.get('/crash', async () => { throw new Error('boom'); });
afterAll(() => app.close());

const get = (url: string, language = 'EN') => app.inject({ method: 'GET', url, headers: { language } });

describe('errors plugin', () => {
  it('a transaction the database refused (deadlock, serialization) answers request.busy: retry, nothing was changed', async () => {
    for (const url of ['/deadlock', '/serialization']) {
      const res = await get(url);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, errorCode: 'request.busy', message: expect.stringContaining('nothing was changed') });
    }
    expect((await get('/deadlock', 'ES')).json().message).toContain('no se cambió nada');
  });

  it('any other failure is unknown.error, never a stack or the database text', async () => {
    for (const url of ['/other-db', '/crash']) {
      const res = await get(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, errorCode: 'unknown.error', message: 'Unknown error. Please try again later.' });
    }
  });
});
