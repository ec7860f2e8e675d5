/** Shared parts of the brand settings forms: the save hook, field errors and the client-side checks. */
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorSettings as S, type BodyOf } from '@lobby/contract';
import { useOpAction } from '../api';
import { Notice, useOutcome } from '../ui';

export type View = S.SettingsView;
export type Errors = Record<string, string>;

export const isMoney = (s: string) => /^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$/.test(s.trim());
export const isPercent = (s: string) => /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$/.test(s.trim()) && Number(s) <= 100;
export const isLink = (s: string) => /^(https?:\/\/\S+|\/\S*)$/.test(s.trim());
export const isInt = (s: string, min: number, max: number) => /^-?\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max;

/** "+05:30" / "-6" / "0" → minutes; null when it cannot be read. */
export function parseGmt(s: string): number | null {
  const m = /^([+-]?)(\d{1,2})(?::?(\d{2}))?$/.exec(s.trim());
  if (!m || Number(m[3] ?? 0) > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}
export function formatGmt(min: number): string {
  const a = Math.abs(min);
  return `${min < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
export function validPattern(p: string): boolean {
  if (p === '*') return true;
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Saved" lives on the page, not in the form: a save reloads the settings and the form is built
 * again from the new version (so it shows what the server stored), which would drop its own state.
 */
export const SavedContext = createContext<{ saved: boolean; setSaved: (v: boolean) => void }>({ saved: false, setSaved: () => undefined });

/** Saves one section through its endpoint; with field errors it sends nothing. Shows the server's refusal. */
export function useSection<E extends (typeof S)['saveModules' | 'saveLanguages' | 'saveRegister' | 'saveAccess' | 'saveContact' | 'saveThresholds']>(ep: E) {
  const { t } = useTranslation();
  const action = useOpAction(ep);
  const out = useOutcome();
  const { saved, setSaved } = useContext(SavedContext);
  const submit = (errors: Errors, body: () => BodyOf<E>) => {
    setSaved(false);
    if (Object.keys(errors).length > 0) {
      out.clear();
      return false;
    }
    void out.run(async () => {
      await (action.mutateAsync as (b: BodyOf<E>) => Promise<unknown>)(body());
      setSaved(true);
    });
    return true;
  };
  const view = <>{out.view}{saved && <Notice kind="ok">{t('opSettings.saved')}</Notice>}</>;
  return { submit, pending: action.isPending, view };
}

export function Err({ e }: { e?: string }) {
  return e ? <small className="oc-err" role="alert">{e}</small> : null;
}

export function FormFoot({ errors, pending, outcome, children }: { errors: Errors; pending: boolean; outcome: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const n = Object.keys(errors).length;
  return (
    <div className="oc-wide st-foot">
      {n > 0 && <Notice kind="error">{t('opSettings.fix', { count: n })}</Notice>}
      {outcome}
      <div className="st-buttons">{children}<button type="submit" className="oc-btn oc-primary" disabled={pending}>{t('opSettings.save')}</button></div>
    </div>
  );
}
