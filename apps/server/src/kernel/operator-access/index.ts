/** Operator access: who an operator call comes from, what it may do on which brand, and the audit log. */
export { allows, brandsWithin, inScope, operatorActor, type Actor } from './actor.ts';
export { record } from './audit.ts';
export { holdsAll, ROLE_PERMISSIONS } from './permissions.ts';
export { operatorAccess, operatorOf } from './plugin.ts';
export { ROUTE_PERMISSIONS, ruleOf, sessionOnly } from './route-permissions.ts';
export { IDLE_MS, loadActor, SESSION_MAX_MS, sessionToken, type OperatorRow } from './sessions.ts';
