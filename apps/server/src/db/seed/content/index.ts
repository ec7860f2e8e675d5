/**
 * The demo content (announcements, promotions, missions, points-mall rewards, help articles) in
 * the translated languages beyond ES and EN, by content id; ES and EN stay beside each item in the
 * seed. A table lacking an id fails the typecheck; content.test.ts checks every seeded text.
 */
import type { ContentLang, ContentTexts } from '../../../kernel/lang/index.ts';
import ar from './ar.ts';
import fa from './fa.ts';
import ptBR from './pt-BR.ts';
import th from './th.ts';
import vi from './vi.ts';
import zhCN from './zh-CN.ts';

export type ContentId = keyof typeof ptBR;
export type OtherLang = Exclude<ContentLang, 'ES' | 'EN'>;

export const CONTENT: Readonly<Record<OtherLang, Readonly<Record<ContentId, string>>>> = {
  'PT-BR': ptBR, CN: zhCN, AR: ar, VI: vi, TH: th, FA: fa,
};
export const OTHER_LANGS = Object.keys(CONTENT) as OtherLang[];

/** The text `id` in `lang`, `{brand}` filled. */
export const translation = (id: ContentId, lang: OtherLang, brand = ''): string => CONTENT[lang][id].replaceAll('{brand}', brand);

/** `{ ES, EN }` of one item with its translations (`id`) added. */
export function translated(id: ContentId, texts: { ES: string; EN: string }, brand = ''): ContentTexts & { ES: string; EN: string } {
  const out: ContentTexts & { ES: string; EN: string } = { ...texts };
  for (const lang of OTHER_LANGS) out[lang] = translation(id, lang, brand);
  return out;
}

/** Whether a stored text map still lacks a translated language (an older seed: the upgrade adds them). */
export const untranslated = (t: ContentTexts | null | undefined): boolean => !!t && OTHER_LANGS.some((l) => !t[l]);
