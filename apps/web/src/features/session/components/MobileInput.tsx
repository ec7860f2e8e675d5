/** Mobile number with the country dialing-code select (useCountries). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries, useStatus } from '@/lib/system';

export function useDefaultDialCode(current: string, set: (code: string) => void): void {
  const countries = useCountries().data;
  const country = useStatus().data?.location.country;
  useEffect(() => {
    if (current || !countries?.length) return;
    const mine = countries.find((c) => c.countryCode === country) ?? countries[0];
    set(mine.countryDialingCode);
  }, [countries, country, current, set]);
}

export function DialCodeSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const countries = useCountries().data ?? [];
  useDefaultDialCode(value, onChange);
  return (
    <select className="dial-select" value={value} onChange={(e) => onChange(e.target.value)} aria-label={t('auth.dialCode')} dir="ltr">
      {countries.length === 0 && <option value="">+</option>}
      {countries.map((c) => (
        <option key={c.countryCode} value={c.countryDialingCode} title={c.name}>
          {c.countryCode} {c.countryDialingCode}
        </option>
      ))}
    </select>
  );
}
