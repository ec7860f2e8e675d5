/** The public face of the promotions feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadPromotionsPage = () => import('./PromotionsPage');
export const loadRewardCenter = () => import('./RewardCenter');
export { promotionKeys, usePromotions } from './api';
