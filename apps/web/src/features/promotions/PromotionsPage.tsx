/**
 * /promotions (§2): the brand's promotions with a category filter (§3 types); the hash is the
 * promotion id and opens its detail (rules text as sanitised operator HTML, the member's label
 * and button). Visitors see everything and are asked to log in to take part.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { promotions as P } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useBrand } from '@/lib/system';
import { OperatorHtml } from '@/features/announcements';
import { EmptyState, ErrorState, Money } from '@/components/ui/kit';
import { formatDate } from '@/lib/format';
import { ActivityAction } from './ActivityAction';
import { usePromotion, usePromotions } from './api';
import { RuleFacts } from './RuleFacts';
import { Comments } from './Comments';
import './locale';
import './promotions.css';

function PromotionCard({ p }: { p: P.Promotion }) {
  const { t } = useTranslation();
  return (
    <li className="promo-card" data-testid="promo-card" data-id={p.id}>
      <Link to={`#${p.id}`} className="promo-card__art" aria-label={p.title}>
        <img src={p.image} alt="" loading="lazy" />
        <span className="promo-card__cat">{t(`promotions.type.${p.category}`)}</span>
      </Link>
      <div className="promo-card__body">
        <h2 className="promo-card__title">
          <Link to={`#${p.id}`}>{p.title}</Link>
        </h2>
        <p className="promo-card__summary muted">{p.summary}</p>
        <div className="promo-card__foot">
          <ActivityAction promotion={p} size="sm" />
          <Link to={`#${p.id}`} className="promo-card__more">
            {t('promotions.details')} <Icon name="chevronRight" size={14} className="flip-rtl" />
          </Link>
        </div>
      </div>
    </li>
  );
}

function PromotionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = useBrand();
  const q = usePromotion(id);
  const back = (
    <button type="button" className="btn btn--ghost btn--sm" onClick={() => void navigate({ hash: '' })}>
      <Icon name="chevronRight" size={16} className="promo-back" /> {t('promotions.back')}
    </button>
  );
  if (q.isError) return <div className="promo-detail">{back}<ErrorState error={q.error} /></div>;
  if (!q.data) return <div className="promo-detail" aria-busy="true"><div className="promo-detail__art skeleton-line" /></div>;
  const p = q.data;
  const off = brand?.gmtOffsetMinutes ?? 0;
  return (
    <article className="promo-detail" data-testid="promo-detail" data-id={p.id}>
      {back}
      <img className="promo-detail__art" src={p.image} alt="" />
      <div className="promo-detail__head">
        <div>
          <span className="promo-card__cat promo-card__cat--inline">{t(`promotions.type.${p.category}`)}</span>
          <h1 className="promo-detail__title">{p.title}</h1>
          <p className="muted">
            {p.endsAt ? t('promotions.period', { from: formatDate(p.startsAt, off), to: formatDate(p.endsAt, off) }) : t('promotions.from', { from: formatDate(p.startsAt, off) })}
          </p>
        </div>
        <ActivityAction promotion={p} />
      </div>
      {p.mine && (p.mine.amount !== '0.00' || p.mine.basis !== '0.00') && (
        <dl className="promo-mine">
          <div><dt>{t('promotions.mine.basis')}</dt><dd><Money value={p.mine.basis} /></dd></div>
          <div><dt>{t('promotions.mine.amount')}</dt><dd><Money value={p.mine.amount} className="promo-mine__amount" /></dd></div>
          <div><dt>{t('promotions.mine.turnover')}</dt><dd><Money value={p.mine.turnoverRequired} /></dd></div>
          {p.mine.rank !== null && <div><dt>{t('promotions.mine.rank')}</dt><dd>#{p.mine.rank}</dd></div>}
        </dl>
      )}
      <RuleFacts rule={p.rule} />
      <OperatorHtml html={p.content} className="promo-detail__content" />
      <Comments promotionId={p.id} />
    </article>
  );
}

export default function PromotionsPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const [type, setType] = useState<P.PromotionCategory>('all');
  const q = usePromotions(type);
  const categories = q.data?.categories ?? ['all'];
  if (id) return <div className="promo-page"><PromotionDetail id={id} /></div>;
  return (
    <div className="promo-page">
      <header className="promo-page__head">
        <h1 className="promo-page__title"><Icon name="gift" /> {t('promotions.title')}</h1>
        <div className="promo-filter" role="tablist" aria-label={t('promotions.filter')}>
          {categories.map((c) => (
            <button key={c} type="button" role="tab" aria-selected={c === type} className={`promo-filter__chip ${c === type ? 'is-active' : ''}`} onClick={() => setType(c)}>
              {t(`promotions.type.${c}`)}
            </button>
          ))}
        </div>
      </header>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <ul className="promo-grid" aria-busy="true">{[0, 1, 2].map((i) => <li key={i} className="promo-card promo-card--skeleton" />)}</ul>
      ) : q.data.list.length === 0 ? (
        <EmptyState icon="gift" title={t('promotions.empty')} />
      ) : (
        <ul className="promo-grid">{q.data.list.map((p) => <PromotionCard key={p.id} p={p} />)}</ul>
      )}
    </div>
  );
}
