/** The public face of the referral feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadReferralPage = () => import('./ReferralPage');
