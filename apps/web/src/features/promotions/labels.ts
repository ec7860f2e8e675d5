/**
 * How each §4 activity label shows: its tone and the button it offers (join/apply or claim).
 * Visitors get a "log in to take part" button on running promotions.
 */
import { promotions as P } from '@lobby/contract';

export type Tone = 'action' | 'pending' | 'done' | 'bad' | 'muted';

export interface LabelView {
  tone: Tone;
  /** The button, if any: join (apply for reviewed promotions), claim, or log in for visitors. */
  action: 'join' | 'apply' | 'claim' | 'login' | null;
}

const TONE: Record<P.Label, Tone> = {
  join: 'action', claim: 'action', issued: 'action',
  applying: 'pending', process: 'pending', joined: 'pending',
  claimed: 'done', rejected: 'bad', comingSoon: 'muted', closed: 'muted',
};

export const toneOf = (label: P.Label): Tone => TONE[label];

export function labelView(p: Pick<P.Promotion, 'mine' | 'rule' | 'startsAt' | 'endsAt'>, now = Date.now()): LabelView & { label: P.Label | null } {
  if (!p.mine) {
    if (Date.parse(p.startsAt) > now) return { label: 'comingSoon', tone: 'muted', action: null };
    if (p.endsAt !== null && Date.parse(p.endsAt) <= now) return { label: 'closed', tone: 'muted', action: null };
    return { label: null, tone: 'muted', action: 'login' };
  }
  const label = p.mine.label;
  const act = P.ACTION_OF[label] ?? null;
  return { label, tone: TONE[label], action: act === 'join' && p.rule.kind === 'appDownload' ? 'apply' : act };
}
