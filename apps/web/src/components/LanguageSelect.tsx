/** Language select with the brand's visible languages (native labels from the contract). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useLanguageOptions } from '@/lib/system';
import { changeLanguage, isRtl, languageTag, useLanguage } from '@/lib/i18n';

export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const options = useLanguageOptions();
  const { language } = useLanguage();
  return (
    <div className={`lang-select ${className}`}>
      <label htmlFor={id} className="lang-select__label">
        <Icon name="globe" size={18} />
        <span>{t('sideMenu.language')}</span>
      </label>
      <select
        id={id}
        aria-label={t('sideMenu.language')} // named even where a layout hides the label (the agent bar)
        className="select"
        value={language}
        onChange={(e) => {
          const code = e.target.value;
          if (isLanguageCode(code)) void changeLanguage(code);
        }}
      >
        {!options.some((o) => o.code === language) && <option value={language}>{language}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code} lang={languageTag(o.code)} dir={isRtl(o.code) ? 'rtl' : 'ltr'}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
