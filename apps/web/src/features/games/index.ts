/** The public face of the games feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadAccountGame = () => import('./AccountGame');
export const loadCategoryDropdown = () => import('./components/CategoryDropdown');
export const loadGameCenter = () => import('./GameCenter');
export const loadGameListCenter = () => import('./GameListCenter');
export const loadTabGames = () => import('./TabGames');
export { gameKeys, useGameMenus, useGameRow, useHotGames } from './api';
export { CATEGORIES, categoryIcon } from './categories';
export { Banner } from './components/Banner';
export type { BannerSlide } from './components/Banner';
export { GameRow } from './components/GameRow';
export { SearchBox } from './components/SearchBox';
export { WinnerBoardSlot } from './components/WinnerBoardSlot';
export { menuCategories, vendorHref } from './logic';
