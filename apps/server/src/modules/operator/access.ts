/**
 * Who an operator call comes from: a console session (loaded by the operator plugin's hook from
 * the X-Operator-Session header) or the service key (X-Operator-Key, every permission). No
 * database access here, so `requireOperator` of the cashier module can use it synchronously.
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorCode, operator } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { can } from './permissions.ts';

export interface Actor {
  kind: 'operator' | 'service';
  operatorId: bigint | null;
  name: string;
  role: operator.Role;
  /** Lower-case brand codes; null = every brand. */
  brands: string[] | null;
  sessionId: bigint | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carried a live console session (or the service key was accepted). */
    operatorActor?: Actor;
    /** Set when the request carried a console token that is not (or no longer) valid. */
    operatorSessionError?: ErrorCode;
    /** The handler wrote its own audit row; the generic one is skipped. */
    operatorAudited?: boolean;
  }
}

export const SERVICE_ACTOR: Actor = { kind: 'service', operatorId: null, name: 'service-key', role: 'owner', brands: null, sessionId: null };

/** Whether the request carried a console token (valid or not). */
export const hasSession = (req: FastifyRequest) => req.operatorActor?.kind === 'operator' || req.operatorSessionError !== undefined;

export function inScope(a: Actor, brand: Brand): boolean {
  return a.brands === null || a.brands.includes(brand.code.toLowerCase());
}

/** The console session of the request with `permission` on `brand`, else the error. */
export function authorizeSession(req: FastifyRequest, brand: Brand, permission: operator.Permission): Actor {
  if (req.operatorSessionError) throw new AppError(req.operatorSessionError);
  const a = req.operatorActor;
  if (!a) throw new AppError('operator.not.session');
  if (!inScope(a, brand) || !can(a.role, permission)) throw new AppError('operator.forbidden');
  return a;
}
