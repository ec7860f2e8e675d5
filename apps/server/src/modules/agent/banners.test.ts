import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/index.ts';
import { useTestApp } from '../../test/harness.ts';
import { api, tokenFor } from '../../test/kits/wallet.ts';

/** Marketing banners (issue 25 item 5): the operator defines them (audited), agents get the enabled ones with their code. */
const t = useTestApp();
const KEY = { 'x-operator-key': 'dev-operator-key' };
const op = (url: string, payload?: object) => t.call({ method: payload ? 'POST' : 'GET', url: `/wps/operator/affiliate/banners${url}`, headers: KEY, ...(payload ? { payload } : {}) });

describe('marketing banners', () => {
  it('the operator saves, edits and deletes banners; agents see the enabled ones with their affiliate code', async () => {
    const art = { name: 'Leaderboard', width: 728, height: 90, imageUrl: '/site/banners/0123456789abcdef0123456789abcdef.png', landingPath: '/promotions' };
    const a = await op('/save', art);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().value).toMatchObject({ ...art, enabled: true });
    const b = (await op('/save', { ...art, name: 'Square', width: 300, height: 250, imageUrl: 'https://cdn.example/sq.jpg', enabled: false })).json().value;
    // bad input: another host as landing page, a script address, a size out of range
    for (const bad of [{ landingPath: '//evil.example/' }, { imageUrl: 'javascript:alert(1)' }, { width: 0 }]) {
      expect((await op('/save', { ...art, ...bad })).json().errorCode).toBe('request_param_err');
    }
    expect((await op('/save', { ...art, id: '999999' })).json().errorCode).toBe('affiliate.banner.not.found');
    expect((await op('/delete', { id: '999999' })).json().errorCode).toBe('affiliate.banner.not.found');
    expect((await op('/save', { ...art, id: a.json().value.id, name: 'Top banner' })).json().value.name).toBe('Top banner');
    expect((await op('')).json().value.list.map((x: { name: string }) => x.name)).toEqual(['Square', 'Top banner']);
    const seen = (await api(t, await tokenFor(t, 'agent01'), 'GET', '/wps/relay/MCSFE_agentBanners')).json().value;
    expect(seen).toEqual({ code: 'AGENT01', list: [{ id: a.json().value.id, name: 'Top banner', width: 728, height: 90, imageUrl: art.imageUrl, landingPath: '/promotions' }] });
    expect((await api(t, await tokenFor(t, 'player01'), 'GET', '/wps/relay/MCSFE_agentBanners')).json().errorCode).toBe('login.non.agent');
    expect((await op('/delete', { id: b.id })).json().value).toEqual({ id: b.id });
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from operator_audit where action like 'api:/wps/operator/affiliate/banners%' order by id`));
    expect(audit.map((r) => r.action)).toEqual(['api:/wps/operator/affiliate/banners/save', 'api:/wps/operator/affiliate/banners/save', 'api:/wps/operator/affiliate/banners/save', 'api:/wps/operator/affiliate/banners/delete']);
  });
});
