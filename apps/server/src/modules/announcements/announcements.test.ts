import { beforeAll, describe, expect, it } from 'vitest';
import { seedPopups } from '../../db/seed/announcements.ts';
import { useTestApp } from '../../test/harness.ts';
import { addMember, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { audienceMatches, ownLanguageFirst, visibleTo, type Row, type Viewer } from './filter.ts';

const t = useTestApp();
// The popups are not in the default seed (see DEMO_POPUPS); nothing was read yet, so no cache to drop.
beforeAll(async () => {
  await seedPopups(t.database.db);
});
const KEY = { 'x-operator-key': 'dev-operator-key' };
const LIST = '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W';

type Value = { banners: { title: string; groupName: string }[]; player: { title: string }[]; popup: { title: string; execution: string | null }[]; promotion: { title: string }[]; agent: { title: string }[]; userKind: string; firstLogin: boolean };

async function list(o: { token?: string; lang?: string; url?: string } = {}): Promise<Value> {
  const r = await t.call({ method: 'GET', url: o.url ?? LIST, token: o.token, headers: { language: o.lang ?? 'ES' } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as Value;
}

async function publish(body: object, code = 'demo') {
  const r = await t.call({ method: 'POST', url: '/wps/operator/announcements/create', merchant: code, headers: KEY, payload: body });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as { id: string };
}

const titles = (xs: { title: string }[]) => xs.map((x) => x.title);

describe('the audience rule (matrix)', () => {
  const viewers: Record<string, Viewer> = {
    visitor: { loggedIn: false, firstLogin: false, isAgent: false, lang: 'ES' },
    member: { loggedIn: true, firstLogin: false, isAgent: false, lang: 'ES' },
    firstLogin: { loggedIn: true, firstLogin: true, isAgent: false, lang: 'ES' },
    agent: { loggedIn: true, firstLogin: false, isAgent: true, lang: 'ES' },
  };
  // execution → who sees it
  const expected: Record<string, string[]> = {
    null: ['visitor', 'member', 'firstLogin', 'agent'],
    A: ['member', 'firstLogin', 'agent'],
    B: ['visitor'],
    F: ['firstLogin'],
  };
  const now = Date.parse('2026-06-01T00:00:00Z');
  const row = (over: Partial<Row>): Row => ({
    id: 1n, merchantId: 1, type: 'PU', groupName: null, execution: null, language: null, title: 'x', content: '', url: '', linkageType: 'none',
    image: '', promotionType: null, sort: 0, enabled: true, startsAt: null, endsAt: null, createdAt: new Date(now - 1000), updatedAt: new Date(now - 1000), ...over,
  });

  for (const type of ['B', 'PL', 'PU', 'PR', 'H'] as const) {
    for (const execution of [null, 'A', 'B', 'F'] as const) {
      for (const [name, v] of Object.entries(viewers)) {
        for (const language of [null, 'ES', 'EN'] as const) {
          const shouldSee = expected[String(execution)].includes(name) && (language === null || language === 'ES') && (type !== 'H' || name === 'agent');
          it(`${type} exec=${execution} lang=${language} → ${name} ${shouldSee ? 'sees' : 'does not see'}`, () => {
            const r = row({ type, execution, language, groupName: type === 'B' ? 'w_home' : null });
            expect(visibleTo(r, v, now)).toBe(shouldSee);
          });
        }
      }
    }
  }

  it('time window: not before startsAt, not at or after endsAt', () => {
    const v = viewers.visitor;
    expect(visibleTo(row({ startsAt: new Date(now + 1) }), v, now)).toBe(false);
    expect(visibleTo(row({ startsAt: new Date(now) }), v, now)).toBe(true);
    expect(visibleTo(row({ endsAt: new Date(now) }), v, now)).toBe(false);
    expect(visibleTo(row({ endsAt: new Date(now + 1) }), v, now)).toBe(true);
  });

  it('a translated language: its own rows replace the English ones of the same slot; a slot without keeps English', () => {
    const r = (id: number, language: string, groupName: string | null, type = 'B') => row({ id: BigInt(id), language, groupName, type } as Partial<Row>);
    const rows = [r(1, 'EN', 'w_home'), r(2, 'AR', 'w_home'), r(3, 'EN', 'w_login'), r(4, 'EN', null, 'PL'), r(5, 'ES', 'w_home')];
    expect(ownLanguageFirst(rows, 'AR').map((x) => Number(x.id))).toEqual([2, 3, 4, 5]);
    expect(ownLanguageFirst(rows, 'EN')).toBe(rows);
    expect(visibleTo(r(6, 'EN', 'w_home'), { ...viewers.visitor, lang: 'TH' }, now)).toBe(true);
    expect(visibleTo(r(7, 'ES', 'w_home'), { ...viewers.visitor, lang: 'TH' }, now)).toBe(false);
  });

  it('first login sees F and A, never B', () => {
    expect(['A', 'B', 'F'].filter((e) => audienceMatches(e as 'A', viewers.firstLogin))).toEqual(['A', 'F']);
  });
});

describe('MCSFE_getListAnnouncements on the seeded brand', () => {
  it('visitor: home banners in ES, player notices, the visitor popup only; no agent items', async () => {
    const v = await list();
    expect(v.userKind).toBe('anonymous');
    expect(v.banners.filter((b) => b.groupName === 'w_home').map((b) => b.title)[0]).toBe('Bono de bienvenida de hasta 100%');
    expect(new Set(v.banners.map((b) => b.groupName))).toEqual(new Set(['w_home', 'w_leftmenu', 'w_login', 'w_forget']));
    expect(v.player.length).toBe(2);
    expect(v.popup.map((p) => p.execution)).toEqual(['B']);
    expect(v.promotion).toEqual([]);
    expect(v.agent).toEqual([]);
  });

  it('EN language and the group filter', async () => {
    const v = await list({ lang: 'EN', url: `${LIST}&groupName=w_login` });
    expect(titles(v.banners)).toEqual(['Welcome back']);
    const other = await list({ lang: 'JA', url: `${LIST}&groupName=w_login` }); // an untranslated language falls back to EN
    expect(titles(other.banners)).toEqual(['Welcome back']);
  });

  it('a translated language reads its own demo rows (no English beside them)', async () => {
    const cn = await list({ lang: 'CN', url: `${LIST}&groupName=w_login` });
    expect(titles(cn.banners)).toEqual(['欢迎回来']);
    const ar = await list({ lang: 'AR' });
    expect(titles(ar.banners.filter((x) => x.groupName === 'w_home'))).toEqual(['مكافأة ترحيبية حتى 100%', 'كازينو مباشر مع موزّعين حقيقيين', 'كل رهان له مكافأة']);
    expect(titles(ar.player)).toEqual(['اللعب المسؤول', 'صيانة مجدولة يوم الإثنين من 04:00 إلى 05:00 (GMT)']);
  });

  it('a member on the first session sees F (and A); the next session only A', async () => {
    const m = await addMember(t, 'demo');
    const first = await list({ token: await tokenFor(t, m.username) });
    expect(first.firstLogin).toBe(true);
    expect(first.popup.map((p) => p.execution)).toEqual(['F', 'A']);
    expect(titles(first.promotion)).toEqual(['Recarga de fin de semana: 20% extra']);
    const second = await list({ token: await tokenFor(t, m.username) });
    expect([second.firstLogin, second.popup.map((p) => p.execution)]).toEqual([false, ['A']]);
    expect(second.userKind).toBe('user');
  });

  it('agents see agent announcements (H), members do not', async () => {
    const agent = await list({ token: await tokenFor(t, 'agent01') });
    expect(agent.agent.length).toBe(1);
    const member = await list({ token: await tokenFor(t, 'player01') });
    expect(member.agent).toEqual([]);
  });

  it('bad types answer request_param_err', async () => {
    const r = await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B,XX' });
    expect([r.statusCode, r.json().errorCode]).toEqual([400, 'request_param_err']);
  });
});

describe('operator API', () => {
  it('needs the operator key', async () => {
    const r = await t.call({ method: 'POST', url: '/wps/operator/announcements/create', payload: { type: 'PL', title: 'x' } });
    expect([r.statusCode, r.json().errorCode]).toEqual([401, 'cashier.operator.unauthorized']);
  });

  it('refuses javascript: links, banners without a group and reversed windows', async () => {
    for (const body of [
      { type: 'B', groupName: 'w_home', title: 'x', url: 'javascript:alert(1)' },
      { type: 'B', groupName: 'w_home', title: 'x', images: '//evil.example/a.png' },
      { type: 'B', title: 'x' },
      { type: 'PL', groupName: 'w_home', title: 'x' },
      { type: 'PL', title: 'x', startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
    ]) {
      const r = await t.call({ method: 'POST', url: '/wps/operator/announcements/create', headers: KEY, payload: body });
      expect([r.statusCode, r.json().errorCode], JSON.stringify(body)).toEqual([400, 'request_param_err']);
    }
  });

  it('publish is served at once (cache invalidated), update and delete too; windows apply; brands stay apart', async () => {
    const before = await list();
    const a = await publish({ type: 'PU', execution: 'B', title: 'Flash sale', content: '<p>now</p>', language: 'ES', sort: -5 });
    expect(titles((await list()).popup)[0]).toBe('Flash sale');
    expect(titles((await list({ lang: 'EN' })).popup)).not.toContain('Flash sale');
    const luna = await t.call({ method: 'GET', url: LIST, merchant: 'luna' });
    expect(titles(luna.json().value.popup)).not.toContain('Flash sale');

    const up = await t.call({ method: 'POST', url: '/wps/operator/announcements/update', headers: KEY, payload: { id: a.id, announcement: { type: 'PU', execution: 'B', title: 'Flash sale 2', sort: -5 } } });
    expect(up.statusCode, up.body).toBe(200);
    expect(titles((await list({ lang: 'EN' })).popup)[0]).toBe('Flash sale 2');

    await publish({ type: 'PL', title: 'Future', startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    await publish({ type: 'PL', title: 'Past', endsAt: new Date(Date.now() - 1000).toISOString() });
    expect(titles((await list()).player)).not.toContain('Future');
    expect(titles((await list()).player)).not.toContain('Past');

    const del = await t.call({ method: 'POST', url: '/wps/operator/announcements/delete', headers: KEY, payload: { id: a.id } });
    expect(del.statusCode).toBe(200);
    expect(titles((await list()).popup)).toEqual(titles(before.popup));
    const again = await t.call({ method: 'POST', url: '/wps/operator/announcements/delete', headers: KEY, payload: { id: a.id } });
    expect([again.statusCode, again.json().errorCode]).toEqual([404, 'announcement.not.found']);
    // another brand's key cannot touch it
    const other = await t.call({ method: 'POST', url: '/wps/operator/announcements/delete', merchant: 'luna', headers: KEY, payload: { id: a.id } });
    expect(other.statusCode).toBe(404);
    expect(brandOf(t).id).toBeGreaterThan(0);
  });

  it('a cached answer ends when an item\'s window starts or ends (no operator change in between)', async () => {
    const soon = Date.now() + 1500;
    await publish({ type: 'PL', title: 'Starts soon', startsAt: new Date(soon).toISOString(), endsAt: new Date(soon + 1500).toISOString() });
    expect(titles((await list()).player)).not.toContain('Starts soon');
    await new Promise((r) => setTimeout(r, soon - Date.now() + 50));
    expect(titles((await list()).player)).toContain('Starts soon');
    await new Promise((r) => setTimeout(r, soon + 1500 - Date.now() + 50));
    expect(titles((await list()).player)).not.toContain('Starts soon');
  });

  it('serves the generated banner art', async () => {
    const r = await t.call({ method: 'GET', url: '/wps/announcements/art/welcome.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toContain('<svg');
    expect((await t.call({ method: 'GET', url: '/wps/announcements/art/nope.svg' })).statusCode).toBe(404);
  });
});
