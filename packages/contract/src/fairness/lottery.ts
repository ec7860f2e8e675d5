/**
 * The lottery's seeded draws (fast games, and any issue drawn from a seed), shared by the
 * server (publication) and the browser (the /fairness verifier). The rule, as published:
 * digits come from HMAC-SHA256(key = serverSeed, message = "<gameCode>:<numero>:<block>") for
 * block = 0, 1, 2, …, each byte in order: a byte of 250 or more is dropped, any other gives the
 * digit (byte mod 10); the first `count` digits are the result (a fast game: 5 digits = the
 * special; a VN region: its prizes in order, ĐB first, each prize's numbers in order).
 */
import { FAST_DIGITS, VN_STRUCTURE, type LotteryKind, type VnRegion } from '../lottery.ts';
import { hmacSha256 } from './sha256.ts';
import type { Hmac } from './stream.ts';

export function lotteryDigits(serverSeed: string, gameCode: string, numero: string, count: number, hmac: Hmac = hmacSha256): string {
  let out = '';
  for (let block = 0; out.length < count; block++) {
    for (const b of hmac(serverSeed, `${gameCode}:${numero}:${block}`)) {
      if (b >= 250) continue;
      out += String(b % 10);
      if (out.length === count) break;
    }
  }
  return out;
}

export interface LotteryResult { special: string; prizes: { prize: string; numbers: string[] }[]; numbers: string[] }

/** The result of an issue: fast games 5 digits; VN regions their prize structure, special prize first. */
export function lotteryResult(kind: LotteryKind, region: VnRegion | null, serverSeed: string, gameCode: string, numero: string, hmac: Hmac = hmacSha256): LotteryResult {
  if (kind === 'fast') {
    const special = lotteryDigits(serverSeed, gameCode, numero, FAST_DIGITS, hmac);
    return { special, prizes: [{ prize: 'DB', numbers: [special] }], numbers: [special] };
  }
  const structure = VN_STRUCTURE[region ?? 'north'];
  const total = structure.reduce((s, p) => s + p.count * p.digits, 0);
  const digits = lotteryDigits(serverSeed, gameCode, numero, total, hmac);
  let at = 0;
  const prizes = structure.map((p) => ({
    prize: p.prize as string,
    numbers: Array.from({ length: p.count }, () => digits.slice(at, (at += p.digits))),
  }));
  return { special: prizes[0].numbers[0], prizes, numbers: prizes.flatMap((p) => p.numbers) };
}
