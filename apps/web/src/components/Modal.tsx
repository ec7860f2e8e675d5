/**
 * Modal primitive: portal, backdrop, Escape (top-most only), focus trap, focus restore,
 * body scroll lock. Used by the popup host and by stand-alone dialogs.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons';

const FOCUSABLE =
  'a[href],area[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"]),[contenteditable=true]';

const stack: string[] = [];

export interface ModalProps {
  title?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Close on Escape (default true). */
  closeOnEscape?: boolean;
  /** Hide the × button. */
  hideClose?: boolean;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  footer?: ReactNode;
}

export function Modal({
  title, onClose, children, size = 'md', closeOnBackdrop = true, closeOnEscape = true,
  hideClose = false, role = 'dialog', className = '', footer,
}: ModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    stack.push(id);
    const body = document.body;
    const prevOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    // Focus the first focusable control (or the panel itself).
    const el = panel.current;
    // data-autofocus, else the first control of the body, else the close button / panel.
    const first =
      el?.querySelector<HTMLElement>('[data-autofocus]') ??
      el?.querySelector<HTMLElement>(`.modal__body :is(${FOCUSABLE})`) ??
      el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus({ preventScroll: true });

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id) return;
      if (e.key === 'Escape' && closeOnEscape) {
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab' && panel.current) {
        const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (n) => !n.hasAttribute('disabled') && n.getAttribute('aria-hidden') !== 'true',
        );
        if (items.length === 0) {
          e.preventDefault();
          panel.current.focus();
          return;
        }
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        const active = document.activeElement;
        if (e.shiftKey && (active === firstItem || active === panel.current)) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && active === lastItem) {
          e.preventDefault();
          firstItem.focus();
        } else if (!panel.current.contains(active)) {
          e.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      const i = stack.lastIndexOf(id);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0) body.style.overflow = prevOverflow;
      previous?.focus?.({ preventScroll: true });
    };
  }, [id, closeOnEscape]);

  const titleId = `${id}-title`;
  return createPortal(
    <div className="modal" data-size={size}>
      <div
        className="modal__backdrop"
        data-testid="modal-backdrop"
        onClick={() => closeOnBackdrop && onClose()}
        aria-hidden="true"
      />
      <div
        ref={panel}
        className={`modal__panel ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
      >
        {(title || !hideClose) && (
          <header className="modal__header">
            {title ? <h2 id={titleId} className="modal__title">{title}</h2> : <span />}
            {!hideClose && (
              <button type="button" className="icon-btn modal__close" onClick={onClose} aria-label={t('common.close')}>
                <CloseIcon />
              </button>
            )}
          </header>
        )}
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

export interface AlertDialogProps {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  onConfirm: () => void;
  cancelLabel?: ReactNode;
  onCancel?: () => void;
  tone?: 'warning' | 'info' | 'error';
}

/** A warning / confirmation dialog with a confirm button (e.g. in_need_true_account). */
export function AlertDialog({ title, message, confirmLabel, onConfirm, cancelLabel, onCancel, tone = 'warning' }: AlertDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title ?? t(`dialog.${tone}`)}
      onClose={onCancel ?? onConfirm}
      size="sm"
      role="alertdialog"
      className={`alert alert--${tone}`}
      footer={
        <>
          {onCancel && (
            <button type="button" className="btn btn--ghost" onClick={onCancel}>
              {cancelLabel ?? t('common.cancel')}
            </button>
          )}
          <button type="button" className="btn btn--primary" onClick={onConfirm} data-autofocus>
            {confirmLabel ?? t('common.confirm')}
          </button>
        </>
      }
    >
      <p className="alert__message">{message}</p>
    </Modal>
  );
}
