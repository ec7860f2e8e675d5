import { describe, expect, it } from 'vitest';
import type { kyc } from '@lobby/contract';
import { canSend, fileProblem, missingFor, unsentByKind } from './logic';

const doc = (id: string, kind: kyc.DocumentKind, status: kyc.DocumentView['status']): kyc.DocumentView =>
  ({ id, kind, status, contentType: 'image/png', size: 10, uploadedAt: '2026-01-01T00:00:00Z' });

describe('verification page logic', () => {
  it('takes the newest unsent document of each kind and names the missing required ones', () => {
    const docs = [doc('3', 'id_front', 'new'), doc('2', 'id_front', 'new'), doc('1', 'selfie', 'rejected')];
    expect(unsentByKind(docs).id_front?.id).toBe('3');
    expect(missingFor('identity', docs)).toEqual(['selfie']);
    expect(missingFor('identity', [...docs, doc('4', 'selfie', 'new')])).toEqual([]);
    expect(missingFor('address', docs)).toEqual(['address']);
  });

  it('sends a level that is not pending or verified; refuses other types and large files before reading', () => {
    expect(['none', 'pending', 'verified', 'rejected', 'expired'].filter((s) => canSend(s as kyc.Status))).toEqual(['none', 'rejected', 'expired']);
    expect(fileProblem({ type: 'image/gif', size: 1 })).toBe('type');
    expect(fileProblem({ type: 'application/pdf', size: 9 * 1024 * 1024 })).toBe('size');
    expect(fileProblem({ type: 'image/jpeg', size: 1024 })).toBeNull();
  });
});
