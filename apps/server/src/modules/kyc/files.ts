/**
 * KYC document files: the type from the first bytes (PNG, JPEG or PDF; never the name or the
 * declared type), at most kyc.DOCUMENT_MAX_BYTES, then rewritten so nothing but the content is
 * kept. Images are decoded and encoded again (skia through @napi-rs/canvas): EXIF (GPS, camera),
 * XMP, ICC comments, text chunks and trailing bytes cannot survive, and the longest side is
 * capped. A PDF is parsed (pdf-lib) and saved again without its information dictionary, XMP
 * metadata, scripts, open actions and embedded files; an encrypted or broken one is refused.
 * The files live under `<DATA_DIR>/kyc/<merchant>/` (outside the web root), named by a random id.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, PDFName } from 'pdf-lib';
import { kyc } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import { decryptFile, encryptFile } from './vault.ts';

export type DocumentType = (typeof kyc.DOCUMENT_TYPES)[number];
export interface CleanDocument { type: DocumentType; ext: 'png' | 'jpg' | 'pdf'; data: Buffer }

const MB = 1024 * 1024;
/** Longest side of a stored image: enough to read a document, small enough to keep. */
const MAX_SIDE = 2400;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const tooLarge = () => new AppError('kyc.document.too.large', { max: kyc.DOCUMENT_MAX_BYTES / MB });

/** The bytes of a base64 upload (a `data:<type>;base64,` prefix is allowed and ignored); the size is checked before decoding. */
export function decodeDocument(file: string): Buffer {
  const b64 = file.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) throw new AppError('kyc.document.invalid');
  if (Math.floor((b64.length * 3) / 4) - (b64.match(/=+$/)?.[0].length ?? 0) > kyc.DOCUMENT_MAX_BYTES) throw tooLarge();
  return Buffer.from(b64, 'base64');
}

export function sniffDocument(buf: Buffer): DocumentType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

async function reencodeImage(buf: Buffer, type: 'image/png' | 'image/jpeg'): Promise<CleanDocument> {
  let img: Awaited<ReturnType<typeof loadImage>>;
  try {
    img = await loadImage(buf);
  } catch {
    throw new AppError('kyc.document.invalid');
  }
  if (!img.width || !img.height || img.width > 20_000 || img.height > 20_000) throw new AppError('kyc.document.invalid');
  const scale = Math.min(1, MAX_SIDE / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const canvas = createCanvas(w, h);
  canvas.getContext('2d').drawImage(img, 0, 0, w, h);
  return type === 'image/png'
    ? { type, ext: 'png', data: await canvas.encode('png') }
    : { type, ext: 'jpg', data: await canvas.encode('jpeg', 88) };
}

/** Catalog entries that run or carry something besides the pages. */
const PDF_CATALOG_DROP = ['Metadata', 'OpenAction', 'AA', 'Names', 'AcroForm', 'JavaScript', 'PieceInfo'];

async function cleanPdf(buf: Buffer): Promise<CleanDocument> {
  let doc: PDFDocument;
  let pages = 0;
  try {
    doc = await PDFDocument.load(buf, { updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    throw new AppError('kyc.document.invalid');
  }
  if (pages < 1 || pages > 50) throw new AppError('kyc.document.invalid');
  for (const key of PDF_CATALOG_DROP) doc.catalog.delete(PDFName.of(key));
  for (const page of doc.getPages()) {
    page.node.delete(PDFName.of('Metadata'));
    page.node.delete(PDFName.of('AA'));
    page.node.delete(PDFName.of('PieceInfo'));
  }
  // the document information dictionary (author, producer, dates…) goes from the trailer
  doc.context.trailerInfo.Info = undefined;
  let data: Buffer;
  try {
    data = Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
  } catch {
    throw new AppError('kyc.document.invalid');
  }
  if (data.length > kyc.DOCUMENT_MAX_BYTES) throw tooLarge();
  return { type: 'application/pdf', ext: 'pdf', data };
}

/** Checks and rewrites one upload; throws kyc.document.type / .too.large / .invalid. */
export async function cleanDocument(buf: Buffer): Promise<CleanDocument> {
  if (buf.length > kyc.DOCUMENT_MAX_BYTES) throw tooLarge();
  const type = sniffDocument(buf);
  if (!type) throw new AppError('kyc.document.type');
  return type === 'application/pdf' ? cleanPdf(buf) : reencodeImage(buf, type);
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Where the brand's documents live: `<DATA_DIR>/kyc`. */
export const storeRoot = (dataDir: string) => path.resolve(dataDir, 'kyc');

/** Writes a cleaned file encrypted (vault.ts; mode 0600) and answers its name relative to the store root. */
export async function storeFile(root: string, merchantId: number, doc: CleanDocument): Promise<string> {
  const rel = `${merchantId}/${randomBytes(16).toString('hex')}.${doc.ext}`;
  const full = path.join(root, rel);
  await fs.mkdir(path.dirname(full), { recursive: true, mode: 0o700 });
  await fs.writeFile(full, encryptFile(doc.data), { mode: 0o600, flag: 'wx' });
  return rel;
}

/** Reads a stored file back, decrypted; the name must be one storeFile made (no path walking). */
export async function readFile(root: string, rel: string): Promise<Buffer | null> {
  if (!/^\d{1,9}\/[0-9a-f]{32}\.(png|jpg|pdf)$/.test(rel)) return null;
  let stored: Buffer;
  try {
    stored = await fs.readFile(path.join(root, rel));
  } catch {
    return null;
  }
  return decryptFile(stored);
}
