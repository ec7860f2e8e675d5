/** The public face of the play feature: what other features and app/ may import (issue 19). */
// Registers the feature's popups with the popup host (components/popups) when the feature loads.
import './popups';
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadSeamlessPage = () => import('./SeamlessPage');
export { onAfterGame } from './after-game';
export { safeBackPath, useLaunchGame } from './launch';
