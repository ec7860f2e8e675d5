import { z } from 'zod';

/** Who may call an endpoint. `member` needs a valid session token; `optional` reads one if sent. */
export type Auth = 'none' | 'optional' | 'member';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call, defined once. The server registers its route from this object (validation
 * and serialisation from the same schemas) and the web client calls it through it.
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  path: string;
  /** White-label module id; a call whose module is disabled answers function.not.available. */
  module: string;
  auth: Auth;
  /** Body travels as {value: AES-GCM ciphertext} with an RSA-OAEP wrapped key in `Encryption`. */
  encrypted?: boolean;
  /** Body is application/x-www-form-urlencoded (the original platform's shape). */
  form?: boolean;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
}

export function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: Endpoint<Q, B, R>,
): Endpoint<Q, B, R> {
  return def;
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ValueOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The success envelope of the wire reference. */
export const okEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.literal(true), value });

export const errorEnvelope = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  /** Extra facts the client needs (e.g. {captcha:true} after failed logins). */
  value: z.unknown().optional(),
});
