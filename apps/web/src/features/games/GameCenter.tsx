import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { CATEGORIES } from './categories';

/** /sports, /esports, /lott, /elott — game centre (vendor lobby). Built by the games issue. */
export default function GameCenter() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const cat = CATEGORIES.find((c) => c.path === pathname);
  return (
    <PagePlaceholder
      page="gameCenter"
      specName="GameCenter"
      icon={cat?.icon ?? 'grid'}
      facts={[[t('facts.category'), cat ? t(`categories.${cat.type}`) : pathname]]}
    />
  );
}
