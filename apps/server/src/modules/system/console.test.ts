import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchants, operatorAudit } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';

const t = useTestApp();

const read = async (op: Op, merchant = 'demo') => {
  const r = await opCall(t, op, 'GET', '/wps/ops/settings', undefined, merchant);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value;
};
const save = (op: Op, section: string, body: object, merchant = 'demo') => opCall(t, op, 'POST', `/wps/ops/settings/${section}`, body, merchant);
const stored = async (code: string) => (await t.database.db.select().from(merchants).where(eq(merchants.code, code)))[0];
const status = async (merchant = 'demo') => (await t.call({ method: 'GET', url: '/wps/system/status', merchant })).json().value;

describe('brand settings: each section round-trips', () => {
  it('saves every section and reads it back; money is stored in minor units', async () => {
    const op = await newOp(t, 'owner');
    const v0 = await read(op, 'luna');
    const cases: [string, object, (v: Record<string, unknown>) => unknown, unknown][] = [
      ['modules', { switches: { HELP3: false, MISSION3: false } }, (v) => (v.modules as { modId: string; enabled: boolean }[]).filter((n) => ['HELP3', 'MISSION3'].includes(n.modId)).map((n) => n.enabled), [false, false]],
      ['languages', { languages: ['EN', 'ES', 'TH'], defaultLanguage: 'ES' }, (v) => v.languages, { languages: ['EN', 'ES', 'TH'], defaultLanguage: 'ES' }],
      ['access', { maintenance: { enabled: false, message: 'Back at 10:00' }, region: { mode: 'block', countries: ['kp', 'IR', 'IR'] } }, (v) => v.access,
        { maintenance: { enabled: false, message: 'Back at 10:00' }, region: { mode: 'block', countries: ['KP', 'IR'] } }],
      ['contact', { customerService: [{ csType: 'TELEGRAM', title: 'Help', path: 'https://t.me/luna_help2' }], resources: [{ resourceType: 'IOS', url: 'https://luna.example/ios' }],
        social: { facebook: 'https://facebook.com/luna2', youtube: '' }, supportHours: '24/7', gmtOffsetMinutes: 330 }, (v) => v.contact,
      { customerService: [{ csType: 'TELEGRAM', title: 'Help', path: 'https://t.me/luna_help2' }], resources: [{ resourceType: 'IOS', url: 'https://luna.example/ios' }],
        social: { facebook: 'https://facebook.com/luna2', youtube: '', telegram: '', whatsapp: '', instagram: '' }, supportHours: '24/7', gmtOffsetMinutes: 330 }],
      ['thresholds', {
        autoReceiptMinutes: 90,
        security: { idleTimeoutMinutes: 20, absoluteLifetimeHours: 12, passwordExpiryDays: 30, captchaOnLogin: false, captchaAfterFailures: 4, newIpVerification: ['sms'],
          newIpWithoutContact: 'refuse', moneyOutHoldHours: 48 },
        activeMemberValidBet: '2.50', points: { validBetPerPoint: '50', convertValue: '0.05', convertMin: 20 },
        referral: { firstDepositPercent: '7.5', firstDepositMax: '300', thresholdAmount: '1000', thresholdReward: '0' },
      }, (v) => v.thresholds, {
        autoReceiptMinutes: 90,
        security: { idleTimeoutMinutes: 20, absoluteLifetimeHours: 12, passwordExpiryDays: 30, captchaOnLogin: false, captchaAfterFailures: 4, newIpVerification: ['sms'],
          newIpWithoutContact: 'refuse', moneyOutHoldHours: 48 },
        activeMemberValidBet: '2.50', points: { validBetPerPoint: '50.00', convertValue: '0.05', convertMin: 20 },
        referral: { firstDepositPercent: '7.5', firstDepositMax: '300.00', thresholdAmount: '1000.00', thresholdReward: '0.00' },
      }],
    ];
    for (const [section, body, pick, want] of cases) {
      const r = await save(op, section, body, 'luna');
      expect(r.statusCode, `${section} ${r.body}`).toBe(200);
      expect(pick(r.json().value), section).toEqual(want);
      expect(pick(await read(op, 'luna')), section).toEqual(want);
    }
    const rule = { ...v0.register.rules.qqNum, enabled: true, required: true, minLength: 5, maxLength: 11, acceptedPattern: '^[0-9]+$', patternId: 'digits_only' };
    const reg = await save(op, 'register', { rules: { qqNum: rule }, flags: { FREEPLAY3: false } }, 'luna');
    expect(reg.statusCode, reg.body).toBe(200);
    expect((await read(op, 'luna')).register.rules.qqNum).toEqual(rule);
    expect((await read(op, 'luna')).register.flags.FREEPLAY3).toBe(false);
    expect((await read(op, 'luna')).register.rules.username).toEqual(v0.register.rules.username);
    const c = (await stored('luna')).config;
    expect(c.activeMemberValidBet).toBe(250);
    expect(c.points).toEqual({ validBetPerPoint: 5000, convertValue: 5, convertMin: 20 });
    expect(c.referral).toEqual({ firstDepositBps: 750, firstDepositMax: 30_000, thresholdAmount: 100_000, thresholdReward: 0 });
    expect(c.wallet.autoReceiptMinutes).toBe(90);
    expect(c.social).toEqual({ facebook: 'https://facebook.com/luna2' });
    expect((await read(op, 'luna')).version).toBe(v0.version + 6);
  });
});

describe('brand settings: invalid input answers its error code', () => {
  it('refuses with a code and changes nothing', async () => {
    const op = await newOp(t, 'owner');
    const before = (await stored('demo')).config;
    const v = await read(op);
    const bad: [string, object, string][] = [
      ['languages', { languages: ['ES', 'EN'], defaultLanguage: 'CN' }, 'settings.language.default'],
      ['languages', { languages: ['ES', 'ES'], defaultLanguage: 'ES' }, 'request_param_err'],
      // the product has no Japanese translations: a brand cannot offer it
      ['languages', { languages: ['ES', 'JA'], defaultLanguage: 'ES' }, 'settings.language.untranslated'],
      ['contact', { ...v.contact, gmtOffsetMinutes: 900 }, 'settings.gmt.range'],
      ['contact', { ...v.contact, social: { facebook: 'javascript:alert(1)' } }, 'request_param_err'],
      ['register', { rules: { username: { ...v.register.rules.username, minLength: 12, maxLength: 8 } } }, 'settings.register.range'],
      ['register', { rules: { username: { ...v.register.rules.username, acceptedPattern: '([a-z' } } }, 'settings.register.pattern'],
      ['register', { rules: {}, flags: { WALLET3: false } }, 'settings.module.unknown'],
      ['modules', { switches: { NOPE3: false } }, 'settings.module.unknown'],
      ['access', { maintenance: { enabled: true }, region: { mode: 'block', countries: ['MEX'] } }, 'request_param_err'],
      ['thresholds', { ...v.thresholds, activeMemberValidBet: '1.234' }, 'settings.amount.invalid'],
      ['thresholds', { ...v.thresholds, points: { ...v.thresholds.points, validBetPerPoint: '0' } }, 'settings.amount.invalid'],
      ['thresholds', { ...v.thresholds, referral: { ...v.thresholds.referral, firstDepositPercent: '101' } }, 'settings.amount.invalid'],
      ['thresholds', { ...v.thresholds, security: { ...v.thresholds.security, idleTimeoutMinutes: 0 } }, 'request_param_err'],
    ];
    for (const [section, body, code] of bad) {
      const r = await save(op, section, body);
      expect(r.statusCode, `${section} ${code}`).toBe(400);
      expect(r.json().errorCode, `${section} ${code}`).toBe(code);
      expect(r.json().message).toBeTruthy();
    }
    const en = await t.call({ method: 'POST', url: '/wps/ops/settings/languages', language: 'EN', headers: { 'x-operator-session': op.token }, payload: bad[0][1] });
    expect(en.json().message).toBe('The default language must be one of the visible languages.');
    expect((await stored('demo')).config).toEqual(before);
  });

  it('needs settings.manage: the content role is refused', async () => {
    const op = await newOp(t, 'content');
    expect((await opCall(t, op, 'GET', '/wps/ops/settings')).json().errorCode).toBe('operator.forbidden');
  });
});

describe('brand settings: changes show at once in the public API', () => {
  it('maintenance, a module switch, the languages and the support hours', async () => {
    const op = await newOp(t, 'owner');
    const v = await read(op);
    expect((await save(op, 'access', { ...v.access, maintenance: { enabled: true, message: 'Upgrade' } })).statusCode).toBe(200);
    expect((await status()).status).toBe(1);
    expect((await t.call({ method: 'GET', url: '/wps/system/helpCenter' })).json().errorCode).toBe('system.maintenance');
    expect((await save(op, 'access', v.access)).statusCode).toBe(200);
    expect((await status()).status).toBe(0);

    expect((await save(op, 'modules', { switches: { HELP3: false } })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/system/helpCenter' })).json().errorCode).toBe('function.not.available');
    expect((await save(op, 'modules', { switches: { HELP3: true } })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/system/helpCenter' })).statusCode).toBe(200);

    expect((await save(op, 'languages', { languages: ['EN', 'ES'], defaultLanguage: 'EN' })).statusCode).toBe(200);
    const s = await status();
    expect(s.info.brand.languages.map((l: { code: string }) => l.code)).toEqual(['EN', 'ES']);
    expect(s.info.brand.defaultLanguage).toBe('EN');
    expect((await save(op, 'contact', { ...v.contact, supportHours: 'Daily 09:00-23:00' })).statusCode).toBe(200);
    expect((await status()).info.brand.supportHours).toBe('Daily 09:00-23:00');
    expect((await save(op, 'languages', v.languages)).statusCode).toBe(200);
  });
});

describe('brand settings: concurrency and audit', () => {
  it('merges into the stored config (a key changed elsewhere is kept) and audits the section before/after', async () => {
    const op = await newOp(t, 'owner');
    const row = await stored('demo');
    // another console page changes helpCenter in the database; this instance's memory is now stale
    const help = [{ term: 'new', title: { ES: 'Nuevo', EN: 'New' }, content: { ES: 'x', EN: 'x' } }];
    await t.database.db.update(merchants).set({ config: { ...row.config, helpCenter: help }, version: row.version + 1 }).where(eq(merchants.id, row.id));
    const v = await read(op);
    const [a, b] = await Promise.all([
      save(op, 'contact', { ...v.contact, supportHours: 'Mon-Sun 08:00-20:00' }),
      save(op, 'languages', { languages: ['ES', 'EN', 'CN'], defaultLanguage: 'ES' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await stored('demo')).config;
    expect(after.helpCenter).toEqual(help);
    expect(after.supportHours).toBe('Mon-Sun 08:00-20:00');
    expect(after.languages).toEqual(['ES', 'EN', 'CN']);
    const audit = (await t.database.db.select().from(operatorAudit)).filter((r) => r.action === 'settings.contact' && r.operatorName === op.username);
    expect(audit).toHaveLength(1);
    expect(audit[0].target).toBe('demo');
    expect((audit[0].before as { supportHours: string }).supportHours).toBe(v.contact.supportHours);
    expect((audit[0].after as { supportHours: string }).supportHours).toBe('Mon-Sun 08:00-20:00');
    const langs = (await t.database.db.select().from(operatorAudit)).filter((r) => r.action === 'settings.languages' && r.operatorName === op.username);
    expect(langs[0].after).toEqual({ languages: ['ES', 'EN', 'CN'], defaultLanguage: 'ES' });
    const listed = await opCall(t, op, 'GET', '/wps/ops/audit?action=settings.contact');
    expect(listed.json().value.list.some((r: { operatorName: string }) => r.operatorName === op.username)).toBe(true);
  });
});
