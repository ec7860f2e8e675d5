/** The SQLSTATE and message of a database error; drivers and drizzle may wrap it in `cause`. */
export function pgError(err: unknown): { code?: string; message: string } {
  for (let e: unknown = err, i = 0; i < 4 && e && typeof e === 'object'; i++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, message: String((e as Error).message) };
  }
  return { message: String(err) };
}

/**
 * Deadlock and serialization failure: PostgreSQL refused the transaction and rolled it back
 * whole, so nothing it did remains and the same request may be sent again.
 */
export const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
