import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { captchas } from '../../db/schema.ts';

/**
 * Captcha images drawn here as SVG paths from a small stroke font (no <text>, so the answer is
 * not in the markup), with per-glyph jitter, rotation and noise curves. Answers are stored as
 * SHA-256(id:ANSWER), expire in 5 minutes and are single use: any check consumes the captcha.
 */
export const CAPTCHA_TTL_MS = 5 * 60_000;
const LENGTH = 5;

type Stroke = [number, number][];
// glyphs on a 4 × 6 grid, y down; ambiguous shapes (0/O, 1/I, B/8, S/5, G/6, Z/2, D, Q) left out
const P: Stroke = [[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]];
const GLYPHS: Record<string, Stroke[]> = {
  2: [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  3: [[[0, 0], [4, 0], [2, 2.5], [3.5, 3], [4, 4.5], [3, 6], [0, 6]]],
  4: [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  6: [[[4, 0], [1, 0], [0, 2], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  7: [[[0, 0], [4, 0], [1.5, 6]]],
  9: [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [0, 6]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.6], [3, 3.6]]],
  C: [[[4, 0.5], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5.5]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  L: [[[0, 0], [0, 6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [P],
  R: [P, [[2, 3], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
};
const ALPHABET = Object.keys(GLYPHS);

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);
const color = () => `hsl(${randomInt(0, 360)},${randomInt(55, 85)}%,${randomInt(55, 75)}%)`;

/** Draws `text` as an SVG (150 × 50). */
export function drawCaptcha(text: string): string {
  const W = 150, H = 50;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#1b2233"/>`];
  for (let i = 0; i < 5; i++) {
    parts.push(`<path d="M${f(rnd(0, W))} ${f(rnd(0, H))} Q${f(rnd(0, W))} ${f(rnd(0, H))} ${f(rnd(0, W))} ${f(rnd(0, H))}" stroke="${color()}" stroke-width="${f(rnd(1, 2))}" fill="none" opacity="0.7"/>`);
  }
  [...text].forEach((ch, i) => {
    const scale = rnd(5, 5.8);
    const angle = rnd(-0.3, 0.3);
    const cx = 17 + i * 28 + rnd(-3, 3), cy = H / 2 + rnd(-3, 3);
    const cos = Math.cos(angle), sin = Math.sin(angle);
    const d = GLYPHS[ch].map((stroke) => stroke.map(([x, y], j) => {
      const px = (x - 2 + rnd(-0.25, 0.25)) * scale * 0.8, py = (y - 3 + rnd(-0.25, 0.25)) * scale;
      return `${j ? 'L' : 'M'}${f(cx + px * cos - py * sin)} ${f(cy + px * sin + py * cos)}`;
    }).join('')).join('');
    parts.push(`<path d="${d}" stroke="${color()}" stroke-width="${f(rnd(2.6, 3.4))}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`);
  });
  for (let i = 0; i < 25; i++) parts.push(`<circle cx="${f(rnd(0, W))}" cy="${f(rnd(0, H))}" r="${f(rnd(0.5, 1.5))}" fill="${color()}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

const answerHash = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest();

export function randomCaptchaText(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
}

/** A new captcha for the brand: the image as a data URL and its id. */
export async function createCaptcha(db: Db, merchantId: number, answer = randomCaptchaText()) {
  const text = answer.toUpperCase();
  const id = randomUUID();
  await db.insert(captchas).values({
    id, merchantId, answerHash: answerHash(id, text).toString('hex'), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  // now and then, drop captchas nobody answered
  if (randomInt(0, 50) === 0) await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  const image = `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(text)).toString('base64')}`;
  return { image, captchaId: id, expiresInSeconds: CAPTCHA_TTL_MS / 1000 };
}

/** Consumes the captcha (right or wrong) and answers whether the answer matched in time. */
export async function checkCaptcha(db: Db, merchantId: number, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer) return false;
  const [row] = await db.delete(captchas).where(and(eq(captchas.id, id), eq(captchas.merchantId, merchantId))).returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return false;
  return timingSafeEqual(Buffer.from(row.answerHash, 'hex'), answerHash(id, answer));
}

/** Test helper: the answer cannot be read back, so tests create captchas with a known text. */
export const captchaForTest = createCaptcha;
