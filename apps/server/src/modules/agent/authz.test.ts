import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members, sessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { addMember, api, brandOf, memberId, tokenFor } from '../../test/kits/wallet.ts';

/** The authorisation matrix of every agent call (issue 8): who may act on whom. */
const t = useTestApp();

const OVERVIEW = '/wps/relay/ODSFE2_agentTeamOverview?startDate=2026-01-01&endDate=2026-01-07';
const LIST = '/wps/relay/MCSFE_agentDownlines?scope=all';
const BETTING = '/wps/relay/ODSFE2_agentTeamBetting?startDate=2026-01-01&endDate=2026-01-07';
const PL = '/wps/relay/ODSFE2_agentProfitLoss?startDate=2026-01-01&endDate=2026-01-07&scope=all';
const TX = (account: string) => `/wps/relay/ODSFE2_agentDownlineTransDet?startDate=2026-01-01&endDate=2026-01-07&account=${account}`;
const SET_AGENT = '/wps/relay/MCSFE_agentSetAgent';
const NICKNAME = '/wps/relay/MCSFE_agentEditNickname';
const RESET = '/wps/relay/MCSFE_agentResetPassword';

const READS = [OVERVIEW, LIST, BETTING, PL, TX('player01')];
const WRITES: [string, (id: string) => object][] = [
  [NICKNAME, (memberId) => ({ memberId, nickname: 'Nick' })],
  [RESET, (memberId) => ({ memberId })],
  [SET_AGENT, (memberId) => ({ memberId })],
];

const codeOf = (r: { json(): { errorCode?: string } }) => r.json().errorCode;

describe('callers who are not agents', () => {
  it('visitor: customer.not.login on every call', async () => {
    for (const url of READS) expect(codeOf(await api(t, undefined, 'GET', url))).toBe('customer.not.login');
    const target = String(await memberId(t, 'player01'));
    for (const [url, body] of WRITES) {
      const r = await api(t, undefined, 'POST', url, body(target));
      expect([r.statusCode, codeOf(r)]).toEqual([401, 'customer.not.login']);
    }
  });

  it('member: login.non.agent; trial: in_need_true_account, even on a member below them', async () => {
    const player = await tokenFor(t, 'player01');
    const trialRow = await addMember(t, 'demo', { type: brandOf(t).config.trialType });
    const trial = await tokenFor(t, trialRow.username);
    const below = await addMember(t, 'demo', { parent: 'player01' });
    for (const url of READS) {
      expect(codeOf(await api(t, player, 'GET', url))).toBe('login.non.agent');
      expect(codeOf(await api(t, trial, 'GET', url))).toBe('in_need_true_account');
    }
    for (const [url, body] of WRITES) {
      const r = await api(t, player, 'POST', url, body(String(below.id)));
      expect([r.statusCode, codeOf(r)]).toEqual([403, 'login.non.agent']);
      expect(codeOf(await api(t, trial, 'POST', url, body(String(below.id))))).toBe('in_need_true_account');
    }
  });
});

describe('an agent acting on members', () => {
  it('own member, own sub-agent and deep descendant are allowed; others are wallet.downline.invalid', async () => {
    const agent = await tokenFor(t, 'agent01');
    const deep = await addMember(t, 'demo', { parent: 'subagent01' });
    const otherAgent = await addMember(t, 'demo', { type: 1 });
    const otherMember = await addMember(t, 'demo', { parent: otherAgent.username });
    const otherBrand = await memberId(t, 'player01', 'luna');
    const self = await memberId(t, 'agent01');
    const own = String(await memberId(t, 'player01'));
    const sub = String(await memberId(t, 'subagent01'));

    for (const id of [own, sub, String(deep.id)]) {
      const r = await api(t, agent, 'POST', NICKNAME, { memberId: id, nickname: ` Nick ${id} ` });
      expect(r.statusCode).toBe(200);
      expect(r.json().value.nickname).toBe(`Nick ${id}`);
    }
    for (const id of [otherMember.id, otherAgent.id, otherBrand, self, 999_999_999n, 9_999_999_999_999_999_999n]) {
      for (const [url, body] of WRITES) {
        const r = await api(t, agent, 'POST', url, body(String(id)));
        expect([r.statusCode, codeOf(r)], `${url} ${id}`).toEqual([403, 'wallet.downline.invalid']);
      }
    }
    // account details: own member, sub-agent and deep descendant; nobody else (same answer whoever it is)
    for (const name of ['player01', 'subagent01', deep.username]) {
      const r = await api(t, agent, 'GET', TX(name.toUpperCase()));
      expect(r.statusCode, name).toBe(200);
      expect(r.json().value.member.account).toBe(name);
    }
    for (const name of [otherMember.username, otherAgent.username, 'agent01', 'nobody_here']) {
      const r = await api(t, agent, 'GET', TX(name));
      expect([r.statusCode, codeOf(r)], name).toEqual([403, 'wallet.downline.invalid']);
    }
    // another brand's player01 is not this agent's player01: the answer is this brand's member
    expect((await api(t, agent, 'GET', TX('player01'))).json().value.member.memberId).not.toBe(String(otherBrand));
    // the P&L statement lists the caller's team only
    const pl = (await api(t, agent, 'GET', PL.replace('scope=all', 'scope=direct'))).json().value;
    expect(pl.list.map((r: { account: string }) => r.account)).not.toContain(otherMember.username);
    expect(pl.list.every((r: { level: number }) => r.level === 1)).toBe(true);

    // nothing outside the subtree changed
    const [o] = await t.database.db.select().from(members).where(eq(members.id, otherMember.id));
    expect([o!.nickname, o!.mustChangePassword, o!.type]).toEqual([otherMember.nickname, false, 0]);

    // set as agent: direct only, and only once
    expect(codeOf(await api(t, agent, 'POST', SET_AGENT, { memberId: String(deep.id) }))).toBe('agent.direct.only');
    expect(codeOf(await api(t, agent, 'POST', SET_AGENT, { memberId: sub }))).toBe('agent.already.agent');
    const direct = await addMember(t, 'demo', { parent: 'agent01' });
    const made = await api(t, agent, 'POST', SET_AGENT, { memberId: String(direct.id) });
    expect(made.statusCode).toBe(200);
    expect(made.json().value).toMatchObject({ isAgent: true, type: 2, level: 1, parentAccount: 'agent01' });
  });

  it('a sub-agent sees only its own subtree, not its upline or siblings', async () => {
    const sub = await tokenFor(t, 'subagent01');
    const mine = await addMember(t, 'demo', { parent: 'subagent01' });
    const list = await api(t, sub, 'GET', LIST);
    const accounts = list.json().value.list.map((d: { account: string }) => d.account);
    expect(accounts).toContain(mine.username);
    expect(accounts).not.toContain('player01');
    for (const name of ['agent01', 'player01']) {
      expect(codeOf(await api(t, sub, 'GET', TX(name)))).toBe('wallet.downline.invalid');
      const r = await api(t, sub, 'POST', NICKNAME, { memberId: String(await memberId(t, name)), nickname: 'x' });
      expect(codeOf(r)).toBe('wallet.downline.invalid');
    }
  });

  it('reset password without a bound contact: a random temporary password, forced change, sessions ended', async () => {
    const agent = await tokenFor(t, 'agent01');
    const m = await addMember(t, 'demo', { parent: 'subagent01' });
    const token = await tokenFor(t, m.username);
    const r = await api(t, agent, 'POST', RESET, { memberId: String(m.id) });
    const value = r.json().value;
    expect(value).toMatchObject({ memberId: String(m.id), delivery: 'temporary', to: null, mustChangePassword: true });
    expect(value.temporaryPassword).toMatch(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]{10}$/);
    expect(value.temporaryPassword).not.toBe('123456');
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.mustChangePassword).toBe(true);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.memberId, m.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect(codeOf(await api(t, token, 'GET', '/wps/member/info'))).toBe('login.not.session');
  });

  it('nickname: empty or too long is agent.nickname.invalid; an id that is not a number is request_param_err', async () => {
    const agent = await tokenFor(t, 'agent01');
    const id = String(await memberId(t, 'player01'));
    expect(codeOf(await api(t, agent, 'POST', NICKNAME, { memberId: id, nickname: '  ' }))).toBe('agent.nickname.invalid');
    expect(codeOf(await api(t, agent, 'POST', NICKNAME, { memberId: id, nickname: 'x'.repeat(33) }))).toBe('agent.nickname.invalid');
    expect(codeOf(await api(t, agent, 'POST', NICKNAME, { memberId: 'abc', nickname: 'ok' }))).toBe('request_param_err');
  });
});

describe('reset password of a member with a bound contact', () => {
  it('sends a one-time link and code to the member; its password and sessions stay', async () => {
    const agent = await tokenFor(t, 'agent01');
    const m = await addMember(t, 'demo', { parent: 'agent01' });
    await t.database.db.update(members).set({ email: `${m.username}@mail.test`, passwordHash: 'keep' }).where(eq(members.id, m.id));
    const token = await tokenFor(t, m.username);
    const r = await api(t, agent, 'POST', RESET, { memberId: String(m.id) });
    expect(r.json().value).toEqual({ memberId: String(m.id), delivery: 'email', to: `${m.username.slice(0, 1)}***@mail.test`, expiresInMinutes: 30, temporaryPassword: null, mustChangePassword: false });
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect([row!.passwordHash, row!.mustChangePassword]).toEqual(['keep', false]);
    expect((await api(t, token, 'GET', '/wps/member/info')).statusCode).toBe(200);
  });
});
