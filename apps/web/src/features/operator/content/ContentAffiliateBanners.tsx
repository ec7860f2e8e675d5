/**
 * Marketing banners for agents (issue 25): the brand's banner art (an uploaded png/jpg or an https
 * address), its size (a standard one, or the uploaded image's), the lobby page its link opens and
 * whether agents see it. Agents get the enabled ones in their links page with their tracked link.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { affiliate } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { Card, errMsg, Notice, useOutcome } from '../ui';
import { useImageUpload } from './image-upload';

type Banner = affiliate.Banner;
const blank = { name: '', width: '728', height: '90', imageUrl: '', landingPath: '/', enabled: true };

function BannerForm({ item, onDone }: { item: Banner | null; onDone: (saved?: Banner) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState(() => (item ? { ...item, width: String(item.width), height: String(item.height) } : blank));
  const save = useOpAction(affiliate.operatorBannerSave);
  const out = useOutcome();
  const set = (k: keyof typeof f) => (e: ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.type === 'checkbox' ? e.target.checked : e.target.value });
  const { upload, uploading } = useImageUpload(out, (r) => setF((x) => ({ ...x, imageUrl: r.url, width: String(r.width), height: String(r.height) })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      const saved = await save.mutateAsync({
        ...(item ? { id: item.id } : {}), name: f.name.trim(), width: Number(f.width), height: Number(f.height),
        imageUrl: f.imageUrl.trim(), landingPath: f.landingPath.trim() || '/', enabled: f.enabled,
      });
      onDone(saved);
    });
  };
  const size = `${f.width}x${f.height}`;
  return (
    <form className="oc-form oc-content-form" onSubmit={submit} aria-label={t('console.content.aff.form')} data-testid="affiliate-banner-form">
      <h3 className="oc-wide">{t(item ? 'console.content.edit' : 'console.content.aff.new')}</h3>
      <label className="oc-field"><span>{t('console.content.aff.name')}</span>
        <input name="name" value={f.name} onChange={set('name')} maxLength={60} required /></label>
      <label className="oc-field"><span>{t('console.content.aff.size')}</span>
        <select name="size" value={affiliate.BANNER_SIZES.some(([w, h]) => `${w}x${h}` === size) ? size : ''}
          onChange={(e) => { const [w, h] = e.target.value.split('x'); if (w && h) setF({ ...f, width: w, height: h }); }}>
          <option value="">{t('console.content.aff.custom')}</option>
          {affiliate.BANNER_SIZES.map(([w, h]) => <option key={`${w}x${h}`} value={`${w}x${h}`}>{w}×{h}</option>)}
        </select></label>
      <label className="oc-field"><span>{t('console.content.aff.width')}</span>
        <input name="width" type="number" min={1} max={4000} value={f.width} onChange={set('width')} required /></label>
      <label className="oc-field"><span>{t('console.content.aff.height')}</span>
        <input name="height" type="number" min={1} max={4000} value={f.height} onChange={set('height')} required /></label>
      <label className="oc-field"><span>{t('console.content.image')}</span>
        <input name="imageUrl" value={f.imageUrl} onChange={set('imageUrl')} maxLength={500} dir="ltr" placeholder="https://…" required /></label>
      <label className="oc-field"><span>{t('console.content.upload')}</span>
        <input type="file" accept="image/png,image/jpeg" onChange={upload} disabled={uploading} /></label>
      <label className="oc-field"><span>{t('console.content.aff.landing')}</span>
        <input name="landingPath" value={f.landingPath} onChange={set('landingPath')} maxLength={200} dir="ltr" pattern="/[^/].*|/" />
        <small>{t('console.content.aff.landingHint')}</small></label>
      <label className="oc-field oc-check"><input type="checkbox" name="enabled" checked={f.enabled} onChange={set('enabled')} /><span>{t('console.content.aff.enabled')}</span></label>
      {f.imageUrl && <div className="oc-wide oc-preview"><img className="oc-aff-preview" src={f.imageUrl} width={Number(f.width) || undefined} height={Number(f.height) || undefined} alt="" /></div>}
      <div className="oc-wide">{out.view}</div>
      <div className="oc-wide oc-toolbar">
        <button type="submit" className="oc-btn oc-primary" disabled={save.isPending || uploading}>{t('console.content.save')}</button>
        <button type="button" className="oc-btn" onClick={() => onDone()}>{t('console.content.cancel')}</button>
      </div>
    </form>
  );
}

export function ContentAffiliateBanners() {
  const { t } = useTranslation();
  const q = useOp(affiliate.operatorBanners);
  const del = useOpAction(affiliate.operatorBannerDelete);
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const list = q.data?.list ?? [];
  const remove = (b: Banner) => {
    if (!window.confirm(t('console.content.confirmDelete', { title: b.name }))) return;
    void out.run(async () => { await del.mutateAsync({ id: b.id }); return t('console.content.deleted'); });
  };
  return (
    <Card title={t('console.content.tabs.affiliate')} actions={<button type="button" className="oc-btn oc-primary" onClick={() => setEditing('new')}>{t('console.content.aff.new')}</button>}>
      <p className="oc-muted oc-small">{t('console.content.aff.lead')}</p>
      {out.view}
      {editing && <BannerForm key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? null : editing}
        onDone={(saved) => { setEditing(null); if (saved) void out.run(async () => t('console.content.savedMsg', { title: saved.name })); }} />}
      {!list.length && !q.isPending && <p className="oc-muted">{t('console.empty')}</p>}
      <div className="oc-table-wrap"><table className="oc-table oc-stack oc-content-table" data-testid="affiliate-banners">
        <thead><tr><th>{t('console.content.image')}</th><th>{t('console.content.aff.name')}</th><th>{t('console.content.aff.size')}</th><th>{t('console.content.aff.landing')}</th><th>{t('console.status')}</th><th /></tr></thead>
        <tbody>{list.map((b) => (
          <tr key={b.id}>
            <td data-label={t('console.content.image')}><img className="oc-thumb" src={b.imageUrl} alt="" loading="lazy" /></td>
            <td data-label={t('console.content.aff.name')}><b>{b.name}</b></td>
            <td data-label={t('console.content.aff.size')} dir="ltr">{b.width}×{b.height}</td>
            <td data-label={t('console.content.aff.landing')} dir="ltr">{b.landingPath}</td>
            <td data-label={t('console.status')}>{t(b.enabled ? 'console.content.aff.shown' : 'console.content.aff.hidden')}</td>
            <td className="oc-actions">
              <button type="button" className="oc-btn" onClick={() => setEditing(b)}>{t('console.content.edit')}</button>
              <button type="button" className="oc-btn oc-danger" onClick={() => remove(b)}>{t('console.content.delete')}</button>
            </td>
          </tr>
        ))}</tbody>
      </table></div>
    </Card>
  );
}
