/**
 * /member — the member centre (§2): a menu of the pages (hidden when their module is off, transfer
 * hidden on single-wallet brands, unread badges) and the chosen page (?page=, ?tab= or #hash).
 * On small screens the menu becomes a scrollable tab bar above the page.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@/components/ui/locale';
import '@/locales/responsible-menu';
import '@/locales/kyc-menu';
import { Icon } from '@/components/icons';
import { useHiddenBalance } from '@/lib/hidden-balance';
import { useSession } from '@/features/session';
import { useUnreadCount, loadInboxPage } from '@/features/inbox';
import { useMissionBadge, loadMissionLeaderboard } from '@/features/missions';
import { VipStrip, loadVipPage } from '@/features/vip';
import { useModules } from '@/lib/system';
import { useMerchantWallet, loadBettingRecord, loadDepositPage, loadRecordsPages, loadTransferPages, loadWithdrawPage } from '@/features/wallet';
import { Money, SkeletonRows } from '@/components/ui/kit';
import { DEFAULT_PAGE, isMemberPage, requestedPage, visiblePages, type MemberPageDef, type MemberPageId } from './pages';
import { SecurityCenter } from './SecurityCenter';
import { useSecurityProfile } from './api';
import { AvatarImage } from './components/AvatarPicker';
import { MoneyOutNotice } from './components/MoneyOutNotice';
import '@/components/ui/form.css';
import './member-center.css';
import { loadResponsiblePage } from '@/features/responsible';
import { loadReferralPage } from '@/features/referral';
import { loadRewardCenter } from '@/features/promotions';
import { loadFeedbackPage } from '@/features/feedback';
import { loadVerificationPage } from '@/features/kyc';

const DepositPage = lazy(() => loadDepositPage());
const WithdrawPage = lazy(() => loadWithdrawPage());
const TransferFund = lazy(() => loadTransferPages().then((m) => ({ default: m.TransferFundPage })));
const TransferUpline = lazy(() => loadTransferPages().then((m) => ({ default: m.TransferUplinePage })));
const TransactionHistory = lazy(() => loadRecordsPages().then((m) => ({ default: m.TransactionHistoryPage })));
const PersonalProfit = lazy(() => loadRecordsPages().then((m) => ({ default: m.PersonalProfitPage })));
const BonusDetails = lazy(() => loadRecordsPages().then((m) => ({ default: m.BonusDetailsPage })));
const BettingRecord = lazy(() => loadBettingRecord());
const InboxPage = lazy(() => loadInboxPage());

const COMPONENTS: Partial<Record<MemberPageId, ComponentType>> = {
  securityCenter: SecurityCenter,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferFund: TransferFund,
  transferUpline: TransferUpline,
  personalHistoryCopy: BettingRecord,
  transactionHistory: TransactionHistory,
  personalProfit: PersonalProfit,
  bonusDetails: BonusDetails,
  messageV2: InboxPage,
  rewardCenter: lazy(() => loadRewardCenter()),
  missionLeaderboard: lazy(() => loadMissionLeaderboard()),
  vip: lazy(() => loadVipPage()),
  referral: lazy(() => loadReferralPage()),
  feedback: lazy(() => loadFeedbackPage()),
  responsible: lazy(() => loadResponsiblePage()),
  verification: lazy(() => loadVerificationPage()),
};

function useBadges(): Record<NonNullable<MemberPageDef['badge']>, number> {
  const m = useSession().member;
  // The inbox count is its own query, refreshed live by the socket's inbox event.
  const unread = useUnreadCount().count;
  const missions = useMissionBadge();
  return { promo: m?.availablePromoCount ?? 0, message: unread, mission: missions };
}

export default function MemberCenter() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const modules = useModules();
  const merchantWallet = useMerchantWallet();
  const pages = visiblePages(modules, merchantWallet.data?.isSingle);
  const asked = requestedPage(params, location.hash);
  const current: MemberPageId = isMemberPage(asked) && pages.some((p) => p.id === asked) ? asked : DEFAULT_PAGE;
  const badges = useBadges();
  const activeRef = useRef<HTMLAnchorElement>(null);

  // Keep the active tab in view on the mobile tab bar.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [current]);

  const Page = COMPONENTS[current];
  return (
    <div className="member-center" data-page={current}>
      <h1 className="visually-hidden">{t('pages.member.title')}</h1>
      <aside className="member-center__aside">
        <MemberHero />
        <nav className="member-menu" aria-label={t('member.menuLabel')}>
          {(['account', 'cashier', 'records', 'more'] as const).map((g) => {
            const items = pages.filter((p) => p.group === g);
            if (!items.length) return null;
            return (
              <div key={g} className="member-menu__group">
                <p className="member-menu__heading">{t(`member.groups.${g}`)}</p>
                {items.map((p) => {
                  const count = p.badge ? badges[p.badge] : 0;
                  return (
                    <Link
                      key={p.id}
                      ref={p.id === current ? activeRef : undefined}
                      to={`/member?page=${p.id}`}
                      className={`member-menu__item ${p.id === current ? 'is-active' : ''}`}
                      aria-current={p.id === current ? 'page' : undefined}
                      data-page={p.id}
                    >
                      <Icon name={p.icon} size={18} />
                      <span>{t(`member.pages.${p.id}`)}</span>
                      {p.badge && (
                        <span className={`member-menu__badge ${count > 0 ? '' : 'is-empty'}`} data-testid={`badge-${p.id}`} aria-label={count > 0 ? t('member.unread', { count }) : undefined}>
                          {count > 0 ? (count > 99 ? '99+' : count) : ''}
                        </span>
                      )}
                    </Link>
                  );
                })}
              </div>
            );
          })}
        </nav>
      </aside>
      <section className="member-center__main" aria-labelledby="member-page-title">
        <h2 id="member-page-title" className="member-center__title">{t(`member.pages.${current}`)}</h2>
        <MoneyOutNotice />
        <Suspense fallback={<div className="w-panel"><SkeletonRows rows={5} cols={3} /></div>}>
          {Page ? <Page key={current} /> : <LaterPage id={current} />}
        </Suspense>
      </section>
    </div>
  );
}

function MemberHero() {
  const { t } = useTranslation();
  const session = useSession();
  const [hidden, toggle] = useHiddenBalance();
  const m = session.member;
  const name = m?.nickname || m?.userName || m?.account || '';
  const avatarUrl = useSecurityProfile().data?.avatarUrl;
  return (
    <section className="member-hero">
      <div className="member-hero__who">
        <AvatarImage url={avatarUrl} name={name} />
        <div>
          <strong className="member-hero__name">{name}</strong>
        </div>
      </div>
      {/* the one VIP label of the hero: the strip's badge (a tag beside the name showed it twice) */}
      <VipStrip compact />
      <div className="member-hero__balance">
        <span className="muted">{t('member.mainBalance')}</span>
        <span className="member-hero__amount" data-testid="member-balance">
          <Money value={m?.balance} symbol={m?.currencySymbol} hidden={hidden} />
          <button type="button" className="icon-btn icon-btn--sm" onClick={toggle} aria-pressed={hidden} aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}>
            <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
          </button>
        </span>
      </div>
      <div className="member-hero__actions">
        <Link className="btn btn--primary btn--sm" to="/member?page=depositv2">{t('member.pages.depositv2')}</Link>
        <Link className="btn btn--ghost btn--sm" to="/member?page=withdraw">{t('member.pages.withdraw')}</Link>
      </div>
    </section>
  );
}

/** Pages built by later issues: a clear placeholder inside the real shell. */
function LaterPage({ id }: { id: MemberPageId }) {
  const { t } = useTranslation();
  return (
    <section className="w-panel w-later" data-testid={`page-${id}`}>
      <span className="w-empty__icon" aria-hidden="true"><Icon name="clock" size={28} /></span>
      <p className="tag">{t('common.comingSoon')}</p>
      <p className="w-empty__title">{t(`member.pages.${id}`)}</p>
      <p className="w-empty__text">{t(`member.later.${id}`)}</p>
    </section>
  );
}
