import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id cost. Measured on the 2-core build machine (@node-rs/argon2 2.x):
 *   m=19 MiB t=2  ≈  6 ms     m=46 MiB t=3 ≈ 29 ms
 *   m=64 MiB t=2  ≈ 35 ms  (≈57 verifies/s with both cores busy)   <- chosen
 *   m=64 MiB t=3  ≈ 46 ms     m=64 MiB t=4 ≈ 62 ms
 * 64 MiB / 2 passes is above the OWASP minimum (19 MiB, t=2) and inside the 20–50 ms budget:
 * memory hardness is what hurts GPU crackers, and login throughput stays ~50/s per 2 cores,
 * which the per-account and per-IP limiters keep far away from (a guess never reaches the
 * hash once an account is locked). Old hashes with other parameters still verify (PHC string).
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 65_536,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown user, account without a
 * password) it still spends one hash's time, so timing does not reveal which usernames exist.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-real-password-0');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
