/**
 * Feedback form (member centre, §2 and §5): a type, a message within the brand's word bounds
 * and 140 characters, up to 3 png/jpg images of 5 MB; below it my feedback with the operator's
 * replies. Text is shown as text, never as HTML; images come from the server's checked copies.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback, type feedback as F } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { showToast } from '@/lib/toast';
import { apiErrorText, DateTime, EmptyState, ErrorState, FormNote, Pager, Panel, SkeletonRows } from '@/components/ui/kit';
import { SupportLinks } from '@/features/support';
import { useFeedbackSettings, useMyFeedback, useSendFeedback } from './api';
import { readDataUrl } from '@/lib/files';
import { contentError, fileError } from './logic';
import '@/locales/support';
import '@/components/text-area.css';
import '@/components/ui/form.css';
import './feedback.css';

interface Picked { name: string; url: string; data: string }

export function FeedbackForm({ settings: s }: { settings: F.Settings }) {
  const { t } = useTranslation();
  const send = useSendFeedback();
  const [type, setType] = useState<F.FeedbackType>('suggestion');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Picked[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const words = feedback.countWords(content);
  const err = contentError(t, content, s);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    setNote(null);
    if (images.length + files.length > s.maxImages) { setNote(t('feedback.imageCount', { count: s.maxImages })); return; }
    for (const f of files) {
      const bad = fileError(t, f, s);
      if (bad) { setNote(bad); return; }
    }
    const added = await Promise.all(files.map(async (f) => ({ name: f.name, url: URL.createObjectURL(f), data: await readDataUrl(f) })));
    setImages((cur) => [...cur, ...added].slice(0, s.maxImages));
  };
  const remove = (i: number) => setImages((cur) => {
    URL.revokeObjectURL(cur[i].url);
    return cur.filter((_, j) => j !== i);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (err || send.isPending) return;
    send.mutate({ type, content: content.trim(), images: images.map((i) => i.data) }, {
      onSuccess: () => {
        showToast(t('feedback.sent'));
        images.forEach((i) => URL.revokeObjectURL(i.url));
        setImages([]);
        setContent('');
        setTouched(false);
      },
    });
  };

  return (
    <form className="w-form fb-form" onSubmit={submit} noValidate data-testid="feedback-form">
      <div className="field">
        <span className="field__label" id="fb-type">{t('feedback.type')}</span>
        <div className="fb-types" role="radiogroup" aria-labelledby="fb-type">
          {s.types.map((k) => (
            <label key={k} className={`chip-radio ${type === k ? 'is-on' : ''}`}>
              <input type="radio" name="fb-type" value={k} checked={type === k} onChange={() => setType(k)} />
              {t(`feedback.types.${k}`)}
            </label>
          ))}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="fb-content">{t('feedback.content')}</label>
        <textarea id="fb-content" className="input lb-text fb-form__text" rows={4} value={content} aria-invalid={touched && !!err}
          placeholder={t('feedback.placeholder', { min: s.minWords, max: s.maxWords })} onChange={(e) => setContent(e.target.value)} onBlur={() => setTouched(true)} />
        <span className={`field__hint num ${[...content.trim()].length > s.maxChars ? 'is-over' : 'muted'}`}>
          {t('feedback.words', { n: words, chars: [...content.trim()].length, max: s.maxChars })}
        </span>
        {touched && err && <FormNote>{err}</FormNote>}
      </div>
      <div className="field">
        <span className="field__label">{t('feedback.images')}</span>
        <div className="fb-images">
          {images.map((img, i) => (
            <figure key={img.url} className="fb-thumb">
              <img src={img.url} alt={t('feedback.imageAlt', { n: i + 1 })} />
              <button type="button" className="fb-thumb__x" aria-label={t('feedback.removeImage', { n: i + 1 })} onClick={() => remove(i)}>
                <Icon name="close" size={14} />
              </button>
            </figure>
          ))}
          {images.length < s.maxImages && (
            <button type="button" className="fb-add" onClick={() => fileInput.current?.click()}>
              <Icon name="download" size={20} className="fb-add__icon" /> <span>{t('feedback.addImage')}</span>
            </button>
          )}
        </div>
        <input ref={fileInput} type="file" accept="image/png,image/jpeg" multiple hidden data-testid="feedback-file" onChange={(e) => void pick(e)} />
        <span className="field__hint muted">{t('feedback.imagesHint', { count: s.maxImages, mb: s.maxImageBytes / (1024 * 1024) })}</span>
        {note && <FormNote>{note}</FormNote>}
      </div>
      {send.isError && <FormNote>{apiErrorText(send.error)}</FormNote>}
      <button type="submit" className="btn btn--primary w-submit" disabled={send.isPending}>
        {send.isPending ? t('common.loading') : t('feedback.send')}
      </button>
    </form>
  );
}

function FeedbackItem({ f }: { f: F.Item }) {
  const { t } = useTranslation();
  return (
    <li className="fb-item" data-testid="feedback-item" data-replied={f.reply !== null}>
      <div className="fb-item__head">
        <span className="chip">{t(`feedback.types.${f.type}`)}</span>
        <span className="muted"><DateTime value={f.createdAt} /></span>
      </div>
      <p className="fb-item__text">{f.content}</p>
      {f.images.length > 0 && (
        <div className="fb-item__images">
          {f.images.map((src, i) => (
            <a key={src} href={src} target="_blank" rel="noopener noreferrer"><img src={src} alt={t('feedback.imageAlt', { n: i + 1 })} loading="lazy" /></a>
          ))}
        </div>
      )}
      {f.reply !== null ? (
        <div className="fb-item__reply" data-testid="feedback-reply">
          <strong><Icon name="headset" size={14} /> {t('feedback.reply')}</strong> <span className="muted"><DateTime value={f.repliedAt} /></span>
          <p>{f.reply}</p>
        </div>
      ) : (
        <p className="fb-item__waiting muted"><Icon name="clock" size={14} /> {t('feedback.waiting')}</p>
      )}
    </li>
  );
}

export default function FeedbackPage() {
  const { t } = useTranslation();
  const settings = useFeedbackSettings();
  const [page, setPage] = useState(1);
  const q = useMyFeedback(page);
  return (
    <div className="w-page fb-page" data-testid="page-feedback">
      <Panel title={t('feedback.title')}>
        {settings.data ? <FeedbackForm settings={settings.data} /> : settings.isError ? <ErrorState error={settings.error} onRetry={() => settings.refetch()} /> : <SkeletonRows rows={3} cols={1} />}
      </Panel>
      <Panel title={t('feedback.mine')}>
        {q.isPending ? <SkeletonRows rows={3} cols={2} /> : q.isError ? <ErrorState error={q.error} onRetry={() => q.refetch()} /> : q.data.list.length === 0 ? (
          <EmptyState icon="chat" title={t('feedback.empty')} text={t('feedback.emptyText')} />
        ) : (
          <>
            <ul className="fb-list">{q.data.list.map((f) => <FeedbackItem key={f.id} f={f} />)}</ul>
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
      </Panel>
      <Panel title={t('support.title')}>
        <SupportLinks />
      </Panel>
    </div>
  );
}
