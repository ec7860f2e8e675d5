/** Operator access: who an operator call comes from, what it may do on which brand, and the audit log. */
export { allows, brandsWithin, inScope, operatorActor, type Actor } from './actor.ts';
export { plain, record, type AuditEntry } from './audit.ts';
export { can, holdsAll, ROLE_PERMISSIONS } from './permissions.ts';
export { operatorAccess, operatorOf } from './plugin.ts';
export { isOperatorPath, ROUTE_PERMISSIONS, ruleOf, sessionOnly, type RouteRule } from './route-permissions.ts';
export { IDLE_MS, loadActor, SESSION_MAX_MS, sessionToken, type OperatorRow } from './sessions.ts';
