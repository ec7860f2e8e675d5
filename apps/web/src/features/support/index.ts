/** The public face of the support feature: what other features and app/ may import (issue 19). */
// Registers the feature's popups with the popup host (components/popups) when the feature loads.
import './popups';
import { lazy } from 'react';
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadFooterSupport = () => import('./FooterSupport');
export { guessOs } from './os';
export { AppGuideButton } from './AppGuideButton';
export { useSupport } from './api';
export { appLinks, supportLinks } from './links';
// Parts of its pages other features show: loaded with their own chunk on first render (a
// static export here would put them, their styles and the UI kit into the home page's first load).
export const LiveChatPanel = lazy(() => import('./LiveChatPopup').then((m) => ({ default: m.LiveChatPanel })));
export const AppDownloadGuide = lazy(() => import('./AppDownload').then((m) => ({ default: m.AppDownloadGuide })));
export const SupportLinks = lazy(() => import('./SupportLinks').then((m) => ({ default: m.SupportLinks })));
