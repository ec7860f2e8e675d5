import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS, errorEnvelope, okEnvelope, system } from '@lobby/contract';
import { merchants } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp({ TRUST_PROXY: true });

async function setBrand(code: string, patch: (c: typeof merchants.$inferSelect['config']) => void) {
  const [row] = await t.database.db.select().from(merchants).where(eq(merchants.code, code));
  patch(row.config);
  await t.database.db.update(merchants).set({ config: row.config, version: row.version + 1 }).where(eq(merchants.id, row.id));
  await t.app.brandsChanged();
}

describe('GET /wps/system/status', () => {
  it('answers the permission payload of the brand in the envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/system/status' });
    expect(res.statusCode).toBe(200);
    const body = okEnvelope(system.systemStatus).parse(res.json());
    expect(body.value.status).toBe(0);
    expect(body.value.maintenance).toBe(false);
    expect(body.value.info.brand.merchantCode).toBe('demo');
    expect(body.value.info.brand.languages.map((l) => l.code)).toEqual(['ES', 'EN', 'PT-BR', 'CN', 'AR']);
    expect(body.value.info.brand.languages.find((l) => l.code === 'AR')?.rtl).toBe(true);
    expect(body.value.info.register.username.patternId).toBe('letter_start_alnum');
    expect(body.value.info.customerService.length).toBeGreaterThan(0);
    expect(body.value.info.resources.map((r) => r.resourceType)).toEqual(['IOS', 'ANDROID']);
    expect(body.value.info.brand.footerVendors).toHaveLength(15);
    // demo asks for a captcha only after failures; luna on every login, so its form shows it at once
    expect(body.value.info.brand.captchaOnLogin).toBe(false);
    const luna = okEnvelope(system.systemStatus).parse((await t.call({ method: 'GET', url: '/wps/system/status', merchant: 'luna' })).json());
    expect(luna.value.info.brand.captchaOnLogin).toBe(true);
    expect(body.value.location.ip).toBe('127.0.0.1');
  });

  it('keeps brands apart: the Merchant header selects the white-label config', async () => {
    const demo = (await t.call({ method: 'GET', url: '/wps/system/status' })).json();
    const luna = (await t.call({ method: 'GET', url: '/wps/system/status', merchant: 'luna' })).json();
    expect(luna.value.info.brand.name).toBe('Luna Bet');
    expect(demo.value.info.brand.name).toBe('Aurora Play');
    expect(luna.value.info.brand.currency.code).not.toBe(demo.value.info.brand.currency.code);
    const ref = (tree: { modId: string; enabled: boolean }[]) => tree.find((n) => n.modId === 'REFERRAL3')?.enabled;
    expect(ref(luna.value.info.whitelabel)).toBe(false);
    expect(ref(demo.value.info.whitelabel)).toBe(true);
  });

  it('picks the brand by host name without a Merchant header, else the default brand', async () => {
    const byHost = await t.call({ method: 'GET', url: '/wps/system/status', merchant: null, headers: { host: 'luna.localhost' } });
    expect(byHost.json().value.info.brand.merchantCode).toBe('luna');
    const fallback = await t.call({ method: 'GET', url: '/wps/system/status', merchant: null, headers: { host: 'unknown.example' } });
    expect(fallback.json().value.info.brand.merchantCode).toBe('demo');
  });

  it('rejects an unknown merchant with a stable code and a translated message', async () => {
    const es = await t.call({ method: 'GET', url: '/wps/system/status', merchant: 'nope' });
    expect(es.statusCode).toBe(400);
    const body = errorEnvelope.parse(es.json());
    expect(body.errorCode).toBe('merchant.not.found');
    expect(body.message).toBe(ERRORS['merchant.not.found'].es);
    const en = await t.call({ method: 'GET', url: '/wps/system/status', merchant: 'nope', language: 'EN' });
    expect(en.json().message).toBe(ERRORS['merchant.not.found'].en);
  });

  it('reports region restriction from the client country, with a trusted proxy', async () => {
    const blocked = await t.call({ method: 'GET', url: '/wps/system/status', headers: { 'x-forwarded-for': '5.160.0.1' } });
    const v = blocked.json().value;
    expect(v.location).toEqual({ ip: '5.160.0.1', country: 'IR' });
    expect(v.regionRestriction).toBe(true);
    expect(v.status).toBe(2);
    // luna allows only its countries: a Mexican address is out, a Vietnamese one in
    const mx = await t.call({ method: 'GET', url: '/wps/system/status', merchant: 'luna', headers: { 'x-forwarded-for': '187.188.0.1' } });
    expect(mx.json().value.status).toBe(2);
    const vn = await t.call({ method: 'GET', url: '/wps/system/status', merchant: 'luna', headers: { 'x-forwarded-for': '14.160.0.1' } });
    expect(vn.json().value.location.country).toBe('VN');
    expect(vn.json().value.status).toBe(0);
  });

  it('maintenance wins over region restriction and blocks feature calls; changes apply at once', async () => {
    await setBrand('demo', (c) => { c.maintenance.enabled = true; });
    const res = await t.call({ method: 'GET', url: '/wps/system/status', headers: { 'x-forwarded-for': '5.160.0.1' } });
    expect(res.json().value.status).toBe(1);
    expect(res.json().value.regionRestriction).toBe(true);
    const help = await t.call({ method: 'GET', url: '/wps/system/helpCenter' });
    expect(help.statusCode).toBe(503);
    expect(help.json().errorCode).toBe('system.maintenance');
    await setBrand('demo', (c) => { c.maintenance.enabled = false; });
    expect((await t.call({ method: 'GET', url: '/wps/system/status' })).json().value.status).toBe(0);
  });
});

describe('white-label module switches', () => {
  it('a disabled module answers function.not.available', async () => {
    await setBrand('luna', (c) => { c.whitelabel.find((n) => n.modId === 'HELP3')!.enabled = false; });
    const res = await t.call({ method: 'GET', url: '/wps/system/helpCenter', merchant: 'luna' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('function.not.available');
    const demo = await t.call({ method: 'GET', url: '/wps/system/helpCenter' });
    expect(demo.statusCode).toBe(200);
  });
});

describe('system calls', () => {
  it('whitelabel, register settings and domain route', async () => {
    const wl = (await t.call({ method: 'GET', url: '/wps/system/whitelabel' })).json();
    expect(wl.value.map((n: { modId: string }) => n.modId)).toContain('GAMELO3');
    const reg = (await t.call({ method: 'GET', url: '/wps/system/setting/register' })).json();
    expect(reg.value.password).toMatchObject({ minLength: 6, maxLength: 20, patternId: 'letters_digits' });
    const dr = (await t.call({ method: 'GET', url: '/wps/system/domainRoute' })).json();
    expect(dr.value.mainDomain).toBe('aurora-play.example');
  });

  it('help centre in the request language', async () => {
    const es = (await t.call({ method: 'GET', url: '/wps/system/helpCenter' })).json();
    const en = (await t.call({ method: 'GET', url: '/wps/system/helpCenter', language: 'EN' })).json();
    expect(es.value[0].title).toBe('Sobre nosotros');
    expect(en.value[0].title).toBe('About us');
    expect(en.value.map((a: { term: string }) => a.term)).toContain('terms');
    const fa = (await t.call({ method: 'GET', url: '/wps/system/helpCenter', language: 'FA' })).json();
    expect(fa.value[0].title).toBe('دربارهٔ ما');
    expect(fa.value[0].content).toContain('<b>Aurora Play</b>');
  });

  it('country list with dialing codes', async () => {
    const res = (await t.call({ method: 'GET', url: '/wps/system/countries', language: 'EN' })).json();
    expect(res.value).toContainEqual({ countryCode: 'MX', countryDialingCode: '+52', name: 'Mexico' });
    const es = (await t.call({ method: 'GET', url: '/wps/system/countries' })).json();
    expect(es.value.find((c: { countryCode: string }) => c.countryCode === 'MX').name).toBe('México');
  });
});

describe('envelope and errors', () => {
  it('an unknown API path is a 404 envelope, not a crash', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'request.not.found' });
  });

  it('a member call without a token is customer.not.login (401)', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/member/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('customer.not.login');
  });

  it('a stale token is login.not.session (401)', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/member/info', token: 'not-a-real-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('login.not.session');
  });

  it('bad JSON and bad fields are request_param_err with the fields named', async () => {
    const bad = await t.call({ method: 'POST', url: '/wps/member/language', token: 'x', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('request_param_err');
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await t.call({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/wps/system/status');
  });
});

describe('QR images', () => {
  it('draws a QR code for a text as SVG, cacheable', async () => {
    const res = await t.call({ method: 'GET', url: `/wps/system/qr?text=${encodeURIComponent('https://aurora-play.example/app/ios')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('refuses a missing or too long text with request_param_err', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/system/qr' })).json().errorCode).toBe('request_param_err');
    const long = await t.call({ method: 'GET', url: `/wps/system/qr?text=${'x'.repeat(513)}` });
    expect(long.statusCode).toBe(400);
  });
});
