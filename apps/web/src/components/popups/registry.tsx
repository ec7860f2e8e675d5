/**
 * The popups the host knows, by name. Each feature registers its own (its `popups.ts`, imported
 * by its index.ts): it adds the props type of each name to PopupPropsMap by module augmentation
 * and calls registerPopups() with the entries (React.lazy for anything heavy). Only the generic
 * `alert` popup is registered here. Nothing here imports a feature or app/.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';

export interface AlertPopupProps {
  message: string;
  title?: string;
  confirmLabel?: string;
  onConfirm?: () => void;
}

/** Popup name → props. Features add their names: `declare module '@/components/popups/registry' { interface PopupPropsMap { … } }`. */
export interface PopupPropsMap {
  alert: AlertPopupProps;
}
export type PopupName = keyof PopupPropsMap;

export interface PopupBodyProps<N extends PopupName> {
  close: () => void;
  props: PopupPropsMap[N];
}

export interface PopupEntry<N extends PopupName> {
  component: ComponentType<PopupBodyProps<N>>;
  title?: () => string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False: no close button, Escape and backdrop do nothing (default true). */
  dismissible?: (props: PopupPropsMap[N]) => boolean;
}

export type PopupEntries = { [N in PopupName]?: PopupEntry<N> };

function AlertBody({ close, props }: PopupBodyProps<'alert'>) {
  const { t } = useTranslation();
  return (
    <div className="alert">
      <p className="alert__message">{props.message}</p>
      <div className="alert__actions">
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus
          onClick={() => {
            props.onConfirm?.();
            close();
          }}
        >
          {props.confirmLabel ?? t('common.confirm')}
        </button>
      </div>
    </div>
  );
}

const entries: PopupEntries = {
  alert: { component: AlertBody, title: () => i18n.t('dialog.warning'), size: 'sm' },
};

/** A feature registers its popups (call it once, at module load of the feature's popups.ts). */
export function registerPopups(more: PopupEntries): void {
  Object.assign(entries, more);
}

/** The entry of a registered popup (undefined: no feature registered that name). */
export function popupEntry<N extends PopupName>(name: N): PopupEntry<N> | undefined {
  return entries[name] as PopupEntry<N> | undefined;
}
