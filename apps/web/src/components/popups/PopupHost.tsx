/**
 * The popup host: open and close named popups from anywhere (`usePopups().open('login')`).
 * Popups stack; each one gets Escape, a focus trap and a backdrop from <Modal>.
 * A feature registers its popups with registerPopups() (./registry.tsx; lazy components are fine:
 * the host wraps Suspense).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// loaded with the first popup: most visits open none, and the first screen stays lighter
const Modal = lazy(() => import('../Modal').then((m) => ({ default: m.Modal })));
import { popupEntry, type PopupName, type PopupPropsMap } from './registry';
import { SectionSpinner } from '@/lib/lazy';

export interface OpenPopup<N extends PopupName = PopupName> {
  name: N;
  props: PopupPropsMap[N];
  key: number;
}

export interface PopupsApi {
  open<N extends PopupName>(name: N, ...props: PopupPropsMap[N] extends undefined ? [props?: PopupPropsMap[N]] : [props: PopupPropsMap[N]]): void;
  /** Close the named popup, or the top-most one when no name is given. */
  close(name?: PopupName): void;
  closeAll(): void;
  isOpen(name: PopupName): boolean;
  stack: OpenPopup[];
}

const PopupsContext = createContext<PopupsApi | null>(null);

export function usePopups(): PopupsApi {
  const ctx = useContext(PopupsContext);
  if (!ctx) throw new Error('usePopups() must be used inside <PopupProvider>');
  return ctx;
}

let seq = 0;

export function PopupProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<OpenPopup[]>([]);
  // Titles follow the language: a popup opened before the brand's default language arrived (a
  // /login or /register deep link on a first visit) is retitled when it does (issue 23 item 5).
  useTranslation();

  const open = useCallback((name: PopupName, props?: unknown) => {
    setStack((s) => [...s.filter((p) => p.name !== name), { name, props: props as never, key: ++seq }]);
  }, []);
  const close = useCallback((name?: PopupName) => {
    setStack((s) => (name ? s.filter((p) => p.name !== name) : s.slice(0, -1)));
  }, []);
  const closeAll = useCallback(() => setStack([]), []);

  const api = useMemo<PopupsApi>(
    () => ({ open: open as PopupsApi['open'], close, closeAll, isOpen: (n) => stack.some((p) => p.name === n), stack }),
    [open, close, closeAll, stack],
  );

  return (
    <PopupsContext.Provider value={api}>
      {children}
      {stack.length > 0 && <Suspense fallback={null}>{stack.map((p) => {
        const entry = popupEntry(p.name);
        if (!entry) return null;
        const Body = entry.component as React.ComponentType<{ close: () => void; props: unknown }>;
        const onClose = () => close(p.name);
        const dismissible = (entry.dismissible as ((props: unknown) => boolean) | undefined)?.(p.props) ?? true;
        return (
          <Modal
            key={p.key}
            title={entry.title?.()}
            size={entry.size}
            onClose={onClose}
            className={`popup popup--${p.name}`}
            closeOnBackdrop={dismissible}
            closeOnEscape={dismissible}
            hideClose={!dismissible}
          >
            <Suspense fallback={<SectionSpinner />}>
              <Body close={onClose} props={p.props} />
            </Suspense>
          </Modal>
        );
      })}</Suspense>}
    </PopupsContext.Provider>
  );
}
