/** The console's Content page (/console/content, permission content.manage): banners, announcements, promotions, help articles, affiliate banners for agents (issue 25). */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import './locale';
import './content.css';
import { ContentAnnouncements, ContentBanners } from './ContentAnnouncements';
import { ContentHelp } from './ContentHelp';
import { ContentAffiliateBanners } from './ContentAffiliateBanners';
import { ContentPromotions } from './ContentPromotions';
import { Tabs } from '../ui';

const TABS = ['banners', 'announcements', 'promotions', 'help', 'affiliate'] as const;
type Tab = (typeof TABS)[number];

export function ContentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'banners';
  return (
    <div className="oc-page oc-content-page">
      <h1>{t('console.menu.content')}</h1>
      <Tabs value={tab} options={TABS.map((x) => [x, t(`console.content.tabs.${x}`)])} onChange={(v) => setParams({ tab: v }, { replace: true })} />
      {tab === 'banners' && <ContentBanners />}
      {tab === 'announcements' && <ContentAnnouncements />}
      {tab === 'promotions' && <ContentPromotions />}
      {tab === 'help' && <ContentHelp />}
      {tab === 'affiliate' && <ContentAffiliateBanners />}
    </div>
  );
}
