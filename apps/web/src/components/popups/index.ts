export { PopupProvider, usePopups } from './PopupHost';
export { registerPopups, type PopupBodyProps } from './registry';
