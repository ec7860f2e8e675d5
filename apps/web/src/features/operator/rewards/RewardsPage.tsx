/** Rewards (/console/rewards, content.manage): missions, points-mall rewards, redemption review, VIP levels. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locale';
import './rewards.css';
import { RewardsMissions } from './RewardsMissions';
import { RewardsPoints } from './RewardsPoints';
import { RewardsRedemptions } from './RewardsRedemptions';
import { RewardsVip } from './RewardsVip';
import { Card, Tabs } from '../ui';

type Tab = 'missions' | 'points' | 'redemptions' | 'vip';
const TABS: Tab[] = ['missions', 'points', 'redemptions', 'vip'];

export function RewardsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('missions');
  return (
    <div className="oc-page oc-rewards">
      <h1>{t('console.menu.rewards')}</h1>
      <Tabs value={tab} options={TABS.map((x) => [x, t(`console.rw.tabs.${x}`)] as [Tab, string])} onChange={setTab} />
      <Card>
        {tab === 'missions' && <RewardsMissions />}
        {tab === 'points' && <RewardsPoints />}
        {tab === 'redemptions' && <RewardsRedemptions />}
        {tab === 'vip' && <RewardsVip />}
      </Card>
    </div>
  );
}
