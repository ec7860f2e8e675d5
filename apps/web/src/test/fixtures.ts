import type { member, system } from '@lobby/contract';

type MemberInfo = member.MemberInfo;
type SystemStatus = system.SystemStatus;

export function statusFixture(over: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: 0,
    maintenance: false,
    regionRestriction: false,
    location: { ip: '203.0.113.9', country: 'MX' },
    info: {
      customerService: [{ csType: 'TELEGRAM', title: 'Soporte 24/7', path: 'https://t.me/demo' }],
      domainRoute: [],
      resources: [
        { resourceType: 'IOS', url: 'https://example.com/ios' },
        { resourceType: 'ANDROID', url: 'https://example.com/android' },
      ],
      whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [{ modId: 'REFERRAL3', enabled: true, childrenNodes: [] }] }],
      register: {},
      mainDomain: 'example.com',
      analytics: '',
      brand: {
        merchantCode: 'demo',
        name: 'Demo Casino',
        logoText: 'DEMO',
        theme: { primary: '#f5b73b', accent: '#7c5cff', background: '#0b0f1a' },
        currency: { code: 'USD', symbol: '$' },
        gmtOffsetMinutes: -300,
        defaultLanguage: 'ES',
        languages: [
          { code: 'ES', label: 'Español', rtl: false },
          { code: 'EN', label: 'English', rtl: false },
          { code: 'AR', label: 'العربية', rtl: true },
        ],
        social: { facebook: 'https://facebook.com/demo', youtube: 'https://youtube.com/demo' },
        footerVendors: ['RNG-AURORA', 'LIVE-STUDIO'],
        supportHours: 'Mon-Fri 12:00-21:00',
        agentTypes: [1, 2, 41, 42],
        trialType: 4,
        captchaOnLogin: false,
      },
    },
    ...over,
  };
}

export function memberFixture(over: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 'm1',
    account: 'player1',
    userName: 'player1',
    nickname: 'Player One',
    type: 0,
    isAgent: false,
    isTrial: false,
    balance: '1234567.5',
    currency: 'USD',
    currencySymbol: '$',
    vip: false,
    vipLabel: '',
    rankLevel: 1,
    availablePromoCount: 0,
    unreadMessageCount: 0,
    lastLoginAt: null,
    lastLoginIp: null,
    language: 'ES',
    mobile: null,
    email: null,
    hasPassword: true,
    otpEnabled: false,
    referralCode: 'REF123',
    createdAt: '2025-01-01T00:00:00.000Z',
    moneyOut: { state: 'ok', until: null },
    ...over,
  };
}
