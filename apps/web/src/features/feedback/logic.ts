/** Checks the form makes before sending (the server makes them again). */
import { feedback, type feedback as F } from '@lobby/contract';

type T = (key: string, opts?: Record<string, unknown>) => string;
const MB = 1024 * 1024;

export function contentError(t: T, text: string, s: F.Settings): string | null {
  const content = text.trim();
  if ([...content].length > s.maxChars) return t('feedback.tooLong', { max: s.maxChars });
  const n = feedback.countWords(content);
  if (n < s.minWords || n > s.maxWords) return t('feedback.wordsRule', { min: s.minWords, max: s.maxWords });
  return null;
}

/** A file the form may attach: png/jpg by declared type (the server reads the bytes), ≤ max size. */
export function fileError(t: T, file: { type: string; size: number }, s: Pick<F.Settings, 'maxImageBytes'>): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return t('feedback.imageType');
  if (file.size > s.maxImageBytes) return t('feedback.imageSize', { mb: s.maxImageBytes / MB });
  return null;
}
