/** KYC hooks built from the contract: my verification status, upload a document, send a level. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kyc, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';

export const kycKeys = { status: ['kyc', 'status'] as const };

export function useKycStatus() {
  return useQuery({ queryKey: kycKeys.status, queryFn: ({ signal }) => call(kyc.status, { signal }) });
}

export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof kyc.upload>) => call(kyc.upload, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: kycKeys.status }),
  });
}

export function useSubmitLevel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof kyc.submit>) => call(kyc.submit, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: kycKeys.status }),
  });
}
