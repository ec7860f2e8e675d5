/** Uploading and reading KYC documents (files: files.ts). */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { kyc } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { kycDocuments } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { AppError } from '../../plugins/errors.ts';
import { cleanDocument, decodeDocument, readFile, sha256, storeFile, storeRoot } from './files.ts';

export type DocumentRow = typeof kycDocuments.$inferSelect;

/** Documents a member may keep unsent at once (a re-upload of a kind replaces the older one in a check). */
const MAX_NEW = 12;

export const documentView = (d: DocumentRow): kyc.DocumentView => ({
  id: String(d.id), kind: d.kind, contentType: d.contentType, size: d.size, status: d.status, uploadedAt: d.uploadedAt.toISOString(),
});

export const rootOf = (app: FastifyInstance) => storeRoot(app.config.DATA_DIR);

export async function upload(app: FastifyInstance, brand: Brand, p: Principal, body: { kind: kyc.DocumentKind; file: string }): Promise<kyc.DocumentView> {
  requireRealAccount(p);
  const clean = await cleanDocument(decodeDocument(body.file));
  const unsent = await app.db.select({ id: kycDocuments.id }).from(kycDocuments)
    .where(and(eq(kycDocuments.memberId, p.member.id), eq(kycDocuments.status, 'new')));
  if (unsent.length >= MAX_NEW) throw new AppError('request.too.many');
  const file = await storeFile(rootOf(app), brand.id, clean);
  const [row] = await app.db.insert(kycDocuments).values({
    merchantId: brand.id, memberId: p.member.id, kind: body.kind, contentType: clean.type, size: clean.data.length, file, sha256: sha256(clean.data),
  }).returning();
  return documentView(row);
}

export async function documentsOf(db: Db | Tx, merchantId: number, memberId: bigint): Promise<DocumentRow[]> {
  return db.select().from(kycDocuments).where(and(eq(kycDocuments.merchantId, merchantId), eq(kycDocuments.memberId, memberId)))
    .orderBy(desc(kycDocuments.uploadedAt), desc(kycDocuments.id));
}

/**
 * A document's bytes for its own member (memberId given) or for an operator of the brand
 * (memberId null: the route checked people.view on this brand). Anyone else: not found.
 */
export async function documentFile(app: FastifyInstance, merchantId: number, id: string, memberId: bigint | null) {
  if (!/^\d{1,18}$/.test(id)) return null;
  const [d] = await app.db.select().from(kycDocuments).where(and(eq(kycDocuments.id, BigInt(id)), eq(kycDocuments.merchantId, merchantId)));
  if (!d || (memberId !== null && d.memberId !== memberId)) return null;
  const data = await readFile(rootOf(app), d.file);
  return data ? { data, contentType: d.contentType, kind: d.kind } : null;
}

/** A stored document: its own type, never sniffed, never run; PDFs download. */
export function sendDocument(reply: FastifyReply, doc: { data: Buffer; contentType: string; kind: string }) {
  const ext = doc.contentType === 'application/pdf' ? 'pdf' : doc.contentType === 'image/png' ? 'png' : 'jpg';
  return reply
    .type(doc.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', `${ext === 'pdf' ? 'attachment' : 'inline'}; filename="${doc.kind}.${ext}"`)
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'private, no-store')
    .send(doc.data);
}
