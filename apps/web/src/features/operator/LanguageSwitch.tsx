import { changeLanguage, useLanguage } from '@/lib/i18n';

/** ES / EN for the console (kept locally; the console has no member to tell). */
export function LanguageSwitch() {
  const { language } = useLanguage();
  return (
    <div className="oc-lang" role="group" aria-label="Language">
      {(['ES', 'EN'] as const).map((l) => (
        <button key={l} type="button" className={language === l ? 'on' : ''} aria-pressed={language === l} onClick={() => void changeLanguage(l, { notifyServer: false })}>{l}</button>
      ))}
    </div>
  );
}
