/** Help-centre articles of the brand (ES and EN): list, add, edit (the term too), delete. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorContent } from '@lobby/contract';
import { safeHtml } from '@/features/announcements';
import { useOp, useOpAction } from '../api';
import { Card, errMsg, Notice, useOutcome } from '../ui';

type Article = operatorContent.HelpArticle;
const blank: Article = { term: '', title: { ES: '', EN: '' }, content: { ES: '', EN: '' } };

function HelpForm({ item, onDone }: { item: Article | null; onDone: (saved?: string) => void }) {
  const { t } = useTranslation();
  const [a, setA] = useState<Article>(item ?? blank);
  const [lang, setLang] = useState<'ES' | 'EN'>('ES');
  const save = useOpAction(operatorContent.saveHelp);
  const out = useOutcome();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      await save.mutateAsync({ previousTerm: item?.term, article: a });
      onDone(a.term);
    });
  };
  const text = (k: 'title' | 'content', l: 'ES' | 'EN', v: string) => setA({ ...a, [k]: { ...a[k], [l]: v } });
  return (
    <form className="oc-form oc-content-form" onSubmit={submit} aria-label={t('console.content.help.form')}>
      <h3 className="oc-wide">{t(item ? 'console.content.edit' : 'console.content.help.new')}</h3>
      <label className="oc-field"><span>{t('console.content.help.term')}</span>
        <input value={a.term} onChange={(e) => setA({ ...a, term: e.target.value.toLowerCase() })} pattern="[a-z0-9][a-z0-9\-]{0,39}" required />
        <small>{t('console.content.help.termHint')}</small>
      </label>
      <div />
      {(['ES', 'EN'] as const).map((l) => (
        <label key={l} className="oc-field"><span>{t('console.content.title')} ({l})</span>
          <input value={a.title[l]} onChange={(e) => text('title', l, e.target.value)} maxLength={120} required />
        </label>
      ))}
      {(['ES', 'EN'] as const).map((l) => (
        <label key={l} className="oc-field oc-wide"><span>{t('console.content.body')} ({l})</span>
          <textarea rows={6} value={a.content[l]} onChange={(e) => text('content', l, e.target.value)} spellCheck={false} required />
        </label>
      ))}
      <small className="oc-wide oc-muted">{t('console.content.bodyHint')}</small>
      <div className="oc-wide oc-preview">
        <span>{t('console.content.preview')} <button type="button" className="oc-link" onClick={() => setLang(lang === 'ES' ? 'EN' : 'ES')}>{lang}</button></span>
        <h4>{a.title[lang]}</h4>
        <div dangerouslySetInnerHTML={{ __html: safeHtml(a.content[lang]) }} />
      </div>
      <div className="oc-wide">{out.view}</div>
      <div className="oc-wide oc-toolbar">
        <button type="submit" className="oc-btn oc-primary" disabled={save.isPending}>{t('console.content.save')}</button>
        <button type="button" className="oc-btn" onClick={() => onDone()}>{t('console.content.cancel')}</button>
      </div>
    </form>
  );
}

export function ContentHelp() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.toUpperCase().startsWith('EN') ? 'EN' : 'ES';
  const q = useOp(operatorContent.listHelp);
  const del = useOpAction(operatorContent.deleteHelp);
  const [editing, setEditing] = useState<Article | 'new' | null>(null);
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const remove = (a: Article) => {
    if (!window.confirm(t('console.content.confirmDelete', { title: a.title[lang] }))) return;
    void out.run(async () => {
      await del.mutateAsync({ term: a.term });
      return t('console.content.deleted');
    });
  };
  return (
    <Card title={t('console.content.tabs.help')} actions={<button type="button" className="oc-btn oc-primary" onClick={() => setEditing('new')}>{t('console.content.help.new')}</button>}>
      {out.view}
      {editing && <HelpForm key={editing === 'new' ? 'new' : editing.term} item={editing === 'new' ? null : editing}
        onDone={(term) => { setEditing(null); if (term) void out.run(async () => t('console.content.savedMsg', { title: term })); }} />}
      <div className="oc-table-wrap"><table className="oc-table oc-stack oc-content-table">
        <thead><tr><th>{t('console.content.help.term')}</th><th>{t('console.content.title')} (ES)</th><th>{t('console.content.title')} (EN)</th><th /></tr></thead>
        <tbody>{(q.data?.list ?? []).map((a) => (
          <tr key={a.term}>
            <td data-label={t('console.content.help.term')}><code>{a.term}</code></td>
            <td data-label={`${t('console.content.title')} (ES)`}><b>{a.title.ES}</b></td>
            <td data-label={`${t('console.content.title')} (EN)`}>{a.title.EN}</td>
            <td className="oc-actions">
              <button type="button" className="oc-btn" onClick={() => setEditing(a)}>{t('console.content.edit')}</button>
              <button type="button" className="oc-btn oc-danger" onClick={() => remove(a)}>{t('console.content.delete')}</button>
            </td>
          </tr>
        ))}</tbody>
      </table></div>
    </Card>
  );
}
