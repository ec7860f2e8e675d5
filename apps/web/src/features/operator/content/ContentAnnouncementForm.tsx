/**
 * The form of a banner or an announcement: type, banner group, audience (execution A/B/F),
 * language, title, HTML body with a sanitised preview (the server sanitises on save too), link,
 * art (URL or an uploaded png/jpg), promotion type, order, schedule and published.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { announcements, BANNER_GROUPS, operatorContent } from '@lobby/contract';
import { safeHtml } from '@/features/announcements';
import { useOpAction } from '../api';
import { useOutcome } from '../ui';
import { useImageUpload } from './image-upload';

type Ann = operatorContent.ContentAnnouncement;
type Group = (typeof BANNER_GROUPS)[number];

/** ISO → the value of a datetime-local input (local time), and back. */
export const toLocal = (iso: string | null | undefined) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');
export const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);
const linkage = (url: string) => (!url ? 'none' : url.startsWith('/') ? 'internal' : 'external');

interface Props { item: Ann | null; banner: boolean; group?: Group; onDone: (saved?: Ann) => void }

function initial(item: Ann | null, banner: boolean, group?: Group) {
  return {
    type: item?.type ?? (banner ? 'B' : 'PL'), groupName: (item?.groupName ?? group ?? 'w_home') as Group, execution: item?.execution ?? '',
    language: item?.language ?? 'ES', title: item?.title ?? '', content: item?.content ?? '', url: item?.url ?? '', images: item?.images ?? '',
    promotionType: item?.promotionType ?? '', sort: String(item?.sort ?? 0), startsAt: toLocal(item?.startsAt), endsAt: toLocal(item?.endsAt), enabled: item?.enabled ?? true,
  };
}

export function ContentAnnouncementForm({ item, banner, group, onDone }: Props) {
  const { t } = useTranslation();
  const [f, setF] = useState(() => initial(item, banner, group));
  const save = useOpAction(operatorContent.saveAnnouncement);
  const out = useOutcome();
  const set = (k: keyof typeof f) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setF({ ...f, [k]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value });
  const type = f.type as announcements.AnnouncementType;

  const { upload, uploading } = useImageUpload(out, (r) => setF((x) => ({ ...x, images: r.url })));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      const saved = await save.mutateAsync({
        id: item?.id,
        enabled: f.enabled,
        announcement: {
          type, groupName: type === 'B' ? f.groupName : null, execution: (f.execution || null) as announcements.Execution | null,
          language: (f.language || null) as 'ES' | 'EN' | null, title: f.title, content: f.content, url: f.url.trim(), linkageType: linkage(f.url.trim()),
          images: f.images.trim(), promotionType: (f.promotionType || null) as Ann['promotionType'], sort: Number(f.sort) || 0,
          startsAt: fromLocal(f.startsAt), endsAt: fromLocal(f.endsAt),
        },
      });
      onDone(saved);
    });
  };

  return (
    <form className="oc-form oc-content-form" onSubmit={submit} aria-label={t(banner ? 'console.content.bannerForm' : 'console.content.announcementForm')}>
      <h3 className="oc-wide">{t(item ? 'console.content.edit' : banner ? 'console.content.newBanner' : 'console.content.newAnnouncement')}</h3>
      {banner ? (
        <label className="oc-field"><span>{t('console.content.group')}</span>
          <select value={f.groupName} onChange={set('groupName')}>{BANNER_GROUPS.map((g) => <option key={g} value={g}>{t(`console.content.groups.${g}`)}</option>)}</select>
        </label>
      ) : (
        <label className="oc-field"><span>{t('console.content.type')}</span>
          <select value={f.type} onChange={set('type')}>{announcements.ANNOUNCEMENT_TYPES.filter((x) => x !== 'B').map((x) => <option key={x} value={x}>{t(`console.content.types.${x}`)}</option>)}</select>
        </label>
      )}
      <label className="oc-field"><span>{t('console.content.execution')}</span>
        <select value={f.execution} onChange={set('execution')}>
          <option value="">{t('console.content.exec.all')}</option>
          {announcements.EXECUTIONS.map((x) => <option key={x} value={x}>{t(`console.content.exec.${x}`)}</option>)}
        </select>
      </label>
      <label className="oc-field"><span>{t('console.content.language')}</span>
        <select value={f.language} onChange={set('language')}>
          <option value="ES">Español (ES)</option><option value="EN">English (EN)</option><option value="">{t('console.content.allLanguages')}</option>
        </select>
      </label>
      <label className="oc-field"><span>{t('console.content.title')}</span><input value={f.title} onChange={set('title')} maxLength={200} required /></label>
      <label className="oc-field oc-wide"><span>{t('console.content.body')}</span>
        <textarea rows={banner ? 3 : 6} value={f.content} onChange={set('content')} maxLength={20_000} spellCheck={false} />
        <small>{t('console.content.bodyHint')}</small>
      </label>
      {f.content && (
        <div className="oc-wide oc-preview"><span>{t('console.content.preview')}</span><div data-testid="content-preview" dangerouslySetInnerHTML={{ __html: safeHtml(f.content) }} /></div>
      )}
      <label className="oc-field"><span>{t('console.content.link')}</span><input value={f.url} onChange={set('url')} placeholder="/promotions · https://…" maxLength={500} /></label>
      {(type === 'PU' || type === 'PR') && (
        <label className="oc-field"><span>{t('console.content.promotionType')}</span>
          <select value={f.promotionType} onChange={set('promotionType')}>
            <option value="">—</option>
            {announcements.PROMOTION_TYPES.map((x) => <option key={x} value={x}>{x}</option>)}
          </select>
        </label>
      )}
      <label className="oc-field"><span>{t(banner ? 'console.content.image' : 'console.content.imageOptional')}</span>
        <input value={f.images} onChange={set('images')} placeholder="/wps/announcements/art/vip.svg · https://…" maxLength={500} required={banner} />
      </label>
      {banner && (
        <label className="oc-field"><span>{t('console.content.upload')}</span>
          <input type="file" accept="image/png,image/jpeg" onChange={upload} disabled={uploading} />
        </label>
      )}
      {banner && f.images && <img className="oc-wide oc-banner-preview" src={f.images} alt="" />}
      <label className="oc-field"><span>{t('console.content.startsAt')}</span><input type="datetime-local" value={f.startsAt} onChange={set('startsAt')} /></label>
      <label className="oc-field"><span>{t('console.content.endsAt')}</span><input type="datetime-local" value={f.endsAt} onChange={set('endsAt')} /></label>
      <label className="oc-field"><span>{t('console.content.sort')}</span><input type="number" min={-1000} max={1000} value={f.sort} onChange={set('sort')} /></label>
      <label className="oc-check"><input type="checkbox" checked={f.enabled} onChange={set('enabled')} /> {t('console.content.published')}</label>
      <div className="oc-wide">{out.view}</div>
      <div className="oc-wide oc-toolbar">
        <button type="submit" className="oc-btn oc-primary" disabled={save.isPending || uploading || !f.title.trim()}>{t('console.content.save')}</button>
        <button type="button" className="oc-btn" onClick={() => onDone()}>{t('console.content.cancel')}</button>
      </div>
    </form>
  );
}
