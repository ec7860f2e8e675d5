/** Form primitives of the account screens: a labelled field with its error, password with show/hide. */
import '@/features/session/locale';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  optional?: boolean;
  icon?: IconName;
  /** Render the control; it gets the id and aria props to spread. */
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }) => ReactNode;
  className?: string;
}

export function Field({ label, error, hint, required, optional, icon, children, className = '' }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const msgId = `${id}-msg`;
  return (
    <div className={`field ${error ? 'field--error' : ''} ${className}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <span className="field__req" aria-hidden="true"> *</span>}
        {optional && <span className="field__opt"> ({t('auth.optional')})</span>}
      </label>
      <div className={`field__control ${icon ? 'field__control--icon' : ''}`}>
        {icon && <Icon name={icon} size={18} className="field__icon" aria-hidden="true" />}
        {children({ id, 'aria-invalid': !!error, 'aria-describedby': error || hint ? msgId : undefined, 'aria-required': required || undefined })}
      </div>
      {error ? (
        <p id={msgId} className="field__error" role="alert">{error}</p>
      ) : hint ? (
        <p id={msgId} className="field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A password input with a show / hide toggle. */
export function PasswordInput(props: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <>
      <input {...props} type={shown ? 'text' : 'password'} className={`input input--with-action ${props.className ?? ''}`} dir="ltr" />
      <button
        type="button"
        className="field__action icon-btn icon-btn--sm"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
        aria-pressed={shown}
      >
        <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
      </button>
    </>
  );
}

/** A submit button that shows a spinner while `busy`. */
export function SubmitButton({ busy, children, disabled }: { busy: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" className="btn btn--primary btn--lg btn--block auth__submit" disabled={busy || disabled} aria-busy={busy}>
      {busy && <span className="spinner spinner--sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A form-level error (server answer that belongs to no single field). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth__error" role="alert">
      <Icon name="info" size={18} /> <span>{message}</span>
    </p>
  );
}

/** Tabs of an auth popup (username / SMS, username / mobile, email / phone). */
export function AuthTabs<K extends string>({ tabs, value, onChange, label }: { tabs: Array<{ key: K; label: string }>; value: K; onChange: (k: K) => void; label: string }) {
  if (tabs.length < 2) return null;
  return (
    <div className="auth-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === value}
          className={`auth-tabs__tab ${tab.key === value ? 'is-active' : ''}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
