export { PopupProvider, usePopups, type PopupsApi } from './PopupHost';
export { registerPopups, type PopupName, type PopupPropsMap, type PopupBodyProps, type PopupEntry, type PopupEntries } from './registry';
