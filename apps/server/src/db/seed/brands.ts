import { MODULES, type BrandConfig, type FieldRule, type ModuleNode } from '@lobby/contract';

const node = (modId: string, enabled = true, childrenNodes: ModuleNode[] = []): ModuleNode => ({ modId, enabled, childrenNodes });
const M = MODULES;

/** The full module tree; `off` lists the modules a brand switches off. */
export function moduleTree(off: string[] = []): ModuleNode[] {
  const n = (id: string, children: ModuleNode[] = []) => node(id, !off.includes(id), children);
  return [
    n(M.common),
    n(M.session, [n(M.smsLogin), n(M.freePlay), n(M.forcePasswordChange)]),
    n(M.register, [n(M.registerUsername), n(M.registerMobile, [n(M.registerMobileVerify), n(M.registerMobilePassword)])]),
    n(M.password, [n(M.passwordByPhone), n(M.passwordByMail)]),
    n(M.member),
    n(M.games),
    n(M.wallet, [n(M.deposit), n(M.withdraw), n(M.transfer), n(M.transferUpline)]),
    n(M.lottery),
    n(M.promotions),
    n(M.referral),
    n(M.missions),
    n(M.inbox),
    n(M.points),
    n(M.vip),
    n(M.help),
    n(M.feedback),
    n(M.chat),
    n(M.redEnvelope),
    n(M.appDownload),
    n(M.agent, [n(M.agentPolicy), n(M.dividend), n(M.dailySalary), n(M.hourSalary), n(M.realtimeSalary)]),
  ];
}

const rule = (acceptedPattern: string, minLength: number, maxLength: number, patternId: string, enabled = true, required = true): FieldRule =>
  ({ acceptedPattern, minLength, maxLength, patternId, enabled, required });
const off = (patternId = 'any'): FieldRule => rule('*', 0, 64, patternId, false, false);

export function registerRules(overrides: Record<string, FieldRule> = {}): Record<string, FieldRule> {
  return {
    username: rule('^[A-Za-z][A-Za-z0-9]*$', 6, 16, 'letter_start_alnum'),
    password: rule('^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9!@#$%^&*._-]+$', 6, 20, 'letters_digits'),
    confirmPassword: rule('*', 6, 20, 'length'),
    payeeName: rule('^[A-Za-z ]+$', 2, 40, 'english_spaces', true, false),
    email: rule('^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', 5, 64, 'mailbox', true, false),
    qqNum: off('digits_only'),
    mobileNum: rule('^[0-9]+$', 6, 15, 'digits_only', true, false),
    recommenderId: off('alphanumeric'),
    captcha: rule('^[0-9A-Za-z]+$', 4, 6, 'alphanumeric', true, false),
    verificationCode: rule('^[0-9]+$', 6, 6, 'digits_only', true, false),
    affiliateCode: rule('^[A-Za-z0-9]+$', 4, 16, 'alphanumeric', true, false),
    paymentPassword: off('digits_only'),
    line: off('no_spaces'),
    whatsapp: off('digits_only'),
    facebook: off('no_spaces'),
    wechat: off('no_spaces'),
    idNumber: off('alphanumeric'),
    birthday: rule('^\\d{4}-\\d{2}-\\d{2}$', 10, 10, 'date_ymd', true, false),
    ...overrides,
  };
}

const FOOTER_VENDORS = [
  'RNG-AURORA', 'RNG-NOVA', 'RNG-PIXEL', 'RNG-JADE', 'LIVE-ROYAL', 'LIVE-VELVET', 'FISH-OCEAN', 'FISH-REEF',
  'PVP-ROCKET', 'PVP-DICE', 'SPORTS-ARENA', 'SPORTS-GOAL', 'ELOTT-KENO', 'LOTT-LOTTO', 'ESPORTS-NEXUS',
];

const HELP: BrandConfig['helpCenter'] = [
  {
    term: 'about',
    title: { ES: 'Sobre nosotros', EN: 'About us' },
    content: {
      ES: '<p>Somos un sitio de juegos en línea con tragamonedas, casino en vivo, pesca, lotería y deportes. Juegue con responsabilidad.</p>',
      EN: '<p>We are an online gaming site with slots, live casino, fishing, lottery and sports. Please play responsibly.</p>',
    },
  },
  {
    term: 'deposit',
    title: { ES: 'Cómo depositar', EN: 'How to deposit' },
    content: {
      ES: '<p>Abra el centro de miembros, elija <b>Depositar</b>, un método y un monto. Su saldo se acredita cuando el pago se confirma.</p>',
      EN: '<p>Open the member centre, choose <b>Deposit</b>, a method and an amount. Your balance is credited once the payment is confirmed.</p>',
    },
  },
  {
    term: 'withdraw',
    title: { ES: 'Cómo retirar', EN: 'How to withdraw' },
    content: {
      ES: '<p>Configure su contraseña de retiro y una cuenta de cobro en el centro de seguridad, luego solicite el retiro.</p>',
      EN: '<p>Set your withdrawal password and a payout account in the security centre, then request a withdrawal.</p>',
    },
  },
  {
    term: 'responsible',
    title: { ES: 'Juego responsable', EN: 'Responsible gaming' },
    content: {
      ES: '<p>Solo mayores de 18 años. Fije límites de depósito y tiempo; si lo necesita, tome un descanso.</p>',
      EN: '<p>Over 18s only. Set deposit and time limits; take a break whenever you need one.</p>',
    },
  },
  {
    term: 'terms',
    title: { ES: 'Términos y condiciones', EN: 'Terms and conditions' },
    content: {
      ES: '<p>Al registrarse acepta estas condiciones: una cuenta por persona, datos verdaderos y juego limpio.</p>',
      EN: '<p>By registering you accept these terms: one account per person, true details and fair play.</p>',
    },
  },
  {
    term: 'privacy',
    title: { ES: 'Privacidad', EN: 'Privacy' },
    content: {
      ES: '<p>Guardamos solo los datos necesarios para su cuenta y nunca los vendemos.</p>',
      EN: '<p>We keep only the data your account needs and never sell it.</p>',
    },
  },
];

const mxn = (pesos: number) => pesos * 100;

const DEMO_WALLET: BrandConfig['wallet'] = {
  singleWallet: false,
  deposit: {
    expiryMinutes: 30,
    methods: [
      {
        code: 'SPEI', kind: 'bank', name: { ES: 'Transferencia SPEI', EN: 'SPEI bank transfer' },
        channels: [
          { code: 'BBVA', name: 'BBVA', min: mxn(100), max: mxn(50_000), fixedAmounts: [mxn(100), mxn(200), mxn(500), mxn(1000), mxn(5000)], payee: { bank: 'BBVA México', accountName: 'Aurora Play SA de CV', clabe: '012180001234567891' } },
          { code: 'SANTANDER', name: 'Santander', min: mxn(200), max: mxn(100_000), fixedAmounts: [], payee: { bank: 'Santander', accountName: 'Aurora Play SA de CV', clabe: '014180655012345678' } },
        ],
      },
      {
        code: 'MPAGO', kind: 'ewallet', name: { ES: 'Mercado Pago', EN: 'Mercado Pago' },
        channels: [{ code: 'MPAGO', name: 'Mercado Pago', min: mxn(50), max: mxn(20_000), fixedAmounts: [mxn(50), mxn(100), mxn(300), mxn(500)], payee: { wallet: 'pagos@aurora-play.example' } }],
      },
      {
        code: 'USDT', kind: 'crypto', name: { ES: 'USDT (TRC20)', EN: 'USDT (TRC20)' },
        channels: [{ code: 'TRC20', name: 'TRC20', min: mxn(500), max: mxn(500_000), fixedAmounts: [], payee: { network: 'TRON (TRC20)', address: 'TQx9AuroraDemoAddressDoNotPay000001' } }],
      },
    ],
    bonuses: [
      { code: 'WELCOME100', name: { ES: 'Bono de bienvenida 100%', EN: '100% welcome bonus' }, bps: 10_000, maxBonus: mxn(2000), minDeposit: mxn(200), turnoverMultiple: 10 },
      { code: 'RELOAD20', name: { ES: 'Recarga 20%', EN: '20% reload' }, bps: 2000, maxBonus: mxn(1000), minDeposit: mxn(100), turnoverMultiple: 5 },
    ],
  },
  withdraw: { allowed: true, min: mxn(100), max: mxn(50_000), feeBps: 100, feeFixed: 0, dailyCount: 5, kinds: ['bank', 'ewallet'] },
  autoReceiptMinutes: 1440,
  trialBalance: mxn(2000),
};

export interface SeedBrand {
  code: string;
  hosts: string[];
  config: BrandConfig;
}

/** The demo brand: Spanish first, every module on. */
export const demoBrand: SeedBrand = {
  code: 'demo',
  hosts: ['localhost', '127.0.0.1'],
  config: {
    name: 'Aurora Play',
    logoText: 'AURORA',
    theme: { primary: '#f5b301', accent: '#16c79a', background: '#0d1220' },
    currency: { code: 'MXN', symbol: '$' },
    gmtOffsetMinutes: -360,
    defaultLanguage: 'ES',
    languages: ['ES', 'EN', 'PT-BR', 'CN', 'AR'],
    whitelabel: moduleTree(),
    register: registerRules(),
    customerService: [
      { csType: 'LIVECHAT', title: 'Chat en vivo', path: '/help#chat' },
      { csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/aurora_play_support' },
      { csType: 'WHATSAPP', title: 'WhatsApp', path: 'https://wa.me/525500000000' },
      { csType: 'FACEBOOK', title: 'Facebook', path: 'https://m.me/auroraplay' },
    ],
    resources: [
      { resourceType: 'IOS', url: 'https://aurora-play.example/app/ios' },
      { resourceType: 'ANDROID', url: 'https://aurora-play.example/app/android.apk' },
    ],
    social: {
      facebook: 'https://facebook.com/auroraplay',
      youtube: 'https://youtube.com/@auroraplay',
      telegram: 'https://t.me/auroraplay',
      whatsapp: 'https://wa.me/525500000000',
      instagram: 'https://instagram.com/auroraplay',
    },
    footerVendors: FOOTER_VENDORS,
    supportHours: 'Mon-Fri 12:00-21:00',
    mainDomain: 'aurora-play.example',
    domainRoute: ['aurora-play.example', 'aurora1.example', 'aurora2.example'],
    analyticsId: 'G-AURORA0001',
    countries: ['MX', 'US', 'ES', 'CO', 'AR', 'PE', 'CL', 'BR', 'VN', 'TH', 'PH', 'IN'],
    maintenance: { enabled: false },
    region: { mode: 'block', countries: ['KP', 'IR', 'SY', 'CU'] },
    agentTypes: [1, 2, 41, 42],
    trialType: 4,
    helpCenter: HELP,
    security: {
      idleTimeoutMinutes: 15,
      absoluteLifetimeHours: 24,
      passwordExpiryDays: 0,
      captchaOnLogin: false,
      captchaAfterFailures: 3,
      newIpVerification: ['sms', 'email', 'otp', 'bank'],
    },
    wallet: DEMO_WALLET,
  },
};

/** A second brand with other settings, to prove brands are isolated. */
export const lunaBrand: SeedBrand = {
  code: 'luna',
  hosts: ['luna.localhost'],
  config: {
    ...demoBrand.config,
    name: 'Luna Bet',
    logoText: 'LUNA',
    theme: { primary: '#9b6bff', accent: '#ff5c8a', background: '#120d22' },
    currency: { code: 'USD', symbol: 'US$' },
    gmtOffsetMinutes: 420,
    defaultLanguage: 'EN',
    languages: ['EN', 'ES', 'VI', 'TH', 'FA'],
    whitelabel: moduleTree([MODULES.referral, MODULES.smsLogin, MODULES.registerMobile, MODULES.transferUpline]),
    register: registerRules({ email: rule('^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', 5, 64, 'mailbox', true, true) }),
    customerService: [{ csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/lunabet_help' }],
    resources: [{ resourceType: 'ANDROID', url: 'https://luna-bet.example/app.apk' }],
    social: { facebook: 'https://facebook.com/lunabet', youtube: 'https://youtube.com/@lunabet' },
    mainDomain: 'luna-bet.example',
    domainRoute: ['luna-bet.example'],
    analyticsId: 'G-LUNA00001',
    countries: ['VN', 'TH', 'US', 'GB'],
    region: { mode: 'allow', countries: ['VN', 'TH', 'US', 'GB'] },
    agentTypes: [1, 2],
    security: { ...demoBrand.config.security, idleTimeoutMinutes: 30, passwordExpiryDays: 90, captchaOnLogin: true },
    wallet: {
      ...DEMO_WALLET,
      singleWallet: true,
      deposit: {
        expiryMinutes: 15,
        methods: [{
          code: 'CARD', kind: 'card', name: { ES: 'Tarjeta', EN: 'Card' },
          channels: [{ code: 'VISA', name: 'Visa / Mastercard', min: 1000, max: 200_000, fixedAmounts: [1000, 2500, 5000, 10_000], payee: { processor: 'Luna Pay' } }],
        }],
        bonuses: [],
      },
      withdraw: { allowed: true, min: 2000, max: 100_000, feeBps: 0, feeFixed: 100, dailyCount: 3, kinds: ['bank'] },
      autoReceiptMinutes: 60,
      trialBalance: 50_000,
    },
  },
};
