import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { captchas } from '../../db/schema.ts';

/**
 * Captchas as PNG images (issue 18, finding 4: the SVG's path data was read by a script): the
 * glyphs of a small stroke font are drawn by skia (@napi-rs/canvas) with jitter, rotation and
 * per-glyph colour, crossed by curves in the text's colours, then the whole picture is warped by
 * random sine waves and sprinkled with noise. The answer is in no markup: only pixels leave the
 * server. Answers are stored as SHA-256(id:ANSWER), compared without case, expire in 5 minutes and
 * are single use: any check consumes the captcha, right or wrong.
 */
export const CAPTCHA_TTL_MS = 5 * 60_000;
const LENGTH = 5;
/** Drawn at twice the 150 × 50 it is shown at, so it stays sharp on phones. */
const W = 300, H = 100;

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
/** The characters a captcha is made of. */
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS);

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${h | 0},${s | 0}%,${l | 0}%,${a})`;

function curve(ctx: SKRSContext2D, color: string, width: number) {
  ctx.beginPath();
  ctx.moveTo(rnd(-20, W * 0.2), rnd(0, H));
  ctx.bezierCurveTo(rnd(0, W), rnd(-H * 0.3, H * 1.3), rnd(0, W), rnd(-H * 0.3, H * 1.3), rnd(W * 0.8, W + 20), rnd(0, H));
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** Draws `text` (letters of CAPTCHA_ALPHABET) as a PNG. */
export function drawCaptcha(text: string): Buffer {
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const hue = randomInt(0, 360);
  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, hsl(hue, 35, rnd(10, 18)));
  bg.addColorStop(1, hsl(hue + rnd(40, 140), 35, rnd(14, 24)));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';

  // background clutter: thin curves and short strokes in the text's range of colours
  for (let i = 0; i < 6; i++) curve(ctx, hsl(randomInt(0, 360), 55, rnd(30, 50), 0.6), rnd(1, 2.5));
  for (let i = 0; i < 30; i++) {
    const x = rnd(0, W), y = rnd(0, H), a = rnd(0, Math.PI * 2), l = rnd(4, 14);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + Math.cos(a) * l, y + Math.sin(a) * l);
    ctx.strokeStyle = hsl(randomInt(0, 360), 65, rnd(35, 65), 0.7);
    ctx.lineWidth = rnd(1.5, 3.5);
    ctx.stroke();
  }

  // the glyphs: each with its own size, slant, rotation, offset and colour
  const colors: string[] = [];
  [...text].forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    const color = hsl(randomInt(0, 360), rnd(65, 95), rnd(62, 80));
    colors.push(color);
    const scale = rnd(10, 12.5);
    ctx.save();
    ctx.translate(34 + i * 56 + rnd(-6, 6), H / 2 + rnd(-8, 8));
    ctx.rotate(rnd(-0.38, 0.38));
    ctx.transform(1, 0, rnd(-0.35, 0.35), 1, 0, 0);
    ctx.beginPath();
    for (const stroke of strokes) {
      stroke.forEach(([x, y], j) => {
        const px = (x - 2 + rnd(-0.22, 0.22)) * scale * 0.8, py = (y - 3 + rnd(-0.22, 0.22)) * scale;
        if (j) ctx.lineTo(px, py);
        else ctx.moveTo(px, py);
      });
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = rnd(7.5, 9.5);
    ctx.stroke();
    ctx.restore();
  });
  // curves across the text in the glyphs' own colours, so colour alone does not separate them
  for (let i = 0; i < 2; i++) curve(ctx, colors[randomInt(0, colors.length)], rnd(2, 3.5));

  // warp: every pixel moved along two random sine waves
  const src = ctx.getImageData(0, 0, W, H);
  const out = ctx.createImageData(W, H);
  const ax = rnd(4, 7), fx = rnd(0.025, 0.045), px = rnd(0, Math.PI * 2);
  const ay = rnd(3, 6), fy = rnd(0.03, 0.06), py = rnd(0, Math.PI * 2);
  const s = src.data, o = out.data;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const sx = Math.round(x + ay * Math.sin(y * fy + py));
      const sy = Math.round(y + ax * Math.sin(x * fx + px));
      const di = (y * W + x) * 4;
      const cx = Math.min(W - 1, Math.max(0, sx)), cy = Math.min(H - 1, Math.max(0, sy));
      const si = (cy * W + cx) * 4;
      o[di] = s[si]; o[di + 1] = s[si + 1]; o[di + 2] = s[si + 2]; o[di + 3] = 255;
    }
  }
  // speckle noise over everything
  for (let n = 0; n < 600; n++) {
    const i = randomInt(0, W * H) * 4;
    const v = randomInt(0, 2) ? randomInt(150, 256) : randomInt(0, 90);
    o[i] = v; o[i + 1] = (v + randomInt(0, 60)) & 255; o[i + 2] = v;
  }
  ctx.putImageData(out, 0, 0);
  return canvas.toBuffer('image/png');
}

const answerHash = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest();

export function randomCaptchaText(): string {
  return Array.from({ length: LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');
}

/**
 * Where answers come from. Tests set a fixed one through `setCaptchaAnswerSource` (in process,
 * from the test harness), the browser journeys through CAPTCHA_TEST_ANSWER (config.ts, never on a
 * real deployment: the server warns at start). There is no HTTP route that reveals an answer.
 */
type AnswerSource = () => string;
const sources = new WeakMap<object, AnswerSource>();
export function setCaptchaAnswerSource(db: Db, source: AnswerSource | null) {
  if (source) sources.set(db, source);
  else sources.delete(db);
}

/** A new captcha for the brand: the PNG as a data URL and its id. */
export async function createCaptcha(db: Db, merchantId: number, answer?: string) {
  const text = (answer ?? sources.get(db)?.() ?? randomCaptchaText()).toUpperCase();
  const id = randomUUID();
  await db.insert(captchas).values({
    id, merchantId, answerHash: answerHash(id, text).toString('hex'), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  // now and then, drop captchas nobody answered
  if (randomInt(0, 50) === 0) await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  const drawable = [...text].every((c) => c in GLYPHS) ? text : randomCaptchaText();
  const image = `data:image/png;base64,${drawCaptcha(drawable).toString('base64')}`;
  return { image, captchaId: id, expiresInSeconds: CAPTCHA_TTL_MS / 1000 };
}

/** Consumes the captcha (right or wrong) and answers whether the answer matched in time. */
export async function checkCaptcha(db: Db, merchantId: number, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer) return false;
  const [row] = await db.delete(captchas).where(and(eq(captchas.id, id), eq(captchas.merchantId, merchantId))).returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return false;
  return timingSafeEqual(Buffer.from(row.answerHash, 'hex'), answerHash(id, answer));
}
