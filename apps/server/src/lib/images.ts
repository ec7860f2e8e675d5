/**
 * Uploaded images: avatars (§7 `/wps/member/info/icon`), feedback and announcement art. The type comes from the first bytes, never from the
 * name or the declared type: PNG or JPEG only. The file is then rewritten structure by structure,
 * keeping only what draws the image: PNG chunks with a valid CRC (text, EXIF and unknown chunks
 * dropped, nothing after IEND), JPEG segments without APPn (EXIF, XMP…, except the JFIF header)
 * or comments, nothing after EOI. A file that does not parse is refused. It is served with its
 * own content type, `nosniff` and a sandboxing CSP, so even a crafted pixel stream is only an image.
 */
import { crc32 } from 'node:zlib';
import { memberProfile } from '@lobby/contract';
import { AppError } from '../plugins/errors.ts';

export type ImageType = 'image/png' | 'image/jpeg';
export interface CleanImage { type: ImageType; ext: 'png' | 'jpg'; data: Buffer; width: number; height: number }

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const { maxBytes, maxSide } = memberProfile.AVATAR_LIMITS;

/** The bytes of a base64 upload (a `data:<type>;base64,` prefix is allowed and ignored). */
export function decodeUpload(image: string): Buffer {
  const b64 = image.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) throw new AppError('member.avatar.invalid');
  // check the size before decoding: 4 base64 characters are 3 bytes
  if (Math.floor((b64.length * 3) / 4) - (b64.match(/=+$/)?.[0].length ?? 0) > maxBytes) throw tooLarge();
  return Buffer.from(b64, 'base64');
}

export const tooLarge = () => new AppError('member.avatar.too.large', { max: maxBytes / (1024 * 1024) });

export function sniff(buf: Buffer): ImageType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Checks and rewrites an avatar; throws member.avatar.type / .too.large / .invalid. */
export function cleanImage(buf: Buffer): CleanImage {
  if (buf.length > maxBytes) throw tooLarge();
  const type = sniff(buf);
  if (!type) throw new AppError('member.avatar.type');
  const out = type === 'image/png' ? cleanPng(buf) : cleanJpeg(buf);
  if (!out) throw new AppError('member.avatar.invalid');
  if (out.width < 1 || out.height < 1 || out.width > maxSide || out.height > maxSide) throw new AppError('member.avatar.invalid');
  return out;
}

/** Chunks that describe or draw the image; everything else (tEXt, iTXt, zTXt, eXIf, private) goes. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'pHYs', 'sBIT', 'bKGD']);

function cleanPng(buf: Buffer): CleanImage | null {
  const parts: Buffer[] = [PNG_MAGIC];
  let pos = 8;
  let width = 0;
  let height = 0;
  let idat = false;
  let first = true;
  while (pos + 12 <= buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + len;
    if (len > 0x7fffffff || end > buf.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    const crc = buf.readUInt32BE(end - 4);
    if (crc32(buf.subarray(pos + 4, end - 4)) !== crc) return null;
    if (first) {
      if (type !== 'IHDR' || len !== 13) return null;
      width = buf.readUInt32BE(pos + 8);
      height = buf.readUInt32BE(pos + 12);
      first = false;
    }
    if (type === 'IDAT') idat = true;
    if (PNG_KEEP.has(type)) parts.push(buf.subarray(pos, end));
    pos = end;
    if (type === 'IEND') {
      return idat ? { type: 'image/png', ext: 'png', data: Buffer.concat(parts), width, height } : null;
    }
  }
  return null; // no IEND
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function cleanJpeg(buf: Buffer): CleanImage | null {
  const parts: Buffer[] = [buf.subarray(0, 2)];
  let pos = 2;
  let width = 0;
  let height = 0;
  let scanned = false;
  while (pos + 2 <= buf.length) {
    if (buf[pos] !== 0xff) return null;
    const marker = buf[pos + 1];
    if (marker === 0xff) { pos += 1; continue; } // fill byte
    if (marker === 0xd9) {
      if (!scanned || !width) return null;
      parts.push(buf.subarray(pos, pos + 2));
      return { type: 'image/jpeg', ext: 'jpg', data: Buffer.concat(parts), width, height };
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return null;
    if (pos + 4 > buf.length) return null;
    const len = buf.readUInt16BE(pos + 2);
    const end = pos + 2 + len;
    if (len < 2 || end > buf.length) return null;
    if (SOF.has(marker)) {
      if (len < 8) return null;
      height = buf.readUInt16BE(pos + 5);
      width = buf.readUInt16BE(pos + 7);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const jfif = marker === 0xe0 && buf.toString('latin1', pos + 4, pos + 9) === 'JFIF\0';
    if ((!isApp || jfif) && marker !== 0xfe) parts.push(buf.subarray(pos, end));
    pos = end;
    if (marker === 0xda) {
      // entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart
      const start = pos;
      while (pos + 1 < buf.length && !(buf[pos] === 0xff && buf[pos + 1] !== 0x00 && !(buf[pos + 1] >= 0xd0 && buf[pos + 1] <= 0xd7))) pos++;
      if (pos + 1 >= buf.length) return null;
      parts.push(buf.subarray(start, pos));
      scanned = true;
    }
  }
  return null;
}
