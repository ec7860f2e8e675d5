/** THE permission table of the operator console: which role may do what (issue 9). */
import type { operator } from '@lobby/contract';

type Permission = operator.Permission;
type Role = operator.Role;

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: [
    'dashboard.view', 'finance.view', 'finance.deposit', 'finance.withdraw', 'finance.adjust', 'finance.rules',
    'people.view', 'people.manage', 'content.manage', 'games.manage', 'settings.manage', 'operators.manage', 'sessions.manage', 'audit.view',
    'lottery.manage',
  ],
  finance: ['dashboard.view', 'finance.view', 'finance.deposit', 'finance.withdraw', 'finance.adjust', 'people.view', 'audit.view', 'lottery.manage'],
  content: ['dashboard.view', 'content.manage', 'games.manage'],
  support: ['dashboard.view', 'people.view', 'people.manage'],
};

export const can = (role: Role, p: Permission): boolean => ROLE_PERMISSIONS[role].includes(p);

/**
 * The permission an older operator call (X-Operator-Key routes of other modules) needs when it
 * is called with a console session: money calls need finance, the rest (announcements, inbox,
 * promotions) content. The lottery's draw-now and void ask for lottery.manage themselves.
 */
export function permissionOfPath(method: string, url: string): Permission {
  const path = url.split('?')[0];
  const money = /\/(deposit|withdraw)\//.test(path);
  if (money && method === 'GET') return 'finance.view';
  if (/\/deposit\//.test(path)) return 'finance.deposit';
  if (/\/withdraw\//.test(path)) return 'finance.withdraw';
  return 'content.manage';
}
