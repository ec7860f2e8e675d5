/** Toasts (lib/toast): a polite live region at the top of the page. */
import { Icon } from '@/components/icons';
import { dismissToast, useToasts } from '@/lib/toast';

export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <button key={t.id} type="button" className={`toast toast--${t.tone}`} onClick={() => dismissToast(t.id)}>
          <Icon name={t.tone === 'success' ? 'gift' : 'info'} size={18} />
          <span>{t.message}</span>
        </button>
      ))}
    </div>
  );
}
