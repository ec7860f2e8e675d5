/** Helpers for the KYC tests: documents with metadata to strip, uploads, an identity made verified. Not loaded by the server. */
import { crc32 } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import type { Player } from '../../test/kits/cashier.ts';
import type { Op } from '../../test/kits/operator.ts';

export const SECRET_META = 'GPS 19.4326N 99.1332W Canon-EOS-SECRET';

function drawing(w = 64, h = 40) {
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#2a6'; g.fillRect(0, 0, w, h);
  g.fillStyle = '#fff'; g.fillRect(8, 8, w / 2, h / 3);
  return c;
}

/** A PNG carrying a tEXt chunk with SECRET_META before IEND. */
export async function pngWithMeta(): Promise<Buffer> {
  const png = await drawing().encode('png');
  const iend = png.length - 12;
  const data = Buffer.from(`Comment\0${SECRET_META}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** A JPEG with an EXIF APP1 segment holding SECRET_META right after SOI. */
export async function jpegWithMeta(): Promise<Buffer> {
  const jpg = await drawing().encode('jpeg', 90);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(SECRET_META, 'latin1')]);
  const seg = Buffer.alloc(4 + payload.length);
  seg.writeUInt16BE(0xffe1, 0);
  seg.writeUInt16BE(payload.length + 2, 2);
  payload.copy(seg, 4);
  return Buffer.concat([jpg.subarray(0, 2), seg, jpg.subarray(2)]);
}

/** A one-page PDF whose information dictionary names an author and title. */
export async function pdfWithMeta(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]).drawText('Utility bill', { x: 10, y: 50, size: 12 });
  doc.setAuthor(SECRET_META);
  doc.setTitle('Private title');
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export const b64 = (b: Buffer) => b.toString('base64');

let addr = 0;
/** Each member's calls from an address of its own (the per-address rate limits stay out of the way). */
const addressOf = (p: Player) => `10.${Number(p.id % 250n)}.${++addr % 250}.7`;

export async function uploadDoc(t: TestApp, p: Player, kind: string, file: Buffer) {
  return t.call({ method: 'POST', url: '/wps/kyc/documents', merchant: p.merchant, token: p.token, payload: { kind, file: b64(file) }, remoteAddress: addressOf(p) });
}

export async function submitLevel(t: TestApp, p: Player, body: Record<string, string>) {
  return t.call({ method: 'POST', url: '/wps/kyc/submit', merchant: p.merchant, token: p.token, payload: body, remoteAddress: addressOf(p) });
}

export async function statusOf(t: TestApp, p: Player) {
  const r = await t.call({ method: 'GET', url: '/wps/kyc/status', merchant: p.merchant, token: p.token });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as { levels: Array<{ level: string; status: string; reason: string | null }>; documents: Array<{ id: string; kind: string; status: string }>; requirements: Array<{ level: string; rule: string }> };
}

export const levelStatus = async (t: TestApp, p: Player, level: string) => (await statusOf(t, p)).levels.find((l) => l.level === level)?.status;

/** Uploads identity documents and sends the identity level; answers the pending check id (from the queue). */
export async function sendIdentity(t: TestApp, p: Player, op: Op, o: { fullName?: string; birthDate?: string } = {}) {
  expect((await uploadDoc(t, p, 'id_front', await pngWithMeta())).statusCode).toBe(200);
  expect((await uploadDoc(t, p, 'selfie', await jpegWithMeta())).statusCode).toBe(200);
  const r = await submitLevel(t, p, { level: 'identity', fullName: o.fullName ?? 'Ana Pérez', birthDate: o.birthDate ?? '1990-05-17' });
  expect(r.statusCode, r.body).toBe(200);
  return pendingCheckOf(t, p, op, 'identity');
}

export async function pendingCheckOf(t: TestApp, p: Player, op: Op, level: string): Promise<string> {
  // the queue is oldest first, a page at a time: the file's other tests may leave a page of pending checks before this one
  for (let page = 1; ; page++) {
    const q = await t.call({ method: 'GET', url: `/wps/ops/kyc/queue?status=pending&page=${page}`, merchant: p.merchant, headers: { 'x-operator-session': op.token } });
    expect(q.statusCode, q.body).toBe(200);
    const v = q.json().value as { list: Array<{ id: string; username: string; level: string }>; pageSize: number; total: number };
    const c = v.list.find((x) => x.username === p.username && x.level === level);
    if (c) return c.id;
    expect(page * v.pageSize < v.total, `no pending ${level} check of ${p.username}`).toBe(true);
  }
}

export function decideAs(t: TestApp, op: Op | null, body: Record<string, string>, merchant = 'demo', key?: string) {
  return t.call({ method: 'POST', url: '/wps/ops/kyc/decide', merchant, headers: op ? { 'x-operator-session': op.token } : key ? { 'x-operator-key': key } : {}, payload: body });
}

/** A member whose identity an operator verified (birth date given). */
export async function verifiedIdentity(t: TestApp, p: Player, op: Op, birthDate = '1990-05-17') {
  const id = await sendIdentity(t, p, op, { birthDate });
  const r = await decideAs(t, op, { checkId: id, decision: 'verify' }, p.merchant);
  expect(r.statusCode, r.body).toBe(200);
}
