/** The public face of the agent feature: what other features and app/ may import (issue 19). */
// Registers the feature's popups (the contract popup at login) with the popup host.
import './popups';
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadAgentHome = () => import('./AgentHome');
export const loadAgentLogin = () => import('./AgentLogin');
