import { createRequire } from 'node:module';

export interface RegionRule { mode: 'allow' | 'block'; countries: string[] }

interface GeoLookup { lookup(ip: string): { country: string } | null }
let geo: GeoLookup | null = null;

/** Recent answers by address: a client's every request asks again (the region rule, the status). */
const recent = new Map<string, string | null>();
const RECENT_MAX = 10_000;

/** The country of an IP address from the bundled geoip-country database (loaded once). */
export function countryOf(ip: string): string | null {
  const hit = recent.get(ip);
  if (hit !== undefined) return hit;
  if (!geo) geo = createRequire(import.meta.url)('geoip-country') as GeoLookup;
  const clean = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const country = geo.lookup(clean)?.country ?? null;
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(ip, country);
  return country;
}

/**
 * Region rule: with `allow`, only the listed countries may enter; with `block`, the listed
 * ones may not. Addresses with no country (loopback, private ranges) are let in.
 */
export function countryBlocked(rule: RegionRule, country: string | null): boolean {
  if (rule.countries.length === 0 || !country) return false;
  return rule.mode === 'allow' ? !rule.countries.includes(country) : rule.countries.includes(country);
}

export const regionBlocked = (rule: RegionRule, ip: string) => rule.countries.length > 0 && countryBlocked(rule, countryOf(ip));
