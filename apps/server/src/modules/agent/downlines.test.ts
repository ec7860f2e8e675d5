import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { addMember, api, fund, tokenFor } from '../../test/kits/wallet.ts';

const t = useTestApp();
const LIST = '/wps/relay/MCSFE_agentDownlines';

type Row = { account: string; level: number; teamSize: number; online: boolean; balance: string; isAgent: boolean; parentAccount: string };
const list = async (token: string, qs: string) => {
  const r = await api(t, token, 'GET', `${LIST}?${qs}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as { list: Row[]; total: number; totalPages: number; pageNo: number };
};

describe('downline list', () => {
  it('direct or all, with level, team size, balance, online, and filters by account, type and registration day', async () => {
    const top = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { type: 2, parent: top.username });
    const p1 = await addMember(t, 'demo', { parent: sub.username });
    const p2 = await addMember(t, 'demo', { parent: top.username });
    await fund(t, p2.username, 12_345n);
    await tokenFor(t, p1.username);
    // p2 registered long ago (demo brand days are GMT-6)
    await t.database.db.update(members).set({ createdAt: new Date('2026-01-05T05:00:00Z') }).where(eq(members.id, p2.id));
    const token = await tokenFor(t, top.username);

    const direct = await list(token, 'scope=direct');
    expect(direct.list.map((r) => r.account).sort()).toEqual([sub.username, p2.username].sort());
    const all = await list(token, 'scope=all');
    expect(all.total).toBe(3);
    const byName = Object.fromEntries(all.list.map((r) => [r.account, r]));
    expect(byName[sub.username]).toMatchObject({ level: 1, teamSize: 1, isAgent: true, parentAccount: top.username });
    expect(byName[p1.username]).toMatchObject({ level: 2, teamSize: 0, online: true, parentAccount: sub.username });
    expect(byName[p2.username]).toMatchObject({ level: 1, balance: '123.45', online: false });

    expect((await list(token, 'scope=all&type=agent')).list.map((r) => r.account)).toEqual([sub.username]);
    expect((await list(token, 'scope=all&type=member')).total).toBe(2);
    expect((await list(token, `scope=all&account=${p1.username.slice(0, 8).toUpperCase()}`)).list.map((r) => r.account)).toEqual([p1.username]);
    expect((await list(token, 'scope=all&account=%25')).total).toBe(0);
    // 2026-01-05T05:00Z is the 4th locally
    expect((await list(token, 'scope=all&registeredFrom=2026-01-04&registeredTo=2026-01-04')).list.map((r) => r.account)).toEqual([p2.username]);
    expect((await list(token, 'scope=all&registeredFrom=2026-01-05&registeredTo=2026-01-05')).total).toBe(0);
    const bad = await api(t, token, 'GET', `${LIST}?registeredFrom=2026-02-31`);
    expect(bad.json().errorCode).toBe('request_param_err');

    const page = await list(token, 'scope=all&pageSize=2&pageNo=2');
    expect([page.list.length, page.totalPages, page.pageNo]).toEqual([1, 2, 2]);
  });
});
