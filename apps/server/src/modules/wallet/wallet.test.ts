import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { addMember, api, brandOf, fund, memberId, rid, tokenFor } from '../../test/kits/wallet.ts';

const t = useTestApp();

describe('balance, merchant wallet, consolidated funds', () => {
  it('a member without money sees a main wallet of 0.00', async () => {
    const m = await addMember(t, 'demo');
    const r = await api(t, await tokenFor(t, m.username), 'GET', '/wps/v2/wallets/balance');
    expect(r.statusCode).toBe(200);
    expect(r.json().value).toEqual({ sumBalance: '0.00', currency: 'MXN', currencySymbol: '$', balance: [{ accountTypeId: 2, availBalance: '0.00', wallet: 'main', name: 'main' }] });
    expect((await api(t, undefined, 'GET', '/wps/v2/wallets/balance')).json().errorCode).toBe('customer.not.login');
  });

  it('shows main and game wallets with their sum; member info carries the main balance', async () => {
    const m = await addMember(t, 'demo');
    const token = await tokenFor(t, m.username);
    await fund(t, m.username, 150_000n);
    await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', { from: 'main', to: 'game:RNG-AURORA', amount: '250.25', requestId: rid() });
    await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', { from: 'main', to: 'game:LIVE-EVO', amount: '100', requestId: rid() });
    const v = (await api(t, token, 'GET', '/wps/v2/wallets/balance')).json().value;
    expect(v.sumBalance).toBe('1500.00');
    expect(v.balance).toEqual([
      { accountTypeId: 2, availBalance: '1149.75', wallet: 'main', name: 'main' },
      { accountTypeId: 4, availBalance: '100.00', wallet: 'game:LIVE-EVO', name: 'LIVE-EVO' },
      { accountTypeId: 4, availBalance: '250.25', wallet: 'game:RNG-AURORA', name: 'RNG-AURORA' },
    ]);
    expect((await api(t, token, 'GET', '/wps/member/info')).json().value.balance).toBe('1149.75');
    const c = (await api(t, token, 'GET', '/wps/member/info/funds/consolidated')).json().value;
    expect(c.funds).toEqual({ main: '1149.75', total: '1500.00', games: v.balance.slice(1) });
    expect(c.divtypereq).toEqual([]);
    expect(c.dailysalinfotype).toEqual([]);
  });

  it('merchant wallet: demo is multi-wallet, luna single (no login needed); luna shows the brand currency', async () => {
    expect((await api(t, undefined, 'GET', '/wps/relay/GCS_merchantWallet')).json().value).toEqual({ isSingle: false });
    expect((await api(t, undefined, 'GET', '/wps/relay/GCS_merchantWallet', undefined, 'luna')).json().value).toEqual({ isSingle: true });
    await fund(t, 'player01', 4_200n, 'luna');
    const v = (await api(t, await tokenFor(t, 'player01', 'luna'), 'GET', '/wps/v2/wallets/balance', undefined, 'luna')).json().value;
    expect(v).toMatchObject({ sumBalance: '42.00', currency: 'USD', currencySymbol: 'US$' });
    expect(v.balance).toHaveLength(1);
  });

  it('a trial account gets the brand play money once, sees it, and cannot open consolidated funds', async () => {
    const r = await t.call({ method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'web', platform: 'W' } });
    const token = r.json().value.token;
    const trialBalance = brandOf(t).config.wallet.trialBalance;
    const v = (await api(t, token, 'GET', '/wps/v2/wallets/balance')).json().value;
    expect(v.balance[0].availBalance).toBe((trialBalance / 100).toFixed(2));
    expect((await api(t, token, 'GET', '/wps/member/info')).json().value.balance).toBe((trialBalance / 100).toFixed(2));
    const c = await api(t, token, 'GET', '/wps/member/info/funds/consolidated');
    expect(c.statusCode).toBe(403);
    expect(c.json().errorCode).toBe('in_need_true_account');
    const tr = await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', { from: 'main', to: 'game:RNG-AURORA', amount: '1', requestId: rid() });
    expect(tr.json().errorCode).toBe('in_need_true_account');
    const luna = await t.call({ method: 'POST', url: '/wps/session/login/freeplay', merchant: 'luna' });
    if (luna.statusCode === 200) {
      const lv = (await api(t, luna.json().value.token, 'GET', '/wps/v2/wallets/balance', undefined, 'luna')).json().value;
      expect(lv.sumBalance).toBe((brandOf(t, 'luna').config.wallet.trialBalance / 100).toFixed(2));
    }
  });

  it('keeps the ledger invariants', async () => {
    expect(await memberId(t, 'player01')).toBeTypeOf('bigint');
    for (const code of ['demo', 'luna']) {
      expect(await audit(t.database.db, brandOf(t, code).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
  });
});
