/** Permissions of roles (the table is the contract's ROLE_PERMISSIONS) and of service keys. */
import { operator } from '@lobby/contract';

type Permission = operator.Permission;
type Role = operator.Role;

export const ROLE_PERMISSIONS = operator.ROLE_PERMISSIONS;

export const can = (role: Role, p: Permission): boolean => ROLE_PERMISSIONS[role].includes(p);

/** Every permission of `role` is one `holder` has: an operator may only grant what it holds. */
export const holdsAll = (holder: readonly Permission[], role: Role): boolean => ROLE_PERMISSIONS[role].every((p) => holder.includes(p));

/** What no service key may do, whatever is configured: manage operators and their sessions. */
export const NEVER_FOR_KEYS: readonly Permission[] = ['operators.manage', 'sessions.manage'];

/** The service key's permissions when none are configured: everything a key may hold. */
export const DEFAULT_KEY_PERMISSIONS: readonly Permission[] = operator.PERMISSIONS.filter((p) => !NEVER_FOR_KEYS.includes(p));
