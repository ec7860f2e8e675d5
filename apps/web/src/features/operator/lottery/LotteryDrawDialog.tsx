/** The confirmation dialog of the Lottery page: void an issue (with a reason) or draw it now. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorLottery } from '@lobby/contract';
import { useOpAction } from '../api';
import { Dialog, errMsg, money, Notice } from '../ui';

export type DrawAction = { kind: 'void' | 'draw'; row: operatorLottery.DrawRow };

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
  const busy = voiding.isPending || drawing.isPending;
  const name = `${game.name[lang]} (${game.gameCode})`;
  const submit = async () => {
    setError(null);
    try {
      if (kind === 'void') {
        const r = await voiding.mutateAsync({ gameCode: game.gameCode, numero: row.numero, reason: reason.trim() });
        onDone(t('console.lt.voided', { numero: row.numero, count: r.refunded }));
      } else {
        const r = await drawing.mutateAsync({ gameCode: game.gameCode, numero: row.numero });
        onDone(t('console.lt.drawn', { numero: row.numero, special: r.special }));
      }
    } catch (e) {
      setError(errMsg(e));
    }
  };
  const title = kind === 'void' ? t('console.lt.voidTitle', { numero: row.numero }) : t('console.lt.drawTitle', { numero: row.numero });
  const intro = kind === 'draw' ? t('console.lt.drawIntro', { game: name, count: row.bets })
    : row.bets > 0 ? t('console.lt.voidIntro', { game: name, count: row.bets, stake: money(row.stake) })
      : t('console.lt.voidIntroNone', { game: name });
  const ready = kind === 'draw' || reason.trim().length >= REASON_MIN;
  return (
    <Dialog title={title} onClose={onClose} busy={busy} buttons={<>
      <button type="button" className="oc-btn" onClick={onClose} disabled={busy}>{t('console.lt.cancel')}</button>
      <button type="button" className={`oc-btn ${kind === 'void' ? 'lc-danger-solid' : 'oc-primary'}`} disabled={!ready || busy} onClick={() => void submit()}>
        {kind === 'void' ? t('console.lt.confirmVoid') : t('console.lt.confirmDraw')}
      </button>
    </>}>
      <p>{intro}</p>
      {kind === 'void' && (
        <label className="lc-reason-field">{t('console.lt.reason')}
          <textarea value={reason} maxLength={200} rows={3} autoFocus onChange={(e) => setReason(e.target.value)} />
          <small className="oc-muted">{t('console.lt.reasonHint')}</small>
        </label>
      )}
      {error && <Notice kind="error">{error}</Notice>}
    </Dialog>
  );
}
