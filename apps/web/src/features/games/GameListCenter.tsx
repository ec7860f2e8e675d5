import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { CATEGORIES } from './categories';

/** /live, /fish, /rng (?vassalage), /pvp — game list centre. Built by the games issue. */
export default function GameListCenter() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const cat = CATEGORIES.find((c) => c.path === pathname);
  const vassalage = params.get('vassalage');
  const facts: Array<[string, string]> = [[t('facts.category'), cat ? t(`categories.${cat.type}`) : pathname]];
  if (vassalage) facts.push([t('facts.vendor'), vassalage]);
  return <PagePlaceholder page="gameList" specName="GameListCenter" icon={cat?.icon ?? 'grid'} facts={facts} />;
}
