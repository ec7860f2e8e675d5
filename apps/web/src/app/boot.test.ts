import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@lobby/contract';
import { systemKeys } from '@/lib/system';
import { gameKeys } from '@/features/games';
import { announcementKeys } from '@/lib/announcements';
import { promotionKeys } from '@/features/promotions';
import { getLanguage, getMerchant, setMerchant, setToken } from '@/lib/storage';
import { seedBootData } from './boot';

const status = { info: { brand: { merchantCode: 'demo' } } };
const row = { gameType: 'RNG', vassalage: 'RNG-NOVA', value: { games: [], total: 0 } };

function page(data: object | string) {
  const el = document.createElement('script');
  el.id = 'boot-data';
  el.type = 'application/json';
  el.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.head.appendChild(el);
}
const boot = (over: object = {}) => ({
  merchant: 'demo', language: getLanguage(), status, menus: [{ gameType: 'RNG' }], announcements: { banners: [] }, hot: { list: [] }, rows: [row],
  promotions: { list: [], categories: [] }, help: [{ term: 'faq', title: 'FAQ', content: 'x' }], ...over,
});

afterEach(() => {
  document.getElementById('boot-data')?.remove();
  sessionStorage.clear();
  localStorage.clear();
  setToken(null);
});

describe('seedBootData', () => {
  it('seeds the status, menus, hot games, HOME rows, help centre, visitor announcements and promotions once, and remembers the brand', () => {
    page(boot());
    const qc = new QueryClient();
    seedBootData(qc);
    const lang = getLanguage();
    expect(qc.getQueryData(systemKeys.status())).toEqual(status);
    expect(qc.getQueryData(gameKeys.menus(lang))).toEqual([{ gameType: 'RNG' }]);
    expect(qc.getQueryData(gameKeys.hot(lang))).toEqual({ list: [] });
    expect(qc.getQueryData(gameKeys.list({ gameType: 'RNG', vassalage: 'RNG-NOVA', pageNo: 1, pageSize: LIMITS.categoryPageSize, language: lang }))).toEqual(row.value);
    expect(qc.getQueryData(announcementKeys.list(lang, null))).toEqual({ banners: [] });
    expect(qc.getQueryData(promotionKeys.list(lang, false, 'all'))).toEqual({ list: [], categories: [] });
    expect(qc.getQueryData(systemKeys.help(lang))).toEqual([{ term: 'faq', title: 'FAQ', content: 'x' }]);
    expect(getMerchant()).toBe('demo');
    expect(document.getElementById('boot-data')).toBeNull();
  });

  it('ignores the data of another brand than the stored one', () => {
    setMerchant('luna');
    page(boot());
    const qc = new QueryClient();
    seedBootData(qc);
    expect(qc.getQueryData(systemKeys.status())).toBeUndefined();
    expect(getMerchant()).toBe('luna');
  });

  it('keeps only the status when the language differs, and no visitor announcements or promotions for a member', () => {
    page(boot({ language: 'XX' }));
    const qc = new QueryClient();
    seedBootData(qc);
    expect(qc.getQueryData(systemKeys.status())).toEqual(status);
    expect(qc.getQueryData(gameKeys.menus('XX'))).toBeUndefined();
    expect(qc.getQueryData(gameKeys.menus(getLanguage()))).toBeUndefined();

    setToken('member-token');
    page(boot());
    const member = new QueryClient();
    seedBootData(member);
    expect(member.getQueryData(announcementKeys.list(getLanguage(), null))).toBeUndefined();
    expect(member.getQueryData(announcementKeys.list(getLanguage(), 'member-token'))).toBeUndefined();
    expect(member.getQueryData(promotionKeys.list(getLanguage(), true, 'all'))).toBeUndefined();
    expect(member.getQueryData(promotionKeys.list(getLanguage(), false, 'all'))).toBeUndefined();
    expect(member.getQueryData(systemKeys.help(getLanguage()))).toBeDefined();
  });

  it('does nothing without the element or with broken JSON', () => {
    const qc = new QueryClient();
    seedBootData(qc);
    page('{not json');
    seedBootData(qc);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });
});
