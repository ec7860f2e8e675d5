import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/PagePlaceholder';

/** /lottery, /lottert, /seaLottery, /vnLottery — login required, ?gameCode, side menu hidden. */
export default function LotteryPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const gameCode = params.get('gameCode');
  const facts: Array<[string, string]> = [[t('facts.route'), pathname]];
  if (gameCode) facts.push([t('facts.gameCode'), gameCode]);
  return <PagePlaceholder page="lottery" specName="Lottery" icon="balls" facts={facts} />;
}
