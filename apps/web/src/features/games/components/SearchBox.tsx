/** Search by game name: the term is handed on 300 ms after the last keystroke (trimmed). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox({ value, onSearch, label }: { value: string; onSearch: (term: string) => void; label?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // A new term from outside (a tab cleared it, the URL changed) replaces what is typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    const term = text.trim();
    if (term === value) return;
    const id = setTimeout(() => onSearch(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, value, onSearch]);
  return (
    <form className="search" role="search" onSubmit={(e) => (e.preventDefault(), onSearch(text.trim()))}>
      <svg className="search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        className="search__input"
        value={text}
        maxLength={60}
        placeholder={t('games.searchPlaceholder')}
        aria-label={label ?? t('games.searchLabel')}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
