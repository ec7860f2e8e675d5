/**
 * Feedback images: the same checks as avatars (lib/images.ts): the type from the first bytes
 * (png or jpg only, never the name or declared type), size ≤ 5 MB, the file rewritten without
 * metadata (text, EXIF, XMP, comments, trailing bytes). Errors carry the feedback codes.
 */
import { randomBytes } from 'node:crypto';
import { feedback as contract } from '@lobby/contract';
import { cleanImage, type CleanImage } from '../../lib/images.ts';
import { AppError } from '../../plugins/errors.ts';

const MB = 1024 * 1024;
export const imageTooLarge = () => new AppError('feedback.image.too.large', { max: contract.IMAGE_MAX_BYTES / MB });

/** The bytes of one base64 upload (a `data:<type>;base64,` prefix is allowed and ignored). */
export function decodeImage(image: string): Buffer {
  const b64 = image.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) throw new AppError('feedback.image.invalid');
  // the size before decoding: 4 base64 characters are 3 bytes
  if (Math.floor((b64.length * 3) / 4) - (b64.match(/=+$/)?.[0].length ?? 0) > contract.IMAGE_MAX_BYTES) throw imageTooLarge();
  return Buffer.from(b64, 'base64');
}

const MAPPED: Record<string, () => AppError> = {
  'member.avatar.type': () => new AppError('feedback.image.type'),
  'member.avatar.too.large': imageTooLarge,
  'member.avatar.invalid': () => new AppError('feedback.image.invalid'),
};

/** Checks and rewrites one image; throws feedback.image.type / .too.large / .invalid. */
export function cleanFeedbackImage(image: string): CleanImage {
  const buf = decodeImage(image);
  if (buf.length > contract.IMAGE_MAX_BYTES) throw imageTooLarge();
  try {
    return cleanImage(buf);
  } catch (err) {
    const map = err instanceof AppError ? MAPPED[err.code] : undefined;
    throw map ? map() : err;
  }
}

/** A random file id (128 bits): the image's address is unguessable. */
export const newImageId = () => randomBytes(16).toString('hex');

export const imageUrl = (id: string, type: string) => `${contract.IMAGE_PATH}/${id}.${type === 'image/png' ? 'png' : 'jpg'}`;

/** `<32 hex>.png|jpg` → the id and the type its extension names; anything else null. */
export function parseImageFile(file: string): { id: string; type: 'image/png' | 'image/jpeg' } | null {
  const m = /^([0-9a-f]{32})\.(png|jpg)$/.exec(file);
  return m ? { id: m[1], type: m[2] === 'png' ? 'image/png' : 'image/jpeg' } : null;
}
