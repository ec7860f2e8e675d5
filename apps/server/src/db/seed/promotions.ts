/**
 * Demo promotions for both demo brands, one of each rule kind, with generated art (the
 * announcements' SVG themes), in ES and EN here and the other translated languages from content/.
 * Only for brands that have none yet; a brand holding the untouched ES/EN-only seed gets the
 * translations added (upgradePromotions).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../index.ts';
import { merchants, promotions } from '../schema.ts';
import { artPath } from '../../modules/announcements/index.ts';
import { translated, untranslated, type ContentId } from './content/index.ts';

type New = Omit<typeof promotions.$inferInsert, 'merchantId' | 'startsAt'> & { startsInDays?: number };

export const DEMO_PROMOTIONS: New[] = [
  {
    category: 'deposit', sort: 1, image: artPath('welcome'),
    rule: { kind: 'deposit', period: 'daily', bps: 2000, maxBonus: '50000', minDeposit: '10000', turnoverMultiple: 5 },
    title: { ES: 'Recarga diaria: 20% extra', EN: 'Daily reload: 20% extra' },
    summary: { ES: 'Inscríbase, deposite desde 100 y reclame el 20% (hasta 500) en su billetera de bonos.', EN: 'Join, deposit from 100 and claim 20% (up to 500) into your bonus wallet.' },
    content: {
      ES: '<h3>Cómo participar</h3><ol><li>Pulse <strong>Unirse</strong> en el centro de recompensas.</li><li>Haga un depósito de al menos 100 el mismo día.</li><li>Reclame el 20% de ese depósito, hasta 500.</li></ol><p>Requisito de apuesta: 5 veces el depósito más el bono. Una vez al día.</p>',
      EN: '<h3>How to take part</h3><ol><li>Press <strong>Join</strong> in the reward centre.</li><li>Deposit at least 100 the same day.</li><li>Claim 20% of that deposit, up to 500.</li></ol><p>Turnover: 5 times the deposit plus the bonus. Once a day.</p>',
    },
  },
  {
    category: 'newbie', sort: 2, image: artPath('vip'),
    rule: { kind: 'newbie', period: 'once', bps: 10000, maxBonus: '100000', minDeposit: '20000', turnoverMultiple: 10, withinDays: 7 },
    title: { ES: 'Bienvenida: primer depósito al 100%', EN: 'Welcome: 100% on your first deposit' },
    summary: { ES: 'Su primer depósito (desde 200, en los 7 días tras registrarse) se duplica hasta 1.000.', EN: 'Your first deposit (from 200, within 7 days of signing up) is doubled up to 1,000.' },
    content: {
      ES: '<p>Para cuentas nuevas: si su <strong>primer depósito</strong> llega en los 7 días siguientes al registro y es de al menos 200, reclame un bono del 100% hasta 1.000.</p><p>Requisito de apuesta: 10 veces el depósito más el bono.</p>',
      EN: '<p>For new accounts: when your <strong>first deposit</strong> arrives within 7 days of signing up and is at least 200, claim a 100% bonus up to 1,000.</p><p>Turnover: 10 times the deposit plus the bonus.</p>',
    },
  },
  {
    category: 'live', sort: 3, image: artPath('live'),
    rule: { kind: 'rebate', period: 'daily', bps: 80, maxBonus: '200000', minValidBet: '10000', turnoverMultiple: 1, gameTypes: ['LIVE'] },
    title: { ES: 'Reembolso diario del 0,8% en casino en vivo', EN: 'Daily 0.8% live casino rebate' },
    summary: { ES: 'Cada día, reclame el 0,8% de su apuesta válida de ayer en casino en vivo (desde 100).', EN: 'Every day, claim 0.8% of yesterday\'s live casino valid bet (from 100).' },
    content: {
      ES: '<p>El reembolso se calcula sobre las apuestas válidas liquidadas ayer en juegos de casino en vivo. Mínimo 100 de apuesta válida, máximo 2.000 de reembolso. Requisito de apuesta: 1 vez.</p>',
      EN: '<p>The rebate is computed on yesterday\'s settled valid bets in live casino games. Minimum valid bet 100, rebate up to 2,000. Turnover: 1 time.</p>',
    },
  },
  {
    category: 'rebate', sort: 4, image: artPath('slots'),
    rule: { kind: 'rebate', period: 'daily', bps: 50, maxBonus: '100000', minValidBet: '5000', turnoverMultiple: 1 },
    title: { ES: 'Reembolso del 0,5% en todos los juegos', EN: '0.5% rebate on every game' },
    summary: { ES: 'El 0,5% de su apuesta válida de ayer, en cualquier juego.', EN: '0.5% of yesterday\'s valid bet, on any game.' },
    content: {
      ES: '<p>Todas las categorías cuentan. Mínimo 50 de apuesta válida, máximo 1.000 de reembolso al día.</p>',
      EN: '<p>Every category counts. Minimum valid bet 50, rebate up to 1,000 a day.</p>',
    },
  },
  {
    category: 'appDownload', sort: 5, image: artPath('login'),
    rule: { kind: 'appDownload', period: 'once', fixedAmount: '1800', turnoverMultiple: 3 },
    title: { ES: 'Descargue la app y gane 18', EN: 'Download the app and get 18' },
    summary: { ES: 'Instale la app, solicite el bono y, tras la revisión, reclámelo.', EN: 'Install the app, apply for the bonus and claim it once reviewed.' },
    content: {
      ES: '<p>Instale nuestra app para iOS o Android e inicie sesión. Solicite el bono: nuestro equipo lo revisa y, una vez emitido, puede reclamar 18. Requisito de apuesta: 3 veces.</p>',
      EN: '<p>Install our iOS or Android app and log in. Apply for the bonus: our team reviews it and, once issued, you can claim 18. Turnover: 3 times.</p>',
    },
  },
  {
    category: 'ranking', sort: 6, image: artPath('vip'),
    rule: { kind: 'ranking', period: 'weekly', minValidBet: '100000', turnoverMultiple: 1, prizes: ['50000', '30000', '10000'] },
    title: { ES: 'Ranking semanal de apuestas', EN: 'Weekly betting ranking' },
    summary: { ES: 'Los 3 jugadores con más apuesta válida de la semana pasada ganan 500, 300 y 100.', EN: 'The 3 players with the most valid bet last week win 500, 300 and 100.' },
    content: {
      ES: '<p>Cada lunes se cierra el ranking de la semana anterior (apuestas válidas liquidadas, desde 1.000). Premios: <strong>1.º 500, 2.º 300, 3.º 100</strong>. En caso de empate gana quien se registró antes. Requisito de apuesta: 1 vez.</p>',
      EN: '<p>Every Monday the previous week\'s ranking closes (settled valid bets, from 1,000). Prizes: <strong>1st 500, 2nd 300, 3rd 100</strong>. Ties go to the older account. Turnover: 1 time.</p>',
    },
  },
  {
    category: 'sports', sort: 7, image: artPath('welcome'), startsInDays: 10,
    rule: { kind: 'deposit', period: 'weekly', bps: 3000, maxBonus: '80000', minDeposit: '30000', turnoverMultiple: 8 },
    title: { ES: 'Recarga deportiva semanal del 30%', EN: 'Weekly 30% sports reload' },
    summary: { ES: 'Muy pronto: un 30% extra cada semana para sus apuestas deportivas.', EN: 'Coming soon: 30% extra every week for your sports bets.' },
    content: {
      ES: '<p>Únase cada semana, deposite desde 300 y reclame el 30% hasta 800. Requisito de apuesta: 8 veces.</p>',
      EN: '<p>Join every week, deposit from 300 and claim 30% up to 800. Turnover: 8 times.</p>',
    },
  },
];

/** Content id prefix of each demo promotion (content/<lang>.ts). */
const CONTENT_KEY: Record<string, string> = { deposit: 'daily', newbie: 'newbie', live: 'live', rebate: 'rebate', appDownload: 'app', ranking: 'ranking', sports: 'sports' };
type Both = { ES: string; EN: string };
const id = (p: New, field: string) => `promo.${CONTENT_KEY[p.category]}.${field}` as ContentId;

/** A demo promotion with its texts in every translated language. */
function localized(p: New): New {
  return {
    ...p,
    title: translated(id(p, 'title'), p.title as Both),
    summary: translated(id(p, 'summary'), p.summary as Both),
    content: translated(id(p, 'content'), p.content as Both),
  };
}

/** Adds the translations to a brand's demo promotions still exactly as first seeded in ES and EN. */
async function upgradePromotions(db: Db, merchantId: number): Promise<void> {
  const rows = await db.select().from(promotions).where(eq(promotions.merchantId, merchantId));
  const same = (a: object | null, b: object | null | undefined) => a?.['ES' as never] === b?.['ES' as never] && a?.['EN' as never] === b?.['EN' as never];
  for (const r of rows) {
    const demo = DEMO_PROMOTIONS.find((p) => p.category === r.category && same(p.title, r.title));
    if (!demo || !untranslated(r.title) || !same(demo.summary ?? {}, r.summary) || !same(demo.content ?? {}, r.content)) continue;
    const { title, summary, content } = localized(demo);
    await db.update(promotions).set({ title, summary, content }).where(and(eq(promotions.id, r.id), eq(promotions.merchantId, merchantId)));
  }
}

export async function seedPromotions(db: Db, codes = ['demo', 'luna'], now = new Date()): Promise<void> {
  const brands = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes));
  const started = new Date(now.getTime() - 30 * 86_400_000);
  for (const b of brands) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(promotions).where(eq(promotions.merchantId, b.id));
    if (n > 0) {
      await upgradePromotions(db, b.id);
      continue;
    }
    await db.insert(promotions).values(DEMO_PROMOTIONS.map(localized).map(({ startsInDays, ...p }) => ({
      ...p, merchantId: b.id, startsAt: startsInDays ? new Date(now.getTime() + startsInDays * 86_400_000) : started,
    })));
  }
}
