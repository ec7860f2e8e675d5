import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, ok } from '@/test/server';
import { getToken, setToken } from '@/lib/storage';
import { adoptUrlToken } from './url-token';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  setToken(null);
});

describe('a ?token= link at start-up (§4, issue 23 item 10)', () => {
  it('a live token becomes the session and leaves the address bar', async () => {
    const server = fakeServer({ 'POST /wps/session/check': (c) => ok({ live: (c.body as { token: string }).token === 'good' }) });
    window.history.replaceState(null, '', '/promotions?token=good&x=1');
    expect(await adoptUrlToken()).toBe(true);
    expect(getToken()).toBe('good');
    expect(window.location.pathname + window.location.search).toBe('/promotions?x=1');
    expect(server.count('POST /wps/session/check')).toBe(1);
  });

  it('a stale token is dropped silently: not stored, gone from the URL, a session already in the tab is kept', async () => {
    fakeServer({ 'POST /wps/session/check': () => ok({ live: false }) });
    setToken('mine');
    window.history.replaceState(null, '', '/?token=stale');
    expect(await adoptUrlToken()).toBe(false);
    expect(getToken()).toBe('mine');
    expect(window.location.search).toBe('');
  });

  it('no ?token= asks nothing; a failed check drops the token too', async () => {
    const server = fakeServer({ 'POST /wps/session/check': () => { throw new Error('offline'); } });
    expect(await adoptUrlToken()).toBe(false);
    expect(server.count('POST /wps/session/check')).toBe(0);
    window.history.replaceState(null, '', '/?token=t');
    expect(await adoptUrlToken()).toBe(false);
    expect(getToken()).toBeNull();
  });
});
