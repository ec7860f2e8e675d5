/**
 * One lottery game (?gameCode=): the current issue with its countdown, the bet board and the
 * slip, then results (the regional board for VN games), the trend and my bets. At the cut-off
 * the page reads the current issue again, which brings the next one.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { lottery } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useSession } from '@/features/session';
import { safeBackPath } from '@/features/play';
import { ErrorState, Money, SkeletonRows } from '@/components/ui/kit';
import { clockSkew, lotteryKeys, useCurrentIssue, useServerNow, useSettleWatch } from './api';
import { BetBoard } from './components/BetBoard';
import { BetSlip, useSlip } from './components/BetSlip';
import { ALL_PROVINCES, IssueBar } from './components/IssueBar';
import { MyBets } from './components/MyBets';
import { ResultsPanel } from './components/Results';
import { TrendPanel } from './components/Trend';
import { useSchedule } from './components/bits';
import { slipTotal, type SlipLine } from './slip';

const TABS = ['results', 'trend', 'bets'] as const;
type Tab = (typeof TABS)[number];

/** The prize mode a route asks for when the game offers it (/seaLottery: SEA). */
const ROUTE_MODE: Record<string, lottery.PrizeMode> = { '/seaLottery': 'SEA' };

export function GamePage({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const schedule = useSchedule();
  const symbol = useSession().member?.currencySymbol ?? '';
  const [params] = useSearchParams();
  const [chosenMode, setMode] = useState<lottery.PrizeMode | undefined>(undefined);
  // A launch's ?prizeMode, else the route's (/seaLottery: SEA), once the game is known to offer
  // it, until the member chooses one.
  const [offered, setOffered] = useState<readonly lottery.PrizeMode[]>([]);
  const wanted = [params.get('prizeMode')?.toUpperCase(), ROUTE_MODE[pathname]].find((m) => !!m && offered.includes(m as lottery.PrizeMode));
  const mode = chosenMode ?? (wanted as lottery.PrizeMode | undefined);
  // A launch from the catalog may name the page to go back to (?backUrl, same origin only).
  const backUrl = params.get('backUrl');
  const back = backUrl ? { to: safeBackPath(backUrl), label: t('lottery.backTo') } : { to: pathname, label: t('lottery.back') };
  const q = useCurrentIssue(gameCode, mode);
  const data = q.data;
  if (data && data.game.prizeModes !== offered) setOffered(data.game.prizeModes);
  const now = useServerNow(clockSkew(data?.serverTime, q.dataUpdatedAt));
  useSettleWatch(gameCode, !!data);
  // New lines start at the game's minimum bet until the member types another amount.
  const slip = useSlip(data?.limits.minBet);
  const [notice, setNotice] = useState('');
  const [tab, setTab] = useState<Tab>('results');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ results: null, trend: null, bets: null });

  // At the cut-off (and at the draw) read the issue again: the next one opens. A VN region draws
  // several provinces at once (one issue each): the member picks the province to bet on.
  const [picked, setPicked] = useState<string | null>(null);
  const issues = data?.issues ?? (data?.current ? [data.current] : []);
  const all = picked === ALL_PROVINCES && issues.length > 1;
  const current = issues.find((i) => i.numero === picked) ?? data?.current ?? undefined;
  const closesAt = current ? Date.parse(current.closesAt) : NaN;
  const open = !!current && current.status === 'open' && closesAt > now;
  const expiredKey = current && current.status === 'open' && closesAt <= now ? current.numero : null;
  const { refetch } = q;
  useEffect(() => {
    if (expiredKey) void refetch();
  }, [expiredKey, refetch]);

  // A new result: the results, the trend and my bets of this game are read again.
  const qc = useQueryClient();
  const lastNumero = data?.last?.numero;
  useEffect(() => {
    if (lastNumero) void qc.invalidateQueries({ queryKey: lotteryKeys.game(gameCode) });
  }, [lastNumero, gameCode, qc]);

  if (q.isPending) return <section className="lt-page"><SkeletonRows rows={6} cols={3} /></section>;
  if (q.isError || !data) {
    return (
      <section className="lt-page">
        <Link to={back.to} className="btn btn--ghost btn--sm lt-back"><Icon name="chevronRight" size={16} className="flip" /> {back.label}</Link>
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      </section>
    );
  }

  const { game } = data;
  const vn = game.kind === 'vn';
  const onAdd = (lines: SlipLine[]) => {
    const r = slip.add(lines);
    setNotice(r.full ? t('lottery.slip.full', { max: lottery.MAX_SLIP }) : r.added ? t('lottery.board.added', { count: r.added }) : t('lottery.board.duplicate'));
  };
  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className={`lt-page lt-page--${game.kind}`} aria-labelledby="lt-game-title" data-testid="lottery-game">
      <header className="lt-head">
        <Link to={back.to} className="btn btn--ghost btn--sm lt-back">
          <Icon name="chevronRight" size={16} className="flip" /> {back.label}
        </Link>
        <h1 id="lt-game-title" className="lt-head__title">
          <Icon name={vn ? 'balls' : 'clock'} size={24} /> {game.name}
          {game.region && <span className="tag tag--glass">{t(`lottery.region.${game.region}`)}</span>}
        </h1>
        <span className="lt-muted lt-small">{schedule(game)}</span>
        {game.prizeModes.length > 1 && (
          <div className="lt-modes" role="radiogroup" aria-label={t('lottery.prizeMode.label')}>
            <span className="lt-muted lt-small" aria-hidden="true">{t('lottery.prizeMode.label')}</span>
            {game.prizeModes.map((m) => (
              <button key={m} type="button" role="radio" aria-checked={data.prizeMode === m} className={`pill${data.prizeMode === m ? ' is-active' : ''}`} onClick={() => setMode(m)}>
                {t(`lottery.prizeMode.${m}`)}
              </button>
            ))}
          </div>
        )}
      </header>

      <IssueBar data={data} now={now} issue={current ?? null} issues={issues} all={all} onPick={setPicked} />

      <div className="lt-play">
        <BetBoard key={`${game.gameCode}-${data.prizeMode}`} options={data.options} disabled={!open} onAdd={onAdd} />
        <BetSlip
          slip={slip}
          options={data.options}
          limits={data.limits}
          target={{ gameCode: game.gameCode, numero: current?.numero ?? null, ...(all ? { numeros: issues.map((i) => i.numero) } : {}), prizeMode: data.prizeMode, open }}
          symbol={symbol}
          notice={notice}
          onClosed={() => void q.refetch()}
        />
      </div>

      {slip.lines.length > 0 && (
        <a href="#lt-slip" className="lt-slipbar" data-testid="slip-bar">
          <Icon name="receipt" size={18} />
          <span>{t('lottery.slip.title')} · {t('lottery.slip.count', { count: slip.lines.length })}</span>
          <Money value={slipTotal(slip.lines)} symbol={symbol} className="lt-slipbar__sum" />
        </a>
      )}

      <section className="lt-tabs">
        <div className="lt-tabs__list" role="tablist" aria-label={t('lottery.tabs.label')} onKeyDown={onTabKey}>
          {TABS.map((k) => (
            <button
              key={k}
              ref={(el) => { tabRefs.current[k] = el; }}
              id={`lt-tab-${k}`}
              type="button"
              role="tab"
              aria-selected={tab === k}
              aria-controls={`lt-panel-${k}`}
              tabIndex={tab === k ? 0 : -1}
              className={`lt-tab${tab === k ? ' is-active' : ''}`}
              onClick={() => setTab(k)}
            >
              {t(`lottery.tabs.${k}`)}
            </button>
          ))}
        </div>
        <div id={`lt-panel-${tab}`} role="tabpanel" aria-labelledby={`lt-tab-${tab}`} className="lt-tabs__panel" tabIndex={0}>
          {tab === 'results' && <ResultsPanel gameCode={game.gameCode} vn={vn} offset={data.gmtOffsetMinutes} />}
          {tab === 'trend' && <TrendPanel gameCode={game.gameCode} vn={vn} />}
          {tab === 'bets' && <MyBets gameCode={game.gameCode} symbol={symbol} offset={data.gmtOffsetMinutes} />}
        </div>
      </section>
    </section>
  );
}
