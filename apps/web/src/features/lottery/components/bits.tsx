/** Small pieces the lottery screens share: result balls, status chips, bet labels, schedule text. */
import { useTranslation } from 'react-i18next';
import type { lottery } from '@lobby/contract';
import { formatCountdown } from '@/lib/amounts';

/** A result as balls, one per digit; read out as the whole number. */
export function Balls({ value, size = 'md', label }: { value: string; size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`lt-balls lt-balls--${size}`} role="img" aria-label={label ?? value} dir="ltr">
      {[...value].map((d, i) => (
        <span key={i} className="lt-ball" aria-hidden="true">{d}</span>
      ))}
    </span>
  );
}

const DRAW_TONE: Record<lottery.DrawStatus, string> = { open: 'ok', closed: 'warn', drawn: 'info', settled: 'muted', void: 'bad' };
const BET_TONE: Record<lottery.BetStatus, string> = { open: 'warn', won: 'ok', lost: 'muted', void: 'info' };

export function DrawChip({ status }: { status: lottery.DrawStatus }) {
  const { t } = useTranslation();
  return <span className={`chip chip--${DRAW_TONE[status]}`} data-status={status}>{t(`lottery.drawStatus.${status}`)}</span>;
}

export function BetChip({ status }: { status: lottery.BetStatus }) {
  const { t } = useTranslation();
  return <span className={`chip chip--${BET_TONE[status]}`} data-status={status}>{t(`lottery.betStatus.${status}`)}</span>;
}

/** "Xiên 2 · 12 34", "Grande". */
export function useBetLabel(): (betType: lottery.BetType, numbers: readonly string[]) => string {
  const { t } = useTranslation();
  return (betType, numbers) => {
    const name = t(`lottery.betType.${betType}`);
    return numbers.length ? `${name} · ${numbers.join(' ')}` : name;
  };
}

/** "Every 3 minutes" / "Daily at 18:15". */
export function useSchedule(): (g: Pick<lottery.LotteryGame, 'intervalSeconds' | 'drawTime'>) => string {
  const { t } = useTranslation();
  return (g) => {
    if (g.intervalSeconds) return t('lottery.menu.everyMin', { count: Math.max(1, Math.round(g.intervalSeconds / 60)) });
    return g.drawTime ? t('lottery.menu.daily', { time: g.drawTime }) : '';
  };
}

/** A ticking "02:41" to an instant on the server's clock (`now`), urgent in the last 10 seconds. */
export function Countdown({ to, now, label }: { to: string; now: number; label: string }) {
  const left = Math.max(0, Math.ceil((Date.parse(to) - now) / 1000));
  return (
    <span className={`lt-countdown num${left <= 10 ? ' is-urgent' : ''}`} role="timer" aria-label={label} data-testid="countdown" dir="ltr">
      {formatCountdown(left)}
    </span>
  );
}
