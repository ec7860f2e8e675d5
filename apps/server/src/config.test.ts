import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults: port 8080, embedded database, no Redis', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.TRUST_PROXY).toBe(false);
  });

  it('reads the trusted-proxy setting as a flag, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses to trust every hop in production: a forged X-Forwarded-For would pick the client address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('fails fast listing every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('a short OPERATOR_API_KEY stops the start with a message that says what it is and how long it must be (issue 23 item 14)', () => {
    expect(() => loadConfig({ OPERATOR_API_KEY: 'short' })).toThrow(/OPERATOR_API_KEY: must be at least 8 characters: the secret operators send as X-Operator-Key/);
  });
});
