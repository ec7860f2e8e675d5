/** The public face of the kyc feature: what other features and app/ may import (issue 19). */
// Loader of its lazily loaded page (import() stays here: the page keeps its own chunk).
export const loadVerificationPage = () => import('./VerificationPage');
// A link to the Verification page under a call a KYC gate refused (deposit, withdrawal).
export { KycGateLink } from './lazy-gate';
