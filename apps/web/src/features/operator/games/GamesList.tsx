/** The brand's games: search by name, vendor, category, state and hot flag; on/off, hot and order per game; bulk on/off. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, operatorGames } from '@lobby/contract';
import { useLanguage } from '@/lib/i18n';
import { useOp, useOpAction } from '../api';
import { OrderInput } from './OrderInput';
import { Card, errMsg, Notice, Pager, useOutcome } from '../ui';

type Flag = 'all' | 'on' | 'off';
interface Filter { q: string; vendor: string; gameType: string; enabled: Flag; hot: Flag; page: number }
const EMPTY: Filter = { q: '', vendor: '', gameType: '', enabled: 'all', hot: 'all', page: 1 };

export function GamesList() {
  const { t } = useTranslation();
  const lang = useLanguage().language === 'EN' ? 'EN' : 'ES';
  const [text, setText] = useState('');
  const [f, setF] = useState<Filter>(EMPTY);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const vendors = useOp(operatorGames.listVendors, f.gameType ? { gameType: f.gameType as operatorGames.VendorRow['gameType'] } : {});
  const q = useOp(operatorGames.listGames, {
    ...(f.q ? { q: f.q } : {}), ...(f.vendor ? { vendor: f.vendor } : {}), ...(f.gameType ? { gameType: f.gameType as operatorGames.GameRow['gameType'] } : {}),
    enabled: f.enabled, hot: f.hot, page: f.page,
  });
  const update = useOpAction(operatorGames.updateGame);
  const bulk = useOpAction(operatorGames.bulkGames);
  const out = useOutcome();
  const set = (patch: Partial<Filter>) => setF((x) => ({ ...x, page: 1, ...patch }));
  const save = (body: Parameters<typeof update.mutateAsync>[0]) => out.run(async () => (await update.mutateAsync(body), t('console.gm.saved')));
  const toggle = (id: string) => setSelected((s) => {
    const n = new Set(s);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    return n;
  });
  const rows = q.data?.list ?? [];
  const allOnPage = rows.length > 0 && rows.every((g) => selected.has(g.nodeId));
  const selectPage = () => setSelected((s) => {
    const n = new Set(s);
    for (const g of rows) if (allOnPage) n.delete(g.nodeId); else n.add(g.nodeId);
    return n;
  });
  const runBulk = (enabled: boolean) => out.run(async () => {
    const r = await bulk.mutateAsync({ nodeIds: [...selected].slice(0, operatorGames.BULK_MAX), enabled });
    setSelected(new Set());
    return t('console.gm.bulkDone', { count: r.changed });
  });
  return (
    <Card>
      <form className="oc-toolbar" onSubmit={(e) => { e.preventDefault(); set({ q: text.trim() }); }}>
        <input type="search" aria-label={t('console.search')} placeholder={t('console.gm.placeholder')} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="oc-btn oc-primary">{t('console.search')}</button>
      </form>
      <div className="oc-filters gm-filters">
        <label>{t('console.gm.category')}
          <select value={f.gameType} onChange={(e) => set({ gameType: e.target.value, vendor: '' })}>
            <option value="">{t('console.gm.allCategories')}</option>
            {GAME_TYPES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
        <label>{t('console.gm.vendor')}
          <select value={f.vendor} onChange={(e) => set({ vendor: e.target.value })}>
            <option value="">{t('console.gm.allVendors')}</option>
            {(vendors.data ?? []).map((v) => <option key={v.code} value={v.code}>{v.name} ({v.code})</option>)}
          </select>
        </label>
        <label>{t('console.gm.state')}
          <select value={f.enabled} onChange={(e) => set({ enabled: e.target.value as Flag })}>
            <option value="all">{t('console.gm.any')}</option><option value="on">{t('console.gm.on')}</option><option value="off">{t('console.gm.off')}</option>
          </select>
        </label>
        <label>{t('console.gm.hot')}
          <select value={f.hot} onChange={(e) => set({ hot: e.target.value as Flag })}>
            <option value="all">{t('console.gm.any')}</option><option value="on">{t('console.gm.onlyHot')}</option><option value="off">{t('console.gm.notHot')}</option>
          </select>
        </label>
      </div>
      {selected.size > 0 && (
        <div className="gm-bulk" role="region" aria-label={t('console.gm.selected', { count: selected.size })}>
          <b>{t('console.gm.selected', { count: selected.size })}</b>
          <button type="button" className="oc-btn" disabled={bulk.isPending} onClick={() => runBulk(true)}>{t('console.gm.turnOn')}</button>
          <button type="button" className="oc-btn oc-danger" disabled={bulk.isPending} onClick={() => runBulk(false)}>{t('console.gm.turnOff')}</button>
          <button type="button" className="oc-link" onClick={() => setSelected(new Set())}>{t('console.gm.clear')}</button>
        </div>
      )}
      {out.view}
      {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p> : rows.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
        <div className="oc-table-wrap"><table className="oc-table oc-stack gm-games">
          <thead><tr>
            <th><input type="checkbox" aria-label={t('console.gm.selectAll')} checked={allOnPage} onChange={selectPage} /></th>
            <th>{t('console.gm.name')}</th><th>{t('console.gm.vendor')}</th><th className="num">{t('console.gm.plays')}</th><th>{t('console.gm.order')}</th><th>{t('console.status')}</th><th />
          </tr></thead>
          <tbody>{rows.map((g) => (
            <tr key={g.nodeId} className={g.enabled ? '' : 'gm-off'}>
              <td className="gm-check"><input type="checkbox" aria-label={t('console.gm.select', { name: g.name[lang] })} checked={selected.has(g.nodeId)} onChange={() => toggle(g.nodeId)} /></td>
              <td data-label={t('console.gm.name')}><b>{g.name[lang]}</b> <small className="oc-muted">{g.nodeId}</small>{g.supportPlay === 0 && <span className="oc-pill">{t('console.gm.trial')}</span>}</td>
              <td data-label={t('console.gm.vendor')}><code>{g.vendor}</code> <span className="oc-pill">{g.gameType}</span></td>
              <td data-label={t('console.gm.plays')} className="num">{g.plays}</td>
              <td data-label={t('console.gm.order')}><OrderInput value={g.sort} label={`${t('console.gm.order')} ${g.name[lang]}`} onSave={(sort) => save({ nodeId: g.nodeId, sort })} /></td>
              <td data-label={t('console.status')}>
                <span className={`oc-pill ${g.enabled ? 'oc-pill-active' : 'oc-pill-locked'}`}>{g.enabled ? t('console.gm.on') : t('console.gm.off')}</span>
                {g.isHot && <span className="oc-pill gm-pill-hot">{t('console.gm.hot')}</span>}
              </td>
              <td className="oc-actions">
                <button type="button" className={`oc-btn${g.enabled ? ' oc-danger' : ''}`} onClick={() => save({ nodeId: g.nodeId, enabled: !g.enabled })}>{g.enabled ? t('console.gm.turnOff') : t('console.gm.turnOn')}</button>
                <button type="button" className="oc-btn" onClick={() => save({ nodeId: g.nodeId, isHot: !g.isHot })}>{g.isHot ? t('console.gm.unmarkHot') : t('console.gm.markHot')}</button>
              </td>
            </tr>
          ))}</tbody>
        </table></div>
      )}
      {q.data && <Pager page={f.page} total={q.data.total} pageSize={q.data.pageSize} onPage={(page) => setF((x) => ({ ...x, page }))} />}
    </Card>
  );
}
