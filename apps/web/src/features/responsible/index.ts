/** The public face of the responsible feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadRealityCheck = () => import('./RealityCheck');
export const loadResponsiblePage = () => import('./ResponsiblePage');
export { changesOf, draftOf } from './logic';
export type { Draft } from './logic';
// The prompts regulators ask for (deposit page, home, game frame): small, loaded with their hosts.
export { LimitsLink, LimitsPrompt, SessionClock } from './lazy-prompts';
