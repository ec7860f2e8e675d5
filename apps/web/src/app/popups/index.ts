export { PopupProvider, usePopups, type PopupsApi } from './PopupHost';
export { Modal, AlertDialog, type ModalProps, type AlertDialogProps } from '@/components/Modal';
export { popupRegistry, type PopupName, type PopupPropsMap, type PopupBodyProps } from './registry';
