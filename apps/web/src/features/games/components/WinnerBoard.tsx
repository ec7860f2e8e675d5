/**
 * Winner board on HOME (§2, §3, §9): the biggest recent wins, names masked by the server. With
 * at least 12 entries it scrolls by itself, 0.5 px a frame, seamlessly (the list is drawn
 * twice); it pauses under the pointer or keyboard focus and stays still with reduced motion.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useBrand } from '@/lib/system';
import { formatMoney } from '@/lib/money';
import { useWinnerBoard } from '../api';
import { winnerBoardMoves } from '../logic';
import './winners.css';

export default function WinnerBoard() {
  const { t } = useTranslation();
  const q = useWinnerBoard();
  const symbol = useBrand()?.currency.symbol ?? '';
  const track = useRef<HTMLUListElement>(null);
  const list = q.data ?? [];
  const reduced = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const moving = winnerBoardMoves(list.length, reduced);

  useEffect(() => {
    const el = track.current;
    if (!moving || !el) return;
    let offset = 0;
    let paused = false;
    let frame = 0;
    const pause = () => (paused = true);
    const resume = () => (paused = el.matches(':focus-within'));
    const step = () => {
      if (!paused) {
        const half = el.scrollHeight / 2;
        offset += LIMITS.winnerScrollStep;
        if (half > 0 && offset >= half) offset -= half;
        el.style.transform = `translateY(${-offset}px)`;
      }
      frame = requestAnimationFrame(step);
    };
    el.addEventListener('pointerenter', pause);
    el.addEventListener('pointerleave', resume);
    el.addEventListener('focusin', pause);
    el.addEventListener('focusout', resume);
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('pointerenter', pause);
      el.removeEventListener('pointerleave', resume);
      el.removeEventListener('focusin', pause);
      el.removeEventListener('focusout', resume);
      el.style.transform = '';
    };
  }, [moving, q.data]);

  const rows = (copy: number) =>
    list.map((w, i) => (
      <li key={`${copy}-${i}`} className="winners__row" aria-hidden={copy === 1 || undefined}>
        <img className="winners__icon" src={w.iconUrl} alt="" width="40" height="40" loading="lazy" />
        <span className="winners__who">
          <span className="winners__name">{w.customerName}</span>
          <span className="winners__game">{w.gameName}</span>
        </span>
        <span className="winners__amount num" dir="ltr">
          {formatMoney(w.winAmount, { symbol })}
        </span>
      </li>
    ));

  return (
    <section className="winners" aria-labelledby="winners-title">
      <header className="section-head">
        <h2 id="winners-title" className="section-head__title">
          <Icon name="trophy" size={20} /> {t('home.winners')}
        </h2>
      </header>
      <div className="winners__viewport">
        {q.isPending ? (
          <p className="winners__empty">{t('common.loading')}</p>
        ) : list.length === 0 ? (
          <p className="winners__empty">{t('home.noWinners')}</p>
        ) : (
          <ul ref={track} className="winners__list">
            {rows(0)}
            {moving && rows(1)}
          </ul>
        )}
      </div>
    </section>
  );
}
