import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { freshIp, login } from '../../test/kits/session.ts';
import { addMember, brandOf, memberId, tokenFor } from '../../test/kits/wallet.ts';

/** Contract state machine, rate caps and cascade, and the authorisation matrix (issue 8 item 3). */
const t = useTestApp();

const OFFER = '/wps/relay/MCSFE_contractOffer';
const ACCEPT = '/wps/relay/MCSFE_contractAccept';
const REJECT = '/wps/relay/MCSFE_contractReject';
const TERMINATE = '/wps/relay/MCSFE_contractTerminate';
const FLAGS = '/wps/relay/MCSFE_contractFlags';
const LIST = '/wps/relay/MCSFE_contracts';

/** JSON call from a fresh IP each time (the per-IP limits of the write calls are not under test here). */
const api = (_t: typeof t, token: string | undefined, method: 'GET' | 'POST', url: string, body?: object, code = 'demo') =>
  t.call({ method, url, merchant: code, token, remoteAddress: freshIp(), ...(body ? { payload: body } : {}) });

const codeOf = (r: { json(): { errorCode?: string } }) => r.json().errorCode;
const daily = (rate: string, more: object = {}) => ({ kind: 'daily', tiers: [{ minimumBet: '1000', activeMember: 1, rateType: 'P', rate }], ...more });

async function agentUnder(parent: string) {
  const m = await addMember(t, 'demo', { type: 2, parent });
  return { ...m, id: String(m.id), token: await tokenFor(t, m.username) };
}

async function offer(token: string, downlineId: string, body: object = daily('1.00')) {
  const r = await api(t, token, 'POST', OFFER, { downlineId, ...body });
  expect(r.statusCode, JSON.stringify(r.json())).toBe(200);
  return r.json().value as { contractId: string; status: string };
}
const act = (token: string, url: string, contractId: string) => api(t, token, 'POST', url, { contractId });

describe('contract state machine', () => {
  it('offer -> accept -> terminate, with every bad transition refused', async () => {
    const top = await tokenFor(t, 'agent01');
    const sub = await agentUnder('agent01');
    const body = { kind: 'daily', tiers: [{ minimumBet: '1000', activeMember: 1, rateType: 'P', rate: '1.00' }, { minimumBet: '5000', activeMember: 3, rate: '2' }] };
    const r = await api(t, top, 'POST', OFFER, { downlineId: sub.id, ...body });
    const c = r.json().value;
    expect(c).toMatchObject({ kind: 'daily', status: 'new', endReason: null, uplineAccount: 'agent01', downlineAccount: sub.username, canAccept: false, canTerminate: true });
    expect(c.tiers).toEqual([
      { minimumBet: '1000.00', netLoss: '0.00', activeMember: 1, rateType: 'P', rate: '1.00' },
      { minimumBet: '5000.00', netLoss: '0.00', activeMember: 3, rateType: 'P', rate: '2.00' },
    ]);
    // one offer of a kind at a time
    expect([(await api(t, top, 'POST', OFFER, { downlineId: sub.id, ...body })).statusCode]).toEqual([409]);
    expect(codeOf(await api(t, top, 'POST', OFFER, { downlineId: sub.id, ...body }))).toBe('contract.offer.pending');
    // the downline sees the flags and the offer
    const flags = (await api(t, sub.token, 'GET', FLAGS)).json().value;
    expect(flags.dailysalreqtype).toContain('RNG');
    expect(flags.pendingOffers).toBe(1);
    expect(flags.dailysalinfotype).toEqual([]);
    const mine = (await api(t, sub.token, 'GET', `${LIST}?role=downline&status=new`)).json().value;
    expect(mine.list.map((x: { contractId: string; canAccept: boolean }) => [x.contractId, x.canAccept])).toEqual([[c.contractId, true]]);

    // wrong side or wrong state
    expect(codeOf(await act(top, ACCEPT, c.contractId))).toBe('contract.action.forbidden');
    expect(codeOf(await act(top, REJECT, c.contractId))).toBe('contract.action.forbidden');
    expect(codeOf(await act(sub.token, TERMINATE, c.contractId))).toBe('contract.state.invalid');

    const ok = await act(sub.token, ACCEPT, c.contractId);
    expect(ok.json().value).toMatchObject({ status: 'success', canAccept: false, canTerminate: true });
    expect(ok.json().value.acceptedAt).not.toBeNull();
    for (const url of [ACCEPT, REJECT]) expect(codeOf(await act(sub.token, url, c.contractId))).toBe('contract.state.invalid');
    const after = (await api(t, sub.token, 'GET', FLAGS)).json().value;
    expect([after.dailysalreqtype, after.pendingOffers, after.dailysalinfotype.length]).toEqual([[], 0, 7]);

    const end = await act(top, TERMINATE, c.contractId);
    expect(end.json().value).toMatchObject({ status: 'termination', endReason: 'terminated', canTerminate: false });
    for (const url of [ACCEPT, REJECT, TERMINATE]) {
      const bad = await act(sub.token, url, c.contractId);
      expect([bad.statusCode, codeOf(bad)]).toEqual([409, 'contract.state.invalid']);
    }
  });

  it('reject and withdraw end an offer; a new offer can follow', async () => {
    const top = await tokenFor(t, 'agent01');
    const sub = await agentUnder('agent01');
    const a = await offer(top, sub.id);
    expect((await act(sub.token, REJECT, a.contractId)).json().value).toMatchObject({ status: 'termination', endReason: 'rejected' });
    const b = await offer(top, sub.id);
    expect((await act(top, TERMINATE, b.contractId)).json().value).toMatchObject({ status: 'termination', endReason: 'withdrawn' });
    expect(codeOf(await act(sub.token, ACCEPT, b.contractId))).toBe('contract.state.invalid');
    const c = await offer(top, sub.id);
    expect(c.status).toBe('new');
  });

  it('an upline cannot offer more than its own rate; a lower accepted rate ends the contracts above it, down the tree', async () => {
    const top = await tokenFor(t, 'agent01');
    const a = await agentUnder('agent01');
    const b = await agentUnder(a.username);
    const c = await agentUnder(b.username);
    // a top agent is capped by the brand-wide maximum; a sub-agent without a contract has no rate
    expect(codeOf(await api(t, top, 'POST', OFFER, { downlineId: a.id, ...daily('3.01') }))).toBe('contract.rate.exceeds');
    const noRate = await api(t, a.token, 'POST', OFFER, { downlineId: b.id, ...daily('0.01') });
    expect([noRate.statusCode, codeOf(noRate), noRate.json().message]).toEqual([400, 'contract.rate.exceeds', 'No puede ofrecer más que su propia tasa (0.00%).']);

    await act(a.token, ACCEPT, (await offer(top, a.id, daily('2.00'))).contractId);
    expect(codeOf(await api(t, a.token, 'POST', OFFER, { downlineId: b.id, ...daily('2.01') }))).toBe('contract.rate.exceeds');
    const ab = await offer(a.token, b.id, daily('2.00'));
    await act(b.token, ACCEPT, ab.contractId);
    const bc = await offer(b.token, c.id, daily('1.00'));
    await act(c.token, ACCEPT, bc.contractId);
    // a pending offer from b to c of another kind is not touched
    const other = await api(t, b.token, 'POST', OFFER, { downlineId: c.id, kind: 'hourly', tiers: [{ minimumBet: '1', activeMember: 0, rateType: 'P', rate: '0.50' }] });
    expect(codeOf(other)).toBe('contract.rate.exceeds');

    // a accepts a lower rate: b's 2.00 ends, and c's (b has no rate left) too
    const lower = await offer(top, a.id, daily('1.50'));
    await act(a.token, ACCEPT, lower.contractId);
    const asUpline = (await api(t, a.token, 'GET', `${LIST}?role=upline&kind=daily`)).json().value.list;
    expect(asUpline.map((x: { status: string; endReason: string }) => [x.status, x.endReason])).toEqual([['termination', 'upline_rate']]);
    const ofC = (await api(t, c.token, 'GET', `${LIST}?role=downline`)).json().value.list;
    expect(ofC.map((x: { status: string; endReason: string }) => [x.status, x.endReason])).toEqual([['termination', 'upline_rate']]);
    const ofA = (await api(t, a.token, 'GET', `${LIST}?role=downline&kind=daily`)).json().value.list;
    expect(ofA.map((x: { status: string; endReason: string | null }) => [x.status, x.endReason])).toEqual([['success', null], ['termination', 'replaced']]);
    // b may now be offered at most 1.50
    expect(codeOf(await api(t, a.token, 'POST', OFFER, { downlineId: b.id, ...daily('1.51') }))).toBe('contract.rate.exceeds');
    await offer(a.token, b.id, daily('1.50'));
  });

  it('tiers must be ascending with sane rates; dividends need a period', async () => {
    const top = await tokenFor(t, 'agent01');
    const sub = await agentUnder('agent01');
    const bad = async (body: object) => codeOf(await api(t, top, 'POST', OFFER, { downlineId: sub.id, ...body }));
    const tier = (minimumBet: string, activeMember: number, rate: string, rateType = 'P') => ({ minimumBet, activeMember, rate, rateType });
    expect(await bad({ kind: 'daily', tiers: [tier('5000', 1, '1'), tier('1000', 1, '2')] })).toBe('contract.tiers.invalid');
    expect(await bad({ kind: 'daily', tiers: [tier('1000', 1, '1'), tier('1000', 1, '2')] })).toBe('contract.tiers.invalid');
    expect(await bad({ kind: 'daily', tiers: [tier('1000', 1, '0')] })).toBe('contract.tiers.invalid');
    expect(await bad({ kind: 'daily', tiers: [tier('1000', 1, '100.01')] })).toBe('contract.tiers.invalid');
    expect(await bad({ kind: 'realtime', tiers: [tier('0', 0, '5', 'F')] })).toBe('contract.tiers.invalid');
    expect(await bad({ kind: 'daily', tiers: [tier('1,000', 1, '1')] })).toBe('request_param_err');
    // no tiers: only a CPA plan (issue 25) has none
    expect(await bad({ kind: 'daily', tiers: [] })).toBe('contract.plan.invalid');
    expect(await bad({ kind: 'dividend', tiers: [{ ...tier('0', 0, '10'), netLoss: '0' }] })).toBe('request_param_err');
    const ok = await api(t, top, 'POST', OFFER, { downlineId: sub.id, kind: 'dividend', period: 'weekly', tiers: [{ ...tier('0', 0, '10'), netLoss: '100' }, { ...tier('50000', 5, '25'), netLoss: '1000' }] });
    expect(ok.json().value).toMatchObject({ kind: 'dividend', period: 'weekly', status: 'new' });
    expect(ok.json().value.tiers[1]).toEqual({ minimumBet: '50000.00', netLoss: '1000.00', activeMember: 5, rateType: 'P', rate: '25.00' });
    // fixed daily wages are compared with the fixed cap
    const fixed = await api(t, top, 'POST', OFFER, { downlineId: sub.id, kind: 'daily', tiers: [tier('1000', 1, '50.00', 'F')] });
    expect(fixed.json().value.tiers[0]).toMatchObject({ rateType: 'F', rate: '50.00' });
  });
});

describe('authorisation matrix', () => {
  it('offer: own direct agent only; deep, member, other agent\'s, other brand and self are refused', async () => {
    const top = await tokenFor(t, 'agent01');
    const direct = await agentUnder('agent01');
    const deep = await agentUnder('subagent01');
    const ownMember = await addMember(t, 'demo', { parent: 'agent01' });
    const otherAgent = await addMember(t, 'demo', { type: 1 });
    const otherSub = await addMember(t, 'demo', { type: 2, parent: otherAgent.username });
    const otherBrand = await memberId(t, 'subagent01', 'luna');
    const self = await memberId(t, 'agent01');
    const cases: [string, string][] = [
      [deep.id, 'agent.direct.only'],
      [String(ownMember.id), 'contract.downline.not.agent'],
      [String(otherSub.id), 'wallet.downline.invalid'],
      [String(otherBrand), 'wallet.downline.invalid'],
      [String(self), 'wallet.downline.invalid'],
      ['999999999', 'wallet.downline.invalid'],
    ];
    for (const [id, code] of cases) expect(codeOf(await api(t, top, 'POST', OFFER, { downlineId: id, ...daily('1.00') })), id).toBe(code);
    await offer(top, direct.id);
  });

  it('actions and lists: only the two parties see or move a contract', async () => {
    const top = await tokenFor(t, 'agent01');
    const sub = await agentUnder('agent01');
    const c = await offer(top, sub.id);
    const deepBelow = await agentUnder(sub.username);
    const stranger = await tokenFor(t, (await addMember(t, 'demo', { type: 1 })).username);
    const lunaAgent = await tokenFor(t, 'agent01', 'luna');
    for (const token of [deepBelow.token, stranger]) {
      for (const url of [ACCEPT, REJECT, TERMINATE]) {
        const r = await act(token, url, c.contractId);
        expect([r.statusCode, codeOf(r)]).toEqual([404, 'contract.not.found']);
      }
      expect((await api(t, token, 'GET', `${LIST}?role=downline`)).json().value.total).toBe(0);
    }
    expect(codeOf(await api(t, lunaAgent, 'POST', ACCEPT, { contractId: c.contractId }, 'luna'))).toBe('contract.not.found');
    expect((await api(t, lunaAgent, 'GET', `${LIST}?role=upline`, undefined, 'luna')).json().value.total).toBe(0);
  });

  it('member: login.non.agent; trial: in_need_true_account; visitor: customer.not.login', async () => {
    const player = await tokenFor(t, 'player01');
    const trialRow = await addMember(t, 'demo', { type: brandOf(t).config.trialType });
    const trial = await tokenFor(t, trialRow.username);
    const sub = String(await memberId(t, 'subagent01'));
    const reads = [`${LIST}?role=downline`, '/wps/relay/ODSFE2_contractRecords?kind=daily&startDate=2026-01-01&endDate=2026-01-07', '/wps/relay/ODSFE2_agentIncome?startDate=2026-01-01&endDate=2026-01-07'];
    const writes: [string, object][] = [[OFFER, { downlineId: sub, ...daily('1.00') }], [ACCEPT, { contractId: '1' }], [REJECT, { contractId: '1' }], [TERMINATE, { contractId: '1' }]];
    for (const [token, code] of [[player, 'login.non.agent'], [trial, 'in_need_true_account'], [undefined, 'customer.not.login']] as const) {
      for (const url of reads) expect(codeOf(await api(t, token, 'GET', url)), `${url} ${code}`).toBe(code);
      for (const [url, body] of writes) expect(codeOf(await api(t, token, 'POST', url, body)), `${url} ${code}`).toBe(code);
    }
    // flags: any real account (a member has none); trial and visitor refused
    expect((await api(t, player, 'GET', FLAGS)).json().value.pendingOffers).toBe(0);
    expect(codeOf(await api(t, trial, 'GET', FLAGS))).toBe('in_need_true_account');
    expect(codeOf(await api(t, undefined, 'GET', FLAGS))).toBe('customer.not.login');
  });
});

describe('consolidated contract flags on login', () => {
  it('the login answer carries the flags: an offer waiting opens the popup, accepted it shows as a contract in force', async () => {
    const top = await tokenFor(t, 'agent01');
    const sub = String(await memberId(t, 'subagent01'));
    const before = (await login(t, 'subagent01', 'Agent123', { ip: freshIp() })).json().value;
    expect(before.contractFlags).toMatchObject({ dailysalreqtype: [], pendingOffers: 0 });
    const c = await offer(top, sub, { kind: 'hourly', tiers: [{ minimumBet: '100', activeMember: 0, rateType: 'P', rate: '0.50' }] });
    const v = (await login(t, 'subagent01', 'Agent123', { ip: freshIp() })).json().value;
    expect(v.contractFlags).toMatchObject({ contracthoursalreq: ['LIVE', 'RNG', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP'], contracthoursalinfo: [], pendingOffers: 1 });
    const token = v.token as string;
    // the consolidated funds carry the same flags
    const funds = (await api(t, token, 'GET', '/wps/member/info/funds/consolidated')).json().value;
    expect(funds).toMatchObject({ contracthoursalreq: v.contractFlags.contracthoursalreq, pendingOffers: 1 });
    await act(token, ACCEPT, c.contractId);
    const after = (await login(t, 'subagent01', 'Agent123', { ip: freshIp() })).json().value;
    expect(after.contractFlags).toMatchObject({ contracthoursalreq: [], pendingOffers: 0 });
    expect(after.contractFlags.contracthoursalinfo).toHaveLength(7);
  });
});

describe('OpenAPI', () => {
  it('documents every contracts call', async () => {
    const paths = Object.keys((await t.call({ method: 'GET', url: '/openapi.json' })).json().paths);
    for (const p of [OFFER, ACCEPT, REJECT, TERMINATE, FLAGS, LIST, '/wps/relay/ODSFE2_contractRecords', '/wps/relay/ODSFE2_agentIncome']) expect(paths).toContain(p);
  });
});
