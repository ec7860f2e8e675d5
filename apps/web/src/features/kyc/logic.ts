/** Pure helpers of the verification page (tested in logic.test.ts). */
import { kyc } from '@lobby/contract';

/** The newest unsent document of each kind (what the next submission of a level takes). */
export function unsentByKind(docs: kyc.DocumentView[]): Partial<Record<kyc.DocumentKind, kyc.DocumentView>> {
  const out: Partial<Record<kyc.DocumentKind, kyc.DocumentView>> = {};
  for (const d of docs) if (d.status === 'new' && !out[d.kind]) out[d.kind] = d;
  return out;
}

/** The required kinds of a level still missing from the unsent documents. */
export function missingFor(level: kyc.DocumentLevel, docs: kyc.DocumentView[]): kyc.DocumentKind[] {
  const have = unsentByKind(docs);
  return kyc.LEVEL_DOCUMENTS[level].required.filter((k) => !have[k]);
}

/** A level can be sent when it is not pending or verified. */
export const canSend = (status: kyc.Status) => status === 'none' || status === 'rejected' || status === 'expired';

/** A file the server would refuse before it is read: its declared type and size. */
export function fileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(kyc.DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > kyc.DOCUMENT_MAX_BYTES) return 'size';
  return null;
}
