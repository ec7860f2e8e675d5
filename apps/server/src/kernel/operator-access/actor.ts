/**
 * Who an operator call comes from: a console session (X-Operator-Session) or a service key
 * (X-Operator-Key). A service key is an identity of its own with declared permissions and
 * brands (config OPERATOR_API_KEY and OPERATOR_API_KEY_PERMISSIONS): one key for every brand, or
 * one key per brand (`code:key,…`) that acts inside its brand only. No key ever manages operators.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorCode, operator } from '@lobby/contract';
import type { Brand } from '../../plugins/merchant.ts';
import { can, DEFAULT_KEY_PERMISSIONS, NEVER_FOR_KEYS, ROLE_PERMISSIONS } from './permissions.ts';

type Permission = operator.Permission;

export interface Actor {
  kind: 'operator' | 'service';
  operatorId: bigint | null;
  name: string;
  /** The role of a console operator; a service key has none of its own. */
  role: operator.Role | null;
  /** What the actor may do: its role's permissions, or the key's declared ones. */
  permissions: readonly Permission[];
  /** Lower-case brand codes; null = every brand. */
  brands: string[] | null;
  sessionId: bigint | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authorised operator caller (set by the access hook on operator routes). */
    operatorActor?: Actor;
    /** Set when the request carried a console token that is not (or no longer) valid. */
    operatorSessionError?: ErrorCode;
    /** The handler wrote its own audit row; the generic one is skipped. */
    operatorAudited?: boolean;
  }
}

export const operatorActor = (o: { id: bigint; username: string; role: operator.Role; brands: string[] | null }, sessionId: bigint | null): Actor => ({
  kind: 'operator', operatorId: o.id, name: o.username, role: o.role, permissions: ROLE_PERMISSIONS[o.role],
  brands: o.brands?.map((b) => b.toLowerCase()) ?? null, sessionId,
});

export const inScope = (a: Pick<Actor, 'brands'>, brand: Pick<Brand, 'code'>): boolean =>
  a.brands === null || a.brands.includes(brand.code.toLowerCase());

export const allows = (a: Actor, p: Permission): boolean => (a.role ? can(a.role, p) : a.permissions.includes(p));

/** The brands of `inner` lie inside those of `outer` (null = every brand). */
export const brandsWithin = (inner: string[] | null, outer: string[] | null): boolean =>
  outer === null || (inner !== null && inner.every((b) => outer.includes(b.toLowerCase())));

interface KeyIdentity { key: string; actor: Actor }

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Parses the key setting: `KEY` (every brand) or `code:key,code:key` (one per brand). */
export function keyIdentities(configured: string | undefined, permissions: string | undefined): KeyIdentity[] {
  if (!configured) return [];
  const declared = permissions
    ? permissions.split(',').map((p) => p.trim()).filter((p): p is Permission => (DEFAULT_KEY_PERMISSIONS as string[]).includes(p))
    : [...DEFAULT_KEY_PERMISSIONS];
  const granted = declared.filter((p) => !NEVER_FOR_KEYS.includes(p));
  const identity = (key: string, brand: string | null): KeyIdentity => ({
    key,
    actor: { kind: 'service', operatorId: null, name: brand ? `service-key:${brand}` : 'service-key', role: null, permissions: granted, brands: brand ? [brand] : null, sessionId: null },
  });
  if (!configured.includes(':')) return [identity(configured, null)];
  return configured.split(',').flatMap((part) => {
    const i = part.indexOf(':');
    const code = part.slice(0, i).trim().toLowerCase();
    const key = part.slice(i + 1).trim();
    return i > 0 && code && key ? [identity(key, code)] : [];
  });
}

/** The service identity whose key was given for this brand (compared in constant time), if any. */
export function keyActor(ids: KeyIdentity[], brand: Brand, given: string): Actor | undefined {
  const d = digest(given);
  let found: Actor | undefined;
  for (const id of ids) if (inScope(id.actor, brand) && timingSafeEqual(d, digest(id.key))) found = id.actor;
  return found;
}
