/**
 * Lottery (issue 6 item 1): pick a lottery game, see its issues (times, state, result, bets and
 * stakes) and void one that has no result (every bet refunded, with a reason) or draw it now,
 * each after a confirmation dialog. A VN issue (one per province) settles on its official
 * result: typed by one operator and again by another (four eyes, LotteryResultDialog); a
 * mismatch is shown and blocks it until the entries are discarded.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lottery, operatorLottery } from '@lobby/contract';
import { useLanguage } from '@/lib/i18n';
import './locale';
import './lottery.css';
import { useMe, useOp, useOpAction } from '../api';
import { Card, errMsg, money, Notice, Pager, when } from '../ui';
import { DrawDialog, type DrawAction } from './LotteryDrawDialog';
import { ResultDialog } from './LotteryResultDialog';

type Row = operatorLottery.DrawRow;
type Status = Row['status'];

const PILL: Record<Status, string> = { open: 'oc-pill-active', closed: 'lc-pill-closed', drawn: 'lc-pill-drawn', settled: '', void: 'oc-pill-locked' };

function Result({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!row.special) return <span className="oc-muted">{t('console.lt.noResult')}</span>;
  const many = row.prizes.length > 1;
  return (
    <div className="lc-result">
      <b className="lc-special" data-testid="special">{row.special}</b>
      {many && (
        <details>
          <summary>{t('console.lt.allPrizes')}</summary>
          <dl className="lc-prizes">
            {row.prizes.map((p) => (
              <div key={p.prize}><dt>{t(`console.lt.prize.${p.prize}`, { defaultValue: p.prize })}</dt><dd>{p.numbers.join(' · ')}</dd></div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

/** A VN issue's official result: waiting for a second operator, or blocked by two entries that differ. */
function Official({ row }: { row: Row }) {
  const { t } = useTranslation();
  const o = row.official;
  if (!o || o.state === 'none' || o.state === 'published') {
    return o?.state === 'published' || row.resultSource !== 'test' ? null : <small className="oc-muted">{t('console.lt.standIn')}</small>;
  }
  if (o.state === 'awaiting') return <small className="lc-waiting" data-testid="official-state" data-state="awaiting">{t('console.lt.awaiting', { name: o.entries[0]?.by ?? '' })}</small>;
  return (
    <small className="lc-mismatch" role="alert" data-testid="official-state" data-state="mismatch">
      {t('console.lt.mismatch', { prizes: o.differing.map((p) => t(`console.lt.prize.${p}`, { defaultValue: p })).join(', ') })}
    </small>
  );
}

/** `stale`: the rows are the previous query's (another game or page) while the new ones load: no actions on them. */
function DrawsTable({ rows, stale, onAction }: { rows: Row[]; stale: boolean; onAction: (a: DrawAction) => void }) {
  const { t } = useTranslation();
  // four eyes: the operator who made the first entry does not get to confirm it
  const me = useMe(true).data?.username;
  const mayEnter = (d: Row) => !!d.official?.canEnter && !(d.official.state === 'awaiting' && d.official.entries[0]?.by === me);
  return (
    <div className="oc-table-wrap">
      <table className="oc-table oc-stack lc-draws" aria-busy={stale}>
        <thead><tr>
          <th>{t('console.lt.numero')}</th><th>{t('console.lt.times')}</th><th>{t('console.lt.state')}</th><th>{t('console.lt.result')}</th>
          <th className="num">{t('console.lt.bets')}</th><th className="num">{t('console.lt.stake')}</th><th className="num">{t('console.lt.win')}</th><th />
        </tr></thead>
        <tbody>{rows.map((d) => (
          <tr key={d.numero} data-numero={d.numero} data-status={d.status}>
            <td data-label={t('console.lt.numero')}>
              <code>{d.numero}</code>
              {d.province && <small className="lc-province">{d.province.name}</small>}
            </td>
            <td data-label={t('console.lt.times')}>
              <dl className="lc-times">
                <div><dt>{t('console.lt.opens')}</dt><dd>{when(d.opensAt)}</dd></div>
                <div><dt>{t('console.lt.closes')}</dt><dd>{when(d.closesAt)}</dd></div>
                <div><dt>{t('console.lt.draws')}</dt><dd>{when(d.drawAt)}</dd></div>
              </dl>
            </td>
            <td data-label={t('console.lt.state')}>
              <div className="lc-state">
                <span className={`oc-pill ${PILL[d.status]}`}>{t(`console.lt.status.${d.status}`)}</span>
                {d.openBets > 0 && d.status !== 'open' && <small className="lc-waiting">{t('console.lt.openBets', { count: d.openBets })}</small>}
                {d.status === 'void' && d.voidReason && <small className="lc-reason">“{d.voidReason}”</small>}
                {d.status === 'void' && d.voidedBy && <small className="oc-muted">{t('console.lt.voidedBy', { name: d.voidedBy })}</small>}
                <Official row={d} />
              </div>
            </td>
            <td data-label={t('console.lt.result')}><Result row={d} /></td>
            <td data-label={t('console.lt.bets')} className="num">{d.bets}</td>
            <td data-label={t('console.lt.stake')} className="num">{money(d.stake)}</td>
            <td data-label={t('console.lt.win')} className="num">{money(d.win)}</td>
            <td className={`oc-actions${d.official && d.official.state !== 'published' && d.official.state !== 'none' ? ' lc-actions--wrap' : ''}`}>
              {mayEnter(d) && (
                <button type="button" className="oc-btn oc-primary" data-testid="enter-result" disabled={stale} onClick={() => onAction({ kind: 'result', row: d })}>
                  {d.official?.state === 'awaiting' ? t('console.lt.confirmResult') : t('console.lt.enterResult')}
                </button>
              )}
              {(d.official?.state === 'mismatch' || d.official?.state === 'awaiting') && (
                <button type="button" className="oc-btn" disabled={stale} onClick={() => onAction({ kind: 'discard', row: d })}>{t('console.lt.discard')}</button>
              )}
              {d.canDraw && <button type="button" className="oc-btn" disabled={stale} onClick={() => onAction({ kind: 'draw', row: d })}>{t('console.lt.drawNow')}</button>}
              {d.canVoid && (
                <button type="button" className="oc-btn oc-danger" disabled={stale} onClick={() => onAction({ kind: 'void', row: d })}>
                  {d.status === 'void' ? t('console.lt.finishRefunds') : t('console.lt.void')}
                </button>
              )}
            </td>
          </tr>
        ))}</tbody>
      </table>
    </div>
  );
}

export function LotteryDrawsPage() {
  const { t } = useTranslation();
  const lang = useLanguage().language === 'EN' ? 'EN' : 'ES';
  const games = useOp(operatorLottery.listGames);
  const [picked, setPicked] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<DrawAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const gameCode = picked || games.data?.[0]?.gameCode || '';
  const game = games.data?.find((g) => g.gameCode === gameCode);
  const draws = useOp(operatorLottery.listDraws, { gameCode, page, ...(status ? { status } : {}) }, gameCode !== '');
  // the brand's results feed, read now (the server also reads it every 15 s while an issue waits)
  const importing = useOpAction(operatorLottery.importResults);
  const [feedError, setFeedError] = useState<string | null>(null);
  const readFeed = async () => {
    setDone(null);
    setFeedError(null);
    try {
      const r = await importing.mutateAsync({});
      setDone(t('console.lt.feedRead', { imported: r.imported, refused: r.refused }));
      void draws.refetch();
    } catch (e) {
      setFeedError(errMsg(e));
    }
  };
  const schedule = (g: operatorLottery.ConsoleGame) => (g.intervalSeconds ? t('console.lt.every', { minutes: g.intervalSeconds / 60 }) : t('console.lt.daily', { time: g.drawTime }));
  return (
    <div className="oc-page">
      <h1>{t('console.menu.lottery')}</h1>
      <Card>
        <p className="oc-muted lc-intro">{t('console.lt.intro')}</p>
        {games.isError ? <Notice kind="error">{errMsg(games.error)}</Notice> : !games.data ? <p>{t('console.loading')}</p>
          : games.data.length === 0 ? <p className="oc-muted">{t('console.lt.noGames')}</p> : (
            <div className="oc-filters lc-filters">
              <label>{t('console.lt.game')}
                <select value={gameCode} onChange={(e) => { setPicked(e.target.value); setPage(1); setDone(null); }}>
                  {games.data.map((g) => <option key={g.gameCode} value={g.gameCode}>{g.name[lang]} ({g.gameCode}, {schedule(g)})</option>)}
                </select>
              </label>
              <label>{t('console.lt.state')}
                <select value={status} onChange={(e) => { setStatus(e.target.value as Status | ''); setPage(1); }}>
                  <option value="">{t('console.lt.any')}</option>
                  {lottery.DRAW_STATUSES.map((s) => <option key={s} value={s}>{t(`console.lt.status.${s}`)}</option>)}
                </select>
              </label>
              <button type="button" className="oc-btn" onClick={() => void draws.refetch()} disabled={draws.isFetching}>{t('console.lt.refresh')}</button>
              {game?.kind === 'vn' && (
                <button type="button" className="oc-btn" data-testid="read-feed" disabled={importing.isPending} onClick={() => void readFeed()}>{t('console.lt.readFeed')}</button>
              )}
            </div>
          )}
        {done && <Notice kind="ok">{done}</Notice>}
        {feedError && <Notice kind="error">{feedError}</Notice>}
        {gameCode !== '' && (draws.isError ? <Notice kind="error">{errMsg(draws.error)}</Notice> : !draws.data ? <p>{t('console.loading')}</p>
          : draws.data.list.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
            <>
              <DrawsTable rows={draws.data.list} stale={draws.isPlaceholderData} onAction={(a) => { setDone(null); setAction(a); }} />
              <Pager page={draws.data.page} total={draws.data.total} pageSize={draws.data.pageSize} onPage={setPage} />
            </>
          ))}
      </Card>
      {action?.kind === 'result' && game && (
        <ResultDialog row={action.row} game={game} lang={lang} onClose={() => setAction(null)}
          onDone={(text) => { setAction(null); setDone(text); void draws.refetch(); }} />
      )}
      {action && action.kind !== 'result' && game && (
        <DrawDialog action={action} game={game} lang={lang} onClose={() => setAction(null)}
          onDone={(text) => { setAction(null); setDone(text); }} />
      )}
    </div>
  );
}
