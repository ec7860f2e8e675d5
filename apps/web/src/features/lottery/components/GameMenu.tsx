/**
 * The lottery game menus (§7 game_menus, vn game_menu, game_menu/recent): the member's recent
 * lottery games, then every game grouped by kind (fast draws, VN regions) with its current issue
 * and a live countdown to the cut-off. A card opens the game on the same route (?gameCode=).
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lottery } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { formatDateTime } from '@/lib/format';
import { ErrorState } from '@/components/ui/kit';
import { clockSkew, useLotteryMenu, useRecentLottery, useServerNow } from '../api';
import { Countdown, DrawChip, useSchedule } from './bits';

type MenuGame = lottery.MenuGame;

function GameCard({ game, now, extra }: { game: MenuGame; now: number; extra?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const schedule = useSchedule();
  const cur = game.current;
  const href = `${pathname}?${new URLSearchParams({ gameCode: game.gameCode })}`;
  return (
    <li className={`lt-gcard lt-gcard--${game.kind}`} data-testid={`game-${game.gameCode}`}>
      <Link to={href} className="lt-gcard__link" aria-label={t('lottery.menu.playName', { name: game.name })}>
        <span className="lt-gcard__icon" aria-hidden="true">
          <Icon name={game.kind === 'vn' ? 'balls' : 'clock'} size={26} />
        </span>
        <span className="lt-gcard__body">
          <span className="lt-gcard__name">{game.name}</span>
          <span className="lt-gcard__sched">{schedule(game)}</span>
          {extra && <span className="lt-gcard__sched">{extra}</span>}
        </span>
        <span className="lt-gcard__issue">
          {cur ? (
            <>
              <span className="lt-gcard__numero num">{t('lottery.menu.issue', { numero: cur.numero })}</span>
              {cur.status === 'open' ? (
                <span className="lt-gcard__count">
                  <span className="lt-muted">{t('lottery.menu.closesIn')}</span>
                  <Countdown to={cur.closesAt} now={now} label={t('lottery.menu.closesIn')} />
                </span>
              ) : (
                <DrawChip status={cur.status} />
              )}
            </>
          ) : (
            <span className="lt-muted">{t('lottery.menu.noIssue')}</span>
          )}
        </span>
        <span className="lt-gcard__cta" aria-hidden="true">{t('lottery.menu.play')}</span>
      </Link>
    </li>
  );
}

export function GameMenu({ vn }: { vn: boolean }) {
  const { t } = useTranslation();
  const menu = useLotteryMenu(vn);
  const recent = useRecentLottery();
  const now = useServerNow(clockSkew(menu.data?.serverTime, menu.dataUpdatedAt));
  const offset = menu.data?.gmtOffsetMinutes ?? 0;
  const list = menu.data?.list ?? [];
  const groups = lottery.LOTTERY_KINDS.map((kind) => ({ kind, games: list.filter((g) => g.kind === kind) })).filter((g) => g.games.length);
  const mine = (recent.data ?? []).filter((g) => !vn || g.kind === 'vn');

  return (
    <section className="lt-menu" aria-labelledby="lt-menu-title">
      <header className="lt-head">
        <h1 id="lt-menu-title" className="lt-head__title">
          <Icon name="balls" size={26} /> {t(vn ? 'lottery.vnTitle' : 'lottery.title')}
        </h1>
      </header>
      {mine.length > 0 && (
        <section className="lt-group" aria-labelledby="lt-recent">
          <h2 id="lt-recent" className="lt-group__title">{t('lottery.menu.recent')}</h2>
          <ul className="lt-grid">
            {mine.map((g) => (
              <GameCard key={g.gameCode} game={g} now={now} extra={t('lottery.menu.lastBet', { time: formatDateTime(g.lastBetAt, offset) })} />
            ))}
          </ul>
        </section>
      )}
      {menu.isError ? (
        <ErrorState error={menu.error} onRetry={() => menu.refetch()} />
      ) : menu.isPending ? (
        <ul className="lt-grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => <li key={i} className="lt-gcard lt-gcard--skeleton" />)}
        </ul>
      ) : groups.length === 0 ? (
        <p className="lt-empty">{t('lottery.menu.empty')}</p>
      ) : (
        groups.map(({ kind, games }) => (
          <section key={kind} className="lt-group" aria-labelledby={`lt-kind-${kind}`}>
            <h2 id={`lt-kind-${kind}`} className="lt-group__title">{t(`lottery.kind.${kind}`)}</h2>
            <ul className="lt-grid">
              {games.map((g) => <GameCard key={g.gameCode} game={g} now={now} />)}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
