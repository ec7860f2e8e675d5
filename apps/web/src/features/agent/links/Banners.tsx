/** Marketing banners (issue 25): the brand's banners with the agent's tracked link embedded, as HTML and Markdown to copy. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { affiliate } from '@lobby/contract';
import { CopyButton, SkeletonRows } from '@/components/ui/kit';
import { call } from '@/lib/api';
import { bannerSnippets } from './snippets';
import { TagFields, type LinkTags } from './TagFields';

export function Banners() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['agent', 'banners'], queryFn: ({ signal }) => call(affiliate.agentBanners, { signal }), staleTime: 60_000 });
  const [tags, setTags] = useState<LinkTags>({ campaign: '', sub: '' });
  if (!q.data) return <SkeletonRows rows={2} />;
  const { code, list } = q.data;
  return (
    <div className="al-banners" data-testid="banners">
      <TagFields value={tags} onChange={setTags} testId="banner" />
      {list.length === 0 ? <p className="muted" data-testid="banners-empty">{t('agent.links.bn.empty')}</p> : list.map((b) => {
        const s = bannerSnippets(b, code, tags);
        return (
          <figure key={b.id} className="al-banner" data-banner={b.id}>
            <a href={s.link} target="_blank" rel="noopener noreferrer" className="al-banner__art">
              <img src={s.image} width={b.width} height={b.height} alt={b.name} loading="lazy" />
            </a>
            <figcaption>
              <strong>{b.name}</strong> <span className="muted w-small" dir="ltr">{b.width}×{b.height}</span>
              <div className="al-banner__snip">
                <span className="field__label">{t('agent.links.col.link')}</span>
                <CopyButton text={s.link} label={t('agent.links.copy')} />
              </div>
              <p className="al-url"><code dir="ltr" data-testid="banner-link">{s.link}</code></p>
              <div className="al-banner__snip">
                <span className="field__label">HTML</span>
                <CopyButton text={s.html} label={t('agent.links.bn.copyHtml')} />
              </div>
              <textarea className="input al-snippet" dir="ltr" readOnly rows={3} value={s.html} aria-label="HTML" data-testid="banner-html" />
              <div className="al-banner__snip">
                <span className="field__label">Markdown</span>
                <CopyButton text={s.markdown} label={t('agent.links.bn.copyMarkdown')} />
              </div>
              <p className="al-url"><code dir="ltr" data-testid="banner-markdown">{s.markdown}</code></p>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
