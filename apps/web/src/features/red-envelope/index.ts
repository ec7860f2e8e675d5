/** The public face of the red-envelope feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadRedEnvelopeFloat = () => import('./RedEnvelopeFloat');
export const loadRedEnvelopePage = () => import('./RedEnvelopePage');
export { redEnvelopeKeys } from './api';
