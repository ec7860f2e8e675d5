/** The confirmation dialog of the Lottery page: void an issue (with a reason) or draw it now. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorLottery } from '@lobby/contract';
import { useOpAction } from '../api';
import { Dialog, errMsg, money, Notice } from '../ui';

/** void / draw / discard (the official entries of a VN issue) confirm here; result opens LotteryResultDialog. */
export type DrawAction = { kind: 'void' | 'draw' | 'discard' | 'result'; row: operatorLottery.DrawRow };

interface Props {
  action: DrawAction;
  game: operatorLottery.ConsoleGame;
  lang: 'ES' | 'EN';
  onClose: () => void;
  onDone: (text: string) => void;
}

const REASON_MIN = 3;

export function DrawDialog({ action, game, lang, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { kind, row } = action;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const voiding = useOpAction(operatorLottery.voidDraw);
  const drawing = useOpAction(operatorLottery.drawNow);
  const discarding = useOpAction(operatorLottery.discardResult);
  const busy = voiding.isPending || drawing.isPending || discarding.isPending;
  const withReason = kind === 'void' || kind === 'discard';
  const name = `${game.name[lang]} (${game.gameCode})`;
  const submit = async () => {
    setError(null);
    try {
      if (kind === 'void') {
        const r = await voiding.mutateAsync({ gameCode: game.gameCode, numero: row.numero, reason: reason.trim() });
        onDone(t('console.lt.voided', { numero: row.numero, count: r.refunded }));
      } else if (kind === 'discard') {
        const r = await discarding.mutateAsync({ gameCode: game.gameCode, numero: row.numero, reason: reason.trim() });
        onDone(t('console.lt.discarded', { numero: row.numero, count: r.discarded }));
      } else {
        const r = await drawing.mutateAsync({ gameCode: game.gameCode, numero: row.numero });
        onDone(r.special ? t('console.lt.drawn', { numero: row.numero, special: r.special }) : t('console.lt.due', { numero: row.numero }));
      }
    } catch (e) {
      setError(errMsg(e));
    }
  };
  const title = t(kind === 'void' ? 'console.lt.voidTitle' : kind === 'discard' ? 'console.lt.discardTitle' : 'console.lt.drawTitle', { numero: row.numero });
  const official = row.resultSource === 'official';
  const intro = kind === 'discard' ? t('console.lt.discardIntro', { game: name })
    : kind === 'draw' ? t(official ? 'console.lt.drawIntroOfficial' : 'console.lt.drawIntro', { game: name, count: row.bets })
    : row.bets > 0 ? t('console.lt.voidIntro', { game: name, count: row.bets, stake: money(row.stake) })
      : t('console.lt.voidIntroNone', { game: name });
  const ready = !withReason || reason.trim().length >= REASON_MIN;
  return (
    <Dialog title={title} onClose={onClose} busy={busy} buttons={<>
      <button type="button" className="oc-btn" onClick={onClose} disabled={busy}>{t('console.lt.cancel')}</button>
      <button type="button" className={`oc-btn ${kind === 'void' ? 'lc-danger-solid' : 'oc-primary'}`} disabled={!ready || busy} onClick={() => void submit()}>
        {kind === 'void' ? t('console.lt.confirmVoid') : kind === 'discard' ? t('console.lt.discard') : t('console.lt.confirmDraw')}
      </button>
    </>}>
      <p>{intro}</p>
      {withReason && (
        <label className="lc-reason-field">{t('console.lt.reason')}
          <textarea value={reason} maxLength={200} rows={3} autoFocus onChange={(e) => setReason(e.target.value)} />
          <small className="oc-muted">{t('console.lt.reasonHint')}</small>
        </label>
      )}
      {error && <Notice kind="error">{error}</Notice>}
    </Dialog>
  );
}
