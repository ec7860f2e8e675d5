/**
 * The member's VIP level with two bars (deposits, valid bet) towards the next level: compact in the
 * member-centre hero and on the missions page, full on the VIP page. Links to the VIP page.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { vip as V } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useSession } from '@/features/session';
import { Money } from '@/components/ui/kit';
import { useVip, useVipEnabled } from './api';
import '@/locales/missions';
import '@/components/ui/progress.css';
import './vip.css';

function Bar({ name, percent, needed }: { name: string; percent: number; needed: string }) {
  const { t } = useTranslation();
  const symbol = useSession().member?.currencySymbol;
  return (
    <div className="vip-bar" data-testid={`vip-bar-${name}`}>
      <div className="vip-bar__head">
        <span>{t(`vip.${name}`)}</span>
        <span className="muted num">{percent >= 100 ? t('vip.done') : <>{t('vip.needed')} <Money value={needed} symbol={symbol} /></>}</span>
      </div>
      <div className="m-bar m-bar--gold" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t(`vip.${name}`)}>
        <span className="m-bar__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}

export function VipProgress({ s }: { s: V.VipStatus }) {
  const { t } = useTranslation();
  if (!s.next) return <p className="vip-top"><Icon name="crown" size={16} /> {t('vip.top')}</p>;
  return (
    <div className="vip-progress">
      <p className="vip-progress__next">{t('vip.next', { label: s.next.label })}</p>
      <Bar name="deposit" percent={s.next.depositPercent} needed={s.next.depositNeeded} />
      <Bar name="validBet" percent={s.next.validBetPercent} needed={s.next.validBetNeeded} />
    </div>
  );
}

/** The compact strip (hero, missions page); renders nothing when VIP is off or for trial players. */
export function VipStrip({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const enabled = useVipEnabled();
  const q = useVip();
  if (!enabled || !q.data) return null;
  const s = q.data;
  return (
    <Link to="/member?page=vip" className={`vip-strip ${compact ? 'vip-strip--compact' : ''}`} data-testid="vip-strip">
      <span className="vip-badge" data-level={s.level}><Icon name="crown" size={compact ? 14 : 18} /> {s.label}</span>
      <VipProgress s={s} />
      {/* named by its visible text first, then what it opens (axe label-content-name-mismatch) */}
      <span className="visually-hidden">{t('vip.details')}</span>
      {!compact && <Icon name="chevronRight" size={18} />}
    </Link>
  );
}
