/** A small accessible dropdown menu: button + list, closes on outside click and Escape. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function Dropdown({
  label, icon, children, align = 'end', className = '', buttonClassName = 'icon-btn', showLabel = false, badge,
}: {
  label: string;
  icon: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  className?: string;
  buttonClassName?: string;
  showLabel?: boolean;
  /** Shown after the label inside the button (e.g. the TRIAL tag). */
  badge?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={`dropdown ${className}`} ref={ref} data-open={open || undefined}>
      <button
        type="button"
        className={buttonClassName}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        aria-label={showLabel ? undefined : label}
        title={label}
        onClick={() => setOpen((v) => !v)}
      >
        {icon}
        {badge}
        {showLabel && <span>{label}</span>}
      </button>
      {open && (
        <div id={id} className={`dropdown__menu dropdown__menu--${align}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
