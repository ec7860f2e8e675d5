import { eq } from 'drizzle-orm';
import type { member } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { members } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { maskRecipient } from '../session/index.ts';
import { mainBalance } from '../wallet/index.ts';
import { availableCount as availablePromoCount } from '../promotions/index.ts';
import { unreadCount } from '../inbox/index.ts';
import { vipInfo } from '../vip/index.ts';
import { moneyOutState } from '../member-security/index.ts';

/** Member info (§3); `balance` is the main wallet. VIP fills its part when that domain lands. */
export async function memberInfo(db: Db, brand: Brand, p: Principal): Promise<member.MemberInfo> {
  const m = p.member;
  const balance = await mainBalance(db, brand, m.id);
  return {
    id: String(m.id),
    account: m.username,
    userName: m.username,
    nickname: m.nickname || m.username,
    type: m.type,
    isAgent: p.isAgent,
    isTrial: p.isTrial,
    balance,
    currency: brand.config.currency.code,
    currencySymbol: brand.config.currency.symbol,
    ...(await vipInfo(db, brand, p)),
    availablePromoCount: await availablePromoCount(db, brand, p),
    unreadMessageCount: await unreadCount(db, brand.id, m.id),
    lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: m.lastLoginIp,
    language: m.language,
    mobile: m.mobile ? maskRecipient(m.mobile) : null,
    email: m.email ? maskRecipient(m.email) : null,
    hasPassword: !!m.passwordHash,
    otpEnabled: !!m.otpSecret,
    referralCode: m.referralCode ?? '',
    createdAt: m.createdAt.toISOString(),
    moneyOut: await moneyOutState(db, m.id),
  };
}

export async function setLanguage(db: Db, p: Principal, language: string) {
  await db.update(members).set({ language }).where(eq(members.id, p.member.id));
  return { language };
}
