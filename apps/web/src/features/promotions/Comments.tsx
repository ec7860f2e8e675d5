/**
 * Activity comments under a promotion (§5: 140 characters): newest first, 10 a page; a member
 * posts plain text (shown as text, never HTML); visitors are asked to log in.
 */
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback } from '@lobby/contract';
import { call } from '@/lib/api';
import { useSession, useLoginPopup } from '@/features/session';
import { apiErrorText, DateTime, FormNote, Pager } from '@/components/ui/kit';
import '@/locales/support';
import '@/components/text-area.css';
import '@/components/ui/form.css';
import './comments.css';

const keys = {
  all: ['promotionComments'] as const,
  list: (id: string, page: number, loggedIn: boolean) => [...keys.all, id, page, loggedIn] as const,
};

/** Characters as the server counts them (code points, so an emoji is one). */
export const charCount = (s: string) => [...s.trim()].length;

export function Comments({ promotionId }: { promotionId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const q = useQuery({
    queryKey: keys.list(promotionId, page, session.loggedIn),
    queryFn: ({ signal }) => call(feedback.listComments, { signal, query: { promotionId, page } }),
    enabled: !session.pending,
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: (content: string) => call(feedback.addComment, { body: { promotionId, content } }),
    onSuccess: () => {
      setText('');
      setPage(1);
      void qc.invalidateQueries({ queryKey: [...keys.all, promotionId] });
    },
  });
  const n = charCount(text);
  const max = feedback.COMMENT_MAX_CHARS;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (n === 0 || n > max || add.isPending) return;
    add.mutate(text.trim());
  };

  return (
    <section className="promo-comments" aria-labelledby="promo-comments-title" data-testid="promo-comments">
      <h2 id="promo-comments-title" className="promo-comments__title">
        {t('comments.title')} {q.data && <span className="muted">· {t('comments.count', { count: q.data.total })}</span>}
      </h2>
      {session.loggedIn && !session.trial ? (
        <form className="promo-comments__form" onSubmit={submit}>
          <div className="field">
            <textarea className="input lb-text" rows={2} value={text} placeholder={t('comments.placeholder')} aria-label={t('comments.placeholder')}
              aria-invalid={n > max} onChange={(e) => setText(e.target.value)} data-testid="comment-input" />
            <span className={`field__hint num ${n > max ? 'is-over' : 'muted'}`}>{t('comments.chars', { n, max })}</span>
            {n > max && <FormNote>{t('comments.tooLong', { max })}</FormNote>}
          </div>
          <button type="submit" className="btn btn--primary" disabled={n === 0 || n > max || add.isPending}>{t('comments.send')}</button>
        </form>
      ) : !session.loggedIn ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => openLogin()}>{t('comments.login')}</button>
      ) : null}
      {add.isError && <FormNote>{apiErrorText(add.error)}</FormNote>}
      {q.data && q.data.list.length === 0 && <p className="muted">{t('comments.empty')}</p>}
      {q.data && q.data.list.length > 0 && (
        <>
          <ul className="promo-comments__list">
            {q.data.list.map((c) => (
              <li key={c.id} className="promo-comment" data-testid="comment">
                <div className="promo-comment__head">
                  <span className="promo-comment__author">{c.mine ? t('comments.mine') : c.author}</span>
                  <DateTime value={c.createdAt} />
                </div>
                <p className="promo-comment__text">{c.content}</p>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
