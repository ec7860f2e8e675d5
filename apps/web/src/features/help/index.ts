/** The public face of the help feature: what other features and app/ may import (issue 19). */
// Registers the feature's popups with the popup host (components/popups) when the feature loads.
import './popups';
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadHelpPage = () => import('./HelpPage');
