/** Register-centre logic without React: the invite link's address and the custom expiry. */
import { agentRegister } from '@lobby/contract';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The address a new account registers through: the site's register route with the link's code,
 * and the link's campaign and sub-ID when it has them (issue 25: clicks are counted by them).
 */
export function inviteUrl(code: string, origin: string = window.location.origin, tags: { campaign?: string; subId?: string } = {}): string {
  const q = new URLSearchParams({ referralCode: code });
  if (tags.campaign) q.set('campaign', tags.campaign);
  if (tags.subId) q.set('sub', tags.subId);
  return `${origin.replace(/\/$/, '')}/register?${q.toString()}`;
}

/** "2026-11-24T18:30" (a datetime-local value read in the brand's time zone) -> ISO; null if not a time. */
export function brandLocalToIso(value: string, offsetMinutes: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}:00Z`);
  return Number.isNaN(t) ? null : new Date(t - offsetMinutes * MINUTE_MS).toISOString();
}

/** A datetime-local value in the brand's time zone, `days` from now (the custom field's start). */
export function brandLocalIn(days: number, offsetMinutes: number, now = Date.now()): string {
  return new Date(now + days * DAY_MS + offsetMinutes * MINUTE_MS).toISOString().slice(0, 16);
}

export type CustomExpiryError = 'required' | 'past' | 'tooFar';

/** Why a custom expiry cannot be used (the server checks the same). */
export function customExpiryError(value: string, offsetMinutes: number, now = Date.now()): CustomExpiryError | null {
  const iso = brandLocalToIso(value, offsetMinutes);
  if (!iso) return 'required';
  const t = Date.parse(iso);
  if (t <= now) return 'past';
  if (t > now + agentRegister.CUSTOM_EXPIRY_MAX_DAYS * DAY_MS) return 'tooFar';
  return null;
}
