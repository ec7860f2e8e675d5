/** Games (issue 9 item 4): the brand's games, its vendors (on/off, order, maintenance) and the catalog import. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, operatorGames } from '@lobby/contract';
import './locale';
import './games.css';
import { useOp, useOpAction } from '../api';
import { Card, errMsg, Notice, Tabs, useOutcome } from '../ui';
import { GamesList } from './GamesList';
import { GamesImport } from './GamesImport';
import { OrderInput } from './OrderInput';
import { Aggregators } from './Aggregators';

type Tab = 'games' | 'vendors' | 'import' | 'aggregators';

function Vendors() {
  const { t } = useTranslation();
  const [gameType, setGameType] = useState('');
  const q = useOp(operatorGames.listVendors, gameType ? { gameType: gameType as operatorGames.VendorRow['gameType'] } : {});
  const update = useOpAction(operatorGames.updateVendor);
  const out = useOutcome();
  const save = (body: Parameters<typeof update.mutateAsync>[0]) => out.run(async () => (await update.mutateAsync(body), t('console.gm.saved')));
  return (
    <Card>
      <div className="oc-filters gm-filters">
        <label>{t('console.gm.category')}
          <select value={gameType} onChange={(e) => setGameType(e.target.value)}>
            <option value="">{t('console.gm.allCategories')}</option>
            {GAME_TYPES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
        <small className="oc-muted">{t('console.gm.orderHint')}</small>
      </div>
      {out.view}
      {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p> : q.data.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
        <div className="oc-table-wrap"><table className="oc-table oc-stack gm-vendors">
          <thead><tr><th>{t('console.gm.vendor')}</th><th>{t('console.gm.category')}</th><th>{t('console.gm.games')}</th><th>{t('console.gm.order')}</th><th>{t('console.status')}</th><th /></tr></thead>
          <tbody>{q.data.map((v) => (
            <tr key={v.code} className={v.enabled ? '' : 'gm-off'}>
              <td data-label={t('console.gm.vendor')}><b>{v.name}</b> <code>{v.code}</code></td>
              <td data-label={t('console.gm.category')}><span className="oc-pill">{v.gameType}</span></td>
              <td data-label={t('console.gm.games')}>{t('console.gm.enabledOf', { on: v.enabledGames, all: v.games })}</td>
              <td data-label={t('console.gm.order')}><OrderInput value={v.sort} label={`${t('console.gm.order')} ${v.name}`} onSave={(sort) => save({ code: v.code, sort })} /></td>
              <td data-label={t('console.status')}>
                <span className={`oc-pill ${v.enabled ? 'oc-pill-active' : 'oc-pill-locked'}`}>{v.enabled ? t('console.gm.on') : t('console.gm.off')}</span>
                {v.maintenance && <span className="oc-pill gm-pill-maint">{t('console.gm.inMaintenance')}</span>}
              </td>
              <td className="oc-actions">
                <button type="button" className={`oc-btn${v.enabled ? ' oc-danger' : ''}`} onClick={() => save({ code: v.code, enabled: !v.enabled })}>{v.enabled ? t('console.gm.turnOff') : t('console.gm.turnOn')}</button>
                <button type="button" className="oc-btn" onClick={() => save({ code: v.code, maintenance: !v.maintenance })}>{v.maintenance ? t('console.gm.endMaintenance') : t('console.gm.startMaintenance')}</button>
              </td>
            </tr>
          ))}</tbody>
        </table></div>
      )}
    </Card>
  );
}

export function GamesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('games');
  return (
    <div className="oc-page">
      <h1>{t('console.menu.games')}</h1>
      <Tabs value={tab} options={[['games', t('console.gm.tabs.games')], ['vendors', t('console.gm.tabs.vendors')], ['import', t('console.gm.tabs.import')], ['aggregators', t('console.gm.tabs.aggregators')]]} onChange={setTab} />
      {tab === 'games' && <GamesList />}
      {tab === 'vendors' && <Vendors />}
      {tab === 'import' && <GamesImport />}
      {tab === 'aggregators' && <Aggregators />}
    </div>
  );
}
