/** The campaign and sub-ID a tracked link carries (issue 25): two fields that keep only the characters a tag may hold. */
import { useTranslation } from 'react-i18next';
import { affiliate } from '@lobby/contract';

export interface LinkTags { campaign: string; sub: string }

const clean = (v: string) => v.replace(/[^A-Za-z0-9._-]/g, '').slice(0, affiliate.TAG_MAX);

/** `testId` prefixes the inputs' test ids (`<testId>-campaign`, `<testId>-sub`). */
export function TagFields({ value, onChange, testId }: { value: LinkTags; onChange: (tags: LinkTags) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="al-tags">
      <label className="field"><span className="field__label">{t('agent.links.campaign')}</span>
        <input className="input" dir="ltr" value={value.campaign} maxLength={40} onChange={(e) => onChange({ ...value, campaign: clean(e.target.value) })} data-testid={`${testId}-campaign`} /></label>
      <label className="field"><span className="field__label">{t('agent.links.subId')}</span>
        <input className="input" dir="ltr" value={value.sub} maxLength={40} onChange={(e) => onChange({ ...value, sub: clean(e.target.value) })} data-testid={`${testId}-sub`} /></label>
    </div>
  );
}
