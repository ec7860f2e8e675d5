/**
 * A record's reference as a player or operator reads it. Order numbers made by the platform read
 * as they are; an internal posting key (`vendor:PVP-DICE:1-20:win`, `trial_grant:42`) keeps only its
 * identifying parts (`PVP-DICE 1-20`, `42`): the words naming the kind of posting are dropped.
 */
export function readableRef(ref: string | null | undefined): string {
  if (!ref) return '';
  if (!ref.includes(':')) return ref;
  const parts = ref.split(':').filter((p) => p && !/^[a-z_]+$/.test(p));
  return parts.join(' ') || '';
}
