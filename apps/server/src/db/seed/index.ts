import type { Db } from '../index.ts';
import { merchants } from '../schema.ts';
import { seedAccounts } from './accounts.ts';
import { demoBrand, lunaBrand } from './brands.ts';
import { seedGames } from './games.ts';
import { seedLottery } from './lottery.ts';
import { seedAnnouncements } from './announcements.ts';
import { seedPromotions } from './promotions.ts';
import { seedHelp } from '../../modules/help/index.ts';
import { seedOperators } from '../../modules/operator/index.ts';
import { seedMissions } from './missions.ts';
import { seedPoints } from './points.ts';

/** Idempotent: creates the demo brands when missing and leaves existing ones as they are. */
export async function seedDemo(db: Db): Promise<void> {
  for (const b of [demoBrand, lunaBrand]) {
    await db.insert(merchants).values({ code: b.code, hosts: b.hosts, config: b.config }).onConflictDoNothing({ target: merchants.code });
  }
  await seedAccounts(db);
  await seedGames(db);
  await seedLottery(db);
  await seedAnnouncements(db);
  await seedPromotions(db);
  await seedHelp(db);
  await seedOperators(db);
  await seedMissions(db);
  await seedPoints(db);
}
