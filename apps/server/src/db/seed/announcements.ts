/**
 * Demo announcements for both demo brands: home, side-menu, login and forgot-password banners
 * with generated art, player notices and an agent announcement (the popups: DEMO_POPUPS), one row
 * per language: ES and EN here, the other translated languages from content/. Only for brands
 * that have none yet; a brand holding the ES/EN-only seed gets the translated rows added beside
 * its demo rows (operators' own announcements are never touched).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../index.ts';
import { announcements, merchants } from '../schema.ts';
import { artPath } from '../../modules/announcements/index.ts';
import { OTHER_LANGS, translation, type ContentId } from './content/index.ts';

type New = Omit<typeof announcements.$inferInsert, 'merchantId'>;
type Lang = 'ES' | 'EN';
type Text = Record<Lang, { title: string; content: string }>;

/** One row per translated language: ES and EN as given, the others from content id `<id>.title|content`. */
const both = (id: string, base: Omit<New, 'title' | 'content' | 'language'>, text: Text): New[] => [
  ...(['ES', 'EN'] as const).map((language) => ({ ...base, language, ...text[language] })),
  ...OTHER_LANGS.map((language) => ({
    ...base, language, title: translation(`${id}.title` as ContentId, language),
    content: text.EN.content ? translation(`${id}.content` as ContentId, language) : '',
  })),
];

export const DEMO_ANNOUNCEMENTS: New[] = [
  ...both('ann.welcome', { type: 'B', groupName: 'w_home', image: artPath('welcome'), url: '/promotions', linkageType: 'internal', sort: 1 }, {
    ES: { title: 'Bono de bienvenida de hasta 100%', content: 'Su primer depósito cuenta doble. Consulte las condiciones en promociones.' },
    EN: { title: 'Welcome bonus of up to 100%', content: 'Your first deposit counts double. See the terms in promotions.' },
  }),
  ...both('ann.live', { type: 'B', groupName: 'w_home', image: artPath('live'), url: '/live', linkageType: 'internal', sort: 2 }, {
    ES: { title: 'Casino en vivo con crupieres reales', content: 'Baccarat, ruleta y blackjack en directo a toda hora.' },
    EN: { title: 'Live casino with real dealers', content: 'Baccarat, roulette and blackjack live around the clock.' },
  }),
  ...both('ann.rewarded', { type: 'B', groupName: 'w_home', image: artPath('vip'), url: '/rng', linkageType: 'internal', sort: 3 }, {
    ES: { title: 'Cada apuesta tiene recompensa', content: 'Misiones diarias, niveles VIP y reembolsos por jugar.' },
    EN: { title: 'Every bet is rewarded', content: 'Daily missions, VIP levels and rebates for playing.' },
  }),
  ...both('ann.slots', { type: 'B', groupName: 'w_leftmenu', image: artPath('slots'), url: '/rng', linkageType: 'internal' }, {
    ES: { title: 'Tragamonedas nuevas cada semana', content: '' },
    EN: { title: 'New slots every week', content: '' },
  }),
  ...both('ann.login', { type: 'B', groupName: 'w_login', image: artPath('login'), url: '', linkageType: 'none' }, {
    ES: { title: 'Bienvenido de nuevo', content: '' },
    EN: { title: 'Welcome back', content: '' },
  }),
  ...both('ann.forget', { type: 'B', groupName: 'w_forget', image: artPath('login'), url: '', linkageType: 'none' }, {
    ES: { title: 'Recupere su cuenta en un minuto', content: '' },
    EN: { title: 'Recover your account in a minute', content: '' },
  }),
  ...both('ann.responsible', { type: 'PL', sort: 1 }, {
    ES: { title: 'Juego responsable', content: '<p>Solo mayores de 18 años. Fije límites y <strong>juegue con responsabilidad</strong>.</p>' },
    EN: { title: 'Responsible gaming', content: '<p>18+ only. Set limits and <strong>play responsibly</strong>.</p>' },
  }),
  ...both('ann.maintenance', { type: 'PL', sort: 2 }, {
    ES: { title: 'Mantenimiento programado el lunes de 04:00 a 05:00 (GMT)', content: '<p>Los depósitos y retiros seguirán disponibles.</p>' },
    EN: { title: 'Scheduled maintenance on Monday 04:00 to 05:00 (GMT)', content: '<p>Deposits and withdrawals stay available.</p>' },
  }),
  ...both('ann.salary', { type: 'H' }, {
    ES: { title: 'Nuevas tarifas de salario diario', content: '<p>Desde el lunes, el salario diario paga hasta un 1,2% del volumen válido del equipo.</p>' },
    EN: { title: 'New daily salary rates', content: '<p>From Monday, the daily salary pays up to 1.2% of the team\'s valid bets.</p>' },
  }),
];

/**
 * The demo popups (PU for visitors, logged-in users and first logins; a PR promotion). Not part
 * of the default seed: an announcement popup opening on every fresh session would stand in front
 * of every other browser journey. `seedPopups` adds them (tests); operators publish their own
 * through /wps/operator/announcements/create.
 */
export const DEMO_POPUPS: New[] = [
  ...both('pop.signup', { type: 'PU', execution: 'B', sort: 1 }, {
    ES: { title: 'Regístrese y juegue gratis', content: '<h3>¡Bienvenido!</h3><p>Cree su cuenta en un minuto y pruebe más de 600 juegos. La prueba gratuita no necesita depósito.</p>' },
    EN: { title: 'Sign up and play for free', content: '<h3>Welcome!</h3><p>Create your account in a minute and try more than 600 games. The free trial needs no deposit.</p>' },
  }),
  ...both('pop.weekly', { type: 'PU', execution: 'A', sort: 2 }, {
    ES: { title: 'Novedades de esta semana', content: '<p>Nuevas mesas de baccarat en vivo y un torneo de tragamonedas con premios cada día.</p>' },
    EN: { title: 'What is new this week', content: '<p>New live baccarat tables and a slots tournament with prizes every day.</p>' },
  }),
  ...both('pop.gift', { type: 'PU', execution: 'F', promotionType: 'newbie', sort: 0 }, {
    ES: { title: 'Su regalo de bienvenida', content: '<h3>¡Gracias por unirse!</h3><p>Reclame su bono de nuevo miembro en el centro de recompensas.</p>' },
    EN: { title: 'Your welcome gift', content: '<h3>Thanks for joining!</h3><p>Claim your new-member bonus in the reward centre.</p>' },
  }),
  ...both('pop.reload', { type: 'PR', execution: 'A', promotionType: 'deposit', sort: 3 }, {
    ES: { title: 'Recarga de fin de semana: 20% extra', content: '<p>Deposite el sábado o el domingo y reciba un 20% extra.</p>' },
    EN: { title: 'Weekend reload: 20% extra', content: '<p>Deposit on Saturday or Sunday and get 20% extra.</p>' },
  }),
];

export async function seedPopups(db: Db, codes = ['demo', 'luna']): Promise<void> {
  const brands = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes));
  for (const b of brands) await db.insert(announcements).values(DEMO_POPUPS.map((a) => ({ ...a, merchantId: b.id })));
}

/**
 * A brand seeded before the translations (no row in any other translated language): each demo
 * item whose English row is still there gets its translated rows, copying that row's settings.
 */
async function upgradeAnnouncements(db: Db, merchantId: number): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), inArray(announcements.language, OTHER_LANGS)));
  if (n > 0) return;
  const english = await db.select().from(announcements).where(and(eq(announcements.merchantId, merchantId), eq(announcements.language, 'EN')));
  const rows: (typeof announcements.$inferInsert)[] = [];
  for (const [i, a] of [...DEMO_ANNOUNCEMENTS, ...DEMO_POPUPS].entries()) {
    if (a.language !== 'EN') continue;
    const en = english.find((r) => r.type === a.type && r.title === a.title && r.content === a.content);
    if (!en) continue;
    const { id: _id, createdAt: _c, updatedAt: _u, ...settings } = en;
    const all = i < DEMO_ANNOUNCEMENTS.length ? DEMO_ANNOUNCEMENTS : DEMO_POPUPS;
    const k = (i < DEMO_ANNOUNCEMENTS.length ? i : i - DEMO_ANNOUNCEMENTS.length);
    // the rows of this item follow its EN row in the list: ES, EN, then the other languages in order
    for (const t of all.slice(k + 1, k + 1 + OTHER_LANGS.length)) rows.push({ ...settings, language: t.language, title: t.title, content: t.content });
  }
  if (rows.length) await db.insert(announcements).values(rows);
}

export async function seedAnnouncements(db: Db, codes = ['demo', 'luna']): Promise<void> {
  const brands = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes));
  for (const b of brands) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(eq(announcements.merchantId, b.id));
    if (n > 0) await upgradeAnnouncements(db, b.id);
    else await db.insert(announcements).values(DEMO_ANNOUNCEMENTS.map((a) => ({ ...a, merchantId: b.id })));
  }
}
