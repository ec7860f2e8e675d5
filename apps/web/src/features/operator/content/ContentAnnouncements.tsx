/** Banners by group (ordered, art shown) and announcements by type: list, publish/unpublish, edit, delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcements, BANNER_GROUPS, operatorContent } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { ContentAnnouncementForm } from './ContentAnnouncementForm';
import { Card, errMsg, Notice, useOutcome, when } from '../ui';

type Ann = operatorContent.ContentAnnouncement;
type Group = (typeof BANNER_GROUPS)[number];

function useItemActions() {
  const { t } = useTranslation();
  const enable = useOpAction(operatorContent.setAnnouncementEnabled);
  const del = useOpAction(operatorContent.deleteAnnouncement);
  const out = useOutcome();
  const toggle = (a: Ann) => void out.run(async () => {
    await enable.mutateAsync({ id: a.id, enabled: !a.enabled });
    return t(a.enabled ? 'console.content.unpublishedMsg' : 'console.content.publishedMsg', { title: a.title });
  });
  const remove = (a: Ann) => {
    if (!window.confirm(t('console.content.confirmDelete', { title: a.title }))) return;
    void out.run(async () => {
      await del.mutateAsync({ id: a.id });
      return t('console.content.deleted');
    });
  };
  return { toggle, remove, out };
}

function Status({ a }: { a: Ann }) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const waiting = a.startsAt && Date.parse(a.startsAt) > now;
  const ended = a.endsAt && Date.parse(a.endsAt) <= now;
  const key = !a.enabled ? 'draft' : ended ? 'ended' : waiting ? 'scheduled' : 'live';
  return <span className={`oc-pill oc-pill-${key === 'live' ? 'active' : 'locked'}`}>{t(`console.content.state.${key}`)}</span>;
}

const windowText = (a: Ann) => `${when(a.startsAt)} → ${when(a.endsAt)}`;

export function ContentBanners() {
  const { t } = useTranslation();
  const [group, setGroup] = useState<Group>('w_home');
  const [editing, setEditing] = useState<Ann | 'new' | null>(null);
  const q = useOp(operatorContent.listAnnouncements, { type: 'B' });
  const order = useOpAction(operatorContent.orderBanners);
  const { toggle, remove, out } = useItemActions();
  const list = (q.data?.list ?? []).filter((b) => b.groupName === group);
  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((b) => b.id);
    [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
    void out.run(async () => {
      await order.mutateAsync({ groupName: group, ids });
      return t('console.content.ordered');
    });
  };
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  return (
    <Card title={t('console.content.tabs.banners')} actions={
      <div className="oc-toolbar">
        <label className="oc-field oc-inline-field"><span>{t('console.content.group')}</span>
          <select value={group} onChange={(e) => { setGroup(e.target.value as Group); setEditing(null); }}>
            {BANNER_GROUPS.map((g) => <option key={g} value={g}>{t(`console.content.groups.${g}`)}</option>)}
          </select>
        </label>
        <button type="button" className="oc-btn oc-primary" onClick={() => setEditing('new')}>{t('console.content.newBanner')}</button>
      </div>
    }>
      {out.view}
      {editing && (
        <ContentAnnouncementForm key={editing === 'new' ? `new-${group}` : editing.id} item={editing === 'new' ? null : editing} banner group={group}
          onDone={(saved) => { setEditing(null); if (saved) void out.run(async () => t('console.content.savedMsg', { title: saved.title })); }} />
      )}
      {!list.length && !q.isPending && <p className="oc-muted">{t('console.empty')}</p>}
      <div className="oc-table-wrap"><table className="oc-table oc-stack oc-content-table">
        <thead><tr><th>{t('console.content.image')}</th><th>{t('console.content.title')}</th><th>{t('console.content.language')}</th><th>{t('console.content.execution')}</th><th>{t('console.content.schedule')}</th><th>{t('console.status')}</th><th /></tr></thead>
        <tbody>{list.map((b, i) => (
          <tr key={b.id}>
            <td data-label={t('console.content.image')}><img className="oc-thumb" src={b.images} alt="" loading="lazy" /></td>
            <td data-label={t('console.content.title')}><b>{b.title}</b>{b.url && <div className="oc-muted oc-small">{b.url}</div>}</td>
            <td data-label={t('console.content.language')}>{b.language ?? t('console.content.allLanguages')}</td>
            <td data-label={t('console.content.execution')}>{t(`console.content.exec.${b.execution ?? 'all'}`)}</td>
            <td data-label={t('console.content.schedule')}>{windowText(b)}</td>
            <td data-label={t('console.status')}><Status a={b} /></td>
            <td className="oc-actions">
              <button type="button" className="oc-btn" aria-label={t('console.content.up')} disabled={i === 0 || order.isPending} onClick={() => move(i, -1)}>↑</button>
              <button type="button" className="oc-btn" aria-label={t('console.content.down')} disabled={i === list.length - 1 || order.isPending} onClick={() => move(i, 1)}>↓</button>
              <button type="button" className="oc-btn" onClick={() => toggle(b)}>{t(b.enabled ? 'console.content.unpublish' : 'console.content.publish')}</button>
              <button type="button" className="oc-btn" onClick={() => setEditing(b)}>{t('console.content.edit')}</button>
              <button type="button" className="oc-btn oc-danger" onClick={() => remove(b)}>{t('console.content.delete')}</button>
            </td>
          </tr>
        ))}</tbody>
      </table></div>
    </Card>
  );
}

export function ContentAnnouncements() {
  const { t } = useTranslation();
  const [type, setType] = useState<announcements.AnnouncementType | ''>('');
  const [editing, setEditing] = useState<Ann | 'new' | null>(null);
  const q = useOp(operatorContent.listAnnouncements, type ? { type } : {});
  const { toggle, remove, out } = useItemActions();
  const list = (q.data?.list ?? []).filter((a) => a.type !== 'B');
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  return (
    <Card title={t('console.content.tabs.announcements')} actions={
      <div className="oc-toolbar">
        <label className="oc-field oc-inline-field"><span>{t('console.content.type')}</span>
          <select value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            <option value="">{t('console.content.allTypes')}</option>
            {announcements.ANNOUNCEMENT_TYPES.filter((x) => x !== 'B').map((x) => <option key={x} value={x}>{t(`console.content.types.${x}`)}</option>)}
          </select>
        </label>
        <button type="button" className="oc-btn oc-primary" onClick={() => setEditing('new')}>{t('console.content.newAnnouncement')}</button>
      </div>
    }>
      {out.view}
      {editing && (
        <ContentAnnouncementForm key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? null : editing} banner={false}
          onDone={(saved) => { setEditing(null); if (saved) void out.run(async () => t('console.content.savedMsg', { title: saved.title })); }} />
      )}
      {!list.length && !q.isPending && <p className="oc-muted">{t('console.empty')}</p>}
      <div className="oc-table-wrap"><table className="oc-table oc-stack oc-content-table">
        <thead><tr><th>{t('console.content.type')}</th><th>{t('console.content.title')}</th><th>{t('console.content.language')}</th><th>{t('console.content.execution')}</th><th>{t('console.content.schedule')}</th><th>{t('console.status')}</th><th /></tr></thead>
        <tbody>{list.map((a) => (
          <tr key={a.id}>
            <td data-label={t('console.content.type')}>{t(`console.content.types.${a.type}`)}</td>
            <td data-label={t('console.content.title')}><b>{a.title}</b></td>
            <td data-label={t('console.content.language')}>{a.language ?? t('console.content.allLanguages')}</td>
            <td data-label={t('console.content.execution')}>{t(`console.content.exec.${a.execution ?? 'all'}`)}</td>
            <td data-label={t('console.content.schedule')}>{windowText(a)}</td>
            <td data-label={t('console.status')}><Status a={a} /></td>
            <td className="oc-actions">
              <button type="button" className="oc-btn" onClick={() => toggle(a)}>{t(a.enabled ? 'console.content.unpublish' : 'console.content.publish')}</button>
              <button type="button" className="oc-btn" onClick={() => setEditing(a)}>{t('console.content.edit')}</button>
              <button type="button" className="oc-btn oc-danger" onClick={() => remove(a)}>{t('console.content.delete')}</button>
            </td>
          </tr>
        ))}</tbody>
      </table></div>
    </Card>
  );
}
