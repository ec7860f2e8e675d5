/**
 * Demo rewards of the points mall for both demo brands: physical items and balance vouchers with
 * generated art, in ES and EN here and the other translated languages from content/. Only for
 * brands that have none yet; untouched ES/EN-only demo rewards get the translations added.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../index.ts';
import { merchants, pointRewards } from '../schema.ts';
import { rewardArtPath } from '../../modules/points/index.ts';
import { translated, untranslated, type ContentId } from './content/index.ts';

type New = Omit<typeof pointRewards.$inferInsert, 'merchantId'>;

export const DEMO_REWARDS: New[] = [
  {
    kind: 'voucher', sort: 1, image: rewardArtPath('voucher'), cost: 200n, stock: 500, perMemberLimit: 5, voucherAmount: 2_500n,
    name: { ES: 'Vale de saldo de 25', EN: 'Balance voucher 25' },
    description: { ES: 'Al aprobarse, 25 se abonan a su billetera principal.', EN: 'Once approved, 25 is credited to your main wallet.' },
  },
  {
    kind: 'voucher', sort: 2, image: rewardArtPath('coins'), cost: 750n, stock: 200, perMemberLimit: 3, voucherAmount: 10_000n,
    name: { ES: 'Vale de saldo de 100', EN: 'Balance voucher 100' },
    description: { ES: 'Al aprobarse, 100 se abonan a su billetera principal.', EN: 'Once approved, 100 is credited to your main wallet.' },
  },
  {
    kind: 'item', sort: 3, image: rewardArtPath('gift'), cost: 300n, stock: 100, perMemberLimit: 1,
    name: { ES: 'Caja de regalo de bienvenida', EN: 'Welcome gift box' },
    description: { ES: 'Una taza, una gorra y una baraja con el logotipo de la casa. Una por cuenta.', EN: 'A mug, a cap and a deck of cards with the house logo. One per account.' },
  },
  {
    kind: 'item', sort: 4, image: rewardArtPath('headphones'), cost: 1_500n, stock: 40, perMemberLimit: 2,
    name: { ES: 'Auriculares inalámbricos', EN: 'Wireless headphones' },
    description: { ES: 'Auriculares Bluetooth con cancelación de ruido y estuche de carga.', EN: 'Noise-cancelling Bluetooth headphones with a charging case.' },
  },
  {
    kind: 'item', sort: 5, image: rewardArtPath('watch'), cost: 4_000n, stock: 15, perMemberLimit: 1,
    name: { ES: 'Reloj inteligente', EN: 'Smart watch' },
    description: { ES: 'Pulsómetro, GPS y notificaciones del móvil. Resistente al agua.', EN: 'Heart-rate monitor, GPS and phone notifications. Water resistant.' },
  },
  {
    kind: 'item', sort: 6, image: rewardArtPath('phone'), cost: 20_000n, stock: 3, perMemberLimit: 1,
    name: { ES: 'Teléfono inteligente', EN: 'Smartphone' },
    description: { ES: 'Un teléfono de gama alta de 256 GB, libre.', EN: 'An unlocked 256 GB flagship phone.' },
  },
];

type Both = { ES: string; EN: string };
/** A demo reward with its texts in every translated language (content ids `reward.<sort>.name|description`). */
const localized = (r: New): New => ({
  ...r,
  name: translated(`reward.${r.sort}.name` as ContentId, r.name as Both),
  description: translated(`reward.${r.sort}.description` as ContentId, r.description as Both),
});

async function upgradeRewards(db: Db, merchantId: number): Promise<void> {
  const rows = await db.select({ id: pointRewards.id, name: pointRewards.name, description: pointRewards.description }).from(pointRewards).where(eq(pointRewards.merchantId, merchantId));
  for (const r of rows) {
    const demo = DEMO_REWARDS.find((d) => d.name.ES === r.name.ES && d.name.EN === r.name.EN && d.description?.ES === r.description.ES && d.description?.EN === r.description.EN);
    if (!demo || !untranslated(r.name)) continue;
    const { name, description } = localized(demo);
    await db.update(pointRewards).set({ name, description }).where(and(eq(pointRewards.id, r.id), eq(pointRewards.merchantId, merchantId)));
  }
}

export async function seedPoints(db: Db): Promise<void> {
  const brands = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, ['demo', 'luna']));
  for (const b of brands) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(pointRewards).where(eq(pointRewards.merchantId, b.id));
    if (n > 0) await upgradeRewards(db, b.id);
    else await db.insert(pointRewards).values(DEMO_REWARDS.map((r) => ({ ...localized(r), merchantId: b.id })));
  }
}
