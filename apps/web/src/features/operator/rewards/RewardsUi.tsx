/** What the Rewards tabs share: the editor state of a list and the form's buttons. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutcome } from '../ui';

/** Save and cancel of an editor form, then the form's own outcome. */
export function FormActions({ pending, onCancel, outcome }: { pending: boolean; onCancel: () => void; outcome: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="oc-wide oc-actions">
        <button type="submit" className="oc-btn oc-primary" disabled={pending}>{t('console.rw.save')}</button>
        <button type="button" className="oc-btn" onClick={onCancel}>{t('console.rw.cancel')}</button>
      </div>
      <div className="oc-wide">{outcome}</div>
    </>
  );
}

/**
 * A list tab's editor: the form being edited (null = the list), a new key each time one opens
 * (a fresh form), and the list's outcome line ("saved" after a save).
 */
export function useEditor<F>() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<F | null>(null);
  const [key, setKey] = useState(0);
  const out = useOutcome();
  const open = (f: F) => {
    setEditing(f);
    setKey((k) => k + 1);
    out.clear();
  };
  const done = (saved?: boolean) => {
    setEditing(null);
    if (saved) void out.run(async () => t('console.rw.saved'));
  };
  return { editing, key, out, open, done };
}

/** The last cells of an enable-able row: its state, then Edit and Enable/Disable. */
export function StateAndActions({ enabled, pending, onEdit, onToggle }: { enabled: boolean; pending: boolean; onEdit: () => void; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <td data-label={t('console.rw.state')}><span className={`oc-pill${enabled ? ' oc-pill-active' : ''}`}>{enabled ? t('console.rw.enabled') : t('console.rw.disabled')}</span></td>
      <td className="oc-actions">
        <button type="button" className="oc-btn" onClick={onEdit}>{t('console.rw.edit')}</button>
        <button type="button" className={`oc-btn${enabled ? ' oc-danger' : ''}`} disabled={pending} onClick={onToggle}>
          {enabled ? t('console.rw.disable') : t('console.rw.enable')}
        </button>
      </td>
    </>
  );
}
