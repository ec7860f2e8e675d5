/** The numbers of a promotion's rule, as a short list (percent, cap, minimum, turnover, window). */
import { useTranslation } from 'react-i18next';
import type { promotions as P } from '@lobby/contract';
import { Money } from '@/components/ui/kit';

const percent = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;
const set = (v: string) => v !== '0.00';

export function RuleFacts({ rule }: { rule: P.Rule }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [];
  rows.push([t('promotions.rule.kind'), t(`promotions.kind.${rule.kind}`)]);
  if (rule.kind === 'appDownload') rows.push([t('promotions.rule.fixed'), <Money value={rule.fixedAmount} />]);
  else if (rule.kind === 'ranking') rule.prizes.forEach((p, i) => rows.push([t('promotions.rule.prize', { rank: i + 1 }), <Money value={p} />]));
  else rows.push([t('promotions.rule.percent'), percent(rule.bps)]);
  if (set(rule.maxBonus)) rows.push([t('promotions.rule.max'), <Money value={rule.maxBonus} />]);
  if (set(rule.minDeposit)) rows.push([t('promotions.rule.minDeposit'), <Money value={rule.minDeposit} />]);
  if (set(rule.minValidBet)) rows.push([t('promotions.rule.minValidBet'), <Money value={rule.minValidBet} />]);
  if (rule.withinDays) rows.push([t('promotions.rule.withinDays'), t('promotions.rule.days', { count: rule.withinDays })]);
  if (rule.gameTypes.length) rows.push([t('promotions.rule.games'), rule.gameTypes.join(', ')]);
  rows.push([t('promotions.rule.period'), t(`promotions.periodKind.${rule.period}`)]);
  rows.push([t('promotions.rule.turnover'), t('promotions.rule.times', { count: rule.turnoverMultiple })]);
  return (
    <dl className="promo-facts" data-testid="promo-facts">
      {rows.map(([k, v]) => (
        <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
      ))}
    </dl>
  );
}
